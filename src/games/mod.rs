//! The games on this device, each reached through one interface,
//! `DeviceGame` (`device_game`; with its `stage` and `game_error`), and
//! held as a `GameOnDevice` (`game`): a game played on this device
//! (`pass_and_play`: deals, setups, hand-offs, turns, the computer's in
//! solo play, `computer`) or against another device (`two_device_game`,
//! over the protocol in `crate::link`). Each kind implements the interface
//! in its folder's `device_game.rs`.
//! `shelf` holds this device's games (the one on show, the others in
//! progress, the finished ones), saves them after every change and plays the
//! computer's turns; `saved` is the formats a game is saved in. Also the
//! setup editor's draft (`setup_draft`) and a game handed to another device
//! (`handover`).

pub mod computer;
pub mod device_game;
pub mod game;
pub mod game_error;
pub mod handover;
pub mod pass_and_play;
pub mod players;
pub mod saved;
pub mod setup_draft;
pub mod shelf;
pub mod stage;
pub mod two_device_game;

pub use computer::Computer;
pub use device_game::{BattleOnShow, DeviceGame, HandOffs};
pub use game::GameOnDevice;
pub use game::kept::KeepsGames;
pub use game_error::GameError;
pub use pass_and_play::PassAndPlay;
pub use setup_draft::SetupDraft;
pub use stage::{Stage, Step};
pub use two_device_game::{LINKED_FORMAT, SavedLinked, TwoDeviceGame};
