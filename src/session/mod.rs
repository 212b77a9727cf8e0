//! Session-level services over the rules core: a pass-and-play game's flow,
//! the setup editor's draft, and the setup library. No UI here.

pub mod ai;
pub mod link;
pub mod pass_and_play;
pub mod photos;
pub mod saved;
pub mod setup_draft;
pub mod setup_library;
pub mod storage;

pub use pass_and_play::{PassAndPlay, Stage};
pub use setup_draft::SetupDraft;
pub use setup_library::SetupLibrary;
pub use storage::Storage;
