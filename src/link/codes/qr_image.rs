//! Making QR codes (as module grids, greyscale pixels or PNG) and reading
//! them back from image files or greyscale pixels.

use std::panic::{AssertUnwindSafe, catch_unwind};

use qrcode::bits::Bits;
use qrcode::{EcLevel, QrCode, Version};
use thiserror::Error;

/// Light modules around the code; the QR specification asks for 4.
const QUIET_ZONE: usize = 4;
/// Larger scales only make huge images (and could overflow the pixel count).
const MAX_SCALE: u32 = 32;
/// No QR code holds more characters than this (numeric mode, version 40-L),
/// so longer texts are rejected before trying any version.
const MAX_QR_CHARS: usize = 7089;
/// Images with a longer side are shrunk by an integer factor before scanning.
const MAX_SCAN_SIDE: usize = 2000;

/// Why a text cannot be made into a QR code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QrError {
    TooLong { len: usize },
    Encoder(qrcode::types::QrError),
}

impl std::fmt::Display for QrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            QrError::TooLong { len } => {
                crate::tr!("the text is too long for any QR code ({} bytes)", len)
            }
            QrError::Encoder(e) => crate::tr!("the QR encoder failed: {}", e),
        };
        f.write_str(&text)
    }
}

/// Why no text could be read from an image file (shown to the player; the
/// reasons held are already in the player's language).
#[derive(Debug, Error)]
pub enum ReadError {
    NotAnImage(#[from] image::ImageError),
    NoCode,
    Undecodable(Undecodable),
    TooBig(String),
}

/// Why a QR code that was found could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Undecodable {
    /// Its size or version cannot be read.
    SizeOrVersion,
    /// The decoder stopped on it (a panic caught).
    DecoderCrashed,
    /// More modules are damaged than its error correction mends.
    TooDamaged,
    /// Its format information is damaged.
    FormatDamaged,
    /// It uses a data mode the decoder does not read.
    UnsupportedMode,
    /// Its data is malformed, in the decoder's words.
    Malformed(String),
    /// What it holds is not UTF-8 text.
    NotText,
}

impl std::fmt::Display for Undecodable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            Undecodable::SizeOrVersion => crate::tr!("its size or version is unreadable"),
            Undecodable::DecoderCrashed => crate::tr!("the decoder crashed"),
            Undecodable::TooDamaged => crate::tr!("too many damaged modules to correct"),
            Undecodable::FormatDamaged => crate::tr!("its format information is damaged"),
            Undecodable::UnsupportedMode => crate::tr!("it uses an unsupported data mode"),
            Undecodable::Malformed(why) => crate::tr!("its data is malformed ({})", why),
            Undecodable::NotText => crate::tr!("its content is not UTF-8 text"),
        })
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            ReadError::NotAnImage(e) => crate::tr!("not an image we can read: {}", e),
            ReadError::NoCode => crate::tr!("no QR code found in the image"),
            ReadError::Undecodable(why) => {
                crate::tr!("a QR code was found but could not be decoded: {}", why)
            }
            ReadError::TooBig(why) => return f.write_str(why),
        };
        f.write_str(&text)
    }
}

/// A QR code's modules, without the quiet zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrImage {
    version: u8,
    width: usize,
    /// Row-major, `width * width` entries, `true` for dark.
    dark: Vec<bool>,
}

impl QrImage {
    /// The QR version, 1..=40.
    pub fn version(&self) -> u8 {
        self.version
    }

    /// Modules per side, without the quiet zone.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the module at column `x`, row `y` is dark; outside is light.
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.width && self.dark[y * self.width + x]
    }

    /// Greyscale pixels (0 = black, 255 = white), `scale` pixels per module
    /// (clamped to 1..=32), a 4-module quiet zone. Returns (width, height, pixels).
    pub fn to_luma(&self, scale: u32) -> (u32, u32, Vec<u8>) {
        let scale = scale.clamp(1, MAX_SCALE) as usize;
        let side = (self.width + 2 * QUIET_ZONE) * scale;
        let mut pixels = vec![255u8; side * side];
        for (y, row) in pixels.chunks_exact_mut(side).enumerate() {
            let my = (y / scale).wrapping_sub(QUIET_ZONE);
            for (x, pixel) in row.iter_mut().enumerate() {
                // Quiet-zone coordinates wrap to huge values, which is_dark treats as light.
                if self.is_dark((x / scale).wrapping_sub(QUIET_ZONE), my) {
                    *pixel = 0;
                }
            }
        }
        // At most (177 + 8) * 32 pixels per side, so this fits in u32.
        (side as u32, side as u32, pixels)
    }

    /// An 8-bit greyscale PNG of [`Self::to_luma`].
    pub fn to_png(&self, scale: u32) -> Vec<u8> {
        let (width, height, pixels) = self.to_luma(scale);
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        // The "up" filter and fdeflate: quick, and small enough for two-tone pictures.
        encoder.set_compression(png::Compression::Fastest);
        // Writing valid dimensions and a matching buffer to memory cannot fail.
        let mut writer = encoder.write_header().expect("PNG header for a valid size");
        writer
            .write_image_data(&pixels)
            .expect("PNG data of the right length");
        writer.finish().expect("finishing an in-memory PNG");
        out
    }
}

/// The smallest QR code holding `text` at error-correction level M, as one
/// segment: alphanumeric mode if `text` is only QR alphanumeric characters
/// (0-9 A-Z space $ % * + - . / :), otherwise byte mode (UTF-8).
pub fn make_qr(text: &str) -> Result<QrImage, QrError> {
    if text.len() > MAX_QR_CHARS {
        return Err(QrError::TooLong { len: text.len() });
    }
    let code = QrCode::with_bits(smallest_bits(text)?, EcLevel::M).map_err(QrError::Encoder)?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == qrcode::Color::Dark)
        .collect();
    Ok(QrImage {
        // Only normal (not micro) codes are made, whose width is 17 + 4 * version.
        version: ((width - 17) / 4) as u8,
        width,
        dark,
    })
}

/// The data bits in the smallest version that holds them. One segment, not
/// the qrcode crate's own segmentation: that may store UTF-8 byte pairs that
/// look like Shift JIS in kanji mode, which phone readers turn into other
/// characters, and one mode keeps sizes predictable (154 alphanumeric
/// characters fit version 6-M).
fn smallest_bits(text: &str) -> Result<Bits, QrError> {
    let data = text.as_bytes();
    let alphanumeric = data.iter().all(|&b| is_alphanumeric(b));
    for version in 1..=40 {
        let mut bits = Bits::new(Version::Normal(version));
        let pushed = if alphanumeric {
            bits.push_alphanumeric_data(data)
        } else {
            bits.push_byte_data(data)
        };
        // Either step fails with DataTooLong when this version is too small.
        if pushed.is_ok() && bits.push_terminator(EcLevel::M).is_ok() {
            return Ok(bits);
        }
    }
    Err(QrError::TooLong { len: text.len() })
}

fn is_alphanumeric(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'A'..=b'Z' | b' ' | b'$' | b'%' | b'*' | b'+' | b'-' | b'.' | b'/' | b':')
}

/// Every QR code found in an image file's bytes (PNG or JPEG, any colour type
/// or bit depth), as text, in the order found. Images over 2000 pixels on a
/// side are scanned shrunk, so a code should span a fair part of a photo.
pub fn read_codes(file_bytes: &[u8]) -> Result<Vec<String>, ReadError> {
    if let Some(problem) = too_big(file_bytes) {
        return Err(ReadError::TooBig(problem));
    }
    // The decoders are fuzzed, but a crafted file must not take the app down;
    // its size is bounded before anything is decoded.
    let image = catch_unwind(|| decode_bounded(file_bytes)).unwrap_or_else(|_| {
        Err(image::ImageError::Decoding(
            image::error::DecodingError::new(
                image::error::ImageFormatHint::Unknown,
                crate::tr!("the image decoder crashed"),
            ),
        ))
    })?;
    let (width, height) = (image.width(), image.height());
    // Each conversion takes the decoded picture, so it is freed before the
    // search: at most the picture and its grey copy are held at once.
    let pixels = if image.color().has_alpha() {
        // Transparent pixels are often black with alpha 0: put them on white.
        image
            .into_luma_alpha8()
            .pixels()
            .map(|p| {
                let [l, a] = p.0.map(u32::from);
                ((l * a + 255 * (255 - a)) / 255) as u8
            })
            .collect()
    } else {
        image.into_luma8().into_raw()
    };
    let scan = scan(width, height, &pixels);
    if !scan.texts.is_empty() {
        Ok(scan.texts)
    } else if let Some(reason) = scan.first_failure {
        Err(ReadError::Undecodable(reason))
    } else {
        Err(ReadError::NoCode)
    }
}

/// The largest picture file read at all: more than any photo or screenshot
/// (a 48-megapixel JPEG is about 25 MB; `bench-inputs largest-picture`'s
/// PNG of noise 38 MB), so nothing real is refused for its size.
pub const MAX_PICTURE_FILE_BYTES: u64 = 64 << 20;

/// The largest picture read: a 48-megapixel photo's width and height.
pub const MAX_PICTURE_SIDE: u32 = 8_192;
/// The most memory the decoder may take for one picture, counted at 4
/// bytes a pixel: 12.5 megapixels (a 12-megapixel phone photo decodes to
/// 36 MB of RGB, then 12 MB of grey; BENCHMARKS.md has what the largest
/// costs).
pub const MAX_PICTURE_BYTES: u64 = 48 << 20;

/// Why a picture is refused before decoding: its header declares more
/// pixels than the limits allow (a file can be small and declare huge ones).
fn too_big(file_bytes: &[u8]) -> Option<String> {
    let mut reader = image::ImageReader::new(std::io::Cursor::new(file_bytes))
        .with_guessed_format()
        .ok()?;
    // The header is read whatever size it declares; what the decoder
    // inflates on the way (a colour profile, issue 65: 1 GiB from a 1 MB
    // file) stays within the decoding's own bound.
    let mut limits = image::Limits::no_limits();
    limits.max_alloc = Some(MAX_PICTURE_BYTES);
    reader.limits(limits);
    let (width, height) = reader.into_dimensions().ok()?;
    let bytes = u64::from(width) * u64::from(height) * 4;
    (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE || bytes > MAX_PICTURE_BYTES).then(
        || {
            crate::tr!(
                "the picture is {} x {} pixels; pictures of at most {} megapixels are read",
                width,
                height,
                MAX_PICTURE_BYTES / 4 / 1_000_000
            )
        },
    )
}

/// Decodes a picture within the limits above.
fn decode_bounded(file_bytes: &[u8]) -> image::ImageResult<image::DynamicImage> {
    let mut reader =
        image::ImageReader::new(std::io::Cursor::new(file_bytes)).with_guessed_format()?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_PICTURE_SIDE);
    limits.max_image_height = Some(MAX_PICTURE_SIDE);
    limits.max_alloc = Some(MAX_PICTURE_BYTES);
    reader.limits(limits);
    reader.decode()
}

/// Every QR code found in greyscale pixels (row-major, 0 = black), as text,
/// scanned as by [`read_codes`]. Codes that are found but cannot be decoded are left out; so is everything
/// if `pixels.len()` is not `width * height`.
pub fn read_codes_from_luma(width: u32, height: u32, pixels: &[u8]) -> Vec<String> {
    scan(width, height, pixels).texts
}

struct Scan {
    texts: Vec<String>,
    /// Why the first code that was found but not decoded failed.
    first_failure: Option<Undecodable>,
}

fn scan(width: u32, height: u32, pixels: &[u8]) -> Scan {
    let mut scan = Scan {
        texts: Vec::new(),
        first_failure: None,
    };
    let (w, h) = (width as usize, height as usize);
    if w.checked_mul(h) != Some(pixels.len()) || pixels.is_empty() {
        return scan;
    }
    // The search's time grows with the area; a code filling a fair part of a
    // photo keeps enough pixels per module.
    let factor = w.max(h).div_ceil(MAX_SCAN_SIDE);
    let shrunk;
    let (w, h, pixels) = if factor > 1 {
        shrunk = shrink(w, h, pixels, factor);
        (shrunk.0, shrunk.1, shrunk.2.as_slice())
    } else {
        (w, h, pixels)
    };
    // A local threshold copes with uneven light; a global one with some
    // blurred or grey-on-white images where the local one fails. The second
    // only runs when the first decoded nothing.
    let binarisations: [&dyn Fn() -> Vec<bool>; 2] =
        [&|| binarise_by_blocks(w, h, pixels), &|| {
            let threshold = otsu_threshold(pixels);
            pixels.iter().map(|&p| p <= threshold).collect()
        }];
    for binarise in binarisations {
        let mut dark = binarise();
        clear_noisy_tiles(w, h, &mut dark);
        // A decoder may panic on odd inputs (rqrr, used before, did:
        // WanzenBug/rqrr#54), so a panic counts as "nothing found".
        let results = catch_unwind(AssertUnwindSafe(|| detect(w, h, &dark)));
        for result in results.unwrap_or_default() {
            match result {
                Ok(text) => scan.texts.push(text),
                Err(reason) => {
                    scan.first_failure.get_or_insert(reason);
                }
            }
        }
        if !scan.texts.is_empty() {
            break;
        }
    }
    scan
}

/// Decodes every code quircs finds in a bitmap (`true` = dark). quircs
/// keeps at most 32 finder patterns and tries each in one grid, flood-filling
/// each region once: the time is bounded by the area, whatever the picture
/// (issue 46: rqrr tried every pair of candidates, copying the whole image
/// each time, and a picture tiled with finder-like patterns held it for
/// minutes).
fn detect(w: usize, h: usize, dark: &[bool]) -> Vec<Result<String, Undecodable>> {
    // Two grey levels: quircs's own threshold splits them exactly.
    let grey: Vec<u8> = dark.iter().map(|&d| if d { 0 } else { 255 }).collect();
    let mut decoder = quircs::Quirc::default();
    decoder
        .identify(w, h, &grey)
        .map(|code| {
            let code = code.map_err(|_| Undecodable::SizeOrVersion)?;
            let data = catch_unwind(AssertUnwindSafe(|| code.decode()))
                .map_err(|_| Undecodable::DecoderCrashed)?
                .map_err(describe)?;
            String::from_utf8(data.payload).map_err(|_| Undecodable::NotText)
        })
        .collect()
}

/// Averages `factor` x `factor` blocks (partial ones at the right and bottom).
fn shrink(w: usize, h: usize, pixels: &[u8], factor: usize) -> (usize, usize, Vec<u8>) {
    let (sw, sh) = (w.div_ceil(factor), h.div_ceil(factor));
    let mut sums = vec![(0u32, 0u32); sw * sh];
    for (y, row) in pixels.chunks_exact(w).enumerate() {
        let out_row = &mut sums[y / factor * sw..][..sw];
        for (x, &p) in row.iter().enumerate() {
            let (sum, count) = &mut out_row[x / factor];
            (*sum, *count) = (*sum + u32::from(p), *count + 1);
        }
    }
    let pixels = sums
        .iter()
        .map(|&(sum, count)| (sum / count) as u8)
        .collect();
    (sw, sh, pixels)
}

/// Side of the blocks in [`binarise_by_blocks`].
const BLOCK: usize = 8;

/// A local threshold per 8x8 block, after ZXing's HybridBinarizer: the mean
/// of the 5x5 blocks around it, where a flat block counts as background (so
/// noise on plain paper stays light) unless it is darker than its neighbours
/// (so the inside of a big dark module stays dark).
fn binarise_by_blocks(w: usize, h: usize, pixels: &[u8]) -> Vec<bool> {
    /// Blocks whose darkest and lightest pixels differ by at most this are flat.
    const MIN_RANGE: u32 = 24;
    let (bw, bh) = (w.div_ceil(BLOCK), h.div_ceil(BLOCK));
    let mut levels = vec![0u32; bw * bh];
    for by in 0..bh {
        for bx in 0..bw {
            let (mut sum, mut count, mut min, mut max) = (0u32, 0u32, u32::MAX, 0u32);
            for y in by * BLOCK..((by + 1) * BLOCK).min(h) {
                for &p in &pixels[y * w + bx * BLOCK..y * w + ((bx + 1) * BLOCK).min(w)] {
                    let p = u32::from(p);
                    (sum, count, min, max) = (sum + p, count + 1, min.min(p), max.max(p));
                }
            }
            let mut level = sum / count;
            if max - min <= MIN_RANGE {
                level = min / 2;
                if bx > 0 && by > 0 {
                    let above = levels[(by - 1) * bw + bx];
                    let left = levels[by * bw + bx - 1];
                    let corner = levels[(by - 1) * bw + bx - 1];
                    let neighbours = (above + 2 * left + corner) / 4;
                    if min < neighbours {
                        level = neighbours;
                    }
                }
            }
            levels[by * bw + bx] = level;
        }
    }
    let mut dark = vec![false; w * h];
    for by in 0..bh {
        for bx in 0..bw {
            let (mut sum, mut count) = (0, 0);
            for ny in by.saturating_sub(2)..(by + 3).min(bh) {
                for nx in bx.saturating_sub(2)..(bx + 3).min(bw) {
                    (sum, count) = (sum + levels[ny * bw + nx], count + 1);
                }
            }
            let threshold = sum / count;
            for y in by * BLOCK..((by + 1) * BLOCK).min(h) {
                for x in bx * BLOCK..((bx + 1) * BLOCK).min(w) {
                    dark[y * w + x] = u32::from(pixels[y * w + x]) <= threshold;
                }
            }
        }
    }
    dark
}

/// Otsu's threshold: the grey level that best splits the histogram into a
/// dark and a light class (largest between-class variance).
fn otsu_threshold(pixels: &[u8]) -> u8 {
    let mut histogram = [0u64; 256];
    for &p in pixels {
        histogram[usize::from(p)] += 1;
    }
    let total = pixels.len() as f64;
    let grand_sum: f64 = histogram
        .iter()
        .enumerate()
        .map(|(v, &n)| v as f64 * n as f64)
        .sum();
    let (mut dark_count, mut dark_sum) = (0.0, 0.0);
    let (mut best, mut best_variance) = (0u8, -1.0);
    for (value, &count) in histogram.iter().enumerate() {
        dark_count += count as f64;
        dark_sum += value as f64 * count as f64;
        let light_count = total - dark_count;
        if dark_count == 0.0 || light_count == 0.0 {
            continue;
        }
        let mean_gap = dark_sum / dark_count - (grand_sum - dark_sum) / light_count;
        let variance = dark_count * light_count * mean_gap * mean_gap;
        if variance > best_variance {
            (best, best_variance) = (value as u8, variance);
        }
    }
    best
}

/// Makes light every 32x32 tile where more than a third of horizontally
/// adjacent pixels differ. Such speckle (sensor noise in a dark photo, say)
/// is no QR code at 2 or more pixels per module, and only costs the search
/// time and regions (quircs numbers at most 65,534 of them).
fn clear_noisy_tiles(w: usize, h: usize, dark: &mut [bool]) {
    const TILE: usize = 32;
    for ty in (0..h).step_by(TILE) {
        for tx in (0..w).step_by(TILE) {
            let (x_end, y_end) = ((tx + TILE).min(w), (ty + TILE).min(h));
            let mut changes = 0;
            for y in ty..y_end {
                let row = &dark[y * w + tx..y * w + x_end];
                changes += row.windows(2).filter(|pair| pair[0] != pair[1]).count();
            }
            let pairs = (y_end - ty) * (x_end - tx - 1);
            if changes * 3 > pairs {
                for y in ty..y_end {
                    dark[y * w + tx..y * w + x_end].fill(false);
                }
            }
        }
    }
}

fn describe(error: quircs::DecodeError) -> Undecodable {
    use quircs::DecodeError as E;
    match error {
        E::DataEcc => Undecodable::TooDamaged,
        E::FormatEcc => Undecodable::FormatDamaged,
        E::InvalidVersion | E::InvalidGridSize => Undecodable::SizeOrVersion,
        E::UnkownDataType => Undecodable::UnsupportedMode,
        E::DataUnderflow | E::DataOverflow => Undecodable::Malformed(error.to_string()),
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::link::codes::base45;
    use crate::link::test_rng::Rng;

    /// A PNG file of a few bytes whose header declares `side` x `side` grey
    /// pixels (the reader must refuse it before decoding anything).
    fn huge_png(side: u32) -> Vec<u8> {
        let chunk = |kind: &[u8], data: &[u8]| {
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            crc.update(data);
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend_from_slice(kind);
            out.extend_from_slice(data);
            out.extend_from_slice(&crc.sum().to_be_bytes());
            out
        };
        let mut header = side.to_be_bytes().to_vec();
        header.extend_from_slice(&side.to_be_bytes());
        header.extend_from_slice(&[8, 0, 0, 0, 0]);
        let mut png = vec![137, 80, 78, 71, 13, 10, 26, 10];
        png.extend(chunk(b"IHDR", &header));
        // The start of the pixels: an empty zlib stream is enough for a header.
        png.extend(chunk(
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        ));
        png.extend(chunk(b"IEND", &[]));
        png
    }

    /// Issue 17: a small PNG declaring 16,380 x 16,380 pixels used to take
    /// 1.25 GB and 5.6 s; it is refused from its header.
    #[test]
    fn a_picture_declaring_too_many_pixels_is_refused_unread() {
        let refused = read_codes(&huge_png(16_380)).unwrap_err();
        assert!(matches!(refused, ReadError::TooBig(_)), "{refused}");
        assert!(refused.to_string().contains("16380 x 16380"), "{refused}");
        // A picture within the limits gets as far as the decoder.
        assert!(!matches!(
            read_codes(&huge_png(100)).unwrap_err(),
            ReadError::TooBig(_)
        ));
    }

    fn flagfall_text(rng: &mut Rng, byte_len: usize) -> String {
        // Draws exactly `byte_len` numbers, so seeded images stay reproducible.
        format!("FLAGFALL:{}", base45::encode(&rng.bytes(byte_len)))
    }

    fn png_bytes(
        width: u32,
        height: u32,
        color: png::ColorType,
        depth: png::BitDepth,
        data: &[u8],
    ) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(data).unwrap();
        writer.finish().unwrap();
        out
    }

    #[test]
    fn round_trips_alphanumeric_texts_through_png() {
        let mut rng = Rng(1);
        for byte_len in [0, 10, 60, 100, 400, 1500] {
            let text = flagfall_text(&mut rng, byte_len);
            let qr = make_qr(&text).unwrap();
            let png = qr.to_png(3);
            assert_eq!(
                read_codes(&png).unwrap(),
                [text.as_str()],
                "{byte_len} bytes, version {}",
                qr.version()
            );
        }
    }

    #[test]
    fn round_trips_byte_mode_text() {
        for text in [
            "Flagfall: hello, world!",
            "ünïcödé ♞ and lowercase",
            "日本語のテキスト",
            "a",
        ] {
            let qr = make_qr(text).unwrap();
            assert_eq!(read_codes(&qr.to_png(4)).unwrap(), [text]);
        }
    }

    #[test]
    fn picks_the_smallest_version_in_alphanumeric_mode() {
        assert_eq!(make_qr("").unwrap().version(), 1);
        let qr = make_qr("HELLO WORLD").unwrap();
        assert_eq!((qr.version(), qr.width()), (1, 21));
        // Version 6-M holds 154 alphanumeric characters (but only 106 bytes).
        let mut rng = Rng(2);
        let text = flagfall_text(&mut rng, 94); // 9 + 141 = 150 characters
        assert_eq!(text.len(), 150);
        assert!(make_qr(&text).unwrap().version() <= 6);
        let text154: String = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
            .chars()
            .cycle()
            .take(154)
            .collect();
        let qr = make_qr(&text154).unwrap();
        assert_eq!((qr.version(), qr.width()), (6, 41));
        let qr = make_qr(&format!("{text154}A")).unwrap();
        assert_eq!(qr.version(), 7);
        // The same length with a lowercase letter needs byte mode and a bigger code.
        let lower = format!("a{}", &text154[1..]);
        assert!(make_qr(&lower).unwrap().version() > 6);
    }

    #[test]
    fn encodes_one_segment() {
        // The mode indicator (4 bits) and the character count (below
        // version 10: 9 bits in alphanumeric mode, 8 in byte mode).
        let header = |text: &str, count_bits: u32| {
            let bytes = smallest_bits(text).unwrap().into_bytes();
            let top = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            (
                top >> 28,
                (top >> (28 - count_bits)) & ((1 << count_bits) - 1),
            )
        };
        // Not an alphanumeric segment and a numeric one.
        assert_eq!(header("FLAGFALL:12345678901234567890", 9), (0b0010, 29));
        // Not kanji mode for the UTF-8 bytes of "本語のテキ" (they look like
        // Shift JIS), which the qrcode crate's own segmentation would use.
        assert_eq!(header("日本語のテキスト", 8), (0b0100, 24));
    }

    #[test]
    fn rejects_texts_too_long_for_any_code() {
        // Version 40-M holds 3391 alphanumeric characters or 2331 bytes.
        assert_eq!(make_qr(&"A".repeat(3391)).unwrap().version(), 40);
        assert_eq!(
            make_qr(&"A".repeat(3392)),
            Err(QrError::TooLong { len: 3392 })
        );
        assert_eq!(make_qr(&"a".repeat(2331)).unwrap().version(), 40);
        assert_eq!(
            make_qr(&"a".repeat(2332)),
            Err(QrError::TooLong { len: 2332 })
        );
        assert_eq!(
            make_qr(&"A".repeat(100_000)),
            Err(QrError::TooLong { len: 100_000 })
        );
        assert_eq!(
            make_qr(&"a".repeat(5000)).unwrap_err().to_string(),
            "the text is too long for any QR code (5000 bytes)"
        );
    }

    #[test]
    fn renders_modules_with_a_quiet_zone() {
        let qr = make_qr("HELLO").unwrap();
        assert_eq!(qr.dark.len(), qr.width() * qr.width());
        // Finder pattern corners are dark, the separator beside them light.
        assert!(qr.is_dark(0, 0) && qr.is_dark(6, 6) && !qr.is_dark(7, 0));
        assert!(!qr.is_dark(qr.width(), 0) && !qr.is_dark(0, usize::MAX));
        let (w, h, pixels) = qr.to_luma(2);
        assert_eq!((w, h), (58, 58)); // (21 + 8) * 2
        assert_eq!(pixels.len(), 58 * 58);
        assert!(pixels[..8 * 58].iter().all(|&p| p == 255), "top quiet zone");
        assert_eq!(pixels[8 * 58 + 7], 255, "left quiet zone");
        assert_eq!(pixels[8 * 58 + 8], 0, "top-left module");
        assert_eq!(pixels[9 * 58 + 9], 0, "scaled module");
        assert_eq!(qr.to_luma(0).0, 29, "scale 0 acts as 1");
        assert_eq!(qr.to_luma(u32::MAX).0, 29 * 32, "scale is capped");
    }

    #[test]
    fn png_is_8_bit_greyscale() {
        let png = make_qr("HELLO").unwrap().to_png(5);
        let decoder = png::Decoder::new(std::io::Cursor::new(png.as_slice()));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert_eq!((info.width, info.height), (145, 145));
        assert_eq!(info.color_type, png::ColorType::Grayscale);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
    }

    /// How [`photo_like`] degrades a code.
    struct Look {
        scale: u32,
        ink: u8,
        paper: u8,
        background: u8,
        blur: bool,
        noise: u8,
    }

    /// A rough "photo": ink and paper greys, an optional 3x3 blur, the code
    /// at an offset in a bigger canvas, and uniform noise of +-`noise`.
    fn photo_like(qr: &QrImage, rng: &mut Rng, look: &Look) -> (u32, u32, Vec<u8>) {
        let (side, _, pixels) = qr.to_luma(look.scale);
        let side = side as usize;
        let inked: Vec<u8> = pixels
            .iter()
            .map(|&p| if p == 0 { look.ink } else { look.paper })
            .collect();
        let (cw, ch, ox, oy) = (side + 140, side + 90, 53, 37);
        let mut canvas = vec![look.background; cw * ch];
        for y in 0..side {
            for x in 0..side {
                canvas[(y + oy) * cw + x + ox] = if look.blur {
                    let mut sum = 0u32;
                    for dy in 0..3 {
                        for dx in 0..3 {
                            let sx = (x + dx).saturating_sub(1).min(side - 1);
                            let sy = (y + dy).saturating_sub(1).min(side - 1);
                            sum += u32::from(inked[sy * side + sx]);
                        }
                    }
                    (sum / 9) as u8
                } else {
                    inked[y * side + x]
                };
            }
        }
        let noise = i32::from(look.noise);
        for p in &mut canvas {
            let delta = rng.below(2 * noise as usize + 1) as i32 - noise;
            *p = (i32::from(*p) + delta).clamp(0, 255) as u8;
        }
        (cw as u32, ch as u32, canvas)
    }

    fn jpeg(width: u32, height: u32, luma: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80)
            .encode(luma, width, height, image::ExtendedColorType::L8)
            .unwrap();
        out
    }

    #[test]
    fn reads_photo_like_images() {
        let looks = [
            // A grey card on a white table: a decoder's own thresholding sees a
            // dark frame round it.
            (
                100,
                Look {
                    scale: 3,
                    ink: 60,
                    paper: 205,
                    background: 255,
                    blur: false,
                    noise: 20,
                },
            ),
            (
                60,
                Look {
                    scale: 3,
                    ink: 0,
                    paper: 255,
                    background: 255,
                    blur: true,
                    noise: 10,
                },
            ),
            (
                60,
                Look {
                    scale: 3,
                    ink: 90,
                    paper: 170,
                    background: 140,
                    blur: false,
                    noise: 20,
                },
            ),
            (
                60,
                Look {
                    scale: 4,
                    ink: 60,
                    paper: 205,
                    background: 215,
                    blur: true,
                    noise: 10,
                },
            ),
        ];
        let mut rng = Rng(3);
        for (byte_len, look) in &looks {
            let text = flagfall_text(&mut rng, *byte_len);
            let qr = make_qr(&text).unwrap();
            let (w, h, pixels) = photo_like(&qr, &mut rng, look);
            assert_eq!(
                read_codes_from_luma(w, h, &pixels),
                [text.as_str()],
                "scale {} ink {}",
                look.scale,
                look.ink
            );
            assert_eq!(read_codes(&jpeg(w, h, &pixels)).unwrap(), [text], "as JPEG");
        }
    }

    #[test]
    fn reads_an_unevenly_lit_image() {
        let text = "FLAGFALL:SHADOW ON THE LEFT";
        let (w, h, mut pixels) = make_qr(text).unwrap().to_luma(4);
        // Brightness from 30% at the left edge to 100% at the right.
        for (i, p) in pixels.iter_mut().enumerate() {
            let light = 30 + 70 * (i % w as usize) as u32 / w;
            *p = (u32::from(*p).max(40) * light / 100) as u8;
        }
        assert_eq!(read_codes_from_luma(w, h, &pixels), [text]);
    }

    #[test]
    fn reads_a_code_in_a_large_image() {
        // Wider than MAX_SCAN_SIDE, so the image is shrunk before scanning.
        let text = "FLAGFALL:BIG PHOTO";
        let (side, _, code) = make_qr(text).unwrap().to_luma(12);
        let (w, h) = (3000usize, 2200usize);
        let mut pixels = vec![180u8; w * h];
        for (y, row) in code.chunks_exact(side as usize).enumerate() {
            pixels[(y + 900) * w + 1700..][..row.len()].copy_from_slice(row);
        }
        assert_eq!(read_codes_from_luma(w as u32, h as u32, &pixels), [text]);
    }

    /// Issue 46: a PNG of a few KB tiled with finder patterns kept the
    /// reader (rqrr) busy for minutes (398 s in release for this one), and
    /// while it ran no other picture was read. It is given up on at once:
    /// the deadline only catches a hang (BENCHMARKS.md has its cost).
    #[test]
    fn a_picture_tiled_with_finder_patterns_is_given_up_on_quickly() {
        let (side, grey) = crate::link::codes::finder_lattice::finder_lattice(20);
        assert_eq!(side, 800);
        let png = png_bytes(
            side,
            side,
            png::ColorType::Grayscale,
            png::BitDepth::Eight,
            &grey,
        );
        let (done, result) = std::sync::mpsc::channel();
        std::thread::spawn(move || done.send(read_codes(&png).map_err(|e| e.to_string())));
        let read = result
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the reader gives up on the picture within seconds");
        assert_eq!(read, Err("no QR code found in the image".to_string()));
    }

    #[test]
    fn pixel_noise_is_scanned_quickly() {
        // A search that grows with the blobs it examines takes minutes on
        // noise this size; clear_noisy_tiles keeps this test fast.
        let mut rng = Rng(8);
        for (w, h) in [(1500usize, 1100usize), (2600, 1900)] {
            let noise = rng.bytes(w * h);
            assert!(read_codes_from_luma(w as u32, h as u32, &noise).is_empty());
        }
    }

    #[test]
    fn a_picture_that_crashed_the_old_reader_does_not_panic() {
        // With rqrr 0.11.0 (the reader before issue 46), detection panicked
        // on this image ("assertion failed: x <= i32::MAX as f64",
        // WanzenBug/rqrr#54).
        let mut rng = Rng(225);
        let byte_len = [10, 60, 400][rng.below(3)];
        let text = flagfall_text(&mut rng, byte_len);
        let look = Look {
            scale: 3,
            ink: 60,
            paper: 205,
            background: 215,
            blur: true,
            noise: 10,
        };
        let (w, h, pixels) = photo_like(&make_qr(&text).unwrap(), &mut rng, &look);
        let _ = read_codes_from_luma(w, h, &pixels);
    }

    #[test]
    fn reads_other_png_colour_types_and_depths() {
        let text = "FLAGFALL:COLOURS";
        let (w, h, luma) = make_qr(text).unwrap().to_luma(3);
        let rgb: Vec<u8> = luma.iter().flat_map(|&l| [l, l / 2, l]).collect();
        let grey16: Vec<u8> = luma.iter().flat_map(|&l| [l, l]).collect();
        // Light modules fully transparent black: must count as white.
        let rgba: Vec<u8> = luma
            .iter()
            .flat_map(|&l| if l == 0 { [0, 0, 0, 255] } else { [0, 0, 0, 0] })
            .collect();
        use png::{BitDepth, ColorType};
        for png in [
            png_bytes(w, h, ColorType::Rgb, BitDepth::Eight, &rgb),
            png_bytes(w, h, ColorType::Grayscale, BitDepth::Sixteen, &grey16),
            png_bytes(w, h, ColorType::Rgba, BitDepth::Eight, &rgba),
        ] {
            assert_eq!(read_codes(&png).unwrap(), [text]);
        }
    }

    #[test]
    fn reads_two_codes_side_by_side() {
        let (w1, h1, a) = make_qr("FIRST").unwrap().to_luma(4);
        let (w2, h2, b) = make_qr("SECOND CODE").unwrap().to_luma(4);
        assert_eq!((w1, h1), (w2, h2));
        let (w, h) = (w1 as usize, h1 as usize);
        let pixels: Vec<u8> = (0..h)
            .flat_map(|y| a[y * w..][..w].iter().chain(&b[y * w..][..w]).copied())
            .collect();
        let mut texts = read_codes_from_luma(w1 * 2, h1, &pixels);
        texts.sort();
        assert_eq!(texts, ["FIRST", "SECOND CODE"]);
    }

    #[test]
    fn a_damaged_code_is_an_error_not_a_panic() {
        let mut rng = Rng(4);
        let text = flagfall_text(&mut rng, 60);
        let mut qr = make_qr(&text).unwrap();
        let w = qr.width();
        // Flip half of the modules away from the finder patterns and format
        // information, so the code is still found but its data is lost.
        for y in 9..w - 9 {
            for x in 9..w - 9 {
                if rng.next().is_multiple_of(2) {
                    qr.dark[y * w + x] ^= true;
                }
            }
        }
        let err = read_codes(&qr.to_png(4)).unwrap_err();
        assert!(matches!(err, ReadError::Undecodable(_)), "{err:?}");
        assert_eq!(
            err.to_string(),
            "a QR code was found but could not be decoded: too many damaged modules to correct"
        );
        // Wrecking everything, finders included, must not panic either.
        for d in &mut qr.dark {
            *d ^= rng.next().is_multiple_of(3);
        }
        assert!(read_codes(&qr.to_png(4)).is_err());
    }

    #[test]
    fn an_image_without_a_code_says_so() {
        let white = vec![255u8; 100 * 80];
        let png = png_bytes(
            100,
            80,
            png::ColorType::Grayscale,
            png::BitDepth::Eight,
            &white,
        );
        let err = read_codes(&png).unwrap_err();
        assert!(matches!(err, ReadError::NoCode));
        assert_eq!(err.to_string(), "no QR code found in the image");
        assert!(read_codes_from_luma(100, 80, &white).is_empty());
    }

    #[test]
    fn bad_luma_buffers_give_nothing() {
        let (w, h, pixels) = make_qr("HELLO").unwrap().to_luma(3);
        assert_eq!(read_codes_from_luma(w, h, &pixels), ["HELLO"]);
        assert!(read_codes_from_luma(w, h, &pixels[1..]).is_empty());
        assert!(read_codes_from_luma(w + 1, h, &pixels).is_empty());
        assert!(read_codes_from_luma(0, 0, &[]).is_empty());
        assert!(read_codes_from_luma(u32::MAX, u32::MAX, &pixels).is_empty());
        assert!(read_codes_from_luma(1, 1, &[0]).is_empty());
    }

    #[test]
    fn garbage_and_truncated_files_are_errors_not_panics() {
        let mut rng = Rng(5);
        for len in [0, 1, 8, 100, 5000] {
            let err = read_codes(&rng.bytes(len)).unwrap_err();
            assert!(matches!(err, ReadError::NotAnImage(_)), "{err}");
            assert!(
                err.to_string().starts_with("not an image we can read: "),
                "{err}"
            );
        }
        let png = make_qr("FLAGFALL:TRUNCATED").unwrap().to_png(3);
        for cut in (0..png.len()).step_by(7) {
            // Some decoders accept a cut after the image data; only panics are wrong.
            let _ = read_codes(&png[..cut]);
        }
        assert!(matches!(
            read_codes(&png[..png.len() / 2]),
            Err(ReadError::NotAnImage(_))
        ));
        // Random corruption after the signature.
        for _ in 0..200 {
            let mut bad = png.clone();
            for _ in 0..1 + rng.below(8) {
                let i = 8 + rng.below(bad.len() - 8);
                bad[i] = rng.next() as u8;
            }
            let _ = read_codes(&bad);
        }
    }

    #[test]
    fn random_pixels_do_not_panic() {
        let mut rng = Rng(6);
        for _ in 0..20 {
            let (w, h) = (1 + rng.below(300), 1 + rng.below(300));
            // Blocky noise looks more like codes than per-pixel noise.
            let block = 1 + rng.below(6);
            let cells = rng.bytes(w * h);
            let pixels: Vec<u8> = (0..w * h)
                .map(|i| {
                    let (x, y) = (i % w / block * block, i / w / block * block);
                    if cells[y * w + x] < 128 { 0 } else { 255 }
                })
                .collect();
            let _ = read_codes_from_luma(w as u32, h as u32, &pixels);
        }
    }
}
