//! Rule switches chosen for one game, within what the variant offers.

// The two-squares setting is one of a game's switches too; it has a module
// of its own because the variants offer it as well.
use super::clock::TimeControl;
pub use super::two_squares::{ParseTwoSquaresError, TwoSquares};
use super::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The quiet-ply draw of one game: the variant's limit, none, or another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QuietPlies {
    /// The variant's `quiet_ply_limit`.
    #[default]
    Variant,
    Off,
    Limit(u32),
}

impl QuietPlies {
    /// The limit in force for a game of `variant`.
    pub fn limit(self, variant: &Variant) -> Option<u32> {
        match self {
            QuietPlies::Variant => variant.rules.quiet_ply_limit,
            QuietPlies::Off => None,
            QuietPlies::Limit(n) => Some(n),
        }
    }

    pub fn is_variant(&self) -> bool {
        *self == QuietPlies::Variant
    }
}

impl fmt::Display for QuietPlies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuietPlies::Variant => f.write_str("variant"),
            QuietPlies::Off => f.write_str("off"),
            QuietPlies::Limit(n) => write!(f, "{n}"),
        }
    }
}

/// A text that is not a quiet-ply limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a quiet-ply limit (a number of plies from 1, off, or variant)")]
pub struct ParseQuietPliesError(pub String);

impl FromStr for QuietPlies {
    type Err = ParseQuietPliesError;

    fn from_str(text: &str) -> Result<QuietPlies, ParseQuietPliesError> {
        match text.trim() {
            "variant" => Ok(QuietPlies::Variant),
            "off" => Ok(QuietPlies::Off),
            number => match number.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(QuietPlies::Limit(n)),
                _ => Err(ParseQuietPliesError(text.to_string())),
            },
        }
    }
}

impl Serialize for QuietPlies {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for QuietPlies {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<QuietPlies, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// When a side that cannot move loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StuckRule {
    /// When its turn comes and it has no legal move (the rule texts).
    #[default]
    OnItsTurn,
    /// As soon as any move leaves it with no piece able to step anywhere,
    /// whoever moved (Gravon's "no move possible"); both at once is a draw.
    AfterAnyMove,
}

impl StuckRule {
    pub fn is_on_its_turn(&self) -> bool {
        *self == StuckRule::OnItsTurn
    }
}

/// A text that is not a stuck rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a stuck rule (on-its-turn or after-any-move)")]
pub struct ParseStuckRuleError(pub String);

impl FromStr for StuckRule {
    type Err = ParseStuckRuleError;

    fn from_str(text: &str) -> Result<StuckRule, ParseStuckRuleError> {
        match text.trim() {
            "on-its-turn" => Ok(StuckRule::OnItsTurn),
            "after-any-move" => Ok(StuckRule::AfterAnyMove),
            _ => Err(ParseStuckRuleError(text.to_string())),
        }
    }
}

/// The switches of one game. `check_army: false` is for free-army records
/// (Gravon "classicfree"): any composition, classic rules otherwise.
/// `quiet_plies` and `stuck` differ from their defaults only when a record
/// is replayed by the rules it was played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    pub two_squares: TwoSquares,
    /// ISF's More-Squares rule against endless chases (`core::chase`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub more_squares: bool,
    #[serde(default)]
    pub aggressor_advantage: bool,
    #[serde(default)]
    pub silent_defense: bool,
    #[serde(default)]
    pub rescue: bool,
    #[serde(default = "yes")]
    pub check_army: bool,
    #[serde(default, skip_serializing_if = "QuietPlies::is_variant")]
    pub quiet_plies: QuietPlies,
    #[serde(default, skip_serializing_if = "StuckRule::is_on_its_turn")]
    pub stuck: StuckRule,
    /// Each side's clock (`core::clock`); none: the game is untimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
}

fn yes() -> bool {
    true
}

fn is_false(value: &bool) -> bool {
    !value
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
            more_squares: rules.more_squares.default,
            check_army: true,
            quiet_plies: QuietPlies::Variant,
            stuck: StuckRule::OnItsTurn,
            time_control: None,
        }
    }

    /// Every switch that the variant does not offer, in words.
    pub fn problems(&self, variant: &Variant) -> Vec<String> {
        let rules = &variant.rules;
        let mut problems = Vec::new();
        if !rules.two_squares_choices.contains(&self.two_squares) {
            problems.push(crate::tr!(
                "{} does not offer the two-squares setting \"{}\"",
                crate::i18n::translate(&variant.name),
                self.two_squares.label()
            ));
        }
        let switches = [
            (
                self.aggressor_advantage,
                rules.aggressor_advantage.offered,
                crate::tr_noop!("Aggressor Advantage"),
            ),
            (
                self.silent_defense,
                rules.silent_defense.offered,
                crate::tr_noop!("Silent Defense"),
            ),
            (self.rescue, rules.rescue.offered, crate::tr_noop!("Rescue")),
            (
                self.more_squares,
                rules.more_squares.offered,
                crate::tr_noop!("More-Squares rule"),
            ),
        ];
        for (on, offered, name) in switches {
            if on && !offered {
                problems.push(crate::tr!(
                    "{} does not offer the option {}",
                    crate::i18n::translate(&variant.name),
                    crate::i18n::translate(name)
                ));
            }
        }
        problems
    }
}
