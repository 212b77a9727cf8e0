//! The lesson screen for a Stratego go go challenge lesson
//! (`ui/lessons.slint`, `LessonsAdapter`): the two roles' cards in place of
//! a board, and a button for each verdict.

use super::lesson_text::{StepText, show_step};
use super::{AppWindow, LessonCard, LessonsAdapter};
use crate::i18n::translate;
use crate::learn::ChallengeTutor;
use crate::learn::challenge_lesson::VERDICTS;
use crate::referee::live::{Challenge, Role};
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};

/// The button for `verdict`: who leaves the field.
pub(super) fn verdict_label(verdict: Challenge) -> String {
    match verdict {
        Challenge::ChallengedWins => crate::tr!("The challenger is out"),
        Challenge::ChallengerWins => crate::tr!("The challenged player is out"),
        Challenge::BothOut => crate::tr!("Both are out"),
        Challenge::NotAllowed => crate::tr!("Nobody: it cannot challenge"),
    }
}

/// "Blacksmith 5", as the referee's resolver names a role.
fn role_name(role: &Role) -> String {
    match role.strength {
        Some(strength) => format!("{} {strength}", translate(&role.name)),
        None => translate(&role.name),
    }
}

/// Fills the lesson screen for the challenge lesson `tutor` plays, with
/// `answer` (what the last verdict showed, and whether it was right).
pub(super) fn show(w: &AppWindow, tutor: &ChallengeTutor, answer: Option<&(String, bool)>) {
    let adapter = w.global::<LessonsAdapter>();
    let lesson = tutor.lesson();
    let step = tutor.step();
    let goal = crate::tr!("Who leaves the field?");
    let text = StepText {
        title: lesson.title.now(),
        index: tutor.step_index(),
        count: lesson.steps.len(),
        say: step.say.now(),
        goal: &goal,
        solved: tutor.is_solved(),
        last: tutor.is_last_step(),
    };
    show_step(w, &text, answer);
    adapter.set_choosing(true);
    let cards: Vec<LessonCard> = [
        (crate::tr!("Challenger"), step.challenger),
        (crate::tr!("Challenged"), step.challenged),
    ]
    .into_iter()
    .map(|(side, id)| {
        let role = lesson.rules.role(id);
        LessonCard {
            side: side.into(),
            title: role_name(role).into(),
            note: translate(&role.note).into(),
        }
    })
    .collect();
    adapter.set_cards(ModelRc::new(VecModel::from(cards)));
    let labels: Vec<SharedString> = VERDICTS
        .into_iter()
        .map(|v| verdict_label(v).into())
        .collect();
    adapter.set_choices(ModelRc::new(VecModel::from(labels)));
}
