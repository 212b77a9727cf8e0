//! Everything the app keeps on disk, in one data folder: games in progress
//! (a file each), finished games, settings and the setup
//! library. Every write is atomic; a file that cannot be read is moved aside
//! as `NAME.corrupt-TIMESTAMP` and reported in plain words, and the app goes on.

use super::ai::ThinkTime;
use super::files::{quarantine, set_aside, set_aside_notice, timestamp, write_atomic};
use super::finished_games::{self, FinishedSummary, RecordFileError};
use super::game::GameSession;
use super::game::kept::{Kept, KeptGame};
use super::link::LinkedSession;
use super::pass_and_play::PassAndPlay;
use super::referee::{RefereeSession, SavedReferee, SavedRefereeError};
use super::saved::{LoadError, SavedSession};
use crate::core::game::Game;
use crate::core::record::GameRecord;
use crate::core::referee::LiveRules;
use crate::i18n::LanguageChoice;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

pub const SETTINGS_FORMAT: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub format: u32,
    pub memory_aid: bool,
    /// "modern" (10 = Marshal) or "classic" (1 = Marshal).
    pub numbering: String,
    /// The app's language (settings saved before there was a choice mean
    /// the platform's).
    #[serde(default)]
    pub language: LanguageChoice,
    /// How long the Expert level thinks about a move (settings saved before
    /// there was a choice mean Normal).
    #[serde(default)]
    pub think_time: ThinkTime,
    /// Battles are shown with a short animation (settings saved before
    /// there was a choice mean yes).
    #[serde(default = "yes")]
    pub animations: bool,
    /// The player has read the first launch's welcome (settings saved
    /// before there was one mean yes: the app had been used).
    #[serde(default = "yes")]
    pub welcomed: bool,
    /// The computer learns where the player sets up, game after game
    /// (settings saved before there was a choice mean no).
    #[serde(default)]
    pub learns_setups: bool,
}

fn yes() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            format: SETTINGS_FORMAT,
            memory_aid: true,
            numbering: "modern".into(),
            language: LanguageChoice::System,
            think_time: ThinkTime::Normal,
            animations: true,
            welcomed: false,
            learns_setups: false,
        }
    }
}

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
    /// A file that could not be written or removed, by its path.
    File {
        path: PathBuf,
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
            StorageError::File { path, source } => format!("{}: {source}", path.display()),
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
    pub path: PathBuf,
    /// Why it could not be read or replayed.
    #[source]
    pub reason: RecordFileError,
    /// Where the record was moved aside, or why it could not be.
    pub set_aside: std::io::Result<PathBuf>,
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

#[derive(Debug, Clone)]
pub struct Storage {
    root: PathBuf,
}

impl Storage {
    /// Opens (and creates) a data folder.
    pub fn open(root: impl Into<PathBuf>) -> std::io::Result<Storage> {
        let storage = Storage { root: root.into() };
        for dir in [storage.in_progress_dir(), storage.finished_dir()] {
            std::fs::create_dir_all(dir)?;
        }
        Ok(storage)
    }

    /// The platform's data folder: XDG on Linux, AppData on Windows,
    /// Application Support on macOS.
    pub fn default_root() -> Option<PathBuf> {
        directories::ProjectDirs::from("org", "Flagfall", "Flagfall")
            .map(|d| d.data_dir().to_path_buf())
    }

    fn in_progress_dir(&self) -> PathBuf {
        self.root.join("in-progress")
    }

    fn finished_dir(&self) -> PathBuf {
        self.root.join("finished")
    }

    pub fn setup_library_path(&self) -> PathBuf {
        self.root.join("setups.json")
    }

    /// Where what the computer learned of the player's setups is kept.
    pub fn remembered_setups_path(&self) -> PathBuf {
        self.root.join("remembered-setups.json")
    }

    fn settings_path(&self) -> PathBuf {
        self.root.join("settings.json")
    }

    /// Where a session of this mode and variant saved before games were
    /// dated is kept while in progress (one such game per kind).
    pub fn in_progress_path(&self, mode: &str, variant: &str) -> PathBuf {
        self.in_progress_dir()
            .join(format!("{mode}-{variant}.json"))
    }

    /// Saves a game of any kind: in progress, or, once over, as a finished
    /// game (and the in-progress file goes).
    pub fn save_game(&self, game: &GameSession) -> Result<(), StorageError> {
        match game {
            GameSession::OneDevice(session) => self.save(session),
            GameSession::TwoDevices(session) => self.save(session),
        }
    }

    /// Deletes a game in progress (the player gave it up).
    pub fn delete_game(&self, game: &GameSession) -> Result<(), StorageError> {
        match game {
            GameSession::OneDevice(session) => self.delete(session),
            GameSession::TwoDevices(session) => self.delete(session),
        }
    }

    /// Every game in progress, and what could not be read: the games on
    /// this device (newest first), then the two-device games (newest first).
    pub fn games_in_progress(&self) -> (Vec<GameSession>, Vec<String>) {
        let (one_device, mut problems) = self.in_progress::<PassAndPlay>();
        let (two_devices, more) = self.in_progress::<LinkedSession>();
        problems.extend(more);
        let games = one_device
            .into_iter()
            .map(GameSession::OneDevice)
            .chain(two_devices.into_iter().map(GameSession::TwoDevices))
            .collect();
        (games, problems)
    }

    /// Where games of kind `G` are kept while in progress.
    fn kind_dir<G: KeptGame>(&self) -> PathBuf {
        self.in_progress_dir().join(G::FOLDER)
    }

    /// Where `game` is kept while in progress.
    fn path_of<G: KeptGame>(&self, game: &G) -> PathBuf {
        self.kind_dir::<G>().join(game.file_name())
    }

    /// Saves a game of kind `G` in its own format: in progress, or, once
    /// over, as a finished game (and the in-progress file goes).
    pub fn save<G: KeptGame>(&self, game: &G) -> Result<(), StorageError> {
        let path = self.path_of(game);
        match game.kept()? {
            Kept::Over(record) => self.finish(record.as_deref(), &path),
            Kept::InProgress(json) => {
                write_atomic(&path, json.as_bytes()).map_err(|e| game.write_error(e))
            }
        }
    }

    /// Deletes a game in progress of kind `G` (the player gave it up).
    pub fn delete<G: KeptGame>(&self, game: &G) -> Result<(), StorageError> {
        remove_if_there(&self.path_of(game))
    }

    /// A game has ended: its record joins the finished games, and its
    /// in-progress file at `path` goes.
    fn finish(&self, game: Option<&Game>, path: &Path) -> Result<(), StorageError> {
        if let Some(game) = game {
            let record = GameRecord::from_game(game);
            let name = format!("{}-{}.json", timestamp(), game.variant().id);
            write_atomic(&self.finished_dir().join(name), record.to_json().as_bytes())
                .map_err(StorageError::Finished)?;
        }
        remove_if_there(path)
    }

    /// Forgets the undated game in progress of this mode and variant (the
    /// autoplay tool starts afresh).
    pub fn discard_in_progress(&self, mode: &str, variant: &str) {
        let _ = std::fs::remove_file(self.in_progress_path(mode, variant));
    }

    /// Every game of kind `G` in progress, newest first, and what could not
    /// be read (moved aside).
    fn in_progress<G: KeptGame>(&self) -> (Vec<G>, Vec<String>) {
        let mut games = Vec::new();
        let mut problems = Vec::new();
        for path in json_files(&self.kind_dir::<G>()) {
            let read = std::fs::read(&path)
                .map_err(|e| LoadError::Unreadable(e.to_string()))
                .and_then(|bytes| G::read(&bytes));
            match read {
                Ok(game) => games.push((modified(&path), game)),
                Err(reason) => {
                    let stem = path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    problems.push(self.quarantine(
                        &path,
                        &G::unreadable(&stem),
                        &reason.to_string(),
                    ))
                }
            }
        }
        games.sort_by_key(|g| std::cmp::Reverse(g.0));
        (games.into_iter().map(|(_, g)| g).collect(), problems)
    }

    /// Every finished game by its summary, newest first, and what could not
    /// be read (moved aside). Reads one index file and only the records it
    /// does not list; no game is replayed.
    pub fn finished_games(&self) -> (Vec<FinishedSummary>, Vec<String>) {
        let index = self.root.join(finished_games::INDEX_FILE);
        let listing = finished_games::list(&self.finished_dir(), &index);
        if listing.index_changed {
            // A cache: if it cannot be written, the next start reads the records again.
            let _ = finished_games::write_index(&index, &listing.games);
        }
        let problems = listing
            .unreadable
            .iter()
            .map(|bad| {
                self.quarantine(
                    &bad.path,
                    &crate::tr!("a finished game"),
                    &bad.reason.to_string(),
                )
            })
            .collect();
        (listing.games, problems)
    }

    /// Reads a finished game and replays it through the rules; one that
    /// cannot be is moved aside, and the error says so.
    pub fn open_finished(&self, game: &FinishedSummary) -> Result<Game, FinishedGameError> {
        let path = self.finished_dir().join(&game.file);
        finished_games::open(&path).map_err(|reason| FinishedGameError {
            set_aside: set_aside(&path),
            path,
            reason,
        })
    }

    /// The data folder itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where records, printed sheets and code pictures are written for the
    /// player when the platform names no place for them.
    pub fn exports_dir(&self) -> PathBuf {
        self.root.join("exports")
    }

    /// The settings, or the defaults (with a message when the file was bad).
    pub fn settings(&self) -> (Settings, Option<String>) {
        let path = self.settings_path();
        match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
            Err(e) => (
                Settings::default(),
                Some(crate::tr!("the settings could not be read: {}", e)),
            ),
            Ok(bytes) => match serde_json::from_slice::<Settings>(&bytes) {
                Ok(s)
                    if s.format == SETTINGS_FORMAT
                        && ["modern", "classic"].contains(&s.numbering.as_str()) =>
                {
                    (s, None)
                }
                Ok(s) if s.format != SETTINGS_FORMAT => {
                    let reason = crate::tr!(
                        "it has format {}, and this app reads format {}",
                        s.format,
                        SETTINGS_FORMAT
                    );
                    (
                        Settings::default(),
                        Some(self.quarantine(&path, &crate::tr!("the settings"), &reason)),
                    )
                }
                Ok(s) => {
                    let reason = crate::tr!("\"{}\" is not a rank numbering", s.numbering);
                    (
                        Settings::default(),
                        Some(self.quarantine(&path, &crate::tr!("the settings"), &reason)),
                    )
                }
                Err(e) => (
                    Settings::default(),
                    Some(self.quarantine(&path, &crate::tr!("the settings"), &e.to_string())),
                ),
            },
        }
    }

    pub fn save_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        let text = serde_json::to_string_pretty(settings)?;
        write_atomic(&self.settings_path(), text.as_bytes()).map_err(StorageError::Settings)
    }

    fn referee_path(&self) -> PathBuf {
        self.root.join("referee.json")
    }

    /// Saves the Stratego go go referee's match (one at a time).
    pub fn save_referee(&self, session: &RefereeSession) -> Result<(), StorageError> {
        let text = serde_json::to_string(&session.to_saved())?;
        write_atomic(&self.referee_path(), text.as_bytes()).map_err(StorageError::Referee)
    }

    /// Forgets the referee's match (it ended, or the referee deleted it).
    pub fn delete_referee(&self) -> Result<(), StorageError> {
        remove_if_there(&self.referee_path())
    }

    /// The referee's match in progress, if one was saved; a file that cannot
    /// be read is moved aside and reported.
    pub fn referee(&self, rules: &Arc<LiveRules>) -> (Option<RefereeSession>, Option<String>) {
        let path = self.referee_path();
        let bytes = match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (None, None),
            Err(e) => {
                return (
                    None,
                    Some(crate::tr!("the referee's match could not be read: {}", e)),
                );
            }
            Ok(bytes) => bytes,
        };
        let read = serde_json::from_slice::<SavedReferee>(&bytes)
            .map_err(SavedRefereeError::from)
            .and_then(|saved| RefereeSession::from_saved(Arc::clone(rules), saved));
        match read {
            Ok(session) => (Some(session), None),
            Err(reason) => (
                None,
                Some(self.quarantine(
                    &path,
                    &crate::tr!("the referee's match"),
                    &reason.to_string(),
                )),
            ),
        }
    }

    /// Moves a bad file aside so nothing overwrites it, and says so in plain words.
    pub fn quarantine(&self, path: &Path, what: &str, reason: &str) -> String {
        quarantine(path, what, reason)
    }
}

/// Reads a game in progress, replaying it through the rules.
pub fn read_session(path: &Path) -> Result<PassAndPlay, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError::Unreadable(e.to_string()))?;
    PassAndPlay::read(&bytes)
}

/// Reads the saved data of a game in progress, without replaying it.
pub fn read_saved(path: &Path) -> Result<SavedSession, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError::Unreadable(e.to_string()))?;
    serde_json::from_slice(&bytes).map_err(|e| LoadError::Unreadable(e.to_string()))
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect()
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(UNIX_EPOCH)
}

/// Removes a file; one that is not there is fine.
fn remove_if_there(path: &Path) -> Result<(), StorageError> {
    match std::fs::remove_file(path) {
        Err(source) if source.kind() != std::io::ErrorKind::NotFound => Err(StorageError::File {
            path: path.to_path_buf(),
            source,
        }),
        _ => Ok(()),
    }
}
