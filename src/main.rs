//! The `flagfall` command: with no arguments it opens the app; its
//! subcommands are tools for players and developers, each with its
//! arguments and its work in a module of `flagfall::tools`.

use clap::{Parser, Subcommand};
use flagfall::referee::live::LiveRules;
use flagfall::tools::{
    autoplay, belief_check, bench, check_games, input_bench, lessons, matches, print_sheets,
    qr_selfplay, screenshot, search_depth, setup_habits, train_belief, ucc_bot, ucc_report,
    variants, win_odds,
};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "flagfall",
    version = flagfall::build_info::VERSION_AND_COMMIT,
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
    /// month in its file name (docs/rules.md, "Gravon's rules"). The options below
    /// override them.
    CheckGames(check_games::Args),
    /// Print Stratego go go's challenge table as CSV: a row per challenging
    /// role, a column per challenged role; each cell challenger, challenged,
    /// both (both out) or not allowed.
    RefereeTable,
    /// Count which piece people set up on each square in Gravon's classic
    /// records and print the table the expert samples hidden armies by
    /// (src/ai/setup_habits_table.rs).
    SetupHabits(setup_habits::Args),
    /// Fit how a material lead turns into a chance of winning in Gravon's
    /// classic records and print the table the expert judges positions by
    /// (src/ai/knowledge/win_odds_table.rs).
    WinOdds(win_odds::Args),
    /// Train the model of what each hidden enemy piece is on Gravon's
    /// classic records (those whose file name's FNV-1a hash is 0 modulo 10
    /// are held out unread) and write it (src/ai/learned_belief_model.bin).
    TrainBelief(train_belief::Args),
    /// Score the learned and the hand-made beliefs about hidden enemy
    /// pieces on classic records the model never saw: log loss and
    /// accuracy at plies 50, 100, 150 and 200.
    BeliefCheck(belief_check::Args),
    /// Measure random playouts per variant, in plies per second on one core.
    Bench(bench::Args),
    /// Measure autosave: saving after each ply of a long game, and loading it back.
    BenchStorage(bench::StorageArgs),
    /// Print and play: write a sheet as PDF. `--list` names what can be printed.
    Print(print_sheets::Args),
    /// Measure what the worst inputs of two-device play cost (time and peak
    /// memory of this process): run one case a process. `--list` names them.
    BenchInputs(input_bench::Args),
    /// Computer against computer: levels random, heuristic, best, expert,
    /// planner.
    Match(matches::Args),
    /// How deep the planner searches, and how many positions a second, at
    /// each think time: the positions of planner-against-planner games,
    /// timed as in play.
    SearchDepth(search_depth::Args),
    /// Play classic Stratego as a bot of the UCC 2012 competition's manager,
    /// on stdin and stdout (the protocol of ../shared/ucc-protocol.md).
    ///
    /// Levels: random, heuristic, best, expert, planner; the strongest level
    /// is expert (the planner is measured against it), and the expert and
    /// the planner think for --think-ms. Messages about bad input go to
    /// stderr; the exit status is 0 after the manager's QUIT and 1 after a
    /// line the bot cannot use.
    UccBot(ucc_bot::Args),
    /// Two computer players on two devices linked only by QR codes: every
    /// code is written as DIR/NNN.png and DIR/NNN.txt and read back from the picture.
    QrSelfplay(qr_selfplay::Args),
    /// Count what the UCC manager's game logs say of our play: when and how
    /// our Marshal, General and Spy were found and lost, the enemy pieces
    /// identified, our moved pieces, probes, and flags lost.
    UccReport(ucc_report::Args),
    /// List the built-in variants.
    Variants,
    /// List the lessons that teach each variant; `--check` plays every
    /// lesson's solution and ends with "N lessons: N solved".
    Lessons(lessons::Args),
    /// Play computer against computer through the app's games and autosave code.
    Autoplay(autoplay::Args),
    /// Print `ply K` for the saved game in progress.
    Saved,
    /// Render one screen of the app headlessly to a PNG file (from the data
    /// folder `--data-dir` names, if one is given, which it writes to).
    Screenshot(screenshot::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let data_dir = cli.data_dir.as_deref();
    match cli.command {
        Some(Command::CheckGames(args)) => check_games::run_command(args),
        Some(Command::RefereeTable) => {
            print!("{}", LiveRules::built_in().table_csv());
            ExitCode::SUCCESS
        }
        Some(Command::SetupHabits(args)) => setup_habits::run_command(args),
        Some(Command::WinOdds(args)) => win_odds::run_command(args),
        Some(Command::TrainBelief(args)) => train_belief::run_command(args),
        Some(Command::BeliefCheck(args)) => belief_check::run_command(args),
        Some(Command::Bench(args)) => bench::run_command(args),
        Some(Command::BenchStorage(args)) => bench::run_storage_command(args, data_dir),
        Some(Command::Print(args)) => print_sheets::run_command(args),
        Some(Command::BenchInputs(args)) => input_bench::run_command(args),
        Some(Command::Match(args)) => matches::run_command(args),
        Some(Command::SearchDepth(args)) => search_depth::run_command(args),
        Some(Command::UccBot(args)) => ucc_bot::run_command(args),
        Some(Command::QrSelfplay(args)) => qr_selfplay::run_command(args),
        Some(Command::UccReport(args)) => ucc_report::run_command(args),
        Some(Command::Variants) => variants::run_command(),
        Some(Command::Lessons(args)) => lessons::run_command(args),
        Some(Command::Autoplay(args)) => autoplay::run_command(args, data_dir),
        Some(Command::Saved) => autoplay::run_saved_command(data_dir),
        Some(Command::Screenshot(args)) => screenshot::run_command(args, data_dir),
        None => open_app(cli.data_dir),
    }
}

/// Opens the app's window, keeping data in `data_dir` or the platform's
/// data folder.
fn open_app(data_dir: Option<PathBuf>) -> ExitCode {
    match flagfall::app::run(
        data_dir,
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
    }
}

/// Codes can be read from the newest picture in the user's pictures,
/// screenshots and downloads folders.
fn desktop_photos() -> Option<std::sync::Arc<dyn flagfall::link::scan::photos::PhotoSource>> {
    flagfall::link::scan::photos::PhotoFolders::for_user()
        .map(|folders| std::sync::Arc::new(folders) as std::sync::Arc<_>)
}
