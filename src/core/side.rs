//! The two players. Red sets up on rows 1.. and moves first.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    pub fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// 0 for Red, 1 for Blue: for per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side's English name: its identity in files and record texts
    /// ("resign red"). Players see `Display`, which is translated.
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::Blue => "Blue",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // In the player's language; `name` stays English for files.
        f.write_str(&match self {
            Side::Red => crate::tr!("Red"),
            Side::Blue => crate::tr!("Blue"),
        })
    }
}
