//! How games end and the two-squares rule (RULES.md, "Common to all board
//! variants"): the 4th consecutive move between the same two squares is
//! illegal; no legal move on your turn loses; no movable piece left loses at
//! once (both at once: a draw); 200 quiet plies draw; resignation and agreed
//! draws; nothing is accepted once the game is over.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::variant::builtin;
use flagfall::core::{
    Action, DrawReason, GameOptions, IllegalMove, Move, Outcome, Piece, Placement, PlyReport,
    Position, Side, TwoSquares, WinReason,
};

use crate::common;
use common::*;

// ---------------------------------------------------------------- helpers

fn arrange_with(options: GameOptions, pieces: &[Spec], to_move: Side) -> Position {
    arrange("classic", options, pieces, to_move)
}

fn defaults() -> GameOptions {
    GameOptions::defaults(&variant("classic"))
}

fn two_squares(rule: TwoSquares) -> GameOptions {
    GameOptions {
        two_squares: rule,
        ..defaults()
    }
}

/// A classic position with both flags and a waiting piece each (a Red
/// sergeant circling b2 b3 c3 c2, a Blue one circling h9 h8 g8 g9), plus `extra`.
fn classic_with(options: GameOptions, extra: &[Spec], to_move: Side) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "flag"),
        (Red, "b2", "sergeant"),
        (Blue, "j10", "flag"),
        (Blue, "h9", "sergeant"),
    ];
    list.extend_from_slice(extra);
    arrange_with(options, &list, to_move)
}

fn classic(extra: &[Spec]) -> Position {
    classic_with(defaults(), extra, Red)
}

fn mv(p: &mut Position, from: &str, to: &str) -> Result<PlyReport, IllegalMove> {
    p.play(Action::Move(Move::new(sq(from), sq(to))))
}

fn play(p: &mut Position, from: &str, to: &str) -> PlyReport {
    mv(p, from, to).unwrap_or_else(|e| panic!("{from}-{to} refused: {e}"))
}

const RED_CIRCLE: [&str; 4] = ["b2", "b3", "c3", "c2"];
const BLUE_CIRCLE: [&str; 4] = ["h9", "h8", "g8", "g9"];

/// The side to move moves its waiting piece one step round its circle
/// (never twice between the same two squares, never a battle).
fn wait(p: &mut Position) -> PlyReport {
    let side = p.to_move();
    let circle = match side {
        Red => RED_CIRCLE,
        Blue => BLUE_CIRCLE,
    };
    for i in 0..4 {
        if p.piece_at(sq(circle[i])).is_some_and(|id| id.side == side) {
            return play(p, circle[i], circle[(i + 1) % 4]);
        }
    }
    panic!("{side} has no waiting piece");
}

fn two_squares_error(a: &str, b: &str, limit: u8) -> IllegalMove {
    IllegalMove::TwoSquares {
        a: sq(a),
        b: sq(b),
        limit,
    }
}

fn is_legal(p: &Position, from: &str, to: &str) -> bool {
    p.legal_moves().contains(&Move::new(sq(from), sq(to)))
}

fn win(winner: Side, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// Red moves back and forth between `a` and `b` `times` times (starting on
/// `a`), Blue waiting in between.
fn shuttle(p: &mut Position, a: &str, b: &str, times: usize) {
    for i in 0..times {
        let (from, to) = if i % 2 == 0 { (a, b) } else { (b, a) };
        play(p, from, to);
        wait(p);
    }
}

// ------------------------------------------------------- two-squares rule

#[test]
fn two_squares_fourth_move_between_the_same_squares_is_illegal() {
    let mut p = classic(&[(Red, "e4", "captain")]);
    shuttle(&mut p, "e4", "e5", 3);
    assert!(!is_legal(&p, "e5", "e4"));
    assert_eq!(
        refused(&mut p, "e5", "e4"),
        two_squares_error("e4", "e5", 3)
    );
    // The piece may still go anywhere else.
    assert!(is_legal(&p, "e5", "e6"));
    play(&mut p, "e5", "e6");
}

#[test]
fn two_squares_third_move_is_still_legal() {
    let mut p = classic(&[(Red, "e4", "captain")]);
    shuttle(&mut p, "e4", "e5", 2);
    assert!(is_legal(&p, "e4", "e5"));
    play(&mut p, "e4", "e5");
}

#[test]
fn two_squares_message_names_the_squares_and_the_count() {
    let mut p = classic(&[(Red, "e4", "captain")]);
    shuttle(&mut p, "e4", "e5", 3);
    let err = refused(&mut p, "e5", "e4");
    assert_eq!(
        err.to_string(),
        "two-squares rule: this piece has moved between e4 and e5 three times"
    );
}

#[test]
fn moving_another_piece_resets_the_two_squares_count() {
    let mut p = classic(&[(Red, "e4", "captain")]);
    shuttle(&mut p, "e4", "e5", 3);
    wait(&mut p); // Red's sergeant moves
    wait(&mut p);
    // Three more moves between e5 and e4 are fine, the fourth is not.
    shuttle(&mut p, "e5", "e4", 3);
    assert_eq!(
        refused(&mut p, "e4", "e5"),
        two_squares_error("e5", "e4", 3)
    );
}

#[test]
fn opponent_moves_do_not_reset_the_two_squares_count() {
    // Both sides shuttle at once; each count runs on its own.
    let mut p = classic(&[(Red, "e4", "captain"), (Blue, "i7", "captain")]);
    for (red, blue) in [
        (("e4", "e5"), ("i7", "i6")),
        (("e5", "e4"), ("i6", "i7")),
        (("e4", "e5"), ("i7", "i6")),
    ] {
        play(&mut p, red.0, red.1);
        play(&mut p, blue.0, blue.1);
    }
    assert_eq!(
        refused(&mut p, "e5", "e4"),
        two_squares_error("e4", "e5", 3)
    );
    wait(&mut p);
    assert_eq!(
        refused(&mut p, "i6", "i7"),
        two_squares_error("i7", "i6", 3)
    );
}

#[test]
fn refused_move_does_not_disturb_the_two_squares_count() {
    let mut p = classic(&[(Red, "e4", "captain")]);
    shuttle(&mut p, "e4", "e5", 2);
    refused(&mut p, "e4", "e6");
    refused(&mut p, "e4", "f5");
    play(&mut p, "e4", "e5");
    wait(&mut p);
    assert_eq!(
        refused(&mut p, "e5", "e4"),
        two_squares_error("e4", "e5", 3)
    );
}

#[test]
fn scouts_count_two_squares_by_their_end_squares() {
    let mut p = classic(&[(Red, "e2", "scout")]);
    shuttle(&mut p, "e2", "e8", 3);
    assert_eq!(
        refused(&mut p, "e8", "e2"),
        two_squares_error("e2", "e8", 3)
    );
    // Another end square is another pair of squares.
    assert!(is_legal(&p, "e8", "e3"));
    play(&mut p, "e8", "e3");
}

#[test]
fn scout_changing_one_end_square_starts_a_new_count() {
    let mut p = classic(&[(Red, "e2", "scout")]);
    shuttle(&mut p, "e2", "e8", 2);
    // e2-e5 is a new pair: three moves between e2 and e5 are allowed.
    shuttle(&mut p, "e2", "e5", 3);
    assert_eq!(
        refused(&mut p, "e5", "e2"),
        two_squares_error("e2", "e5", 3)
    );
}

#[test]
fn two_squares_limit_five() {
    let mut p = classic_with(
        two_squares(TwoSquares::Limit(5)),
        &[(Red, "e4", "captain")],
        Red,
    );
    shuttle(&mut p, "e4", "e5", 5);
    let err = refused(&mut p, "e5", "e4");
    assert_eq!(err, two_squares_error("e4", "e5", 5));
    assert_eq!(
        err.to_string(),
        "two-squares rule: this piece has moved between e4 and e5 five times"
    );
}

#[test]
fn two_squares_off_allows_endless_shuttling() {
    let mut p = classic_with(two_squares(TwoSquares::Off), &[(Red, "e4", "captain")], Red);
    shuttle(&mut p, "e4", "e5", 12);
    assert!(is_legal(&p, "e4", "e5"));
}

#[test]
fn two_squares_rule_is_3_by_default_with_5_and_off_on_offer() {
    let all = builtin();
    assert!(all.errors.is_empty(), "{:?}", all.errors);
    for v in &all.variants {
        let rules = &v.rules;
        assert_eq!(rules.two_squares_default, TwoSquares::Limit(3), "{}", v.id);
        for choice in [TwoSquares::Limit(3), TwoSquares::Limit(5), TwoSquares::Off] {
            assert!(rules.two_squares_choices.contains(&choice), "{}", v.id);
        }
    }
}

// ------------------------------------------------------------ no legal move

/// Red's captain on a1 is shut in by its own bombs on a2 and b1.
const SHUT_IN: [Spec; 4] = [
    (Red, "a1", "captain"),
    (Red, "a2", "bomb"),
    (Red, "b1", "bomb"),
    (Red, "c1", "flag"),
];

#[test]
fn side_to_move_without_a_legal_move_has_lost() {
    let mut list = SHUT_IN.to_vec();
    list.extend([(Blue, "j10", "flag"), (Blue, "h9", "sergeant")]);
    let p = arrange_with(defaults(), &list, Red);
    assert_eq!(p.outcome(), win(Blue, WinReason::NoLegalMove));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn blocked_pieces_lose_only_when_it_is_their_turn() {
    let mut list = SHUT_IN.to_vec();
    list.extend([(Blue, "j10", "flag"), (Blue, "h9", "sergeant")]);
    let mut p = arrange_with(defaults(), &list, Blue);
    assert_eq!(p.outcome(), None, "Red has a movable piece");
    let report = wait(&mut p);
    assert_eq!(report.outcome, win(Blue, WinReason::NoLegalMove));
    assert_eq!(p.outcome(), win(Blue, WinReason::NoLegalMove));
}

#[test]
fn capture_leaving_only_blocked_pieces_loses() {
    let mut list = SHUT_IN.to_vec();
    list.extend([
        (Red, "e4", "scout"),
        (Blue, "j10", "flag"),
        (Blue, "e5", "marshal"),
    ]);
    let mut p = arrange_with(defaults(), &list, Blue);
    play(&mut p, "e5", "e4");
    assert_eq!(p.outcome(), win(Blue, WinReason::NoLegalMove));
}

#[test]
fn two_squares_rule_can_leave_no_legal_move_and_that_loses() {
    // Red's captain can only shuttle between a1 and a2.
    let mut p = arrange_with(
        defaults(),
        &[
            (Red, "a1", "captain"),
            (Red, "b1", "bomb"),
            (Red, "b2", "bomb"),
            (Red, "a3", "bomb"),
            (Red, "c1", "flag"),
            (Blue, "j10", "flag"),
            (Blue, "h9", "sergeant"),
        ],
        Red,
    );
    play(&mut p, "a1", "a2");
    wait(&mut p);
    play(&mut p, "a2", "a1");
    wait(&mut p);
    play(&mut p, "a1", "a2");
    assert_eq!(p.outcome(), None);
    wait(&mut p);
    assert_eq!(p.outcome(), win(Blue, WinReason::NoLegalMove));
}

// ------------------------------------------------------- no movable piece

#[test]
fn side_left_without_a_movable_piece_loses_at_once() {
    // Red's last movable piece dies on a bomb: Red has lost before Blue moves.
    let mut p = arrange_with(
        defaults(),
        &[
            (Red, "a1", "flag"),
            (Red, "b1", "bomb"),
            (Red, "e4", "scout"),
            (Blue, "j10", "flag"),
            (Blue, "e5", "bomb"),
            (Blue, "h9", "sergeant"),
        ],
        Red,
    );
    let report = play(&mut p, "e4", "e5");
    assert_eq!(report.outcome, win(Blue, WinReason::NoLegalMove));
    assert_eq!(p.outcome(), win(Blue, WinReason::NoLegalMove));
    assert_eq!(p.movable_pieces(Red), 0);
}

#[test]
fn taking_the_last_movable_enemy_piece_wins_at_once() {
    let mut p = arrange_with(
        defaults(),
        &[
            (Red, "a1", "flag"),
            (Red, "e4", "captain"),
            (Blue, "j10", "flag"),
            (Blue, "j9", "bomb"),
            (Blue, "e5", "scout"),
        ],
        Red,
    );
    play(&mut p, "e4", "e5");
    assert_eq!(p.outcome(), win(Red, WinReason::NoLegalMove));
}

#[test]
fn one_battle_removing_the_last_movable_pieces_of_both_is_a_draw() {
    let mut p = arrange_with(
        defaults(),
        &[
            (Red, "a1", "flag"),
            (Red, "b1", "bomb"),
            (Red, "e4", "captain"),
            (Blue, "j10", "flag"),
            (Blue, "j9", "bomb"),
            (Blue, "e5", "captain"),
        ],
        Red,
    );
    let report = play(&mut p, "e4", "e5");
    assert_eq!(report.outcome, draw(DrawReason::BothImmobile));
    assert_eq!(p.outcome(), draw(DrawReason::BothImmobile));
}

// ------------------------------------------------------------ quiet plies

#[test]
fn draw_after_200_plies_without_a_battle() {
    let mut p = classic(&[]);
    for _ in 0..199 {
        wait(&mut p);
    }
    assert_eq!(p.quiet_plies(), 199);
    assert_eq!(p.outcome(), None, "199 quiet plies are not yet a draw");
    let report = wait(&mut p);
    assert_eq!(report.outcome, draw(DrawReason::QuietPlies));
    assert_eq!(p.outcome(), draw(DrawReason::QuietPlies));
}

#[test]
fn battle_restarts_the_quiet_ply_count() {
    let mut p = classic(&[(Red, "a4", "scout"), (Blue, "a7", "bomb")]);
    for _ in 0..100 {
        wait(&mut p);
    }
    assert_eq!(p.quiet_plies(), 100);
    play(&mut p, "a4", "a7"); // the scout dies on the bomb
    assert_eq!(p.quiet_plies(), 0);
    for _ in 0..199 {
        wait(&mut p);
    }
    assert_eq!(p.outcome(), None);
    wait(&mut p);
    assert_eq!(p.outcome(), draw(DrawReason::QuietPlies));
}

#[test]
fn every_variant_draws_after_200_quiet_plies() {
    for v in &builtin().variants {
        assert_eq!(v.rules.quiet_ply_limit, Some(200), "{}", v.id);
    }
}

// ------------------------------------------------ resignation and agreement

#[test]
fn resigning_player_loses() {
    let mut p = classic(&[]);
    let report = p.play(Action::Resign(Red)).unwrap();
    assert_eq!(report.outcome, win(Blue, WinReason::Resignation));
    assert_eq!(p.outcome(), win(Blue, WinReason::Resignation));
}

#[test]
fn player_may_resign_on_the_opponents_turn() {
    let mut p = classic(&[]);
    assert_eq!(p.to_move(), Red);
    p.play(Action::Resign(Blue)).unwrap();
    assert_eq!(p.outcome(), win(Red, WinReason::Resignation));
}

/// Under a time control the side whose time ran out loses, and nothing
/// can be played after it.
#[test]
fn a_side_out_of_time_loses() {
    let mut p = classic(&[]);
    let report = p.play(Action::OutOfTime(Red)).unwrap();
    assert_eq!(report.outcome, win(Blue, WinReason::Time));
    assert_eq!(
        p.outcome().map(|o| o.to_string()),
        Some("Blue wins: Red's time ran out".to_string())
    );
    assert_eq!(p.play(Action::OutOfTime(Blue)), Err(IllegalMove::GameOver));
}

#[test]
fn players_may_agree_a_draw() {
    let mut p = classic(&[]);
    wait(&mut p);
    p.play(Action::AgreeDraw).unwrap();
    assert_eq!(p.outcome(), draw(DrawReason::Agreed));
}

// ----------------------------------------------------------- after the end

fn every_action(p: &Position) -> Vec<Action> {
    let some_piece = p.pieces(Red).next().unwrap().0;
    vec![
        Action::Move(Move::new(sq("b2"), sq("b3"))),
        Action::Move(Move::new(sq("h9"), sq("h8"))),
        Action::Resign(Red),
        Action::Resign(Blue),
        Action::AgreeDraw,
        Action::SkipRescue,
        Action::Rescue {
            piece: some_piece,
            to: sq("e2"),
        },
    ]
}

fn assert_nothing_accepted(p: &mut Position) {
    assert!(p.outcome().is_some());
    assert!(p.legal_moves().is_empty());
    assert!(p.legal_actions().is_empty());
    for action in every_action(p) {
        assert_eq!(
            refused_action(p, action),
            IllegalMove::GameOver,
            "{action:?}"
        );
    }
}

#[test]
fn no_action_accepted_after_the_flag_is_taken() {
    let mut p = classic(&[(Red, "i8", "captain")]);
    // Blue's flag on j10 is one step from the captain's path.
    play(&mut p, "i8", "i9");
    wait(&mut p);
    play(&mut p, "i9", "i10");
    wait(&mut p);
    play(&mut p, "i10", "j10");
    assert_eq!(p.outcome(), win(Red, WinReason::FlagCaptured));
    assert_nothing_accepted(&mut p);
}

#[test]
fn no_action_accepted_after_resignation_or_draw() {
    let mut p = classic(&[]);
    p.play(Action::Resign(Blue)).unwrap();
    assert_nothing_accepted(&mut p);
    let mut p = classic(&[]);
    p.play(Action::AgreeDraw).unwrap();
    assert_nothing_accepted(&mut p);
    let mut p = classic(&[]);
    for _ in 0..200 {
        wait(&mut p);
    }
    assert_nothing_accepted(&mut p);
}

#[test]
fn an_arranged_position_needs_a_flag_on_each_side() {
    let v = variant("classic");
    let options = GameOptions::defaults(&v);
    let captain = Piece::new(v.kind_by_key("captain").unwrap());
    let flag = Piece::new(v.kind_by_key("flag").unwrap());
    let pieces = [
        (
            Side::Red,
            Placement {
                square: sq("a1"),
                piece: flag,
            },
        ),
        (
            Side::Red,
            Placement {
                square: sq("e4"),
                piece: captain,
            },
        ),
        (
            Side::Blue,
            Placement {
                square: sq("e7"),
                piece: captain,
            },
        ),
    ];
    let problems = Position::arrange(v, options, &pieces, Side::Red).unwrap_err();
    assert_eq!(
        problems,
        vec![flagfall::core::SetupProblem::NoFlag(Side::Blue)]
    );
}
