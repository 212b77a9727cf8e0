//! Why the data store could not keep something (`StorageError`), or give
//! a finished game back (`FinishedGameError`): each turned into words once,
//! in the player's language.

use crate::platform::files::set_aside_notice;
use crate::store::finished_games::RecordFileError;

/// Why something could not be written to the data folder (or removed from
/// it); the game or setting in memory is unchanged, and the last good file
/// stays.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// A pass-and-play or solo game of this variant.
    Game {
        variant: String,
        source: std::io::Error,
    },
    TwoDevices(std::io::Error),
    Finished(std::io::Error),
    Settings(std::io::Error),
    Referee(std::io::Error),
    /// A document that could not be written or removed, by where it is.
    File {
        place: String,
        source: std::io::Error,
    },
    /// What was to be saved could not be put into JSON.
    Encode(#[from] serde_json::Error),
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            StorageError::Game { variant, source } => {
                crate::tr!("the {} game could not be saved: {}", variant, source)
            }
            StorageError::TwoDevices(e) => {
                crate::tr!("the two-device game could not be saved: {}", e)
            }
            StorageError::Finished(e) => crate::tr!("the finished game could not be saved: {}", e),
            StorageError::Settings(e) => crate::tr!("the settings could not be saved: {}", e),
            StorageError::Referee(e) => {
                crate::tr!("the referee's match could not be saved: {}", e)
            }
            StorageError::File { place, source } => format!("{place}: {source}"),
            StorageError::Encode(e) => e.to_string(),
        };
        f.write_str(&text)
    }
}

/// A finished game that could not be opened: its record was moved aside
/// (so nothing overwrites it), and the words say why and where.
#[derive(Debug, thiserror::Error)]
pub struct FinishedGameError {
    /// The record, where it was in the data folder.
    pub place: String,
    /// Why it could not be read or replayed.
    #[source]
    pub reason: RecordFileError,
    /// Where the record was moved aside, or why it could not be.
    pub set_aside: std::io::Result<String>,
}

impl std::fmt::Display for FinishedGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&set_aside_notice(
            &crate::tr!("a finished game"),
            &self.reason.to_string(),
            &self.set_aside,
        ))
    }
}
