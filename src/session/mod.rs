//! Services over the rules core, with no UI. Every game on this device is
//! reached through one interface, `game::GameSession` (with its `stage` and
//! `game_error`): a game on this device (`pass_and_play`: deals, setups,
//! hand-offs, turns, the computer in solo play) or against another device
//! (`link`: two-device play by codes). `games` holds this device's games
//! and saves them (`storage`, in the formats of `saved`, into a
//! `data_store`: the data folder, or memory in tests; the finished ones
//! listed by `finished_games`).
//!
//! Also: the setup editor's draft and the setup library; computer players
//! (`ai`) and where they think (`thinking`: at once, on a thread or in a
//! browser's worker); codes from the newest photos (`photos`), a camera
//! (`camera`) or a platform's clipboard (`clipboard`); the referee's
//! companion for Stratego go go (`referee`, its clocks in `referee_clock`,
//! their beeps in `clock_signals`); the clock for games at the table
//! (`table_clock`, reading time from `time_source`); print-and-play sheets
//! as PDF (`print`); how the piecepack props look on screen and paper
//! (`piecepack_looks`); and a bot for the UCC 2012 competition's manager
//! (`ucc`).

pub mod ai;
pub mod bounded_read;
pub mod camera;
pub mod clipboard;
pub mod clock_signals;
pub mod data_store;
pub mod document_caps;
pub mod exports;
pub mod files;
pub mod finished_games;
pub mod game;
pub mod game_error;
pub mod games;
pub mod handover;
pub mod hint;
pub mod link;
pub mod page;
pub mod pass_and_play;
pub mod photos;
pub mod piecepack_looks;
pub mod print;
pub mod referee;
pub mod referee_clock;
pub mod remembered_setups;
pub mod saved;
pub mod setup_draft;
pub mod setup_library;
pub mod share;
pub mod stage;
pub mod storage;
pub mod storage_error;
pub mod table_clock;
pub mod text_size;
pub mod thinking;
pub mod time_source;
pub mod ucc;

pub use game::GameSession;
pub use game_error::GameError;
pub use pass_and_play::PassAndPlay;
pub use setup_draft::SetupDraft;
pub use setup_library::SetupLibrary;
pub use stage::{Stage, Step};
pub use storage::Storage;
