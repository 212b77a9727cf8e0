//! Playing a challenge lesson: the learner gives a verdict for each step's
//! challenge, and is told why when it is not the rules' one.

use super::challenge_lesson::{ChallengeLesson, ChallengeStep};
use super::step_cursor::StepCursor;
use crate::referee::live::Challenge;
use crate::referee::live::game::verdict;
use std::sync::Arc;

/// A challenge lesson being played.
#[derive(Debug, Clone)]
pub struct ChallengeTutor {
    lesson: Arc<ChallengeLesson>,
    at: StepCursor,
}

impl ChallengeTutor {
    /// The lesson at its first step.
    pub fn new(lesson: Arc<ChallengeLesson>) -> ChallengeTutor {
        ChallengeTutor {
            at: StepCursor::new(lesson.steps.len()),
            lesson,
        }
    }

    pub fn lesson(&self) -> &Arc<ChallengeLesson> {
        &self.lesson
    }

    pub fn step(&self) -> &ChallengeStep {
        &self.lesson.steps[self.at.index()]
    }

    pub fn step_index(&self) -> usize {
        self.at.index()
    }

    pub fn is_last_step(&self) -> bool {
        self.at.is_last()
    }

    /// Whether this step's verdict has been given.
    pub fn is_solved(&self) -> bool {
        self.at.is_solved()
    }

    /// The verdict to give, as a hint; none once given.
    pub fn hint(&self) -> Option<Challenge> {
        (!self.at.is_solved()).then_some(self.step().verdict)
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
