//! `flagfall check-games`: replays every game record under some paths and
//! reports the ones the engine disagrees with.

use crate::core::check::{Verdict, check_json_record};
use crate::core::gravon;
use crate::core::options::TwoSquares;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    pub checked: usize,
    pub ok: usize,
    pub illegal: usize,
    pub result_mismatch: usize,
}

impl Summary {
    pub fn line(&self) -> String {
        format!(
            "checked {} games: {} ok, {} illegal, {} result-mismatch",
            self.checked, self.ok, self.illegal, self.result_mismatch
        )
    }

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

fn collect(path: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    let meta = std::fs::metadata(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for entry in entries {
            if entry.is_dir() || is_record(&entry) {
                collect(&entry, found)?;
            }
        }
    } else {
        found.push(path.to_path_buf());
    }
    Ok(())
}

fn is_record(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext == "xml" || ext == "json")
}

/// Checks one record file.
pub fn check_file(path: &Path, two_squares: Option<TwoSquares>) -> Verdict {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            return Verdict::Illegal {
                move_number: 0,
                reason: format!("cannot read the file: {e}"),
            };
        }
    };
    if path.extension().is_some_and(|ext| ext == "json") {
        check_json_record(&text, two_squares)
    } else {
        match gravon::parse(&text) {
            Ok(record) => gravon::check(&record, two_squares),
            Err(reason) => Verdict::Illegal {
                move_number: 0,
                reason: format!("not a Gravon record: {reason}"),
            },
        }
    }
}

/// Checks every record, writing a line per failing game, then the summary line.
pub fn run(
    paths: &[PathBuf],
    two_squares: Option<TwoSquares>,
    out: &mut impl Write,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    for path in find_records(paths)? {
        summary.checked += 1;
        match check_file(&path, two_squares) {
            Verdict::Ok => summary.ok += 1,
            Verdict::Illegal {
                move_number,
                reason,
            } => {
                summary.illegal += 1;
                writeln!(
                    out,
                    "{}: move {move_number}: illegal: {reason}",
                    path.display()
                )?;
            }
            Verdict::ResultMismatch {
                move_number,
                reason,
            } => {
                summary.result_mismatch += 1;
                writeln!(
                    out,
                    "{}: move {move_number}: result mismatch: {reason}",
                    path.display()
                )?;
            }
        }
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}
