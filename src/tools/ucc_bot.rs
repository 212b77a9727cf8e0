//! `flagfall ucc-bot`: plays classic Stratego as a bot of the UCC 2012
//! competition's manager, on stdin and stdout (`ucc`).

use crate::ai::Level;
use crate::ucc;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `flagfall ucc-bot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// random, heuristic, best, expert or planner (the strongest level is
    /// expert; the planner, measured against it, is not yet in the app).
    #[arg(long, default_value = "expert")]
    pub level: String,
    /// The expert's or the planner's think budget per move, in milliseconds.
    #[arg(long, default_value_t = 250)]
    pub think_ms: u64,
    /// Makes setups and moves repeatable (default: from the clock, so
    /// every game starts from a different setup).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Remember each opponent's setups in FILE, by the name the manager
    /// gives it, and believe the next game's setup leans the same way
    /// (the expert and the planner). Off without it.
    #[arg(long, value_name = "FILE")]
    pub memory: Option<PathBuf>,
}

/// A seed that differs from run to run: the clock and the process id.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// `flagfall ucc-bot`: plays until the manager's QUIT (exit 0) or a line
/// the bot cannot use (exit 1); with `--memory`, the file is written during
/// the game (`ucc::play`), since the manager kills the bot after QUIT.
pub fn run_command(args: Args) -> ExitCode {
    let Some(level) = Level::from_name(&args.level) else {
        eprintln!(
            "ucc-bot: \"{}\" is not a level (random, heuristic, best, expert or planner)",
            args.level
        );
        return ExitCode::from(2);
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let config = ucc::BotConfig {
        level,
        think_ms: args.think_ms,
        seed,
    };
    let mut memories = args.memory.map(|path| {
        let (memories, warning) = ucc::OpponentMemories::open(&path);
        if let Some(warning) = warning {
            eprintln!("ucc-bot: {warning}");
        }
        memories
    });
    let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    match ucc::play(config, stdin, stdout, memories.as_mut()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ucc-bot: {e}");
            ExitCode::FAILURE
        }
    }
}
