//! The finished games in the data folder, as the home screen lists them:
//! one short summary each (variant, result, number of moves), kept in one
//! index file beside the records, so that the start reads one file however
//! many games a player keeps. A record is read and replayed through the
//! rules only when its game is opened.
//!
//! The index is a cache of the records: a record it does not list (a data
//! folder from before the index, or a record copied in) is read once and
//! added; an entry whose record is gone is dropped; an index that cannot be
//! read is built again from the records.

use crate::core::game::Game;
use crate::core::moves::Outcome;
use crate::core::record::{GameRecord, RecordError, is_board_move};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The index's name, in the data folder (beside `finished/`, so it is not
/// taken for a record).
pub const INDEX_FILE: &str = "finished-index.json";
// 2: `moves` counts the moves on the board (1 counted every action).
const INDEX_FORMAT: u32 = 2;

/// One finished game, as listed without replaying it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishedSummary {
    /// The record's file name in `finished/`; names sort by the time the
    /// game ended.
    pub file: String,
    pub variant: String,
    pub result: Option<Outcome>,
    /// The moves on the board (`is_board_move`).
    pub moves: usize,
}

impl FinishedSummary {
    /// When the game ended, in milliseconds since 1970: the app names each
    /// record for it (`1795919698475-0-small.json`); none for a record
    /// named otherwise.
    pub fn ended_ms(&self) -> Option<u64> {
        let digits = self.file.split('-').next()?;
        digits.parse().ok().filter(|_| digits.len() >= 13)
    }

    fn of(file: String, record: &GameRecord) -> FinishedSummary {
        FinishedSummary {
            file,
            variant: record.variant.clone(),
            result: record.result,
            moves: record.actions.iter().filter(|a| is_board_move(a)).count(),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Index {
    format: u32,
    games: Vec<FinishedSummary>,
}

/// A record that could not be read or replayed, and why.
pub struct Unreadable {
    pub path: PathBuf,
    pub reason: RecordFileError,
}

/// Why a finished game's record could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum RecordFileError {
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] std::io::Error),
    /// It is no record, or not one the rules replay.
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// What listing the finished games found.
pub struct Listing {
    /// Newest first.
    pub games: Vec<FinishedSummary>,
    /// Records that could not be read (to be moved aside).
    pub unreadable: Vec<Unreadable>,
    /// The index differs from what it should say and is to be written again.
    pub index_changed: bool,
}

/// Lists the records in `dir` with the summaries the index at `index_path`
/// holds, reading only the records it does not list.
pub fn list(dir: &Path, index_path: &Path) -> Listing {
    let mut known: HashMap<String, FinishedSummary> = read_index(index_path)
        .map(|index| {
            index
                .games
                .into_iter()
                .map(|g| (g.file.clone(), g))
                .collect()
        })
        .unwrap_or_default();
    let mut names = record_names(dir);
    names.sort_unstable_by(|a, b| b.cmp(a));
    let (mut games, mut unreadable) = (Vec::with_capacity(names.len()), Vec::new());
    let mut index_changed = false;
    for name in names {
        if let Some(summary) = known.remove(&name) {
            games.push(summary);
            continue;
        }
        index_changed = true;
        let path = dir.join(&name);
        match read_record(&path) {
            Ok(record) => games.push(FinishedSummary::of(name, &record)),
            Err(reason) => unreadable.push(Unreadable { path, reason }),
        }
    }
    // Entries left over name records that are gone.
    index_changed |= !known.is_empty();
    Listing {
        games,
        unreadable,
        index_changed,
    }
}

/// Writes the index for `games` (a cache: a failure costs only time at
/// the next start).
pub fn write_index(index_path: &Path, games: &[FinishedSummary]) -> std::io::Result<()> {
    let index = Index {
        format: INDEX_FORMAT,
        games: games.to_vec(),
    };
    let text = serde_json::to_string(&index).map_err(std::io::Error::other)?;
    super::files::write_atomic(index_path, text.as_bytes())
}

/// Reads a record and replays it through the rules.
pub fn open(path: &Path) -> Result<Game, RecordFileError> {
    Ok(read_record(path)?.replay()?)
}

fn read_record(path: &Path) -> Result<GameRecord, RecordFileError> {
    let bytes = std::fs::read(path)?;
    Ok(GameRecord::from_json(&String::from_utf8_lossy(&bytes))?)
}

fn read_index(path: &Path) -> Option<Index> {
    let bytes = std::fs::read(path).ok()?;
    serde_json::from_slice::<Index>(&bytes)
        .ok()
        .filter(|index| index.format == INDEX_FORMAT)
}

/// The names of the records in `dir` (files ending in `.json`).
fn record_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
        .collect()
}
