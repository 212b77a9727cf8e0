//! The app on a store kept in memory (`MemoryStore`), as it would be on any
//! store that is not a folder on disk: a game resumes when the app opens
//! again on the same store, and a store that refuses a save (full) leaves
//! the last save whole, says so, and takes the next save once there is room.
//! A player's app comes back where it was: on the game it showed, with the
//! home screen's last choices for a new game.

use crate::common;

use common::ui::*;
use flagfall::app::{App, AppConfig, BoardAdapter, HomeAdapter};
use flagfall::core::{Action, Side};
use flagfall::games::KeepsGames;
use flagfall::store::Storage;
use flagfall::store::data_store::DataStore;
use slint::ComponentHandle;

/// The player to move plays their first legal move by tapping its squares.
fn play_a_move(app: &App) -> Action {
    let holder = app.one_device().unwrap().holder();
    hand_to(app, holder);
    let m = {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(holder).unwrap();
        *view.legal_moves.first().unwrap()
    };
    tap_move(app, m);
    Action::Move(m)
}

/// The one game in progress the store keeps, as a reload would find it.
fn saved_game(storage: &Storage) -> Vec<Action> {
    let (games, problems) = storage.games_in_progress();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 1);
    let game = games[0].one_device().expect("a game on this device");
    game.game().unwrap().actions().to_vec()
}

#[test]
fn a_game_resumes_when_the_app_opens_again_on_the_same_store() {
    let (storage, store) = Storage::in_memory();
    let moves = {
        let app = app_on_storage(&storage, 3);
        start_pass_and_play(&app);
        vec![play_a_move(&app), play_a_move(&app)]
    }; // the app is gone, as a closed tab is
    assert!(
        store
            .names()
            .iter()
            .any(|n| n.starts_with("in-progress/pass-and-play-classic-")),
        "{:?}",
        store.names()
    );
    let app = app_on_storage(&storage, 3);
    tap(
        &app,
        "Continue: Classic, two players on this device, Red to play",
    );
    hand_to(&app, Side::Red);
    assert_eq!(played(&app), moves);
}

/// A player's app on `storage`: it comes back as the player left it.
fn players_app(storage: &Storage) -> App {
    app_of(AppConfig {
        storage: Some(storage.clone()),
        resumes: true,
        ..AppConfig::in_memory(5)
    })
}

#[test]
fn a_players_app_comes_back_on_the_game_it_showed_with_its_last_choices() {
    let (storage, _store) = Storage::in_memory();
    let shown = {
        let app = players_app(&storage);
        assert_eq!(screen(&app), "home");
        let home = app.window().global::<HomeAdapter>();
        home.invoke_select_variant(2);
        home.set_opponent_index(2);
        home.set_side_index(1);
        tap(&app, "Start vs computer");
        assert_ne!(screen(&app), "home");
        screen(&app)
    }; // the page is reloaded, or the phone stopped the app
    let app = players_app(&storage);
    assert_eq!(screen(&app), shown, "the game it showed");
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
    let home = app.window().global::<HomeAdapter>();
    assert_eq!(
        (
            home.get_selected(),
            home.get_opponent_index(),
            home.get_side_index()
        ),
        (2, 2, 1),
        "the last choices for a new game"
    );
    drop(app);
    // Left on home, it opens on home; the game waits under Continue.
    let app = players_app(&storage);
    assert_eq!(screen(&app), "home");
    assert_eq!(app.window().global::<HomeAdapter>().get_opponent_index(), 2);

    // A pass-and-play game comes back behind its hand-off screen: the
    // device may have changed hands.
    let home = app.window().global::<HomeAdapter>();
    home.invoke_select_variant(0);
    home.set_opponent_index(0);
    start_pass_and_play(&app);
    hand_to(&app, Side::Red);
    assert_eq!(screen(&app), "play");
    drop(app);
    let app = players_app(&storage);
    assert_eq!(screen(&app), "handoff");
}

#[test]
fn a_full_store_keeps_the_last_save_and_the_game_goes_on() {
    let (storage, store) = Storage::in_memory();
    let app = app_on_storage(&storage, 4);
    start_pass_and_play(&app);
    let first = play_a_move(&app);
    assert_eq!(saved_game(&storage), [first]);

    store.refuse_writes(true);
    let second = play_a_move(&app);
    let error = app.window().global::<BoardAdapter>().get_error();
    assert!(
        error.starts_with("the classic game could not be saved")
            && error.contains("the game goes on; it will be saved again after the next move"),
        "{error}"
    );
    assert_eq!(played(&app), [first, second], "the move stands");
    assert_eq!(saved_game(&storage), [first], "the last save is whole");

    store.refuse_writes(false);
    let third = play_a_move(&app);
    assert_eq!(saved_game(&storage), [first, second, third]);
    assert_eq!(app.window().global::<BoardAdapter>().get_error(), "");
}

#[test]
fn a_damaged_document_in_the_store_is_moved_aside_and_reported() {
    let (storage, store) = Storage::in_memory();
    store
        .write(
            "in-progress/pass-and-play-classic-1.json",
            b"{\"format\": 1, \"mo",
        )
        .unwrap();
    store.write("settings.json", b"[]").unwrap();
    let app = app_on_storage(&storage, 5);
    let notices = labels(&app).join("\n");
    assert!(
        notices.contains("the saved pass and play classic game could not be read"),
        "{notices}"
    );
    assert!(
        notices.contains("the settings could not be read"),
        "{notices}"
    );
    let names = store.names();
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("in-progress/pass-and-play-classic-1.json.corrupt-")),
        "{names:?}"
    );
    assert!(!names.contains(&"settings.json".to_string()), "{names:?}");
}
