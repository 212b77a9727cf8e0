//! `flagfall qr-selfplay`: two computer players on two linked devices that
//! talk only through QR pictures, each written to a folder and read back.

use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::session::ai::Level;
use crate::session::link::qr_image::{make_qr, read_codes};
use crate::session::link::selfplay::{SelfPlay, self_play};
use std::path::Path;
use std::sync::Arc;

pub struct Report {
    pub game: SelfPlay,
    pub max_version: u8,
    /// The largest QR version among move codes (not the invitation, first
    /// answer or the final codes that open the setups).
    pub max_move_version: u8,
}

/// Plays the game, writing `NNN.png` and `NNN.txt` for every code in `out`.
pub fn run(variant: Arc<Variant>, seed: u64, level: Level, out: &Path) -> Result<Report, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut max_version = 0;
    let mut move_versions = Vec::new();
    let mut courier = |number: usize, _from: Side, text: &str| -> Result<String, String> {
        let qr = make_qr(text).map_err(|e| format!("code {number}: {e}"))?;
        max_version = max_version.max(qr.version());
        move_versions.push(qr.version());
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
    // The first two codes carry the setups' public parts, the last two open them.
    let moves = move_versions.len().saturating_sub(2);
    let max_move_version = move_versions
        .get(2..moves)
        .and_then(|v| v.iter().max().copied())
        .unwrap_or(0);
    Ok(Report {
        game,
        max_version,
        max_move_version,
    })
}
