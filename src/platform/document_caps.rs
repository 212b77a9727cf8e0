//! The most each kind of document in the data folder is read to. A
//! document larger than its kind's cap is refused unread and set aside, so
//! no document can cost more memory than its cap allows: JSON of millions
//! of tiny strings grows about tenfold when read, and a 64 MB one cost
//! 486 MB at the start (issue 77). Each cap is several times the largest
//! real document of its kind (BENCHMARKS.md, "What a document can cost").

/// Settings: a few hundred bytes.
pub const SETTINGS: u64 = 64 << 10;

/// The setup library: about 2.5 kB a setup, so some 800 setups.
pub const SETUP_LIBRARY: u64 = 2 << 20;

/// What the computer learned of the player's setups: a full memory (50
/// games of every variant) is a few hundred kB.
pub const REMEMBERED_SETUPS: u64 = 2 << 20;

/// The lessons done: a list of short names.
pub const LESSON_PROGRESS: u64 = 64 << 10;

/// The referee's match: a few kB.
pub const REFEREE_MATCH: u64 = 256 << 10;

/// A game in progress on this device, or a finished game's record: about
/// 18 bytes a ply, so some 115,000 plies (the longest of Gravon's 14,956
/// games has 1,879).
pub const GAME: u64 = 2 << 20;

/// A two-device game in progress: every code read and action played,
/// about 60 bytes a ply, so some 35,000 plies.
pub const TWO_DEVICE_GAME: u64 = 2 << 20;

/// The finished games' index: about 100 bytes a game, so some 80,000
/// finished games.
pub const FINISHED_INDEX: u64 = 8 << 20;
