//! The rules' interface: the full state of a game between moves, its legal
//! moves, `check_move` and `play` (battles, rescues, endings) and what each
//! action did (`PlyReport`). This is the referee's knowledge: players see it
//! only through `view`. The playouts' unchecked fast path is in
//! `playout_moves`, the stand-in for an army known only by a guess in
//! `guessed_army`.

mod guessed_army;
pub(crate) mod playout_moves;

use super::battle::{self, BattleResult};
use super::bitboard::{BitLayout, Bitboards, Mover};
use super::chase::{Chase, ChaseBoard, PlayedMove};
use super::moves::{Action, DrawReason, IllegalMove, Move, Outcome, WinReason};
use super::options::{GameOptions, StuckRule, TwoSquares};
use super::piece::{Piece, PieceId};
use super::setup::{CheckedSetup, Placement, SetupProblem};
use super::side::Side;
use super::square::Square;
use super::two_squares::TwoSquareTrack;
use super::variant::{Mobility, Special, Variant};
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
    /// The starting position from two checked setups; Red moves first.
    pub fn new(
        variant: Arc<Variant>,
        options: GameOptions,
        red: &CheckedSetup,
        blue: &CheckedSetup,
    ) -> Position {
        let [red, blue] = [red, blue].map(|setup| setup.placements().to_vec());
        Position::place(variant, options, [red, blue], Side::Red)
    }

    /// Any arrangement of pieces, with `to_move` to play: for tests,
    /// puzzles and analysis. Only the board is checked (squares on the
    /// board, not blocked, one piece each, kinds and suits of the variant),
    /// not zones or army counts; every problem is reported.
    pub fn arrange(
        variant: Arc<Variant>,
        options: GameOptions,
        pieces: &[(Side, Placement)],
        to_move: Side,
    ) -> Result<Position, Vec<SetupProblem>> {
        let mut problems = Vec::new();
        let mut seen = Vec::new();
        for (side, p) in pieces {
            if !variant.board.contains(p.square) {
                problems.push(SetupProblem::OffBoard(p.square));
                continue;
            }
            if variant.board.is_blocked(p.square) {
                problems.push(SetupProblem::Blocked {
                    square: p.square,
                    what: variant.board.blocked_name.clone(),
                });
            }
            if seen.contains(&p.square) {
                problems.push(SetupProblem::SquareTwice(p.square));
            }
            seen.push(p.square);
            let kind_ok = (p.piece.kind.0 as usize) < variant.kinds.len();
            let suit_ok = p.piece.suit.is_none_or(|s| {
                variant
                    .suits
                    .get(s.0 as usize)
                    .is_some_and(|x| x.side == *side)
            });
            if !kind_ok || !suit_ok {
                problems.push(SetupProblem::UnknownPiece(p.square));
            }
        }
        for side in Side::BOTH {
            let has_flag = pieces.iter().any(|(s, p)| {
                *s == side
                    && variant
                        .kinds
                        .get(p.piece.kind.0 as usize)
                        .is_some_and(|k| k.is_flag)
            });
            if !has_flag {
                problems.push(SetupProblem::NoFlag(side));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut by_side: [Vec<Placement>; 2] = [Vec::new(), Vec::new()];
        for (side, p) in pieces {
            by_side[side.index()].push(*p);
        }
        for list in &mut by_side {
            list.sort_by_key(|p| (p.square.row, p.square.col));
        }
        Ok(Position::place(variant, options, by_side, to_move))
    }

    fn place(
        variant: Arc<Variant>,
        options: GameOptions,
        placements: [Vec<Placement>; 2],
        to_move: Side,
    ) -> Position {
        let geometry = Arc::new(Geometry::new(variant));
        let mut position = Position {
            cells: geometry.blank.clone(),
            geometry,
            options,
            pieces: [Vec::new(), Vec::new()],
            locations: [Vec::new(), Vec::new()],
            steppers: [Vec::new(), Vec::new()],
            runners: [Vec::new(), Vec::new()],
            two_steppers: [Vec::new(), Vec::new()],
            captured: [Vec::new(), Vec::new()],
            mobile_alive: [0; 2],
            flags_alive: [0; 2],
            to_move,
            ply: 0,
            quiet_plies: 0,
            tracks: [TwoSquareTrack::default(); 2],
            rescues_used: [0; 2],
            pending_rescue: None,
            outcome: None,
            last_move: None,
            guessed: None,
            chase: None,
            bitboards: Bitboards::default(),
        };
        for (side, list) in Side::BOTH.into_iter().zip(placements) {
            for (index, placement) in list.iter().enumerate() {
                let mobility = position
                    .geometry
                    .variant
                    .kind(placement.piece.kind)
                    .mobility;
                let square = position
                    .geometry
                    .index(placement.square)
                    .expect("checked setup");
                let id = PieceId {
                    side,
                    index: index as u8,
                };
                position.cells[square as usize] = cell_of(id);
                position.place_bit(id, square, mobility);
                position.locations[side.index()].push(square);
                match mobility {
                    Mobility::Immobile => {}
                    Mobility::Step => position.steppers[side.index()].push(index as u8),
                    Mobility::Line => position.runners[side.index()].push(index as u8),
                    Mobility::TwoSteps => position.two_steppers[side.index()].push(index as u8),
                }
                position.pieces[side.index()].push(PieceState {
                    piece: placement.piece,
                    mobility,
                    moved: false,
                    revealed: false,
                    has_rescued: false,
                    start: placement.square,
                });
                position.count(id, 1);
            }
        }
        position.check_turn_start();
        position
    }

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

    /// The move the two-squares rule forbids `side` right now, as padded
    /// indices (`CAPTURED` twice, which no move is, when none).
    fn forbidden(&self, side: Side) -> (u16, u16) {
        self.tracks[side.index()]
            .forbidden(self.options.two_squares)
            .unwrap_or((CAPTURED, CAPTURED))
    }

    /// All legal moves of the side to move (none while a rescue is pending
    /// or the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// `legal_moves` into a buffer the caller reuses.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() || self.pending_rescue.is_some() {
            return;
        }
        let geometry = &*self.geometry;
        self.generate(self.to_move, |from, to| {
            out.push(Move::new(geometry.square(from), geometry.square(to)));
            false
        });
    }

    /// Whether `side` would have a legal move if it were its turn.
    pub fn has_legal_move(&self, side: Side) -> bool {
        self.generate(side, |_, _| true)
    }

    /// Whether any of `side`'s pieces could step or run anywhere, the
    /// More-Squares rule aside (Gravon's "move possible"): a piece the
    /// two-squares rule holds counts as stuck, as Gravon scored it
    /// (classic-2014.5-408: a side whose last free piece has made its third
    /// move between two squares loses on that move).
    fn can_move_at_all(&self, side: Side) -> bool {
        self.generate_within(side, self.forbidden(side), |_, _| true)
    }

    /// Calls `found` for each legal move of `side`; stops early when it returns true.
    ///
    /// The rules' move generator: the legal moves and whether a side can
    /// move come from it, over the same walk (`walk_moves`) as the
    /// playouts' list (`fill_moves`); `check_move` shares its
    /// `two_step_targets`. The bitboards (`bitboard`) count and draw the
    /// same moves, and find the attacks, without listing them, for the
    /// playouts' speed (`flagfall bench`); tests hold them to these moves.
    #[inline]
    fn generate(&self, side: Side, mut found: impl FnMut(u16, u16) -> bool) -> bool {
        let forbidden = self.forbidden(side);
        match self.chase.as_deref() {
            Some(chase) if chase.chaser == side => {
                self.generate_within(side, forbidden, |from, to| {
                    !chase.forbids(side, from, to, self) && found(from, to)
                })
            }
            _ => self.generate_within(side, forbidden, found),
        }
    }

    /// `generate` with the two-squares rule's one forbidden move given.
    #[inline]
    fn generate_within(
        &self,
        side: Side,
        forbidden: (u16, u16),
        mut found: impl FnMut(u16, u16) -> bool,
    ) -> bool {
        self.walk_moves(side, forbidden, |from, to, legal| legal && found(from, to))
    }

    /// The one walk over `side`'s movers that every list of moves comes
    /// from: each square a stepper, runner or two-stepper could go to, with
    /// whether it may (a square it can land on, not the move `forbidden`
    /// by the two-squares rule; the More-Squares rule aside). Stops early
    /// when `visit` returns true, and says whether it did. `generate` visits
    /// the legal moves only; `fill_moves` writes every candidate and counts
    /// the legal ones, without a branch per move.
    #[inline(always)]
    fn walk_moves(
        &self,
        side: Side,
        (forbid_from, forbid_to): (u16, u16),
        mut visit: impl FnMut(u16, u16, bool) -> bool,
    ) -> bool {
        let cells = &self.cells[..];
        let dirs = self.geometry.dirs;
        let lands = &LANDING[side.index()];
        let locations = &self.locations[side.index()];
        for &index in &self.steppers[side.index()] {
            let from = locations[index as usize];
            if from == CAPTURED {
                continue;
            }
            for d in dirs {
                let to = from.wrapping_add_signed(d as i16);
                let legal =
                    lands[cells[to as usize] as usize] & !(from == forbid_from && to == forbid_to);
                if visit(from, to, legal) {
                    return true;
                }
            }
        }
        for &index in &self.runners[side.index()] {
            let from = locations[index as usize];
            if from == CAPTURED {
                continue;
            }
            for d in dirs {
                if self.slide(from, d, |to, cell| {
                    let legal = lands[cell as usize] & !(from == forbid_from && to == forbid_to);
                    visit(from, to, legal)
                }) {
                    return true;
                }
            }
        }
        for &index in &self.two_steppers[side.index()] {
            let from = locations[index as usize];
            if from == CAPTURED {
                continue;
            }
            if self.two_step_targets(side, from, |to| {
                visit(from, to, !(from == forbid_from && to == forbid_to))
            }) {
                return true;
            }
        }
        false
    }

    /// Calls `visit` with each square a runner on `from` passes going
    /// `step` cells at a time, and what is on it, up to and including the
    /// first square that is not empty (a piece, a lake or the border);
    /// stops early when `visit` returns true, and says whether it did.
    #[inline(always)]
    fn slide(&self, from: u16, step: isize, mut visit: impl FnMut(u16, u8) -> bool) -> bool {
        let mut to = from.wrapping_add_signed(step as i16);
        loop {
            let cell = self.cells[to as usize];
            if visit(to, cell) {
                return true;
            }
            if cell != EMPTY {
                return false;
            }
            to = to.wrapping_add_signed(step as i16);
        }
    }

    /// Calls `found` with each square a two-stepper of `side` on `from`
    /// may reach (each once), the two-squares rule aside; stops early when
    /// it returns true.
    #[inline]
    fn two_step_targets(&self, side: Side, from: u16, mut found: impl FnMut(u16) -> bool) -> bool {
        let cells = &self.cells[..];
        let lands = &LANDING[side.index()];
        let [right, left, up, down] = self.geometry.dirs;
        let free = |at: isize| cells[(from as isize + at) as usize] == EMPTY;
        for d in [right, left, up, down] {
            let one = from as isize + d;
            if lands[cells[one as usize] as usize] && found(one as u16) {
                return true;
            }
            // The border is one cell wide: only an empty first square leads on.
            if free(d) && lands[cells[(one + d) as usize] as usize] && found((one + d) as u16) {
                return true;
            }
        }
        for dx in [right, left] {
            for dy in [up, down] {
                let to = from as isize + dx + dy;
                if (free(dx) || free(dy)) && lands[cells[to as usize] as usize] && found(to as u16)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `m` is legal now, and why not.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        self.validate_move(m).map(|_| ())
    }

    fn validate_move(&self, m: Move) -> Result<(u16, u16), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if self.pending_rescue.is_some() {
            return Err(IllegalMove::RescuePending);
        }
        let geometry = &*self.geometry;
        let variant = &geometry.variant;
        let from = geometry
            .index(m.from)
            .ok_or(IllegalMove::OffBoard(m.from))?;
        let to = geometry.index(m.to).ok_or(IllegalMove::OffBoard(m.to))?;
        let id = piece_of_cell(self.cells[from as usize]).ok_or(IllegalMove::NoPiece(m.from))?;
        if id.side != self.to_move {
            return Err(IllegalMove::NotYourPiece {
                square: m.from,
                owner: id.side,
            });
        }
        let state = self.piece(id);
        let name = || variant.kind(state.piece.kind).name.clone();
        if state.mobility == Mobility::Immobile {
            return Err(IllegalMove::Immobile { piece: name() });
        }
        if from == to {
            return Err(IllegalMove::SameSquare);
        }
        let target = self.cells[to as usize];
        if target == BLOCKED {
            return Err(IllegalMove::Blocked {
                square: m.to,
                what: variant.board.blocked_name.clone(),
            });
        }
        if piece_of_cell(target).is_some_and(|t| t.side == id.side) {
            return Err(IllegalMove::OwnPiece(m.to));
        }
        if state.mobility == Mobility::TwoSteps {
            let mut reachable = false;
            self.two_step_targets(id.side, from, |at| {
                reachable = at == to;
                reachable
            });
            if !reachable {
                return Err(IllegalMove::TwoStepsAtMost { piece: name() });
            }
        } else if m.from.row != m.to.row && m.from.col != m.to.col {
            return Err(IllegalMove::NotStraight);
        }
        let distance = m.from.distance(m.to);
        if distance > 1 && state.mobility != Mobility::TwoSteps {
            if state.mobility != Mobility::Line {
                return Err(IllegalMove::TooFar { piece: name() });
            }
            // The runner's own slide, as the generator walks it: it ends
            // on `to`, or on the first thing in the way.
            let step = (to as isize - from as isize) / distance as isize;
            let mut stop = (from, EMPTY);
            self.slide(from, step, |at, cell| {
                stop = (at, cell);
                at == to
            });
            match stop {
                (at, _) if at == to => {}
                (at, BLOCKED) => {
                    return Err(IllegalMove::Blocked {
                        square: geometry.square(at),
                        what: variant.board.blocked_name.clone(),
                    });
                }
                (at, _) => {
                    return Err(IllegalMove::PathBlocked {
                        piece: name(),
                        square: geometry.square(at),
                    });
                }
            }
        }
        if self.forbidden(id.side) == (from, to) {
            let TwoSquares::Limit(limit) = self.options.two_squares else {
                unreachable!("rule is on")
            };
            return Err(IllegalMove::TwoSquares {
                a: m.to,
                b: m.from,
                limit,
            });
        }
        if self
            .chase
            .as_deref()
            .is_some_and(|chase| chase.forbids(id.side, from, to, self))
        {
            return Err(IllegalMove::MoreSquares);
        }
        Ok((from, to))
    }

    /// Plays one action. On error nothing has changed.
    pub fn play(&mut self, action: Action) -> Result<PlyReport, IllegalMove> {
        match action {
            Action::Move(m) => {
                let (from, to) = self.validate_move(m)?;
                Ok(self.apply_move(from, to))
            }
            Action::Rescue { piece, to } => self.rescue(piece, to),
            Action::SkipRescue => {
                if self.outcome.is_some() {
                    return Err(IllegalMove::GameOver);
                }
                if self.pending_rescue.take().is_none() {
                    return Err(IllegalMove::NoRescuePending);
                }
                let side = self.to_move;
                self.end_turn();
                Ok(self.report(side, action, None, false))
            }
            Action::Resign(side) | Action::OutOfTime(side) => {
                if self.outcome.is_some() {
                    return Err(IllegalMove::GameOver);
                }
                self.pending_rescue = None;
                self.outcome = Some(Outcome::Win {
                    winner: side.opponent(),
                    reason: if matches!(action, Action::Resign(_)) {
                        WinReason::Resignation
                    } else {
                        WinReason::Time
                    },
                });
                Ok(self.report(side, action, None, false))
            }
            Action::AgreeDraw => {
                if self.outcome.is_some() {
                    return Err(IllegalMove::GameOver);
                }
                self.pending_rescue = None;
                self.outcome = Some(Outcome::Draw {
                    reason: DrawReason::Agreed,
                });
                Ok(self.report(self.to_move, action, None, false))
            }
        }
    }

    fn report(
        &self,
        side: Side,
        action: Action,
        battle: Option<Battle>,
        rescue_offered: bool,
    ) -> PlyReport {
        PlyReport {
            side,
            action,
            battle,
            rescue_offered,
            outcome: self.outcome,
        }
    }

    fn apply_move(&mut self, from: u16, to: u16) -> PlyReport {
        let side = self.to_move;
        let (battle, rescue_offered) = self.apply_move_with(from, to, true);
        let m = self.geometry.move_of(from, to);
        self.report(side, Action::Move(m), battle, rescue_offered)
    }

    /// Plays a validated move; `check_stuck` as in `check_turn_start_with`.
    /// Returns the battle it led to and whether it offers a rescue.
    #[inline]
    fn apply_move_with(&mut self, from: u16, to: u16, check_stuck: bool) -> (Option<Battle>, bool) {
        let side = self.to_move;
        let mover = piece_of_cell(self.cells[from as usize]).expect("validated");
        self.tracks[side.index()].record(from, to);
        self.last_move = Some((from, to));
        {
            let state = &mut self.pieces[side.index()][mover.index as usize];
            state.moved = true;
            // A move only one kind of mover could make shows everyone the piece.
            if self.geometry.raw_move_reveals(from, to) {
                state.revealed = true;
            }
        }
        let mut battle = None;
        match piece_of_cell(self.cells[to as usize]) {
            None => {
                self.relocate(mover, from, to);
                self.quiet_plies += 1;
            }
            Some(defender) => {
                battle = Some(self.fight(mover, defender, from, to));
                self.quiet_plies = 0;
            }
        }
        if self.options.more_squares {
            let played = PlayedMove {
                side,
                piece: mover,
                from,
                to,
                battle: battle.is_some(),
            };
            self.chase = Chase::after(self.chase.take(), &played, &*self);
        }
        if battle.is_some() && self.flags_alive.contains(&0) {
            self.outcome = Some(match self.flags_alive {
                [0, 0] => Outcome::Draw {
                    reason: DrawReason::BothFlagsLost,
                },
                [0, _] => Outcome::Win {
                    winner: Side::Blue,
                    reason: WinReason::FlagCaptured,
                },
                _ => Outcome::Win {
                    winner: Side::Red,
                    reason: WinReason::FlagCaptured,
                },
            });
            return (battle, false);
        }
        let rescue_offered = self.offers_rescue(mover);
        if rescue_offered {
            self.pending_rescue = Some(mover.index);
        } else {
            self.end_turn_with(check_stuck);
        }
        (battle, rescue_offered)
    }

    fn relocate(&mut self, id: PieceId, from: u16, to: u16) {
        self.cells[from as usize] = EMPTY;
        self.cells[to as usize] = cell_of(id);
        self.locations[id.side.index()][id.index as usize] = to;
        if let Some(layout) = &self.geometry.bits {
            self.bitboards
                .shift_piece(layout, id.side.index(), from, to);
        }
    }

    fn remove(&mut self, id: PieceId) {
        let at = &mut self.locations[id.side.index()][id.index as usize];
        self.cells[*at as usize] = EMPTY;
        if let Some(layout) = &self.geometry.bits {
            self.bitboards.take(layout, id.side.index(), *at);
        }
        *at = CAPTURED;
        self.captured[id.side.index()].push(id.index);
        self.count(id, -1);
    }

    fn fight(&mut self, attacker: PieceId, defender: PieceId, from: u16, to: u16) -> Battle {
        let variant = &self.geometry.variant;
        let attacker_piece = self.piece(attacker).piece;
        let defender_piece = self.piece(defender).piece;
        let result = battle::resolve(variant, &self.options, attacker_piece, defender_piece);
        let defender_revealed = battle::defender_revealed(variant, &self.options, attacker_piece);
        self.pieces[attacker.side.index()][attacker.index as usize].revealed = true;
        if defender_revealed {
            self.pieces[defender.side.index()][defender.index as usize].revealed = true;
        }
        match result {
            BattleResult::AttackerWins => {
                self.remove(defender);
                self.relocate(attacker, from, to);
            }
            BattleResult::DefenderWins => self.remove(attacker),
            BattleResult::BothRemoved => {
                self.remove(defender);
                self.remove(attacker);
            }
        }
        Battle {
            attacker,
            defender,
            attacker_piece,
            defender_piece,
            result,
            defender_revealed,
        }
    }

    /// Rescue: a piece that ends its move on the enemy's back row lets its
    /// owner bring back a captured piece, within the variant's limits.
    fn offers_rescue(&self, mover: PieceId) -> bool {
        if !self.options.rescue {
            return false;
        }
        let rule = &self.geometry.variant.rules.rescue;
        let state = self.piece(mover);
        let Some(at) = self.square_of(mover) else {
            return false;
        };
        if self.rescues_used[mover.side.index()] >= rule.per_player {
            return false;
        }
        if state.has_rescued && !rule.same_piece_twice {
            return false;
        }
        if !rule.by_scouts && state.mobility == Mobility::Line {
            return false;
        }
        if !self.geometry.variant.on_enemy_back_row(mover.side, at) {
            return false;
        }
        self.captured(mover.side).any(|id| self.rescuable(id))
            && self.rescue_squares(mover.side).next().is_some()
    }

    fn rescuable(&self, id: PieceId) -> bool {
        let variant = &self.geometry.variant;
        variant.rules.rescue.bombs
            || variant.kind(self.piece(id).piece.kind).special != Special::Bomb
    }

    fn rescue_squares(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        let variant = &self.geometry.variant;
        variant.board.squares().filter(move |sq| {
            variant.in_own_half(side, *sq)
                && self.cells[self.geometry.index(*sq).unwrap() as usize] == EMPTY
        })
    }

    /// The choices while a rescue is pending: every rescuable piece onto
    /// every allowed square, and declining.
    pub fn rescue_choices(&self) -> Vec<Action> {
        if self.pending_rescue.is_none() || self.outcome.is_some() {
            return Vec::new();
        }
        let side = self.to_move;
        let squares: Vec<Square> = self.rescue_squares(side).collect();
        let mut choices = vec![Action::SkipRescue];
        for piece in self.captured(side).filter(|id| self.rescuable(*id)) {
            choices.extend(squares.iter().map(|&to| Action::Rescue { piece, to }));
        }
        choices
    }

    fn rescue(&mut self, piece: PieceId, to: Square) -> Result<PlyReport, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Some(rescuer) = self.pending_rescue else {
            return Err(IllegalMove::NoRescuePending);
        };
        let side = self.to_move;
        if piece.side != side || !self.captured[side.index()].contains(&piece.index) {
            return Err(IllegalMove::NotCaptured);
        }
        if !self.rescuable(piece) {
            let name = self
                .geometry
                .variant
                .kind(self.piece(piece).piece.kind)
                .name
                .clone();
            return Err(IllegalMove::CannotRescue { piece: name });
        }
        let square = self.geometry.index(to).ok_or(IllegalMove::OffBoard(to))?;
        if !self.geometry.variant.in_own_half(side, to) || self.cells[square as usize] != EMPTY {
            return Err(IllegalMove::RescueSquare(to));
        }
        self.captured[side.index()].retain(|&i| i != piece.index);
        self.locations[side.index()][piece.index as usize] = square;
        self.cells[square as usize] = cell_of(piece);
        self.place_bit(piece, square, self.piece(piece).mobility);
        self.count(piece, 1);
        self.pieces[side.index()][rescuer as usize].has_rescued = true;
        self.rescues_used[side.index()] += 1;
        self.pending_rescue = None;
        self.end_turn();
        Ok(self.report(side, Action::Rescue { piece, to }, None, false))
    }

    fn end_turn(&mut self) {
        self.end_turn_with(true);
    }

    fn end_turn_with(&mut self, check_stuck: bool) {
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        self.check_turn_start_with(check_stuck);
    }

    /// The endings decided at the start of a turn. A side left without a
    /// movable piece can never move again, so it loses at once (both at
    /// once: a draw), as Gravon scores it; otherwise a side to move without
    /// a legal move (blocked in, or by the two-squares rule) loses.
    fn check_turn_start(&mut self) {
        self.check_turn_start_with(true);
    }

    /// `check_turn_start`, where `check_stuck: false` leaves out whether the
    /// side to move has a legal move (`play_raw`: its move generation will
    /// tell), unless the quiet-ply draw would come first.
    fn check_turn_start_with(&mut self, check_stuck: bool) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(guessed) = self.guessed {
            return self.check_turn_start_guessing(guessed);
        }
        if !check_stuck && self.quiet_limit_reached() {
            // A side that cannot move loses before the quiet-ply draw.
            return self.check_turn_start_with(true);
        }
        let stuck = match self.mobile_alive {
            [0, 0] => {
                self.outcome = Some(Outcome::Draw {
                    reason: DrawReason::BothImmobile,
                });
                return;
            }
            [0, _] => Some(Side::Red),
            [_, 0] => Some(Side::Blue),
            _ if self.options.stuck == StuckRule::AfterAnyMove && self.ply > 0 => {
                match Side::BOTH.map(|side| self.can_move_at_all(side)) {
                    [false, false] => {
                        self.outcome = Some(Outcome::Draw {
                            reason: DrawReason::BothImmobile,
                        });
                        return;
                    }
                    [false, true] => Some(Side::Red),
                    [true, false] => Some(Side::Blue),
                    _ => (!self.has_legal_move(self.to_move)).then_some(self.to_move),
                }
            }
            _ if check_stuck && !self.has_legal_move(self.to_move) => Some(self.to_move),
            _ => None,
        };
        if let Some(loser) = stuck {
            self.outcome = Some(Outcome::Win {
                winner: loser.opponent(),
                reason: WinReason::NoLegalMove,
            });
        } else {
            self.check_quiet_plies();
        }
    }

    fn check_quiet_plies(&mut self) {
        if self.quiet_limit_reached() {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::QuietPlies,
            });
        }
    }

    fn quiet_limit_reached(&self) -> bool {
        let limit = self.options.quiet_plies.limit(&self.geometry.variant);
        limit.is_some_and(|limit| self.quiet_plies >= limit)
    }

    /// Every legal action for the side to move: moves, or the rescue choices.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.pending_rescue.is_some() {
            self.rescue_choices()
        } else {
            self.legal_moves().into_iter().map(Action::Move).collect()
        }
    }
}
