//! The board the planner searches: every piece as the searching player
//! knows it. Its own pieces and the enemy's revealed ones have a kind; each
//! hidden enemy piece has the belief's odds of every kind (`Odds`), which
//! its moves narrow as the search plays them (a piece that moves is no bomb
//! or flag, one that runs several squares is a scout). Each of our pieces
//! the enemy has not identified has the odds the enemy can know, narrowed
//! the same way as it moves. Moves are made and unmade in place; a battle
//! is made with one of its outcomes (`battles.rs` works out what outcomes
//! a battle has).

use super::zobrist::Zobrist;
use crate::core::piece::PieceId;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{KindDef, KindId, Mobility, Special, Variant};

/// The kinds a board of the rank games has room for: the search's odds are
/// arrays this long, copied at every move, so they are kept short.
pub const RANK_KINDS: usize = 16;
/// The kinds a domino board has room for: one a way a stone can stand
/// (attack and defense numbers, 49 with a double-six set; `domino.rs`).
pub const DOMINO_KINDS: usize = 49;

/// How likely each of `K` kinds is for one piece (index: `KindId`).
pub type Odds<const K: usize> = [f32; K];

/// A cell with no piece on it.
pub const EMPTY: u8 = u8::MAX;
/// A lake (or the piecepack hole).
pub const BLOCKED: u8 = u8::MAX - 1;
/// The location of a piece off the board.
pub const OFF: u8 = u8::MAX;

/// One way a battle can end.
#[derive(Debug, Clone, Copy)]
pub struct Outcome<const K: usize> {
    pub chance: f32,
    /// The attacker's and the defender's odds given this outcome (unused
    /// for a piece whose kind is known).
    pub attacker: Odds<K>,
    pub defender: Odds<K>,
    pub attacker_stays: bool,
    pub defender_stays: bool,
    /// By side (`Side::index`): whether this outcome takes that side's
    /// last flag (both: a draw).
    pub flags_taken: [bool; 2],
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Unit<const K: usize> {
    pub id: PieceId,
    /// The cell it stands on, or `OFF`.
    pub cell: u8,
    /// Its kind where the searching player knows it.
    pub kind: Option<KindId>,
    /// How likely each kind is as the side that does not know the piece
    /// sees it: for a hidden enemy piece, the belief's odds; for a piece of
    /// ours the enemy has not identified, the public odds (what its moves
    /// showed); all nothing where no odds are known.
    pub odds: Odds<K>,
    pub moved: bool,
    /// Whether its owner's opponent knows its kind (for an enemy piece:
    /// whether we do, by the view or by a battle in the search).
    pub revealed: bool,
}

impl<const K: usize> Unit<K> {
    pub fn side(&self) -> Side {
        self.id.side
    }

    pub fn alive(&self) -> bool {
        self.cell != OFF
    }

    /// Each kind it may be, with its chance (its own kind, surely, when known).
    pub fn kinds(&self) -> impl Iterator<Item = (KindId, f32)> + '_ {
        let known = self.kind.map(|k| (k, 1.0));
        let hidden = self.kind.is_none().then(|| {
            self.odds
                .iter()
                .enumerate()
                .filter(|(_, p)| **p > 0.0)
                .map(|(k, p)| (KindId(k as u8), *p))
        });
        known.into_iter().chain(hidden.into_iter().flatten())
    }

    /// The chance that it is of a kind `keep` accepts.
    pub fn chance(&self, keep: impl Fn(KindId) -> bool) -> f32 {
        match self.kind {
            Some(kind) => f32::from(u8::from(keep(kind))),
            None => (0..K)
                .filter(|&k| self.odds[k] > 0.0 && keep(KindId(k as u8)))
                .map(|k| self.odds[k])
                .sum(),
        }
    }

    /// Keep only the kinds `keep` accepts, made to sum to one again; a
    /// single kind left becomes the piece's known kind.
    pub fn narrow(&mut self, keep: impl Fn(KindId) -> bool) {
        if self.kind.is_some() {
            return;
        }
        let mut total = 0.0;
        for k in 0..K {
            if self.odds[k] > 0.0 && !keep(KindId(k as u8)) {
                self.odds[k] = 0.0;
            }
            total += self.odds[k];
        }
        if total <= 0.0 {
            return;
        }
        let mut only = None;
        let mut count = 0;
        for (k, p) in self.odds.iter_mut().enumerate() {
            *p /= total;
            if *p > 0.0 {
                only = Some(k);
                count += 1;
            }
        }
        if count == 1 {
            self.kind = only.map(|k| KindId(k as u8));
        }
    }

    /// Keep only the kinds `keep` accepts in the odds of a piece whose kind
    /// we know (what the enemy can know of it), made to sum to one again;
    /// odds `keep` accepts none of stay as they were.
    pub fn narrow_public(&mut self, keep: impl Fn(KindId) -> bool) {
        let kept: f32 = (0..K)
            .filter(|&k| self.odds[k] > 0.0 && keep(KindId(k as u8)))
            .map(|k| self.odds[k])
            .sum();
        if kept <= 0.0 {
            return;
        }
        for k in 0..K {
            if self.odds[k] > 0.0 {
                self.odds[k] = if keep(KindId(k as u8)) {
                    self.odds[k] / kept
                } else {
                    0.0
                };
            }
        }
    }
}

/// Whether `kind` stands on the ladder of ranks: a movable plain piece
/// or miner of the rank games (domino stones fight by their numbers).
pub fn ranked(kind: &KindDef) -> bool {
    kind.pips.is_none()
        && matches!(kind.special, Special::None | Special::Miner)
        && kind.mobility != Mobility::Immobile
}

/// Each kind's place on the variant's ladder of ranks: how many distinct
/// ranks of movable ranked pieces (plain ones and miners) stand above it
/// (0 for the Marshal); none for bombs, flags, the spy and domino stones.
pub fn ladder_places(variant: &Variant) -> Vec<Option<usize>> {
    let mut ranks: Vec<i32> = variant
        .kinds
        .iter()
        .filter(|k| ranked(k))
        .map(|k| k.rank)
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    let mut places = vec![None; variant.kinds.len()];
    for (k, kind) in variant.kinds.iter().enumerate() {
        if ranked(kind) {
            places[k] = ranks.iter().position(|r| *r == kind.rank);
        }
    }
    places
}

/// A move between two cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

/// One side's last move and how many moves in a row (it included) one
/// piece has made back and forth between its two squares: where the
/// two-squares rule stands for that side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shuttle {
    pub from: u8,
    pub to: u8,
    /// 0 before the side's first move.
    pub run: u8,
}

impl Shuttle {
    /// The track after the side plays `step`.
    fn after(self, step: Step) -> Shuttle {
        let back = self.run > 0 && self.from == step.to && self.to == step.from;
        Shuttle {
            from: step.from,
            to: step.to,
            run: if back { self.run.saturating_add(1) } else { 1 },
        }
    }
}

/// A run this long or longer is part of a position's key: shorter ones
/// are left out, so that moves played in another order still meet in the
/// table (a run of one is only a last move; it changes what the rule
/// forbids three moves of that side later at the soonest).
const KEYED_RUN: u8 = 2;

/// What a move changed, to unmake it.
#[derive(Debug, Clone, Copy)]
pub struct Undo<const K: usize> {
    mover: Unit<K>,
    target: Option<Unit<K>>,
    cells: [(u8, u8); 2],
    key: u64,
    quiet: u32,
    winner: Option<Option<Side>>,
    flags_left: [f32; 2],
    /// The mover's side's track before the move.
    shuttle: Shuttle,
}

pub struct Board<'z, const K: usize> {
    pub columns: u8,
    pub rows: u8,
    /// Row by row: a unit's index, `EMPTY` or `BLOCKED`.
    pub cells: Vec<u8>,
    pub units: Vec<Unit<K>>,
    pub to_move: Side,
    /// Kinds by `KindId`: how each moves, and whether it is a flag.
    pub mobility: Vec<Mobility>,
    pub is_flag: Vec<bool>,
    /// Flags each side has left on the board (for a hidden army, as the odds expect).
    pub flags_left: [f32; 2],
    /// Plies since the last battle.
    pub quiet: u32,
    /// `Some(winner)` once the game ended in the search (`None`: a draw).
    pub winner: Option<Option<Side>>,
    /// Where the two-squares rule stands for each side, and its limit (none: off).
    pub shuttles: [Shuttle; 2],
    pub two_squares: Option<u8>,
    pub key: u64,
    zobrist: &'z Zobrist,
}

impl<'z, const K: usize> Board<'z, K> {
    pub fn new(
        variant: &Variant,
        units: Vec<Unit<K>>,
        to_move: Side,
        quiet: u32,
        zobrist: &'z Zobrist,
    ) -> Board<'z, K> {
        let (columns, rows) = (variant.board.columns, variant.board.rows);
        let mut cells = vec![EMPTY; columns as usize * rows as usize];
        for square in &variant.board.blocked {
            cells[square.row as usize * columns as usize + square.col as usize] = BLOCKED;
        }
        for (i, unit) in units.iter().enumerate() {
            if unit.alive() {
                cells[unit.cell as usize] = i as u8;
            }
        }
        let is_flag: Vec<bool> = variant.kinds.iter().map(|k| k.is_flag).collect();
        let mut flags_left = [0.0; 2];
        for unit in units.iter().filter(|u| u.alive()) {
            flags_left[unit.side().index()] += unit.chance(|k| is_flag[k.0 as usize]);
        }
        let mut board = Board {
            columns,
            rows,
            cells,
            units,
            to_move,
            mobility: variant.kinds.iter().map(|k| k.mobility).collect(),
            is_flag,
            flags_left,
            quiet,
            winner: None,
            shuttles: [Shuttle::default(); 2],
            two_squares: None,
            key: 0,
            zobrist,
        };
        board.key = board.full_key();
        board
    }

    /// The board with the two-squares rule at `limit` (none: off), each
    /// side's track as `shuttles` says.
    pub fn with_two_squares(mut self, limit: Option<u8>, shuttles: [Shuttle; 2]) -> Board<'z, K> {
        self.two_squares = limit;
        self.shuttles = shuttles;
        self.key = self.full_key();
        self
    }

    /// The move the two-squares rule forbids `side` now, if any.
    pub fn forbidden(&self, side: Side) -> Option<Step> {
        let shuttle = self.shuttles[side.index()];
        let limit = self.two_squares?;
        (shuttle.run >= limit).then_some(Step {
            from: shuttle.to,
            to: shuttle.from,
        })
    }

    /// The part of the key for `side`'s track.
    fn shuttle_key(&self, side: Side) -> u64 {
        let s = self.shuttles[side.index()];
        if self.two_squares.is_some() && s.run >= KEYED_RUN {
            self.zobrist.shuttle(side, s.from, s.to, s.run)
        } else {
            0
        }
    }

    /// Count `side`'s move `step` on its two-squares track.
    fn record(&mut self, side: Side, step: Step) {
        self.key ^= self.shuttle_key(side);
        self.shuttles[side.index()] = self.shuttles[side.index()].after(step);
        self.key ^= self.shuttle_key(side);
    }

    /// The Zobrist key worked out from scratch (`key` is kept up to date by
    /// `make` and `unmake`).
    pub fn full_key(&self) -> u64 {
        let mut key = if self.to_move == Side::Blue {
            self.zobrist.blue_to_move
        } else {
            0
        };
        for unit in &self.units {
            if unit.alive() {
                key ^= self.zobrist.placed(unit.id, unit.cell);
            }
            if unit.kind.is_some() {
                key ^= self.zobrist.known(unit.id);
            }
            if unit.moved {
                key ^= self.zobrist.moved(unit.id);
            }
            if unit.revealed {
                key ^= self.zobrist.revealed(unit.id);
            }
        }
        key ^ self.shuttle_key(Side::Red) ^ self.shuttle_key(Side::Blue)
    }

    pub fn cell(&self, square: Square) -> u8 {
        (square.row as usize * self.columns as usize + square.col as usize) as u8
    }

    pub fn square(&self, cell: u8) -> Square {
        Square::new(cell % self.columns, cell / self.columns)
    }

    /// The cell one step from `cell` in direction `dir` (0 up, 1 down, 2
    /// right, 3 left), if on the board.
    pub fn neighbour(&self, cell: u8, dir: usize) -> Option<u8> {
        let (col, row) = (cell % self.columns, cell / self.columns);
        let (col, row) = match dir {
            0 if row + 1 < self.rows => (col, row + 1),
            1 if row > 0 => (col, row - 1),
            2 if col + 1 < self.columns => (col + 1, row),
            3 if col > 0 => (col - 1, row),
            _ => return None,
        };
        Some(row * self.columns + col)
    }

    pub fn unit_at(&self, cell: u8) -> Option<&Unit<K>> {
        match self.cells[cell as usize] {
            EMPTY | BLOCKED => None,
            i => Some(&self.units[i as usize]),
        }
    }

    /// The chance that `unit` can move at all, and that it moves as `mobility`.
    pub fn moves_as(&self, unit: &Unit<K>, mobility: Mobility) -> f32 {
        unit.chance(|k| self.mobility[k.0 as usize] == mobility)
    }

    /// The chance that `unit` can move.
    pub fn movable(&self, unit: &Unit<K>) -> f32 {
        unit.chance(|k| self.mobility[k.0 as usize] != Mobility::Immobile)
    }

    /// Play a move that is not a battle: the piece is known to move, and to
    /// move as far as it went.
    pub fn make_quiet(&mut self, step: Step) -> Undo<K> {
        let index = self.cells[step.from as usize];
        let undo = self.undo_for(index, None, step);
        self.move_unit(index, step.to, self.reach(step));
        self.record(self.to_move, step);
        self.quiet += 1;
        self.end_turn();
        undo
    }

    /// Play a battle with one of its outcomes: who stays, and what each
    /// piece's kind may be given that outcome.
    pub fn make_battle(&mut self, step: Step, outcome: &Outcome<K>) -> Undo<K> {
        let attacker = self.cells[step.from as usize];
        let defender = self.cells[step.to as usize];
        let undo = self.undo_for(attacker, Some(defender), step);
        self.move_unit(attacker, step.from, self.reach(step));
        for (index, odds) in [(attacker, outcome.attacker), (defender, outcome.defender)] {
            let unit = &mut self.units[index as usize];
            if unit.kind.is_none() {
                unit.odds = odds;
                unit.narrow(|_| true);
                if unit.kind.is_some() {
                    self.key ^= self.zobrist.known(unit.id);
                }
            }
        }
        for side in Side::BOTH {
            if outcome.flags_taken[side.index()] {
                self.flags_left[side.index()] = 0.0;
            }
        }
        self.winner = match outcome.flags_taken {
            [true, true] => Some(None),
            [true, false] => Some(Some(Side::Blue)),
            [false, true] => Some(Some(Side::Red)),
            [false, false] => self.winner,
        };
        let (attacker_stays, defender_stays) = (outcome.attacker_stays, outcome.defender_stays);
        if !defender_stays {
            self.remove(defender);
        } else {
            self.reveal(defender);
        }
        if !attacker_stays {
            self.remove(attacker);
        } else {
            self.reveal(attacker);
            if !defender_stays {
                let unit = &mut self.units[attacker as usize];
                self.key ^= self.zobrist.placed(unit.id, step.from);
                unit.cell = step.to;
                self.key ^= self.zobrist.placed(unit.id, step.to);
                self.cells[step.from as usize] = EMPTY;
                self.cells[step.to as usize] = attacker;
            }
        }
        self.record(self.to_move, step);
        self.quiet = 0;
        self.end_turn();
        undo
    }

    pub fn unmake(&mut self, undo: &Undo<K>) {
        let mover = undo.mover;
        let index = self.index_of(mover.id);
        self.units[index] = mover;
        if let Some(target) = undo.target {
            let t = self.index_of(target.id);
            self.units[t] = target;
        }
        for (cell, was) in undo.cells {
            self.cells[cell as usize] = was;
        }
        self.key = undo.key;
        self.quiet = undo.quiet;
        self.winner = undo.winner;
        self.flags_left = undo.flags_left;
        self.shuttles[mover.side().index()] = undo.shuttle;
        self.to_move = self.to_move.opponent();
    }

    /// Pass the turn (the rules have no pass: the search passes to see
    /// whether a position is good enough even if the side to move could
    /// skip its move, the null-move test).
    pub fn pass(&mut self) {
        self.end_turn();
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key ^= self.zobrist.blue_to_move;
    }

    fn index_of(&self, id: PieceId) -> usize {
        // Units are stored Red's then Blue's, each in index order.
        self.units
            .iter()
            .position(|u| u.id == id)
            .expect("a unit of this board")
    }

    fn undo_for(&self, mover: u8, target: Option<u8>, step: Step) -> Undo<K> {
        Undo {
            mover: self.units[mover as usize],
            target: target.map(|t| self.units[t as usize]),
            cells: [
                (step.from, self.cells[step.from as usize]),
                (step.to, self.cells[step.to as usize]),
            ],
            key: self.key,
            quiet: self.quiet,
            winner: self.winner,
            flags_left: self.flags_left,
            shuttle: self.shuttles[self.units[mover as usize].side().index()],
        }
    }

    /// How far a move goes, and whether in a straight line.
    pub fn reach(&self, step: Step) -> (u32, bool) {
        let (from, to) = (self.square(step.from), self.square(step.to));
        (from.distance(to), from.row == to.row || from.col == to.col)
    }

    /// Move the unit (a quiet move) or only mark it moved (a battle, whose
    /// outcome moves it); a hidden mover is narrowed to what moves as it did.
    fn move_unit(&mut self, index: u8, to: u8, (distance, straight): (u32, bool)) {
        let Board {
            units,
            mobility,
            cells,
            key,
            zobrist,
            ..
        } = self;
        let unit = &mut units[index as usize];
        let from = unit.cell;
        let was_known = unit.kind.is_some();
        let moves_so = |k: KindId| mobility[k.0 as usize].reaches(distance, straight);
        if was_known {
            unit.narrow_public(moves_so);
        } else {
            unit.narrow(moves_so);
        }
        if !unit.moved {
            *key ^= zobrist.moved(unit.id);
        }
        unit.moved = true;
        if !was_known && unit.kind.is_some() {
            *key ^= zobrist.known(unit.id);
        }
        // A run of several squares shows a scout to the other side.
        if distance > 1
            && !unit.revealed
            && unit
                .kind
                .is_some_and(|k| mobility[k.0 as usize] == Mobility::Line)
        {
            unit.revealed = true;
            *key ^= zobrist.revealed(unit.id);
        }
        if from != to {
            let id = unit.id;
            *key ^= zobrist.placed(id, from) ^ zobrist.placed(id, to);
            unit.cell = to;
            cells[from as usize] = EMPTY;
            cells[to as usize] = index;
        }
    }

    fn remove(&mut self, index: u8) {
        let unit = &mut self.units[index as usize];
        self.key ^= self.zobrist.placed(unit.id, unit.cell);
        self.cells[unit.cell as usize] = EMPTY;
        unit.cell = OFF;
        let flag_share = unit.chance(|k| self.is_flag[k.0 as usize]);
        self.flags_left[unit.side().index()] -= flag_share;
    }

    fn reveal(&mut self, index: u8) {
        let unit = &mut self.units[index as usize];
        if !unit.revealed {
            unit.revealed = true;
            self.key ^= self.zobrist.revealed(unit.id);
        }
    }

    /// Whether a piece of `side`'s enemy stands next to `cell`.
    pub fn touches_enemy(&self, cell: u8, side: Side) -> bool {
        (0..4).any(|dir| {
            self.neighbour(cell, dir)
                .and_then(|n| self.unit_at(n))
                .is_some_and(|u| u.side() != side)
        })
    }

    /// Whether a piece of `side`'s enemy stands within `reach` steps (along
    /// rows and columns, lakes or not) of `cell`.
    pub fn enemy_within(&self, cell: u8, side: Side, reach: i32) -> bool {
        let (col, row) = (
            i32::from(cell % self.columns),
            i32::from(cell / self.columns),
        );
        for dr in -reach..=reach {
            let spread = reach - dr.abs();
            for dc in -spread..=spread {
                let (c, r) = (col + dc, row + dr);
                if c < 0 || r < 0 || c >= i32::from(self.columns) || r >= i32::from(self.rows) {
                    continue;
                }
                let at = (r * i32::from(self.columns) + c) as u8;
                if self.unit_at(at).is_some_and(|u| u.side() != side) {
                    return true;
                }
            }
        }
        false
    }
}
