//! What the computer remembers of the person playing it, when the setting
//! "The computer learns my setups" is on: where their pieces were revealed
//! in finished solo games (`ai::setup_memory`), kept in one JSON file in
//! the data folder and forgotten with one tap. Writes are atomic; a damaged
//! file is moved aside and the memory starts empty.

use super::ai::setup_memory::{SetupMemory, StartSquares};
use super::bounded_read::read_capped;
use super::files::{quarantine, write_atomic};
use crate::core::view::PlayerView;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

const FORMAT: u32 = 1;

/// The largest memory file read (a full one is a few hundred kB).
const LARGEST_FILE: u64 = 8 << 20;

#[derive(Serialize, Deserialize)]
struct MemoryFile {
    format: u32,
    memory: SetupMemory,
}

/// The remembered setups of the person playing, and where they are kept.
#[derive(Debug, Default)]
pub struct RememberedSetups {
    /// None: kept in memory only (tests, screenshots).
    path: Option<PathBuf>,
    /// Shared with the computer's worker thread while it thinks.
    memory: Arc<SetupMemory>,
}

impl RememberedSetups {
    /// The memory kept at `path`; a missing file is an empty memory, a
    /// damaged one is moved aside (so nothing overwrites it) and reported.
    pub fn open(path: PathBuf) -> (RememberedSetups, Option<String>) {
        let mut remembered = RememberedSetups {
            path: Some(path.clone()),
            memory: Arc::default(),
        };
        if !path.exists() {
            return (remembered, None);
        }
        let problem = match read_capped(&path, LARGEST_FILE) {
            Err(e) => e.to_string(),
            Ok(bytes) => match serde_json::from_slice::<MemoryFile>(&bytes) {
                Ok(file) if file.format == FORMAT => {
                    remembered.memory = Arc::new(file.memory);
                    return (remembered, None);
                }
                Ok(file) => crate::tr!(
                    "it has format {}, and this app reads format {}",
                    file.format,
                    FORMAT
                ),
                Err(e) => e.to_string(),
            },
        };
        let what = crate::tr!("what the computer learned of your setups");
        (remembered, Some(quarantine(&path, &what, &problem)))
    }

    /// The memory, to think with.
    pub fn memory(&self) -> Arc<SetupMemory> {
        Arc::clone(&self.memory)
    }

    /// Games remembered, over every variant.
    pub fn games(&self) -> u32 {
        self.memory.total_games()
    }

    /// Remembers a finished game the computer played, from its first and
    /// last views, and writes the file.
    pub fn learn(&mut self, first: &PlayerView, last: &PlayerView) -> Result<(), String> {
        Arc::make_mut(&mut self.memory).learn(&StartSquares::of(first), last);
        self.write()
    }

    /// Forgets everything, file and all.
    pub fn forget(&mut self) -> Result<(), String> {
        self.memory = Arc::default();
        match &self.path {
            Some(path) => match std::fs::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(crate::tr!(
                    "what the computer learned could not be forgotten: {}",
                    e
                )),
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }

    fn write(&self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let file = MemoryFile {
            format: FORMAT,
            memory: (*self.memory).clone(),
        };
        let text = serde_json::to_vec(&file).map_err(|e| e.to_string())?;
        write_atomic(path, &text).map_err(|e| {
            crate::tr!(
                "what the computer learned of your setups could not be saved: {}",
                e
            )
        })
    }
}
