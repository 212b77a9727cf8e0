//! A lesson answered by choosing rather than moving, whichever kind it is
//! (a Stratego go go challenge's verdict, a deal lesson's question), as
//! the lessons' controller plays it: one answer tried at a time, a hint,
//! the step again, the next step.

use crate::learn::challenge_lesson::VERDICTS;
use crate::learn::{ChallengeTutor, DealTutor};

/// The choosing lesson being played.
pub(super) enum Choosing {
    Challenge(ChallengeTutor),
    Deal(DealTutor),
}

impl Choosing {
    /// The lesson's id, which progress keeps it done by.
    pub(super) fn lesson_id(&self) -> &str {
        match self {
            Choosing::Challenge(tutor) => &tutor.lesson().id,
            Choosing::Deal(tutor) => &tutor.lesson().id,
        }
    }

    pub(super) fn is_last_step(&self) -> bool {
        match self {
            Choosing::Challenge(tutor) => tutor.is_last_step(),
            Choosing::Deal(tutor) => tutor.is_last_step(),
        }
    }

    pub(super) fn is_solved(&self) -> bool {
        match self {
            Choosing::Challenge(tutor) => tutor.is_solved(),
            Choosing::Deal(tutor) => tutor.is_solved(),
        }
    }

    /// The learner's `index`th answer: what it showed, or why it is wrong.
    pub(super) fn try_choice(&mut self, index: usize) -> Option<Result<String, String>> {
        match self {
            Choosing::Challenge(tutor) => Some(tutor.try_verdict(*VERDICTS.get(index)?)),
            Choosing::Deal(tutor) => {
                (index < tutor.choices().len()).then(|| tutor.try_choice(index))
            }
        }
    }

    /// The answer to give, in the words of its button; none once given.
    pub(super) fn hint(&self) -> Option<String> {
        match self {
            Choosing::Challenge(tutor) => tutor.hint().map(super::challenge_lesson::verdict_label),
            Choosing::Deal(tutor) => {
                let variant = &tutor.lesson().variant;
                tutor.hint().map(|choice| choice.label(variant))
            }
        }
    }

    /// Goes on to the next step; false when the lesson is over.
    pub(super) fn next_step(&mut self) -> bool {
        match self {
            Choosing::Challenge(tutor) => tutor.next_step(),
            Choosing::Deal(tutor) => tutor.next_step(),
        }
    }

    pub(super) fn restart_step(&mut self) {
        match self {
            Choosing::Challenge(tutor) => tutor.restart_step(),
            Choosing::Deal(tutor) => tutor.restart_step(),
        }
    }
}
