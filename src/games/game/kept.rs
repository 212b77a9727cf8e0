//! How each kind of game is kept in the data folder (`KeptGame`, the
//! store's trait, for a game on this device and a two-device game), and
//! games of either kind kept in a `Storage` (`KeepsGames`).

use crate::core::record::{ComputerRecord, GameRecord};
use crate::games::DeviceGame;
use crate::games::GameOnDevice;
use crate::games::pass_and_play::PassAndPlay;
use crate::games::saved::{LoadError, SavedPassAndPlay};
use crate::games::stage::Stage;
use crate::games::{SavedLinked, TwoDeviceGame};
use crate::store::Storage;
use crate::store::kept::{Kept, KeptGame, Unreadable};
use crate::store::storage_error::StorageError;
use std::path::Path;

impl KeptGame for PassAndPlay {
    const FOLDER: &'static str = "";
    const CAP: u64 = crate::platform::document_caps::GAME;
    type LoadError = LoadError;

    /// Its mode, variant and the time it began ("solo-classic-1795919698475.json"),
    /// or its mode and variant alone for a game saved before games were dated.
    fn file_name(&self) -> String {
        file_name_of(&self.to_saved())
    }

    fn kept(&self) -> Result<Kept, serde_json::Error> {
        if self.is_over() {
            let record = self.game().map(|game| {
                let mut record = GameRecord::from_game(game);
                record.computer = self.computer().map(|c| ComputerRecord {
                    side: c.side,
                    level: c.level.name().to_string(),
                });
                Box::new(record)
            });
            return Ok(Kept::Over(record));
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
        let saved: SavedPassAndPlay =
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
pub fn file_name_of(saved: &SavedPassAndPlay) -> String {
    match saved.started {
        Some(started) => format!("{}-{}-{started}.json", saved.mode, saved.variant),
        None => format!("{}-{}.json", saved.mode, saved.variant),
    }
}

impl KeptGame for TwoDeviceGame {
    const FOLDER: &'static str = "linked";
    const CAP: u64 = crate::platform::document_caps::TWO_DEVICE_GAME;
    type LoadError = LoadError;

    /// Its game's id and this device's side ("game-0badf00d-red.json").
    fn file_name(&self) -> String {
        let side = self.side().name().to_lowercase();
        format!("game-{:08x}-{side}.json", self.game_id())
    }

    /// Once over, only a verified game has a record.
    fn kept(&self) -> Result<Kept, serde_json::Error> {
        if self.stage() == Stage::Over {
            return Ok(Kept::Over(
                self.game()
                    .and_then(|g| g.finished_game())
                    .map(|game| Box::new(GameRecord::from_game(&game))),
            ));
        }
        serde_json::to_string(&self.to_saved()).map(Kept::InProgress)
    }

    fn write_error(&self, source: std::io::Error) -> StorageError {
        StorageError::TwoDevices(source)
    }

    fn read(bytes: &[u8]) -> Result<TwoDeviceGame, LoadError> {
        let saved: SavedLinked =
            serde_json::from_slice(bytes).map_err(|e| LoadError::Unreadable(e.to_string()))?;
        TwoDeviceGame::from_saved(&saved)
    }

    fn unreadable(_stem: &str) -> String {
        crate::tr!("a saved two-device game")
    }
}

/// Games of either kind kept in a `Storage`.
pub trait KeepsGames {
    /// Saves a game of any kind: in progress, or, once over, as a finished
    /// game (and the in-progress file goes).
    fn save_game(&self, game: &GameOnDevice) -> Result<(), StorageError>;

    /// Deletes a game in progress (the player gave it up).
    fn delete_game(&self, game: &GameOnDevice) -> Result<(), StorageError>;

    /// Every game in progress, and what could not be read: the games on
    /// this device (newest first), then the two-device games (newest first).
    fn games_in_progress(&self) -> (Vec<GameOnDevice>, Vec<String>);
}

impl KeepsGames for Storage {
    fn save_game(&self, game: &GameOnDevice) -> Result<(), StorageError> {
        match game {
            GameOnDevice::OneDevice(session) => self.save(session),
            GameOnDevice::TwoDevices(session) => self.save(session),
        }
    }

    fn delete_game(&self, game: &GameOnDevice) -> Result<(), StorageError> {
        match game {
            GameOnDevice::OneDevice(session) => self.delete(session),
            GameOnDevice::TwoDevices(session) => self.delete(session),
        }
    }

    fn games_in_progress(&self) -> (Vec<GameOnDevice>, Vec<String>) {
        let (one_device, mut problems) = self.in_progress::<PassAndPlay>();
        let (two_devices, more) = self.in_progress::<TwoDeviceGame>();
        problems.extend(more);
        let games = one_device
            .into_iter()
            .map(GameOnDevice::OneDevice)
            .chain(two_devices.into_iter().map(GameOnDevice::TwoDevices))
            .collect();
        (games, problems)
    }
}

/// Reads a game in progress from a file, replaying it through the rules
/// (the autoplay tool reads the games it saved).
pub fn read_pass_and_play(path: &Path) -> Result<PassAndPlay, LoadError> {
    let bytes =
        crate::platform::bounded_read::read_capped(path, crate::platform::document_caps::GAME)
            .map_err(|e| LoadError::from(Unreadable(e.to_string())))?;
    PassAndPlay::read(&bytes)
}
