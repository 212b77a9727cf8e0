//! A lesson's closing game: a small game against the computer from a
//! prepared position ("take the flag in five moves"). The computer answers
//! from its own view of the board, as in a real game, at a level whose
//! answers depend on the board and a seed alone (random or heuristic), so
//! the lesson's check can replay the winning line the file gives and prove
//! the game can be won.

use super::spec::LEARNER;
use crate::ai::{Level, choose};
use crate::core::{Action, PlayerView, PlyReport, Position};

/// The computer's level and the learner's moves to win in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosingGame {
    pub level: Level,
    /// The learner must win within this many of its own moves.
    pub moves: u32,
}

/// How a closing game stands after the learner's action and the
/// computer's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The learner won.
    Won,
    /// The learner lost, drew, or used up its moves without winning.
    Over,
    /// The learner is to move again, with this many moves left.
    Going(u32),
}

impl ClosingGame {
    /// The level named `name`, where its answers can be replayed.
    pub fn new(name: &str, moves: u32) -> Result<ClosingGame, String> {
        match Level::from_name(name) {
            Some(level @ (Level::Random | Level::Heuristic)) if moves > 0 => {
                Ok(ClosingGame { level, moves })
            }
            Some(_) if moves > 0 => Err(format!(
                "the closing game's computer plays \"random\" or \"heuristic\" (\"{name}\" thinks by the clock, so its answers cannot be replayed)"
            )),
            Some(_) => Err("a closing game needs at least one move".to_string()),
            None => Err(format!("\"{name}\" is not a computer level")),
        }
    }

    /// Plays the computer's answer on `position` when it is to move and
    /// the game goes on: chosen from its own view, seeded by the ply, so
    /// the same board always brings the same answer.
    pub fn answer(self, position: &mut Position) -> Option<PlyReport> {
        if position.to_move() == LEARNER || position.outcome().is_some() {
            return None;
        }
        let view = PlayerView::new(position, position.to_move());
        let action: Action = choose(self.level, &view, u64::from(position.ply()))?;
        position.play(action).ok()
    }

    /// Where the game stands once the learner has made `played` moves.
    pub fn standing(self, position: &Position, played: u32) -> Standing {
        match position.outcome() {
            Some(outcome) if outcome.winner() == Some(LEARNER) => Standing::Won,
            Some(_) => Standing::Over,
            None if played >= self.moves => Standing::Over,
            None => Standing::Going(self.moves - played),
        }
    }
}
