//! Board coordinates: columns a.. from Red's left, rows 1.. from Red's side.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The largest board side the engine supports (columns a..p).
pub const MAX_BOARD_SIDE: u8 = 16;

/// A square by zero-based column and row; `Square::new(4, 3)` is "e4".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }

    /// Steps between two squares along rows and columns (1 for neighbours).
    pub fn distance(self, other: Square) -> u32 {
        u32::from(self.col.abs_diff(other.col)) + u32::from(self.row.abs_diff(other.row))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row as u32 + 1)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tr!(
            "\"{}\" is not a square name (a column letter a-p then a row number, like e4)",
            self.0
        ))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        if !('a'..='p').contains(&letter) {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: u8 = digits.parse().map_err(|_| err())?;
        if row == 0 || row > MAX_BOARD_SIDE {
            return Err(err());
        }
        Ok(Square::new(letter as u8 - b'a', row - 1))
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for col in 0..MAX_BOARD_SIDE {
            for row in 0..MAX_BOARD_SIDE {
                let sq = Square::new(col, row);
                assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            }
        }
        assert_eq!(Square::new(4, 3).to_string(), "e4");
        assert_eq!("a10".parse::<Square>().unwrap(), Square::new(0, 9));
    }

    #[test]
    fn rejects_bad_names() {
        for bad in ["", "e", "e0", "z4", "e17", "4e", "e4x", "e-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} parsed");
        }
    }
}
