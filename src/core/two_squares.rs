//! The two-squares rule's setting: off, or how many moves one piece may
//! make between the same two squares. A variant offers some (`Variant`'s
//! rules) and a game plays one (`GameOptions`); files write it as "off" or
//! the number.

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

impl fmt::Display for TwoSquares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoSquares::Off => f.write_str("off"),
            TwoSquares::Limit(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for TwoSquares {
    type Err = String;

    fn from_str(text: &str) -> Result<TwoSquares, String> {
        match text.trim() {
            "off" => Ok(TwoSquares::Off),
            number => match number.parse::<u8>() {
                Ok(n) if (1..=50).contains(&n) => Ok(TwoSquares::Limit(n)),
                _ => Err(format!(
                    "\"{text}\" is not a two-squares limit (a number from 1 to 50, or off)"
                )),
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
