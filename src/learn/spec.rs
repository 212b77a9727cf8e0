//! A lesson file as written (`variants/lessons/*.json`), before it is
//! checked: names of squares, pieces and moves are still text here.

use super::text::Text;
use crate::core::Side;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The only format lesson files are written in today.
pub const FORMAT: u32 = 1;

/// The side the learner plays in every lesson file; the board shows it at
/// the bottom, and it moves first in every step.
pub const LEARNER: Side = Side::Red;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonSpec {
    pub format: u32,
    pub id: String,
    /// The built-in variant it is played on (`flagfall variants`).
    pub variant: String,
    /// Its place among the variant's lessons, from 1.
    pub order: u32,
    pub title: Text,
    /// One line on what it teaches, for the list of lessons.
    pub summary: Text,
    #[serde(default)]
    pub options: OptionsSpec,
    /// The rules met in play it teaches (`RuleMoment::key`): a player who
    /// meets one in a game is offered this lesson.
    #[serde(default)]
    pub teaches: Vec<String>,
    pub steps: Vec<StepSpec>,
}

/// The tournament options a lesson turns on; the variant's defaults
/// otherwise.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionsSpec {
    pub aggressor_advantage: Option<bool>,
    pub silent_defense: Option<bool>,
    pub rescue: Option<bool>,
    /// "3", "5" or "off", as the variant offers.
    pub two_squares: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    /// What the step teaches, shown before the learner moves.
    pub say: Text,
    /// What to do, in one line.
    pub goal: Text,
    /// The board at the step's start; none: the board as the last step
    /// left it.
    #[serde(default)]
    pub position: Option<PositionSpec>,
    /// What counts as solving it.
    #[serde(default)]
    pub accept: Accept,
    /// The solution: the learner's action, the opponent's answer, the
    /// learner's next, and so on ("d4-d7", "rescue marshal e2",
    /// "no rescue").
    pub line: Vec<String>,
    /// Actions a learner is likely to try instead, each with why it is
    /// wrong here (illegal, or legal but not what the step teaches).
    #[serde(default)]
    pub wrong: Vec<WrongSpec>,
    /// The battle the learner's last action of `line` fights, which the
    /// `done` text tells of: checked against the rules, so a text cannot
    /// say a piece won where the rules say it lost. Required when that
    /// action is an attack.
    #[serde(default)]
    pub battle: Option<BattleSpec>,
    /// Said when the step is solved: what the last action showed.
    pub done: Text,
    /// A closing game against the computer: Blue's answers are the
    /// computer's own, `line` holds the learner's actions alone (a win
    /// against those answers, which the check replays), and any legal
    /// action that keeps the game going is played.
    #[serde(default)]
    pub computer: Option<ComputerSpec>,
}

/// The computer of a closing game.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerSpec {
    /// "random" or "heuristic": levels whose answers can be replayed.
    pub level: String,
    /// The learner must win within this many of its own moves.
    pub moves: u32,
}

/// How the learner's attack ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BattleSpec {
    /// The learner's piece wins and takes the square.
    Won,
    /// The learner's piece is removed.
    Lost,
    /// Both pieces are removed.
    Both,
}

/// What solves a step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Accept {
    /// Exactly the learner's actions of `line`.
    #[default]
    Line,
    /// The learner's actions of `line`, or any action that wins the game
    /// at once (every capture of the flag, not just the line's).
    Win,
}

/// The pieces on the board, by square: "scout" (a kind of the variant),
/// "scout/yellow" (a piecepack coin's kind and suit), "2-5" (a domino
/// stone attacking with 2; "5-2" stands it the other way round).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    pub red: BTreeMap<String, String>,
    pub blue: BTreeMap<String, String>,
    /// Squares whose pieces the enemy has already seen.
    #[serde(default)]
    pub shown: Vec<String>,
    /// Squares whose pieces have already moved (so are known not to be
    /// bombs or flags).
    #[serde(default)]
    pub moved: Vec<String>,
    /// Squares whose pieces fell earlier in the game: written on a free
    /// square of the side's own and taken off before the step starts, so a
    /// rescue can bring them back.
    #[serde(default)]
    pub captured: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongSpec {
    #[serde(rename = "move")]
    pub action: String,
    pub why: Text,
}
