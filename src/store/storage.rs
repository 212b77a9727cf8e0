//! Everything the app keeps, in one store (`data_store`: the data folder
//! on disk, or memory in tests): games in progress (a document each, in
//! their kind's format, `kept::KeptGame`), finished games, settings, the
//! referee's match, the setup library and what the computer learned of the
//! player's setups. Every write is atomic; a document that cannot be read
//! is moved aside as `NAME.corrupt-TIMESTAMP` and reported in plain words,
//! and the app goes on.

use crate::ai::ThinkTime;
use crate::core::game::Game;
use crate::core::record::GameRecord;
use crate::i18n::LanguageChoice;
use crate::platform::bounded_read::FileRefused;
use crate::platform::document_caps;
use crate::platform::files::timestamp;
use crate::referee::companion::{RefereeCompanion, SavedReferee, SavedRefereeError};
use crate::referee::live::LiveRules;
use crate::store::data_store::{DataStore, Document, FileStore, MemoryStore, quarantine};
use crate::store::finished_games::{self, FinishedSummary};
use crate::store::game_key::GameKey;
use crate::store::kept::{Kept, KeptGame, Unreadable};
pub use crate::store::storage_error::{FinishedGameError, StorageError};
use crate::store::text_size::TextSize;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

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
    /// The game that was on screen when the app last stopped, which it
    /// opens again (a browser page reloaded, a phone's app stopped in the
    /// background); none when the app was elsewhere.
    #[serde(default)]
    pub open_game: Option<GameKey>,
    /// How large the app's text is (settings saved before there was a
    /// choice mean normal).
    #[serde(default)]
    pub text_size: TextSize,
    /// What the player last chose for a new game on the home screen.
    #[serde(default)]
    pub new_game: Option<NewGameMemory>,
    /// The first time a player meets a rule in a game, one line says what
    /// happened and why (settings saved before there was a choice mean yes).
    #[serde(default = "yes")]
    pub rule_notes: bool,
}

/// The home screen's choices for a new game that the app keeps: the
/// variant, the opponent and the side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGameMemory {
    /// The variant's id ("classic", "domino"...).
    pub variant: String,
    /// As the home screen's list: 0 a player on this device, 1 to 4 the
    /// computer's levels, 5 a player on another device.
    pub opponent_index: i32,
    /// 0 Red, 1 Blue.
    pub side_index: i32,
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
            open_game: None,
            text_size: TextSize::Normal,
            new_game: None,
            rule_notes: true,
        }
    }
}

/// The app's saved data, in one store.
#[derive(Debug, Clone)]
pub struct Storage {
    store: Arc<dyn DataStore>,
}

/// The folder of the games in progress (each kind in its own under it,
/// `KeptGame::FOLDER`).
const IN_PROGRESS: &str = "in-progress";
const SETTINGS: &str = "settings.json";
const REFEREE: &str = "referee.json";
const SETUP_LIBRARY: &str = "setups.json";
const REMEMBERED_SETUPS: &str = "remembered-setups.json";
const LESSON_PROGRESS: &str = "lessons.json";
const NOT_FOUND: std::io::ErrorKind = std::io::ErrorKind::NotFound;

impl Storage {
    /// Opens (and creates) a data folder.
    pub fn open(root: impl Into<PathBuf>) -> std::io::Result<Storage> {
        let root = root.into();
        for dir in [IN_PROGRESS, finished_games::FOLDER] {
            std::fs::create_dir_all(root.join(dir))?;
        }
        Ok(Storage::in_store(Arc::new(FileStore::new(root))))
    }

    /// Storage kept in memory only, gone when the app closes (tests).
    pub fn in_memory() -> (Storage, Arc<MemoryStore>) {
        let store = Arc::new(MemoryStore::new());
        (Storage::in_store(store.clone()), store)
    }

    /// Storage kept in `store`.
    pub fn in_store(store: Arc<dyn DataStore>) -> Storage {
        Storage { store }
    }

    /// The platform's data folder: XDG on Linux, AppData on Windows,
    /// Application Support on macOS.
    pub fn default_root() -> Option<PathBuf> {
        directories::ProjectDirs::from("org", "Flagfall", "Flagfall")
            .map(|d| d.data_dir().to_path_buf())
    }

    /// Where the setup library is kept.
    pub fn setup_library(&self) -> Document {
        Document::new(Arc::clone(&self.store), SETUP_LIBRARY)
    }

    /// Where what the computer learned of the player's setups is kept.
    pub fn remembered_setups(&self) -> Document {
        Document::new(Arc::clone(&self.store), REMEMBERED_SETUPS)
    }

    /// Where the lessons done are kept.
    pub fn lesson_progress(&self) -> Document {
        Document::new(Arc::clone(&self.store), LESSON_PROGRESS)
    }

    /// The name of an undated game of this mode and variant, saved
    /// before games were dated (one such game per kind).
    fn undated_name(mode: &str, variant: &str) -> String {
        format!("{IN_PROGRESS}/{mode}-{variant}.json")
    }

    /// The folder of games of kind `G` in progress.
    fn kind_folder<G: KeptGame>() -> String {
        match G::FOLDER {
            "" => IN_PROGRESS.to_string(),
            folder => format!("{IN_PROGRESS}/{folder}"),
        }
    }

    /// The name `game` is kept by while in progress.
    fn name_of<G: KeptGame>(game: &G) -> String {
        format!("{}/{}", Self::kind_folder::<G>(), game.file_name())
    }

    /// Saves a game of kind `G` in its own format: in progress, or, once
    /// over, as a finished game (and the in-progress document goes).
    pub fn save<G: KeptGame>(&self, game: &G) -> Result<(), StorageError> {
        let name = Self::name_of(game);
        match game.kept()? {
            Kept::Over(record) => self.finish(record.as_deref(), &name),
            Kept::InProgress(json) => self
                .store
                .write(&name, json.as_bytes())
                .map_err(|e| game.write_error(e)),
        }
    }

    /// Reads `game` back as it was last saved in progress (the storage
    /// benchmark times it; tests check what a reload would find).
    pub fn reload<G: KeptGame>(&self, game: &G) -> Result<G, G::LoadError> {
        self.read_game(&Self::name_of(game))
    }

    /// Deletes a game in progress of kind `G` (the player gave it up).
    pub fn delete<G: KeptGame>(&self, game: &G) -> Result<(), StorageError> {
        self.remove(&Self::name_of(game))
    }

    /// A game has ended: its record joins the finished games, and its
    /// in-progress document `name` goes.
    fn finish(&self, record: Option<&GameRecord>, name: &str) -> Result<(), StorageError> {
        if let Some(record) = record {
            let file = format!("{}-{}.json", timestamp(), record.variant);
            self.store
                .write(
                    &finished_games::record_name(&file),
                    record.to_json().as_bytes(),
                )
                .map_err(StorageError::Finished)?;
        }
        self.remove(name)
    }

    /// Forgets the undated game in progress of this mode and variant (the
    /// autoplay tool starts afresh).
    pub fn discard_in_progress(&self, mode: &str, variant: &str) {
        let _ = self.store.remove(&Self::undated_name(mode, variant));
    }

    /// A game of kind `G` from the document `name`.
    fn read_game<G: KeptGame>(&self, name: &str) -> Result<G, G::LoadError> {
        let bytes = self
            .store
            .read(name, G::CAP)
            .map_err(|e| Unreadable(e.to_string()))?
            .ok_or_else(|| Unreadable(FileRefused::Io(NOT_FOUND.into()).to_string()))?;
        G::read(&bytes)
    }

    /// Every game of kind `G` in progress, newest first, and what could not
    /// be read (moved aside). Two documents holding one game (a backup, a
    /// sync tool's "conflicted copy") make one game: the one written last,
    /// kept under the game's own name; the others are moved aside and said.
    pub fn in_progress<G: KeptGame>(&self) -> (Vec<G>, Vec<String>) {
        let mut found: BTreeMap<String, Vec<(SystemTime, String, G)>> = BTreeMap::new();
        let mut problems = Vec::new();
        let folder = Self::kind_folder::<G>();
        for listed in self.store.list(&folder) {
            let Some(stem) = listed.name.strip_suffix(".json") else {
                continue;
            };
            let name = format!("{folder}/{}", listed.name);
            match self.read_game::<G>(&name) {
                Ok(game) => found.entry(Self::name_of(&game)).or_default().push((
                    listed.written,
                    name,
                    game,
                )),
                Err(reason) => problems.push(quarantine(
                    &*self.store,
                    &name,
                    &G::unreadable(stem),
                    &reason.to_string(),
                )),
            }
        }
        let mut games = Vec::new();
        for (own, mut copies) in found {
            // The copy written last is the game (its own name first on a tie).
            copies.sort_by_key(|a| (a.0, a.1 == own));
            let Some((written, name, game)) = copies.pop() else {
                continue;
            };
            for (_, copy, _) in copies {
                problems.push(self.set_copy_aside(&copy, &name));
            }
            if name != own {
                self.move_to_own_name(&game, &name, &own);
            }
            games.push((written, game));
        }
        games.sort_by_key(|g| std::cmp::Reverse(g.0));
        (games.into_iter().map(|(_, g)| g).collect(), problems)
    }

    /// Moves aside `copy`, a second document of the game read from `kept`
    /// (written later), and says so.
    fn set_copy_aside(&self, copy: &str, kept: &str) -> String {
        let (found, kept) = (self.store.place(copy), self.store.place(kept));
        match self.store.set_aside_as(copy, "copy") {
            Ok(aside) => crate::tr!(
                "Two copies of one game in progress were found, {} and {}: the one written last is kept, and the other was moved aside as {}.",
                kept,
                found,
                aside
            ),
            Err(e) => crate::tr!(
                "Two copies of one game in progress were found, {} and {}: the one written last is kept, and the other could not be moved aside ({}).",
                kept,
                found,
                e
            ),
        }
    }

    /// Writes `game`, read from the document `found`, under its own name
    /// `own`, and removes `found` (left as it is if the write fails: the
    /// next start finds it again).
    fn move_to_own_name<G: KeptGame>(&self, game: &G, found: &str, own: &str) {
        if let Ok(Kept::InProgress(json)) = game.kept()
            && self.store.write(own, json.as_bytes()).is_ok()
        {
            let _ = self.store.remove(found);
        }
    }

    /// Every finished game by its summary, newest first, and what could not
    /// be read (moved aside). Reads one index file and only the records it
    /// does not list; no game is replayed.
    pub fn finished_games(&self) -> (Vec<FinishedSummary>, Vec<String>) {
        let listing = finished_games::list(&*self.store);
        if listing.index_changed {
            // A cache: if it cannot be written, the next start reads the records again.
            let _ = finished_games::write_index(&*self.store, &listing.games);
        }
        let problems = listing
            .unreadable
            .iter()
            .map(|bad| {
                quarantine(
                    &*self.store,
                    &bad.name,
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
        finished_games::open(&*self.store, &game.file).map_err(|reason| {
            let name = finished_games::record_name(&game.file);
            FinishedGameError {
                place: self.store.place(&name),
                set_aside: self.store.set_aside(&name),
                reason,
            }
        })
    }

    /// The data folder itself, when the data is kept in one on disk.
    pub fn root(&self) -> Option<&Path> {
        self.store.folder()
    }

    /// Where records, printed sheets and code pictures are written for the
    /// player when the platform names no place for them: the data folder's
    /// "exports", when there is a data folder.
    pub fn exports_dir(&self) -> Option<PathBuf> {
        self.root().map(|root| root.join("exports"))
    }

    /// The settings, or the defaults (with a message when the file was bad).
    pub fn settings(&self) -> (Settings, Option<String>) {
        let bad = |reason: &str| {
            let notice = quarantine(&*self.store, SETTINGS, &crate::tr!("the settings"), reason);
            (Settings::default(), Some(notice))
        };
        match self.store.read(SETTINGS, document_caps::SETTINGS) {
            Ok(None) => (Settings::default(), None),
            Err(e) => (
                Settings::default(),
                Some(crate::tr!("the settings could not be read: {}", e)),
            ),
            Ok(Some(bytes)) => match serde_json::from_slice::<Settings>(&bytes) {
                Ok(s)
                    if s.format == SETTINGS_FORMAT
                        && ["modern", "classic"].contains(&s.numbering.as_str()) =>
                {
                    (s, None)
                }
                Ok(s) if s.format != SETTINGS_FORMAT => bad(&crate::tr!(
                    "it has format {}, and this app reads format {}",
                    s.format,
                    SETTINGS_FORMAT
                )),
                Ok(s) => bad(&crate::tr!("\"{}\" is not a rank numbering", s.numbering)),
                Err(e) => bad(&e.to_string()),
            },
        }
    }

    pub fn save_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        let text = serde_json::to_string_pretty(settings)?;
        self.store
            .write(SETTINGS, text.as_bytes())
            .map_err(StorageError::Settings)
    }

    /// Saves the Stratego go go referee's match (one at a time).
    pub fn save_referee(&self, session: &RefereeCompanion) -> Result<(), StorageError> {
        let text = serde_json::to_string(&session.to_saved())?;
        self.store
            .write(REFEREE, text.as_bytes())
            .map_err(StorageError::Referee)
    }

    /// Forgets the referee's match (it ended, or the referee deleted it).
    pub fn delete_referee(&self) -> Result<(), StorageError> {
        self.remove(REFEREE)
    }

    /// The referee's match in progress, if one was saved; a file that cannot
    /// be read is moved aside and reported.
    pub fn referee(&self, rules: &Arc<LiveRules>) -> (Option<RefereeCompanion>, Option<String>) {
        let bytes = match self.store.read(REFEREE, document_caps::REFEREE_MATCH) {
            Ok(None) => return (None, None),
            Err(e) => {
                return (
                    None,
                    Some(crate::tr!("the referee's match could not be read: {}", e)),
                );
            }
            Ok(Some(bytes)) => bytes,
        };
        let read = serde_json::from_slice::<SavedReferee>(&bytes)
            .map_err(SavedRefereeError::from)
            .and_then(|saved| RefereeCompanion::from_saved(Arc::clone(rules), saved));
        match read {
            Ok(session) => (Some(session), None),
            Err(reason) => (
                None,
                Some(quarantine(
                    &*self.store,
                    REFEREE,
                    &crate::tr!("the referee's match"),
                    &reason.to_string(),
                )),
            ),
        }
    }

    /// Removes the document `name`; one that is not there is fine.
    fn remove(&self, name: &str) -> Result<(), StorageError> {
        self.store
            .remove(name)
            .map_err(|source| StorageError::File {
                place: self.store.place(name),
                source,
            })
    }
}
