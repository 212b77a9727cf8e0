//! Learning to play: lessons of a few steps on a real board of their
//! variant, each step with a goal, a scripted solution and the wrong tries
//! a learner is likely to make, played by the app's own rules. Lessons are
//! data (`variants/lessons/*.json`), in English and Japanese.

pub mod builtin;
pub mod lesson;
pub mod solve;
pub mod spec;
pub mod text;
pub mod tutor;

pub use builtin::{builtin_lessons, lessons_of};
pub use lesson::{LEARNER, Lesson, LessonError, Step};
pub use text::Text;
pub use tutor::{Answer, Tutor};
