//! The real Slint UI, driven headlessly through its accessible labels as a
//! screen reader (or a player's taps) would: choose a variant, deal, fill
//! both setups, hand off, move until a battle, resign, and replay.

use crate::common;

use common::ui::*;
use flagfall::app::App;
use flagfall::app::{GameOverAdapter, PlayAdapter};
use flagfall::core::{Side, Square};
use slint::ComponentHandle;

/// No element names an enemy piece the holder's view does not know.
fn assert_no_hidden_enemy_named(app: &App) {
    let session = app.one_device();
    let Some(session) = session.as_ref() else {
        return;
    };
    let holder = session.holder();
    let Some(view) = session.view(holder) else {
        return;
    };
    for (square, label) in squares(app) {
        let Some(seen) = view.at(square) else {
            continue;
        };
        if seen.owner == holder || view.outcome.is_some() {
            continue;
        }
        if seen.piece.is_none() {
            let rest = label.split_once(", enemy ").map(|(_, r)| r).unwrap_or("");
            assert!(
                rest.starts_with("piece") || rest.contains(" coin"),
                "{square} names a hidden enemy piece: \"{label}\""
            );
        }
    }
    // The referee knows every hidden piece: none of their names may sit on an enemy square.
    let game = session.game().expect("playing");
    for (id, state) in game.position().pieces(holder.opponent()) {
        let Some(square) = game.position().square_of(id) else {
            continue;
        };
        if view.at(square).is_some_and(|p| p.piece.is_none()) {
            let name = &game.variant().kind(state.piece.kind).name;
            let on_square = squares(app)
                .into_iter()
                .find(|(s, _)| *s == square)
                .map(|(_, l)| l)
                .unwrap_or_default();
            assert!(
                !on_square.contains(name.as_str()),
                "hidden {name} shown on {square}: \"{on_square}\""
            );
        }
    }
}

fn set_up(app: &App, side: Side, choose_discard: bool) {
    hand_to(app, side);
    if screen(app) == "deal" {
        if choose_discard {
            // Suits named apart from the players ("suns (red)", not "Red").
            let choice = labels(app)
                .into_iter()
                .find(|l| l.starts_with("The ") && l.contains(" give up their null (Flag)"))
                .expect("a discard choice");
            assert!(
                !choice.contains("Red") && !choice.contains("Blue"),
                "{choice}"
            );
            tap(app, &choice);
        } else {
            // Every stone dealt is drawn and named, the 24 in hand and the 4 set aside.
            let stones = labels(app)
                .iter()
                .filter(|l| l.starts_with("stone "))
                .count();
            assert!(stones >= 28, "the deal shows the stones: {stones}");
        }
        tap(app, "Continue to setup");
    }
    assert_eq!(screen(app), "setup");
    assert!(
        labels(app).iter().any(|l| l.starts_with("still to do: ")),
        "an empty setup is not ready"
    );
    tap(app, "Fill for me");
    assert!(
        labels(app).iter().any(|l| l == "setup complete"),
        "{:?}",
        labels(app)
    );
    tap(app, "Ready");
}

/// One turn of the holder, as a player would choose from what they see: an
/// attack if there is one, else a move towards the enemy. Played by taps.
fn play_turn(app: &App) {
    let flagfall::core::Move { from, to } = forward_move(app);
    tap(app, &format!("{from}, your"));
    let target = squares(app)
        .into_iter()
        .find(|(s, _)| *s == to)
        .map(|(_, l)| l)
        .unwrap();
    assert!(
        target.ends_with(", can move here"),
        "the destination is shown: {target}"
    );
    tap(app, &target);
}

fn play_until_battle(app: &App) {
    let mut battles = 0;
    for _ in 0..400 {
        match screen(app).as_str() {
            "handoff" => {
                let side = app.one_device().as_ref().unwrap().handoff().unwrap();
                hand_to(app, side);
            }
            "play" if app.window().global::<PlayAdapter>().get_battle_visible() => {
                let text = app
                    .window()
                    .global::<PlayAdapter>()
                    .get_battle_text()
                    .to_string();
                assert!(text.contains(" attacked "), "{text}");
                // The mover's own ("Battle"), or the other player's ("Red attacked").
                let heading = app
                    .window()
                    .global::<PlayAdapter>()
                    .get_battle_heading()
                    .to_string();
                assert!(
                    heading == "Battle" || heading.ends_with(" attacked"),
                    "{heading}"
                );
                assert!(
                    labels(app)
                        .iter()
                        .any(|l| l.starts_with(&format!("{heading}: "))),
                    "the battle is on screen"
                );
                assert_no_hidden_enemy_named(app);
                battles += 1;
                tap(app, "Continue");
            }
            "play" => {
                assert_no_hidden_enemy_named(app);
                if battles > 0 {
                    return;
                }
                play_turn(app);
            }
            "over" => return,
            other => panic!("unexpected screen {other}"),
        }
    }
    panic!("no battle in 400 steps");
}

fn whole_game(variant: &str, seed: u64, discard: bool) {
    // A store, for the finished games' list.
    let (storage, _store) = flagfall::store::Storage::in_memory();
    let app = app_on_storage(&storage, seed);
    assert_eq!(screen(&app), "home");
    tap(&app, variant);
    tap(&app, "Start pass-and-play");
    set_up(&app, Side::Red, discard);
    set_up(&app, Side::Blue, discard);
    hand_to(&app, Side::Red);
    assert_eq!(screen(&app), "play");
    assert!(
        labels(&app).iter().any(|l| l == "status: Red ▲: your turn"),
        "{:?}",
        labels(&app)
    );

    // An illegal tap: a piece onto a square it cannot reach shows the core's
    // reason, and nothing is played.
    let (from, to, reason) = {
        let session = app.one_device();
        let game = session.as_ref().unwrap().game().unwrap();
        let position = game.position();
        let own: Vec<Square> = squares(&app)
            .into_iter()
            .filter(|(_, l)| l.contains(", your "))
            .map(|(s, _)| s)
            .collect();
        let empty: Vec<Square> = squares(&app)
            .into_iter()
            .filter(|(_, l)| l.ends_with(", empty"))
            .map(|(s, _)| s)
            .collect();
        own.iter()
            .flat_map(|f| empty.iter().map(move |t| (*f, *t)))
            .find_map(|(f, t)| {
                position
                    .check_move(flagfall::core::Move::new(f, t))
                    .err()
                    .map(|e| (f, t, e.to_string()))
            })
            .expect("some move is illegal")
    };
    tap(&app, &format!("{from}, your"));
    tap(&app, &format!("{to}, empty"));
    assert!(
        labels(&app).contains(&format!("illegal: {reason}")),
        "the reason is shown: {reason}"
    );
    assert_eq!(played(&app), [], "nothing was played");
    tap(&app, &format!("{from}, your")); // put the piece down again

    play_until_battle(&app);
    if screen(&app) != "over" {
        tap(&app, "Resign");
        tap(&app, "Resign now");
    }
    assert_eq!(screen(&app), "over");
    let result = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("result: "))
        .expect("a result");
    assert!(
        result.contains(" wins") || result.contains("draw"),
        "{result}"
    );
    // Both armies are shown in full.
    for (square, label) in squares(&app) {
        assert!(
            !label.contains("enemy piece") && !label.contains(" coin"),
            "{square} still hidden: {label}"
        );
    }
    tap(&app, "first position");
    assert!(
        app.window()
            .global::<GameOverAdapter>()
            .get_replay_text()
            .starts_with("Starting position.")
    );
    tap(&app, "next move");
    assert!(
        app.window()
            .global::<GameOverAdapter>()
            .get_replay_text()
            .starts_with("Move 1 of ")
    );
    // The replay's last step and the finished games' list count the game's
    // moves alike (the resignation is no move of its own).
    tap(&app, "final position");
    let last = app.window().global::<GameOverAdapter>().get_replay_text();
    let (number, total) = last
        .strip_prefix("Move ")
        .and_then(|rest| rest.split_once(','))
        .and_then(|(numbers, _)| numbers.split_once(" of "))
        .unwrap_or_else(|| panic!("{last}"));
    assert_eq!(number, total, "{last}");
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
    let length = if total == "1" {
        "(1 move)".to_string()
    } else {
        format!("({total} moves)")
    };
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with(&format!("{variant}: ")) && l.contains(&length)),
        "{length} in {:?}",
        labels(&app)
    );
}

#[test]
fn classic_pass_and_play_through_the_ui() {
    whole_game("Classic", 3, false);
}

#[test]
fn domino_pass_and_play_through_the_ui() {
    whole_game("Domino Stratego", 4, false);
}

#[test]
fn piecepack_pass_and_play_through_the_ui() {
    whole_game("Piecepack Stratego", 5, true);
}

/// Hands the device to the player named `name` playing `side`.
fn hand_to_named(app: &App, name: &str, side: Side) {
    assert_eq!(screen(app), "handoff");
    assert_no_pieces(app);
    tap(app, &format!("Pass the device to {name} ({})", side.name()));
}

/// Issue 77, item 1: on one device nothing one player typed, saved, chose
/// or was told reaches the other's turn. The curious opponent looks at
/// every field and message the setup and play screens keep, and finds
/// nothing of Ana's: not her setup's name, not the message that saved it,
/// not her setup in the Load list, not the square she picked, not why a
/// move of hers was refused.
#[test]
fn the_curious_opponent_finds_nothing_of_the_other_players_turn() {
    use flagfall::app::SetupAdapter;
    use slint::Model;
    let app = new_app(41);
    tap(&app, "Classic");
    type_into(&app, "Red player's name", "Ana");
    type_into(&app, "Blue player's name", "Ben");
    tap(&app, "Start pass-and-play");
    hand_to_named(&app, "Ana", Side::Red);
    let setup = app.window().global::<SetupAdapter>();
    tap(&app, "Fill for me");
    setup.set_save_name("Left flag".into());
    tap(&app, "Save");
    assert!(labels(&app).contains(&"Saved \"Left flag\".".to_string()));
    // Typed and chosen, not saved: a second name, and a piece picked up.
    setup.set_save_name("Right flag".into());
    setup.set_load_index(0);
    tap(&app, "a1, your");
    tap(&app, "Ready");

    hand_to_named(&app, "Ben", Side::Blue);
    assert_eq!(screen(&app), "setup");
    assert_eq!(setup.get_save_name(), "", "Ana's typed name is gone");
    assert_eq!(setup.get_status(), "", "Ana's message is gone");
    assert_eq!(
        setup.get_saved_names().row_count(),
        0,
        "no Load list of Ana's"
    );
    let shown = labels(&app);
    assert!(
        !shown
            .iter()
            .any(|l| l.contains("Left flag") || l.contains("Right flag")),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|l| l.ends_with(", selected")),
        "{shown:?}"
    );
    tap(&app, "Fill for me");
    setup.set_save_name("Ben's wall".into());
    tap(&app, "Save");
    tap(&app, "Ready");

    // Play: Ana picks a piece and has a move refused, then moves.
    hand_to_named(&app, "Ana", Side::Red);
    let (piece, blocked, step) = {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(Side::Red).unwrap();
        let step = *view.legal_moves.first().unwrap();
        // An empty square her piece cannot reach.
        let blocked = view
            .variant
            .board
            .squares()
            .find(|&sq| {
                view.at(sq).is_none()
                    && !view.variant.board.is_blocked(sq)
                    && !view
                        .legal_moves
                        .iter()
                        .any(|m| m.from == step.from && m.to == sq)
            })
            .unwrap();
        (step.from, blocked, step)
    };
    tap(&app, &format!("{piece}, your"));
    tap(&app, &format!("{blocked}, "));
    assert!(
        labels(&app).iter().any(|l| l.starts_with("illegal: ")),
        "the refusal is shown to Ana"
    );
    let still_picked = labels(&app)
        .iter()
        .any(|l| l.starts_with(&format!("{piece}, your")) && l.ends_with(", selected"));
    if !still_picked {
        tap(&app, &format!("{piece}, your"));
    }
    tap(&app, &format!("{}, ", step.to));
    hand_to_named(&app, "Ben", Side::Blue);
    assert_eq!(screen(&app), "play");
    let shown = labels(&app);
    assert!(
        !shown.iter().any(|l| l.starts_with("illegal: ")),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|l| l.ends_with(", selected")),
        "{shown:?}"
    );
    // Ben's own setup is his to load, in his next game.
    tap(&app, "Menu");
    tap(&app, "Start pass-and-play");
    hand_to_named(&app, "Ana", Side::Red);
    assert_eq!(
        setup.get_save_name(),
        "",
        "a new game starts with no name typed"
    );
    let names: Vec<String> = setup
        .get_saved_names()
        .iter()
        .map(|n| n.to_string())
        .collect();
    assert_eq!(names, ["Left flag"], "Ana's own, and only hers");
}

/// Without names, a shared device keeps no setups, and says why.
#[test]
fn nameless_players_are_told_how_to_keep_their_setups() {
    use flagfall::app::SetupAdapter;
    let app = new_app(42);
    tap(&app, "Start pass-and-play");
    hand_to(&app, Side::Red);
    let setup = app.window().global::<SetupAdapter>();
    assert!(!setup.get_library_open());
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("Setups are kept by each player's name")),
        "{:?}",
        labels(&app)
    );
    // Two players of one name are refused before the game starts.
    tap(&app, "Menu");
    type_into(&app, "Red player's name", "Ana");
    type_into(&app, "Blue player's name", " ana");
    tap(&app, "Start pass-and-play");
    assert_eq!(screen(&app), "home");
    let notice = app
        .window()
        .global::<flagfall::app::HomeAdapter>()
        .get_notice();
    assert!(notice.contains("need different names"), "{notice}");
}
