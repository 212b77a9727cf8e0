//! Checking recorded games against the engine: a record of either kind
//! (Flagfall's JSON, Gravon's XML) read and replayed, every move legal, and
//! the stated ending the one the engine reaches; rules given for checking
//! go over the record's (`RuleOverrides`).

use super::gravon::{self, GravonRules};
use super::options::{GameOptions, QuietPlies, StuckRule, TwoSquares};
use super::record::{GameRecord, RecordError};
use super::replay::{RecordVerdict, Replay};
use super::variant::builtin_variant;

/// Rules given for checking, over the ones a record was played under.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RuleOverrides {
    pub two_squares: Option<TwoSquares>,
    pub quiet_plies: Option<QuietPlies>,
    pub stuck: Option<StuckRule>,
}

impl RuleOverrides {
    /// `options` with these overrides.
    pub fn apply(&self, options: &mut GameOptions) {
        options.two_squares = self.two_squares.unwrap_or(options.two_squares);
        options.quiet_plies = self.quiet_plies.unwrap_or(options.quiet_plies);
        options.stuck = self.stuck.unwrap_or(options.stuck);
    }

    /// Gravon's rules of a record with these overrides.
    pub fn over(&self, rules: GravonRules) -> GravonRules {
        GravonRules {
            two_squares: self.two_squares.unwrap_or(rules.two_squares),
            // A limit given for checking is the only one.
            two_squares_also: rules
                .two_squares_also
                .filter(|_| self.two_squares.is_none()),
            quiet_plies: self.quiet_plies.unwrap_or(rules.quiet_plies),
            stuck: self.stuck.unwrap_or(rules.stuck),
        }
    }
}

/// Reads and replays a record given as text: Flagfall's JSON (text that
/// starts with `{`), else Gravon's XML, played by Gravon's rules of the month
/// in `file_name` (if any). `overrides` go over either's rules.
pub fn replay_record(text: &str, file_name: Option<&str>, overrides: &RuleOverrides) -> Replay {
    if text.trim_start().starts_with('{') {
        return replay_json_record(text, overrides);
    }
    match gravon::parse(text) {
        Ok(record) => {
            let rules = GravonRules::of_month(file_name.and_then(gravon::month_played));
            gravon::replay(&record, &overrides.over(rules))
        }
        Err(reason) => Replay {
            game: None,
            verdict: RecordVerdict::Unreadable {
                reason: crate::tr!("not a Gravon or Flagfall record: {}", reason),
            },
        },
    }
}

/// Checks one of the project's own JSON records, by the rules it records
/// and `overrides`.
pub fn check_json_record(text: &str, overrides: &RuleOverrides) -> RecordVerdict {
    replay_json_record(text, overrides).verdict
}

fn replay_json_record(text: &str, overrides: &RuleOverrides) -> Replay {
    let unreadable = |reason: String| Replay {
        game: None,
        verdict: RecordVerdict::Unreadable { reason },
    };
    let mut record = match GameRecord::from_json(text) {
        Ok(record) => record,
        Err(e) => return unreadable(e.to_string()),
    };
    overrides.apply(&mut record.options);
    let Some(variant) = builtin_variant(&record.variant) else {
        return unreadable(RecordError::UnknownVariant(record.variant.clone()).to_string());
    };
    let (game, stopped) = match record.replay_partly(variant) {
        Ok(replayed) => replayed,
        Err(e @ RecordError::Start(_)) => {
            return Replay {
                game: None,
                verdict: RecordVerdict::Illegal {
                    move_number: 0,
                    reason: e.to_string(),
                },
            };
        }
        Err(e) => return unreadable(e.to_string()),
    };
    let verdict = match stopped {
        Some(RecordError::Illegal {
            number,
            text,
            reason,
        }) => RecordVerdict::Illegal {
            move_number: number,
            reason: crate::tr!("{}: {}", text, reason),
        },
        Some(RecordError::BadAction { number, reason, .. }) => RecordVerdict::Illegal {
            move_number: number,
            reason: reason.to_string(),
        },
        Some(other) => RecordVerdict::Illegal {
            move_number: 0,
            reason: other.to_string(),
        },
        None => {
            let engine = game.position().outcome();
            match record.result {
                Some(stated) if Some(stated) != engine => RecordVerdict::ResultMismatch {
                    move_number: record.actions.len(),
                    reason: crate::tr!(
                        "record says {}, engine says {}",
                        stated,
                        engine.map_or_else(
                            || crate::tr!("the game goes on after the last move"),
                            |o| o.to_string()
                        )
                    ),
                },
                _ => RecordVerdict::Ok,
            }
        }
    };
    Replay {
        game: Some(game),
        verdict,
    }
}
