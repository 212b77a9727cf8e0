//! The computer opponent of a solo game: the side it plays and its level.

use crate::ai::Level;
use crate::core::side::Side;

/// The computer opponent of a solo game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Computer {
    pub side: Side,
    pub level: Level,
}
