//! `flagfall search-depth`: how deep the planner searches and how many
//! positions a second, at each think time asked for. The positions are
//! those of planner-against-planner games, each move timed with the clock
//! as in play.

use super::matches::start_game;
use crate::ai::{Budget, Level, planner_choice};
use crate::core::variant::{Variant, builtin_variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// What the planner reached at one think time.
#[derive(Debug)]
pub struct DepthReport {
    pub think_ms: u64,
    pub moves: usize,
    /// Completed depth at the 10th, 50th and 90th percentile of moves.
    pub depth: [u32; 3],
    pub nodes_per_second: f64,
    /// Median time a move took, in milliseconds.
    pub median_ms: f64,
}

/// Measure the planner on `moves` positions of `variant` at `think_ms`.
pub fn measure(
    variant: &Arc<Variant>,
    think_ms: u64,
    moves: usize,
    seed: u64,
) -> Option<DepthReport> {
    let mut depths = Vec::new();
    let mut times = Vec::new();
    let mut nodes = 0u64;
    let mut game_number = 0u64;
    while depths.len() < moves {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(game_number));
        let mut game = start_game(variant, |_| Level::Planner, &mut rng);
        while game.position().outcome().is_none() && depths.len() < moves {
            let view = game.view(game.position().to_move());
            let timer = Instant::now();
            let budget = Budget::millis(think_ms, variant);
            let (action, found) = planner_choice(&view, seed ^ game_number, budget)?;
            let elapsed = timer.elapsed();
            let Some(action) = action else { break };
            if view.legal_moves.len() > 1 {
                depths.push(found.depth);
                times.push(elapsed.as_secs_f64() * 1000.0);
                nodes += found.nodes;
            }
            if game.play(action).is_err() {
                break;
            }
        }
        game_number += 1;
    }
    depths.sort_unstable();
    let at = |share: f64| depths[((depths.len() - 1) as f64 * share) as usize];
    let total_ms: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    Some(DepthReport {
        think_ms,
        moves: depths.len(),
        depth: [at(0.1), at(0.5), at(0.9)],
        nodes_per_second: nodes as f64 / (total_ms / 1000.0).max(1e-9),
        median_ms: times[times.len() / 2],
    })
}

/// The arguments of `flagfall search-depth`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// Think times to measure, in milliseconds (repeatable).
    #[arg(long = "think-ms", default_values_t = [100, 250, 1000])]
    pub think_ms: Vec<u64>,
    /// Moves measured at each think time.
    #[arg(long, default_value_t = 200)]
    pub moves: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `flagfall search-depth`: measures each think time asked for and prints
/// a table row for each.
pub fn run_command(args: Args) -> ExitCode {
    let Args {
        variant,
        think_ms,
        moves,
        seed,
    } = args;
    let Some(v) = builtin_variant(&variant) else {
        eprintln!("search-depth: unknown variant \"{variant}\"");
        return ExitCode::from(2);
    };
    println!("think ms | moves | depth p10 / median / p90 | positions a second | median ms a move");
    for ms in think_ms {
        let Some(r) = measure(&v, ms, moves, seed) else {
            eprintln!("search-depth: the planner does not play {variant}");
            return ExitCode::from(2);
        };
        println!(
            "{} | {} | {} / {} / {} | {:.0} | {:.1}",
            r.think_ms,
            r.moves,
            r.depth[0],
            r.depth[1],
            r.depth[2],
            r.nodes_per_second,
            r.median_ms
        );
    }
    ExitCode::SUCCESS
}
