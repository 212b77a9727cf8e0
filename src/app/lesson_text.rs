//! The texts of the lesson screen (`ui/lessons.slint`, `LessonsAdapter`)
//! for the step being played, whether the lesson is played on a board
//! (`super::lessons`) or is the referee's (`super::challenge_lesson`).

use super::{AppWindow, LessonsAdapter};
use slint::ComponentHandle;

/// What a lesson's screen says of the step being played, whatever the
/// lesson is played on.
pub(super) struct StepText<'a> {
    pub title: &'a str,
    /// From 0.
    pub index: usize,
    pub count: usize,
    pub say: &'a str,
    pub goal: &'a str,
    pub solved: bool,
    pub last: bool,
}

/// Fills the lesson screen's texts: `text`, and `answer` (what the last try
/// showed, and whether it was right).
pub(super) fn show_step(w: &AppWindow, text: &StepText, answer: Option<&(String, bool)>) {
    let adapter = w.global::<LessonsAdapter>();
    adapter.set_title(text.title.into());
    adapter.set_step(crate::tr!("Step {} of {}", text.index + 1, text.count).into());
    adapter.set_say(text.say.into());
    adapter.set_goal(text.goal.into());
    let (said, right) = answer.cloned().unwrap_or_default();
    adapter.set_answer(said.into());
    adapter.set_right(right);
    adapter.set_solved(text.solved);
    adapter.set_next_label(
        if text.last {
            crate::tr!("Finish the lesson")
        } else {
            crate::tr!("Next step")
        }
        .into(),
    );
}
