//! A lesson being played: the learner tries actions, the tutor answers
//! each (refused by the rules, legal but not this step's, or played, with
//! the opponent's scripted answer, or in a closing game the computer's),
//! and the steps follow one another. The learner sees the board only
//! through its own view.

use super::closing_game::{ClosingGame, Standing};
use super::lesson::{Lesson, Step};
use super::spec::{Accept, LEARNER};
use crate::ai::{Level, choose};
use crate::core::{Action, PlayerView, PlyReport, Position};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Tutor {
    lesson: Arc<Lesson>,
    step: usize,
    position: Position,
    /// How many actions of the step's line have been played (in a
    /// closing game: how many moves the learner made).
    played: usize,
    solved: bool,
    /// A closing game: every learner move so far was the line's.
    on_line: bool,
    /// A closing game was lost or ran out of moves: only Start again helps.
    over: bool,
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
    /// A closing game played on and ended without the learner's win (lost,
    /// drawn, or out of moves): Start again tries once more.
    Over {
        reports: Vec<PlyReport>,
        why: String,
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
            on_line: true,
            over: false,
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

    /// The learner's moves left in a closing game.
    pub fn moves_left(&self) -> Option<u32> {
        let game = self.step().game?;
        Some(game.moves.saturating_sub(self.played as u32))
    }

    /// The next action of the solution, to show as a hint; in a closing
    /// game that left the line, the move the computer would make in the
    /// learner's place. None once the step is solved or over.
    pub fn hint(&self) -> Option<Action> {
        if self.solved || self.over {
            return None;
        }
        if self.step().game.is_some() && !self.on_line {
            let seed = u64::from(self.position.ply());
            return choose(Level::Heuristic, &self.view(), seed);
        }
        self.step().line.get(self.played).copied()
    }

    /// Answers the learner's `action`, playing it when it is right.
    pub fn try_action(&mut self, action: Action) -> Answer {
        if self.solved {
            return Answer::Wrong {
                why: crate::tr!("This step is done: go on to the next."),
            };
        }
        if self.over {
            return Answer::Wrong {
                why: crate::tr!("This game is over: Start again to play it once more."),
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
                let why = crate::i18n::sentences(std::iter::once(rule).chain(listed));
                return Answer::Illegal { why };
            }
        };
        if let (Some(game), None) = (step.game, &listed) {
            return self.play_closing_game(game, action, after, report);
        }
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

    /// A closing game's move: played, then the computer's answer.
    fn play_closing_game(
        &mut self,
        game: ClosingGame,
        action: Action,
        after: Position,
        report: PlyReport,
    ) -> Answer {
        let line = &self.lesson.steps[self.step].line;
        self.on_line &= line.get(self.played) == Some(&action);
        self.position = after;
        self.played += 1;
        let mut reports = vec![report];
        reports.extend(game.answer(&mut self.position));
        match game.standing(&self.position, self.played as u32) {
            Standing::Won => {
                self.solved = true;
                Answer::Played {
                    reports,
                    solved: true,
                }
            }
            Standing::Going(_) => Answer::Played {
                reports,
                solved: false,
            },
            Standing::Over => {
                self.over = true;
                let why = match self.position.outcome() {
                    Some(outcome) if outcome.winner().is_some() => crate::tr!(
                        "{} won this time. Start again and try another way.",
                        LEARNER.opponent()
                    ),
                    Some(_) => crate::tr!("A draw this time. Start again and try another way."),
                    None => crate::tr!(
                        "Out of moves, and the game goes on. Start again and try another way."
                    ),
                };
                Answer::Over { reports, why }
            }
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
        self.on_line = true;
        self.over = false;
    }
}
