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
    // The pieces of each side never change, so neither does the bound.
    let capacity = position.move_capacity();
    if buffer.0.len() < capacity {
        buffer.0.resize(capacity, RawMove::NONE);
    }
    while position.outcome().is_none() {
        if position.pending_rescue().is_some() {
            let choices = position.rescue_choices();
            let choice = choices[rng.random_range(0..choices.len())];
            position
                .play(choice)
                .expect("generated rescue choices are legal");
            continue;
        }
        let count = position.fill_moves(&mut buffer.0);
        if count == 0 {
            // `play_raw` leaves this ending to the move generation.
            position.end_stuck();
            break;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::GameOptions;
    use crate::core::side::Side;
    use crate::core::variant::builtin;
    use crate::core::view::PlayerView;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The fast path (`fill_moves`, `play_raw`, `end_stuck`) plays the same
    /// games as the checked one (`legal_moves_into`, `play`), to the same
    /// endings, when both draw the same random numbers.
    #[test]
    fn playouts_play_the_games_the_rules_play() {
        for variant in &builtin().variants {
            for seed in 0..60 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let options = GameOptions {
                    rescue: variant.rules.rescue.offered && seed % 2 == 0,
                    ..GameOptions::defaults(variant)
                };
                let game = Game::random(variant.clone(), options, &mut rng);
                let mut fast = game.position().clone();
                let mut checked = fast.clone();
                let (mut fast_rng, mut checked_rng) = (
                    ChaCha8Rng::seed_from_u64(seed),
                    ChaCha8Rng::seed_from_u64(seed),
                );
                let plies = random_playout(&mut fast, &mut fast_rng, &mut MoveBuffer::default());
                let mut buffer = Vec::new();
                while checked.outcome().is_none() {
                    if checked.pending_rescue().is_some() {
                        let choices = checked.rescue_choices();
                        let choice = choices[checked_rng.random_range(0..choices.len())];
                        checked.play(choice).unwrap();
                        continue;
                    }
                    checked.legal_moves_into(&mut buffer);
                    let m = buffer[checked_rng.random_range(0..buffer.len())];
                    checked.play(Action::Move(m)).unwrap();
                }
                let id = &variant.id;
                assert_eq!(plies, checked.ply() - game.position().ply(), "{id} {seed}");
                assert_eq!(fast.outcome(), checked.outcome(), "{id} {seed}");
                for side in Side::BOTH {
                    assert_eq!(
                        PlayerView::new(&fast, side),
                        PlayerView::new(&checked, side),
                        "{id} {seed}"
                    );
                }
            }
        }
    }
}
