//! The `flagfall` command: with no arguments it opens the app; its
//! subcommands are tools for players and developers.

use clap::{Parser, Subcommand};
use flagfall::core::check::RuleOverrides;
use flagfall::core::options::{QuietPlies, StuckRule, TwoSquares};
use flagfall::core::referee::LiveRules;
use flagfall::core::variant::{builtin, builtin_variant};
use flagfall::session::ai::{Budget, Level};
use flagfall::session::ucc;
use flagfall::tools::{autoplay, bench, check_games, matches, qr_selfplay, screenshot};
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
    /// Keep games, setups and settings in this folder instead of the platform's data folder.
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Replay game records (Gravon .xml, Flagfall .json) and report every game the engine disagrees with.
    ///
    /// Each record is played by the rules it was played under: a Flagfall
    /// record by its own options, a Gravon record by Gravon's rules of the
    /// month in its file name (README, "Gravon's rules"). The options below
    /// override them.
    CheckGames {
        /// Two-squares limit: a number of moves, or off.
        #[arg(long, value_parser = parse_two_squares)]
        two_squares: Option<TwoSquares>,
        /// Draw after this many plies without a battle: a number, off, or variant (the variant's own).
        #[arg(long, value_parser = parse_quiet_plies)]
        quiet_plies: Option<QuietPlies>,
        /// When a side that cannot move loses: on-its-turn, or after-any-move (Gravon's).
        #[arg(long, value_parser = parse_stuck)]
        stuck: Option<StuckRule>,
        /// Record files or folders (searched recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Print Stratego go go's challenge table as CSV: a row per challenging
    /// role, a column per challenged role; each cell challenger, challenged,
    /// both (both out) or not allowed.
    RefereeTable,
    /// Count which piece people set up on each square in Gravon's classic
    /// records and print the table the expert samples hidden armies by
    /// (src/session/ai/setup_habits_table.rs).
    SetupHabits {
        /// Record files or folders (searched recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Fit how a material lead turns into a chance of winning in Gravon's
    /// classic records and print the table the expert judges positions by
    /// (src/session/ai/win_odds_table.rs).
    WinOdds {
        /// Record files or folders (searched recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Train the model of what each hidden enemy piece is on Gravon's
    /// classic records (those whose file name's FNV-1a hash is 0 modulo 10
    /// are held out unread) and write it (src/session/ai/learned_belief_model.bin).
    TrainBelief {
        /// Record files or folders (searched recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The model file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Score the learned and the hand-made beliefs about hidden enemy
    /// pieces on classic records the model never saw: log loss and
    /// accuracy at plies 50, 100, 150 and 200.
    BeliefCheck {
        /// Record files or folders (searched recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Score this model file instead of the built-in one.
        #[arg(long)]
        model: Option<PathBuf>,
        /// Also score records the training reads (their file name's hash is not 0 modulo 10).
        #[arg(long)]
        all: bool,
        /// Rounds of fitting that make the learned army consistent (the expert's unless told).
        #[arg(long, default_value_t = flagfall::session::ai::learned_belief::FIT_ROUNDS)]
        fit_rounds: usize,
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
    /// Measure autosave: saving after each ply of a long game, and loading it back.
    BenchStorage {
        #[arg(long, default_value_t = 1000)]
        plies: usize,
    },
    /// Print and play: write a sheet as PDF. `--list` names what can be printed.
    Print {
        /// What to print (see --list).
        what: Option<String>,
        #[arg(long)]
        list: bool,
        /// a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
        /// The PDF file to write.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The sheet's language: en or ja.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Measure what the worst inputs of two-device play cost (time and peak
    /// memory of this process): run one case a process. `--list` names them.
    BenchInputs {
        /// One of the cases `--list` names (huge-header, inflating-profile, largest-picture, ...).
        case: Option<String>,
        #[arg(long)]
        list: bool,
    },
    /// Computer against computer: levels random, heuristic, best, expert.
    Match {
        #[arg(long, default_value = "classic")]
        variant: String,
        /// The first player's level (Red in even games, Blue in odd ones).
        #[arg(long)]
        red: String,
        /// The second player's level.
        #[arg(long)]
        blue: String,
        #[arg(long, default_value_t = 10)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The expert's think budget per move, in milliseconds.
        #[arg(long, default_value_t = 250)]
        think_ms: u64,
        /// Count the budget in search work only, with no clock (repeatable games).
        #[arg(long)]
        no_clock: bool,
        /// Also print how each game ended, and the movable pieces left to each player.
        #[arg(long)]
        each: bool,
    },
    /// How deep the planner searches, and how many positions a second, at
    /// each think time: the positions of planner-against-planner games,
    /// timed as in play.
    SearchDepth {
        #[arg(long, default_value = "classic")]
        variant: String,
        /// Think times to measure, in milliseconds (repeatable).
        #[arg(long = "think-ms", default_values_t = [100, 250, 1000])]
        think_ms: Vec<u64>,
        /// Moves measured at each think time.
        #[arg(long, default_value_t = 200)]
        moves: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play classic Stratego as a bot of the UCC 2012 competition's manager,
    /// on stdin and stdout (the protocol of ../shared/ucc-protocol.md).
    ///
    /// Levels: random, heuristic, best, expert; the strongest level is
    /// expert, which thinks for --think-ms. Messages about bad input go to
    /// stderr; the exit status is 0 after the manager's QUIT and 1 after a
    /// line the bot cannot use.
    UccBot {
        /// random, heuristic, best or expert (the strongest level is expert).
        #[arg(long, default_value = "expert")]
        level: String,
        /// The expert's think budget per move, in milliseconds.
        #[arg(long, default_value_t = 250)]
        think_ms: u64,
        /// Makes setups and moves repeatable (default: from the clock, so
        /// every game starts from a different setup).
        #[arg(long)]
        seed: Option<u64>,
        /// Remember each opponent's setups in FILE, by the name the manager
        /// gives it, and believe the next game's setup leans the same way
        /// (the expert and the planner). Off without it.
        #[arg(long, value_name = "FILE")]
        memory: Option<std::path::PathBuf>,
    },
    /// Two computer players on two devices linked only by QR codes: every
    /// code is written as DIR/NNN.png and DIR/NNN.txt and read back from the picture.
    QrSelfplay {
        #[arg(long, default_value = "classic")]
        variant: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: PathBuf,
        /// The computer players' level: random, heuristic or best.
        #[arg(long, default_value = "heuristic")]
        level: String,
    },
    /// List the built-in variants.
    Variants,
    /// Play computer against computer through the app's session and autosave code.
    Autoplay {
        #[arg(long)]
        variant: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many plies (or when the game ends).
        #[arg(long, default_value_t = 1000)]
        plies: usize,
    },
    /// Print `ply K` for the saved game in progress.
    Saved,
    /// Render one screen of the app headlessly to a PNG file (from the data
    /// folder `--data-dir` names, if one is given, which it writes to).
    Screenshot {
        #[arg(long, default_value = "classic")]
        variant: String,
        /// home, rules, settings, records, deal, setup, handoff, play, battle, rescue, over, send-game, read-code (and the two-device screens).
        #[arg(long)]
        screen: String,
        /// Window size in logical pixels, e.g. 390x844 (phone) or 1280x800 (tablet).
        #[arg(long, default_value = "390x844", value_parser = parse_size)]
        size: (u32, u32),
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = screenshot::DEFAULT_SEED)]
        seed: u64,
        /// The app's language: en or ja (as on a device in that language).
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once('x')
        .ok_or("write the size as WIDTHxHEIGHT, e.g. 390x844")?;
    let number = |t: &str| t.parse::<u32>().ok().filter(|n| (100..=8000).contains(n));
    match (number(w), number(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!(
            "\"{text}\" is not a size from 100x100 to 8000x8000"
        )),
    }
}

fn parse_two_squares(text: &str) -> Result<TwoSquares, String> {
    text.parse()
}

fn parse_quiet_plies(text: &str) -> Result<QuietPlies, String> {
    text.parse()
}

fn parse_stuck(text: &str) -> Result<StuckRule, String> {
    text.parse()
}

/// A seed that differs from run to run: the clock and the process id.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::CheckGames {
            two_squares,
            quiet_plies,
            stuck,
            paths,
        }) => {
            let mut out = std::io::stdout().lock();
            let overrides = RuleOverrides {
                two_squares,
                quiet_plies,
                stuck,
            };
            match check_games::run(&paths, &overrides, &mut out) {
                Ok(summary) if summary.all_ok() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("check-games: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::RefereeTable) => {
            print!("{}", LiveRules::built_in().table_csv());
            ExitCode::SUCCESS
        }
        Some(Command::SetupHabits { paths }) => match flagfall::tools::setup_habits::run(&paths) {
            Ok(table) => {
                print!("{table}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("setup-habits: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::WinOdds { paths }) => match flagfall::tools::win_odds::run(&paths) {
            Ok(table) => {
                print!("{table}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("win-odds: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::TrainBelief { paths, out }) => {
            match flagfall::tools::train_belief::train(&paths, &mut std::io::stderr()) {
                Ok(model) => match std::fs::write(&out, model.to_bytes()) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("train-belief: {}: {e}", out.display());
                        ExitCode::FAILURE
                    }
                },
                Err(e) => {
                    eprintln!("train-belief: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::BeliefCheck {
            paths,
            model,
            all,
            fit_rounds,
        }) => {
            use flagfall::tools::belief_check;
            let model = match belief_check::model(model.as_deref()) {
                Ok(model) => model,
                Err(e) => {
                    eprintln!("belief-check: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let mut out = std::io::stdout().lock();
            match belief_check::check(&paths, &model, fit_rounds, all)
                .and_then(|report| belief_check::print(&report, &mut out))
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("belief-check: {e}");
                    ExitCode::FAILURE
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
        Some(Command::Autoplay {
            variant,
            seed,
            plies,
        }) => {
            let Some(dir) = cli.data_dir else {
                eprintln!("autoplay: give --data-dir DIR");
                return ExitCode::from(2);
            };
            match autoplay::autoplay(&dir, &variant, seed, plies, &mut std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("autoplay: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Saved) => {
            let Some(dir) = cli.data_dir else {
                eprintln!("saved: give --data-dir DIR");
                return ExitCode::from(2);
            };
            match autoplay::saved(&dir) {
                Ok(lines) => {
                    for line in lines {
                        println!("{line}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("saved: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::BenchStorage { plies }) => {
            let Some(dir) = cli.data_dir else {
                eprintln!("bench-storage: give --data-dir DIR");
                return ExitCode::from(2);
            };
            match bench::storage_bench(&dir, plies) {
                Ok(r) => {
                    println!(
                        "save after each of {} plies: median {:.3} ms, p95 {:.3} ms, max {:.3} ms; at ply {}: {:.3} ms",
                        r.plies,
                        r.save_median_ms,
                        r.save_p95_ms,
                        r.save_max_ms,
                        r.plies,
                        r.save_last_ms
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
        Some(Command::Print {
            what,
            list,
            paper,
            out,
            lang,
        }) => {
            use flagfall::session::print;
            let Some(language) = flagfall::i18n::Language::of_locale(&lang) else {
                eprintln!("print: --lang is en or ja, not \"{lang}\"");
                return ExitCode::from(2);
            };
            flagfall::i18n::set_language(language);
            let (Some(what), Some(out), false) = (what, out, list) else {
                if list {
                    for p in print::printables() {
                        println!("{}\t{}", p.name, p.what);
                    }
                    return ExitCode::SUCCESS;
                }
                eprintln!("print: give what to print and --out FILE.pdf (or --list)");
                return ExitCode::from(2);
            };
            let Some(paper) = print::Paper::by_name(&paper) else {
                eprintln!("print: --paper is a4 or letter, not \"{paper}\"");
                return ExitCode::from(2);
            };
            match print::print(&what, paper)
                .map_err(|e| e.to_string())
                .and_then(|pdf| {
                    std::fs::write(&out, pdf).map_err(|e| format!("{}: {e}", out.display()))
                }) {
                Ok(()) => {
                    println!("wrote {}", out.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("print: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::BenchInputs { case, list }) => {
            use flagfall::tools::input_bench;
            let Some(case) = case.filter(|_| !list) else {
                for (name, what) in input_bench::CASES {
                    println!("{name}\t{what}");
                }
                return ExitCode::SUCCESS;
            };
            match input_bench::run(&case) {
                Ok(cost) => {
                    println!(
                        "{case}: {} bytes in, {:.1} ms, peak {:.1} MB (resident before: {:.1} MB): {}",
                        cost.input_bytes,
                        cost.millis,
                        cost.peak_mb,
                        cost.rss_before_mb,
                        cost.outcome
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("bench-inputs: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::QrSelfplay {
            variant,
            seed,
            out,
            level,
        }) => {
            let (Some(v), Some(level)) = (builtin_variant(&variant), Level::from_name(&level))
            else {
                eprintln!(
                    "qr-selfplay: give a built-in variant and a level among random, heuristic, best"
                );
                return ExitCode::from(2);
            };
            match qr_selfplay::run(v, seed, level, &out) {
                Ok(r) => {
                    let check = |ok: bool| if ok { "verified" } else { "FALSE CLAIMS" };
                    println!(
                        "plies {}, largest move code version {}, red's check {}, blue's check {}",
                        r.game.plies,
                        r.max_move_version
                            .map_or("none (no move code)".into(), |v| v.to_string()),
                        check(r.game.verified[0]),
                        check(r.game.verified[1])
                    );
                    println!(
                        "codes {}, max version {}, result {}",
                        r.game.codes, r.max_version, r.game.outcome
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("qr-selfplay: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Match {
            variant,
            red,
            blue,
            games,
            seed,
            think_ms,
            no_clock,
            each,
        }) => {
            let (Some(v), Some(a), Some(b)) = (
                builtin_variant(&variant),
                Level::from_name(&red),
                Level::from_name(&blue),
            ) else {
                eprintln!(
                    "match: give a built-in variant and levels among random, heuristic, best, expert, planner"
                );
                return ExitCode::from(2);
            };
            let budget = || match no_clock {
                true => Budget::work_of_millis(think_ms, &v),
                false => Budget::millis(think_ms, &v),
            };
            let r = matches::play_match(&v, a, b, games, seed, budget);
            if each {
                for (g, e) in r.endings.iter().enumerate() {
                    let ending = e.outcome.map_or("ply cap".to_string(), |o| o.to_string());
                    let (red_name, blue_name) = if e.first_is_red {
                        (&red, &blue)
                    } else {
                        (&blue, &red)
                    };
                    println!(
                        "game {g}: {red_name} (Red) against {blue_name} (Blue): {ending} after {} plies; movable pieces left: {red} {}, {blue} {}",
                        r.plies[g], e.movable[0], e.movable[1]
                    );
                }
            }
            let average = r.plies.iter().sum::<usize>() as f64 / r.plies.len().max(1) as f64;
            println!(
                "{games} games of {variant}, each player Red in half of them; average {average:.0} plies"
            );
            for (who, name) in [&red, &blue].into_iter().enumerate() {
                let (median, p95) = matches::percentiles(&r.think[who]);
                println!(
                    "think time per move, {name}: median {median:.2} ms, 95th percentile {p95:.2} ms"
                );
                if let Some(pace) = r.work_per_ms(who) {
                    println!("work per ms of thinking, {name}: {pace:.0}");
                }
            }
            println!(
                "red wins {}, blue wins {}, draws {}",
                r.first_wins, r.second_wins, r.draws
            );
            ExitCode::SUCCESS
        }
        Some(Command::SearchDepth {
            variant,
            think_ms,
            moves,
            seed,
        }) => {
            let Some(v) = builtin_variant(&variant) else {
                eprintln!("search-depth: unknown variant \"{variant}\"");
                return ExitCode::from(2);
            };
            println!(
                "think ms | moves | depth p10 / median / p90 | positions a second | median ms a move"
            );
            for ms in think_ms {
                let Some(r) = flagfall::tools::search_depth::measure(&v, ms, moves, seed) else {
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
        Some(Command::UccBot {
            level,
            think_ms,
            seed,
            memory,
        }) => {
            let Some(level) = Level::from_name(&level) else {
                eprintln!(
                    "ucc-bot: \"{level}\" is not a level (random, heuristic, best or expert)"
                );
                return ExitCode::from(2);
            };
            let seed = seed.unwrap_or_else(clock_seed);
            let config = ucc::BotConfig {
                level,
                think_ms,
                seed,
            };
            let mut memories = memory.map(|path| {
                let (memories, warning) = ucc::OpponentMemories::open(&path);
                if let Some(warning) = warning {
                    eprintln!("ucc-bot: {warning}");
                }
                memories
            });
            let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
            match ucc::play(config, stdin, stdout, memories.as_mut()) {
                Ok(()) => {
                    if let Some(Err(e)) = memories.as_ref().map(ucc::OpponentMemories::save) {
                        eprintln!("ucc-bot: the memory could not be saved: {e}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("ucc-bot: {e}");
                    ExitCode::FAILURE
                }
            }
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
        Some(Command::Screenshot {
            variant,
            screen,
            size: (width, height),
            out,
            seed,
            lang,
        }) => match screenshot::screenshot(&screenshot::Shot {
            variant: &variant,
            screen: &screen,
            width,
            height,
            seed,
            out: &out,
            lang: &lang,
            data_dir: cli.data_dir.as_deref(),
        }) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("screenshot: {e}");
                ExitCode::from(2)
            }
        },
        None => match flagfall::app::run(
            cli.data_dir,
            flagfall::app::Platform {
                photos: desktop_photos(),
                ..Default::default()
            },
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("flagfall: the window could not open: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Codes can be read from the newest picture in the user's pictures,
/// screenshots and downloads folders.
fn desktop_photos() -> Option<std::sync::Arc<dyn flagfall::session::photos::PhotoSource>> {
    flagfall::session::photos::PhotoFolders::for_user()
        .map(|folders| std::sync::Arc::new(folders) as std::sync::Arc<_>)
}
