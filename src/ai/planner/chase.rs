//! Chases: a known piece next to, or two steps from, a known weaker enemy
//! piece that has nowhere safe to go is a line the search plays a ply
//! deeper, as chess engines extend a check. A chase through open ground is
//! pointless (the chased piece just steps away, and the two-squares rule
//! ends it later than any horizon) and is searched like any move.

use super::battles::BattleTable;
use super::board::{Board, EMPTY, Unit};
use crate::core::battle::BattleResult;
use crate::core::variant::Mobility;

/// The most plies one line is searched deeper for its chases, so that a
/// chase that goes on cannot hold the search in one line.
pub const MAX_CHASE_PLIES: u32 = 4;
/// How far (in steps along rows and columns) a chaser may stand from the
/// piece it chases.
const REACH: i32 = 2;

/// Whether the piece just moved to `at` chases an enemy piece: both of
/// known kind, it beats that piece, which can move, stands within two
/// steps of it, and has at most one empty square beside it that no known
/// enemy piece that beats it stands next to.
pub fn chases<const K: usize>(board: &Board<'_, K>, table: &BattleTable, at: u8) -> bool {
    let Some(chaser) = board.unit_at(at) else {
        return false;
    };
    let Some(strong) = chaser.kind else {
        return false;
    };
    near(board, at).any(|cell| {
        board.unit_at(cell).is_some_and(|prey| {
            prey.side() != chaser.side()
                && prey.kind.is_some_and(|weak| {
                    board.mobility[weak.0 as usize] != Mobility::Immobile
                        && table.result(strong, weak) == BattleResult::AttackerWins
                })
                && safe_squares(board, table, prey) <= 1
        })
    })
}

/// The empty squares beside `prey` where no known enemy piece that beats
/// it would stand next to it.
fn safe_squares<const K: usize>(
    board: &Board<'_, K>,
    table: &BattleTable,
    prey: &Unit<K>,
) -> usize {
    let Some(weak) = prey.kind else {
        return 0;
    };
    let beaten_beside = |cell: u8| {
        (0..4).any(|dir| {
            board
                .neighbour(cell, dir)
                .and_then(|n| board.unit_at(n))
                .is_some_and(|u| {
                    u.side() != prey.side()
                        && u.kind
                            .is_some_and(|k| table.result(k, weak) == BattleResult::AttackerWins)
                })
        })
    };
    (0..4)
        .filter_map(|dir| board.neighbour(prey.cell, dir))
        .filter(|&cell| board.cells[cell as usize] == EMPTY && !beaten_beside(cell))
        .count()
}

/// The cells within `REACH` steps of `at`, `at` left out.
fn near<'a, const K: usize>(board: &'a Board<'_, K>, at: u8) -> impl Iterator<Item = u8> + 'a {
    let (columns, rows) = (i32::from(board.columns), i32::from(board.rows));
    let (col, row) = (i32::from(at) % columns, i32::from(at) / columns);
    (-REACH..=REACH).flat_map(move |dr| {
        let spread = REACH - dr.abs();
        (-spread..=spread).filter_map(move |dc| {
            let (c, r) = (col + dc, row + dr);
            let inside = c >= 0 && r >= 0 && c < columns && r < rows;
            (inside && (dc, dr) != (0, 0)).then(|| (r * columns + c) as u8)
        })
    })
}
