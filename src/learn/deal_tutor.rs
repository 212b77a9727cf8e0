//! Playing a deal lesson: the learner answers each step's question, and is
//! told why when the answer is not the rules' one.

use super::deal_lesson::{Choice, DealLesson, DealStep};
use super::step_cursor::StepCursor;
use std::sync::Arc;

/// A deal lesson being played.
#[derive(Debug, Clone)]
pub struct DealTutor {
    lesson: Arc<DealLesson>,
    at: StepCursor,
}

impl DealTutor {
    /// The lesson at its first step.
    pub fn new(lesson: Arc<DealLesson>) -> DealTutor {
        DealTutor {
            at: StepCursor::new(lesson.steps.len()),
            lesson,
        }
    }

    pub fn lesson(&self) -> &Arc<DealLesson> {
        &self.lesson
    }

    pub fn step(&self) -> &DealStep {
        &self.lesson.steps[self.at.index()]
    }

    pub fn step_index(&self) -> usize {
        self.at.index()
    }

    pub fn is_last_step(&self) -> bool {
        self.at.is_last()
    }

    /// Whether this step's question has been answered right.
    pub fn is_solved(&self) -> bool {
        self.at.is_solved()
    }

    /// The answers this step offers, in the order shown.
    pub fn choices(&self) -> Vec<Choice> {
        self.step().question.choices()
    }

    /// The answer to give, as a hint; none once given.
    pub fn hint(&self) -> Option<Choice> {
        let step = self.step();
        (!self.at.is_solved()).then(|| step.question.choices()[step.answer])
    }

    /// Answers the learner's `index`th choice: what the rules say of it and
    /// what the step shows when right, why when not.
    pub fn try_choice(&mut self, index: usize) -> Result<String, String> {
        let step = self.step();
        if index != step.answer {
            return Err(step.why.now().to_string());
        }
        let choice = step.question.choices()[step.answer];
        let (_, fault) = step.question.judge(&self.lesson.variant, choice);
        let done = match fault {
            Some(fault) => crate::i18n::sentences([
                crate::tr!("By the rules: {}.", fault),
                step.done.now().to_string(),
            ]),
            None => step.done.now().to_string(),
        };
        self.at.solve();
        Ok(done)
    }

    /// Goes on to the next step; false when the lesson is over (the last
    /// step solved).
    pub fn next_step(&mut self) -> bool {
        self.at.advance()
    }

    /// The step from its start again.
    pub fn restart_step(&mut self) {
        self.at.restart()
    }
}
