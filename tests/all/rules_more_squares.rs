//! The More-Squares rule (ISF game rules article 11, Gravon's `msr.jsp`):
//! in a continuous chase the chaser may not make a chasing move that brings
//! back a position the chase has already had, except a move back to the
//! square the chasing piece came from on its previous turn.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::{GameOptions, IllegalMove, Move, Position, Side};

use crate::common;
use common::*;

/// The twelve squares round the lake c5 d5 c6 d6, in order: each is a step
/// from the next, and the last from the first.
const RING: [&str; 12] = [
    "b4", "b5", "b6", "b7", "c7", "d7", "e7", "e6", "e5", "e4", "d4", "c4",
];

fn options(more_squares: bool) -> GameOptions {
    GameOptions {
        more_squares,
        ..GameOptions::defaults(&variant("classic"))
    }
}

/// Red's Marshal on a4 is about to chase Blue's General (on b5) round the lake.
fn ring_chase(more_squares: bool) -> Position {
    arrange(
        "classic",
        options(more_squares),
        &[
            (Red, "a1", "flag"),
            (Red, "a4", "marshal"),
            (Red, "j1", "sergeant"),
            (Blue, "a10", "flag"),
            (Blue, "b5", "general"),
            (Blue, "j10", "sergeant"),
        ],
        Side::Red,
    )
}

/// The Marshal steps onto the ring behind the General, then both go round
/// once: the General evades each time, the Marshal follows onto the square
/// it left. Stops before the Marshal's move that closes the lap.
fn chase_one_lap(p: &mut Position) {
    play(p, "a4", RING[0]);
    for k in 1..RING.len() {
        play(p, RING[k], RING[(k + 1) % RING.len()]);
        play(p, RING[k - 1], RING[k]);
    }
    play(p, RING[0], RING[1]);
}

#[test]
fn a_chasing_move_that_brings_back_a_position_of_the_chase_is_refused() {
    let mut p = ring_chase(true);
    chase_one_lap(&mut p);
    // Marshal on c4 (ring 11), General on b5 (ring 1): c4-b4 would bring
    // back the position after the chase's first move.
    let closing = Move::new(sq("c4"), sq("b4"));
    assert_eq!(
        mv(&mut p, "c4", "b4").unwrap_err(),
        IllegalMove::MoreSquares
    );
    assert!(!p.legal_moves().contains(&closing));
    // Any other move is still free, and so is a chase by another way.
    assert!(p.legal_moves().contains(&Move::new(sq("c4"), sq("c3"))));
    play(&mut p, "j1", "j2");
}

#[test]
fn without_the_rule_the_chase_may_go_round_again() {
    let mut p = ring_chase(false);
    chase_one_lap(&mut p);
    play(&mut p, "c4", "b4");
}

#[test]
fn the_chase_ends_when_the_chased_side_does_something_else() {
    let mut p = ring_chase(true);
    chase_one_lap(&mut p);
    // Red waits; Blue does not evade but moves another piece; the chase
    // starts anew, so the old positions no longer count.
    play(&mut p, "j1", "j2");
    play(&mut p, "j10", "j9");
    play(&mut p, "c4", "b4");
}

#[test]
fn going_back_to_the_square_the_chaser_just_left_is_always_allowed() {
    let mut p = arrange(
        "classic",
        options(true),
        &[
            (Red, "a1", "flag"),
            (Red, "e5", "marshal"),
            (Blue, "a10", "flag"),
            (Blue, "e7", "general"),
        ],
        Side::Red,
    );
    play(&mut p, "e5", "e6"); // threatens e7
    play(&mut p, "e7", "f7"); // evades
    play(&mut p, "e6", "f6"); // chases
    play(&mut p, "f7", "e7"); // evades
    // e6 is where the Marshal came from: the position repeats, but the
    // exception allows it (the two-squares rule still limits it).
    play(&mut p, "f6", "e6");
}
