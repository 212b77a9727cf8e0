//! Japanese on the page: a browser gives the app no system fonts, and
//! Slint's own (Inter) has no Japanese, so the app brings Noto Sans CJK JP
//! cut to the glyphs it draws, the everyday kanji a player types and the
//! Latin letters (`fonts/flagfall-ja.otf`, remade by `fonts/cut.py`), and
//! Slint falls back on it for kana and kanji. The printed sheets are set in
//! it too.

use slint::fontique_011::fontique;
use std::sync::Arc;

/// The font's file (also the printed sheets' font in a page).
pub const FONT: &[u8] = include_bytes!("../fonts/flagfall-ja.otf");

/// The scripts Japanese text is written in: kanji, hiragana, katakana.
const SCRIPTS: [[u8; 4]; 3] = [*b"Hani", *b"Hira", *b"Kana"];

/// Adds the font to Slint's, as the fallback for Japanese's scripts.
pub fn register() {
    let mut collection = slint::fontique_011::shared_collection();
    let fonts = collection.register_fonts(fontique::Blob::new(Arc::new(FONT)), None);
    for script in SCRIPTS {
        collection.append_fallbacks(
            fontique::FallbackKey::new(fontique::Script::from_bytes(script), None),
            fonts.iter().map(|(family, _)| *family),
        );
    }
}
