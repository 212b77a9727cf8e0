//! What the computer remembers of the person playing it, when the setting
//! "The computer learns my setups" is on: where their pieces were revealed
//! in finished solo games (`ai::setup_memory`), kept in one JSON file in
//! the data folder and forgotten with one tap. Writes are atomic; a damaged
//! file is moved aside and the memory starts empty.

use crate::ai::setup_memory::{SetupMemory, StartSquares};
use crate::core::view::PlayerView;
use crate::platform::bounded_read::FileRefused;
use crate::store::data_store::Document;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

const FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
struct MemoryFile {
    format: u32,
    memory: SetupMemory,
}

/// Why what the computer learned could not be read (the file is moved
/// aside and the memory starts empty), saved or forgotten.
#[derive(Debug, thiserror::Error)]
pub enum RememberedSetupsError {
    /// The memory's file could not be read.
    Read(#[source] FileRefused),
    /// The file is not what the computer learned.
    Json(#[source] serde_json::Error),
    /// A memory in a form this app does not read.
    Format { found: u32 },
    /// The memory could not be put into JSON.
    Encode(#[source] serde_json::Error),
    /// The memory's file could not be written.
    Save {
        place: String,
        #[source]
        source: std::io::Error,
    },
    /// The memory's file could not be removed.
    Forget {
        place: String,
        #[source]
        source: std::io::Error,
    },
}

impl std::fmt::Display for RememberedSetupsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            RememberedSetupsError::Read(e) => e.to_string(),
            RememberedSetupsError::Json(e) | RememberedSetupsError::Encode(e) => e.to_string(),
            RememberedSetupsError::Format { found } => crate::tr!(
                "it has format {}, and this app reads format {}",
                found,
                FORMAT
            ),
            RememberedSetupsError::Save { source, .. } => crate::tr!(
                "what the computer learned of your setups could not be saved: {}",
                source
            ),
            RememberedSetupsError::Forget { source, .. } => crate::tr!(
                "what the computer learned could not be forgotten: {}",
                source
            ),
        };
        f.write_str(&text)
    }
}

/// The remembered setups of the person playing, and where they are kept.
#[derive(Debug, Default)]
pub struct RememberedSetups {
    /// None: kept in memory only (tests, screenshots).
    document: Option<Document>,
    /// Shared with the computer's worker thread while it thinks.
    memory: Arc<SetupMemory>,
}

impl RememberedSetups {
    /// The memory kept in `document`; a missing one is an empty memory, a
    /// damaged one is moved aside (so nothing overwrites it) and reported.
    pub fn open(document: Document) -> (RememberedSetups, Option<String>) {
        let mut remembered = RememberedSetups {
            document: Some(document.clone()),
            memory: Arc::default(),
        };
        let problem = match document.read(crate::platform::document_caps::REMEMBERED_SETUPS) {
            Ok(None) => return (remembered, None),
            Err(e) => RememberedSetupsError::Read(e),
            Ok(Some(bytes)) => match serde_json::from_slice::<MemoryFile>(&bytes) {
                Ok(file) if file.format == FORMAT => {
                    remembered.memory = Arc::new(file.memory);
                    return (remembered, None);
                }
                Ok(file) => RememberedSetupsError::Format { found: file.format },
                Err(e) => RememberedSetupsError::Json(e),
            },
        };
        let what = crate::tr!("what the computer learned of your setups");
        (
            remembered,
            Some(document.quarantine(&what, &problem.to_string())),
        )
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
    pub fn learn(
        &mut self,
        first: &PlayerView,
        last: &PlayerView,
    ) -> Result<(), RememberedSetupsError> {
        Arc::make_mut(&mut self.memory).learn(&StartSquares::of(first), last);
        self.write()
    }

    /// Forgets everything, file and all.
    pub fn forget(&mut self) -> Result<(), RememberedSetupsError> {
        self.memory = Arc::default();
        match &self.document {
            Some(document) => document
                .remove()
                .map_err(|source| RememberedSetupsError::Forget {
                    place: document.place(),
                    source,
                }),
            None => Ok(()),
        }
    }

    fn write(&self) -> Result<(), RememberedSetupsError> {
        let Some(document) = &self.document else {
            return Ok(());
        };
        let file = MemoryFile {
            format: FORMAT,
            memory: (*self.memory).clone(),
        };
        let text = serde_json::to_vec(&file).map_err(RememberedSetupsError::Encode)?;
        document
            .write(&text)
            .map_err(|source| RememberedSetupsError::Save {
                place: document.place(),
                source,
            })
    }
}
