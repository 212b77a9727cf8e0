//! The finished games on the home screen (issue 47): the start reads one
//! index of summaries, not every record; a long history is listed a page at
//! a time; a record is replayed only when it is opened, and one the rules
//! refuse is moved aside then, with a message, while the others stay.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::HomeAdapter;
use slint::{ComponentHandle, Model};
use std::path::{Path, PathBuf};

fn record() -> String {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1");
    std::fs::read_to_string(fixtures.join("finished-barrage.json")).unwrap()
}

/// A data folder holding `count` finished Barrage games, the newest last.
fn history(name: &str, count: usize) -> PathBuf {
    let dir = fresh_dir(&format!("finished-{name}"));
    std::fs::create_dir_all(dir.join("finished")).unwrap();
    for i in 0..count {
        std::fs::write(dir.join(format!("finished/{i:04}-barrage.json")), record()).unwrap();
    }
    dir
}

fn listed(app: &flagfall::app::App) -> Vec<String> {
    let home = app.window().global::<HomeAdapter>();
    home.get_finished_games()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn notice(app: &flagfall::app::App) -> String {
    app.window()
        .global::<HomeAdapter>()
        .get_notice()
        .to_string()
}

#[test]
fn a_long_history_is_listed_ten_at_a_time_newest_first() {
    let dir = history("long", 25);
    let without_result = record().replace("\"result\": {", "\"unsaid\": {");
    let without_result = without_result.replace(
        "\"unsaid\": {\n    \"result\": \"win\",\n    \"winner\": \"red\",\n    \"reason\": \"flag-captured\"\n  }",
        "\"result\": null",
    );
    assert!(without_result.contains("\"result\": null"));
    std::fs::write(dir.join("finished/0000-barrage.json"), without_result).unwrap();
    let app = app_with_storage(&dir, 1);
    // Tall enough to hold the whole list without scrolling.
    app.window()
        .window()
        .set_size(slint::LogicalSize::new(1280.0, 6000.0));
    let games = listed(&app);
    assert_eq!(games.len(), 10);
    assert_eq!(
        games[0],
        "Barrage: Red wins: Blue's flag was captured (13 moves)"
    );
    tap(&app, "Show more finished games (15 not shown)");
    assert_eq!(listed(&app).len(), 20);
    tap(&app, "Show more finished games (5 not shown)");
    let games = listed(&app);
    assert_eq!(games.len(), 25);
    // The oldest last: its record, alone, says no result.
    // 25 plies: 13 moves as players count them (Red moved 13 times).
    assert_eq!(games[24], "Barrage:  (13 moves)");
    assert!(
        !labels(&app)
            .iter()
            .any(|l| l.starts_with("Show more finished games")),
        "{:?}",
        labels(&app)
    );
    tap(&app, "Barrage: Red wins");
    assert_eq!(screen(&app), "over");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_start_reads_the_index_and_a_game_is_replayed_when_opened() {
    let dir = history("index", 3);
    drop(app_with_storage(&dir, 1));
    assert!(dir.join("finished-index.json").is_file());

    // The newest record becomes one the rules refuse (a Flag that moves),
    // and the oldest goes. The next start reads only the index: it lists the
    // refused game as before, and forgets the one that went.
    let newest = dir.join("finished/0002-barrage.json");
    std::fs::write(&newest, record().replacen("\"h2-i2\"", "\"c1-d1\"", 1)).unwrap();
    std::fs::remove_file(dir.join("finished/0000-barrage.json")).unwrap();
    let app = app_with_storage(&dir, 2);
    assert_eq!(notice(&app), "");
    assert_eq!(listed(&app).len(), 2);

    // Opening it replays it: it is moved aside, the player is told, and the
    // other game is still there.
    tap(&app, "Barrage: Red wins");
    assert_eq!(screen(&app), "home");
    let told = notice(&app);
    assert!(
        told.contains("a finished game could not be read: ") && told.contains(".corrupt-"),
        "{told}"
    );
    assert!(!newest.exists());
    assert_eq!(listed(&app).len(), 1);
    tap(&app, "Barrage: Red wins");
    assert_eq!(screen(&app), "over");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_index_is_built_again_from_the_records() {
    let dir = history("damaged-index", 2);
    std::fs::write(dir.join("finished-index.json"), "{\"format\": 1, \"ga").unwrap();
    let app = app_with_storage(&dir, 1);
    assert_eq!(notice(&app), "");
    assert_eq!(listed(&app).len(), 2);
    drop(app);
    let index = std::fs::read_to_string(dir.join("finished-index.json")).unwrap();
    assert!(index.contains("0001-barrage.json"), "{index}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_that_cannot_be_read_is_moved_aside_at_the_start() {
    let dir = history("unreadable", 2);
    let bad = dir.join("finished/0005-barrage.json");
    std::fs::write(&bad, &record()[..200]).unwrap();
    let app = app_with_storage(&dir, 1);
    assert!(
        notice(&app).contains("a finished game could not be read: "),
        "{}",
        notice(&app)
    );
    assert!(!bad.exists());
    assert_eq!(listed(&app).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
