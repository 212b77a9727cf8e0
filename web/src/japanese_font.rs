//! Japanese on the page: a browser gives the app no system fonts, and
//! Slint's own (Inter) has no Japanese, so the app brings Noto Sans CJK JP
//! cut to the glyphs it draws, the everyday kanji a player types and the
//! Latin letters (`fonts/flagfall-ja.otf`, remade by `fonts/cut.py`), and
//! Slint falls back on it for kana and kanji. The printed sheets are set in
//! it too.
//!
//! The font is a file of its own beside the module (1.7 MB, 1.4 MB
//! compressed), so that the app is usable before it has come: it is
//! fetched before the app starts when the app starts in Japanese
//! (`bring`); else once the app is usable (`later`: for names typed in
//! kana or kanji, and the service worker stores every file for offline
//! starts in any case), or at once when the player picks Japanese
//! (`wanted`). Every text is set again once it has come
//! (`App::fonts_arrived`); until then kana and kanji are drawn as boxes.

use slint::fontique_011::fontique;
use std::cell::Cell;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The font's address, beside the page (web/build.sh copies it there).
const FILE: &str = "flagfall-ja.otf";

/// The scripts Japanese text is written in: kanji, hiragana, katakana.
const SCRIPTS: [[u8; 4]; 3] = [*b"Hani", *b"Hira", *b"Kana"];

/// Where the font is.
#[derive(Clone, Copy, PartialEq)]
enum Font {
    Absent,
    Coming,
    Here,
}

thread_local! {
    static FONT: Cell<Font> = const { Cell::new(Font::Absent) };
}

/// Fetches the font and adds it to Slint's and the printed sheets' fonts,
/// unless it is here or coming; false when it did not come (the reason is
/// logged).
pub async fn bring() -> bool {
    if FONT.get() != Font::Absent {
        return false;
    }
    FONT.set(Font::Coming);
    match fetch().await {
        Ok(bytes) => {
            register(Vec::leak(bytes));
            FONT.set(Font::Here);
            true
        }
        Err(why) => {
            crate::web_log(&format!("the Japanese font did not come: {why}"));
            // Asked again the next time Japanese is chosen.
            FONT.set(Font::Absent);
            false
        }
    }
}

/// Fetches the font a moment after the app started (in a language other
/// than Japanese), so that it does not delay the first screen.
pub fn later() {
    wasm_bindgen_futures::spawn_local(async {
        let _ = JsFuture::from(js_sys::Promise::new(&mut |resolve, _| {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    &resolve,
                    AFTER_START_MS,
                );
            }
        }))
        .await;
        if bring().await {
            flagfall::app::with_app_in_page(|app| app.fonts_arrived());
        }
    });
}

/// How long after the app started the font is fetched, when it is not
/// needed at once.
const AFTER_START_MS: i32 = 1_500;

/// The app speaks `lang` ("en", "ja") now: for Japanese, the font is
/// fetched if it is not here, and the app sets its texts again once it is.
pub fn wanted(lang: &str) {
    if lang != "ja" || FONT.get() != Font::Absent {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        if bring().await {
            flagfall::app::with_app_in_page(|app| app.fonts_arrived());
        }
    });
}

/// The font file's bytes, from the page's server (or the service worker's
/// store, offline).
async fn fetch() -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(FILE))
        .await
        .map_err(|e| format!("{e:?}"))?
        .dyn_into()
        .map_err(|e| format!("{e:?}"))?;
    if !response.ok() {
        return Err(format!(
            "{FILE}: {} {}",
            response.status(),
            response.status_text()
        ));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(|e| format!("{e:?}"))?)
        .await
        .map_err(|e| format!("{e:?}"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Adds the font to Slint's, as the fallback for Japanese's scripts, and
/// to the printed sheets'.
fn register(font: &'static [u8]) {
    let mut collection = slint::fontique_011::shared_collection();
    let fonts = collection.register_fonts(fontique::Blob::new(Arc::new(font)), None);
    for script in SCRIPTS {
        collection.append_fallbacks(
            fontique::FallbackKey::new(fontique::Script::from_bytes(script), None),
            fonts.iter().map(|(family, _)| *family),
        );
    }
    flagfall::print::bring_fonts(vec![font]);
}
