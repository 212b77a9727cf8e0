//! The planner's search: iterative-deepening alpha-beta over the board as
//! the searching player believes it. A battle with a hidden piece is a
//! chance node over its outcomes (`battles.rs`), bounded as Ballard's
//! Star1 bounds them, by the judge's real range of scores. A transposition
//! table, the last iteration's best move first, attacks by what they may
//! win, killer moves and history order the moves; late quiet moves are
//! searched a ply shallower first, but not at the root nor when they make
//! or break contact with the enemy; a chase (`chase.rs`) is searched a
//! ply deeper, a few plies a line at most; at the horizon a quiescence search
//! plays on the attacks most worth their odds, and on every battle that
//! puts our top two ranks or spy at stake, as far as the variant's
//! `Horizon` says.
//!
//! The table's values hold only within the search that made them (the
//! belief and the judge are made afresh for every move): an entry from an
//! earlier move, kept on the clock, only says which move to try first.

use super::battles::BattleTable;
use super::board::{Board, Step};
use super::chase::{MAX_CHASE_PLIES, chases};
use super::horizon::{Horizon, QUIESCENCE};
use super::judge::{BOUND, Judge};
use super::moves::moves_of;
use crate::core::side::Side;

/// The most attacks a quiescence node plays on, best ordered first.
const QUIESCENT_ATTACKS: usize = 3;
/// The deepest the iterations go (a board with few pieces left).
pub const MAX_DEPTH: u32 = 40;
/// The null move is tried this deep and more, and searched this much shallower.
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_CUT: i32 = 2;
/// What standing pat costs a side whose piece would not attack: a little,
/// so that an attack no kind of it would make is never chosen.
const UNWILLING: f32 = 1.0;
/// A share of an attacker this small that would not attack is none.
const SURE: f32 = 1e-4;
/// How often (in nodes) the search looks at its budget.
const CHECK_EVERY: u64 = 1024;

/// Positions the transposition table holds.
pub const TABLE_SIZE: usize = 1 << 17;

#[derive(Debug, Clone, Copy, Default)]
pub struct Entry {
    key: u64,
    value: f32,
    depth: i8,
    bound: Bound,
    best: Step,
    /// The search that wrote it (`Table::generation`).
    generation: u8,
}

/// The transposition table, and which search is writing it now.
pub struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            entries: vec![Entry::default(); TABLE_SIZE],
            generation: 0,
        }
    }

    /// The table for the next search: what it holds only orders moves.
    pub fn next_search(mut self) -> Table {
        self.generation = self.generation.wrapping_add(1);
        self
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this.
    Upper,
}

/// What the search of one move found and spent.
#[derive(Debug, Clone, Copy)]
pub struct Found {
    pub best: Option<Step>,
    pub value: f32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

pub struct Searcher<'b, 'z, const K: usize> {
    pub board: &'b mut Board<'z, K>,
    table: &'b BattleTable,
    judge: &'b Judge,
    entries: Vec<Entry>,
    generation: u8,
    killers: Vec<[Step; 2]>,
    /// By side, from-cell and to-cell.
    history: Vec<u32>,
    cells: usize,
    nodes: u64,
    /// Stop once this many nodes are searched, or `out_of_time` says so.
    limit: u64,
    out_of_time: &'b dyn Fn() -> bool,
    stopped: bool,
    buffers: Vec<Vec<Step>>,
    /// Plies the line being searched was extended for chases.
    chase_plies: u32,
    horizon: Horizon,
    /// The iteration being searched, in plies.
    iteration: u32,
}

impl<'b, 'z, const K: usize> Searcher<'b, 'z, K> {
    /// A search of `board` that keeps what it learns in `kept` (fresh, or
    /// kept from an earlier search and readied by `Table::next_search`).
    pub fn new(
        board: &'b mut Board<'z, K>,
        (table, judge): (&'b BattleTable, &'b Judge),
        kept: Table,
        limit: u64,
        out_of_time: &'b dyn Fn() -> bool,
    ) -> Searcher<'b, 'z, K> {
        let cells = board.cells.len();
        let Table {
            entries,
            generation,
        } = if kept.entries.len() == TABLE_SIZE {
            kept
        } else {
            Table::new()
        };
        Searcher {
            board,
            table,
            judge,
            entries,
            generation,
            killers: vec![[Step::default(); 2]; MAX_DEPTH as usize + QUIESCENCE as usize + 2],
            history: vec![0; 2 * cells * cells],
            cells,
            nodes: 0,
            limit,
            out_of_time,
            stopped: false,
            buffers: Vec::new(),
            chase_plies: 0,
            horizon: Horizon::APART,
            iteration: 0,
        }
    }

    /// The search with the quiescence shaped as `horizon` says.
    pub fn with_horizon(mut self, horizon: Horizon) -> Self {
        self.horizon = horizon;
        self
    }

    /// Search `root` (the legal moves, in the order to try them first)
    /// deeper and deeper until the budget runs out.
    pub fn run(&mut self, mut root: Vec<Step>) -> Found {
        let mut found = Found {
            best: root.first().copied(),
            value: 0.0,
            depth: 0,
            nodes: 0,
        };
        if root.len() <= 1 {
            return found;
        }
        for depth in 1..=MAX_DEPTH {
            self.iteration = depth;
            let mut alpha = -BOUND;
            let mut best: Option<(Step, f32)> = None;
            for (i, &step) in root.iter().enumerate() {
                let value = self.child(step, depth as i32 - 1, alpha, BOUND, 0, i);
                if self.stopped {
                    break;
                }
                if best.is_none_or(|(_, b)| value > b) {
                    best = Some((step, value));
                    alpha = alpha.max(value);
                }
            }
            // A cut iteration still counts when it found a move better than
            // the last iteration's best, which it searched first.
            if let Some((step, value)) = best
                && (!self.stopped || found.best != Some(step) && value > found.value)
            {
                found.best = Some(step);
                found.value = value;
                if !self.stopped {
                    found.depth = depth;
                }
            }
            if self.stopped {
                break;
            }
            if let Some(at) = root.iter().position(|s| Some(*s) == found.best) {
                let best = root.remove(at);
                root.insert(0, best);
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// The transposition table, to keep for the next search.
    pub fn into_table(self) -> Table {
        Table {
            entries: self.entries,
            generation: self.generation,
        }
    }

    /// The value, for the side to move, of playing `step` and searching
    /// `depth` plies more (a chance node when it starts a battle).
    fn child(
        &mut self,
        step: Step,
        depth: i32,
        alpha: f32,
        beta: f32,
        ply: u32,
        order: usize,
    ) -> f32 {
        if self.board.cells[step.to as usize] != super::board::EMPTY {
            return self.battle(step, depth, alpha, beta, ply, false);
        }
        // Late quiet moves first a ply shallower; again in full if they beat
        // alpha. Not at the root, whose every move is the answer's candidate,
        // nor a move that comes to or leaves an enemy's side: those change
        // what the next battles can be.
        let side = self.board.to_move;
        let reduce = depth >= 2
            && order >= 4
            && ply > 0
            && !self.board.touches_enemy(step.from, side)
            && !self.board.touches_enemy(step.to, side);
        let undo = self.board.make_quiet(step);
        // A chase is searched a ply deeper, a few plies a line at most.
        let chase = self.chase_plies < MAX_CHASE_PLIES && chases(self.board, self.table, step.to);
        self.chase_plies += u32::from(chase);
        let depth = depth + i32::from(chase);
        let mut value = -self.search(depth - i32::from(reduce), -beta, -alpha, ply + 1);
        if reduce && value > alpha && !self.stopped {
            value = -self.search(depth, -beta, -alpha, ply + 1);
        }
        self.chase_plies -= u32::from(chase);
        self.board.unmake(&undo);
        value
    }

    /// A battle as a chance node: each outcome weighed by its chance, each
    /// searched within the window Star1 leaves it.
    ///
    /// Where not all of the attacker would attack (`BattleTable::outcomes`:
    /// a hidden piece on one it knows attacks only when it wins or trades,
    /// an enemy piece on one of ours it has not identified by its
    /// willingness), the rest of its side does something else, which the
    /// search counts as the position as it stands (stand pat). So an
    /// unknown piece beside our seen Marshal threatens it by the chance
    /// that it is the spy, and a known enemy General beside our unknown
    /// Sergeant takes it only as often as it dares.
    fn battle(
        &mut self,
        step: Step,
        depth: i32,
        alpha: f32,
        beta: f32,
        ply: u32,
        quiescent: bool,
    ) -> f32 {
        let outcomes = self.table.outcomes(self.board, step);
        let reach = self.judge.limit + UNWILLING;
        let (low, high) = (-reach, reach);
        let mut sum = 0.0;
        let mut rest = 1.0f32;
        let willing: f32 = outcomes.iter().map(|o| o.chance).sum();
        let unwilling = 1.0 - willing;
        if unwilling > SURE {
            // Rather than lose its piece, the attacker's side stands pat.
            let stand = self.judge.score(self.board, self.table) - UNWILLING;
            sum = unwilling * stand;
            rest = willing;
        }
        for outcome in &outcomes {
            rest = (rest - outcome.chance).max(0.0);
            let child_alpha = ((alpha - sum - high * rest) / outcome.chance).max(low);
            let child_beta = ((beta - sum - low * rest) / outcome.chance).min(high);
            let undo = self.board.make_battle(step, outcome);
            let value = if quiescent {
                -self.quiesce(-child_beta, -child_alpha, ply + 1, depth.max(0) as u32)
            } else {
                -self.search(depth, -child_beta, -child_alpha, ply + 1)
            };
            self.board.unmake(&undo);
            if self.stopped {
                return 0.0;
            }
            sum += outcome.chance * value;
            if sum + high * rest <= alpha {
                return sum + high * rest;
            }
            if sum + low * rest >= beta {
                return sum + low * rest;
            }
        }
        sum
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && (self.nodes >= self.limit || (self.out_of_time)())
        {
            self.stopped = true;
        }
    }

    fn search(&mut self, depth: i32, mut alpha: f32, beta: f32, ply: u32) -> f32 {
        self.tick();
        if self.stopped {
            return 0.0;
        }
        if let Some(winner) = self.board.winner {
            return self.judge.ended(self.board, self.table, winner, ply);
        }
        if depth <= 0 {
            let plies = self.horizon.plies(self.iteration);
            return self.quiesce(alpha, beta, ply, plies);
        }
        let slot = (self.board.key as usize) & (self.entries.len() - 1);
        let entry = self.entries[slot];
        let mut first = None;
        if entry.key == self.board.key {
            first = Some(entry.best);
            if entry.generation == self.generation && entry.depth as i32 >= depth {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        // The null move: a position still at least beta after a free pass
        // is searched no further (in Stratego a move rarely hurts its mover).
        if depth >= NULL_MOVE_DEPTH
            && beta.abs() < BOUND / 2.0
            && self.judge.score(self.board, self.table) >= beta
        {
            self.board.pass();
            let value = -self.search(depth - 1 - NULL_MOVE_CUT, -beta, -beta + 1.0, ply + 1);
            self.board.pass();
            if self.stopped {
                return 0.0;
            }
            if value >= beta {
                return value;
            }
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        moves_of(self.board, self.board.to_move, false, &mut moves);
        if moves.is_empty() {
            self.buffers.push(moves);
            // A side that cannot move loses.
            let loser = self.board.to_move;
            return self
                .judge
                .ended(self.board, self.table, Some(loser.opponent()), ply);
        }
        self.order(&mut moves, first, ply);
        let start_alpha = alpha;
        let mut best = (moves[0], -BOUND);
        for (i, &step) in moves.iter().enumerate() {
            let value = self.child(step, depth - 1, alpha, beta, ply, i);
            if self.stopped {
                break;
            }
            if value > best.1 {
                best = (step, value);
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                if self.board.cells[step.to as usize] == super::board::EMPTY {
                    let killers = &mut self.killers[ply as usize];
                    if killers[0] != step {
                        killers[1] = killers[0];
                        killers[0] = step;
                    }
                    let h = self.history_slot(step);
                    self.history[h] += (depth * depth) as u32;
                }
                break;
            }
        }
        self.buffers.push(moves);
        if !self.stopped {
            let bound = if best.1 <= start_alpha {
                Bound::Upper
            } else if best.1 >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.entries[slot] = Entry {
                key: self.board.key,
                value: best.1,
                depth: depth as i8,
                bound,
                best: best.0,
                generation: self.generation,
            };
        }
        best.1
    }

    /// Stand pat or play on an attack, `left` plies more at most.
    fn quiesce(&mut self, mut alpha: f32, beta: f32, ply: u32, left: u32) -> f32 {
        self.tick();
        if self.stopped {
            return 0.0;
        }
        if let Some(winner) = self.board.winner {
            return self.judge.ended(self.board, self.table, winner, ply);
        }
        let stand = self.judge.score(self.board, self.table);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = self.buffers.pop().unwrap_or_default();
        moves_of(self.board, self.board.to_move, true, &mut moves);
        moves.sort_by_cached_key(|step| {
            std::cmp::Reverse((self.judge.attack_gain(self.board, self.table, *step) * 16.0) as i64)
        });
        // Only the attacks most worth their odds, and (where the horizon
        // keeps them) every battle that puts our top ranks or spy at stake:
        // a position can have dozens of attacks.
        let mut kept = 0;
        let precious = self.horizon.keeps_precious();
        moves.retain(|step| {
            kept += 1;
            kept <= QUIESCENT_ATTACKS || precious && self.judge.touches_precious(self.board, *step)
        });
        let mut best = stand;
        for &step in moves.iter() {
            let value = self.battle(step, left as i32 - 1, alpha, beta, ply, true);
            if self.stopped {
                break;
            }
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.buffers.push(moves);
        best
    }

    fn history_slot(&self, step: Step) -> usize {
        let side = usize::from(self.board.to_move == Side::Blue);
        (side * self.cells + step.from as usize) * self.cells + step.to as usize
    }

    /// The table's move first, then attacks (on a known weaker piece
    /// first), then the killers, then by history.
    fn order(&self, moves: &mut [Step], first: Option<Step>, ply: u32) {
        let killers = self.killers[(ply as usize).min(self.killers.len() - 1)];
        let rank = |step: &Step| -> i64 {
            if Some(*step) == first {
                return i64::MAX;
            }
            if self.board.cells[step.to as usize] != super::board::EMPTY {
                return (1 << 40) + self.attack_promise(*step);
            }
            if killers.contains(step) {
                return 1 << 39;
            }
            self.history[self.history_slot(*step)] as i64
        };
        moves.sort_by_cached_key(|step| std::cmp::Reverse(rank(step)));
    }

    /// How promising an attack looks before it is searched: a sure win over
    /// a known piece best, a sure loss worst.
    fn attack_promise(&self, step: Step) -> i64 {
        let (Some(attacker), Some(defender)) =
            (self.board.unit_at(step.from), self.board.unit_at(step.to))
        else {
            return 0;
        };
        match (attacker.kind, defender.kind) {
            (Some(a), Some(d)) => match self.table.result(a, d) {
                crate::core::battle::BattleResult::AttackerWins => 3_000 - i64::from(a.0),
                crate::core::battle::BattleResult::BothRemoved => 2_000,
                crate::core::battle::BattleResult::DefenderWins => 0,
            },
            _ => 1_000,
        }
    }
}
