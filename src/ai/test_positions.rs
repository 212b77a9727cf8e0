//! Positions built square by square for the AI's unit tests.

use crate::core::moves::{Action, Move};
use crate::core::side::Side;
use crate::core::view::PlayerView;

/// Red's view of a classic position for unit tests, after `moves` (Red
/// first) from the flags on a1 and j10 and `pieces` (side, square, kind key).
pub(crate) fn test_red_view(pieces: &[(Side, &str, &str)], moves: &[(&str, &str)]) -> PlayerView {
    let mut position = test_position("classic", pieces, Side::Red);
    for (from, to) in moves {
        let m = Move::new(from.parse().unwrap(), to.parse().unwrap());
        position.play(Action::Move(m)).unwrap();
    }
    PlayerView::new(&position, Side::Red)
}

/// A position of the built-in variant `id` for unit tests: Red's flag on
/// a1, Blue's on j10, then `pieces` (side, square, kind key), with
/// `to_move` to play.
pub(crate) fn test_position(
    id: &str,
    pieces: &[(Side, &str, &str)],
    to_move: Side,
) -> crate::core::position::Position {
    test_position_with(id, pieces, to_move, |_| {})
}

/// `test_position`, with the default options changed by `options`.
pub(crate) fn test_position_with(
    id: &str,
    pieces: &[(Side, &str, &str)],
    to_move: Side,
    options: impl FnOnce(&mut crate::core::options::GameOptions),
) -> crate::core::position::Position {
    use crate::core::setup::Placement;
    let variant = crate::core::variant::builtin_variant(id).unwrap();
    let at = |side: Side, square: &str, key: &str| {
        let piece = crate::core::piece::Piece::new(variant.kind_by_key(key).unwrap());
        let square = square.parse().unwrap();
        (side, Placement { square, piece })
    };
    let mut all = vec![at(Side::Red, "a1", "flag"), at(Side::Blue, "j10", "flag")];
    all.extend(pieces.iter().map(|(side, sq, key)| at(*side, sq, key)));
    let mut defaults = crate::core::options::GameOptions::defaults(&variant);
    options(&mut defaults);
    crate::core::position::Position::arrange(variant, defaults, &all, to_move).unwrap()
}
