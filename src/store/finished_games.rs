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
use crate::core::record::{ComputerRecord, GameRecord, RecordError, is_board_move};
use crate::platform::bounded_read::FileRefused;
use crate::platform::document_caps;
use crate::store::data_store::DataStore;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The folder of the records, in the data folder.
pub const FOLDER: &str = "finished";
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
    /// A game against the computer: its side and level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerRecord>,
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
            computer: record.computer.clone(),
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
    /// Its name in the store ("finished/1795919698475-classic.json").
    pub name: String,
    pub reason: RecordFileError,
}

/// Why a finished game's record could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum RecordFileError {
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] FileRefused),
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

/// Lists the records in `FOLDER` with the summaries the index
/// (`INDEX_FILE`) holds, reading only the records it does not list.
pub fn list(store: &dyn DataStore) -> Listing {
    let mut known: HashMap<String, FinishedSummary> = read_index(store)
        .map(|index| {
            index
                .games
                .into_iter()
                .map(|g| (g.file.clone(), g))
                .collect()
        })
        .unwrap_or_default();
    let mut names = record_names(store);
    names.sort_unstable_by(|a, b| b.cmp(a));
    let (mut games, mut unreadable) = (Vec::with_capacity(names.len()), Vec::new());
    let mut index_changed = false;
    for name in names {
        if let Some(summary) = known.remove(&name) {
            games.push(summary);
            continue;
        }
        index_changed = true;
        match read_record(store, &name) {
            Ok(record) => games.push(FinishedSummary::of(name, &record)),
            Err(reason) => unreadable.push(Unreadable {
                name: record_name(&name),
                reason,
            }),
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
pub fn write_index(store: &dyn DataStore, games: &[FinishedSummary]) -> std::io::Result<()> {
    let index = Index {
        format: INDEX_FORMAT,
        games: games.to_vec(),
    };
    let text = serde_json::to_string(&index).map_err(std::io::Error::other)?;
    store.write(INDEX_FILE, text.as_bytes())
}

/// The store's name for the record `file` (a name in `FOLDER`).
pub fn record_name(file: &str) -> String {
    format!("{FOLDER}/{file}")
}

/// Reads the record `file` (a name in `FOLDER`) and replays it through the rules.
pub fn open(store: &dyn DataStore, file: &str) -> Result<Game, RecordFileError> {
    Ok(read_record(store, file)?.replay()?)
}

fn read_record(store: &dyn DataStore, file: &str) -> Result<GameRecord, RecordFileError> {
    let bytes = store
        .read(&record_name(file), document_caps::GAME)?
        .ok_or_else(|| FileRefused::Io(std::io::ErrorKind::NotFound.into()))?;
    Ok(GameRecord::from_json(&String::from_utf8_lossy(&bytes))?)
}

fn read_index(store: &dyn DataStore) -> Option<Index> {
    let bytes = store
        .read(INDEX_FILE, document_caps::FINISHED_INDEX)
        .ok()??;
    serde_json::from_slice::<Index>(&bytes)
        .ok()
        .filter(|index| index.format == INDEX_FORMAT)
}

/// The names of the records in `FOLDER` (documents ending in `.json`).
fn record_names(store: &dyn DataStore) -> Vec<String> {
    store
        .list(FOLDER)
        .into_iter()
        .map(|listed| listed.name)
        .filter(|name| name.ends_with(".json"))
        .collect()
}
