//! Moving a game to another device through the real UI: the codes screen
//! shows the game (warning that it holds both armies), and another app
//! reads the codes' text and goes on with the same game.

use crate::common;
use flagfall::games::DeviceGame;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::App;
use slint::ComponentHandle;

fn code_texts(app: &App) -> Vec<String> {
    let mut texts = Vec::new();
    loop {
        let text = labels(app)
            .into_iter()
            .find_map(|l| l.strip_prefix("code text: ").map(str::to_string))
            .expect("the code's text is on screen");
        if !texts.contains(&text) {
            texts.push(text);
        }
        let next = elements(app)
            .into_iter()
            .find(|e| e.accessible_label().is_some_and(|l| l == "Next ›"));
        match next {
            Some(button) if button.accessible_enabled().unwrap_or(false) => {
                button.invoke_accessible_default_action()
            }
            _ => return texts,
        }
    }
}

/// Starts a classic game against the computer (random), set up by "Fill
/// for me", on `app`, and leaves it at its first move.
fn start_solo_game(app: &App) {
    for label in [
        "Classic",
        "Opponent: Computer",
        "Level: Random",
        "Start vs computer",
        "Fill for me",
        "Ready",
    ] {
        tap(app, label);
    }
}

#[test]
fn a_game_moves_to_another_app_through_its_codes() {
    let app = new_app(5);
    start_solo_game(&app);
    assert_eq!(screen(&app), "play");
    tap(&app, "Menu");
    tap(&app, "Move a game to another device");
    assert_eq!(screen(&app), "codes");
    let shown = labels(&app);
    assert!(
        shown
            .iter()
            .any(|l| l.starts_with("warning: These codes hold both armies")),
        "{shown:?}"
    );
    assert!(shown.iter().any(|l| l.starts_with("QR code")), "{shown:?}");
    let texts = code_texts(&app);
    assert!(!texts.is_empty());

    let other = App::new(flagfall::app::AppConfig::in_memory(6)).unwrap();
    fit_window(&other);
    tap(&other, "Read a code");
    assert_eq!(screen(&other), "codes");
    let paste_other = |text: &str| paste(&other, text);
    paste_other("FLAGFALL:NOT A CODE");
    assert!(
        labels(&other)
            .iter()
            .any(|l| l.starts_with("reading: Not read: the code is damaged")),
        "{:?}",
        labels(&other)
    );
    for text in texts.iter().rev() {
        paste_other(text);
    }
    // Issue 77: moved, not copied. The game arrives locked: the other app
    // shows its receipt, and plays nothing until this one lets go.
    assert_eq!(screen(&other), "codes", "{:?}", labels(&other));
    assert_shows(&other, "A game arriving from another device");
    assert!(other.one_device().as_ref().unwrap().handed().is_some());
    let receipt = code_on_screen(&other);
    // This app reads the receipt: its game is moved away, and it shows the release.
    paste(&app, &receipt);
    assert_shows(&app, "This game is on another device now");
    let release = code_on_screen(&app);
    paste_other(&release);
    assert_ne!(screen(&other), "codes", "{:?}", labels(&other));
    assert!(other.one_device().as_ref().unwrap().handed().is_none());
    let moved = other.one_device().as_ref().unwrap().to_saved();
    let original = app.one_device().as_ref().unwrap().to_saved();
    assert_eq!(
        (moved.actions, moved.red, moved.blue, moved.computer),
        (
            original.actions,
            original.red,
            original.blue,
            original.computer
        )
    );
    // The game is played on over there only: here it says where it went,
    // opens on its release, and refuses a move.
    tap(&app, "Menu");
    assert_shows(
        &app,
        "Continue: Classic against the computer (random), you play Red: moved to another device on ",
    );
    let line = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("Continue: Classic"))
        .unwrap();
    tap(&app, &line);
    assert_eq!(screen(&app), "codes");
    assert_eq!(code_on_screen(&app), release, "the release, to show again");
}

/// A move given up (the sender left its codes before reading the other
/// device's receipt) leaves the game here, and the copy over there locked
/// for good: no code releases it, so the game is never played on from two
/// devices.
#[test]
fn a_move_given_up_leaves_the_copy_locked_for_good() {
    let app = new_app(7);
    start_solo_game(&app);
    tap(&app, "Menu");
    tap(&app, "Move a game to another device");
    let texts = code_texts(&app);
    tap(&app, "Menu");
    let other = new_app(8);
    tap(&other, "Read a code");
    for text in texts.iter().rev() {
        paste(&other, text);
    }
    let receipt = code_on_screen(&other);
    // The sender, no longer moving the game, plays on, and refuses the receipt.
    let line = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("Continue: Classic"))
        .unwrap();
    tap(&app, &line);
    assert_eq!(screen(&app), "play");
    tap(&app, "Menu");
    tap(&app, "Read a code");
    paste(&app, &receipt);
    assert_eq!(screen(&app), "codes");
    assert!(app.one_device().as_ref().unwrap().handed().is_none());
    // A release forged for the copy's move, with a number of its own, is refused.
    let (id, _) =
        flagfall::link::read_handover(&receipt, flagfall::link::Handover::Receipt).unwrap();
    let forged = flagfall::link::handover_code(flagfall::link::Handover::Release, id, [9; 16]);
    paste(&other, &forged);
    assert_shows(
        &other,
        "reading: Not read: this code belongs to another move",
    );
    assert!(other.one_device().as_ref().unwrap().handed().is_some());
}

/// Issue 17: 60 million pasted characters used to cost 394 MB; text longer
/// than any code can be is refused unread, and the field is emptied.
#[test]
fn pasted_text_longer_than_any_code_is_refused_unread() {
    let app = new_app(6);
    tap(&app, "Read a code");
    let field = elements(&app)
        .into_iter()
        .find(|e| {
            e.accessible_label()
                .is_some_and(|l| l == "code text to read")
        })
        .expect("the paste field");
    let flood = format!("FLAGFALL:{}", "0".repeat(flagfall::link::MAX_PASTED_BYTES));
    field.set_accessible_value(&flood);
    tap(&app, "Read the text");
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("reading: That text is 256 KB, longer than any code can be")),
        "{:?}",
        labels(&app)
    );
}

/// A game moved here is kept beside the games already here, in a file of
/// its own, even when it is the same game coming back to the device it left
/// (issue 64: a moved game and a game of its kind here shared one file, and
/// the one saved last was all that came back).
#[test]
fn a_game_moved_back_to_its_device_is_kept_beside_the_one_there() {
    let dir = fresh_dir("codes-moved-back");
    let app = app_with_storage(&dir, 15);
    start_solo_game(&app);
    tap(&app, "Menu");
    tap(&app, "Move a game to another device");
    let texts = code_texts(&app);
    tap(&app, "Menu");
    // The codes come back to the same device, which still holds the game.
    tap(&app, "Read a code");
    for text in texts.iter().rev() {
        paste(&app, text);
    }
    // The copy arrives locked (the move was given up: it stays so).
    assert_eq!(screen(&app), "codes", "{:?}", labels(&app));
    tap(&app, "Menu");
    use slint::Model;
    let games = app
        .window()
        .global::<flagfall::app::HomeAdapter>()
        .get_continue_games();
    assert_eq!(games.row_count(), 2);
    drop(app);
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
    let app = app_with_storage(&dir, 16);
    let games = app
        .window()
        .global::<flagfall::app::HomeAdapter>()
        .get_continue_games();
    assert_eq!(games.row_count(), 2);
}
