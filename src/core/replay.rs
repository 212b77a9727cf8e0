//! What replaying a game record found: the game as far as the engine
//! followed it, and the verdict on the record (`RecordVerdict`). Both
//! readers, Flagfall's JSON (`check`) and Gravon's XML (`gravon`), give it.

use super::game::Game;

/// What checking one record found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordVerdict {
    Ok,
    /// The record cannot be read or replayed; `move_number` 0 means before the first move.
    Illegal {
        move_number: usize,
        reason: String,
    },
    /// Every move is legal, but the stated ending is not what happened.
    ResultMismatch {
        move_number: usize,
        reason: String,
    },
    /// The file is not a record this app can read (damaged, or of a game it
    /// does not know): no verdict on the game.
    Unreadable {
        reason: String,
    },
    /// The game ended before its first move, while a setup was unfinished,
    /// and the record says so.
    NotStarted {
        reason: String,
    },
}

/// A record replayed as far as the engine agrees with it.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game up to the last action the engine accepted; `None` when the
    /// record could not start.
    pub game: Option<Game>,
    pub verdict: RecordVerdict,
}
