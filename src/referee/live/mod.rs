//! The referee's rules for Stratego go go (seed 000), the live-action game:
//! the rules as data (`rules`), one team's cards (`deck`), a match of rounds
//! (`game`) and why it refuses an event (`error`), the multi-way combat
//! helper (`cluster`) and the rules in words for the referee's sheet
//! (`text`). Pure: the clock, saving and the screens
//! are above.

pub mod cluster;
pub mod deck;
pub mod error;
pub mod game;
pub mod rules;
pub mod text;

pub use error::{RefereeError, SettingsProblem};
pub use game::{ChallengeVerdict, LiveMatch, MatchSettings, RoundEnd};
pub use rules::{Challenge, LiveRules, Role, RoleId, RoleSpecial, TeamLook};

use serde::{Deserialize, Serialize};

/// One of the two teams, in the rules file's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Team {
    First,
    Second,
}

impl Team {
    pub const BOTH: [Team; 2] = [Team::First, Team::Second];

    pub fn index(self) -> usize {
        match self {
            Team::First => 0,
            Team::Second => 1,
        }
    }

    pub fn other(self) -> Team {
        match self {
            Team::First => Team::Second,
            Team::Second => Team::First,
        }
    }
}
