//! How the app names pieces, moves and battles, always from one player's view.

use crate::core::battle::BattleResult;
use crate::core::moves::{Action, Move};
use crate::core::piece::{Piece, coin_value};
use crate::core::side::Side;
use crate::core::variant::{KindId, SuitId, Variant};
use crate::core::view::{ViewBattle, ViewPiece, ViewPly};
use crate::i18n::translate;

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
        return format!("{attack}-{defense}");
    }
    let labels = &variant.kind(piece.kind).labels;
    match numbering {
        Numbering::Modern => labels.modern.clone(),
        Numbering::Classic => labels.classic.clone(),
    }
}

/// "1 move", "30 moves": how far a game of `plies` moves on the board
/// went, counted as players count (and chess does): Red's move and Blue's
/// answer are one move, so 60 plies are 30 moves and 7 are 4.
pub fn moves_count(plies: usize) -> String {
    let moves = move_number_after(plies);
    if moves == 1 {
        crate::tr!("1 move")
    } else {
        crate::tr!("{} moves", moves)
    }
}

/// How many moves `plies` plies make, as `moves_count` counts them.
pub fn move_number_after(plies: usize) -> usize {
    plies.div_ceil(2)
}

/// How many of `actions` are moves on the board (what `moves_count`
/// counts: not a rescue, a resignation, the clock's verdict or a draw).
pub fn board_moves<'a>(actions: impl IntoIterator<Item = &'a Action>) -> usize {
    actions
        .into_iter()
        .filter(|action| matches!(action, Action::Move(_)))
        .count()
}

/// The number of the move each of `actions` belongs to, as the move lists,
/// the replay and the finished games' list count them: board moves 1 and 2
/// are move 1; a rescue, a resignation or the clock's verdict belongs to
/// the move before it.
pub fn move_numbers<'a>(actions: impl IntoIterator<Item = &'a Action>) -> Vec<usize> {
    let mut board = 0;
    actions
        .into_iter()
        .map(|action| {
            board += usize::from(matches!(action, Action::Move(_)));
            move_number_after(board.max(1))
        })
        .collect()
}

/// "Red", "Blue", in the current language (`Side`'s `Display`).
pub fn side_name(side: Side) -> String {
    side.to_string()
}

/// A suit's name as it reads inside a phrase: "yellow", "black".
pub fn suit_name(variant: &Variant, suit: SuitId) -> String {
    translate(&variant.suit(suit).name).to_lowercase()
}

/// A piecepack suit by its symbol, its colour after it: "suns (red)",
/// never a bare colour that reads like a player ("Red").
pub fn suit_title(variant: &Variant, suit: SuitId) -> String {
    let symbol = match crate::print::piecepack_looks::suit_look(&variant.suit(suit).key).symbol {
        0 => crate::tr!("suns"),
        1 => crate::tr!("moons"),
        2 => crate::tr!("crowns"),
        _ => crate::tr!("arms"),
    };
    crate::tr!("{} ({})", symbol, suit_name(variant, suit))
}

/// "Captain", "yellow 3 (Miner)", "stone 5-2".
pub fn name(variant: &Variant, piece: Piece) -> String {
    if piece.domino_face(variant).is_some() {
        crate::tr!("stone {}", piece.describe(variant))
    } else {
        piece.describe(variant)
    }
}

/// A kind as the deal and the key name it: "null (Flag)" for a piecepack
/// coin (its value on the table, then the rank it plays as), else "Flag".
pub fn kind_name(variant: &Variant, kind: KindId) -> String {
    let name = translate(&variant.kind(kind).name);
    match coin_value(variant, kind) {
        Some(value) => crate::tr!("{} ({})", value, name),
        None => name,
    }
}

/// Piecepack: what each coin value and the pawn play as, in the army's
/// order ("Key: ace = Captain, 5 = Lieutenant, …"); `None` for other games.
pub fn coin_key(variant: &Variant) -> Option<String> {
    let pairs: Vec<String> = (0..variant.kinds.len())
        .filter_map(|i| {
            let kind = KindId(i as u8);
            let value = coin_value(variant, kind)?;
            Some(format!("{value} = {}", translate(&variant.kind(kind).name)))
        })
        .collect();
    (!pairs.is_empty()).then(|| crate::tr!("Key: {}", pairs.join(", ")))
}

/// A piece as `viewer` knows it: "your Captain", "the enemy Scout", "an enemy yellow coin".
pub fn seen(variant: &Variant, viewer: Side, piece: &ViewPiece) -> String {
    match (piece.owner == viewer, piece.piece) {
        (true, Some(p)) => crate::tr!("your {}", name(variant, p)),
        (false, Some(p)) => crate::tr!("the enemy {}", name(variant, p)),
        (_, None) => match piece.suit {
            Some(suit) => crate::tr!("an enemy {} coin", suit_name(variant, suit)),
            None => crate::tr!("an enemy piece"),
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
    let mine = ply.side == viewer;
    let who = side_name(ply.side);
    match (&ply.action, &ply.battle) {
        (Action::Move(m), Some(b)) => {
            let attacker = seen(variant, viewer, &b.attacker);
            let defender = seen(variant, viewer, &b.defender);
            let result = match b.result {
                BattleResult::AttackerWins => crate::tr!("{} wins", attacker),
                BattleResult::DefenderWins => crate::tr!("{} wins", defender),
                BattleResult::BothRemoved => crate::tr!("both are removed"),
            };
            capitalize(crate::tr!(
                "{} attacked {} on {}: {}.",
                attacker,
                defender,
                m.to,
                result
            ))
        }
        (Action::Move(m), None) if mine => crate::tr!("You moved {}.", m),
        (Action::Move(m), None) => crate::tr!("{} moved {}.", who, m),
        (Action::Rescue { to, .. }, _) if mine => crate::tr!("You rescued a piece onto {}.", to),
        (Action::Rescue { to, .. }, _) => crate::tr!("{} rescued a piece onto {}.", who, to),
        (Action::SkipRescue, _) if mine => crate::tr!("You declined a rescue."),
        (Action::SkipRescue, _) => crate::tr!("{} declined a rescue.", who),
        (Action::Resign(side), _) => crate::tr!("{} resigned.", side_name(*side)),
        (Action::OutOfTime(side), _) => crate::tr!("{}'s time ran out.", side_name(*side)),
        (Action::AgreeDraw, _) => crate::tr!("The players agreed a draw."),
    }
}

/// A battle as the move list shows it: "e4-e5: Captain 6 × Scout 2, Red
/// wins", each piece as far as `display`'s viewer was shown it.
pub fn battle_line(
    variant: &Variant,
    attack: Move,
    battle: &ViewBattle,
    display: &super::Display,
) -> String {
    let piece = |seen: &ViewPiece| match seen.piece {
        Some(p) if p.domino_face(variant).is_some() => label(variant, p, display.numbering),
        Some(p) => format!(
            "{} {}",
            translate(&variant.kind(p.kind).name),
            label(variant, p, display.numbering)
        ),
        None => crate::tr!("hidden piece"),
    };
    let (attacker, defender) = (piece(&battle.attacker), piece(&battle.defender));
    match battle.result {
        BattleResult::AttackerWins => crate::tr!(
            "{}: {} × {}, {} wins",
            attack,
            attacker,
            defender,
            side_name(battle.attacker.owner)
        ),
        BattleResult::DefenderWins => crate::tr!(
            "{}: {} × {}, {} wins",
            attack,
            attacker,
            defender,
            side_name(battle.defender.owner)
        ),
        BattleResult::BothRemoved => {
            crate::tr!("{}: {} × {}, both out", attack, attacker, defender)
        }
    }
}

/// Pieces counted by what they are: "Scout ×2, Miner, enemy piece ×3".
pub fn tally(variant: &Variant, viewer: Side, pieces: &[ViewPiece]) -> String {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for piece in pieces {
        let text = match piece.piece {
            Some(p) => name(variant, p),
            None if piece.owner == viewer => crate::tr!("piece"),
            None => crate::tr!("hidden piece"),
        };
        match counts.iter_mut().find(|(t, _)| *t == text) {
            Some((_, n)) => *n += 1,
            None => counts.push((text, 1)),
        }
    }
    if counts.is_empty() {
        return crate::tr!("nothing");
    }
    crate::i18n::comma_list(counts.into_iter().map(|(t, n)| {
        if n == 1 {
            t
        } else {
            crate::tr!("{} ×{}", t, n)
        }
    }))
}

/// What the other player did since the viewer last acted, in words.
pub fn news(variant: &Variant, viewer: Side, plies: &[ViewPly]) -> String {
    crate::i18n::sentences(plies.iter().map(|p| ply(variant, viewer, p)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::square::Square;

    #[test]
    fn moves_are_numbered_by_the_board_moves_before_them() {
        let step = |from: &str, to: &str| {
            Action::Move(Move::new(
                from.parse::<Square>().unwrap(),
                to.parse::<Square>().unwrap(),
            ))
        };
        let actions = [
            step("a4", "a5"),
            step("a7", "a6"),
            step("b4", "b5"),
            Action::Resign(Side::Blue),
        ];
        assert_eq!(move_numbers(&actions), [1, 1, 2, 2]);
        assert_eq!(board_moves(&actions), 3);
        assert_eq!(moves_count(board_moves(&actions)), "2 moves");
        assert_eq!(move_numbers(&[Action::Resign(Side::Red)]), [1]);
    }
}
