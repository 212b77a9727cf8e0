//! `flagfall ucc-report LOGS...`: the counters of our games through the UCC
//! manager (`ucc::report`), a few lines a game and their sum, so a change
//! to the computer player is judged by what moved, not by the score alone.

use crate::core::side::Side;
use crate::platform::bounded_read::read_capped;
use crate::ucc::manager_log::parse_log;
use crate::ucc::report::{CHECKPOINTS, Death, GameReport, TopPiece, report, side_of};
use crate::ucc::willingness::{ATTACKERS, Willingness};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// A manager's log is a few kilobytes; a bigger file is not one.
const LOG_CAP: u64 = 1 << 20;

/// The arguments of `flagfall ucc-report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The manager's game logs (its -o files).
    #[arg(required = true)]
    pub logs: Vec<PathBuf>,
    /// Our player's name in the logs (default: the one whose name starts
    /// with "ff" or holds "flagfall").
    #[arg(long)]
    pub ours: Option<String>,
}

/// Which side of a log is ours: the one named `ours`, else the one whose
/// name looks like ours.
fn our_side(names: &[String; 2], ours: Option<&str>) -> Result<Side, String> {
    let looks_ours = |name: &str| match ours {
        Some(ours) => name == ours,
        None => name.starts_with("ff") || name.contains("flagfall"),
    };
    match [Side::Red, Side::Blue].map(|side| looks_ours(&names[side.index()])) {
        [true, false] => Ok(Side::Red),
        [false, true] => Ok(Side::Blue),
        _ => Err(format!(
            "which of \"{}\" and \"{}\" is ours? say it with --ours",
            names[0], names[1]
        )),
    }
}

/// `flagfall ucc-report`: prints each game's counters and their sum; exit
/// 1 when a log could not be read (the others are still counted).
pub fn run_command(args: Args) -> ExitCode {
    let mut reports = Vec::new();
    let mut failed = false;
    for path in &args.logs {
        let read = read_capped(path, LOG_CAP)
            .map_err(|e| e.to_string())
            .and_then(|bytes| String::from_utf8(bytes).map_err(|_| "not text".to_string()))
            .and_then(|text| parse_log(&text).map_err(|e| e.to_string()))
            .and_then(|log| {
                let side = match args.ours.as_deref() {
                    Some(name) => {
                        side_of(&log, name).ok_or_else(|| format!("no player is named \"{name}\""))
                    }
                    None => our_side(&log.names, None),
                }?;
                report(&log, side).map_err(|e| e.to_string())
            });
        match read {
            Ok(game) => {
                print!("{}", game_lines(&path.display().to_string(), &game));
                reports.push(game);
            }
            Err(why) => {
                eprintln!("ucc-report: {}: {why}", path.display());
                failed = true;
            }
        }
    }
    print!("{}", summary(&reports));
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn piece_name(rank: char) -> &'static str {
    match rank {
        '1' => "Marshal",
        '2' => "General",
        '3' => "Colonel",
        '4' => "Major",
        '5' => "Captain",
        '6' => "Lieutenant",
        '7' => "Sergeant",
        '8' => "Miner",
        '9' => "Scout",
        's' => "Spy",
        _ => "piece",
    }
}

fn top_line(piece: &TopPiece) -> String {
    let shown = match piece.revealed {
        Some((turn, Some(by))) => format!("shown at {turn} by a {by}"),
        Some((turn, None)) => format!("shown at {turn}"),
        None => "never shown".into(),
    };
    let died = match piece.died {
        Some((turn, death)) => format!(", died at {turn} ({death})"),
        None => String::new(),
    };
    format!("{} {shown}{died}", piece_name(piece.rank))
}

/// One game: its result, our top pieces, and the counters.
pub fn game_lines(name: &str, game: &GameReport) -> String {
    let result = match game.won {
        Some(true) => "won",
        Some(false) => "lost",
        None => "drawn or unfinished",
    };
    let mut text = format!(
        "{name}: {result} in {} turns against {}{}\n",
        game.turns,
        game.opponent,
        game.reason
            .as_ref()
            .map_or(String::new(), |r| format!(" ({r})"))
    );
    let tops: Vec<String> = game.top.iter().map(top_line).collect();
    let _ = writeln!(text, "  {}", tops.join("; "));
    let _ = writeln!(
        text,
        "  enemy identified by turn {}/{}/{}: {}/{}/{}; ours moved by turn 100: {}; probes: {}; \
         taken by their Marshal or General: {} moved, {} unmoved; flag lost: {}",
        CHECKPOINTS[0],
        CHECKPOINTS[1],
        CHECKPOINTS[2],
        game.identified[0],
        game.identified[1],
        game.identified[2],
        game.moved,
        game.probes,
        game.taken_by_top_two[0],
        game.taken_by_top_two[1],
        if game.flag_lost { "yes" } else { "no" }
    );
    text
}

/// The sum of `games`: the score, how each top piece died, and the
/// counters' means or totals.
pub fn summary(games: &[GameReport]) -> String {
    let count = |f: &dyn Fn(&GameReport) -> bool| games.iter().filter(|g| f(g)).count();
    let mut text = format!(
        "{} games: {} won, {} lost, {} drawn or unfinished\n",
        games.len(),
        count(&|g| g.won == Some(true)),
        count(&|g| g.won == Some(false)),
        count(&|g| g.won.is_none())
    );
    for rank in ['1', '2', 's'] {
        let deaths: Vec<Death> = games
            .iter()
            .flat_map(|g| g.top.iter().filter(|t| t.rank == rank))
            .filter_map(|t| t.died.map(|(_, d)| d))
            .collect();
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for death in &deaths {
            let word = death.to_string();
            match kinds.iter_mut().find(|(k, _)| *k == word) {
                Some((_, n)) => *n += 1,
                None => kinds.push((word, 1)),
            }
        }
        let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let _ = writeln!(
            text,
            "  our {} died in {} games{}",
            piece_name(rank),
            deaths.len(),
            if kinds.is_empty() {
                String::new()
            } else {
                format!(": {}", kinds.join(", "))
            }
        );
    }
    let mean = |f: &dyn Fn(&GameReport) -> u32| {
        if games.is_empty() {
            0.0
        } else {
            games.iter().map(|g| f(g) as f64).sum::<f64>() / games.len() as f64
        }
    };
    let _ = writeln!(
        text,
        "  enemy identified by turn {}/{}/{} (mean): {:.1}/{:.1}/{:.1}; ours moved by turn 100 (mean): {:.1}",
        CHECKPOINTS[0],
        CHECKPOINTS[1],
        CHECKPOINTS[2],
        mean(&|g| g.identified[0]),
        mean(&|g| g.identified[1]),
        mean(&|g| g.identified[2]),
        mean(&|g| g.moved)
    );
    let total = |f: &dyn Fn(&GameReport) -> u32| games.iter().map(f).sum::<u32>();
    let _ = writeln!(
        text,
        "  probes: {}; taken by their Marshal or General: {} moved, {} unmoved; flags lost: {}",
        total(&|g| g.probes),
        total(&|g| g.taken_by_top_two[0]),
        total(&|g| g.taken_by_top_two[1]),
        count(&|g| g.flag_lost)
    );
    text.push_str(
        "  (the root's two-squares overrides are not in the manager's logs, and ucc-bot does not report them yet)\n",
    );
    let mut willingness = Willingness::default();
    for game in games {
        willingness.add(&game.willingness);
    }
    text.push_str(&willingness_lines(&willingness));
    text
}

/// The enemy's attacks on our unidentified pieces a chance (a turn beside
/// one), by its rank, against our unmoved and our moved pieces.
pub fn willingness_lines(willingness: &Willingness) -> String {
    let mut text = String::from(
        "  the enemy's attacks on our unidentified pieces, a turn beside one: unmoved | moved\n",
    );
    for rank in ATTACKERS {
        let cell = |moved: bool| match (
            willingness.counts(rank, moved),
            willingness.rate(rank, moved),
        ) {
            (Some((attacks, chances)), Some(rate)) => format!("{attacks}/{chances} = {rate:.3}"),
            _ => "no chance".to_string(),
        };
        let _ = writeln!(
            text,
            "    {}: {} | {}",
            piece_name(rank),
            cell(false),
            cell(true)
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_side_is_found_by_name_or_asked_for() {
        let names = ["peternlewis".to_string(), "ffexpert".to_string()];
        assert_eq!(our_side(&names, None), Ok(Side::Blue));
        assert_eq!(our_side(&names, Some("peternlewis")), Ok(Side::Red));
        let strangers = ["a".to_string(), "b".to_string()];
        assert!(our_side(&strangers, None).unwrap_err().contains("--ours"));
    }
}
