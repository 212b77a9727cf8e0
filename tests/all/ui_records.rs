//! Game records in the app: "Open a game record" on the home screen replays
//! a Gravon or Flagfall record with both armies and the move list, stops
//! where the rules refuse a move and says why, and refuses an unreadable file
//! without changing anything. And Gravon's free setup on one device.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{GameOverAdapter, RecordsAdapter};
use flagfall::core::Side;
use slint::{ComponentHandle, Model};

/// A barrage record: Red's Scout on a4 faces Blue's Flag on a7 up an empty
/// file; `moves` in Gravon's notation.
fn barrage_xml(moves: &[(&str, &str)], result: &str) -> String {
    let mut cells: Vec<char> = (0..100).map(|_| 'A').collect();
    for lake in [42, 43, 46, 47, 52, 53, 56, 57] {
        cells[lake] = '_';
    }
    let pieces = [
        (30, 'D'),
        (1, 'M'),
        (2, 'B'),
        (3, 'C'),
        (4, 'D'),
        (5, 'E'),
        (6, 'K'),
        (7, 'L'),
        (60, 'Y'),
        (91, 'O'),
        (92, 'N'),
        (93, 'P'),
        (94, 'P'),
        (95, 'Q'),
        (96, 'W'),
        (97, 'X'),
    ];
    for (at, letter) in pieces {
        cells[at] = letter;
    }
    let field: String = cells.into_iter().collect();
    let mut xml = format!("<stratego><game type=\"barrage\"><field content=\"{field}\"/>");
    for (i, (source, target)) in moves.iter().enumerate() {
        xml += &format!(
            "<move id=\"{}\" source=\"{source}\" target=\"{target}\"/>",
            i + 1
        );
    }
    xml + result + "</game></stratego>"
}

fn open_file(app: &flagfall::app::App, path: &std::path::Path) {
    tap(app, "Open a game record");
    assert_eq!(screen(app), "records");
    tap(app, "Choose a record file…");
    type_into(app, "folder or file to open", &path.display().to_string());
    tap(app, "open the path typed");
}

fn moves_listed(app: &flagfall::app::App) -> Vec<String> {
    let moves = app.window().global::<GameOverAdapter>().get_moves();
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn a_gravon_record_replays_with_both_armies_and_its_moves() {
    let dir = fresh_dir("records-ok");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("barrage-2014.1-1.xml");
    let xml = barrage_xml(
        &[("A4", "A5"), ("B:", "B9"), ("A5", "A7")],
        "<result type=\"1\" winner=\"1\"/>",
    );
    std::fs::write(&path, xml).unwrap();
    let app = new_app(3);
    open_file(&app, &path);
    assert_eq!(screen(&app), "over");
    let all = labels(&app);
    assert!(
        all.iter()
            .any(|l| l.starts_with("record: barrage-2014.1-1.xml: every move replays")),
        "{all:?}"
    );
    assert!(
        all.iter().any(|l| l.starts_with("result: Red wins")),
        "{all:?}"
    );
    assert_eq!(moves_listed(&app).len(), 3);
    // Both armies are shown: Blue's pieces are named, not backs.
    assert!(all.iter().any(|l| l == "h10, Blue Marshal"), "{all:?}");
    tap(&app, "move 1.");
    assert_eq!(app.window().global::<GameOverAdapter>().get_move_at(), 1);
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
}

#[test]
fn a_record_the_rules_refuse_stops_at_the_move_and_says_why() {
    let dir = fresh_dir("records-illegal");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("barrage-2014.1-2.xml");
    // Move 3 moves Red's Flag.
    std::fs::write(
        &path,
        barrage_xml(&[("A4", "A5"), ("B:", "B9"), ("B1", "B2")], ""),
    )
    .unwrap();
    let app = new_app(3);
    open_file(&app, &path);
    assert_eq!(screen(&app), "over");
    let note = app
        .window()
        .global::<GameOverAdapter>()
        .get_note()
        .to_string();
    assert!(
        note.contains("the rules refuse move 3 (b1-b2: a Flag never moves)"),
        "{note}"
    );
    assert_eq!(
        moves_listed(&app).len(),
        2,
        "the replay stops before move 3"
    );
}

#[test]
fn an_unreadable_file_gets_a_message_and_changes_nothing() {
    let dir = fresh_dir("records-broken");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.xml");
    std::fs::write(&path, "<stratego><game type=").unwrap();
    let app = new_app(3);
    open_file(&app, &path);
    assert_eq!(screen(&app), "records");
    let message = app
        .window()
        .global::<RecordsAdapter>()
        .get_message()
        .to_string();
    assert!(
        message.starts_with("broken.xml cannot be replayed: not a Gravon or Flagfall record"),
        "{message}"
    );
    // A file that is not there: the chooser says so and stays.
    let missing = dir.join("missing.xml");
    tap(&app, "Choose a record file…");
    type_into(
        &app,
        "folder or file to open",
        &missing.display().to_string(),
    );
    tap(&app, "open the path typed");
    assert_shows(
        &app,
        &format!("{} is neither a folder nor a file.", missing.display()),
    );
    tap(&app, "Cancel");
    tap(&app, "Back");
    assert_eq!(screen(&app), "home");
}

#[test]
fn a_pasted_record_opens_too() {
    let app = new_app(3);
    tap(&app, "Open a game record");
    app.window()
        .global::<RecordsAdapter>()
        .set_pasted(barrage_xml(&[("A4", "A7")], "<result type=\"1\" winner=\"1\"/>").into());
    tap(&app, "Open the pasted record");
    assert_eq!(screen(&app), "over");
    assert_eq!(moves_listed(&app).len(), 1);
}

#[test]
fn free_setup_on_one_device_keeps_blue_off_reds_squares() {
    let app = new_app(8);
    tap(&app, "Free setup");
    tap(&app, "Start pass-and-play");
    hand_to(&app, Side::Red);
    tap(&app, "Fill for me");
    tap(&app, "Ready");
    hand_to(&app, Side::Blue);
    assert_eq!(screen(&app), "setup");
    // Red's 40 squares show as backs of the other army on Blue's screen.
    let backs: std::collections::BTreeSet<String> = squares(&app)
        .into_iter()
        .filter(|(_, label)| label.ends_with(", enemy piece"))
        .map(|(square, _)| square.to_string())
        .collect();
    assert_eq!(backs.len(), 40, "{:?}", labels(&app));
    tap(&app, "Fill for me");
    tap(&app, "Ready");
    hand_to(&app, Side::Red);
    assert_eq!(screen(&app), "play");
}

/// The file chooser, as a player uses it: into a folder with a tap, the
/// record with another, up to the folder above, a path that is nothing
/// said so, and Cancel back to the records screen.
#[test]
fn a_record_is_chosen_by_walking_the_folders() {
    let dir = fresh_dir("records-chooser");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(
        games.join("barrage-2014.1-3.xml"),
        barrage_xml(&[("A4", "A5")], ""),
    )
    .unwrap();
    std::fs::write(games.join("notes.txt"), "not a record").unwrap();
    let app = new_app(3);
    tap(&app, "Open a game record");
    tap(&app, "Choose a record file…");
    assert_shows(&app, "Choose a game record");
    type_into(&app, "folder or file to open", &dir.display().to_string());
    tap(&app, "open the path typed");
    assert_shows(&app, "No game records (.xml or .json) in this folder.");
    tap(&app, "folder games");
    let shown = labels(&app);
    assert!(!shown.iter().any(|l| l == "notes.txt"), "{shown:?}");
    tap(&app, "the folder above");
    tap(&app, "folder games");
    type_into(&app, "folder or file to open", "/no/such/place");
    tap(&app, "open the path typed");
    assert_shows(&app, "/no/such/place is neither a folder nor a file.");
    tap(&app, "Cancel");
    assert_eq!(screen(&app), "records");
    assert!(!labels(&app).iter().any(|l| l == "Choose a game record"));
    // It opens again where the player was, and a tap on the record opens it.
    tap(&app, "Choose a record file…");
    tap(&app, "barrage-2014.1-3.xml");
    assert_eq!(screen(&app), "over");
    assert_eq!(moves_listed(&app).len(), 1);
    assert!(!labels(&app).iter().any(|l| l == "Choose a game record"));
}
