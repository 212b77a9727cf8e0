//! The `flagfall` command: the app's tools for now (the game window comes
//! with the UI).

use clap::{Parser, Subcommand};
use flagfall::core::options::TwoSquares;
use flagfall::core::variant::{builtin, builtin_variant};
use flagfall::tools::{bench, check_games};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "flagfall",
    version,
    about = "Hidden-rank battle games of the Stratego family"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Replay game records (Gravon .xml, Flagfall .json) and report every game the engine disagrees with.
    CheckGames {
        /// Two-squares limit: 3, 5 or off (default: each variant's own).
        #[arg(long, value_parser = parse_two_squares)]
        two_squares: Option<TwoSquares>,
        /// Record files or folders (searched recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Measure random playouts per variant, in plies per second on one core.
    Bench {
        /// Variants to measure (default: all built-in).
        #[arg(long = "variant")]
        variants: Vec<String>,
        /// Seconds per variant.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// List the built-in variants.
    Variants,
}

fn parse_two_squares(text: &str) -> Result<TwoSquares, String> {
    text.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::CheckGames { two_squares, paths }) => {
            let mut out = std::io::stdout().lock();
            match check_games::run(&paths, two_squares, &mut out) {
                Ok(summary) if summary.all_ok() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("check-games: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Bench {
            variants,
            seconds,
            seed,
        }) => {
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
                let r = bench::bench_variant(variant, Duration::from_secs_f64(seconds), seed);
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
        Some(Command::Variants) => {
            for v in &builtin().variants {
                println!("{:<10} {}: {}", v.id, v.name, v.summary);
            }
            for e in &builtin().errors {
                eprintln!("{e}");
            }
            ExitCode::SUCCESS
        }
        None => {
            println!(
                "Flagfall: hidden-rank battle games of the Stratego family.\n\
                 The game window is not built yet; the rules engine and its tools are.\n\
                 Try `flagfall --help`, `flagfall variants` or `flagfall check-games PATH`."
            );
            ExitCode::SUCCESS
        }
    }
}
