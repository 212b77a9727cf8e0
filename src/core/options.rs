//! Rule switches chosen for one game, within what the variant offers.

use super::variant::Variant;
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

/// The switches of one game. `check_army: false` is for free-army records
/// (Gravon "classicfree"): any composition, classic rules otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    pub two_squares: TwoSquares,
    #[serde(default)]
    pub aggressor_advantage: bool,
    #[serde(default)]
    pub silent_defense: bool,
    #[serde(default)]
    pub rescue: bool,
    #[serde(default = "yes")]
    pub check_army: bool,
}

fn yes() -> bool {
    true
}

impl GameOptions {
    /// The variant's defaults.
    pub fn defaults(variant: &Variant) -> GameOptions {
        let rules = &variant.rules;
        GameOptions {
            two_squares: rules.two_squares_default,
            aggressor_advantage: rules.aggressor_advantage.default,
            silent_defense: rules.silent_defense.default,
            rescue: rules.rescue.default,
            check_army: true,
        }
    }

    /// Every switch that the variant does not offer, in words.
    pub fn problems(&self, variant: &Variant) -> Vec<String> {
        let rules = &variant.rules;
        let mut problems = Vec::new();
        if !rules.two_squares_choices.contains(&self.two_squares) {
            problems.push(format!(
                "{} does not offer the two-squares setting \"{}\"",
                variant.name, self.two_squares
            ));
        }
        let switches = [
            (
                self.aggressor_advantage,
                rules.aggressor_advantage.offered,
                "Aggressor Advantage",
            ),
            (
                self.silent_defense,
                rules.silent_defense.offered,
                "Silent Defense",
            ),
            (self.rescue, rules.rescue.offered, "Rescue"),
        ];
        for (on, offered, name) in switches {
            if on && !offered {
                problems.push(format!("{} does not offer the option {name}", variant.name));
            }
        }
        problems
    }
}
