//! The page around the app (`flagfall::platform::page`): `index.html`'s
//! `flagfallPage` keeps one entry in the browser's history while the app
//! can go back, so that the phone's Back button goes where the app's own
//! Back goes rather than leaving the page, sets `<html lang>`, and holds
//! the play screen's text for a screen reader.

use flagfall::platform::Page;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = flagfallPage, js_name = showing)]
    fn page_showing(can_go_back: bool, lang: &str);

    #[wasm_bindgen(js_namespace = flagfallPage, js_name = reading)]
    fn page_reading(now: &str, lines: &str);

    #[wasm_bindgen(js_namespace = flagfallPage, js_name = setBack)]
    fn page_set_back(back: &Closure<dyn Fn() -> bool>);
}

/// The page `index.html` set up.
pub struct PageHistory;

impl Page for PageHistory {
    fn showing(&self, can_go_back: bool, lang: &str) {
        page_showing(can_go_back, lang);
        crate::japanese_font::wanted(lang);
    }

    fn reading(&self, now: &str, lines: &[String]) {
        // One text, a line a move: no move's text holds a line break.
        page_reading(now, &lines.join("\n"));
    }

    fn on_back(&self, back: Box<dyn Fn() -> bool>) {
        let back = Closure::<dyn Fn() -> bool>::new(back);
        page_set_back(&back);
        // The page keeps calling it for as long as it is open.
        back.forget();
    }
}
