//! A one-page "learn to play" sheet per variant that has lessons: each
//! lesson's title as a heading over what it teaches, then each step's goal
//! and what it shows, from the same texts the lessons screen plays
//! (`variants/lessons/`), in the app's language.

use super::Page;
use super::paper::Paper;
use super::rules::{Part, fitting_size, text_sheet};
use crate::i18n::translate;
use crate::learn::{Lesson, lessons_of};
use std::sync::Arc;

/// The sheet's parts: a lesson's number and title as the heading, over
/// its summary and a line a step.
pub fn parts(lessons: &[Arc<Lesson>]) -> Vec<Part> {
    lessons
        .iter()
        .map(|lesson| {
            let steps = lesson.steps.iter().enumerate().map(|(index, step)| {
                format!(
                    "{}.{} {} {}",
                    lesson.order,
                    index + 1,
                    step.goal.now(),
                    step.done.now()
                )
            });
            Part {
                heading: Some(format!("{}. {}", lesson.order, lesson.title.now())),
                paragraphs: std::iter::once(lesson.summary.now().to_string())
                    .chain(steps)
                    .collect(),
            }
        })
        .collect()
}

/// The type size the lessons of `variant_id` are set in on `paper`, or
/// `None` when they do not fit one page.
pub fn type_size(variant_id: &str, paper: Paper) -> Option<f64> {
    fitting_size(&parts(&lessons_of(variant_id)), paper)
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
        &parts(&lessons_of(variant_id)),
    )
}
