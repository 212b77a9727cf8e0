//! `planner`: the computer player that searches. Where the expert samples
//! boards with every hidden piece guessed and rolls each out at random, the
//! planner searches the one board it believes in: its own pieces and the
//! enemy's seen ones by kind, each hidden enemy piece by the belief's odds
//! of every kind (`Belief`), battles with a hidden piece as chance nodes.
//! The enemy knows no more of our pieces than it has seen: each of ours it
//! has not identified carries the odds it can know, and its attacks on one
//! are chance nodes over its willingness (`willing.rs`).
//! Iterative-deepening alpha-beta (`search.rs`) within the think budget,
//! judged at its horizon by what Stratego players weigh (`judge.rs`).
//! In a domino game its kinds are the ways a stone can stand
//! (`stances.rs`).

mod battles;
mod board;
mod chase;
mod domino;
mod flag_guard;
mod horizon;
mod judge;
mod moves;
mod search;
mod stances;
mod values;
mod willing;
mod zobrist;

#[cfg(test)]
mod tests;

use super::belief::{Belief, Hidden};
use super::budget::{Budget, work_per_ms};
use super::learned_belief::learned_odds;
use super::setup_memory::SetupMemory;
use crate::core::moves::{Action, Move};
use crate::core::options::TwoSquares;
use crate::core::square::Square;
use crate::core::variant::{Combat, KindId, Variant};
use crate::core::view::{PlayerView, ViewPiece};
use battles::{BattleTable, Caution};
use board::{Board, DOMINO_KINDS, Odds, RANK_KINDS, Shuttle, Step, Unit};
use horizon::Horizon;
use judge::Judge;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use search::{Searcher, Table};
use std::sync::LazyLock;
use willing::Willingness;
use zobrist::Zobrist;

pub use search::Found;

thread_local! {
    /// The transposition table kept between searches on the clock.
    static KEPT: std::cell::RefCell<Option<Table>> = const { std::cell::RefCell::new(None) };
}

/// Nodes the planner searches in a millisecond of its budget, measured on
/// this project's machines (BENCHMARKS.md, issue 66); with a clock, the
/// deadline stops it first on a slower one.
const NODES_PER_MS: u64 = 1200;
/// How much faster than `NODES_PER_MS` a machine may search on the clock
/// before the count stops it rather than the deadline.
const ON_THE_CLOCK: u64 = 8;

/// Whether the planner plays `view`'s variant (else the expert does).
pub fn plays(view: &PlayerView) -> bool {
    let variant = &view.variant;
    let kinds = stances::searched(variant).kinds.len();
    let room = match variant.combat {
        Combat::Rank { .. } => RANK_KINDS,
        Combat::Domino { .. } => DOMINO_KINDS,
    };
    kinds <= room
        && (variant.board.columns as usize * variant.board.rows as usize) < board::BLOCKED as usize
}

/// The planner's move in `view` within `budget`, and the nodes it searched;
/// with `memory`, believing the enemy sets up as it did before.
pub fn choose(
    view: &PlayerView,
    rng: &mut ChaCha8Rng,
    budget: Budget,
    memory: Option<&SetupMemory>,
) -> (Option<Action>, Found) {
    if view.variant.is_domino() {
        choose_with::<DOMINO_KINDS>(view, rng, budget, memory)
    } else {
        choose_with::<RANK_KINDS>(view, rng, budget, memory)
    }
}

/// `choose` on a board with room for `K` kinds.
fn choose_with<const K: usize>(
    view: &PlayerView,
    rng: &mut ChaCha8Rng,
    budget: Budget,
    memory: Option<&SetupMemory>,
) -> (Option<Action>, Found) {
    static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(Zobrist::new);
    let game = &*view.variant;
    let searched = stances::searched(game);
    let variant = &*searched;
    let belief = Belief::new(view)
        .with_setup_habits(view)
        .with_approaches(view)
        .with_learned(learned_odds(view))
        .with_memory(view, memory);
    let units = units::<K>(view, &belief, variant);
    let quiet_limit = view
        .options
        .quiet_plies
        .limit(game)
        .or(game.rules.quiet_ply_limit);
    let two_squares = match view.options.two_squares {
        TwoSquares::Limit(limit) => Some(limit),
        TwoSquares::Off => None,
    };
    let board = Board::new(variant, units, view.to_move, view.quiet_plies, &ZOBRIST);
    let shuttles = view.two_square_runs.map(|run| {
        run.map_or(Shuttle::default(), |run| Shuttle {
            from: board.cell(run.last.from),
            to: board.cell(run.last.to),
            run: run.run,
        })
    });
    let mut board = board.with_two_squares(two_squares, shuttles);
    let table = BattleTable::new(variant, &view.options)
        .with_caution(Caution::for_side(variant, &board, view.viewer))
        .with_willingness(Willingness::new(variant, view.viewer.opponent()));
    let judge = Judge::new(variant, &board, &table, view.viewer, quiet_limit);
    let mut root: Vec<Step> = view
        .legal_moves
        .iter()
        .map(|m| Step {
            from: board.cell(m.from),
            to: board.cell(m.to),
        })
        .collect();
    root.shuffle(rng);
    let millis = budget.work / work_per_ms(game).max(1);
    // On the clock the deadline ends the search; the count only bounds it.
    let pace = if budget.deadline.is_some() {
        NODES_PER_MS * ON_THE_CLOCK
    } else {
        NODES_PER_MS
    };
    let limit = millis.saturating_mul(pace).max(1);
    let out_of_time = || budget.out_of_time();
    // Searches on the clock keep their table from move to move, for its
    // moves to try first (they are not repeatable anyway); a search by
    // work alone starts afresh, so that it stays a function of the view
    // and the seed.
    let on_clock = budget.deadline.is_some();
    let kept = match on_clock
        .then(|| KEPT.with_borrow_mut(Option::take))
        .flatten()
    {
        Some(table) => table.next_search(),
        None => Table::new(),
    };
    let mut searcher = Searcher::new(&mut board, (&table, &judge), kept, limit, &out_of_time)
        .with_horizon(Horizon::for_variant(variant));
    let found = searcher.run(root);
    if on_clock {
        let kept = searcher.into_table();
        KEPT.with_borrow_mut(|slot| *slot = Some(kept));
    }
    let action = found
        .best
        .map(|step| Action::Move(Move::new(board.square(step.from), board.square(step.to))));
    (action, found)
}

/// Every piece on the board as the viewer knows it: the enemy's hidden
/// ones by the belief's odds, ours the enemy has not identified by the
/// odds it can know (`public_odds`); kinds as `searched` has them.
fn units<const K: usize>(view: &PlayerView, belief: &Belief, searched: &Variant) -> Vec<Unit<K>> {
    let variant = &*view.variant;
    let mut units = Vec::new();
    for (i, seen) in view.squares.iter().enumerate() {
        let Some(seen) = seen else { continue };
        let ours = seen.owner == view.viewer;
        let public = seen.piece.is_some_and(|p| variant.kind(p.kind).public);
        let mut odds: Odds<K> = [0.0; K];
        if seen.piece.is_none()
            && let Some(hidden) = belief.hidden.iter().find(|h| h.id == seen.id)
        {
            for (piece, chance) in belief.odds(variant, hidden) {
                for (kind, share) in stances::kinds_of(variant, piece) {
                    if let Some(slot) = odds.get_mut(kind.0 as usize) {
                        *slot += chance * share;
                    }
                }
            }
        }
        let mut unit = Unit {
            id: seen.id,
            cell: i as u8,
            kind: seen.piece.map(|p| stances::kind_of(variant, p)),
            odds,
            moved: seen.moved,
            // An enemy piece whose kind we see is one we know.
            revealed: seen.revealed || public || (!ours && seen.piece.is_some()),
        };
        if unit.kind.is_none() {
            // Odds that do not add up (a belief with no army left) become even.
            if unit.odds.iter().sum::<f32>() <= 0.0 {
                for k in 0..searched.kinds.len().min(K) {
                    unit.odds[k] = 1.0;
                }
            }
            unit.narrow(|_: KindId| true);
        } else if ours && !unit.revealed {
            let columns = variant.board.columns as usize;
            let square = Square::new((i % columns) as u8, (i / columns) as u8);
            unit.odds = public_odds(view, seen, square);
        }
        units.push(unit);
    }
    units
}

/// What the enemy can know of our unidentified piece `seen`: any of our
/// unidentified pieces that fits what it saw of it (moved or not, its
/// suit), each as likely.
fn public_odds<const K: usize>(view: &PlayerView, seen: &ViewPiece, square: Square) -> Odds<K> {
    let variant = &*view.variant;
    let asked = Hidden {
        id: seen.id,
        square,
        moved: seen.moved,
        suit: seen.suit,
    };
    let mut odds: Odds<K> = [0.0; K];
    let pool = view
        .squares
        .iter()
        .flatten()
        .filter(|s| s.owner == view.viewer && !s.revealed)
        .filter_map(|s| s.piece)
        .filter(|p| !variant.kind(p.kind).public);
    for piece in pool.filter(|p| asked.fits(variant, p)) {
        if let Some(slot) = odds.get_mut(stances::kind_of(variant, piece).0 as usize) {
            *slot += 1.0;
        }
    }
    let total: f32 = odds.iter().sum();
    if total > 0.0 {
        for p in &mut odds {
            *p /= total;
        }
    }
    odds
}
