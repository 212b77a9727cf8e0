//! `flagfall bench`: random playouts per variant, in plies per second.

use crate::core::game::Game;
use crate::core::options::GameOptions;
use crate::core::playout::{MoveBuffer, random_playout};
use crate::core::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct BenchResult {
    pub variant: String,
    pub games: u64,
    pub plies: u64,
    /// Time spent in playouts only (dealing and setting up excluded).
    pub playout_time: Duration,
}

impl BenchResult {
    pub fn plies_per_second(&self) -> f64 {
        self.plies as f64 / self.playout_time.as_secs_f64().max(1e-9)
    }
}

/// Plays random games from random setups on one thread for about `budget`.
pub fn bench_variant(variant: Arc<Variant>, budget: Duration, seed: u64) -> BenchResult {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let options = GameOptions::defaults(&variant);
    let mut buffer = MoveBuffer::default();
    let mut result = BenchResult {
        variant: variant.id.clone(),
        games: 0,
        plies: 0,
        playout_time: Duration::ZERO,
    };
    let started = Instant::now();
    while started.elapsed() < budget {
        let game = Game::random(Arc::clone(&variant), options, &mut rng);
        let mut position = game.position().clone();
        let timer = Instant::now();
        let plies = random_playout(&mut position, &mut rng, &mut buffer);
        result.playout_time += timer.elapsed();
        result.plies += plies as u64;
        result.games += 1;
    }
    result
}
