//! `flagfall bench`: random playouts per variant, in plies per second.

use crate::core::game::Game;
use crate::core::options::GameOptions;
use crate::core::playout::{MoveBuffer, random_playout};
use crate::core::variant::{Variant, builtin, builtin_variant};
use crate::games::DeviceGame;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::ExitCode;
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

/// Timings of the autosave path, in milliseconds.
#[derive(Debug, Clone)]
pub struct StorageBench {
    pub plies: usize,
    /// Saving the session after each ply (serialize, write, sync, rename, sync folder).
    pub save_median_ms: f64,
    pub save_p95_ms: f64,
    pub save_max_ms: f64,
    /// Saving once the game has `plies` plies.
    pub save_last_ms: f64,
    /// Reading the `plies`-ply game back and replaying it through the rules (median of 20).
    pub load_median_ms: f64,
}

/// Plays a classic game of `plies` plies, saving after each as the app does,
/// then loads it back.
pub fn storage_bench(data_dir: &std::path::Path, plies: usize) -> Result<StorageBench, String> {
    use crate::core::playout::random_action;
    use crate::games::PassAndPlay;
    use crate::store::storage::Storage;
    let storage = Storage::open(data_dir).map_err(|e| e.to_string())?;
    let variant = crate::core::variant::builtin_variant("classic").ok_or("no classic")?;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    for seed in 0..1000 {
        let mut session =
            PassAndPlay::new(Arc::clone(&variant), GameOptions::defaults(&variant), seed);
        for _ in 0..2 {
            session.reveal();
            session.fill_for_me();
            session.setup_ready().map_err(|e| e.to_string())?;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut buffer = Vec::new();
        let mut saves = Vec::with_capacity(plies);
        while !session.is_over() && saves.len() < plies {
            session.battle_seen();
            session.reveal();
            let position = session
                .game()
                .map(|g| g.position().clone())
                .ok_or("no game")?;
            let action = random_action(&position, &mut rng, &mut buffer).ok_or("no move")?;
            session.play(action).map_err(|e| e.to_string())?;
            if session.is_over() {
                break;
            }
            let timer = Instant::now();
            storage.save(&session).map_err(|e| e.to_string())?;
            saves.push(timer.elapsed());
        }
        if saves.len() < plies {
            continue; // this random game ended early; try another
        }
        let save_last_ms = ms(*saves.last().unwrap());
        saves.sort();
        let mut loads: Vec<Duration> = (0..20)
            .map(|_| {
                let timer = Instant::now();
                let loaded = storage.reload(&session);
                let elapsed = timer.elapsed();
                loaded.map(|_| elapsed).map_err(|e| e.to_string())
            })
            .collect::<Result<_, _>>()?;
        loads.sort();
        return Ok(StorageBench {
            plies,
            save_median_ms: ms(saves[saves.len() / 2]),
            save_p95_ms: ms(saves[saves.len() * 95 / 100]),
            save_max_ms: ms(*saves.last().unwrap()),
            save_last_ms,
            load_median_ms: ms(loads[loads.len() / 2]),
        });
    }
    Err(format!("no random game lasted {plies} plies"))
}

/// The arguments of `flagfall bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Variants to measure (default: all built-in).
    #[arg(long = "variant")]
    pub variants: Vec<String>,
    /// Seconds per variant.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Measures the expert's work a millisecond instead: 20 positions a
    /// variant, 250 ms each (what the browser build's `expert_pace` measures).
    #[arg(long)]
    pub expert: bool,
}

/// `flagfall bench`: measures each variant asked for (every built-in one
/// if none is) and prints a line for each.
pub fn run_command(args: Args) -> ExitCode {
    let Args {
        variants,
        seconds,
        seed,
        expert,
    } = args;
    let ids: Vec<String> = if variants.is_empty() {
        builtin().variants.iter().map(|v| v.id.clone()).collect()
    } else {
        variants
    };
    for id in ids {
        let Some(variant) = builtin_variant(&id) else {
            eprintln!("bench: unknown variant \"{id}\"");
            return ExitCode::from(2);
        };
        if expert {
            let pace = crate::ai::pace::expert_pace(&variant, 20, 250, seed);
            println!(
                "{:<10} expert: {:>8.0} work/ms  ({} moves, {} work, {:.2} s)",
                variant.id,
                pace.work_per_ms(),
                pace.moves,
                pace.work,
                pace.elapsed.as_secs_f64()
            );
            continue;
        }
        let r = bench_variant(variant, Duration::from_secs_f64(seconds), seed);
        println!(
            "{:<10} {:>12.0} plies/s  ({} games, {} plies, {:.2} s in playouts, {:.0} plies/game)",
            r.variant,
            r.plies_per_second(),
            r.games,
            r.plies,
            r.playout_time.as_secs_f64(),
            r.plies as f64 / r.games.max(1) as f64
        );
    }
    ExitCode::SUCCESS
}

/// The arguments of `flagfall bench-storage`.
#[derive(clap::Args, Debug)]
pub struct StorageArgs {
    #[arg(long, default_value_t = 1000)]
    pub plies: usize,
}

/// `flagfall bench-storage`: measures saving and loading in the data
/// folder `--data-dir` names, which it needs, and prints the times.
pub fn run_storage_command(args: StorageArgs, data_dir: Option<&Path>) -> ExitCode {
    let Some(dir) = data_dir else {
        eprintln!("bench-storage: give --data-dir DIR");
        return ExitCode::from(2);
    };
    match storage_bench(dir, args.plies) {
        Ok(r) => {
            println!(
                "save after each of {} plies: median {:.3} ms, p95 {:.3} ms, max {:.3} ms; at ply {}: {:.3} ms",
                r.plies, r.save_median_ms, r.save_p95_ms, r.save_max_ms, r.plies, r.save_last_ms
            );
            println!(
                "load a {}-ply game (parse and replay): median {:.3} ms",
                r.plies, r.load_median_ms
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bench-storage: {e}");
            ExitCode::FAILURE
        }
    }
}
