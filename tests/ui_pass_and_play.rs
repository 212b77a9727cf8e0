//! The real Slint UI, driven headlessly through its accessible labels as a
//! screen reader (or a player's taps) would: choose a variant, deal, fill
//! both setups, hand off, move until a battle, resign, and replay.

mod common;

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
    let (from, to) = {
        let session = app.one_device();
        let session = session.as_ref().unwrap();
        let view = session.view(session.holder()).unwrap();
        let forward = |m: &flagfall::core::Move| {
            let attack = view.at(m.to).is_some_and(|p| p.owner != view.viewer);
            let gain = if view.viewer == Side::Red {
                m.to.row as i32 - m.from.row as i32
            } else {
                m.from.row as i32 - m.to.row as i32
            };
            if attack { 100 } else { gain }
        };
        let best = view
            .legal_moves
            .iter()
            .max_by_key(|m| forward(m))
            .expect("a legal move");
        (best.from, best.to)
    };
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
    let app = new_app(seed);
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
            .starts_with("After move 1 of ")
    );
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
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
