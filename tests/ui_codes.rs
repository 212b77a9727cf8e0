//! Moving a game to another device through the real UI: the codes screen
//! shows the game (warning that it holds both armies), and another app
//! reads the codes' text and goes on with the same game.

mod common;

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

#[test]
fn a_game_moves_to_another_app_through_its_codes() {
    let app = new_app(5);
    tap(&app, "Classic");
    tap(&app, "Opponent: Computer");
    tap(&app, "Level: Random");
    tap(&app, "Start vs computer");
    tap(&app, "Fill for me");
    tap(&app, "Ready");
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
    let paste = |text: &str| {
        elements(&other)
            .into_iter()
            .find(|e| {
                e.accessible_label()
                    .is_some_and(|l| l == "code text to read")
            })
            .expect("the paste field")
            .set_accessible_value(text);
        tap(&other, "Read the text");
    };
    paste("FLAGFALL:NOT A CODE");
    assert!(
        labels(&other)
            .iter()
            .any(|l| l.starts_with("reading: Not read: the code is damaged")),
        "{:?}",
        labels(&other)
    );
    for text in texts.iter().rev() {
        paste(text);
    }
    assert_ne!(screen(&other), "codes", "{:?}", labels(&other));
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
    let flood = format!(
        "FLAGFALL:{}",
        "0".repeat(flagfall::session::link::MAX_PASTED_BYTES)
    );
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
    tap(&app, "Classic");
    tap(&app, "Opponent: Computer");
    tap(&app, "Level: Random");
    tap(&app, "Start vs computer");
    tap(&app, "Fill for me");
    tap(&app, "Ready");
    tap(&app, "Menu");
    tap(&app, "Move a game to another device");
    let texts = code_texts(&app);
    tap(&app, "Menu");
    // The codes come back to the same device, which still holds the game.
    tap(&app, "Read a code");
    for text in texts.iter().rev() {
        paste(&app, text);
    }
    assert_ne!(screen(&app), "codes", "{:?}", labels(&app));
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
