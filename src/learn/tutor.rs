//! A lesson being played: the learner tries actions, the tutor answers
//! each (refused by the rules, legal but not this step's, or played, with
//! the opponent's scripted answer), and the steps follow one another. The
//! learner sees the board only through its own view.

use super::lesson::{LEARNER, Lesson, Step};
use super::spec::Accept;
use crate::core::{Action, PlayerView, PlyReport, Position};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Tutor {
    lesson: Arc<Lesson>,
    step: usize,
    position: Position,
    /// How many actions of the step's line have been played.
    played: usize,
    solved: bool,
}

/// The tutor's answer to one action of the learner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The rules refuse it; nothing changed.
    Illegal { why: String },
    /// Legal, but not what the step asks; nothing changed.
    Wrong { why: String },
    /// Played, then the opponent's answer if the line has one. `solved`:
    /// the step is done, and its `done` text says what the action showed.
    Played {
        reports: Vec<PlyReport>,
        solved: bool,
    },
}

impl Tutor {
    /// The lesson at its first step.
    pub fn new(lesson: Arc<Lesson>) -> Tutor {
        let position = lesson.steps[0].start.clone();
        Tutor {
            lesson,
            step: 0,
            position,
            played: 0,
            solved: false,
        }
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The step being played, from 0.
    pub fn step_index(&self) -> usize {
        self.step
    }

    pub fn step(&self) -> &Step {
        &self.lesson.steps[self.step]
    }

    /// The board as the learner sees it.
    pub fn view(&self) -> PlayerView {
        PlayerView::new(&self.position, LEARNER)
    }

    /// Whether the step being played is solved.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    pub fn is_last_step(&self) -> bool {
        self.step + 1 == self.lesson.steps.len()
    }

    /// The next action of the solution, to show as a hint; none once the
    /// step is solved.
    pub fn hint(&self) -> Option<Action> {
        (!self.solved)
            .then(|| self.step().line.get(self.played).copied())
            .flatten()
    }

    /// Answers the learner's `action`, playing it when it is right.
    pub fn try_action(&mut self, action: Action) -> Answer {
        if self.solved {
            return Answer::Wrong {
                why: crate::tr!("This step is done: go on to the next."),
            };
        }
        let step = &self.lesson.steps[self.step];
        let listed = step
            .wrong
            .iter()
            .find(|(wrong, _)| *wrong == action)
            .map(|(_, why)| why.now().to_string());
        let mut after = self.position.clone();
        let report = match after.play(action) {
            Ok(report) => report,
            Err(illegal) => {
                let rule = crate::tr!("Not allowed: {}.", illegal);
                let why = match listed {
                    Some(why) => format!("{rule} {why}"),
                    None => rule,
                };
                return Answer::Illegal { why };
            }
        };
        let expected = step.line.get(self.played) == Some(&action);
        let wins =
            step.accept == Accept::Win && after.outcome().and_then(|o| o.winner()) == Some(LEARNER);
        if !expected && !wins {
            let why = listed.unwrap_or_else(|| {
                crate::tr!(
                    "That move is allowed, but it is not what this step asks: {}",
                    step.goal.now()
                )
            });
            return Answer::Wrong { why };
        }
        self.position = after;
        self.played += 1;
        let mut reports = vec![report];
        if wins {
            self.played = step.line.len();
        }
        // The opponent's scripted answers: the lesson checked they are legal.
        while let Some(&answer) = step.line.get(self.played) {
            if self.position.to_move() == LEARNER || self.position.outcome().is_some() {
                break;
            }
            match self.position.play(answer) {
                Ok(report) => reports.push(report),
                Err(_) => break,
            }
            self.played += 1;
        }
        self.solved = self.played >= step.line.len();
        Answer::Played {
            reports,
            solved: self.solved,
        }
    }

    /// Goes on to the next step; false when the lesson is over (the last
    /// step solved).
    pub fn next_step(&mut self) -> bool {
        if !self.solved || self.is_last_step() {
            return false;
        }
        self.step += 1;
        self.restart_step();
        true
    }

    /// The step from its start again.
    pub fn restart_step(&mut self) {
        self.position = self.step().start.clone();
        self.played = 0;
        self.solved = false;
    }
}
