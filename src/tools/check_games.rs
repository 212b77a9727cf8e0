//! `flagfall check-games`: replays every game record under some paths and
//! reports the ones the engine disagrees with.

use crate::core::check::{RuleOverrides, replay_record};
use crate::core::options::{
    ParseQuietPliesError, ParseStuckRuleError, ParseTwoSquaresError, QuietPlies, StuckRule,
    TwoSquares,
};
use crate::core::replay::RecordVerdict;
use crate::platform::bounded_read::read_capped;
use crate::platform::document_caps;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    pub checked: usize,
    pub ok: usize,
    pub illegal: usize,
    pub result_mismatch: usize,
    pub unreadable: usize,
    pub not_started: usize,
}

impl Summary {
    pub fn line(&self) -> String {
        format!(
            "checked {} games: {} ok, {} illegal, {} result-mismatch, {} unreadable, {} not started",
            self.checked,
            self.ok,
            self.illegal,
            self.result_mismatch,
            self.unreadable,
            self.not_started
        )
    }

    /// No record the engine disagrees with (unreadable files are no games).
    pub fn all_ok(&self) -> bool {
        self.illegal == 0 && self.result_mismatch == 0
    }
}

/// Every record file (.xml Gravon, .json own) under `paths`, in a stable order.
pub fn find_records(paths: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for path in paths {
        collect(path, &mut found)?;
    }
    Ok(found)
}

/// The records at `path`: the file itself, or the record files in the
/// folder and its folders. A link to a folder inside is not followed (a
/// link back up would list the same folders for ever); what is not a
/// regular file is reported when it is read, not read.
fn collect(path: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    let meta = std::fs::metadata(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    if !meta.is_dir() {
        found.push(path.to_path_buf());
        return Ok(());
    }
    let first = found.len();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let mut entries: Vec<(PathBuf, std::fs::FileType)> = std::fs::read_dir(&folder)?
            .filter_map(|e| e.ok())
            .filter_map(|e| Some((e.path(), e.file_type().ok()?)))
            .collect();
        entries.sort_by(|a, b| b.0.cmp(&a.0));
        for (entry, kind) in entries {
            if kind.is_dir() {
                folders.push(entry);
            } else if is_record(&entry) {
                found.push(entry);
            }
        }
    }
    found[first..].sort();
    Ok(())
}

fn is_record(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext == "xml" || ext == "json")
}

/// Checks one record file: a Gravon record by Gravon's rules of the month
/// in its file name, a Flagfall record by its own; `overrides` over both.
pub fn check_file(path: &Path, overrides: &RuleOverrides) -> RecordVerdict {
    match read_capped(path, document_caps::GAME) {
        Ok(bytes) => {
            let name = path.file_name().map(|n| n.to_string_lossy());
            replay_record(&String::from_utf8_lossy(&bytes), name.as_deref(), overrides).verdict
        }
        Err(e) => RecordVerdict::Unreadable {
            reason: format!("cannot read the file: {e}"),
        },
    }
}

/// Checks every record, writing a line per failing or unreadable game,
/// then the summary line.
pub fn run(
    paths: &[PathBuf],
    overrides: &RuleOverrides,
    out: &mut impl Write,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    for path in find_records(paths)? {
        summary.checked += 1;
        let (what, move_number, reason) = match check_file(&path, overrides) {
            RecordVerdict::Ok => {
                summary.ok += 1;
                continue;
            }
            RecordVerdict::NotStarted { .. } => {
                summary.not_started += 1;
                continue;
            }
            RecordVerdict::Unreadable { reason } => {
                summary.unreadable += 1;
                writeln!(out, "{}: unreadable: {reason}", path.display())?;
                continue;
            }
            RecordVerdict::Illegal {
                move_number,
                reason,
            } => {
                summary.illegal += 1;
                ("illegal", move_number, reason)
            }
            RecordVerdict::ResultMismatch {
                move_number,
                reason,
            } => {
                summary.result_mismatch += 1;
                ("result mismatch", move_number, reason)
            }
        };
        writeln!(
            out,
            "{}: move {move_number}: {what}: {reason}",
            path.display()
        )?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// The arguments of `flagfall check-games`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Two-squares limit: a number of moves, or off.
    #[arg(long, value_parser = parse_two_squares)]
    pub two_squares: Option<TwoSquares>,
    /// Draw after this many plies without a battle: a number, off, or variant (the variant's own).
    #[arg(long, value_parser = parse_quiet_plies)]
    pub quiet_plies: Option<QuietPlies>,
    /// When a side that cannot move loses: on-its-turn, or after-any-move (Gravon's).
    #[arg(long, value_parser = parse_stuck)]
    pub stuck: Option<StuckRule>,
    /// Record files or folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

fn parse_two_squares(text: &str) -> Result<TwoSquares, ParseTwoSquaresError> {
    text.parse()
}

fn parse_quiet_plies(text: &str) -> Result<QuietPlies, ParseQuietPliesError> {
    text.parse()
}

fn parse_stuck(text: &str) -> Result<StuckRule, ParseStuckRuleError> {
    text.parse()
}

/// `flagfall check-games`: checks the records to stdout (`run`); exits 0
/// when every game is ok, 1 when one is not, 2 when a path cannot be read.
pub fn run_command(args: Args) -> ExitCode {
    let Args {
        two_squares,
        quiet_plies,
        stuck,
        paths,
    } = args;
    let mut out = std::io::stdout().lock();
    let overrides = RuleOverrides {
        two_squares,
        quiet_plies,
        stuck,
    };
    match run(&paths, &overrides, &mut out) {
        Ok(summary) if summary.all_ok() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("check-games: {e}");
            ExitCode::from(2)
        }
    }
}
