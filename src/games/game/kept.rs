//! How each kind of game in progress is kept in the data folder: the
//! folder its files are in, its file's name, what it writes (its JSON
//! while in progress, its record once over) and how it reads itself back.
//! Each kind owns its format here; `Storage` only writes, lists and reads
//! the files.

use crate::core::game::Game;
use crate::games::pass_and_play::PassAndPlay;
use crate::games::saved::{LoadError, SavedSession};
use crate::games::stage::Stage;
use crate::link::{LinkedSession, SavedLinked};
use crate::store::storage_error::StorageError;

/// What a game writes when it is saved.
#[derive(Debug)]
pub enum Kept {
    /// In progress: its file's JSON.
    InProgress(String),
    /// Over: its record, if it has one (a false or abandoned two-device
    /// game has none), joins the finished games and its file goes.
    Over(Option<Box<Game>>),
}

/// A kind of game kept in the data folder while in progress.
pub trait KeptGame: Sized {
    /// Its kind's folder under "in-progress" (empty: that folder itself).
    const FOLDER: &'static str;

    /// The most its file is read to (`document_caps`).
    const CAP: u64;

    /// Its file's name while in progress.
    fn file_name(&self) -> String;

    /// What to write now.
    fn kept(&self) -> Result<Kept, serde_json::Error>;

    /// The error when its file cannot be written.
    fn write_error(&self, source: std::io::Error) -> StorageError;

    /// A game read back from its file's bytes.
    fn read(bytes: &[u8]) -> Result<Self, LoadError>;

    /// Words for a file of this kind that cannot be read, by its name
    /// without ".json".
    fn unreadable(stem: &str) -> String;
}

impl KeptGame for PassAndPlay {
    const FOLDER: &'static str = "";
    const CAP: u64 = crate::platform::document_caps::GAME;

    /// Its mode, variant and the time it began ("solo-classic-1795919698475.json"),
    /// or its mode and variant alone for a game saved before games were dated.
    fn file_name(&self) -> String {
        file_name_of(&self.to_saved())
    }

    fn kept(&self) -> Result<Kept, serde_json::Error> {
        if self.is_over() {
            return Ok(Kept::Over(self.game().cloned().map(Box::new)));
        }
        serde_json::to_string(&self.to_saved()).map(Kept::InProgress)
    }

    fn write_error(&self, source: std::io::Error) -> StorageError {
        StorageError::Game {
            variant: self.variant().id.clone(),
            source,
        }
    }

    fn read(bytes: &[u8]) -> Result<PassAndPlay, LoadError> {
        let saved: SavedSession =
            serde_json::from_slice(bytes).map_err(|e| LoadError::Unreadable(e.to_string()))?;
        PassAndPlay::from_saved(&saved)
    }

    /// "the saved pass and play classic game", from "pass-and-play-classic-1795919698475".
    fn unreadable(stem: &str) -> String {
        let kind = match stem.rsplit_once('-') {
            Some((kind, date)) if date.bytes().all(|b| b.is_ascii_digit()) => kind,
            _ => stem,
        };
        crate::tr!("the saved {} game", kind.replace('-', " "))
    }
}

/// A pass-and-play or solo game's file name, from its saved data.
pub fn file_name_of(saved: &SavedSession) -> String {
    match saved.started {
        Some(started) => format!("{}-{}-{started}.json", saved.mode, saved.variant),
        None => format!("{}-{}.json", saved.mode, saved.variant),
    }
}

impl KeptGame for LinkedSession {
    const FOLDER: &'static str = "linked";
    const CAP: u64 = crate::platform::document_caps::TWO_DEVICE_GAME;

    /// Its game's id and this device's side ("game-0badf00d-red.json").
    fn file_name(&self) -> String {
        let side = self.side().name().to_lowercase();
        format!("game-{:08x}-{side}.json", self.game_id())
    }

    /// Once over, only a verified game has a record.
    fn kept(&self) -> Result<Kept, serde_json::Error> {
        if self.stage() == Stage::Over {
            return Ok(Kept::Over(
                self.game().and_then(|g| g.finished_game()).map(Box::new),
            ));
        }
        serde_json::to_string(&self.to_saved()).map(Kept::InProgress)
    }

    fn write_error(&self, source: std::io::Error) -> StorageError {
        StorageError::TwoDevices(source)
    }

    fn read(bytes: &[u8]) -> Result<LinkedSession, LoadError> {
        let saved: SavedLinked =
            serde_json::from_slice(bytes).map_err(|e| LoadError::Unreadable(e.to_string()))?;
        LinkedSession::from_saved(&saved)
    }

    fn unreadable(_stem: &str) -> String {
        crate::tr!("a saved two-device game")
    }
}
