//! How a deal lesson's questions and answers read, in the app's language:
//! the lesson screen's buttons and the learn-to-play sheet use the same
//! words.

use super::deal_lesson::{Choice, Purpose, Question};
use crate::core::variant::{SuitId, Variant};
use crate::i18n::translate;

impl Choice {
    /// The answer's words: "Reshuffle all 28", "5-2: attacks with 5,
    /// defends with 2", "The red null and the yellow ace".
    pub fn label(self, variant: &Variant) -> String {
        match self {
            Choice::Play => crate::tr!("Play these 24"),
            Choice::Reshuffle => crate::tr!("Reshuffle all 28"),
            Choice::Stand(stone) => {
                let (attack, defense) = stone.domino_face(variant).unwrap_or_default();
                crate::tr!(
                    "{}: attacks with {}, defends with {}",
                    stone.describe(variant),
                    attack,
                    defense
                )
            }
            Choice::Discard { null, ace } => crate::tr!(
                "The {} null and the {} ace",
                suit_name(variant, null),
                suit_name(variant, ace)
            ),
        }
    }
}

impl Question {
    /// The question, in one line.
    pub fn ask(&self, variant: &Variant) -> String {
        match self {
            Question::Reshuffle { .. } => {
                crate::tr!("Play these 24 stones, or reshuffle all 28?")
            }
            Question::Stand {
                facing,
                to: Purpose::Attack,
                ..
            } => crate::tr!(
                "Which way round does your stone beat Blue's {} when it attacks?",
                facing.describe(variant)
            ),
            Question::Stand {
                facing,
                to: Purpose::Defend,
                ..
            } => crate::tr!(
                "Which way round does your stone hold when Blue's {} attacks it?",
                facing.describe(variant)
            ),
            Question::Discard { flag, .. } => crate::tr!(
                "Your Flag is to be {}. Which two coins go back in the box?",
                suit_name(variant, *flag)
            ),
        }
    }
}

/// "red", as a sentence names a suit.
fn suit_name(variant: &Variant, suit: SuitId) -> String {
    translate(&variant.suit(suit).name).to_lowercase()
}
