//! Random playouts: uniformly random legal actions until the game ends.
//! The computer opponents and the benchmarks run many of these.

use super::game::Game;
use super::moves::{Action, Move};
use super::position::Position;
use super::position::playout_moves::SampleScratch;
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

/// Scratch space for `random_playout`, reused across playouts.
#[derive(Debug, Default)]
pub struct MoveBuffer(SampleScratch);

/// Plays uniformly random legal actions until the game ends; returns the
/// plies played.
pub fn random_playout(position: &mut Position, rng: &mut impl Rng, buffer: &mut MoveBuffer) -> u32 {
    let start = position.ply();
    buffer.0.fit(position);
    while position.outcome().is_none() {
        if position.pending_rescue().is_some() {
            let choices = position.rescue_choices();
            let choice = choices[rng.random_range(0..choices.len())];
            position
                .play(choice)
                .expect("generated rescue choices are legal");
            continue;
        }
        match position.sample_move(rng, &mut buffer.0) {
            Some(m) => {
                position.play_raw(m);
            }
            None => {
                // `play_raw` leaves this ending to the next draw.
                position.end_stuck();
                break;
            }
        }
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

    /// The fast path (`sample_move`, `play_raw`, `end_stuck`) plays legal
    /// moves and reaches the endings the rules give: every move it draws is
    /// replayed through the checked `play`, and both copies end alike.
    #[test]
    fn playouts_play_the_games_the_rules_play() {
        let mut scratch = SampleScratch::default();
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
                scratch.fit(&fast);
                let (mut fast_rng, mut playout_rng) = (
                    ChaCha8Rng::seed_from_u64(seed),
                    ChaCha8Rng::seed_from_u64(seed),
                );
                let mut whole = fast.clone();
                let plies =
                    random_playout(&mut whole, &mut playout_rng, &mut MoveBuffer::default());
                let id = &variant.id;
                while fast.outcome().is_none() {
                    if fast.pending_rescue().is_some() {
                        let choices = fast.rescue_choices();
                        let choice = choices[fast_rng.random_range(0..choices.len())];
                        fast.play(choice).unwrap();
                        checked.play(choice).unwrap();
                        continue;
                    }
                    match fast.sample_move(&mut fast_rng, &mut scratch) {
                        Some(m) => {
                            let action = Action::Move(fast.move_of(m));
                            fast.play_raw(m);
                            if let Err(e) = checked.play(action) {
                                panic!("{id} {seed}: drew the illegal {action:?}: {e}");
                            }
                        }
                        None => fast.end_stuck(),
                    }
                }
                assert_eq!(fast.outcome(), checked.outcome(), "{id} {seed}");
                assert_eq!(fast.ply(), checked.ply(), "{id} {seed}");
                // `random_playout` is this loop.
                assert_eq!(plies, fast.ply() - game.position().ply(), "{id} {seed}");
                assert_eq!(whole.outcome(), fast.outcome(), "{id} {seed}");
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
