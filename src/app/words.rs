//! How the app names pieces, moves and battles, always from one player's view.

use crate::core::battle::BattleResult;
use crate::core::moves::Action;
use crate::core::piece::Piece;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::view::{ViewPiece, ViewPly};

/// Modern (10 = Marshal) or classic (1 = Marshal) rank numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Numbering {
    #[default]
    Modern,
    Classic,
}

/// The short text on a piece: its rank label, a domino's attack/defense.
pub fn label(variant: &Variant, piece: Piece, numbering: Numbering) -> String {
    if let Some((attack, defense)) = piece.domino_face(variant) {
        return format!("{attack}/{defense}");
    }
    let labels = &variant.kind(piece.kind).labels;
    match numbering {
        Numbering::Modern => labels.modern.clone(),
        Numbering::Classic => labels.classic.clone(),
    }
}

/// "Captain", "yellow Miner", "stone 5/2".
pub fn name(variant: &Variant, piece: Piece) -> String {
    if piece.domino_face(variant).is_some() {
        format!("stone {}", piece.describe(variant))
    } else {
        piece.describe(variant)
    }
}

/// A piece as `viewer` knows it: "your Captain", "the enemy Scout", "an enemy yellow coin".
pub fn seen(variant: &Variant, viewer: Side, piece: &ViewPiece) -> String {
    match (piece.owner == viewer, piece.piece) {
        (true, Some(p)) => format!("your {}", name(variant, p)),
        (false, Some(p)) => format!("the enemy {}", name(variant, p)),
        (_, None) => match piece.suit {
            Some(suit) => format!("an enemy {} coin", variant.suit(suit).name.to_lowercase()),
            None => "an enemy piece".to_string(),
        },
    }
}

fn capitalize(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => text,
    }
}

/// One ply told to `viewer`: "Red moved e4-e5.", "Your Major attacked the enemy Captain: your Major wins."
pub fn ply(variant: &Variant, viewer: Side, ply: &ViewPly) -> String {
    let who = if ply.side == viewer {
        "You".to_string()
    } else {
        ply.side.name().to_string()
    };
    match (&ply.action, &ply.battle) {
        (Action::Move(m), Some(b)) => {
            let attacker = seen(variant, viewer, &b.attacker);
            let defender = seen(variant, viewer, &b.defender);
            let result = match b.result {
                BattleResult::AttackerWins => format!("{attacker} wins"),
                BattleResult::DefenderWins => format!("{defender} wins"),
                BattleResult::BothRemoved => "both are removed".to_string(),
            };
            capitalize(format!(
                "{attacker} attacked {defender} on {}: {result}.",
                m.to
            ))
        }
        (Action::Move(m), None) => format!("{who} moved {m}."),
        (Action::Rescue { to, .. }, _) => format!("{who} rescued a piece onto {to}."),
        (Action::SkipRescue, _) => format!("{who} declined a rescue."),
        (Action::Resign(side), _) => format!("{side} resigned."),
        (Action::AgreeDraw, _) => "The players agreed a draw.".to_string(),
    }
}

/// Pieces counted by what they are: "Scout ×2, Miner, enemy piece ×3".
pub fn tally(variant: &Variant, viewer: Side, pieces: &[ViewPiece]) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for piece in pieces {
        let text = match piece.piece {
            Some(p) => name(variant, p),
            None if piece.owner == viewer => "piece".to_string(),
            None => "hidden piece".to_string(),
        };
        match counts.iter_mut().find(|(t, _)| *t == text) {
            Some((_, n)) => *n += 1,
            None => counts.push((text, 1)),
        }
    }
    if counts.is_empty() {
        return "nothing".to_string();
    }
    counts
        .into_iter()
        .map(|(t, n)| if n == 1 { t } else { format!("{t} ×{n}") })
        .collect::<Vec<_>>()
        .join(", ")
}
