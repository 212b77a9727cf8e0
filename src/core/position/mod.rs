//! The rules' interface: the full state of a game between moves
//! (`Position`, here) and what each action did (`PlyReport`). This is the
//! referee's knowledge: players see it only through `view`. By idea:
//! setting a position up in `arrange`, its legal moves in `generate`,
//! `check_move` in `check`, `play` (moves and battles) in `play`, the
//! Rescue option in `rescue`, the turn passing and the game ending in
//! `turn`; the playouts' unchecked fast path in `playout_moves`, the
//! stand-in for an army known only by a guess in `guessed_army`.

mod arrange;
mod check;
mod generate;
mod guessed_army;
mod play;
pub(crate) mod playout_moves;
mod rescue;
mod turn;

use super::battle::BattleResult;
use super::bitboard::{BitLayout, Bitboards, Mover};
use super::chase::{Chase, ChaseBoard};
use super::moves::{Action, Move, Outcome};
use super::options::GameOptions;
use super::piece::{Piece, PieceId};
use super::side::Side;
use super::square::Square;
use super::two_squares::{TwoSquareRun, TwoSquareTrack};
use super::variant::{Mobility, Variant};
use std::sync::Arc;

const EMPTY: u8 = 0;
const BLOCKED: u8 = 255;
/// Padded index 0 is a border cell, so it can mark a captured piece.
const CAPTURED: u16 = 0;
const BLUE_BASE: u8 = 128;

impl ChaseBoard for Position {
    fn occupant(&self, cell: u16) -> Option<PieceId> {
        piece_of_cell(self.cells[cell as usize])
    }

    fn steps(&self) -> [isize; 4] {
        self.geometry.dirs
    }

    /// FNV-1a over the cells.
    fn key(&self, moved: Option<(u16, u16)>) -> u64 {
        let mover = moved.map(|(from, _)| self.cells[from as usize]);
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        for (i, &cell) in self.cells.iter().enumerate() {
            let cell = match moved {
                Some((from, _)) if i == from as usize => EMPTY,
                Some((_, to)) if i == to as usize => mover.unwrap_or(cell),
                _ => cell,
            };
            hash = (hash ^ u64::from(cell)).wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }
}

/// Board cells hold EMPTY, BLOCKED, 1 + index for Red pieces and 128 + index
/// for Blue pieces, on a grid with a blocked border so no bounds checks are needed.
fn cell_of(id: PieceId) -> u8 {
    match id.side {
        Side::Red => 1 + id.index,
        Side::Blue => BLUE_BASE + id.index,
    }
}

fn piece_of_cell(cell: u8) -> Option<PieceId> {
    match cell {
        EMPTY | BLOCKED => None,
        c if c < BLUE_BASE => Some(PieceId {
            side: Side::Red,
            index: c - 1,
        }),
        c => Some(PieceId {
            side: Side::Blue,
            index: c - BLUE_BASE,
        }),
    }
}

/// For each side, the cells a piece of that side may move onto: empty
/// squares and enemy pieces.
const LANDING: [[bool; 256]; 2] = {
    let mut table = [[false; 256]; 2];
    let mut cell = 0;
    while cell < 256 {
        let c = cell as u8;
        table[0][cell] = c == EMPTY || (c >= BLUE_BASE && c != BLOCKED);
        table[1][cell] = c == EMPTY || (c >= 1 && c < BLUE_BASE);
        cell += 1;
    }
    table
};

/// The board's shape, shared by every copy of a position.
#[derive(Debug)]
struct Geometry {
    variant: Arc<Variant>,
    /// Whether the army has pieces that move in lines, and two-steppers.
    has_runners: bool,
    has_two_steppers: bool,
    stride: usize,
    dirs: [isize; 4],
    squares: Vec<Option<Square>>,
    blank: Vec<u8>,
    /// The cells as bits, for boards that fit (see `bitboard`).
    bits: Option<BitLayout>,
}

impl Geometry {
    fn new(variant: Arc<Variant>) -> Geometry {
        let board = &variant.board;
        let stride = board.columns as usize + 2;
        let cells = stride * (board.rows as usize + 2);
        let mut squares = vec![None; cells];
        let mut blank = vec![BLOCKED; cells];
        for sq in board.squares() {
            let i = (sq.row as usize + 1) * stride + sq.col as usize + 1;
            squares[i] = Some(sq);
            if !board.is_blocked(sq) {
                blank[i] = EMPTY;
            }
        }
        let s = stride as isize;
        let has = |mobility: Mobility| variant.kinds.iter().any(|k| k.mobility == mobility);
        let open: Vec<bool> = blank.iter().map(|&cell| cell == EMPTY).collect();
        let bits = BitLayout::new(board.rows as usize, board.columns as usize, &open);
        Geometry {
            has_runners: has(Mobility::Line),
            has_two_steppers: has(Mobility::TwoSteps),
            variant,
            stride,
            dirs: [1, -1, s, -s],
            squares,
            blank,
            bits,
        }
    }

    /// Whether a move shows which kind of mover made it: a line longer than
    /// two squares (only a scout), two squares straight where no
    /// two-steppers play, a turn (only a two-stepper).
    fn move_reveals(&self, m: Move) -> bool {
        let straight = m.from.row == m.to.row || m.from.col == m.to.col;
        match m.from.distance(m.to) {
            0 | 1 => false,
            2 if straight => !(self.has_runners && self.has_two_steppers),
            _ => true,
        }
    }

    /// `move_reveals` for a move as padded indices (a move never stays put).
    fn raw_move_reveals(&self, from: u16, to: u16) -> bool {
        let step = to as isize - from as isize;
        let two_straight = self.dirs.iter().any(|&d| step == 2 * d);
        // A step shows nothing, nor two squares straight where runners and
        // two-steppers both play.
        let ambiguous = two_straight && self.has_runners && self.has_two_steppers;
        let reveals = !(self.dirs.contains(&step) || ambiguous);
        debug_assert_eq!(reveals, self.move_reveals(self.move_of(from, to)));
        reveals
    }

    fn index(&self, sq: Square) -> Option<u16> {
        self.variant
            .board
            .contains(sq)
            .then(|| ((sq.row as usize + 1) * self.stride + sq.col as usize + 1) as u16)
    }

    fn move_of(&self, from: u16, to: u16) -> Move {
        Move::new(self.square(from), self.square(to))
    }

    fn square(&self, index: u16) -> Square {
        self.squares[index as usize].expect("index of an on-board square")
    }
}

/// One piece of the game and what has happened to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceState {
    pub piece: Piece,
    mobility: Mobility,
    /// It has moved at least once (so it is no bomb or flag).
    pub moved: bool,
    /// The opponent has seen what it is (a battle, or a scout's long move).
    pub revealed: bool,
    /// It has already performed a rescue.
    pub has_rescued: bool,
    start: Square,
}

impl PieceState {
    /// The square it started the game on.
    pub fn start(&self) -> Square {
        self.start
    }
}

/// A battle as the referee saw it: both pieces and the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Battle {
    pub attacker: PieceId,
    pub defender: PieceId,
    pub attacker_piece: Piece,
    pub defender_piece: Piece,
    pub result: BattleResult,
    /// Whether the attacker was shown the defender (not under Silent Defense).
    pub defender_revealed: bool,
}

/// What one action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyReport {
    pub side: Side,
    pub action: Action,
    pub battle: Option<Battle>,
    /// The mover may now rescue a captured piece (or decline).
    pub rescue_offered: bool,
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone)]
pub struct Position {
    geometry: Arc<Geometry>,
    options: GameOptions,
    cells: Vec<u8>,
    pieces: [Vec<PieceState>; 2],
    /// Where each piece stands (CAPTURED once taken), beside `pieces` so
    /// move generation reads only what it needs.
    locations: [Vec<u16>; 2],
    /// The pieces that move one square, and those that move in lines.
    steppers: [Vec<u8>; 2],
    runners: [Vec<u8>; 2],
    /// The pieces that move one or two squares (Ultimate Lightning's captains).
    two_steppers: [Vec<u8>; 2],
    captured: [Vec<u8>; 2],
    mobile_alive: [u16; 2],
    flags_alive: [u16; 2],
    to_move: Side,
    ply: u32,
    quiet_plies: u32,
    tracks: [TwoSquareTrack; 2],
    rescues_used: [u8; 2],
    pending_rescue: Option<u8>,
    outcome: Option<Outcome>,
    /// The last move played, as padded indices.
    last_move: Option<(u16, u16)>,
    /// The side whose army this position only guesses (a device linked to
    /// another knows the enemy's hidden pieces only by a consistent guess).
    guessed: Option<Side>,
    /// The continuous chase under way, under the More-Squares rule.
    chase: Option<Box<Chase>>,
    /// The pieces as bits, when the board has a bit layout (else empty).
    bitboards: Bitboards,
}

impl Position {
    pub fn variant(&self) -> &Arc<Variant> {
        &self.geometry.variant
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played (a move and the rescue it led to count as one).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether making `m` shows everyone which piece moved: a move only
    /// one kind of mover could make (a scout's long line, a captain's turn).
    pub fn move_shows_piece(&self, m: Move) -> bool {
        self.geometry.move_reveals(m)
    }

    pub fn last_move(&self) -> Option<Move> {
        let (from, to) = self.last_move?;
        Some(self.geometry.move_of(from, to))
    }

    /// Where the two-squares rule stands for `side`: its last move and run.
    pub fn two_square_run(&self, side: Side) -> Option<TwoSquareRun> {
        let ((from, to), run) = self.tracks[side.index()].last()?;
        Some(TwoSquareRun {
            last: self.geometry.move_of(from, to),
            run,
        })
    }

    pub fn rescues_used(&self, side: Side) -> u8 {
        self.rescues_used[side.index()]
    }

    /// The piece that earned a rescue, while the mover must still choose.
    pub fn pending_rescue(&self) -> Option<PieceId> {
        self.pending_rescue.map(|index| PieceId {
            side: self.to_move,
            index,
        })
    }

    pub fn piece_at(&self, square: Square) -> Option<PieceId> {
        piece_of_cell(self.cells[self.geometry.index(square)? as usize])
    }

    pub fn piece(&self, id: PieceId) -> &PieceState {
        &self.pieces[id.side.index()][id.index as usize]
    }

    pub fn pieces(&self, side: Side) -> impl Iterator<Item = (PieceId, &PieceState)> {
        self.pieces[side.index()]
            .iter()
            .enumerate()
            .map(move |(i, p)| {
                (
                    PieceId {
                        side,
                        index: i as u8,
                    },
                    p,
                )
            })
    }

    /// Where the piece stands, or `None` once captured.
    pub fn square_of(&self, id: PieceId) -> Option<Square> {
        let at = self.locations[id.side.index()][id.index as usize];
        (at != CAPTURED).then(|| self.geometry.square(at))
    }

    /// `side`'s captured pieces, in the order they fell.
    pub fn captured(&self, side: Side) -> impl Iterator<Item = PieceId> + '_ {
        self.captured[side.index()]
            .iter()
            .map(move |&index| PieceId { side, index })
    }

    /// How many of `side`'s pieces of movable kinds are still on the board.
    pub fn movable_pieces(&self, side: Side) -> u16 {
        self.mobile_alive[side.index()]
    }

    fn count(&mut self, id: PieceId, delta: i16) {
        let state = &self.pieces[id.side.index()][id.index as usize];
        let kind = self.geometry.variant.kind(state.piece.kind);
        let side = id.side.index();
        if state.mobility != Mobility::Immobile {
            self.mobile_alive[side] = self.mobile_alive[side].wrapping_add_signed(delta);
        }
        if kind.is_flag {
            self.flags_alive[side] = self.flags_alive[side].wrapping_add_signed(delta);
        }
    }

    /// Marks a piece put on `cell` in the bitboards.
    fn place_bit(&mut self, id: PieceId, cell: u16, mobility: Mobility) {
        let mover = match mobility {
            Mobility::Immobile => Mover::Immobile,
            Mobility::Step => Mover::Step,
            Mobility::Line => Mover::Line,
            Mobility::TwoSteps => Mover::Other,
        };
        if let Some(layout) = &self.geometry.bits {
            self.bitboards.put(layout, id.side.index(), cell, mover);
        }
    }
}
