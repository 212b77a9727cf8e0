//! The way back from every screen, and no game lost on the way (issue 64):
//! Escape (a desktop's key) and Back (Android's gesture) lead from each
//! screen where its own Back or Menu button does, a question open over a
//! screen closes first, leaving a game keeps it under Continue, and starting
//! a game of a kind already in progress keeps the old one too.

use crate::common;
use flagfall::games::DeviceGame;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, AppConfig, HomeAdapter};
use flagfall::core::Side;
use flagfall::tools::screenshot::{init_headless, stage};
use i_slint_backend_testing::ElementHandle;
use slint::ComponentHandle;
use slint::platform::{Key, PointerEventButton, WindowEvent};

/// Presses and lets go of `key`, as the platform delivers it.
fn press(app: &App, key: Key) {
    let window = app.window().window();
    let text: slint::SharedString = key.into();
    window.dispatch_event(WindowEvent::KeyPressed { text: text.clone() });
    window.dispatch_event(WindowEvent::KeyReleased { text });
}

/// The games "Continue" offers, as their buttons read.
fn continue_labels(app: &App) -> Vec<String> {
    use slint::Model;
    app.window()
        .global::<HomeAdapter>()
        .get_continue_games()
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// The app with no data folder, for staging screens.
fn staging_app(seed: u64) -> App {
    app_keeping(None, seed)
}

/// The app, keeping its games in `dir` if given. (One kind of testing
/// backend for the whole file: the kinds cannot share a process.)
fn app_keeping(dir: Option<&std::path::Path>, seed: u64) -> App {
    // Once a test thread: later apps of the test share the renderer.
    let _ = init_headless();
    let app = App::new(AppConfig {
        storage: dir.map(|dir| flagfall::store::Storage::open(dir).unwrap()),
        ..AppConfig::in_memory(seed)
    })
    .unwrap();
    fit_window(&app);
    app
}

#[test]
fn escape_and_back_lead_where_each_screen_s_own_button_does() {
    // (variant, screen staged, where Escape or Back leads)
    let cases = [
        ("classic", "handoff", "home"),
        ("domino", "deal", "home"),
        ("classic", "setup", "home"),
        ("classic", "play", "home"),
        ("classic", "battle", "home"),
        ("classic", "over", "home"),
        ("classic", "rules", "home"),
        ("classic", "settings", "home"),
        ("classic", "about", "home"),
        ("classic", "about-notices", "about"),
        ("classic", "records", "home"),
        ("classic", "choose-record", "records"),
        ("classic", "print", "home"),
        ("classic", "read-code", "home"),
        ("classic", "send-game", "home"),
        ("classic", "invite", "home"),
        ("classic", "link-code", "home"),
        ("classic", "referee-setup", "home"),
        ("classic", "referee", "home"),
        ("classic", "referee-challenge", "referee"),
        ("classic", "table-clock", "home"),
        ("classic", "table-clock-choose", "table-clock"),
    ];
    let mut wrong = Vec::new();
    for key in [Key::Escape, Key::Back] {
        for (variant, staged, expected) in cases {
            let app = staging_app(5);
            stage(&app, variant, staged, 5).unwrap();
            let before = screen(&app);
            press(&app, key);
            let after = screen(&app);
            if after != expected {
                wrong.push(format!("{key:?} on {variant} {staged} ({before}): {after}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_game_left_by_escape_waits_under_continue() {
    for staged in ["handoff", "setup", "play", "battle", "invite", "link-code"] {
        let app = staging_app(6);
        stage(&app, "classic", staged, 6).unwrap();
        press(&app, Key::Escape);
        assert_eq!(screen(&app), "home", "{staged}");
        let games = continue_labels(&app);
        assert_eq!(games.len(), 1, "{staged}: {games:?}");
        tap(&app, &games[0]);
        assert_ne!(screen(&app), "home", "{staged}: Continue shows the game");
    }
}

#[test]
fn every_game_screen_has_a_menu_button_that_keeps_the_game() {
    for (variant, staged) in [
        ("classic", "handoff"),
        ("domino", "deal"),
        ("piecepack", "deal"),
        ("classic", "setup"),
        ("classic", "play"),
    ] {
        let app = staging_app(7);
        stage(&app, variant, staged, 7).unwrap();
        tap(&app, "Menu");
        assert_eq!(screen(&app), "home", "{variant} {staged}");
        assert_eq!(continue_labels(&app).len(), 1, "{variant} {staged}");
    }
}

#[test]
fn a_question_closes_before_the_screen() {
    // Resigning, asked on the play screen: Escape answers no.
    let app = staging_app(8);
    stage(&app, "classic", "play", 8).unwrap();
    tap(&app, "Resign");
    assert!(labels(&app).iter().any(|l| l == "Resign now"));
    press(&app, Key::Escape);
    assert_eq!(screen(&app), "play");
    assert!(!labels(&app).iter().any(|l| l == "Resign now"));
    assert!(!app.one_device().unwrap().is_over());
    press(&app, Key::Escape);
    assert_eq!(screen(&app), "home");

    // Deleting a game, asked on the home screen: Escape keeps it.
    let games = continue_labels(&app);
    assert_eq!(games.len(), 1);
    tap(&app, &format!("Delete: {}", games[0]));
    assert!(
        !app.window()
            .global::<HomeAdapter>()
            .get_confirm_delete_text()
            .is_empty()
    );
    press(&app, Key::Back);
    assert!(
        app.window()
            .global::<HomeAdapter>()
            .get_confirm_delete_text()
            .is_empty()
    );
    assert_eq!(continue_labels(&app), games);
    // Nothing is left to go back to: home stays (Android then leaves the app).
    press(&app, Key::Back);
    assert_eq!(screen(&app), "home");
    assert_eq!(continue_labels(&app), games);
}

/// Clicks the element labelled `label` with the pointer, as a mouse or a
/// finger does (which gives a button the focus).
fn click(app: &App, label: &str) {
    let element = ElementHandle::find_by_accessible_label(app.window(), label)
        .next()
        .unwrap_or_else(|| panic!("no {label:?}"));
    let (at, size) = (element.absolute_position(), element.size());
    let position = slint::LogicalPosition::new(at.x + size.width / 2.0, at.y + size.height / 2.0);
    let window = app.window().window();
    let button = PointerEventButton::Left;
    window.dispatch_event(WindowEvent::PointerPressed { position, button });
    window.dispatch_event(WindowEvent::PointerReleased { position, button });
}

#[test]
fn keys_still_reach_the_window_after_a_clicked_button_is_gone() {
    let app = staging_app(9);
    for (button, opens) in [("Rules", "rules"), ("Settings", "settings")] {
        click(&app, button);
        assert_eq!(screen(&app), opens);
        press(&app, Key::Escape);
        assert_eq!(screen(&app), "home", "after {button}");
    }
}

/// A pass-and-play game of `variant` started from home and played to its
/// first move, then left by its Menu button.
fn start_and_leave(app: &App) {
    start_pass_and_play(app);
    hand_to(app, Side::Red);
    let m = {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(Side::Red).unwrap();
        *view.legal_moves.first().unwrap()
    };
    tap_move(app, m);
    tap(app, "Menu");
    assert_eq!(screen(app), "home");
}

/// Issue 81, item 3: opening a game from "Continue" and leaving it does
/// not move it in the list, newest games first.
#[test]
fn continue_keeps_its_order_however_often_a_game_is_opened() {
    let app = staging_app(12);
    for variant in ["Classic", "Barrage", "Duell"] {
        tap(&app, variant);
        start_and_leave(&app);
    }
    let order = continue_labels(&app);
    assert_eq!(order.len(), 3, "{order:?}");
    assert!(
        order[0].starts_with("Continue: Duell") && order[2].starts_with("Continue: Classic"),
        "newest first: {order:?}"
    );
    for index in [2, 0, 1, 2] {
        app.window()
            .global::<HomeAdapter>()
            .invoke_continue_game(index);
        assert_eq!(screen(&app), "handoff");
        tap(&app, "Menu");
        assert_eq!(continue_labels(&app), order, "after opening game {index}");
    }

    // A phone lists the first three, then a button for all of them, so
    // the tools and a new game stay near the top.
    for variant in ["Small (8x8)", "Ultimate Lightning"] {
        tap(&app, variant);
        start_and_leave(&app);
    }
    // Each game once, in the order of the list (a label can be on several
    // elements of a button).
    let on_screen = |app: &App| {
        let mut shown: Vec<String> = Vec::new();
        for label in labels(app) {
            if label.starts_with("Continue: ") && !shown.contains(&label) {
                shown.push(label);
            }
        }
        shown
    };
    assert_eq!(on_screen(&app), continue_labels(&app)[..3]);
    tap(&app, "All 5 games in progress");
    assert_eq!(on_screen(&app), continue_labels(&app));
}

#[test]
fn starting_a_game_of_a_kind_in_progress_keeps_the_old_one() {
    let dir = fresh_dir("navigation-two-of-a-kind");
    let app = app_keeping(Some(&dir), 10);
    start_and_leave(&app);
    let first = continue_labels(&app);
    assert_eq!(first.len(), 1, "{first:?}");
    start_and_leave(&app);
    let both = continue_labels(&app);
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(both.iter().all(|l| l.contains("Classic")), "{both:?}");
    drop(app);

    // Both are on disk, each in a file of its own, and both come back.
    let files = std::fs::read_dir(dir.join("in-progress"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert_eq!(files, 2);
    let app = app_keeping(Some(&dir), 11);
    assert_eq!(continue_labels(&app).len(), 2);
    // Each can be taken up again.
    for index in 0..2 {
        app.window()
            .global::<HomeAdapter>()
            .invoke_continue_game(index);
        assert_eq!(screen(&app), "handoff");
        tap(&app, "Menu");
    }
    assert_eq!(continue_labels(&app).len(), 2);
}

#[test]
fn about_goes_back_to_where_it_was_opened_and_shows_the_version_and_notices() {
    let app = staging_app(9);
    click(&app, "About Flagfall");
    assert_eq!(screen(&app), "about");
    assert_shows(&app, &format!("Version {}", env!("CARGO_PKG_VERSION")));
    assert_shows(
        &app,
        "Flagfall is free software under the GNU General Public License",
    );
    click(&app, "Licences of the parts it is built from");
    assert_eq!(screen(&app), "about");
    // The notices name the crates the app ships, Slint's among them.
    assert!(
        labels(&app).iter().any(|l| l.contains("slint")),
        "{:?}",
        labels(&app)
    );
    press(&app, Key::Escape);
    assert_shows(&app, "Flagfall is free software");
    press(&app, Key::Escape);
    assert_eq!(screen(&app), "home");

    // From Settings, About's Back leads back to Settings.
    click(&app, "Settings");
    click(&app, "About Flagfall");
    assert_eq!(screen(&app), "about");
    click(&app, "Back");
    assert_eq!(screen(&app), "settings");
    press(&app, Key::Escape);
    assert_eq!(screen(&app), "home");
}

/// A browser page as the app sees it (tests/ui_language.rs has one too): what it was last told, and the way
/// back the app gave it.
#[derive(Default)]
struct FakePage {
    told: std::cell::RefCell<Vec<(bool, String)>>,
    back: std::cell::RefCell<Option<Box<dyn Fn() -> bool>>>,
    /// The text it holds for a screen reader.
    read: std::cell::RefCell<(String, Vec<String>)>,
}

impl flagfall::platform::page::Page for FakePage {
    fn showing(&self, can_go_back: bool, lang: &str) {
        self.told.borrow_mut().push((can_go_back, lang.to_owned()));
    }

    fn reading(&self, now: &str, lines: &[String]) {
        *self.read.borrow_mut() = (now.to_owned(), lines.to_vec());
    }

    fn on_back(&self, back: Box<dyn Fn() -> bool>) {
        *self.back.borrow_mut() = Some(back);
    }
}

impl FakePage {
    fn last(&self) -> (bool, String) {
        self.told
            .borrow()
            .last()
            .cloned()
            .expect("the page was told")
    }

    /// The browser's Back button.
    fn press_back(&self) -> bool {
        (self
            .back
            .borrow()
            .as_ref()
            .expect("the app gave its way back"))()
    }
}

/// The app in a browser page as the app sees one.
fn app_in_a_page() -> (App, std::rc::Rc<FakePage>) {
    let _ = init_headless();
    let page = std::rc::Rc::new(FakePage::default());
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            page: Some(page.clone()),
            ..Default::default()
        },
        ..AppConfig::in_memory(5)
    })
    .unwrap();
    fit_window(&app);
    (app, page)
}

#[test]
fn a_browser_s_back_button_goes_where_the_app_s_back_goes() {
    let (app, page) = app_in_a_page();
    assert_eq!(
        page.last(),
        (false, "en".to_owned()),
        "home: Back leaves the page"
    );

    tap(&app, "Start pass-and-play");
    assert_ne!(screen(&app), "home");
    assert_eq!(
        page.last(),
        (true, "en".to_owned()),
        "in a game Back stays in the app"
    );
    assert!(page.press_back());
    assert_eq!(
        screen(&app),
        "home",
        "Back leads home, as the app's Menu does"
    );
    assert_eq!(page.last(), (false, "en".to_owned()));
    assert!(
        !page.press_back(),
        "from home there is nowhere to go back to"
    );

    tap(&app, "Settings");
    assert!(page.last().0, "Back closes the settings");
}

/// A screen reader in a browser reads the play screen's turn, last move
/// and moves as the page's text; once the device is handed to the other
/// player the page holds nothing of the first player's screen.
#[test]
fn a_browser_page_holds_the_play_screen_as_text_and_nothing_after_a_hand_off() {
    let (app, page) = app_in_a_page();
    start_pass_and_play(&app);
    hand_to(&app, Side::Red);
    assert_eq!(screen(&app), "play");
    let (now, lines) = page.read.borrow().clone();
    assert!(now.contains("your turn"), "{now}");
    assert!(lines.is_empty(), "{lines:?}");

    let m = {
        let game = app.one_device();
        let view = game.as_ref().unwrap().view(Side::Red).unwrap();
        *view.legal_moves.first().unwrap()
    };
    tap_move(&app, m);
    let told_after_the_move = page.read.borrow().clone();
    assert_eq!(screen(&app), "handoff");
    assert_eq!(
        told_after_the_move,
        (String::new(), Vec::new()),
        "Red's screen stays in the page for Blue to read"
    );
    hand_to(&app, Side::Blue);
    let (now, lines) = page.read.borrow().clone();
    assert!(now.contains("your turn"), "{now}");
    assert_eq!(lines, vec![format!("1. Red: {m}")]);
}
