//! The two-squares rule: its setting (off, or how many moves one piece
//! may make between the same two squares), which a variant offers
//! (`Variant`'s rules) and a game plays (`GameOptions`), files writing it
//! as "off" or the number; and each side's track of its last moves, which
//! says the one move the rule forbids it now.

use super::moves::Move;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The two-squares rule: how many consecutive moves one piece may make
/// between the same two squares (`Limit(3)`: the 4th is illegal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TwoSquares {
    Off,
    Limit(u8),
}

impl TwoSquares {
    /// The setting as a player reads it ("off" translated; `Display` is the file form).
    pub fn label(self) -> String {
        match self {
            TwoSquares::Off => crate::tr!("off"),
            TwoSquares::Limit(n) => n.to_string(),
        }
    }
}

/// One side's last move and how many times in a row one piece has gone
/// back and forth between its two squares, as the position's board
/// indices: what the two-squares rule needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct TwoSquareTrack {
    from: u16,
    to: u16,
    /// Consecutive moves of one piece back and forth between `from` and `to`.
    run: u8,
}

impl TwoSquareTrack {
    /// The side moved from `from` to `to`.
    pub(crate) fn record(&mut self, from: u16, to: u16) {
        self.run = if self.from == to && self.to == from {
            self.run.saturating_add(1)
        } else {
            1
        };
        self.from = from;
        self.to = to;
    }

    /// The move `setting` forbids the side now (back the way it came, once
    /// it has made the limit's moves between the two squares), if any.
    pub(crate) fn forbidden(&self, setting: TwoSquares) -> Option<(u16, u16)> {
        match setting {
            TwoSquares::Limit(limit) if self.run >= limit => Some((self.to, self.from)),
            _ => None,
        }
    }

    /// The side's last move (as board indices) and its run, once it moved.
    pub(crate) fn last(&self) -> Option<((u16, u16), u8)> {
        (self.run > 0).then_some(((self.from, self.to), self.run))
    }
}

/// One side's last move and how many moves in a row (it included) one
/// piece has made back and forth between its two squares: what every
/// player can know of where the two-squares rule stands for that side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoSquareRun {
    pub last: Move,
    pub run: u8,
}

impl fmt::Display for TwoSquares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoSquares::Off => f.write_str("off"),
            TwoSquares::Limit(n) => write!(f, "{n}"),
        }
    }
}

/// A text that is not a two-squares limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a two-squares limit (a number from 1 to 50, or off)")]
pub struct ParseTwoSquaresError(pub String);

impl FromStr for TwoSquares {
    type Err = ParseTwoSquaresError;

    fn from_str(text: &str) -> Result<TwoSquares, ParseTwoSquaresError> {
        match text.trim() {
            "off" => Ok(TwoSquares::Off),
            number => match number.parse::<u8>() {
                Ok(n) if (1..=50).contains(&n) => Ok(TwoSquares::Limit(n)),
                _ => Err(ParseTwoSquaresError(text.to_string())),
            },
        }
    }
}

impl Serialize for TwoSquares {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TwoSquares {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TwoSquares, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}
