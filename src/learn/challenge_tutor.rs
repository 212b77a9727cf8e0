//! Playing a challenge lesson: the learner gives a verdict for each step's
//! challenge, and is told why when it is not the rules' one.

use super::challenge_lesson::{ChallengeLesson, ChallengeStep};
use crate::referee::live::Challenge;
use crate::referee::live::game::verdict;
use std::sync::Arc;

/// A challenge lesson being played.
#[derive(Debug, Clone)]
pub struct ChallengeTutor {
    lesson: Arc<ChallengeLesson>,
    step: usize,
    solved: bool,
}

impl ChallengeTutor {
    /// The lesson at its first step.
    pub fn new(lesson: Arc<ChallengeLesson>) -> ChallengeTutor {
        ChallengeTutor {
            lesson,
            step: 0,
            solved: false,
        }
    }

    pub fn lesson(&self) -> &Arc<ChallengeLesson> {
        &self.lesson
    }

    pub fn step(&self) -> &ChallengeStep {
        &self.lesson.steps[self.step]
    }

    pub fn step_index(&self) -> usize {
        self.step
    }

    pub fn is_last_step(&self) -> bool {
        self.step + 1 == self.lesson.steps.len()
    }

    /// Whether this step's verdict has been given.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// The verdict to give, as a hint; none once given.
    pub fn hint(&self) -> Option<Challenge> {
        (!self.solved).then_some(self.step().verdict)
    }

    /// Answers the learner's verdict: the referee's own words for the
    /// challenge and what it shows when right, why when not.
    pub fn try_verdict(&mut self, said: Challenge) -> Result<String, String> {
        let step = self.step();
        if said != step.verdict {
            return Err(step.why.now().to_string());
        }
        let rules = &self.lesson.rules;
        let words = verdict(
            rules,
            step.challenger,
            step.challenged,
            &crate::tr!("the challenger"),
            &crate::tr!("the challenged"),
        );
        let done = crate::i18n::sentences([words.text.as_str(), step.done.now()]);
        self.solved = true;
        Ok(done)
    }

    /// Goes on to the next step; false when the lesson is over (the last
    /// step solved).
    pub fn next_step(&mut self) -> bool {
        if !self.solved || self.is_last_step() {
            return false;
        }
        self.step += 1;
        self.solved = false;
        true
    }

    /// The step from its start again.
    pub fn restart_step(&mut self) {
        self.solved = false;
    }
}
