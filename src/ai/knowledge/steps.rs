//! Walking distances on the board: the fewest single steps between
//! squares round the blocked squares and whatever else stands still (the
//! bombs and flags a side can see). Walking "as the crow flies" sent a
//! hunter to the square beside its own bomb nearest its prey and left it
//! there, and counted a miner behind a lake as near our flag (issue 48).

use crate::core::square::Square;
use crate::core::variant::{Mobility, Variant};
use crate::core::view::PlayerView;
use std::collections::VecDeque;

/// For every square of the board (row by row, `cell`), the fewest steps
/// from the nearest of `from` (`u32::MAX` where none reaches). Blocked
/// squares are never entered; a square `wall` names may end a walk (a
/// piece attacks what stands there) but is not walked through. A square of
/// `from` counts 0 even if it is walled.
pub fn steps_from(variant: &Variant, from: &[Square], wall: impl Fn(Square) -> bool) -> Vec<u32> {
    let board = &variant.board;
    let mut steps = vec![u32::MAX; board.columns as usize * board.rows as usize];
    let mut queue = VecDeque::new();
    for &sq in from.iter().filter(|sq| board.contains(**sq)) {
        steps[cell(variant, sq)] = 0;
        queue.push_back(sq);
    }
    while let Some(sq) = queue.pop_front() {
        let next = steps[cell(variant, sq)] + 1;
        for n in board.neighbours(sq) {
            if board.is_blocked(n) || steps[cell(variant, n)] != u32::MAX {
                continue;
            }
            steps[cell(variant, n)] = next;
            if !wall(n) {
                queue.push_back(n);
            }
        }
    }
    steps
}

/// `square`'s place in a row-by-row list of the board's squares.
pub fn cell(variant: &Variant, square: Square) -> usize {
    place(variant.board.columns as usize, square)
}

/// `square`'s place in a row-by-row list of a board `columns` wide.
fn place(columns: usize, square: Square) -> usize {
    square.row as usize * columns + square.col as usize
}

/// The steps between every two squares (`steps_from` each), worked out
/// once per search: about 10,000 numbers on a 10x10 board.
pub struct Steps {
    columns: usize,
    cells: usize,
    table: Vec<u32>,
}

impl Steps {
    /// Round `wall`'s squares, as `steps_from`.
    pub fn new(variant: &Variant, wall: impl Fn(Square) -> bool) -> Steps {
        let board = &variant.board;
        let cells = board.columns as usize * board.rows as usize;
        let mut table = Vec::with_capacity(cells * cells);
        for square in board.squares() {
            table.extend(steps_from(variant, &[square], &wall));
        }
        Steps {
            columns: board.columns as usize,
            cells,
            table,
        }
    }

    /// Round the pieces that never move as `view` shows them: the viewer's
    /// bombs and flags and the enemy's it has seen.
    pub fn in_view(view: &PlayerView) -> Steps {
        let variant = &*view.variant;
        Steps::new(variant, |square| {
            view.at(square)
                .and_then(|p| p.piece)
                .is_some_and(|p| variant.kind(p.kind).mobility == Mobility::Immobile)
        })
    }

    /// The fewest steps from `from` to `to` (`u32::MAX` where none reaches).
    pub fn between(&self, from: Square, to: Square) -> u32 {
        self.table[place(self.columns, from) * self.cells + place(self.columns, to)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;

    fn at(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn steps_go_round_lakes_and_walls() {
        let classic = builtin_variant("classic").unwrap();
        // c4 to c7 is 3 steps as the crow flies, but c5 and c6 are lake.
        let open = steps_from(&classic, &[at("c4")], |_| false);
        assert_eq!(open[cell(&classic, at("c7"))], 5);
        // Walling b4..b7 leaves the way round by e4..e7.
        let west = ["b4", "b5", "b6", "b7"].map(at);
        let round = steps_from(&classic, &[at("c4")], |sq| west.contains(&sq));
        assert_eq!(round[cell(&classic, at("c7"))], 7);
        // A wall ends a walk (b4, beside c4) but is not walked through
        // (a4 by b3 and a3, not by b4).
        assert_eq!(round[cell(&classic, at("b4"))], 1);
        assert_eq!(round[cell(&classic, at("a4"))], 4);
        // Walling every side of c4 (c5 is lake) shuts it in; it still
        // counts 0 steps from itself though it is walled too.
        let sides = ["b4", "d4", "c3", "c4"].map(at);
        let shut = steps_from(&classic, &[at("c4")], |sq| sides.contains(&sq));
        assert_eq!(shut[cell(&classic, at("c7"))], u32::MAX);
        assert_eq!(shut[cell(&classic, at("d4"))], 1);
        assert_eq!(shut[cell(&classic, at("c4"))], 0);
    }

    #[test]
    fn the_table_holds_every_walk() {
        let classic = builtin_variant("classic").unwrap();
        let west = ["b4", "b5", "b6", "b7"].map(at);
        let steps = Steps::new(&classic, |sq| west.contains(&sq));
        assert_eq!(steps.between(at("c4"), at("c7")), 7);
        assert_eq!(steps.between(at("c7"), at("c4")), 7);
        assert_eq!(steps.between(at("a1"), at("a1")), 0);
        assert_eq!(steps.between(at("a1"), at("j10")), 18);
    }
}
