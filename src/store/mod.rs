//! What the app keeps: games in progress, finished games (listed by
//! `finished_games`), settings (with the `text_size`), the referee's match,
//! the setup library, the setups the computer remembers and the lessons
//! done (`lesson_progress`), all through `storage` into a `data_store` (the
//! data folder on disk or, in tests and the browser, a store of their own); `storage_error` says why something
//! could not be kept or read. Each kind of game says how it is kept
//! (`kept::KeptGame`, implemented in `crate::games`): the store knows no kind
//! of game.

pub mod data_store;
pub mod finished_games;
pub mod game_key;
pub mod kept;
pub mod lesson_progress;
pub mod remembered_setups;
pub mod setup_library;
pub mod storage;
pub mod storage_error;
pub mod text_size;

pub use data_store::{DataStore, Listed, MemoryStore};
pub use game_key::GameKey;
pub use setup_library::SetupLibrary;
pub use storage::Storage;
