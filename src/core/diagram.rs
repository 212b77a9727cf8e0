//! A text picture of a position (the referee's, showing everything), for
//! tests, debugging and bug reports.

use super::position::Position;
use super::side::Side;
use super::square::Square;

/// Rows from the top (Blue's side) down, pieces by their modern labels,
/// Blue's marked with a prime (`10'`); `~` for water or holes, `.` for empty.
pub fn diagram(position: &Position) -> String {
    let variant = position.variant();
    let board = &variant.board;
    let mut out = String::new();
    for row in (0..board.rows).rev() {
        out.push_str(&format!("{:>2}", row + 1));
        for col in 0..board.columns {
            let sq = Square::new(col, row);
            let cell = match position.piece_at(sq) {
                _ if board.is_blocked(sq) => "~".to_string(),
                None => ".".to_string(),
                Some(id) => {
                    let piece = position.piece(id).piece;
                    let label = match piece.domino_face(variant) {
                        Some((a, d)) => format!("{a}{d}"),
                        None => variant.kind(piece.kind).labels.modern.clone(),
                    };
                    match id.side {
                        Side::Red => label,
                        Side::Blue => format!("{label}'"),
                    }
                }
            };
            out.push_str(&format!("{cell:>4}"));
        }
        out.push('\n');
    }
    out.push_str("  ");
    for col in 0..board.columns {
        out.push_str(&format!("{:>4}", (b'a' + col) as char));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::GameOptions;
    use crate::core::piece::Piece;
    use crate::core::setup::Placement;
    use crate::core::variant::builtin_variant;

    #[test]
    fn shows_both_sides_water_and_empty_squares() {
        let variant = builtin_variant("small").unwrap();
        let piece = |key: &str| Piece::new(variant.kind_by_key(key).unwrap());
        let at = |name: &str, key: &str| Placement {
            square: name.parse().unwrap(),
            piece: piece(key),
        };
        let pieces = [
            (Side::Red, at("a1", "flag")),
            (Side::Red, at("b1", "general")),
            (Side::Blue, at("h8", "flag")),
            (Side::Blue, at("b2", "general")),
        ];
        let options = GameOptions::defaults(&variant);
        let position = Position::arrange(variant, options, &pieces, Side::Red).unwrap();
        let text = diagram(&position);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 8   .   .   .   .   .   .   .  F'");
        assert_eq!(lines[4], " 4   .   .   ~   .   .   ~   .   .");
        assert_eq!(lines[6], " 2   .  9'   .   .   .   .   .   .");
        assert_eq!(lines[7], " 1   F   9   .   .   .   .   .   .");
        assert_eq!(lines[8], "     a   b   c   d   e   f   g   h");
    }
}
