//! What a piece is, and how a game names a piece.

use super::side::Side;
use super::variant::{KindId, SuitId, Variant};
use serde::{Deserialize, Serialize};

/// A piece's identity: its kind, its suit (piecepack) and, for a domino
/// stone, which way round it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub kind: KindId,
    pub suit: Option<SuitId>,
    /// Domino stones: `false` stands low/high (a 2-5 attacks with 2 and
    /// defends with 5), `true` stands high/low (5-2).
    pub flipped: bool,
}

impl Piece {
    pub fn new(kind: KindId) -> Piece {
        Piece {
            kind,
            suit: None,
            flipped: false,
        }
    }

    pub fn with_suit(kind: KindId, suit: SuitId) -> Piece {
        Piece {
            kind,
            suit: Some(suit),
            flipped: false,
        }
    }

    /// The domino numbers as (attack, defense); `None` for other pieces.
    pub fn domino_face(self, variant: &Variant) -> Option<(u8, u8)> {
        let (low, high) = variant.kind(self.kind).pips?;
        Some(if self.flipped {
            (high, low)
        } else {
            (low, high)
        })
    }

    /// How players say it, in their language: "Captain", "5-2" (a domino
    /// stone, attack first), "yellow 3 (Miner)" (a piecepack coin: its
    /// suit, its value, the rank it plays as).
    pub fn describe(self, variant: &Variant) -> String {
        if let Some((attack, defense)) = self.domino_face(variant) {
            return format!("{attack}-{defense}");
        }
        let name = crate::i18n::translate(&variant.kind(self.kind).name);
        match self.suit {
            Some(suit) => {
                let suit = crate::i18n::translate(&variant.suit(suit).name).to_lowercase();
                match coin_value(variant, self.kind) {
                    Some(value) => crate::tr!("{} {} ({})", suit, value, name),
                    None => crate::tr!("{} {}", suit, name),
                }
            }
            None => name,
        }
    }
}

/// What a piecepack piece of `kind` is on the table: "null", "ace", "2"
/// to "5" for a coin, "pawn"; `None` outside piecepack armies. The value
/// is the kind's label (N for null, A for ace, P for the pawn).
pub fn coin_value(variant: &Variant, kind: KindId) -> Option<String> {
    if !matches!(variant.army, super::variant::ArmyRule::Suited { .. }) {
        return None;
    }
    let label = variant.kind(kind).labels.modern.as_str();
    Some(match label {
        "N" => crate::tr!("null"),
        "A" => crate::tr!("ace"),
        "P" => crate::tr!("pawn"),
        value => value.to_string(),
    })
}

/// A piece of one game: its side and its place in that side's setup, which
/// is ordered by square, so the number tells nothing the board does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId {
    pub side: Side,
    pub index: u8,
}
