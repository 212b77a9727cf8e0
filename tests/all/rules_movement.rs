//! Movement rules (RULES.md, "Common to all board variants"): one square
//! orthogonally, scouts in straight lines through empty squares, never onto
//! water, holes or an own piece, bombs and flags never move. Every refused
//! move must name its reason and leave the game exactly as it was.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::battle::BattleResult;
use flagfall::core::{IllegalMove, Position, Side};

use crate::common;
use common::*;

// ---------------------------------------------------------------- helpers

/// A classic position: both flags and a spare miner each in far corners,
/// plus `extra`.
fn classic(extra: &[Spec], to_move: Side) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "flag"),
        (Red, "b1", "miner"),
        (Blue, "j10", "flag"),
        (Blue, "i10", "miner"),
    ];
    list.extend_from_slice(extra);
    pos("classic", &list, to_move)
}

fn small(extra: &[Spec]) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "flag"),
        (Red, "b1", "miner"),
        (Blue, "h8", "flag"),
        (Blue, "g8", "miner"),
    ];
    list.extend_from_slice(extra);
    pos("small", &list, Red)
}

fn piecepack(extra: &[Spec]) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "red flag"),
        (Red, "b1", "red miner"),
        (Blue, "f6", "blue flag"),
        (Blue, "e6", "blue miner"),
    ];
    list.extend_from_slice(extra);
    pos("piecepack", &list, Red)
}

fn domino(extra: &[Spec]) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "6/6"),
        (Red, "b1", "1/2"),
        (Blue, "h10", "6/6"),
        (Blue, "g10", "1/2"),
    ];
    list.extend_from_slice(extra);
    pos("domino", &list, Red)
}

/// The target squares of the legal moves from `from`, sorted by name.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut to: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    to.sort();
    to
}

fn names(list: &[&str]) -> Vec<String> {
    let mut list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    list.sort();
    list
}

fn blocked(square: &str, what: &str) -> IllegalMove {
    IllegalMove::Blocked {
        square: sq(square),
        what: what.to_string(),
    }
}

// ------------------------------------------------------ one-square moves

#[test]
fn piece_steps_one_square_in_four_directions() {
    let p = classic(&[(Red, "e4", "captain")], Red);
    assert_eq!(moves_from(&p, "e4"), names(&["d4", "e3", "e5", "f4"]));
}

#[test]
fn step_moves_the_piece_and_passes_the_turn() {
    let mut p = classic(&[(Red, "e4", "captain")], Red);
    let captain = p.piece_at(sq("e4")).unwrap();
    let report = play(&mut p, "e4", "e5");
    assert!(report.battle.is_none());
    assert_eq!(p.piece_at(sq("e5")), Some(captain));
    assert_eq!(p.piece_at(sq("e4")), None);
    assert_eq!(p.to_move(), Blue);
    assert_eq!(p.ply(), 1);
}

#[test]
fn blue_steps_on_its_turn() {
    let mut p = classic(&[(Blue, "e7", "captain")], Blue);
    assert_eq!(moves_from(&p, "e7"), names(&["d7", "e6", "e8", "f7"]));
    play(&mut p, "e7", "e6");
    assert_eq!(p.to_move(), Red);
}

#[test]
fn stepper_cannot_move_two_squares() {
    let mut p = classic(&[(Red, "e4", "captain")], Red);
    let too_far = IllegalMove::TooFar {
        piece: "Captain".into(),
    };
    assert_eq!(refused(&mut p, "e4", "e6"), too_far);
    assert_eq!(refused(&mut p, "e4", "h4"), too_far);
}

#[test]
fn no_diagonal_moves() {
    let mut p = classic(&[(Red, "e4", "captain"), (Red, "e2", "scout")], Red);
    assert_eq!(refused(&mut p, "e4", "f5"), IllegalMove::NotStraight);
    assert_eq!(refused(&mut p, "e4", "d3"), IllegalMove::NotStraight);
    // Not even a scout, not even far.
    assert_eq!(refused(&mut p, "e2", "b5"), IllegalMove::NotStraight);
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.from.row == m.to.row || m.from.col == m.to.col)
    );
}

#[test]
fn no_move_onto_an_own_piece() {
    let mut p = classic(
        &[
            (Red, "e4", "captain"),
            (Red, "e5", "sergeant"),
            (Red, "f2", "scout"),
            (Red, "f6", "major"),
        ],
        Red,
    );
    assert!(!moves_from(&p, "e4").contains(&"e5".to_string()));
    assert_eq!(refused(&mut p, "e4", "e5"), IllegalMove::OwnPiece(sq("e5")));
    assert_eq!(refused(&mut p, "f2", "f6"), IllegalMove::OwnPiece(sq("f6")));
}

#[test]
fn moving_onto_an_enemy_attacks_it() {
    let mut p = classic(&[(Red, "e4", "captain"), (Blue, "e5", "sergeant")], Red);
    assert!(moves_from(&p, "e4").contains(&"e5".to_string()));
    let report = play(&mut p, "e4", "e5");
    assert_eq!(report.battle.unwrap().result, BattleResult::AttackerWins);
}

// ------------------------------------------------------------ bookkeeping

#[test]
fn typed_errors_for_empty_square_enemy_piece_off_board_and_same_square() {
    let mut p = classic(&[(Red, "e4", "captain"), (Blue, "e7", "captain")], Red);
    assert_eq!(refused(&mut p, "e3", "e2"), IllegalMove::NoPiece(sq("e3")));
    assert_eq!(
        refused(&mut p, "e7", "e6"),
        IllegalMove::NotYourPiece {
            square: sq("e7"),
            owner: Blue
        }
    );
    assert_eq!(refused(&mut p, "k4", "j4"), IllegalMove::OffBoard(sq("k4")));
    assert_eq!(
        refused(&mut p, "e4", "e11"),
        IllegalMove::OffBoard(sq("e11"))
    );
    // Staying put is no move.
    assert_eq!(refused(&mut p, "e4", "e4"), IllegalMove::SameSquare);
}

#[test]
fn red_may_not_move_on_blues_turn() {
    let mut p = classic(&[(Red, "e4", "captain"), (Blue, "e7", "captain")], Blue);
    assert_eq!(
        refused(&mut p, "e4", "e5"),
        IllegalMove::NotYourPiece {
            square: sq("e4"),
            owner: Red
        }
    );
}

#[test]
fn refused_move_leaves_a_game_in_progress_unchanged() {
    let mut p = classic(
        &[
            (Red, "e4", "captain"),
            (Red, "e2", "scout"),
            (Red, "g2", "bomb"),
            (Blue, "e7", "captain"),
            (Blue, "b8", "scout"),
        ],
        Red,
    );
    play(&mut p, "e4", "e5");
    play(&mut p, "b8", "b6");
    assert_eq!(p.ply(), 2);
    let before = snapshot(&p);
    for (from, to) in [
        ("e5", "f6"),
        ("e5", "e7"),
        ("e2", "e6"),
        ("g2", "g3"),
        ("b6", "b5"),
        ("c4", "c5"),
        ("e5", "d5"),
    ] {
        refused(&mut p, from, to);
    }
    assert_eq!(snapshot(&p), before);
    play(&mut p, "e5", "e6");
}

// --------------------------------------------------------- bombs and flags

#[test]
fn bombs_never_move() {
    let mut p = classic(&[(Red, "e4", "bomb"), (Red, "g4", "captain")], Red);
    assert!(moves_from(&p, "e4").is_empty());
    assert_eq!(
        refused(&mut p, "e4", "e5"),
        IllegalMove::Immobile {
            piece: "Bomb".into()
        }
    );
}

#[test]
fn flags_never_move() {
    let mut p = classic(&[(Red, "g4", "captain")], Red);
    assert!(moves_from(&p, "a1").is_empty());
    assert_eq!(
        refused(&mut p, "a1", "a2"),
        IllegalMove::Immobile {
            piece: "Flag".into()
        }
    );
}

#[test]
fn piecepack_bomb_and_flag_coins_never_move() {
    let mut p = piecepack(&[(Red, "e2", "yellow bomb")]);
    assert!(moves_from(&p, "e2").is_empty());
    assert!(moves_from(&p, "a1").is_empty());
    assert_eq!(
        refused(&mut p, "e2", "e3"),
        IllegalMove::Immobile {
            piece: "Bomb".into()
        }
    );
    assert_eq!(
        refused(&mut p, "a1", "a2"),
        IllegalMove::Immobile {
            piece: "Flag".into()
        }
    );
}

// ------------------------------------------------------------------ water

const CLASSIC_LAKES: [&str; 8] = ["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"];

#[test]
fn classic_lakes_are_the_eight_rule_book_squares() {
    let v = variant("classic");
    let mut lakes: Vec<String> = v.board.blocked.iter().map(|s| s.to_string()).collect();
    lakes.sort();
    assert_eq!(lakes, names(&CLASSIC_LAKES));
}

#[test]
fn no_piece_enters_a_classic_lake() {
    // Each lake square, entered from below or above and from the side.
    let tries = [
        ("c4", "c5"),
        ("b5", "c5"),
        ("d4", "d5"),
        ("e5", "d5"),
        ("c7", "c6"),
        ("b6", "c6"),
        ("d7", "d6"),
        ("e6", "d6"),
        ("g4", "g5"),
        ("f5", "g5"),
        ("h4", "h5"),
        ("i5", "h5"),
        ("g7", "g6"),
        ("f6", "g6"),
        ("h7", "h6"),
        ("i6", "h6"),
    ];
    for (from, lake) in tries {
        let mut p = classic(&[(Red, from, "captain")], Red);
        assert!(
            !moves_from(&p, from).contains(&lake.to_string()),
            "{from}-{lake} listed as legal"
        );
        assert_eq!(
            refused(&mut p, from, lake),
            blocked(lake, "lake"),
            "{from}-{lake}"
        );
    }
}

#[test]
fn classic_lanes_beside_the_lakes_are_open() {
    // Scouts on rows 5 and 6 only see the open squares between the lakes.
    let p = classic(
        &[
            (Red, "a5", "scout"),
            (Red, "e5", "scout"),
            (Red, "j6", "scout"),
        ],
        Red,
    );
    let along_row = |from: &str, row: &str| -> Vec<String> {
        moves_from(&p, from)
            .into_iter()
            .filter(|to| &to[1..] == row)
            .collect()
    };
    assert_eq!(along_row("a5", "5"), names(&["b5"]));
    assert_eq!(along_row("e5", "5"), names(&["f5"]));
    assert_eq!(along_row("j6", "6"), names(&["i6"]));
    // The e column runs through the middle, from one side to the other.
    assert!(moves_from(&p, "e5").contains(&"e10".to_string()));
}

#[test]
fn small_lakes_are_c4_c5_f4_f5() {
    let v = variant("small");
    let mut lakes: Vec<String> = v.board.blocked.iter().map(|s| s.to_string()).collect();
    lakes.sort();
    assert_eq!(lakes, names(&["c4", "c5", "f4", "f5"]));
    let tries = [
        ("c3", "c4"),
        ("b4", "c4"),
        ("d4", "c4"),
        ("c6", "c5"),
        ("b5", "c5"),
        ("d5", "c5"),
        ("f3", "f4"),
        ("e4", "f4"),
        ("g4", "f4"),
        ("f6", "f5"),
        ("e5", "f5"),
        ("g5", "f5"),
    ];
    for (from, lake) in tries {
        let mut p = small(&[(Red, from, "captain")]);
        assert!(!moves_from(&p, from).contains(&lake.to_string()));
        assert_eq!(
            refused(&mut p, from, lake),
            blocked(lake, "lake"),
            "{from}-{lake}"
        );
    }
}

#[test]
fn small_has_three_open_lanes() {
    let p = small(&[
        (Red, "a4", "scout"),
        (Red, "d4", "scout"),
        (Red, "h5", "scout"),
    ]);
    let along_row = |from: &str, row: &str| -> Vec<String> {
        moves_from(&p, from)
            .into_iter()
            .filter(|to| &to[1..] == row)
            .collect()
    };
    assert_eq!(along_row("a4", "4"), names(&["b4"]));
    assert_eq!(along_row("d4", "4"), names(&["e4"]));
    assert_eq!(along_row("h5", "5"), names(&["g5"]));
    assert!(moves_from(&p, "d4").contains(&"d8".to_string()));
}

#[test]
fn piecepack_hole_is_impassable() {
    let v = variant("piecepack");
    let mut hole: Vec<String> = v.board.blocked.iter().map(|s| s.to_string()).collect();
    hole.sort();
    assert_eq!(hole, names(&["c3", "c4", "d3", "d4"]));
    let tries = [
        ("c2", "c3"),
        ("d2", "d3"),
        ("b3", "c3"),
        ("e3", "d3"),
        ("b4", "c4"),
        ("e4", "d4"),
        ("c5", "c4"),
        ("d5", "d4"),
    ];
    for (from, hole) in tries {
        let mut p = piecepack(&[(Red, from, "red captain")]);
        assert!(!moves_from(&p, from).contains(&hole.to_string()));
        assert_eq!(
            refused(&mut p, from, hole),
            blocked(hole, "hole"),
            "{from}-{hole}"
        );
    }
}

#[test]
fn domino_board_has_no_water() {
    let v = variant("domino");
    assert!(v.board.blocked.is_empty());
    assert_eq!((v.board.columns, v.board.rows), (8, 10));
}

// ----------------------------------------------------------------- scouts

#[test]
fn scout_moves_any_distance_through_empty_squares() {
    let mut p = classic(&[(Red, "e2", "scout")], Red);
    let expected = names(&[
        "e1", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "a2", "b2", "c2", "d2", "f2", "g2",
        "h2", "i2", "j2",
    ]);
    assert_eq!(moves_from(&p, "e2"), expected);
    let scout = p.piece_at(sq("e2")).unwrap();
    play(&mut p, "e2", "e10");
    assert_eq!(p.piece_at(sq("e10")), Some(scout));
}

#[test]
fn scout_may_end_its_line_on_an_enemy_and_attack_it() {
    let mut p = classic(&[(Red, "e2", "scout"), (Blue, "e8", "spy")], Red);
    let on_file: Vec<String> = moves_from(&p, "e2")
        .into_iter()
        .filter(|to| to.starts_with('e'))
        .collect();
    assert_eq!(on_file, names(&["e1", "e3", "e4", "e5", "e6", "e7", "e8"]));
    let scout = p.piece_at(sq("e2")).unwrap();
    let report = play(&mut p, "e2", "e8");
    let battle = report.battle.expect("a battle");
    assert_eq!(battle.result, BattleResult::AttackerWins);
    assert_eq!(p.piece_at(sq("e8")), Some(scout));
}

#[test]
fn scout_cannot_pass_an_enemy_piece() {
    let mut p = classic(&[(Red, "e2", "scout"), (Blue, "e6", "sergeant")], Red);
    assert_eq!(
        refused(&mut p, "e2", "e9"),
        IllegalMove::PathBlocked {
            piece: "Scout".into(),
            square: sq("e6")
        }
    );
}

#[test]
fn scout_cannot_pass_an_own_piece() {
    let mut p = classic(&[(Red, "e2", "scout"), (Red, "e4", "sergeant")], Red);
    assert_eq!(
        moves_from(&p, "e2")
            .into_iter()
            .filter(|to| to.starts_with('e'))
            .collect::<Vec<_>>(),
        names(&["e1", "e3"])
    );
    assert_eq!(
        refused(&mut p, "e2", "e7"),
        IllegalMove::PathBlocked {
            piece: "Scout".into(),
            square: sq("e4")
        }
    );
}

#[test]
fn scout_cannot_cross_a_lake() {
    let mut p = classic(&[(Red, "c2", "scout")], Red);
    let on_file: Vec<String> = moves_from(&p, "c2")
        .into_iter()
        .filter(|to| to.starts_with('c'))
        .collect();
    assert_eq!(on_file, names(&["c1", "c3", "c4"]));
    assert_eq!(refused(&mut p, "c2", "c8"), blocked("c5", "lake"));
}

#[test]
fn piecepack_pawn_runs_in_lines_but_not_across_the_hole() {
    let mut p = piecepack(&[(Red, "c1", "yellow scout"), (Red, "a3", "red scout")]);
    assert_eq!(moves_from(&p, "c1"), names(&["c2", "d1", "e1", "f1"]));
    assert_eq!(moves_from(&p, "a3"), names(&["a2", "a4", "a5", "a6", "b3"]));
    assert_eq!(refused(&mut p, "c1", "c5"), blocked("c3", "hole"));
}

// --------------------------------------------------------------- dominoes

#[test]
fn domino_stones_step_one_square_only() {
    let mut p = domino(&[(Red, "d5", "2/5"), (Red, "a5", "6/4")]);
    assert_eq!(moves_from(&p, "d5"), names(&["c5", "d4", "d6", "e5"]));
    assert_eq!(
        refused(&mut p, "d5", "d7"),
        IllegalMove::TooFar {
            piece: "2-5".into()
        }
    );
    // The 6-6 is flag and marshal at once: it moves like any stone.
    assert_eq!(moves_from(&p, "a1"), names(&["a2"]));
    play(&mut p, "a1", "a2");
}
