//! Timed games on one device (pass and play, solo), on times the test
//! hands in (no test sleeps): each side's clock runs only while its player
//! can act, the increment, running out ends the game with its record, a
//! game saved and taken up again keeps its clocks (the time it lay saved is
//! not charged), and the computer keeps within its clock.

use flagfall::ai::ThinkTime;
use flagfall::core::clock::{Bonus, TimeControl};
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Action, GameOptions, Outcome, Side, WinReason};
use flagfall::games::Computer;
use flagfall::games::DeviceGame;
use flagfall::games::saved::SavedPassAndPlay;
use flagfall::games::{GameError, PassAndPlay, Stage};
use std::time::Duration;

fn s(seconds: f64) -> Duration {
    Duration::from_secs_f64(seconds)
}

fn timed(control: TimeControl) -> GameOptions {
    let variant = builtin_variant("classic").unwrap();
    GameOptions {
        time_control: Some(control),
        ..GameOptions::defaults(&variant)
    }
}

/// A pass-and-play classic game on `control`, both armies set up, Red's
/// hand-off screen showing.
fn pass_and_play(control: TimeControl) -> PassAndPlay {
    let variant = builtin_variant("classic").unwrap();
    let mut game = PassAndPlay::new(variant, timed(control), 3);
    for _ in 0..2 {
        game.reveal();
        game.fill_for_me();
        game.setup_ready().unwrap();
    }
    assert!(matches!(game.stage(), Stage::HandOff(Side::Red, _)));
    game
}

/// The first legal move of the side to move.
fn any_move(game: &PassAndPlay) -> Action {
    let side = game.game().unwrap().position().to_move();
    let view = game.view(side).unwrap();
    Action::Move(view.legal_moves[0])
}

/// The holder plays a move, looks at any battle, and the next player takes the device.
fn play_and_hand_over(game: &mut PassAndPlay, now: Duration) {
    game.set_time(now, true);
    game.play(any_move(game)).unwrap();
    game.battle_seen();
    game.set_time(now, true);
    game.reveal();
    game.set_time(now, true);
}

fn left(game: &PassAndPlay, side: Side) -> Duration {
    game.clock().unwrap().left(side, game.now())
}

#[test]
fn a_clock_runs_only_while_its_player_can_act() {
    let mut game = pass_and_play(TimeControl::minutes(10, Bonus::Increment(5)));
    game.set_time(s(0.0), true);
    game.set_time(s(100.0), true);
    assert_eq!(
        left(&game, Side::Red),
        s(600.0),
        "the hand-off screen eats no time"
    );
    game.reveal();
    game.set_time(s(100.0), true);
    game.set_time(s(130.0), true);
    assert_eq!(left(&game, Side::Red), s(570.0));
    // Off the screen from 130 s (the app tells it at every tick) to 260 s.
    game.set_time(s(130.0), false);
    game.set_time(s(260.0), true);
    assert_eq!(left(&game, Side::Red), s(570.0), "off screen: paused");
    game.set_time(s(270.0), true);
    game.play(any_move(&game)).unwrap();
    assert_eq!(left(&game, Side::Red), s(565.0), "40 s used, 5 s back");
    game.set_time(s(400.0), true);
    assert_eq!(
        left(&game, Side::Blue),
        s(600.0),
        "Blue waits for the device"
    );
    game.reveal();
    game.set_time(s(400.0), true);
    game.set_time(s(410.0), true);
    assert_eq!(left(&game, Side::Blue), s(590.0));
}

#[test]
fn running_out_of_time_loses_and_is_recorded() {
    let mut game = pass_and_play(TimeControl::minutes(1, Bonus::None));
    game.reveal();
    game.set_time(s(0.0), true);
    play_and_hand_over(&mut game, s(10.0));
    game.set_time(s(69.9), true);
    assert!(!game.is_over());
    game.set_time(s(70.0), true);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::Time
        })
    );
    assert_eq!(game.stage(), Stage::Over);
    let saved = game.to_saved();
    assert_eq!(saved.actions.last().map(String::as_str), Some("time blue"));
    let again = PassAndPlay::from_saved(&saved).unwrap();
    assert_eq!(
        again.outcome(),
        game.outcome(),
        "the record replays the loss"
    );
}

#[test]
fn a_move_in_the_instant_time_runs_out_is_refused() {
    let mut game = pass_and_play(TimeControl::minutes(1, Bonus::Increment(2)));
    game.reveal();
    game.set_time(s(0.0), true);
    let late = any_move(&game);
    game.set_time(s(60.0), true);
    assert!(game.play(late).is_err());
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("Blue wins: Red's time ran out".into())
    );
}

#[test]
fn a_game_taken_up_again_keeps_its_clocks_and_is_not_charged_the_pause() {
    let mut game = pass_and_play(TimeControl::minutes(5, Bonus::Delay(3)));
    game.reveal();
    game.set_time(s(0.0), true);
    play_and_hand_over(&mut game, s(13.0));
    game.set_time(s(33.0), true);
    assert_eq!(left(&game, Side::Red), s(290.0), "13 s, 3 free");
    assert_eq!(left(&game, Side::Blue), s(283.0), "20 s, 3 free");
    let json = serde_json::to_string(&game.to_saved()).unwrap();
    let saved: SavedPassAndPlay = serde_json::from_str(&json).unwrap();
    // Taken up on a clock that starts again from zero, an hour later.
    let mut again = PassAndPlay::from_saved(&saved).unwrap();
    again.set_time(s(1.0), true);
    assert_eq!(left(&again, Side::Blue), s(283.0));
    again.set_time(s(11.0), true);
    assert_eq!(left(&again, Side::Blue), s(273.0));
}

#[test]
fn a_save_whose_clocks_do_not_fit_its_game_is_refused() {
    let mut game = pass_and_play(TimeControl::minutes(5, Bonus::None));
    game.reveal();
    play_and_hand_over(&mut game, s(1.0));
    let mut saved = game.to_saved();
    saved.clock = None;
    assert!(
        PassAndPlay::from_saved(&saved).is_err(),
        "a timed game without clocks"
    );
    let mut saved = game.to_saved();
    saved.options.time_control = Some(TimeControl::minutes(90, Bonus::None));
    let error = PassAndPlay::from_saved(&saved).unwrap_err();
    assert!(error.to_string().contains("clocks"), "{error}");
}

#[test]
fn a_timed_solo_game_has_no_take_back_and_the_computer_keeps_within_its_clock() {
    let variant = builtin_variant("classic").unwrap();
    let computer = Computer {
        side: Side::Blue,
        level: flagfall::ai::Level::Random,
    };
    let mut game = PassAndPlay::solo(
        variant,
        timed(TimeControl::minutes(1, Bonus::None)),
        4,
        computer,
    );
    game.fill_for_me();
    game.setup_ready().unwrap();
    game.set_time(s(0.0), true);
    game.play(any_move(&game)).unwrap();
    game.battle_seen();
    game.set_time(s(2.0), true);
    game.set_time(s(4.0), true);
    assert_eq!(
        left(&game, Side::Red),
        s(60.0),
        "the first move was at once"
    );
    assert_eq!(
        game.computer_time_left(),
        Some(s(58.0)),
        "its clock runs while it thinks"
    );
    assert_eq!(
        game.take_back(),
        Err(GameError::TimedGame),
        "a timed game is played as it went, and the player is told so"
    );
    // With 58 s left it thinks at most 1.45 s; with 2 s left, 50 ms.
    assert_eq!(ThinkTime::Long.within_clock(s(58.0)).0, 1000);
    assert_eq!(ThinkTime::Long.within_clock(s(2.0)).0, 50);
    assert_eq!(ThinkTime::Long.within_clock(Duration::ZERO).0, 1);
}

/// A running clock counts as a change every 5 s, so the app saves it
/// between moves too: a game killed mid-turn loses at most that much.
#[test]
fn a_running_clock_is_saved_every_few_seconds() {
    let mut game = pass_and_play(TimeControl::minutes(5, Bonus::None));
    game.reveal();
    game.set_time(s(0.0), true);
    let start = game.revision();
    game.set_time(s(4.9), true);
    assert_eq!(game.revision(), start, "not yet");
    game.set_time(s(5.0), true);
    assert_eq!(game.revision(), start + 1);
    let saved = game.to_saved();
    let again = PassAndPlay::from_saved(&saved).unwrap();
    assert_eq!(
        again.clock().unwrap().left(Side::Red, Duration::ZERO),
        s(295.0),
        "the save holds the turn so far"
    );
    game.set_time(s(6.0), false);
    game.set_time(s(60.0), false);
    assert_eq!(game.revision(), start + 1, "a paused clock is no change");
}
