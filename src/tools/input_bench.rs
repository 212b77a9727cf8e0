//! `flagfall bench-inputs CASE`: the time and memory the worst inputs of
//! two-device play cost (issue 17): pictures at and past the size limits,
//! the longest pasted text. Run each case in its own process: the peak
//! memory reported is the process's (Linux `VmHWM`, reset once the input is
//! made), beside what it held before reading (the input itself included).

use crate::link::codes::qr_image::{MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, make_qr, read_codes};
use crate::link::{Envelope, MAX_PASTED_BYTES, TEXT_PREFIX};
use image::{ImageEncoder, codecs::png::PngEncoder};
use std::process::ExitCode;
use std::time::Instant;

/// The cases, by name, with what each feeds the app.
pub const CASES: [(&str, &str); 9] = [
    (
        "huge-header",
        "a PNG declaring 16380 x 16380 pixels (the review's 550 KB file)",
    ),
    (
        "inflating-profile",
        "a 1 x 1 PNG whose colour profile (iCCP) inflates to 1 GiB (issue 65)",
    ),
    (
        "inflating-text",
        "a 1 x 1 PNG whose compressed text (zTXt) inflates to 1 GiB",
    ),
    (
        "largest-picture",
        "a 4096 x 3072 colour picture of noise round a code: the most pixels read",
    ),
    (
        "widest-picture",
        "an 8192 x 1536 colour picture of noise round a code: the widest read",
    ),
    (
        "finder-lattice",
        "an 800 x 800 PNG of 400 finder patterns (issue 46): held the old reader 398 s",
    ),
    (
        "longest-paste",
        "256 KB of code characters pasted: the longest text read",
    ),
    (
        "slowest-code",
        "every code of long random classic games: the slowest read (the end check)",
    ),
    (
        "heaviest-data-folder",
        "every kind of document just under its cap, of tiny strings, and past it (issue 77)",
    ),
];

/// One case's result.
pub struct InputCost {
    pub input_bytes: usize,
    pub millis: f64,
    /// The process's resident memory before the case ran, and its peak.
    pub rss_before_mb: f64,
    pub peak_mb: f64,
    /// What the app made of the input.
    pub outcome: String,
}

/// Runs one case; an unknown name says which exist.
pub fn run(case: &str, keep: Option<&std::path::Path>) -> Result<InputCost, String> {
    if case == "slowest-code" {
        return slowest_code();
    }
    if case == "heaviest-data-folder" {
        return heaviest_data_folder(keep);
    }
    let input = match case {
        "huge-header" => huge_header_png(16_380, 16_380),
        "inflating-profile" => inflating_chunk_png(b"iCCP", b"profile\0\0"),
        "inflating-text" => inflating_chunk_png(b"zTXt", b"Comment\0\0"),
        "largest-picture" => noisy_code_png(4_096, 3_072, 12)?,
        "widest-picture" => noisy_code_png(MAX_PICTURE_SIDE, 1_536, 24)?,
        "finder-lattice" => finder_lattice_png(20)?,
        "longest-paste" => longest_paste().into_bytes(),
        other => {
            let names: Vec<&str> = CASES.iter().map(|c| c.0).collect();
            return Err(format!(
                "unknown case \"{other}\"; the cases are {}",
                names.join(", ")
            ));
        }
    };
    // The peak so far is making the input: start it again from here
    // (Linux: "5" to clear_refs resets VmHWM).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let rss_before_mb = memory_mb("VmRSS:");
    let started = Instant::now();
    let outcome = if case == "longest-paste" {
        match Envelope::from_text(&String::from_utf8_lossy(&input)) {
            Ok(_) => "read as a code".to_string(),
            Err(e) => format!("refused: {e}"),
        }
    } else {
        match read_codes(&input) {
            Ok(texts) => format!("{} code(s) found", texts.len()),
            Err(e) => format!("refused: {e}"),
        }
    };
    Ok(InputCost {
        input_bytes: input.len(),
        millis: started.elapsed().as_secs_f64() * 1000.0,
        rss_before_mb,
        peak_mb: memory_mb("VmHWM:"),
        outcome,
    })
}

/// A 1 x 1 PNG whose header declares `width` x `height`: the file is tiny,
/// the picture it claims enormous.
fn huge_header_png(width: u32, height: u32) -> Vec<u8> {
    let mut png = Vec::new();
    let _ = PngEncoder::new(&mut png).write_image(&[0], 1, 1, image::ExtendedColorType::L8);
    // IHDR: length (4), "IHDR" (4), width (4), height (4), ... then its CRC.
    let ihdr = 8;
    png[ihdr + 8..ihdr + 12].copy_from_slice(&width.to_be_bytes());
    png[ihdr + 12..ihdr + 16].copy_from_slice(&height.to_be_bytes());
    let crc = crc32fast::hash(&png[ihdr + 4..ihdr + 8 + 13]);
    png[ihdr + 21..ihdr + 25].copy_from_slice(&crc.to_be_bytes());
    png
}

/// A 1 x 1 PNG with an ancillary chunk `kind` (`head`, then zlib data)
/// whose zlib data inflates to 1 GiB of zeros: a megabyte of file that a
/// reader which inflates every chunk pays a gigabyte for.
pub fn inflating_chunk_png(kind: &[u8; 4], head: &[u8]) -> Vec<u8> {
    let mut data = head.to_vec();
    data.extend(zlib_zeros(1024));
    let mut png = Vec::new();
    let _ = PngEncoder::new(&mut png).write_image(&[0], 1, 1, image::ExtendedColorType::L8);
    // The chunk goes right after IHDR (8 bytes of signature, 25 of IHDR).
    let mut chunk = Vec::with_capacity(data.len() + 12);
    chunk.extend_from_slice(&(data.len() as u32).to_be_bytes());
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(&data);
    let crc = crc32fast::hash(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    png.splice(33..33, chunk);
    png
}

/// A zlib stream of `mib` MiB of zeros, made without compressing them all:
/// one MiB as deflate blocks ending on a byte (a sync flush), repeated (its
/// back-references stay within it), then a final empty block and the
/// Adler-32 of that many zeros.
fn zlib_zeros(mib: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let deflate = |input: &[u8], flush: FlushCompress| {
        let mut out = Vec::with_capacity(input.len() / 500 + 64);
        let mut compress = Compress::new(Compression::best(), false);
        let _ = compress.compress_vec(input, &mut out, flush);
        out
    };
    let mebibyte = deflate(&vec![0u8; 1 << 20], FlushCompress::Sync);
    let mut stream = vec![0x78, 0xda];
    for _ in 0..mib {
        stream.extend_from_slice(&mebibyte);
    }
    stream.extend(deflate(&[], FlushCompress::Finish));
    let zeros = (mib as u64) << 20;
    let adler = ((zeros % 65_521) << 16) | 1;
    stream.extend_from_slice(&(adler as u32).to_be_bytes());
    stream
}

/// `finder_lattice(n)` as an 8-bit grey PNG.
fn finder_lattice_png(n: u32) -> Result<Vec<u8>, String> {
    let (side, grey) = crate::link::codes::finder_lattice::finder_lattice(n);
    let mut png = Vec::new();
    PngEncoder::new(&mut png)
        .write_image(&grey, side, side, image::ExtendedColorType::L8)
        .map_err(|e| e.to_string())?;
    Ok(png)
}

/// Colour noise (which does not compress, so decoding does the most work)
/// with a real code in the middle, `scale` pixels a module, as PNG.
fn noisy_code_png(width: u32, height: u32, scale: u32) -> Result<Vec<u8>, String> {
    let (w, h) = (width as usize, height as usize);
    let mut state = 0x9e37_79b9_u32;
    let mut pixels: Vec<u8> = (0..w * h * 3)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 24) as u8
        })
        .collect();
    let text = format!("{TEXT_PREFIX}{}", "0".repeat(200));
    let qr = make_qr(&text).map_err(|e| e.to_string())?;
    let (side, _, code) = qr.to_luma(scale);
    let side = (side as usize).min(w).min(h);
    let (left, top) = ((w - side) / 2, (h - side) / 2);
    for (y, row) in code
        .chunks_exact(qr.to_luma(scale).0 as usize)
        .take(side)
        .enumerate()
    {
        for (x, &luma) in row.iter().take(side).enumerate() {
            let at = ((top + y) * w + left + x) * 3;
            pixels[at..at + 3].fill(luma);
        }
    }
    let mut png = Vec::new();
    PngEncoder::new(&mut png)
        .write_image(&pixels, width, height, image::ExtendedColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    debug_assert!(u64::from(width) * u64::from(height) * 4 <= MAX_PICTURE_BYTES);
    Ok(png)
}

/// The longest text the codes screen reads: the prefix and code characters
/// up to the limit.
fn longest_paste() -> String {
    // Whole groups of three characters, so every byte is decoded before the
    // checksum is looked at.
    let room = (MAX_PASTED_BYTES - TEXT_PREFIX.len()) / 3 * 3;
    let body: String = "ABCDEFGHI".chars().cycle().take(room).collect();
    format!("{TEXT_PREFIX}{body}")
}

/// A figure from /proc/self/status in MB (0 where there is none).
fn memory_mb(field: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Plays random classic games between two devices and times every code
/// read; the slowest is the end check, which replays the whole game.
fn slowest_code() -> Result<InputCost, String> {
    use crate::ai::{Level, choose};
    use crate::core::options::GameOptions;
    use crate::core::side::Side;
    use crate::link::LinkStatus;
    use crate::link::selfplay::{Pair, start_pair};
    use rand::SeedableRng;
    let variant = crate::core::variant::builtin_variant("classic").ok_or("no classic")?;
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let rss_before_mb = memory_mb("VmRSS:");
    let (mut slowest, mut slowest_bytes, mut plies_then) = (0.0f64, 0, 0);
    for seed in 0..4u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut courier = |_: usize, _: Side, text: &str| {
            Ok::<_, crate::link::selfplay::CarryError>(text.to_string())
        };
        let Pair {
            mut devices,
            mut carried,
            ..
        } = start_pair(
            &variant,
            GameOptions::defaults(&variant),
            Side::Red,
            &mut rng,
            &mut courier,
        )
        .map_err(|e| e.to_string())?;
        for ply in 0..20_000u64 {
            for i in [0, 1, 0, 1, 0, 1] {
                let Some(text) = devices[i].last_code().map(str::to_string) else {
                    continue;
                };
                if carried[i].as_deref() == Some(text.as_str()) {
                    continue;
                }
                let started = Instant::now();
                devices[1 - i].read(&text).map_err(|e| e.to_string())?;
                let millis = started.elapsed().as_secs_f64() * 1000.0;
                if millis > slowest {
                    (slowest, slowest_bytes) = (millis, text.len());
                    plies_then = devices[1 - i].plies().len();
                }
                carried[i] = Some(text);
            }
            let Some(mover) = devices
                .iter()
                .position(|d| d.status() == LinkStatus::YourTurn)
            else {
                break;
            };
            let view = devices[mover].view().ok_or("no view")?;
            let action = choose(Level::Random, &view, seed ^ ply).ok_or("no action")?;
            devices[mover].play(action).map_err(|e| e.to_string())?;
        }
    }
    Ok(InputCost {
        input_bytes: slowest_bytes,
        millis: slowest,
        rss_before_mb,
        peak_mb: memory_mb("VmHWM:"),
        outcome: format!("the slowest code read came after {plies_then} plies"),
    })
}

/// The arguments of `flagfall bench-inputs`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// One of the cases `--list` names (huge-header, inflating-profile, largest-picture, ...).
    pub case: Option<String>,
    #[arg(long)]
    pub list: bool,
    /// heaviest-data-folder: only write the folder, here, to start the app
    /// on it (`flagfall --data-dir DIR screenshot --screen home`); reading
    /// it sets its documents aside.
    #[arg(long)]
    pub keep: Option<std::path::PathBuf>,
}

/// `flagfall bench-inputs`: runs the case asked for and prints its cost,
/// or lists the cases when none is asked for (or `--list` is).
pub fn run_command(args: Args) -> ExitCode {
    let Some(case) = args.case.filter(|_| !args.list) else {
        for (name, what) in CASES {
            println!("{name}\t{what}");
        }
        return ExitCode::SUCCESS;
    };
    match run(&case, args.keep.as_deref()) {
        Ok(cost) => {
            println!(
                "{case}: {} bytes in, {:.1} ms, peak {:.1} MB (resident before: {:.1} MB): {}",
                cost.input_bytes, cost.millis, cost.peak_mb, cost.rss_before_mb, cost.outcome
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bench-inputs: {e}");
            ExitCode::from(2)
        }
    }
}

/// The heaviest data folder, written to a folder of its own and read as
/// the app reads it at the start (`data_folder_bench`).
fn heaviest_data_folder(keep: Option<&std::path::Path>) -> Result<InputCost, String> {
    let dir = keep.map_or_else(
        || std::env::temp_dir().join(format!("flagfall-heaviest-{}", std::process::id())),
        std::path::Path::to_path_buf,
    );
    let _ = std::fs::remove_dir_all(&dir);
    let bytes = super::data_folder_bench::write_heaviest_folder(&dir).map_err(|e| e.to_string())?;
    if keep.is_some() {
        return Ok(InputCost {
            input_bytes: bytes as usize,
            millis: 0.0,
            rss_before_mb: 0.0,
            peak_mb: memory_mb("VmHWM:"),
            outcome: format!("written to {}", dir.display()),
        });
    }
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let rss_before_mb = memory_mb("VmRSS:");
    let started = Instant::now();
    let outcome = super::data_folder_bench::read_as_at_start(&dir);
    let cost = InputCost {
        input_bytes: bytes as usize,
        millis: started.elapsed().as_secs_f64() * 1000.0,
        rss_before_mb,
        peak_mb: memory_mb("VmHWM:"),
        outcome,
    };
    let _ = std::fs::remove_dir_all(&dir);
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zeros_stream_inflates_to_its_zeros_and_checks() {
        use std::io::Read;
        let mut inflated = Vec::new();
        flate2::read::ZlibDecoder::new(zlib_zeros(3).as_slice())
            .read_to_end(&mut inflated)
            .unwrap();
        assert_eq!(inflated.len(), 3 << 20);
        assert!(inflated.iter().all(|&b| b == 0));
    }
}
