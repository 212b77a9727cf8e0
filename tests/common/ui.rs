//! Helpers for the UI tests: the real app window, found and tapped through
//! accessible labels.

use flagfall::app::Router;
use flagfall::app::{App, AppConfig};
use flagfall::core::{Side, Square};
use flagfall::store::Storage;
use i_slint_backend_testing::{ElementHandle, ElementQuery};
use slint::ComponentHandle;
use std::path::Path;

/// The app in a window tall enough that no screen scrolls: the testing
/// backend's queries skip elements scrolled out of view.
pub fn new_app(seed: u64) -> App {
    app_of(AppConfig::in_memory(seed))
}

/// `new_app` as `config` says (a platform's camera or clipboard, say).
pub fn app_of(config: AppConfig) -> App {
    thread_local! {
        // Slint's platform is set once a thread.
        static PLATFORM: () = i_slint_backend_testing::init_no_event_loop();
    }
    PLATFORM.with(|_| ());
    let app = App::new(config).expect("the app window");
    fit_window(&app);
    app
}

/// A window tall enough that no screen scrolls (see `new_app`).
pub fn fit_window(app: &App) {
    slint::ComponentHandle::window(app.window()).set_size(slint::LogicalSize::new(1280.0, 1600.0));
}

pub fn elements(app: &App) -> Vec<ElementHandle> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .find_all()
}

pub fn labels(app: &App) -> Vec<String> {
    elements(app)
        .iter()
        .filter_map(|e| e.accessible_label())
        .map(|l| l.to_string())
        .collect()
}

/// The screen shown, by the name `ui/app.slint` gives it ("home", "play",
/// "referee-setup", ...).
pub fn screen(app: &App) -> String {
    use flagfall::app::Screen;
    match app.window().global::<Router>().get_screen() {
        Screen::Home => "home",
        Screen::Codes => "codes",
        Screen::Link => "link",
        Screen::Handoff => "handoff",
        Screen::Deal => "deal",
        Screen::Setup => "setup",
        Screen::Play => "play",
        Screen::Over => "over",
        Screen::Rules => "rules",
        Screen::Settings => "settings",
        Screen::About => "about",
        Screen::Records => "records",
        Screen::Print => "print",
        Screen::RefereeSetup => "referee-setup",
        Screen::Referee => "referee",
        Screen::RefereeChallenge => "referee-challenge",
        Screen::TableClock => "table-clock",
        Screen::Lessons => "lessons",
        Screen::Lesson => "lesson",
    }
    .to_string()
}

/// Taps the element whose label is `label` (or starts with it, for buttons that add state).
pub fn tap(app: &App, label: &str) {
    let found = elements(app).into_iter().find(|e| {
        e.accessible_label()
            .is_some_and(|l| l == label || l.starts_with(label))
    });
    let element = found.unwrap_or_else(|| {
        panic!(
            "no element \"{label}\" on the {} screen; labels: {:?}",
            screen(app),
            labels(app)
        )
    });
    element.invoke_accessible_default_action();
}

/// Plays `m` by tapping its two squares.
pub fn tap_move(app: &App, m: flagfall::core::Move) {
    tap(app, &format!("{}, your", m.from));
    tap(app, &format!("{}, ", m.to));
}

/// Pastes a code's text on the codes screen and reads it.
pub fn paste(app: &App, text: &str) {
    elements(app)
        .into_iter()
        .find(|e| {
            e.accessible_label()
                .is_some_and(|l| l == "code text to read")
        })
        .unwrap_or_else(|| panic!("no paste field on the {} screen", screen(app)))
        .set_accessible_value(text);
    tap(app, "Read the text");
}

/// Types `text` into the field labelled `label`, as a player would.
pub fn type_into(app: &App, label: &str, text: &str) {
    elements(app)
        .into_iter()
        .find(|e| e.accessible_label().is_some_and(|l| l == label))
        .unwrap_or_else(|| panic!("no field \"{label}\" on the {} screen", screen(app)))
        .set_accessible_value(text);
}

/// The board squares on screen: (square, label).
pub fn squares(app: &App) -> Vec<(Square, String)> {
    labels(app)
        .into_iter()
        .filter_map(|l| {
            let (name, _) = l.split_once(", ")?;
            Some((name.parse().ok()?, l))
        })
        .collect()
}

/// No piece of either army is on screen.
pub fn assert_no_pieces(app: &App) {
    for label in labels(app) {
        assert!(
            !label.contains(", your ") && !label.contains(", enemy") && !label.starts_with("tray:"),
            "the hand-off screen shows \"{label}\""
        );
    }
}

/// Reveals the hand-off screen for `side`, checking it shows no piece first.
pub fn hand_to(app: &App, side: Side) {
    assert_eq!(screen(app), "handoff");
    assert_no_pieces(app);
    let player = side.name();
    tap(
        app,
        &format!("Pass the device to {player}. {player}: tap when only you can see the screen"),
    );
}

/// The code this device shows (its text).
pub fn code_on_screen(app: &App) -> String {
    labels(app)
        .into_iter()
        .find_map(|l| l.strip_prefix("code text: ").map(str::to_string))
        .unwrap_or_else(|| panic!("no code on the {} screen: {:?}", screen(app), labels(app)))
}

/// Starts a classic game on `app` against another device and sets up.
pub fn invite_other_device(app: &App) -> String {
    tap(app, "Classic");
    tap(app, "Opponent: Other device");
    tap(app, "Your side: Red (first)");
    tap(app, "Start: invite another device");
    assert_eq!(screen(app), "setup", "{:?}", labels(app));
    tap(app, "Fill for me");
    tap(app, "Ready");
    assert_eq!(screen(app), "link");
    let shown = labels(app);
    assert!(shown.iter().any(|l| l.starts_with("QR code")), "{shown:?}");
    code_on_screen(app)
}

/// Asserts that some label on screen starts with `start` (the whole label
/// when it is the whole text), listing what is shown when none does.
pub fn assert_shows(app: &App, start: &str) {
    let shown = labels(app);
    assert!(
        shown.iter().any(|l| l.starts_with(start)),
        "no label starting {start:?} on the {} screen: {shown:?}",
        screen(app)
    );
}

/// Starts a pass-and-play game from home and sets both armies up with
/// "Fill for me"; the device is then to be handed to the first player.
pub fn start_pass_and_play(app: &App) {
    tap(app, "Start pass-and-play");
    for side in Side::BOTH {
        hand_to(app, side);
        tap(app, "Fill for me");
        tap(app, "Ready");
    }
}

/// The actions played so far in the game on show on this device.
pub fn played(app: &App) -> Vec<flagfall::core::Action> {
    app.one_device()
        .as_ref()
        .and_then(|session| session.game())
        .map(|game| game.actions().to_vec())
        .unwrap_or_default()
}

/// The app keeping its games in `dir`, as a player's app does.
pub fn app_with_storage(dir: &Path, seed: u64) -> App {
    let _ = std::panic::catch_unwind(i_slint_backend_testing::init_no_event_loop);
    let app = App::new(AppConfig {
        seed,
        storage: Some(Storage::open(dir).expect("a data folder")),
        ..AppConfig::in_memory(seed)
    })
    .expect("the app window");
    fit_window(&app);
    app
}

/// The app keeping its games in `storage` (a store in memory, say).
pub fn app_on_storage(storage: &Storage, seed: u64) -> App {
    let _ = std::panic::catch_unwind(i_slint_backend_testing::init_no_event_loop);
    let app = App::new(AppConfig {
        seed,
        storage: Some(storage.clone()),
        ..AppConfig::in_memory(seed)
    })
    .expect("the app window");
    fit_window(&app);
    app
}

/// An app whose clocks read `time`, a hand-set time source (no test sleeps).
pub fn app_on_time(
    seed: u64,
    time: std::sync::Arc<flagfall::platform::time_source::HandSet>,
    signals: Option<std::sync::Arc<dyn flagfall::platform::clock_signals::Signals>>,
) -> App {
    i_slint_backend_testing::init_no_event_loop();
    let mut config = AppConfig::in_memory(seed);
    config.time = time;
    config.platform.signals = signals;
    let app = App::new(config).expect("the app window");
    fit_window(&app);
    app
}

/// `seconds` pass, on the hand-set time source and for Slint's timers (the
/// worker timer ticks the clocks), a tenth of a second at a time.
pub fn pass_time(time: &flagfall::platform::time_source::HandSet, seconds: f64) {
    let step = std::time::Duration::from_millis(100);
    let mut left = std::time::Duration::from_secs_f64(seconds);
    while !left.is_zero() {
        let d = left.min(step);
        time.advance(d);
        i_slint_backend_testing::mock_elapsed_time(d);
        left -= d;
    }
}

/// The holder's move as a player would pick it from what it sees: an
/// attack where there is one, else the step farthest towards the enemy.
pub fn forward_move(app: &App) -> flagfall::core::Move {
    let session = app.one_device();
    let session = session.as_ref().expect("a game on this device");
    let view = session.view(session.holder()).expect("a turn");
    let score = |m: &flagfall::core::Move| {
        let attack = view.at(m.to).is_some_and(|p| p.owner != view.viewer);
        let gain = if view.viewer == Side::Red {
            m.to.row as i32 - m.from.row as i32
        } else {
            m.from.row as i32 - m.to.row as i32
        };
        if attack { 100 } else { gain }
    };
    *view
        .legal_moves
        .iter()
        .max_by_key(|m| score(m))
        .expect("a legal move")
}

/// Clicks `square` on the board as drawn, in any language: its cell is the
/// one whose label starts with the square's name ("e4, your Captain",
/// "e4、あなたの大尉").
pub fn click_square(app: &App, square: Square) {
    flagfall::tools::lesson_walk::tap_square(app, square).unwrap_or_else(|e| panic!("{e}"));
}

/// Opens every lesson from the list and plays it through as a learner
/// would, by its own hints (`flagfall::tools::lesson_walk`); `at_each` is
/// called at each stop of the walk (each step before its answer and after
/// it, then the list once every lesson is done) with where it is
/// ("classic-move-and-attack step 2", "... step 2, solved"). Any language.
pub fn through_every_lesson(app: &App, mut at_each: impl FnMut(&App, &str)) {
    use flagfall::tools::lesson_walk;
    lesson_walk::start(app);
    for stop in lesson_walk::every_stop().unwrap() {
        lesson_walk::go_to(app, &stop).unwrap_or_else(|e| panic!("{e}"));
        at_each(app, &stop.label());
    }
}
