//! The browser test's hooks (`web/browser_test.py`): it brings the page's
//! app to each screen `flagfall screenshot` knows, by the same callbacks a
//! player's taps use, and asks where the text fields and scrolling lists
//! are, to type into and scroll each as a player would. Nothing here shows
//! a player anything their own taps could not.

use flagfall::app::{App, Navigation};
use flagfall::tools::lesson_walk::{self, Stop};
use flagfall::tools::{LINKED_SCREENS, SCREENS, stage, stage_linked};
use i_slint_backend_testing::ElementHandle;
use slint::ComponentHandle;
use wasm_bindgen::prelude::*;

/// Every screen a page has that the hooks can stage, as JSON (the
/// screenshot tool's, then the two-device ones); not the desktop's file
/// chooser, which a page never shows (it takes a record's text instead).
#[wasm_bindgen]
pub fn test_screens() -> String {
    let names: Vec<&str> = SCREENS
        .iter()
        .chain(LINKED_SCREENS.iter())
        .copied()
        .filter(|screen| *screen != "choose-record")
        .collect();
    serde_json::to_string(&names).unwrap_or_default()
}

/// Brings the app home: Back until there is nowhere to go.
fn go_home(app: &App) {
    let navigation = app.window().global::<Navigation>();
    // Bounded: a screen never takes more than a few steps back.
    for _ in 0..8 {
        if !navigation.invoke_back() {
            break;
        }
    }
}

/// Redraws the page's app: the hooks are called from the page's script,
/// outside Slint's event loop, so wake it.
fn redraw(app: &App) {
    app.window().window().request_redraw();
    let _ = slint::invoke_from_event_loop(|| {});
}

thread_local! {
    /// The lesson walk's stops, worked out once for the page.
    static LESSON_STOPS: Result<Vec<Stop>, String> = lesson_walk::every_stop();
}

/// Where the lesson walk stops (`lesson_walk::every_stop`): every step of
/// every lesson before and after its answer, then the list, as JSON labels
/// (`["classic-move-and-attack step 1", ...]`), or `{"error": why}`.
#[wasm_bindgen]
pub fn test_lesson_stops() -> String {
    LESSON_STOPS.with(|stops| match stops {
        Ok(stops) => serde_json::to_string(&stops.iter().map(Stop::label).collect::<Vec<_>>())
            .unwrap_or_default(),
        Err(why) => serde_json::json!({ "error": why }).to_string(),
    })
}

/// Takes the app to the lesson walk's stop `index`, by the taps a learner
/// makes: stop 0 from home (the list opened first), each later one from the
/// stop before it. "" when it is there, else why not.
#[wasm_bindgen]
pub fn test_lesson_stop(index: usize) -> String {
    flagfall::app::with_app_in_page(|app: &App| {
        let went = LESSON_STOPS.with(|stops| {
            let stop = stops.as_ref()?.get(index).ok_or("no such stop")?;
            if index == 0 {
                go_home(app);
                lesson_walk::start(app);
            }
            lesson_walk::go_to(app, stop)
        });
        redraw(app);
        went.err().unwrap_or_default()
    })
    .unwrap_or_else(|| "the app has not started".into())
}

/// Brings the app home (Back until there is nowhere to go), then to
/// `screen` of `variant`; "" when it is there, else why not.
#[wasm_bindgen]
pub fn test_stage(variant: &str, screen: &str) -> String {
    flagfall::app::with_app_in_page(|app: &App| {
        go_home(app);
        let staged = if LINKED_SCREENS.contains(&screen) {
            stage(app, variant, "home", 7).and_then(|()| stage_linked(app, screen, 7))
        } else {
            stage(app, variant, screen, 7)
        };
        redraw(app);
        staged.err().unwrap_or_default()
    })
    .unwrap_or_else(|| "the app has not started".into())
}

/// Where each shown element of `type_name` ("LineEdit", "ScrollView"...)
/// is, as JSON: `[[x, y, width, height], ...]` in the page's pixels, only
/// those at least partly in the window.
#[wasm_bindgen]
pub fn test_elements(type_name: &str) -> String {
    flagfall::app::with_app_in_page(|app: &App| {
        let window = app
            .window()
            .window()
            .size()
            .to_logical(app.window().window().scale_factor());
        let boxes: Vec<[f32; 4]> =
            ElementHandle::find_by_element_type_name(app.window(), type_name)
                .filter(|e| e.is_valid() && e.computed_opacity() > 0.0)
                .map(|e| {
                    let at = e.absolute_position();
                    let size = e.size();
                    [at.x, at.y, size.width, size.height]
                })
                .filter(|[x, y, w, h]| {
                    *w > 0.0
                        && *h > 0.0
                        && *x < window.width
                        && *y < window.height
                        && x + w > 0.0
                        && y + h > 0.0
                })
                .collect();
        serde_json::to_string(&boxes).unwrap_or_default()
    })
    .unwrap_or_else(|| "[]".into())
}
