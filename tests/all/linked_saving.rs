//! A two-device game kept on disk: saved as its creation data plus every
//! code read and action played, and replayed on load. A saved game comes
//! back exactly; a damaged file is refused with the place of the damage,
//! moved aside, and never panics.

use crate::common;

use common::{link_code, start_link};

use common::BUILT_IN;
use flagfall::ai::{Level, choose};
use flagfall::core::GameOptions;
use flagfall::core::Side;
use flagfall::core::variant::builtin_variant;
use flagfall::games::KeepsGames;
use flagfall::games::Stage;
use flagfall::games::{SavedLinked, TwoDeviceGame};
use flagfall::link::LinkStatus;
use flagfall::store::Storage;

fn reload(session: &TwoDeviceGame) -> TwoDeviceGame {
    let json = serde_json::to_string(&session.to_saved()).unwrap();
    let saved: SavedLinked = serde_json::from_str(&json).unwrap();
    TwoDeviceGame::from_saved(&saved).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

/// Plays `plies` random plies between two sessions, reloading both from
/// their saved data every few plies; returns the two sessions.
fn play(variant: &str, seed: u64, plies: u64) -> (TwoDeviceGame, TwoDeviceGame) {
    let variant = builtin_variant(variant).unwrap();
    let options = GameOptions::defaults(&variant);
    let (mut red, mut blue) = start_link(variant, options, Side::Red, seed);
    for ply in 0..plies {
        let (mover, other) = if red.status() == Some(LinkStatus::YourTurn) {
            (&mut red, &mut blue)
        } else {
            (&mut blue, &mut red)
        };
        if mover.status() != Some(LinkStatus::YourTurn) {
            break;
        }
        let view = mover.game().unwrap().view().unwrap();
        let action = choose(Level::Random, &view, seed ^ ply).unwrap();
        mover.play(action).unwrap();
        other.read(&link_code(mover)).unwrap();
        if ply % 7 == 0 {
            for session in [&mut red, &mut blue] {
                let again = reload(session);
                assert_eq!(
                    again.game().unwrap().last_code(),
                    session.game().unwrap().last_code()
                );
                assert_eq!(again.status(), session.status());
                assert_eq!(
                    again.game().unwrap().view().map(|v| v.squares),
                    session.game().unwrap().view().map(|v| v.squares)
                );
                *session = again;
            }
        }
    }
    (red, blue)
}

#[test]
fn saved_games_come_back_exactly_in_every_variant() {
    for (i, variant) in BUILT_IN.into_iter().enumerate() {
        let (red, blue) = play(variant, 70 + i as u64, 40);
        assert!(red.game().unwrap().plies().len() >= 10, "{variant}");
        // An attack waiting for its answer is not a ply yet on the attacker's device.
        let (r, b) = (
            red.game().unwrap().plies().len(),
            blue.game().unwrap().plies().len(),
        );
        assert!(r.abs_diff(b) <= 1, "{variant}: {r} and {b} plies");
    }
}

#[test]
fn a_setup_in_progress_is_saved_too() {
    let variant = builtin_variant("domino").unwrap();
    let options = GameOptions::defaults(&variant);
    let mut session = TwoDeviceGame::create(variant, options, Side::Blue, 3);
    // The fair deal: waiting for the other device's deal step, then the hand.
    assert_eq!(session.stage(), Stage::Dealing);
    let again = reload(&session);
    assert_eq!(again.stage(), Stage::Dealing);
    assert_eq!(again.code_on_show(), session.code_on_show());
    let joiner = TwoDeviceGame::join(session.code_on_show().unwrap(), 4).unwrap();
    session.read(joiner.code_on_show().unwrap()).unwrap();
    assert_eq!(session.stage(), Stage::Deal(Side::Blue));
    session.accept_deal().unwrap();
    session.fill_for_me();
    let again = reload(&session);
    assert_eq!(again.stage(), Stage::Setup(Side::Blue));
    assert_eq!(
        again.draft().unwrap().to_setup(),
        session.draft().unwrap().to_setup()
    );
    assert_eq!(again.deal(), session.deal());
}

#[test]
fn damaged_saves_are_refused_with_where_they_are_wrong() {
    let (red, _) = play("small", 5, 12);
    let saved = red.to_saved();

    let mut bad_code = saved.clone();
    let entry = bad_code
        .log
        .iter()
        .position(|l| l.starts_with("read "))
        .unwrap();
    bad_code.log[entry] = bad_code.log[entry].replace("FLAGFALL:", "FLAGFALL:A");
    let e = TwoDeviceGame::from_saved(&bad_code)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(&format!("entry {} of its log", entry + 1)),
        "{e}"
    );

    let mut bad_salt = saved.clone();
    bad_salt.salt = "xyz".into();
    assert!(
        TwoDeviceGame::from_saved(&bad_salt)
            .unwrap_err()
            .to_string()
            .contains("salt")
    );

    // Another setup than the one committed to at the start is refused.
    let mut swapped = saved.clone();
    let mine = swapped.mine.as_mut().unwrap();
    let other = mine
        .setup
        .iter()
        .position(|p| p.piece != mine.setup[0].piece)
        .unwrap();
    let (a, b) = (mine.setup[0].piece.clone(), mine.setup[other].piece.clone());
    mine.setup[0].piece = b;
    mine.setup[other].piece = a;
    let e = TwoDeviceGame::from_saved(&swapped).unwrap_err().to_string();
    assert!(e.contains("not the one this device committed to"), "{e}");

    let mut wrong_variant = saved.clone();
    wrong_variant.variant = "chess".into();
    assert!(
        TwoDeviceGame::from_saved(&wrong_variant)
            .unwrap_err()
            .to_string()
            .contains("unknown variant")
    );
}

#[test]
fn storage_moves_a_damaged_two_device_file_aside_and_keeps_the_rest() {
    let dir = common::fresh_dir("linked");
    let storage = Storage::open(&dir).unwrap();
    let (red, blue) = play("barrage", 9, 10);
    storage.save(&red).unwrap();
    storage.save(&blue).unwrap();
    let (games, problems) = storage.games_in_progress();
    assert_eq!((games.len(), problems.len()), (2, 0), "{problems:?}");
    assert!(games.iter().all(|g| g.game().link().is_some()));
    let path = dir.join("in-progress/linked");
    let file = std::fs::read_dir(&path)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::write(&file, b"{ not json").unwrap();
    let (games, problems) = storage.games_in_progress();
    assert_eq!(games.len(), 1);
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].contains("a saved two-device game could not be read"),
        "{}",
        problems[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
