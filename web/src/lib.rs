//! Flagfall in the browser: the app of the desktop and the phones, drawn
//! by Slint's software renderer into the page's `<canvas id="canvas">`,
//! its games kept in the page's IndexedDB (`browser_store`).
//! `web/build.sh` builds the page into `target/web/`.

#[cfg(target_arch = "wasm32")]
mod browser_store;

/// Starts the app when the page loads the module: once the games the
/// browser keeps are read.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    use flagfall::session::Storage;
    use std::sync::Arc;
    // A panic shows in the browser's console with its message.
    console_error_panic_hook::set_once();
    let page = web_sys::window().map(|w| {
        let length = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
        (
            length(w.inner_width()).unwrap_or(390.0) as f32,
            length(w.inner_height()).unwrap_or(844.0) as f32,
        )
    });
    wasm_bindgen_futures::spawn_local(async move {
        let storage = browser_store::BrowserStore::open()
            .await
            .map(|store| Storage::in_store(Arc::new(store)));
        if let Err(e) = flagfall::app::run_in_browser(page, storage) {
            web_log(&format!("Flagfall could not start: {e}"));
        }
    });
}

#[cfg(target_arch = "wasm32")]
fn web_log(text: &str) {
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = console, js_name = error)]
        fn console_error(text: &str);
    }
    console_error(text);
}
