//! How a lesson file writes squares, pieces and actions ("e4",
//! "scout/yellow", "5-2", "d4-d7", "rescue marshal e2", "no rescue"), read
//! against the lesson's variant; each problem is added to the list with
//! where it is.

use crate::core::{Action, Piece, Position, Side, Square, Variant};

/// "red" or "blue", as a lesson file's position names the sides.
pub(super) fn side_key(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Blue => "blue",
    }
}

pub(super) fn parse_square(text: &str, at: &str, problems: &mut Vec<String>) -> Option<Square> {
    text.parse()
        .map_err(|e| problems.push(format!("{at}: {e}")))
        .ok()
}

/// "scout", "scout/yellow", "2-5" or "5-2".
pub(super) fn parse_piece(
    variant: &Variant,
    side: Side,
    text: &str,
    at: &str,
    problems: &mut Vec<String>,
) -> Option<Piece> {
    let (kind_text, suit_text) = match text.split_once('/') {
        Some((kind, suit)) => (kind, Some(suit)),
        None => (text, None),
    };
    if let Some((a, b)) = kind_text.split_once('-')
        && let (Ok(a), Ok(b)) = (a.parse::<u8>(), b.parse::<u8>())
    {
        let key = format!("{}-{}", a.min(b), a.max(b));
        if let Some(kind) = variant.kind_by_key(&key) {
            return Some(Piece {
                flipped: a > b,
                ..Piece::new(kind)
            });
        }
    }
    let Some(kind) = variant.kind_by_key(kind_text) else {
        problems.push(format!(
            "{at}: \"{kind_text}\" is not a piece of {}",
            variant.id
        ));
        return None;
    };
    match suit_text {
        None if variant.suits.is_empty() => Some(Piece::new(kind)),
        None => {
            problems.push(format!(
                "{at}: \"{text}\" needs its suit (like {kind_text}/{})",
                variant
                    .suits_of(side)
                    .next()
                    .map_or("?".to_string(), |s| variant.suit(s).key.clone())
            ));
            None
        }
        Some(suit) => match variant.suit_by_key(suit) {
            Some(suit) if variant.suit(suit).side == side => Some(Piece::with_suit(kind, suit)),
            _ => {
                problems.push(format!(
                    "{at}: \"{suit}\" is not a suit of {}'s army",
                    side_key(side)
                ));
                None
            }
        },
    }
}

/// "d4-d7", "rescue marshal e2" or "no rescue", played on `position`.
pub(super) fn parse_action(
    variant: &Variant,
    position: &Position,
    text: &str,
    at: &str,
    problems: &mut Vec<String>,
) -> Option<Action> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["no", "rescue"] => Some(Action::SkipRescue),
        ["rescue", kind, square] => {
            let square = parse_square(square, at, problems)?;
            let side = position.to_move();
            let piece = position
                .captured(side)
                .find(|id| variant.kind(position.piece(*id).piece.kind).key == *kind);
            match piece {
                Some(piece) => Some(Action::Rescue { piece, to: square }),
                None => {
                    problems.push(format!("{at}: {side} has no captured \"{kind}\""));
                    None
                }
            }
        }
        [one] => one
            .parse()
            .map(Action::Move)
            .map_err(|e| problems.push(format!("{at}: {e}")))
            .ok(),
        _ => {
            problems.push(format!(
                "{at}: not an action (write \"d4-d7\", \"rescue marshal e2\" or \"no rescue\")"
            ));
            None
        }
    }
}
