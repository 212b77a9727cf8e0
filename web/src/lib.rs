//! Flagfall in the browser: the app of the desktop and the phones, drawn
//! into the page's `<canvas id="canvas">` with WebGL (Slint's FemtoVG
//! renderer, which draws the standard widgets' icons and the print preview
//! as the browser decodes them; the software renderer, its fallback where
//! WebGL is missing, cannot draw those).
//! What a page does its own way, behind the app's platform interfaces:
//! - the games are kept in the page's IndexedDB (`browser_store`);
//! - the computer thinks in a Web Worker that loads this same module
//!   (`computer_worker`, `worker.js`);
//! - codes are read by the camera (`camera`, `camera.js`);
//! - copying, pasting and sharing go through the page's clipboard and share
//!   sheet (`clipboard`), saved files to the browser's downloads
//!   (`downloads`);
//! - Japanese is drawn with a font the app brings (`japanese_font`);
//! - the referee's signals sound through Web Audio (`sound`);
//! - the browser's Back button goes where the app's Back goes, and the
//!   page's language follows the app's (`page_history`);
//! - a panic (a bug) says on the page that the app stopped, instead of
//!   leaving it frozen (`index.html`'s `flagfallStopped`).
//!
//! `web/build.sh` builds the page into `target/web/`.

#[cfg(target_arch = "wasm32")]
mod browser_store;
#[cfg(target_arch = "wasm32")]
mod camera;
#[cfg(target_arch = "wasm32")]
mod clipboard;
#[cfg(target_arch = "wasm32")]
mod computer_worker;
#[cfg(target_arch = "wasm32")]
mod downloads;
#[cfg(target_arch = "wasm32")]
mod japanese_font;
#[cfg(target_arch = "wasm32")]
mod page_history;
#[cfg(target_arch = "wasm32")]
mod sound;
#[cfg(target_arch = "wasm32")]
mod test_hooks;

/// Starts the app when the page loads the module, once the games the
/// browser keeps are read; in the computer's worker, which has no page,
/// does nothing (the worker calls `think`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    use flagfall::store::Storage;
    use std::sync::Arc;
    // A panic shows in the browser's console with its message, and the
    // page says the app stopped (a page cannot catch it and go on).
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        stopped(&info.to_string());
    }));
    let Some(window) = web_sys::window() else {
        return;
    };
    // The event loop runs on when the app has started (run_in_browser).
    // No renderer named: FemtoVG (WebGL) first, the software renderer
    // where the browser has no WebGL.
    let backend = i_slint_backend_winit::Backend::builder()
        .with_spawn_event_loop(true)
        .build()
        .map_err(|e| e.to_string())
        .and_then(|b| slint::platform::set_platform(Box::new(b)).map_err(|e| e.to_string()));
    if let Err(e) = backend {
        stopped(&format!("Flagfall could not start: {e}"));
        return;
    }
    let length = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
    let page = Some((
        length(window.inner_width()).unwrap_or(390.0) as f32,
        length(window.inner_height()).unwrap_or(844.0) as f32,
    ));
    let thinking = match computer_worker::ComputerWorker::start("worker.js") {
        Ok(worker) => Some(worker as std::rc::Rc<dyn flagfall::ai::ThinkElsewhere>),
        Err(e) => {
            web_log(&format!(
                "no worker for the computer ({e:?}): it thinks on the page"
            ));
            None
        }
    };
    let platform = flagfall::app::Platform {
        thinking,
        camera: Some(std::rc::Rc::new(camera::BrowserCamera)),
        exports: Some(std::sync::Arc::new(downloads::Downloads)),
        clipboard: Some(std::rc::Rc::new(clipboard::PageClipboard)),
        page: Some(std::rc::Rc::new(page_history::PageHistory)),
        signals: Some(std::sync::Arc::new(sound::PageSound)),
        share: clipboard::WebShare::if_any()
            .map(|s| std::sync::Arc::new(s) as std::sync::Arc<dyn flagfall::platform::ShareSheet>),
        ..Default::default()
    };
    wasm_bindgen_futures::spawn_local(async move {
        let storage = browser_store::BrowserStore::open()
            .await
            .map(|store| Storage::in_store(Arc::new(store)));
        // The Japanese font before the first screen if that is in
        // Japanese, else once the app is usable.
        if starts_in_japanese(storage.as_ref().ok()) {
            japanese_font::bring().await;
        } else {
            japanese_font::later();
        }
        match flagfall::app::run_in_browser(page, storage, platform) {
            Ok(()) => started(),
            Err(e) => stopped(&format!("Flagfall could not start: {e}")),
        }
    });
}

/// Whether the app will start in Japanese: its saved language setting,
/// with "System" read from the browser's languages.
#[cfg(target_arch = "wasm32")]
fn starts_in_japanese(storage: Option<&flagfall::store::Storage>) -> bool {
    use flagfall::i18n::{Language, LanguageChoice};
    let choice = storage.map_or(LanguageChoice::System, |s| s.settings().0.language);
    let languages: Vec<String> = web_sys::window()
        .map(|w| w.navigator().languages())
        .map(|list| list.iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default();
    choice.resolve(&languages) == Language::Japanese
}

/// The expert's pace on this page (BENCHMARKS.md): its work a millisecond
/// over `moves` positions of `variant`, `millis` each, as `flagfall bench
/// --expert` measures it natively; as JSON, or an error's words.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn expert_pace(variant: &str, moves: u32, millis: u32, seed: u32) -> String {
    let Some(variant) = flagfall::core::builtin_variant(variant) else {
        return format!("no variant {variant}");
    };
    let pace = flagfall::ai::expert_pace(&variant, moves, millis.into(), seed.into());
    format!(
        "{{\"moves\":{},\"work\":{},\"ms\":{},\"work_per_ms\":{:.0}}}",
        pace.moves,
        pace.work,
        pace.elapsed.as_secs_f64() * 1000.0,
        pace.work_per_ms()
    )
}

/// The computer's worker: the answer to a question the page asked
/// (`flagfall::ai::thinking`), both as text.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn think(question: &str) -> String {
    flagfall::ai::answer_text(question).unwrap_or_else(|e| {
        web_log(&format!("the computer could not read its question: {e}"));
        "null".to_owned()
    })
}

/// Tells `index.html` the app is on the page (it takes its loading
/// screen away).
#[cfg(target_arch = "wasm32")]
fn started() {
    call_page("flagfallStarted", "");
}

/// Tells `index.html` the app stopped, and why: it covers the frozen
/// canvas with the reason and a Reload button (the games are saved after
/// every move).
#[cfg(target_arch = "wasm32")]
fn stopped(why: &str) {
    web_log(why);
    call_page("flagfallStopped", why);
}

/// Calls the page's function `name` with `text`, if the page has one (the
/// computer's worker has none).
#[cfg(target_arch = "wasm32")]
fn call_page(name: &str, text: &str) {
    let global = js_sys::global();
    if let Ok(function) = js_sys::Reflect::get(&global, &name.into())
        && let Some(function) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&function)
    {
        let _ = function.call1(&global, &text.into());
    }
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
