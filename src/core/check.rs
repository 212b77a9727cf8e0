//! Checking recorded games against the engine: every move legal, and the
//! stated ending the one the engine reaches.

use super::options::TwoSquares;
use super::record::{GameRecord, RecordError};

/// What checking one record found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Ok,
    /// The record cannot be read or replayed; `move_number` 0 means before the first move.
    Illegal {
        move_number: usize,
        reason: String,
    },
    /// Every move is legal, but the stated ending is not what happened.
    ResultMismatch {
        move_number: usize,
        reason: String,
    },
}

/// Checks one of the project's own JSON records; `two_squares` overrides its setting.
pub fn check_json_record(text: &str, two_squares: Option<TwoSquares>) -> Verdict {
    let mut record = match GameRecord::from_json(text) {
        Ok(record) => record,
        Err(e) => {
            return Verdict::Illegal {
                move_number: 0,
                reason: e.to_string(),
            };
        }
    };
    if let Some(rule) = two_squares {
        record.options.two_squares = rule;
    }
    let game = match record.replay() {
        Ok(game) => game,
        Err(RecordError::Illegal {
            number,
            text,
            reason,
        }) => {
            return Verdict::Illegal {
                move_number: number,
                reason: format!("{text}: {reason}"),
            };
        }
        Err(RecordError::BadAction { number, reason, .. }) => {
            return Verdict::Illegal {
                move_number: number,
                reason,
            };
        }
        Err(e) => {
            return Verdict::Illegal {
                move_number: 0,
                reason: e.to_string(),
            };
        }
    };
    let engine = game.position().outcome();
    match record.result {
        Some(stated) if Some(stated) != engine => Verdict::ResultMismatch {
            move_number: record.actions.len(),
            reason: format!(
                "record says {stated}, engine says {}",
                engine.map_or("the game goes on after the last move".to_string(), |o| o
                    .to_string())
            ),
        },
        _ => Verdict::Ok,
    }
}
