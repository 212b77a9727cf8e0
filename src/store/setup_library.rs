//! Named setups per variant, kept in one JSON document of the data store.
//! Writes are atomic, so a killed app leaves either the old library or the
//! new one.

use crate::core::piece::Piece;
use crate::core::setup::{Placement, Setup};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Variant;
use crate::platform::bounded_read::FileRefused;
use crate::platform::document_caps;
use crate::store::data_store::Document;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 2 adds the setups of named players (`players`); format 1's setups are
/// this device's player's. Both are read.
const FORMAT: u32 = 2;

/// Who a saved setup belongs to, and so whose setup screen offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupOwner {
    /// The person this device belongs to: setups saved in a game with one
    /// player on this device (against the computer, or another device).
    ThisDevice,
    /// A player named at the start of a pass-and-play game: on a shared
    /// device, each player's setups are their own.
    Player(String),
}

impl SetupOwner {
    /// The library's key for a named player: the name as typed, trimmed,
    /// in lower case ("Alice" and "alice " are one player).
    fn key(name: &str) -> String {
        name.trim().to_lowercase()
    }
}

/// Why the setup library could not be read (the file is moved aside), or a
/// setup could not be saved in it (the library in memory keeps it; the
/// file keeps the last good library).
#[derive(Debug, thiserror::Error)]
pub enum SetupLibraryError {
    /// The library's file could not be read.
    Read(#[source] FileRefused),
    /// The file is not a setup library.
    Json(#[source] serde_json::Error),
    /// A library in a form this app does not read.
    Format { found: u32 },
    /// A setup is saved under a name; this one had none.
    NoName,
    /// The library could not be put into JSON.
    Encode(#[source] serde_json::Error),
    /// The library's file could not be written.
    Write {
        place: String,
        #[source]
        source: std::io::Error,
    },
}

impl std::fmt::Display for SetupLibraryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            SetupLibraryError::Read(e) => e.to_string(),
            SetupLibraryError::Json(e) | SetupLibraryError::Encode(e) => e.to_string(),
            SetupLibraryError::Format { found } => crate::tr!(
                "it has format {}, and this app reads format {}",
                found,
                FORMAT
            ),
            SetupLibraryError::NoName => crate::tr!("give the setup a name"),
            SetupLibraryError::Write { source, .. } => {
                crate::tr!("the setup could not be saved: {}", source)
            }
        };
        f.write_str(&text)
    }
}

/// variant id -> setup name -> placements, always seen from Red's side.
type Shelf = BTreeMap<String, BTreeMap<String, Vec<SavedPlacement>>>;

#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct LibraryFile {
    format: u32,
    /// This device's player's setups.
    setups: Shelf,
    /// Named players' setups, by `SetupOwner::key`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    players: BTreeMap<String, Shelf>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct SavedPlacement {
    square: Square,
    piece: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    suit: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    flipped: bool,
}

#[derive(Debug)]
pub struct SetupLibrary {
    /// None: kept in memory only (tests, screenshots).
    document: Option<Document>,
    file: LibraryFile,
}

impl SetupLibrary {
    /// A library that lives only in memory (tests, screenshots).
    pub fn in_memory() -> SetupLibrary {
        SetupLibrary {
            document: None,
            file: LibraryFile {
                format: FORMAT,
                ..Default::default()
            },
        }
    }

    /// Opens the library kept in `document`; a missing one is an empty
    /// library, a damaged one is moved aside (so nothing overwrites it) and
    /// reported.
    pub fn open(document: Document) -> (SetupLibrary, Option<String>) {
        let mut library = SetupLibrary {
            document: Some(document.clone()),
            file: LibraryFile {
                format: FORMAT,
                ..Default::default()
            },
        };
        let problem = match document.read(document_caps::SETUP_LIBRARY) {
            Ok(None) => return (library, None),
            Err(e) => SetupLibraryError::Read(e),
            Ok(Some(bytes)) => match serde_json::from_slice::<LibraryFile>(&bytes) {
                Ok(file) if file.format == 1 || file.format == FORMAT => {
                    library.file = LibraryFile {
                        format: FORMAT,
                        ..file
                    };
                    return (library, None);
                }
                Ok(file) => SetupLibraryError::Format { found: file.format },
                Err(e) => SetupLibraryError::Json(e),
            },
        };
        (
            library,
            Some(document.quarantine(&crate::tr!("the setup library"), &problem.to_string())),
        )
    }

    /// The shelf of `owner`'s setups, if it has one yet.
    fn shelf(&self, owner: &SetupOwner) -> Option<&Shelf> {
        match owner {
            SetupOwner::ThisDevice => Some(&self.file.setups),
            SetupOwner::Player(name) => self.file.players.get(&SetupOwner::key(name)),
        }
    }

    /// Names of `owner`'s saved setups for a variant (no one else's).
    pub fn names(&self, variant: &Variant, owner: &SetupOwner) -> Vec<String> {
        self.shelf(owner)
            .and_then(|shelf| shelf.get(&variant.id))
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Saves a setup as `owner`'s under a name (replacing one of the same
    /// name of theirs).
    pub fn save(
        &mut self,
        variant: &Variant,
        owner: &SetupOwner,
        name: &str,
        setup: &Setup,
    ) -> Result<(), SetupLibraryError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(SetupLibraryError::NoName);
        }
        let placements = setup
            .placements
            .iter()
            .map(|p| SavedPlacement {
                square: as_red(variant, setup.side, p.square),
                piece: variant.kind(p.piece.kind).key.clone(),
                suit: p.piece.suit.map(|s| variant.suit(s).key.clone()),
                flipped: p.piece.flipped,
            })
            .collect();
        let shelf = match owner {
            SetupOwner::ThisDevice => &mut self.file.setups,
            SetupOwner::Player(player) => self
                .file
                .players
                .entry(SetupOwner::key(player))
                .or_default(),
        };
        shelf
            .entry(variant.id.clone())
            .or_default()
            .insert(name.to_string(), placements);
        self.write()
    }

    /// `owner`'s setup called `name` for `side` (a setup saved by either
    /// side fits both).
    pub fn load(
        &self,
        variant: &Variant,
        owner: &SetupOwner,
        name: &str,
        side: Side,
    ) -> Option<Setup> {
        let saved = self.shelf(owner)?.get(&variant.id)?.get(name)?;
        let mut placements = Vec::new();
        for p in saved {
            let Some(kind) = variant.kind_by_key(&p.piece) else {
                continue;
            };
            let suit = match &p.suit {
                None => None,
                // Suits belong to a side: map a saved suit to the same place among this side's suits.
                Some(key) => {
                    let saved_suit = variant.suit_by_key(key)?;
                    let saved_side = variant.suit(saved_suit).side;
                    let index = variant.suits_of(saved_side).position(|s| s == saved_suit)?;
                    variant.suits_of(side).nth(index)
                }
            };
            placements.push(Placement {
                square: as_red(variant, side, p.square),
                piece: Piece {
                    kind,
                    suit,
                    flipped: p.flipped,
                },
            });
        }
        Some(Setup { side, placements })
    }

    fn write(&self) -> Result<(), SetupLibraryError> {
        let Some(document) = &self.document else {
            return Ok(());
        };
        let text = serde_json::to_string_pretty(&self.file).map_err(SetupLibraryError::Encode)?;
        document
            .write(text.as_bytes())
            .map_err(|source| SetupLibraryError::Write {
                place: document.place(),
                source,
            })
    }
}

/// Blue's squares mirrored to Red's side (and back: the mirror is its own inverse).
fn as_red(variant: &Variant, side: Side, square: Square) -> Square {
    match side {
        Side::Red => square,
        Side::Blue => Square::new(square.col, variant.board.rows - 1 - square.row),
    }
}
