//! Learning to play: lessons of a few steps on a real board of their
//! variant, each step with a goal, a scripted solution and the wrong tries
//! a learner is likely to make, played by the app's own rules. Lessons are
//! data (`variants/lessons/*.json`), in English and Japanese. In real
//! games, the rules a player meets for the first time are told in one line
//! (`rule_note`), with the lesson that teaches them. The referee of
//! Stratego go go learns to settle challenges (`challenge_lesson`); Domino's
//! deal and a stone's way round, and Piecepack's discards, are questions
//! answered before the first move (`deal_lesson`).

pub mod builtin;
pub mod catalog;
pub mod challenge_lesson;
pub mod challenge_tutor;
pub mod closing_game;
pub mod deal_lesson;
pub mod deal_tutor;
mod deal_words;
pub mod lesson;
mod notation;
pub mod rule_moment;
pub mod rule_note;
pub mod solve;
pub mod spec;
pub mod step_cursor;
pub mod text;
pub mod tutor;

pub use builtin::{builtin_lessons, lessons_of};
pub use catalog::{LessonEntry, all_lessons, lesson_teaching, lessons_in};
pub use challenge_lesson::{ChallengeLesson, builtin_challenge_lessons};
pub use challenge_tutor::ChallengeTutor;
pub use deal_lesson::{DealLesson, builtin_deal_lessons};
pub use deal_tutor::DealTutor;
pub use lesson::{Lesson, LessonError, Step};
pub use rule_moment::RuleMoment;
pub use rule_note::{
    RuleNote, note_for_discards, note_for_refusal, note_for_turned_stone, notes_in,
};
pub use spec::LEARNER;
pub use text::Text;
pub use tutor::{Answer, Tutor};
