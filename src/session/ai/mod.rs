//! Computer players. Each decides from its own per-player view and its seed
//! alone: two games that look the same to it get the same move.

mod belief;
mod eval;
mod setup;

pub use belief::Belief;
pub use setup::sensible_setup;

use crate::core::moves::{Action, Move};
use crate::core::options::GameOptions;
use crate::core::position::Position;
use crate::core::setup::Placement;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::view::PlayerView;
use eval::{FLAG, battle_gain, value};
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// A uniformly random legal action (and random setups).
    Random,
    /// Weighs each move by the material it can expect to win or lose.
    Heuristic,
    /// Samples the hidden enemy army many times and looks ahead in each sample.
    Best,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Random, Level::Heuristic, Level::Best];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Heuristic => "heuristic",
            Level::Best => "best",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// The action `level` chooses in `view`; `seed` makes it repeatable.
pub fn choose(level: Level, view: &PlayerView, seed: u64) -> Option<Action> {
    let mut rng =
        ChaCha8Rng::seed_from_u64(seed ^ (view.ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let actions = view.legal_actions();
    if actions.is_empty() || view.outcome.is_some() {
        return None;
    }
    match level {
        Level::Random => actions.choose(&mut rng).copied(),
        _ if view.rescue_pending => Some(rescue(view, &actions)),
        Level::Heuristic => {
            let belief = Belief::new(view);
            best_of(&scored_moves(view, &belief, &mut rng))
        }
        Level::Best => search(view, &mut rng),
    }
}

fn best_of(scored: &[(Move, f32)]) -> Option<Action> {
    scored
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(m, _)| Action::Move(*m))
}

/// Bring back the most valuable piece onto the square nearest home.
fn rescue(view: &PlayerView, actions: &[Action]) -> Action {
    let variant = &view.variant;
    let home = |sq: Square| {
        if view.viewer == Side::Red {
            sq.row as i32
        } else {
            -(sq.row as i32)
        }
    };
    let worth = |a: &Action| match a {
        Action::Rescue { piece, to } => {
            let seen = view.captured[view.viewer.index()]
                .iter()
                .find(|p| p.id == *piece);
            seen.and_then(|p| p.piece)
                .map_or(0.0, |p| value(variant, p))
                * 10.0
                - home(*to) as f32
        }
        _ => 0.0,
    };
    *actions
        .iter()
        .max_by(|a, b| worth(a).total_cmp(&worth(b)))
        .unwrap_or(&Action::SkipRescue)
}

fn forward(viewer: Side, m: &Move) -> i32 {
    match viewer {
        Side::Red => m.to.row as i32 - m.from.row as i32,
        Side::Blue => m.from.row as i32 - m.to.row as i32,
    }
}

/// Every legal move with its expected material change and a little judgement.
fn scored_moves(view: &PlayerView, belief: &Belief, rng: &mut impl Rng) -> Vec<(Move, f32)> {
    let variant = &*view.variant;
    let options = &view.options;
    let neighbours = |sq: Square| {
        [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .filter_map(move |(dc, dr)| {
                let (c, r) = (sq.col as i8 + dc, sq.row as i8 + dr);
                (c >= 0 && r >= 0)
                    .then(|| Square::new(c as u8, r as u8))
                    .filter(|s| variant.board.contains(*s))
            })
    };
    view.legal_moves
        .iter()
        .map(|m| {
            let mover_seen = view.at(m.from).expect("own piece");
            let mover = mover_seen.piece.expect("own pieces are known");
            let mut score = match view.at(m.to) {
                Some(enemy) => match enemy.piece {
                    Some(p) => battle_gain(variant, options, mover, p),
                    None => belief
                        .hidden
                        .iter()
                        .find(|h| h.id == enemy.id)
                        .map(|h| {
                            belief
                                .odds(variant, h)
                                .iter()
                                .map(|(p, odds)| odds * battle_gain(variant, options, mover, *p))
                                .sum()
                        })
                        .unwrap_or(0.0),
                },
                None => 0.1 * forward(view.viewer, m) as f32,
            };
            // Danger: known enemy pieces next to the destination that would beat the mover.
            for n in neighbours(m.to) {
                if let Some(enemy) = view.at(n).filter(|e| e.owner != view.viewer && n != m.to)
                    && let Some(p) = enemy.piece
                    && battle_gain(variant, options, p, mover) > 0.0
                {
                    score -= value(variant, mover) * if mover_seen.revealed { 0.9 } else { 0.4 };
                }
            }
            (*m, score + rng.random_range(0.0..0.05))
        })
        .collect()
}

/// Material of `side` minus the enemy's, with decided games counting most.
fn material(position: &Position, side: Side) -> f32 {
    if let Some(outcome) = position.outcome() {
        return match outcome.winner() {
            Some(w) if w == side => FLAG,
            Some(_) => -FLAG,
            None => 0.0,
        };
    }
    let variant = position.variant();
    let mut total = 0.0;
    for s in Side::BOTH {
        let sign = if s == side { 1.0 } else { -1.0 };
        for (id, state) in position.pieces(s) {
            if position.square_of(id).is_some() && !variant.kind(state.piece.kind).is_flag {
                total += sign * value(variant, state.piece);
            }
        }
    }
    total
}

/// Both sides, in a sample where everything is known: take the best
/// winning capture most of the time, else a random move.
fn rollout(position: &mut Position, plies: usize, rng: &mut impl Rng) {
    let variant = Arc::clone(position.variant());
    let options = *position.options();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if position.outcome().is_some() {
            return;
        }
        if position.pending_rescue().is_some() {
            let _ = position.play(Action::SkipRescue);
            continue;
        }
        position.legal_moves_into(&mut moves);
        let capture = moves
            .iter()
            .filter_map(|m| {
                let defender = position.piece_at(m.to)?;
                let attacker = position.piece_at(m.from)?;
                let gain = battle_gain(
                    &variant,
                    &options,
                    position.piece(attacker).piece,
                    position.piece(defender).piece,
                );
                (gain > 0.0).then_some((*m, gain))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1));
        let m = match capture {
            Some((m, _)) => m,
            _ => match moves.choose(rng) {
                Some(m) => *m,
                None => return,
            },
        };
        let _ = position.play(Action::Move(m));
    }
}

/// The position with the hidden enemy pieces as one sample guesses them.
fn sampled_position(view: &PlayerView, belief: &Belief, rng: &mut impl Rng) -> Option<Position> {
    let variant = &view.variant;
    let mut pieces: Vec<(Side, Placement)> = Vec::new();
    let columns = variant.board.columns as usize;
    for (i, seen) in view.squares.iter().enumerate() {
        let Some(seen) = seen else { continue };
        let Some(piece) = seen.piece else { continue };
        let square = Square::new((i % columns) as u8, (i / columns) as u8);
        pieces.push((seen.owner, Placement { square, piece }));
    }
    for (hidden, piece) in belief.sample(variant, rng) {
        pieces.push((
            view.viewer.opponent(),
            Placement {
                square: hidden.square,
                piece,
            },
        ));
    }
    let options = GameOptions {
        two_squares: crate::core::options::TwoSquares::Off,
        ..view.options
    };
    Position::arrange(Arc::clone(variant), options, &pieces, view.viewer).ok()
}

/// Flat Monte Carlo over determinizations: each of the heuristic's best moves
/// is played in many sampled armies and followed by short greedy rollouts.
fn search(view: &PlayerView, rng: &mut ChaCha8Rng) -> Option<Action> {
    const CANDIDATES: usize = 16;
    const SAMPLES: usize = 128;
    const DEPTH: usize = 2;
    let belief = Belief::new(view);
    let mut scored = scored_moves(view, &belief, rng);
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored.truncate(CANDIDATES);
    // A sure flag capture needs no search.
    if scored.first().is_some_and(|(_, s)| *s >= FLAG * 0.99) {
        return best_of(&scored);
    }
    let mut totals = vec![0.0f32; scored.len()];
    let mut runs = 0;
    for _ in 0..SAMPLES {
        let Some(sample) = sampled_position(view, &belief, rng) else {
            continue;
        };
        runs += 1;
        for (i, (m, _)) in scored.iter().enumerate() {
            let mut position = sample.clone();
            if position.play(Action::Move(*m)).is_err() {
                totals[i] -= FLAG;
                continue;
            }
            rollout(&mut position, DEPTH, rng);
            totals[i] += material(&position, view.viewer);
        }
    }
    if runs == 0 {
        return best_of(&scored);
    }
    // The heuristic's own judgement breaks near-ties.
    let best = (0..scored.len()).max_by(|&a, &b| {
        let score = |i: usize| totals[i] / runs as f32 + 0.25 * scored[i].1;
        score(a).total_cmp(&score(b))
    })?;
    Some(Action::Move(scored[best].0))
}
