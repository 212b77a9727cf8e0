//! "The computer learns my setups": off by default; on, a finished solo
//! game leaves what the computer saw of the player's setup in the data
//! folder, kept across a restart and forgotten with one tap.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, SettingsAdapter};
use flagfall::core::Side;
use slint::ComponentHandle;
use std::path::Path;

const MEMORY_FILE: &str = "remembered-setups.json";

/// Starts a solo classic game against the random player as Red.
fn start_solo(app: &App) {
    tap(app, "Classic");
    tap(app, "Opponent: Computer");
    tap(app, "Level: Random");
    tap(app, "Your side: Red (first)");
    tap(app, "Start vs computer");
    tap(app, "Fill for me");
    tap(app, "Ready");
    assert_eq!(screen(app), "play");
}

/// Red attacks whenever it can (so the computer sees some of Red's
/// pieces) until a battle has been fought, then resigns.
fn fight_then_resign(app: &App) {
    for _ in 0..400 {
        let view = app.one_device().as_ref().unwrap().view(Side::Red).unwrap();
        if !view.captured[0].is_empty() || !view.captured[1].is_empty() {
            break;
        }
        let attack = view
            .legal_moves
            .iter()
            .find(|m| view.at(m.to).is_some())
            .or(view.legal_moves.first())
            .copied()
            .expect("Red can move");
        tap_move(app, attack);
    }
    tap(app, "Resign");
    tap(app, "Resign now");
    assert_eq!(screen(app), "over");
}

fn remembered(app: &App) -> i32 {
    app.window()
        .global::<SettingsAdapter>()
        .get_remembered_games()
}

fn played_one_game(dir: &Path, learning: bool) -> App {
    let app = app_with_storage(dir, 5);
    tap(&app, "Settings");
    assert!(
        !app.window().global::<SettingsAdapter>().get_learns_setups(),
        "off by default"
    );
    if learning {
        tap(&app, "The computer learns my setups");
    }
    tap(&app, "Back");
    start_solo(&app);
    fight_then_resign(&app);
    app
}

#[test]
fn a_finished_solo_game_is_remembered_across_a_restart_and_forgotten_with_one_tap() {
    let dir = fresh_dir("remembered-setups");
    drop(played_one_game(&dir, true));
    assert!(dir.join(MEMORY_FILE).exists());

    let app = app_with_storage(&dir, 6);
    tap(&app, "Settings");
    assert!(
        app.window().global::<SettingsAdapter>().get_learns_setups(),
        "the setting was saved"
    );
    assert_eq!(remembered(&app), 1);
    assert_shows(&app, "Solo games it remembers: 1");
    tap(&app, "Forget");
    assert_eq!(remembered(&app), 0);
    assert!(!dir.join(MEMORY_FILE).exists(), "forgotten on disk too");
}

#[test]
fn with_the_setting_off_nothing_is_remembered() {
    let dir = fresh_dir("remembered-setups-off");
    let app = played_one_game(&dir, false);
    tap(&app, "Menu");
    tap(&app, "Settings");
    assert_eq!(remembered(&app), 0);
    assert!(!dir.join(MEMORY_FILE).exists());
}

#[test]
fn a_damaged_memory_is_set_aside_and_the_app_starts() {
    let dir = fresh_dir("remembered-setups-damaged");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(MEMORY_FILE), b"{\"format\": 1, \"memory\": [").unwrap();
    let app = app_with_storage(&dir, 7);
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.contains("what the computer learned of your setups could not be read")),
        "{:?}",
        labels(&app)
    );
    tap(&app, "Settings");
    assert_eq!(remembered(&app), 0);
}
