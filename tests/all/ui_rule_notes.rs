//! Rules where they bite, in the real UI (issue 82 item 3): the first
//! battle of a pass-and-play game is explained to the player who fought it,
//! over the battle's picture, with "More" opening its lesson and coming
//! back to the same turn; the note never reaches the other player, is not
//! shown twice (also after a restart), and the Settings switch turns notes
//! off.

use crate::common::fresh_dir;
use crate::common::ui::*;
use flagfall::app::{App, PlayAdapter};
use flagfall::core::Side;
use slint::ComponentHandle;

/// The rule note on screen, if any.
fn rule_note(app: &App) -> Option<String> {
    labels(app)
        .into_iter()
        .find_map(|l| l.strip_prefix("rule: ").map(str::to_string))
}

/// Plays on, handing the device over, until a battle's picture is up; the
/// side that fought it, and any note shown before it.
fn play_to_first_battle(app: &App) -> (Side, Vec<String>) {
    let mut notes_before = Vec::new();
    for _ in 0..400 {
        match screen(app).as_str() {
            "handoff" => {
                let side = app.one_device().as_ref().unwrap().handoff().unwrap();
                hand_to(app, side);
            }
            "play" if app.window().global::<PlayAdapter>().get_battle_visible() => {
                let mover = app.one_device().as_ref().unwrap().holder();
                return (mover, notes_before);
            }
            "play" => {
                notes_before.extend(rule_note(app));
                tap_move(app, forward_move(app));
            }
            other => panic!("unexpected screen {other}"),
        }
    }
    panic!("no battle in 400 steps");
}

#[test]
fn the_first_battle_is_explained_once_to_its_player_with_its_lesson_one_tap_away() {
    let dir = fresh_dir("rule-notes");
    let app = app_with_storage(&dir, 11);
    start_pass_and_play(&app);
    hand_to(&app, Side::Red);
    let (mover, before) = play_to_first_battle(&app);
    // Only scouts' long runs can come before a battle.
    assert!(
        before.iter().all(|n| n.contains("moves so far")),
        "{before:?}"
    );
    let note = rule_note(&app).expect("the first battle is explained");
    assert!(
        labels(&app).iter().any(|l| l.starts_with("Battle: ")),
        "the note comes with the battle's picture"
    );
    // "More" opens the lesson over the game, and its Back comes back to
    // the same turn, the battle still to be seen.
    tap(&app, "More");
    assert_eq!(screen(&app), "lesson", "{note}");
    assert!(rule_note(&app).is_none());
    tap(&app, "Back to the game");
    assert_eq!(screen(&app), "play");
    assert_eq!(app.one_device().as_ref().unwrap().holder(), mover);
    assert!(app.window().global::<PlayAdapter>().get_battle_visible());
    assert_eq!(rule_note(&app), None, "a note read is not shown again");
    tap(&app, "Continue");
    // The other player's turn: what the mover was told stays with the mover.
    assert_eq!(screen(&app), "handoff");
    hand_to(&app, mover.opponent());
    assert_eq!(screen(&app), "play");
    if let Some(shown) = rule_note(&app) {
        assert_ne!(shown, note, "the mover's note reached the other player");
    }
    drop(app);

    // After a restart the rules told stay told: the game comes back, and
    // its next battle does not explain the same rule again.
    let kept = std::fs::read_to_string(dir.join("lessons.json")).unwrap();
    assert!(kept.contains("notes_seen"), "{kept}");
    let app = app_with_storage(&dir, 11);
    let game = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("Continue: Classic"))
        .expect("the game in progress");
    tap(&app, &game);
    let holder = app.one_device().as_ref().unwrap().handoff();
    assert_eq!(holder, Some(mover.opponent()));
    play_to_first_battle(&app);
    assert_ne!(rule_note(&app), Some(note));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rule_notes_can_be_switched_off_in_settings_and_the_switch_is_kept() {
    let dir = fresh_dir("rule-notes-off");
    let app = app_with_storage(&dir, 11);
    tap(&app, "Settings");
    tap(
        &app,
        "Explain each rule the first time a game meets it (a battle, a bomb, a Scout's run...), with its lesson",
    );
    tap(&app, "Back");
    drop(app);
    let app = app_with_storage(&dir, 11);
    start_pass_and_play(&app);
    hand_to(&app, Side::Red);
    let (_, before) = play_to_first_battle(&app);
    assert!(before.is_empty(), "{before:?}");
    assert_eq!(rule_note(&app), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stone_turned_and_the_secret_discards_are_explained_once_to_their_player() {
    let app = new_app(5);
    tap(&app, "Domino Stratego");
    tap(&app, "Start pass-and-play");
    hand_to(&app, Side::Red);
    tap(&app, "Continue to setup");
    tap(&app, "Fill for me");
    assert_eq!(rule_note(&app), None);
    // A stone with two different numbers, as its square's label names it.
    let (square, face) = squares(&app)
        .into_iter()
        .find_map(|(square, label)| {
            let face = label.rsplit(' ').next()?.to_string();
            let (a, b) = face.split_once('-')?;
            (label.contains(", your ") && a != b).then_some((square, face))
        })
        .expect("a stone that can be turned");
    tap(&app, &format!("{square}, your"));
    tap(&app, "Turn stone");
    let (attack, defense) = face.split_once('-').unwrap();
    let note = rule_note(&app).expect("the turn is explained");
    assert!(
        note.starts_with(&format!(
            "Turned: this stone now attacks with {defense} and defends with {attack}."
        )),
        "{note} ({face} before)"
    );
    tap(&app, "Got it");
    assert_eq!(rule_note(&app), None);
    tap(&app, "Ready");
    // Blue turns a stone too: the rule was told, on this device, once.
    hand_to(&app, Side::Blue);
    tap(&app, "Continue to setup");
    tap(&app, "Fill for me");
    let blue_stone = squares(&app)
        .into_iter()
        .find(|(_, label)| {
            label.contains(", your ")
                && label
                    .rsplit(' ')
                    .next()
                    .and_then(|f| f.split_once('-'))
                    .is_some_and(|(a, b)| a != b)
        })
        .map(|(square, _)| square)
        .unwrap();
    tap(&app, &format!("{blue_stone}, your"));
    tap(&app, "Turn stone");
    assert_eq!(rule_note(&app), None);

    let app = new_app(5);
    tap(&app, "Piecepack Stratego");
    tap(&app, "Start pass-and-play");
    hand_to(&app, Side::Red);
    let choice = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("The ") && l.contains(" give up their null (Flag)"))
        .expect("a discard choice");
    tap(&app, &choice);
    let note = rule_note(&app).expect("the discards are explained");
    assert!(note.starts_with("Your discards stay secret."), "{note}");
    tap(&app, "Continue to setup");
    tap(&app, "Fill for me");
    tap(&app, "Ready");
    // Handed over: the note went with Red's turn.
    hand_to(&app, Side::Blue);
    assert_eq!(rule_note(&app), None);
}
