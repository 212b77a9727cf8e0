//! Nothing lost: games resume after a restart, bad files are moved aside
//! and reported while the app goes on, impossible games are rejected by
//! replaying them, files of this format version keep loading, and no byte
//! content makes a reader panic.

use crate::common;
use flagfall::games::DeviceGame;

use common::fresh_dir;
use common::mutate;
use common::ui::*;
use flagfall::app::HomeAdapter;
use flagfall::core::Side;
use flagfall::games::PassAndPlay;
use flagfall::games::game::kept::read_pass_and_play;
use flagfall::games::saved::SavedPassAndPlay;
use flagfall::store::data_store::{Document, FileStore};
use flagfall::store::setup_library::SetupOwner;
use flagfall::store::storage::Settings;
use flagfall::store::{SetupLibrary, Storage};
use proptest::prelude::*;
use slint::ComponentHandle;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn temp_dir(name: &str) -> PathBuf {
    fresh_dir(&format!("storage-{name}"))
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1")
}

/// Starts a pass-and-play game, sets up both armies and hands the device to Red.
fn start_and_set_up(app: &flagfall::app::App) {
    tap(app, "Start pass-and-play");
    for side in Side::BOTH {
        hand_to(app, side);
        tap(app, "Fill for me");
        tap(app, "Ready");
    }
    hand_to(app, Side::Red);
}

#[test]
fn a_game_resumes_after_the_app_is_restarted() {
    let dir = temp_dir("resume");
    let moved = {
        let app = app_with_storage(&dir, 5);
        start_and_set_up(&app);
        let m = {
            let session = app.one_device();
            *session
                .as_ref()
                .unwrap()
                .view(Side::Red)
                .unwrap()
                .legal_moves
                .first()
                .unwrap()
        };
        tap(&app, &format!("{}, your", m.from));
        tap(&app, &format!("{}, ", m.to));
        m
    }; // the app is gone, as if killed
    let app = app_with_storage(&dir, 5);
    assert_eq!(screen(&app), "home");
    tap(
        &app,
        "Continue: Classic, two players on this device, Blue to play",
    );
    hand_to(&app, Side::Blue);
    let game = app
        .one_device()
        .as_ref()
        .unwrap()
        .game()
        .unwrap()
        .actions()
        .to_vec();
    assert_eq!(game, vec![flagfall::core::Action::Move(moved)]);
    assert!(
        labels(&app)
            .iter()
            .any(|l| l == &format!("news: Red moved {moved}.")),
        "{:?}",
        labels(&app)
    );
}

#[test]
fn bad_files_are_moved_aside_reported_and_the_app_goes_on() {
    let dir = temp_dir("bad");
    Storage::open(&dir).unwrap(); // the data folder and its folders
    // A good domino game in progress, beside a garbled classic one, a truncated
    // finished game and settings of a future version.
    let good = std::fs::read_to_string(fixtures().join("in-progress-domino.json")).unwrap();
    std::fs::write(undated(&dir, "domino"), &good).unwrap();
    std::fs::write(
        undated(&dir, "classic"),
        "{\"format\": 1, \"mode\": \"pass-",
    )
    .unwrap();
    let finished = std::fs::read_to_string(fixtures().join("finished-barrage.json")).unwrap();
    std::fs::write(
        dir.join("finished/1-barrage.json"),
        &finished[..finished.len() / 2],
    )
    .unwrap();
    std::fs::write(
        dir.join("settings.json"),
        "{\"format\": 7, \"memory_aid\": true, \"numbering\": \"modern\"}",
    )
    .unwrap();
    std::fs::write(
        dir.join("setups.json"),
        "{\"format\": 1, \"setups\": {\"classic\": ",
    )
    .unwrap();

    let app = app_with_storage(&dir, 5);
    let notice = app
        .window()
        .global::<HomeAdapter>()
        .get_notice()
        .to_string();
    assert!(
        notice.contains("the saved pass and play classic game could not be read: "),
        "{notice}"
    );
    assert!(
        notice.contains("a finished game could not be read: "),
        "{notice}"
    );
    assert!(
        notice.contains("the settings could not be read: it has format 7"),
        "{notice}"
    );
    assert!(
        notice.contains("the setup library could not be read: "),
        "{notice}"
    );
    assert!(notice.contains(".corrupt-"), "{notice}");
    let top: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        top.iter().any(|n| n.starts_with("setups.json.corrupt-")),
        "the damaged library is kept: {top:?}"
    );
    let names: Vec<String> = std::fs::read_dir(dir.join("in-progress"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("pass-and-play-classic.json.corrupt-")),
        "{names:?}"
    );
    assert!(names.contains(&"pass-and-play-domino.json".to_string()));
    // The good game is still there to continue.
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("Continue: Domino Stratego")),
        "{:?}",
        labels(&app)
    );
}

#[test]
fn a_saved_game_with_an_illegal_move_is_rejected_by_replaying_it() {
    let dir = temp_dir("illegal");
    std::fs::create_dir_all(&dir).unwrap();
    let mut saved: SavedPassAndPlay = serde_json::from_str(
        &std::fs::read_to_string(fixtures().join("in-progress-classic.json")).unwrap(),
    )
    .unwrap();
    saved.actions.push("a1-a2".into());
    let path = dir.join("bad.json");
    std::fs::write(&path, serde_json::to_string(&saved).unwrap()).unwrap();
    let error = read_pass_and_play(&path).expect_err("rejected").to_string();
    assert!(
        error.contains(&format!("move {} (a1-a2) is illegal", saved.actions.len())),
        "{error}"
    );

    let mut saved: SavedPassAndPlay = serde_json::from_str(
        &std::fs::read_to_string(fixtures().join("in-progress-classic.json")).unwrap(),
    )
    .unwrap();
    saved.red.as_mut().unwrap().setup[0].piece = "marshal".into();
    std::fs::write(&path, serde_json::to_string(&saved).unwrap()).unwrap();
    assert!(
        read_pass_and_play(&path).is_err(),
        "a setup that breaks the variant is rejected"
    );
}

/// Files written by this version (format 1) must keep loading in later versions.
#[test]
fn a_save_that_fails_leaves_no_temporary_file_behind() {
    use flagfall::core::GameOptions;
    use flagfall::core::variant::builtin_variant;
    let dir = temp_dir("failed-save");
    let storage = Storage::open(&dir).unwrap();
    let variant = builtin_variant("classic").unwrap();
    let mut session = PassAndPlay::new(variant.clone(), GameOptions::defaults(&variant), 5);
    session.reveal();
    session.fill_for_me();
    let path = undated(&dir, "classic");
    // Where the save goes stands a folder with something in it: the temporary
    // file is written, and renaming it over the folder fails (as a full disk
    // fails the write).
    std::fs::create_dir_all(path.join("in-the-way")).unwrap();
    let error = storage.save(&session).expect_err("the save fails");
    assert!(
        error
            .to_string()
            .starts_with("the classic game could not be saved"),
        "{error}"
    );
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    // The folder in the way goes: the next save succeeds and loads.
    std::fs::remove_dir_all(&path).unwrap();
    storage.save(&session).unwrap();
    assert!(read_pass_and_play(&path).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_of_format_1_still_load() {
    let classic = read_pass_and_play(&fixtures().join("in-progress-classic.json")).unwrap();
    assert_eq!(classic.game().unwrap().actions().len(), 40);
    let domino = read_pass_and_play(&fixtures().join("in-progress-domino.json")).unwrap();
    assert_eq!(domino.variant().id, "domino");
    let piecepack =
        read_pass_and_play(&fixtures().join("in-progress-piecepack-setup.json")).unwrap();
    assert!(matches!(
        piecepack.stage(),
        flagfall::games::Stage::Setup(_)
    ));
    let record = flagfall::core::record::GameRecord::from_json(
        &std::fs::read_to_string(fixtures().join("finished-barrage.json")).unwrap(),
    )
    .unwrap();
    assert!(record.replay().unwrap().position().outcome().is_some());
    let settings: Settings =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("settings.json")).unwrap())
            .unwrap();
    assert_eq!(
        settings,
        Settings {
            memory_aid: false,
            numbering: "classic".into(),
            // Settings from before the first launch's welcome: the app had
            // been used, and does not welcome its player again.
            welcomed: true,
            ..Settings::default()
        }
    );
    let (library, warning) = SetupLibrary::open(document_in(&fixtures(), "setups.json"));
    assert!(warning.is_none());
    let classic_variant = flagfall::core::variant::builtin_variant("classic").unwrap();
    assert_eq!(
        library.names(&classic_variant, &SetupOwner::ThisDevice),
        ["lakeside"]
    );
    assert_eq!(
        library
            .load(
                &classic_variant,
                &SetupOwner::ThisDevice,
                "lakeside",
                Side::Blue
            )
            .unwrap()
            .placements
            .len(),
        40
    );
}

/// Writes the fixtures above; run by hand when the format changes (and bump it).
#[test]
#[ignore = "writes tests/fixtures/v1"]
fn write_fixtures() {
    use flagfall::core::GameOptions;
    use flagfall::core::playout::random_action;
    use flagfall::core::variant::builtin_variant;
    use rand::SeedableRng;
    let dir = fixtures();
    std::fs::create_dir_all(&dir).unwrap();
    let session_after = |variant: &str, plies: usize| {
        let v = builtin_variant(variant).unwrap();
        let mut s = PassAndPlay::new(v.clone(), GameOptions::defaults(&v), 9);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        while s.game().is_none() && plies > 0 {
            s.reveal();
            match s.stage() {
                flagfall::games::Stage::Deal(side) => {
                    if let Some(suit) = v.suits_of(side).next() {
                        s.choose_discards(suit).unwrap();
                    }
                    s.accept_deal().unwrap();
                }
                _ => {
                    s.fill_for_me();
                    s.setup_ready().unwrap();
                }
            }
        }
        let mut buffer = Vec::new();
        for _ in 0..plies {
            s.battle_seen();
            s.reveal();
            let p = s.game().unwrap().position().clone();
            let Some(a) = random_action(&p, &mut rng, &mut buffer) else {
                break;
            };
            s.play(a).unwrap();
        }
        s
    };
    let write = |name: &str, text: String| std::fs::write(dir.join(name), text).unwrap();
    write(
        "in-progress-classic.json",
        serde_json::to_string_pretty(&session_after("classic", 40).to_saved()).unwrap(),
    );
    write(
        "in-progress-domino.json",
        serde_json::to_string_pretty(&session_after("domino", 12).to_saved()).unwrap(),
    );
    let mut piecepack = session_after("piecepack", 0);
    piecepack.reveal();
    piecepack
        .choose_discards(
            builtin_variant("piecepack")
                .unwrap()
                .suits_of(Side::Red)
                .nth(1)
                .unwrap(),
        )
        .unwrap();
    piecepack.accept_deal().unwrap();
    write(
        "in-progress-piecepack-setup.json",
        serde_json::to_string_pretty(&piecepack.to_saved()).unwrap(),
    );
    let barrage = session_after("barrage", 10_000);
    write(
        "finished-barrage.json",
        flagfall::core::record::GameRecord::from_game(barrage.game().unwrap()).to_json(),
    );
    write(
        "settings.json",
        serde_json::to_string_pretty(&Settings {
            memory_aid: false,
            numbering: "classic".into(),
            ..Settings::default()
        })
        .unwrap(),
    );
    let _ = std::fs::remove_file(dir.join("setups.json"));
    let (mut library, _) = SetupLibrary::open(document_in(&dir, "setups.json"));
    let classic = builtin_variant("classic").unwrap();
    let setup = session_after("classic", 1)
        .game()
        .unwrap()
        .setup(Side::Red)
        .to_setup();
    library
        .save(&classic, &SetupOwner::ThisDevice, "lakeside", &setup)
        .unwrap();
}

/// Where a pass-and-play game saved before games were dated is kept.
fn undated(dir: &Path, variant: &str) -> PathBuf {
    dir.join(format!("in-progress/pass-and-play-{variant}.json"))
}

/// The document `name` in the data folder `dir`.
fn document_in(dir: &Path, name: &str) -> Document {
    Document::new(Arc::new(FileStore::new(dir)), name)
}

fn read_all(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let _ = read_pass_and_play(&path);
    let storage = Storage::open(dir).unwrap();
    std::fs::write(dir.join("settings.json"), bytes).unwrap();
    let _ = storage.settings();
    let _ = SetupLibrary::open(document_in(dir, name));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_saved_files_never_panic(
        which in 0..4usize,
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), prop::sample::select(b"0123456789\"{}[],:-_abcxyz ".to_vec())), 1..6),
    ) {
        let name = ["in-progress-classic.json", "in-progress-domino.json", "in-progress-piecepack-setup.json", "setups.json"][which];
        let text = std::fs::read_to_string(fixtures().join(name)).unwrap();
        let dir = temp_dir(&format!("fuzz-{which}"));
        read_all(&dir, "x.json", &mutate(&text, &edits));
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let dir = temp_dir("noise");
        read_all(&dir, "x.json", &bytes);
    }
}

/// The "Continue" lines on the home screen, each once.
fn continue_lines(app: &flagfall::app::App) -> Vec<String> {
    let mut lines: Vec<String> = labels(app)
        .into_iter()
        .filter(|l| l.starts_with("Continue: "))
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

#[test]
fn a_game_in_progress_is_deleted_from_continue_after_a_confirmation() {
    let dir = temp_dir("delete");
    {
        let app = app_with_storage(&dir, 8);
        start_and_set_up(&app);
        tap(&app, "Menu");
        // A two-device game too: abandoned ones must not stay forever.
        invite_other_device(&app);
        tap(&app, "Menu");
        assert_eq!(screen(&app), "home");
        assert_eq!(continue_lines(&app).len(), 2, "{:?}", continue_lines(&app));

        tap(&app, "Delete: Continue: Classic against another device");
        assert_shows(
            &app,
            "Delete this game? Classic against another device, you play Red",
        );
        tap(&app, "Keep it");
        assert_eq!(
            continue_lines(&app).len(),
            2,
            "kept: {:?}",
            continue_lines(&app)
        );

        tap(&app, "Delete: Continue: Classic against another device");
        tap(&app, "Delete the game");
        assert_eq!(
            continue_lines(&app),
            vec!["Continue: Classic, two players on this device, Red to play".to_string()]
        );
    }
    // Gone from the disk too: a restarted app offers only the other game.
    let app = app_with_storage(&dir, 8);
    assert_eq!(
        continue_lines(&app),
        vec!["Continue: Classic, two players on this device, Red to play".to_string()]
    );
    tap(
        &app,
        "Delete: Continue: Classic, two players on this device, Red to play",
    );
    tap(&app, "Delete the game");
    assert!(continue_lines(&app).is_empty(), "{:?}", labels(&app));
    let app = app_with_storage(&dir, 8);
    assert!(continue_lines(&app).is_empty(), "{:?}", labels(&app));
}

/// Games of one kind are kept side by side, each in a file of its own; a
/// game saved before games were dated (named for its kind alone) loads,
/// saves back to its own file, and is deleted from it (issue 64: a new game
/// of a kind in progress replaced the old one without a word).
#[test]
fn several_games_of_one_kind_are_kept_apart_and_old_files_still_load() {
    let dir = temp_dir("several");
    Storage::open(&dir).unwrap(); // the data folder and its folders
    let old = undated(&dir, "classic");
    std::fs::copy(fixtures().join("in-progress-classic.json"), &old).unwrap();
    {
        let app = app_with_storage(&dir, 12);
        assert_eq!(continue_lines(&app).len(), 1);
        // Two new games of the same kind, each left by its Menu.
        for _ in 0..2 {
            start_and_set_up(&app);
            tap(&app, "Menu");
        }
        let games = app.window().global::<HomeAdapter>().get_continue_games();
        use slint::Model;
        assert_eq!(games.row_count(), 3);
        // Told apart by when they began.
        let labels: Vec<String> = games.iter().map(|l| l.to_string()).collect();
        assert!(
            labels.iter().filter(|l| l.contains(", started ")).count() >= 2,
            "{labels:?}"
        );
    }
    let files: Vec<String> = std::fs::read_dir(dir.join("in-progress"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    assert_eq!(files.len(), 3, "{files:?}");
    assert!(files.contains(&"pass-and-play-classic.json".to_string()));
    let dated = files
        .iter()
        .filter(|f| {
            f.strip_prefix("pass-and-play-classic-")
                .and_then(|rest| rest.strip_suffix(".json"))
                .is_some_and(|ms| ms.parse::<u64>().is_ok())
        })
        .count();
    assert_eq!(dated, 2, "{files:?}");
    // The old game plays on and is saved in its old file.
    let before = std::fs::read(&old).unwrap();
    let app = app_with_storage(&dir, 13);
    let old_line = continue_lines(&app)
        .into_iter()
        .find(|l| l.contains("after "))
        .expect("the old game, moves played");
    tap(&app, &old_line);
    let holder = app.one_device().unwrap().holder();
    hand_to(&app, holder);
    let m = {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(holder).unwrap();
        *view.legal_moves.first().unwrap()
    };
    tap_move(&app, m);
    assert_ne!(
        std::fs::read(&old).unwrap(),
        before,
        "saved to its own file"
    );
    tap(&app, "Menu");
    let lines = continue_lines(&app);
    let old_line = lines
        .into_iter()
        .find(|l| l.contains("after "))
        .expect("the old game");
    tap(&app, &format!("Delete: {old_line}"));
    tap(&app, "Delete the game");
    assert!(!old.exists(), "its file is gone");
    use slint::Model;
    let games = app.window().global::<HomeAdapter>().get_continue_games();
    assert_eq!(games.row_count(), 2);
}

/// A data folder with one document of every kind: settings, the setup
/// library, what the computer learned of the player's setups, the
/// referee's match, a timed game against the computer, a pass-and-play
/// game, a two-device game, a finished game and the finished games' index.
fn every_kind_of_document(dir: &Path) {
    use flagfall::core::clock::{Bonus, TimeControl};
    use flagfall::referee::companion::RefereeCompanion;
    use flagfall::referee::live::{LiveRules, MatchSettings};
    use flagfall::store::remembered_setups::RememberedSetups;
    let storage = Storage::open(dir).unwrap();
    for name in ["settings.json", "setups.json"] {
        std::fs::copy(fixtures().join(name), dir.join(name)).unwrap();
    }
    std::fs::copy(
        fixtures().join("in-progress-classic.json"),
        undated(dir, "classic"),
    )
    .unwrap();
    common::keep_linked_and_finished_fixtures(&storage, dir);
    let rules = LiveRules::built_in();
    let referee = RefereeCompanion::new(rules.clone(), MatchSettings::from_rules(&rules));
    storage.save_referee(&referee).unwrap();
    // A timed game against the computer, some moves in.
    let classic = common::variant("classic");
    let options = flagfall::core::GameOptions {
        time_control: Some(TimeControl::minutes(5, Bonus::Increment(3))),
        ..flagfall::core::GameOptions::defaults(&classic)
    };
    let computer = flagfall::games::Computer {
        side: Side::Blue,
        level: flagfall::ai::Level::Random,
    };
    let mut solo = PassAndPlay::solo(classic, options, 4, computer);
    solo.set_started(1_700_000_000_000);
    solo.fill_for_me();
    solo.setup_ready().unwrap();
    solo.set_time(std::time::Duration::from_secs(1), true);
    for ply in 0..6u64 {
        let side = solo.game().unwrap().position().to_move();
        let view = solo.view(side).unwrap();
        let action = flagfall::ai::choose(flagfall::ai::Level::Random, &view, ply).unwrap();
        solo.play(action).unwrap();
        solo.battle_seen();
        solo.set_time(std::time::Duration::from_secs(2 + ply), true);
    }
    assert!(!solo.is_over());
    storage.save(&solo).unwrap();
    let (first, last) = solo.computer_first_and_last_views().unwrap();
    let (mut remembered, _) = RememberedSetups::open(storage.remembered_setups());
    remembered.learn(&first, &last).unwrap();
    // The first start writes the finished games' index.
    drop(app_with_storage(dir, 1));
    assert!(dir.join("finished-index.json").is_file());
}

/// Every document under `dir` (relative names).
fn documents(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                names.push(
                    path.strip_prefix(dir)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
    }
    names.sort();
    names
}

/// Every number in `value` made `to`.
fn every_number(value: &mut serde_json::Value, to: &serde_json::Value) {
    match value {
        serde_json::Value::Number(_) => *value = to.clone(),
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| every_number(v, to)),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(|v| every_number(v, to)),
        _ => {}
    }
}

/// The JSON pointers of the numbers inside any field named for a clock.
fn clock_numbers(value: &serde_json::Value, at: String, in_clock: bool, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Number(_) if in_clock && !at.ends_with("/nanos") => out.push(at),
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                clock_numbers(v, format!("{at}/{i}"), in_clock, out);
            }
        }
        serde_json::Value::Object(fields) => {
            for (key, v) in fields {
                clock_numbers(
                    v,
                    format!("{at}/{key}"),
                    in_clock || key.contains("clock"),
                    out,
                );
            }
        }
        _ => {}
    }
}

/// Every field of `value` of one JSON type given another (numbers become
/// text, text becomes numbers, true becomes a list).
fn wrong_types(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) => *value = n.to_string().into(),
        serde_json::Value::String(_) => *value = 7.into(),
        serde_json::Value::Bool(_) => *value = serde_json::json!([]),
        serde_json::Value::Array(items) => items.iter_mut().for_each(wrong_types),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(wrong_types),
        serde_json::Value::Null => {}
    }
}

/// The ways the red team damaged documents (issue 77): cut short, every
/// field of the wrong type, every number at an extreme, and huge (a
/// document of tiny strings larger than any real one).
fn damaged(bytes: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let mut ways = vec![("truncated", bytes[..bytes.len() / 2].to_vec())];
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) {
        let mut wrong = value.clone();
        wrong_types(&mut wrong);
        ways.push(("wrong types", wrong.to_string().into_bytes()));
        for extreme in [serde_json::json!(u64::MAX), serde_json::json!(0)] {
            let mut numbers = value.clone();
            every_number(&mut numbers, &extreme);
            ways.push(("extreme numbers", numbers.to_string().into_bytes()));
            // Each number of a clock alone (a step of 0, time banked at its
            // maximum): the checks before the clock's would catch the rest.
            let mut places = Vec::new();
            clock_numbers(&value, String::new(), false, &mut places);
            for place in places {
                let mut one = value.clone();
                *one.pointer_mut(&place).unwrap() = extreme.clone();
                ways.push(("a clock's number extreme", one.to_string().into_bytes()));
            }
        }
    }
    let mut huge = b"{\"format\": 1, \"log\": [".to_vec();
    while huge.len() < 17 << 20 {
        huge.extend_from_slice(b"\"\",");
    }
    huge.extend_from_slice(b"\"\"]}");
    ways.push(("huge", huge));
    ways
}

/// Issue 77, item 5: every kind of document in the data folder, damaged in
/// every way the red team did, is checked when read: the app starts,
/// resumes what it offers to continue (the referee's match and its
/// clocks, each game) and never panics; a document it cannot use is set
/// aside and reported, and the other documents are untouched.
#[test]
fn a_damaged_document_of_any_kind_is_set_aside_and_the_app_goes_on() {
    let source = temp_dir("every-kind");
    every_kind_of_document(&source);
    let names = documents(&source);
    for name in [
        "settings.json",
        "setups.json",
        "remembered-setups.json",
        "referee.json",
        "finished-index.json",
        "finished/1700000000000-0-barrage.json",
        "in-progress/pass-and-play-classic.json",
        "in-progress/solo-classic-1700000000000.json",
    ] {
        assert!(names.contains(&name.to_string()), "{name} in {names:?}");
    }
    assert!(names.iter().any(|n| n.starts_with("in-progress/linked/")));
    assert_eq!(names.len(), 9, "{names:?}");
    for name in &names {
        let original = std::fs::read(source.join(name)).unwrap();
        for (how, bytes) in damaged(&original) {
            let dir = temp_dir("damaged");
            for other in &names {
                let to = dir.join(other);
                std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                std::fs::copy(source.join(other), &to).unwrap();
            }
            std::fs::write(dir.join(name), &bytes).unwrap();
            let context = format!("{name}, {how}");
            let time = Arc::new(flagfall::platform::time_source::HandSet::default());
            let _ = std::panic::catch_unwind(i_slint_backend_testing::init_no_event_loop);
            let mut config = flagfall::app::AppConfig::in_memory(3);
            config.storage = Some(Storage::open(&dir).unwrap());
            config.time = time.clone();
            let app = flagfall::app::App::new(config).unwrap();
            fit_window(&app);
            // What can be resumed is resumed (the referee's clock divided by
            // its step when it started); the rest is read at the start.
            if name.starts_with("in-progress/") || name == "referee.json" {
                resume_everything(&app, &time, &context);
            }
            drop(app);
            // A document that was not read as it is was set aside, and
            // nothing else moved.
            let after = documents(&dir);
            for other in names
                .iter()
                .filter(|n| *n != name && *n != "finished-index.json")
            {
                assert!(
                    after.contains(other),
                    "{context}: {other} is gone: {after:?}"
                );
            }
        }
    }
}

/// Opens everything the home screen offers to continue (starting the
/// referee's clocks), lets ten seconds pass on each, and goes back home.
/// (The lines are read from the screen's list, not from every label: a
/// search of every label of the home screen takes seconds.)
fn resume_everything(
    app: &flagfall::app::App,
    time: &flagfall::platform::time_source::HandSet,
    context: &str,
) {
    use slint::Model;
    let lines = || -> Vec<String> {
        let home = app.window().global::<HomeAdapter>();
        home.get_continue_games()
            .iter()
            .map(|l| l.to_string())
            .collect()
    };
    for line in lines() {
        let Some(index) = lines().iter().position(|l| *l == line) else {
            // (An earlier game's ten seconds ended a timed game.)
            continue;
        };
        app.window()
            .global::<HomeAdapter>()
            .invoke_continue_game(index as i32);
        app.refresh();
        assert_ne!(screen(app), "home", "{context}: {line} opened nothing");
        let start = elements(app)
            .into_iter()
            .find(|e| e.accessible_label().is_some_and(|l| l == "Start"));
        if let Some(start) = start {
            start.invoke_accessible_default_action();
        }
        // One jump: the clocks catch up at their next tick.
        time.advance(std::time::Duration::from_secs(10));
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(100));
        app.refresh();
        for _ in 0..4 {
            if screen(app) == "home" {
                break;
            }
            app.window()
                .global::<flagfall::app::Navigation>()
                .invoke_back();
        }
        assert_eq!(screen(app), "home", "{context}: back home from {line}");
    }
}
