//! Services over the rules core, with no UI: a game session on one device
//! (`pass_and_play`: deals, setups, hand-offs, turns, the computer in solo
//! play), the setup editor's draft and the setup library, computer players
//! (`ai`), two-device play by codes (`link`), codes in the newest photos
//! (`photos`), storage of games in progress, finished games and settings, and
//! the referee's companion for Stratego go go (`referee`, its clocks in
//! `referee_clock`, their beeps in `signals`), print-and-play sheets as PDF
//! (`print`), how the props look on screen and paper (`looks`), and a bot for
//! the UCC 2012 competition's manager (`ucc`).

pub mod ai;
pub mod clock_signals;
pub mod game;
pub mod game_error;
pub mod games;
pub mod link;
pub mod pass_and_play;
pub mod photos;
pub mod piecepack_looks;
pub mod print;
pub mod referee;
pub mod referee_clock;
pub mod saved;
pub mod setup_draft;
pub mod setup_library;
pub mod stage;
pub mod storage;
pub mod ucc;

pub use game::GameSession;
pub use game_error::GameError;
pub use pass_and_play::PassAndPlay;
pub use setup_draft::SetupDraft;
pub use setup_library::SetupLibrary;
pub use stage::{Stage, Step};
pub use storage::Storage;
