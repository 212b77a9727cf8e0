//! Bitboards of each side's pieces, kept beside the board's cells, so a
//! random playout can count the side to move's legal moves and pick one
//! uniformly without writing each move down (`Position::sample_move`), and
//! the computer players' rollouts can find a side's attacks
//! (`Position::attacks_into`).
//!
//! One bit per square, row by row, each row followed by one guard bit that is
//! never a square: a step off the left or right edge lands on a guard bit
//! (or off the number), a step off the top or bottom shifts out of the
//! number, so masking with the open squares is the only edge check.

use rand::{Rng, RngExt};

/// No bit: a border cell of the padded board.
const NO_BIT: u8 = u8::MAX;
/// The longest line move a layout allows (classic has 9), so that the
/// groups of one count fit in a `Groups` of fixed size.
const MAX_RUN: usize = 16;
/// Groups of moves one count can produce: steps in 4 directions, lines in 4
/// directions of up to `MAX_RUN` squares.
const MAX_GROUPS: usize = 4 + 4 * MAX_RUN;

/// How a board's padded cells map to bits, for boards that fit in 128 bits.
#[derive(Debug)]
pub(crate) struct BitLayout {
    /// The bit of each padded cell, or `NO_BIT` for border cells.
    bit_of_cell: Vec<u8>,
    /// The padded cell of each bit (0, a border cell, for guard bits).
    cell_of_bit: [u16; 128],
    /// The squares a piece may stand on (the board less its blocked squares).
    open: u128,
    /// The bit distance of one step right, left, down and up, in the order of
    /// the padded board's directions.
    deltas: [i32; 4],
}

impl BitLayout {
    /// The layout of a board of `rows` x `columns` whose padded cells
    /// (`stride` = columns + 2 wide, a border all round) are `open` where a
    /// piece may stand; `None` when it does not fit (more than 128 bits, or
    /// lines longer than `MAX_RUN`).
    pub(crate) fn new(rows: usize, columns: usize, open_cells: &[bool]) -> Option<BitLayout> {
        let width = columns + 1;
        if rows * width > 128 || rows.max(columns) > MAX_RUN + 1 {
            return None;
        }
        let stride = columns + 2;
        let mut bit_of_cell = vec![NO_BIT; open_cells.len()];
        let mut cell_of_bit = [0u16; 128];
        let mut open = 0u128;
        for row in 0..rows {
            for col in 0..columns {
                let cell = (row + 1) * stride + col + 1;
                let bit = row * width + col;
                bit_of_cell[cell] = bit as u8;
                cell_of_bit[bit] = cell as u16;
                if open_cells[cell] {
                    open |= 1 << bit;
                }
            }
        }
        let width = width as i32;
        Some(BitLayout {
            bit_of_cell,
            cell_of_bit,
            open,
            deltas: [1, -1, width, -width],
        })
    }

    fn bit(&self, cell: u16) -> u128 {
        1 << self.bit_of_cell[cell as usize]
    }
}

/// Scratch space for `Bitboards::pick`: the groups of one count, reused
/// from ply to ply rather than cleared on the stack each time.
#[derive(Debug, Clone)]
pub(crate) struct Groups([(u128, i32); MAX_GROUPS]);

impl Default for Groups {
    fn default() -> Groups {
        Groups([(0, 0); MAX_GROUPS])
    }
}

/// How a piece moves, as far as the bitboards care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mover {
    /// Bombs, flags: they only stand in the way.
    Immobile,
    /// One square orthogonally.
    Step,
    /// Any number of empty squares in a line.
    Line,
    /// Not drawn by the bitboards (two-steppers): games with them list
    /// their moves.
    Other,
}

/// Each side's pieces as bits of a `BitLayout`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Bitboards {
    occupied: [u128; 2],
    steppers: [u128; 2],
    runners: [u128; 2],
}

impl Bitboards {
    /// Puts a piece of `side` on `cell`.
    pub(crate) fn put(&mut self, layout: &BitLayout, side: usize, cell: u16, mover: Mover) {
        let bit = layout.bit(cell);
        self.occupied[side] |= bit;
        match mover {
            Mover::Step => self.steppers[side] |= bit,
            Mover::Line => self.runners[side] |= bit,
            Mover::Immobile | Mover::Other => {}
        }
    }

    /// Takes whatever piece of `side` stands on `cell` off.
    pub(crate) fn take(&mut self, layout: &BitLayout, side: usize, cell: u16) {
        let keep = !layout.bit(cell);
        self.occupied[side] &= keep;
        self.steppers[side] &= keep;
        self.runners[side] &= keep;
    }

    /// Moves the piece of `side` on `from` to the empty `to`.
    pub(crate) fn shift_piece(&mut self, layout: &BitLayout, side: usize, from: u16, to: u16) {
        let (from, to) = (layout.bit(from), layout.bit(to));
        let both = from | to;
        self.occupied[side] ^= both;
        if self.steppers[side] & from != 0 {
            self.steppers[side] ^= both;
        } else if self.runners[side] & from != 0 {
            self.runners[side] ^= both;
        }
    }

    /// One of the moves of `side`'s steppers and runners (the two-squares
    /// and chase rules aside), drawn uniformly at random, as padded cells;
    /// `None` when there is none. `groups` is scratch space.
    pub(crate) fn pick(
        &self,
        layout: &BitLayout,
        side: usize,
        groups: &mut Groups,
        rng: &mut impl Rng,
    ) -> Option<(u16, u16)> {
        let (count, total) = self.groups(layout, side, &mut groups.0);
        if total == 0 {
            return None;
        }
        let mut n = rng.random_range(0..total);
        for &(targets, offset) in &groups.0[..count] {
            let size = targets.count_ones();
            if n < size {
                let to = nth_bit(targets, n);
                let from = (to as i32 - offset) as usize;
                return Some((layout.cell_of_bit[from], layout.cell_of_bit[to as usize]));
            }
            n -= size;
        }
        unreachable!("n is below the total of the groups' sizes")
    }

    /// Calls `found` with each move of `side`'s steppers and runners onto an
    /// enemy piece (the two-squares rule aside), as padded cells.
    pub(crate) fn attacks(&self, layout: &BitLayout, side: usize, mut found: impl FnMut(u16, u16)) {
        let enemy = self.occupied[1 - side];
        let empty = layout.open & !(self.occupied[0] | self.occupied[1]);
        let mut each = |mut targets: u128, offset: i32| {
            while targets != 0 {
                let to = targets.trailing_zeros() as i32;
                targets &= targets - 1;
                let from = (to - offset) as usize;
                found(layout.cell_of_bit[from], layout.cell_of_bit[to as usize]);
            }
        };
        for delta in layout.deltas {
            each(shift(self.steppers[side], delta) & enemy, delta);
            walk_lines(layout, self.runners[side], empty, delta, |reach, offset| {
                each(reach & enemy, offset)
            });
        }
    }

    /// Writes the non-empty groups of `side`'s moves into `groups`: the
    /// target squares of all moves that share one bit offset (from =
    /// to - offset), steps first, then lines square by square. Returns the
    /// number of groups and of moves.
    fn groups(
        &self,
        layout: &BitLayout,
        side: usize,
        groups: &mut [(u128, i32); MAX_GROUPS],
    ) -> (usize, u32) {
        let empty = layout.open & !(self.occupied[0] | self.occupied[1]);
        let lands = empty | self.occupied[1 - side];
        let (mut count, mut total) = (0, 0);
        let mut add = |targets: u128, offset: i32| {
            if targets != 0 {
                groups[count] = (targets, offset);
                count += 1;
                total += targets.count_ones();
            }
        };
        for delta in layout.deltas {
            add(shift(self.steppers[side], delta) & lands, delta);
        }
        for delta in layout.deltas {
            walk_lines(layout, self.runners[side], empty, delta, |reach, offset| {
                add(reach & lands, offset)
            });
        }
        (count, total)
    }
}

/// Moves `runners` along `delta` square by square, calling `step` with the
/// squares reached at each distance and the bit offset back to their
/// runners; a runner goes on only from an `empty` square.
fn walk_lines(
    layout: &BitLayout,
    runners: u128,
    empty: u128,
    delta: i32,
    mut step: impl FnMut(u128, i32),
) {
    let mut reach = runners;
    let mut offset = 0;
    while reach != 0 {
        offset += delta;
        reach = shift(reach, delta) & layout.open;
        step(reach, offset);
        reach &= empty;
    }
}

/// `bits` moved `delta` bits up (down when negative); a layout's deltas are
/// under 128 (its lines are at most `MAX_RUN` + 1 squares).
fn shift(bits: u128, delta: i32) -> u128 {
    if delta >= 0 {
        bits << delta
    } else {
        bits >> -delta
    }
}

/// The position of the `n`th lowest set bit of `bits` (`n` below their count).
fn nth_bit(bits: u128, mut n: u32) -> u32 {
    let low = bits as u64;
    let (mut word, base) = if n < low.count_ones() {
        (low, 0)
    } else {
        n -= low.count_ones();
        ((bits >> 64) as u64, 64)
    };
    for _ in 0..n {
        word &= word - 1;
    }
    base + word.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_counts_set_bits_from_the_lowest_across_both_words() {
        let bits = 0b1011_0000u128 | (1 << 70) | (1 << 127);
        let found: Vec<u32> = (0..bits.count_ones()).map(|n| nth_bit(bits, n)).collect();
        assert_eq!(found, vec![4, 5, 7, 70, 127]);
    }

    #[test]
    fn boards_that_do_not_fit_have_no_layout() {
        let cells = |rows: usize, cols: usize| vec![true; (rows + 2) * (cols + 2)];
        assert!(BitLayout::new(10, 10, &cells(10, 10)).is_some());
        // 11 rows of 11 columns and a guard bit: 132 bits.
        assert!(BitLayout::new(11, 11, &cells(11, 11)).is_none());
        // Fits in 128 bits, but its lines are longer than MAX_RUN.
        assert!(BitLayout::new(2, 40, &cells(2, 40)).is_none());
    }
}
