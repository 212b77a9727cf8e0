//! Moving a game to another device through the real UI: the codes screen
//! shows the game (warning that it holds both armies), and another app
//! reads the codes' text and goes on with the same game.

mod common;

use common::ui::*;
use flagfall::app::App;

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
