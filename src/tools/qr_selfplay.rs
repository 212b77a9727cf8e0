//! `flagfall qr-selfplay`: two computer players on two linked devices that
//! talk only through QR pictures, each written to a folder and read back.

use crate::ai::Level;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{Variant, builtin_variant};
use crate::link::codes::qr_image::{make_qr, read_codes};
use crate::link::message::{CodeKind, Envelope, Turn};
use crate::link::selfplay::{CarryError, SelfPlay, self_play};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

pub struct Report {
    pub game: SelfPlay,
    pub max_version: u8,
    /// The largest QR version among move codes: codes that carry neither a
    /// setup's public part (the first codes) nor an opened setup (the last ones).
    pub max_move_version: Option<u8>,
}

fn is_move_code(text: &str, variant: &Variant) -> bool {
    let Ok(envelope) = Envelope::from_text(text) else {
        return false;
    };
    envelope.header.kind == CodeKind::Turn
        && Turn::decode(&envelope.body, variant)
            .is_ok_and(|turn| turn.intro.is_none() && turn.reveal.is_none())
}

/// Plays the game, writing `NNN.png` and `NNN.txt` for every code in `out`.
pub fn run(variant: Arc<Variant>, seed: u64, level: Level, out: &Path) -> Result<Report, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut max_version = 0;
    let mut max_move_version = None;
    let rules = Arc::clone(&variant);
    let mut courier = |number: usize, _from: Side, text: &str| -> Result<String, CarryError> {
        let qr = make_qr(text).map_err(|e| format!("code {number}: {e}"))?;
        max_version = max_version.max(qr.version());
        if is_move_code(text, &rules) {
            max_move_version = max_move_version.max(Some(qr.version()));
        }
        let png = qr.to_png(4);
        let base = out.join(format!("{number:03}"));
        let png_path = base.with_extension("png");
        std::fs::write(&png_path, &png).map_err(|e| format!("{}: {e}", png_path.display()))?;
        std::fs::write(base.with_extension("txt"), format!("{text}\n"))
            .map_err(|e| format!("{}: {e}", base.display()))?;
        let bytes = std::fs::read(&png_path).map_err(|e| format!("{}: {e}", png_path.display()))?;
        let found = read_codes(&bytes).map_err(|e| format!("{}: {e}", png_path.display()))?;
        match found.as_slice() {
            [one] if one == text => Ok(one.clone()),
            [one] => Err(format!(
                "{}: read back \"{one}\", not the code written",
                png_path.display()
            )
            .into()),
            _ => Err(format!(
                "{}: {} codes found in the picture",
                png_path.display(),
                found.len()
            )
            .into()),
        }
    };
    let options = GameOptions::defaults(&variant);
    let game = self_play(variant, options, seed, level, &mut courier).map_err(|e| e.to_string())?;
    Ok(Report {
        game,
        max_version,
        max_move_version,
    })
}

/// The arguments of `flagfall qr-selfplay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long, default_value = "classic")]
    pub variant: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long)]
    pub out: PathBuf,
    /// The computer players' level: random, heuristic or best.
    #[arg(long, default_value = "heuristic")]
    pub level: String,
}

/// `flagfall qr-selfplay`: plays the game (`run`) and prints what its codes
/// were and whether each side's claims checked out.
pub fn run_command(args: Args) -> ExitCode {
    let (Some(v), Some(level)) = (
        builtin_variant(&args.variant),
        Level::from_name(&args.level),
    ) else {
        eprintln!("qr-selfplay: give a built-in variant and a level among random, heuristic, best");
        return ExitCode::from(2);
    };
    match run(v, args.seed, level, &args.out) {
        Ok(r) => {
            let check = |ok: bool| if ok { "verified" } else { "FALSE CLAIMS" };
            println!(
                "plies {}, largest move code version {}, red's check {}, blue's check {}",
                r.game.plies,
                r.max_move_version
                    .map_or("none (no move code)".into(), |v| v.to_string()),
                check(r.game.verified[0]),
                check(r.game.verified[1])
            );
            println!(
                "codes {}, max version {}, result {}",
                r.game.codes, r.max_version, r.game.outcome
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("qr-selfplay: {e}");
            ExitCode::FAILURE
        }
    }
}
