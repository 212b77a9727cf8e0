//! Every lesson the app offers, of every kind, in the order the list shows
//! them: by variant (classic first, then the variants' list), a variant's
//! board and deal lessons by their order, then the live games' challenge
//! lessons.

use super::builtin::{builtin_lessons, variant_place};
use super::challenge_lesson::{ChallengeLesson, builtin_challenge_lessons};
use super::deal_lesson::{DealLesson, builtin_deal_lessons};
use super::lesson::Lesson;
use super::rule_moment::RuleMoment;
use super::text::Text;
use std::sync::{Arc, OnceLock};

/// One lesson of the list.
#[derive(Debug, Clone)]
pub enum LessonEntry {
    /// Played on a board.
    Board(Arc<Lesson>),
    /// Questions on what happens before the first move.
    Deal(Arc<DealLesson>),
    /// A referee's verdicts.
    Challenge(Arc<ChallengeLesson>),
}

impl LessonEntry {
    /// What progress keeps it done by.
    pub fn id(&self) -> &str {
        match self {
            LessonEntry::Board(lesson) => &lesson.id,
            LessonEntry::Deal(lesson) => &lesson.id,
            LessonEntry::Challenge(lesson) => &lesson.id,
        }
    }

    pub fn title(&self) -> &Text {
        match self {
            LessonEntry::Board(lesson) => &lesson.title,
            LessonEntry::Deal(lesson) => &lesson.title,
            LessonEntry::Challenge(lesson) => &lesson.title,
        }
    }

    pub fn summary(&self) -> &Text {
        match self {
            LessonEntry::Board(lesson) => &lesson.summary,
            LessonEntry::Deal(lesson) => &lesson.summary,
            LessonEntry::Challenge(lesson) => &lesson.summary,
        }
    }

    /// The game it teaches, by its data name (translated when shown).
    pub fn game_name(&self) -> &str {
        match self {
            LessonEntry::Board(lesson) => &lesson.variant.name,
            LessonEntry::Deal(lesson) => &lesson.variant.name,
            LessonEntry::Challenge(lesson) => &lesson.rules.name,
        }
    }

    /// The rules met in play it teaches.
    pub fn teaches(&self) -> &[RuleMoment] {
        match self {
            LessonEntry::Board(lesson) => &lesson.teaches,
            LessonEntry::Deal(lesson) => &lesson.teaches,
            LessonEntry::Challenge(_) => &[],
        }
    }

    /// The variant it is played in; none for a live game's lesson.
    pub fn variant_id(&self) -> Option<&str> {
        match self {
            LessonEntry::Board(lesson) => Some(&lesson.variant.id),
            LessonEntry::Deal(lesson) => Some(&lesson.variant.id),
            LessonEntry::Challenge(_) => None,
        }
    }

    /// Its place in the list: the game's, then its own order.
    fn place(&self) -> (usize, u32) {
        match self {
            LessonEntry::Board(lesson) => (variant_place(&lesson.variant.id), lesson.order),
            LessonEntry::Deal(lesson) => (variant_place(&lesson.variant.id), lesson.order),
            LessonEntry::Challenge(lesson) => (usize::MAX, lesson.order),
        }
    }
}

/// Every built-in lesson that reads cleanly, in the list's order.
pub fn all_lessons() -> &'static [LessonEntry] {
    static ALL: OnceLock<Vec<LessonEntry>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<LessonEntry> = builtin_lessons()
            .iter()
            .cloned()
            .map(LessonEntry::Board)
            .chain(
                builtin_deal_lessons()
                    .iter()
                    .cloned()
                    .map(LessonEntry::Deal),
            )
            .chain(
                builtin_challenge_lessons()
                    .iter()
                    .cloned()
                    .map(LessonEntry::Challenge),
            )
            .collect();
        // A stable sort: classic's board lessons keep their order.
        all.sort_by_key(LessonEntry::place);
        all
    })
}

/// The place in the list of the lesson to offer a player who met `moment`
/// in a game of `variant_id`: that variant's first lesson teaching it,
/// else classic's.
pub fn lesson_teaching(moment: RuleMoment, variant_id: &str) -> Option<usize> {
    let teaching = |id: &str| {
        all_lessons()
            .iter()
            .position(|l| l.variant_id() == Some(id) && l.teaches().contains(&moment))
    };
    teaching(variant_id).or_else(|| teaching("classic"))
}

/// The lessons played in the variant `variant_id`, of every kind, in the
/// list's order.
pub fn lessons_in(variant_id: &str) -> Vec<&'static LessonEntry> {
    all_lessons()
        .iter()
        .filter(|l| l.variant_id() == Some(variant_id))
        .collect()
}
