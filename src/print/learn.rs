//! A one-page "learn to play" sheet per variant that has lessons: each
//! lesson's title as a heading over what it teaches, then each step's goal
//! (a deal lesson's question and answer) and what it shows, from the same
//! texts the lessons screen plays (`variants/lessons/`), in the app's
//! language.

use super::Page;
use super::paper::Paper;
use super::rules::{Part, fitting_size, text_sheet};
use crate::i18n::translate;
use crate::learn::{LessonEntry, lessons_in};

/// The sheet's parts: a lesson's number and title as the heading, over
/// its summary and a line a step (a deal lesson's: its question and
/// answer, then what it shows).
pub fn parts(lessons: &[&LessonEntry]) -> Vec<Part> {
    lessons
        .iter()
        .filter_map(|entry| {
            let (order, steps): (u32, Vec<String>) = match entry {
                LessonEntry::Board(lesson) => (
                    lesson.order,
                    lesson
                        .steps
                        .iter()
                        .map(|step| crate::i18n::sentences([step.goal.now(), step.done.now()]))
                        .collect(),
                ),
                LessonEntry::Deal(lesson) => (
                    lesson.order,
                    lesson
                        .steps
                        .iter()
                        .map(|step| {
                            let variant = &lesson.variant;
                            let answer = step.question.choices()[step.answer].label(variant);
                            let asked =
                                crate::tr!("{} Answer: {}.", step.question.ask(variant), answer);
                            format!("{asked} {}", step.done.now())
                        })
                        .collect(),
                ),
                LessonEntry::Challenge(_) => return None,
            };
            let steps = steps
                .into_iter()
                .enumerate()
                .map(|(index, step)| format!("{order}.{} {step}", index + 1));
            Some(Part {
                heading: Some(format!("{order}. {}", entry.title().now())),
                paragraphs: std::iter::once(entry.summary().now().to_string())
                    .chain(steps)
                    .collect(),
            })
        })
        .collect()
}

/// The type size the lessons of `variant_id` are set in on `paper`, or
/// `None` when they do not fit one page.
pub fn type_size(variant_id: &str, paper: Paper) -> Option<f64> {
    fitting_size(&parts(&lessons_in(variant_id)), paper)
}

/// The sheet for the variant `variant_id`, named `name` in the player's
/// language.
pub fn learn_sheet(variant_id: &str, name: &str, paper: Paper) -> Page {
    text_sheet(
        paper,
        &crate::tr!("{}: learn to play", translate(name)),
        &crate::tr!(
            "Flagfall print and play: the lessons of the app's Learn to play, each goal with what it shows."
        ),
        &parts(&lessons_in(variant_id)),
    )
}
