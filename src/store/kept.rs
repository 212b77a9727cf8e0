//! How a kind of game is kept in the data folder: the folder its files are
//! in, its file's name, what it writes (its JSON while in progress, its
//! record once over) and how it reads itself back. Each kind of game owns
//! its format and implements `KeptGame` (`crate::games::game::kept`); the
//! store only writes, lists and reads the files, and knows no kind of game.

use crate::core::record::GameRecord;
use crate::store::storage_error::StorageError;

/// What a game writes when it is saved.
#[derive(Debug)]
pub enum Kept {
    /// In progress: its file's JSON.
    InProgress(String),
    /// Over: its record, if it has one (a false or abandoned two-device
    /// game has none), joins the finished games and its file goes.
    Over(Option<Box<GameRecord>>),
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

    /// Why a file of this kind cannot be read back as a game.
    type LoadError: std::fmt::Display + From<Unreadable>;

    /// A game read back from its file's bytes.
    fn read(bytes: &[u8]) -> Result<Self, Self::LoadError>;

    /// Words for a file of this kind that cannot be read, by its name
    /// without ".json".
    fn unreadable(stem: &str) -> String;
}

/// A file that could not be read at all (as the system or the store says),
/// before any kind of game looked at its bytes.
#[derive(Debug)]
pub struct Unreadable(pub String);
