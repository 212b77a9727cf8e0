//! The lesson screen for a deal lesson (`ui/lessons.slint`,
//! `LessonsAdapter`): what the learner holds on two cards in place of a
//! board, the question, and a button for each answer.

use super::lesson_text::{StepText, show_step};
use super::{AppWindow, LessonCard, LessonsAdapter};
use crate::core::piece::{Piece, coin_value};
use crate::core::variant::Variant;
use crate::i18n::{comma_list, translate};
use crate::learn::DealTutor;
use crate::learn::deal_lesson::Question;
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};

/// The two cards a step shows: what the learner holds, and what it meets.
fn cards(variant: &Variant, question: &Question) -> [LessonCard; 2] {
    let card = |side: String, title: String, note: String| LessonCard {
        side: side.into(),
        title: title.into(),
        note: note.into(),
    };
    match question {
        Question::Reshuffle { hand, set_aside } => {
            let stones: Vec<String> = hand
                .iter()
                .map(|k| Piece::new(*k).describe(variant))
                .collect();
            [
                card(
                    crate::tr!("Your hand"),
                    crate::tr!("{} stones", hand.len()),
                    stones.join("  "),
                ),
                card(
                    crate::tr!("Set aside"),
                    crate::tr!("{} stones", set_aside.len()),
                    crate::tr!("Face down: nobody sees them"),
                ),
            ]
        }
        Question::Stand { stone, facing, .. } => {
            let [one, other] = [false, true].map(|flipped| {
                Piece {
                    flipped,
                    ..Piece::new(*stone)
                }
                .describe(variant)
            });
            let (attack, defense) = facing.domino_face(variant).unwrap_or_default();
            [
                card(
                    crate::tr!("Your stone"),
                    crate::tr!("{} or {}", one, other),
                    crate::tr!("The first half attacks, the second defends"),
                ),
                card(
                    crate::tr!("Blue's stone, shown"),
                    facing.describe(variant),
                    crate::tr!("Attacks with {}, defends with {}", attack, defense),
                ),
            ]
        }
        Question::Discard { suits, .. } => suits.map(|suit| {
            // As the coins are counted: null, ace, 2 to 5, then the pawn.
            let mut kinds: Vec<_> = variant.kind_ids().collect();
            kinds.sort_by_key(|k| match variant.kind(*k).labels.modern.as_str() {
                "N" => 0,
                "A" => 1,
                "P" => 10,
                value => value.parse().unwrap_or(9),
            });
            let coins = kinds.into_iter().filter_map(|k| coin_value(variant, k));
            card(
                crate::tr!("Your suit"),
                translate(&variant.suit(suit).name),
                comma_list(coins),
            )
        }),
    }
}

/// Fills the lesson screen for the deal lesson `tutor` plays, with
/// `answer` (what the last answer showed, and whether it was right).
pub(super) fn show(w: &AppWindow, tutor: &DealTutor, answer: Option<&(String, bool)>) {
    let adapter = w.global::<LessonsAdapter>();
    let lesson = tutor.lesson();
    let variant = &lesson.variant;
    let step = tutor.step();
    let goal = step.question.ask(variant);
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
    adapter.set_cards(ModelRc::new(VecModel::from(
        cards(variant, &step.question).to_vec(),
    )));
    let labels: Vec<SharedString> = tutor
        .choices()
        .into_iter()
        .map(|choice| choice.label(variant).into())
        .collect();
    adapter.set_choices(ModelRc::new(VecModel::from(labels)));
}
