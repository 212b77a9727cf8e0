//! The lessons that come with the app: every `variants/lessons/*.json`
//! file, built into it (`build.rs`) and read once.

use super::lesson::{Lesson, LessonError};
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
        let mut lessons: Vec<Arc<Lesson>> = load_builtin().into_iter().flatten().collect();
        lessons.sort_by_key(|lesson| (variant_place(&lesson.variant.id), lesson.order));
        lessons
    })
}

/// Where the lessons of the variant `id` come in the list: classic first,
/// where everyone starts; then the variants' list.
pub(super) fn variant_place(id: &str) -> usize {
    match id {
        "classic" => 0,
        id => {
            1 + crate::core::variant::builtin()
                .variants
                .iter()
                .position(|v| v.id == id)
                .unwrap_or(usize::MAX - 1)
        }
    }
}

/// The built-in lessons of the variant `variant_id`, in their order.
pub fn lessons_of(variant_id: &str) -> Vec<Arc<Lesson>> {
    builtin_lessons()
        .iter()
        .filter(|lesson| lesson.variant.id == variant_id)
        .cloned()
        .collect()
}
