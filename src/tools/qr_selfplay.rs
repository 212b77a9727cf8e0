//! `flagfall qr-selfplay`: two computer players on two linked devices that
//! talk only through QR pictures, each written to a folder and read back.

use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::session::ai::Level;
use crate::session::link::message::{CodeKind, Envelope, Turn};
use crate::session::link::qr_image::{make_qr, read_codes};
use crate::session::link::selfplay::{SelfPlay, self_play};
use std::path::Path;
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
    let mut courier = |number: usize, _from: Side, text: &str| -> Result<String, String> {
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
            )),
            _ => Err(format!(
                "{}: {} codes found in the picture",
                png_path.display(),
                found.len()
            )),
        }
    };
    let options = GameOptions::defaults(&variant);
    let game = self_play(variant, options, seed, level, &mut courier)?;
    Ok(Report {
        game,
        max_version,
        max_move_version,
    })
}
