//! Zobrist keys for the planner's transposition table: a random number for
//! every piece on every cell, for every piece whose kind the searching
//! player knows, that has moved and that the enemy has seen, for where
//! each side stands with the two-squares rule, and for Blue to move. Drawn from a fixed seed, so a
//! position has the same key in every search.

use crate::core::piece::PieceId;
use crate::core::side::Side;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Pieces per side the table has room for.
const PIECES: usize = 64;
/// Cells the table has room for (a 16x16 board).
const CELLS: usize = 256;

pub struct Zobrist {
    placed: Vec<u64>,
    known: Vec<u64>,
    moved: Vec<u64>,
    revealed: Vec<u64>,
    /// By side and cell, for the two squares of a run.
    shuttle: Vec<u64>,
    pub blue_to_move: u64,
}

impl Zobrist {
    pub fn new() -> Zobrist {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_5a7e_9070);
        Zobrist {
            placed: (0..2 * PIECES * CELLS).map(|_| rng.next_u64()).collect(),
            known: (0..2 * PIECES).map(|_| rng.next_u64()).collect(),
            blue_to_move: rng.next_u64(),
            moved: (0..2 * PIECES).map(|_| rng.next_u64()).collect(),
            revealed: (0..2 * PIECES).map(|_| rng.next_u64()).collect(),
            shuttle: (0..2 * CELLS).map(|_| rng.next_u64()).collect(),
        }
    }

    fn piece(id: PieceId) -> usize {
        let side = usize::from(id.side == Side::Blue);
        side * PIECES + (id.index as usize % PIECES)
    }

    /// The key of piece `id` standing on `cell`.
    pub fn placed(&self, id: PieceId, cell: u8) -> u64 {
        self.placed[Self::piece(id) * CELLS + cell as usize]
    }

    /// The key of knowing piece `id`'s kind.
    pub fn known(&self, id: PieceId) -> u64 {
        self.known[Self::piece(id)]
    }

    /// The key of piece `id` having moved.
    pub fn moved(&self, id: PieceId) -> u64 {
        self.moved[Self::piece(id)]
    }

    /// The key of the enemy knowing piece `id`'s kind.
    pub fn revealed(&self, id: PieceId) -> u64 {
        self.revealed[Self::piece(id)]
    }

    /// The key of `side` having moved one piece `run` times in a row
    /// between cells `from` and `to`, the last time from `from`.
    pub fn shuttle(&self, side: Side, from: u8, to: u8, run: u8) -> u64 {
        let base = usize::from(side == Side::Blue) * CELLS;
        self.shuttle[base + from as usize]
            ^ self.shuttle[base + to as usize].rotate_left(u32::from(run))
    }
}
