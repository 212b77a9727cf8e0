//! Random playouts: uniformly random legal actions until the game ends.
//! The computer opponents and the benchmarks run many of these.

use super::game::Game;
use super::moves::{Action, Move};
use super::position::{Position, RawMove};
use rand::{Rng, RngExt};

/// A uniformly random legal action (a move, or a rescue choice while one
/// is pending); `None` once the game is over.
pub fn random_action(
    position: &Position,
    rng: &mut impl Rng,
    buffer: &mut Vec<Move>,
) -> Option<Action> {
    if position.outcome().is_some() {
        return None;
    }
    if position.pending_rescue().is_some() {
        let choices = position.rescue_choices();
        return Some(choices[rng.random_range(0..choices.len())]);
    }
    position.legal_moves_into(buffer);
    // A game that is not over always has a legal move for the side to move.
    Some(Action::Move(buffer[rng.random_range(0..buffer.len())]))
}

/// A buffer of moves for `random_playout`, reused across playouts.
#[derive(Debug, Default)]
pub struct MoveBuffer(Vec<RawMove>);

/// Plays uniformly random legal actions until the game ends; returns the
/// plies played.
pub fn random_playout(position: &mut Position, rng: &mut impl Rng, buffer: &mut MoveBuffer) -> u32 {
    let start = position.ply();
    while position.outcome().is_none() {
        if position.pending_rescue().is_some() {
            let choices = position.rescue_choices();
            let choice = choices[rng.random_range(0..choices.len())];
            position
                .play(choice)
                .expect("generated rescue choices are legal");
            continue;
        }
        let capacity = position.move_capacity();
        if buffer.0.len() < capacity {
            buffer.0.resize(capacity, RawMove::NONE);
        }
        let count = position.fill_moves(&mut buffer.0);
        let m = buffer.0[rng.random_range(0..count)];
        position.play_raw(m);
    }
    position.ply() - start
}

/// Plays up to `max_plies` uniformly random legal actions on a game,
/// recording them; returns how many were played.
pub fn play_random(game: &mut Game, rng: &mut impl Rng, max_plies: usize) -> usize {
    let mut buffer = Vec::new();
    let mut played = 0;
    while played < max_plies {
        let Some(action) = random_action(game.position(), rng, &mut buffer) else {
            break;
        };
        game.play(action).expect("generated actions are legal");
        played += 1;
    }
    played
}
