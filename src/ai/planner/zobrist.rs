//! Zobrist keys for the planner's transposition table: a random number for
//! every piece on every cell, for every piece whose kind the searching
//! player knows, and for Blue to move. Drawn from a fixed seed, so a
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
    pub blue_to_move: u64,
}

impl Zobrist {
    pub fn new() -> Zobrist {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_5a7e_9070);
        Zobrist {
            placed: (0..2 * PIECES * CELLS).map(|_| rng.next_u64()).collect(),
            known: (0..2 * PIECES).map(|_| rng.next_u64()).collect(),
            blue_to_move: rng.next_u64(),
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
}
