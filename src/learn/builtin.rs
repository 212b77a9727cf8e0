//! The lessons that come with the app: every `variants/lessons/*.json`
//! file, built into it (`build.rs`) and read once.

use super::lesson::{Lesson, LessonError};
use super::rule_moment::RuleMoment;
use std::sync::{Arc, OnceLock};

include!(concat!(env!("OUT_DIR"), "/builtin_lessons.rs"));

/// Every built-in lesson file, read and checked.
pub fn load_builtin() -> Vec<Result<Arc<Lesson>, LessonError>> {
    BUILTIN_FILES
        .iter()
        .map(|(name, text)| Lesson::from_json(name, text).map(Arc::new))
        .collect()
}

/// The built-in lessons that read cleanly (a test makes sure all do):
/// classic's, then the other variants' in the variants' list, each
/// variant's in its own order.
pub fn builtin_lessons() -> &'static [Arc<Lesson>] {
    static LESSONS: OnceLock<Vec<Arc<Lesson>>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        let variants = &crate::core::variant::builtin().variants;
        // Classic first, where everyone starts; then the variants' list.
        let place = |lesson: &Lesson| match lesson.variant.id.as_str() {
            "classic" => 0,
            id => {
                1 + variants
                    .iter()
                    .position(|v| v.id == id)
                    .unwrap_or(usize::MAX - 1)
            }
        };
        let mut lessons: Vec<Arc<Lesson>> = load_builtin().into_iter().flatten().collect();
        lessons.sort_by_key(|lesson| (place(lesson), lesson.order));
        lessons
    })
}

/// The built-in lessons of the variant `variant_id`, in their order.
pub fn lessons_of(variant_id: &str) -> Vec<Arc<Lesson>> {
    builtin_lessons()
        .iter()
        .filter(|lesson| lesson.variant.id == variant_id)
        .cloned()
        .collect()
}

/// The lesson to offer a player who met `moment` in a game of
/// `variant_id`: that variant's own lesson teaching it, else classic's.
pub fn lesson_teaching(moment: RuleMoment, variant_id: &str) -> Option<&'static Arc<Lesson>> {
    let teaching = |id: &str| {
        builtin_lessons()
            .iter()
            .find(|lesson| lesson.variant.id == id && lesson.teaches.contains(&moment))
    };
    teaching(variant_id).or_else(|| teaching("classic"))
}
