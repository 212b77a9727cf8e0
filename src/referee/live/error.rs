//! Why the referee's match refused an event, and what is wrong with a
//! match's numbers. Team and role names are kept as the match and the rules
//! file write them, and translated when shown; the words are in the
//! player's language (`tr!`), made where the message is shown.

use super::Team;
use crate::i18n::translate;
use std::fmt;

/// Why an event of the match was refused; the match is unchanged. `team`
/// and `role` are names as the match settings and the rules file give them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    /// The round has ended: nothing more happens in it.
    RoundOver { round: u8 },
    /// The team has as many players on the field as the match allows.
    FieldFull { team: String, on_field: u8 },
    /// Every card of the team is on the field or lost.
    NoCardAtBase { team: String },
    /// The team has nobody on the field to challenge, be challenged or
    /// take the flag.
    NobodyOnField { team: String },
    /// A challenge names a role the team lost every card of this round.
    RoleLost { team: String, role: String },
    /// The flag is claimed with a role the team has no card of this round.
    NoRoleLeft { team: String, role: String },
    /// The rules let this role challenge no one (a Trap).
    CannotChallenge { role: String },
    /// The rules do not let this role take the flag (a Trap).
    MayNotTakeFlag { role: String },
    /// The next round was asked for while this one is played.
    RoundNotOver { round: u8 },
    /// The next round was asked for after the last.
    MatchOver,
    /// A cluster was started with no player of one team.
    ClusterOneSided,
    /// A cluster counts more players of `team` than it has on the field.
    ClusterTooBig { team: String, on_field: u8 },
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            RefereeError::RoundOver { round } => crate::tr!("round {} is over", round),
            RefereeError::FieldFull { team, on_field } => crate::tr!(
                "{} already has {} players on the field, the limit",
                translate(team),
                on_field
            ),
            RefereeError::NoCardAtBase { team } => {
                crate::tr!("{} has no card left at the base", translate(team))
            }
            RefereeError::NobodyOnField { team } => {
                crate::tr!("{} has no player on the field", translate(team))
            }
            RefereeError::RoleLost { team, role } => crate::tr!(
                "{} has no {} left: every one was lost this round",
                translate(team),
                translate(role)
            ),
            RefereeError::NoRoleLeft { team, role } => crate::tr!(
                "{} has no {} left this round",
                translate(team),
                translate(role)
            ),
            RefereeError::CannotChallenge { role } => {
                crate::tr!("A {} cannot challenge.", translate(role))
            }
            RefereeError::MayNotTakeFlag { role } => crate::tr!(
                "a {} may not take the flag: the round goes on",
                translate(role)
            ),
            RefereeError::RoundNotOver { round } => {
                crate::tr!("round {} is still being played", round)
            }
            RefereeError::MatchOver => crate::tr!("every round has been played"),
            RefereeError::ClusterOneSided => crate::tr!("a cluster needs players of both teams"),
            RefereeError::ClusterTooBig { team, on_field } => crate::tr!(
                "{} has only {} players on the field",
                translate(team),
                on_field
            ),
        };
        f.write_str(&text)
    }
}

/// What is wrong with a match's numbers (`MatchSettings::problems`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsProblem {
    /// This team's name is empty.
    Unnamed(Team),
    /// Both teams have the same name.
    SameNames,
    /// Both teams wear the same colour.
    SameColours,
    /// Rounds in a match: from 1 to 9.
    Rounds(u8),
    /// Minutes a round: from 1 to 120.
    RoundMinutes(u16),
    /// Players of a team on the field at once: from 1 to 30.
    FieldLimit(u8),
    /// Seconds between steps: more than the countdown (`least` is the
    /// fewest allowed), at most 60.
    StepSeconds { seconds: u8, least: u8 },
}

impl fmt::Display for SettingsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            SettingsProblem::Unnamed(_) => crate::tr!("each team needs a name"),
            SettingsProblem::SameNames => crate::tr!("the two teams need different names"),
            SettingsProblem::SameColours => crate::tr!("the two teams need different colours"),
            SettingsProblem::Rounds(rounds) => crate::tr!("{} rounds: from 1 to 9", rounds),
            SettingsProblem::RoundMinutes(minutes) => {
                crate::tr!("{} minutes a round: from 1 to 120", minutes)
            }
            SettingsProblem::FieldLimit(limit) => {
                crate::tr!("{} players on the field: from 1 to 30", limit)
            }
            SettingsProblem::StepSeconds { seconds, least } => {
                crate::tr!("a step every {} seconds: from {} to 60", seconds, least)
            }
        };
        f.write_str(&text)
    }
}
