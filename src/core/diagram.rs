//! A text picture of a position (the referee's, showing everything), for
//! tests, debugging and bug reports.

use super::position::Position;
use super::side::Side;
use super::square::Square;

/// Rows from the top (Blue's side) down; Red's pieces in upper case, Blue's
/// in lower case, by their modern labels; `~` for water, `.` for empty.
pub fn diagram(position: &Position) -> String {
    let variant = position.variant();
    let board = &variant.board;
    let mut out = String::new();
    for row in (0..board.rows).rev() {
        out.push_str(&format!("{:>2} ", row + 1));
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
                        Side::Red => label.to_uppercase(),
                        Side::Blue => label.to_lowercase(),
                    }
                }
            };
            out.push_str(&format!("{cell:>3}"));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for col in 0..board.columns {
        out.push_str(&format!("{:>3}", (b'a' + col) as char));
    }
    out.push('\n');
    out
}
