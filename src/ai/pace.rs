//! How fast the expert thinks where it runs: its work a millisecond over
//! the same positions on any machine, so that a browser can be held
//! against the native app (`flagfall bench --expert`, and the browser
//! build's `expert_pace`, BENCHMARKS.md).

use super::{Budget, Level, choose_counting};
use crate::core::game::Game;
use crate::core::options::GameOptions;
use crate::core::variant::Variant;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// The expert's work (in rollout plies, `budget.rs`) over some moves, and
/// the time they took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    pub moves: u32,
    pub work: u64,
    pub elapsed: Duration,
}

impl Pace {
    pub fn work_per_ms(&self) -> f64 {
        self.work as f64 / (self.elapsed.as_secs_f64() * 1000.0).max(1e-9)
    }
}

/// The expert thinking for `millis` on each of `moves` positions of
/// `variant`: random setups played on by random moves, the same for a
/// seed on every machine; only the clock stops it.
pub fn expert_pace(variant: &Arc<Variant>, moves: u32, millis: u64, seed: u64) -> Pace {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pace = Pace {
        moves: 0,
        work: 0,
        elapsed: Duration::ZERO,
    };
    while pace.moves < moves {
        let mut game = Game::random(
            Arc::clone(variant),
            GameOptions::defaults(variant),
            &mut rng,
        );
        for _ in 0..(pace.moves % 30) * 2 {
            let mover = game.position().to_move();
            let actions = game.view(mover).legal_actions();
            let Some(&action) = actions.choose(&mut rng) else {
                break;
            };
            if game.play(action).is_err() || game.position().outcome().is_some() {
                break;
            }
        }
        if game.position().outcome().is_some() {
            continue;
        }
        let view = game.view(game.position().to_move());
        let started = Instant::now();
        let budget = Budget {
            work: u64::MAX,
            deadline: Some(started + Duration::from_millis(millis)),
        };
        let choice = choose_counting(Level::Expert, &view, u64::from(pace.moves), budget);
        pace.elapsed += started.elapsed();
        pace.work += choice.work;
        pace.moves += 1;
    }
    pace
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;

    #[test]
    fn the_expert_works_for_as_long_as_it_is_given() {
        let classic = builtin_variant("classic").unwrap();
        let pace = expert_pace(&classic, 3, 20, 1);
        assert_eq!(pace.moves, 3);
        assert!(pace.work > 0);
        // A move stops at its deadline (checked between samples), not before.
        assert!(pace.elapsed >= Duration::from_millis(20), "{pace:?}");
        assert!(
            pace.elapsed < Duration::from_millis(3 * 20 + 500),
            "{pace:?}"
        );
    }
}
