//! `heuristic`: each move weighed by the material it can expect to win or
//! lose, with a little judgement; the weighing `best` starts its rollouts
//! from.

use crate::ai::belief::Belief;
use crate::ai::knowledge::eval::{battle_gain, value};
use crate::core::moves::{Action, Move};
use crate::core::side::Side;
use crate::core::view::PlayerView;
use rand::{Rng, RngExt};

pub(crate) fn best_of(scored: &[(Move, f32)]) -> Option<Action> {
    scored
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(m, _)| Action::Move(*m))
}

fn forward(viewer: Side, m: &Move) -> i32 {
    match viewer {
        Side::Red => m.to.row as i32 - m.from.row as i32,
        Side::Blue => m.from.row as i32 - m.to.row as i32,
    }
}

/// Every legal move with its expected material change and a little judgement.
/// A hidden defender the belief makes a flag counts `hidden_flag` (the
/// flag's worth, `FLAG`, but where the expert weighs a flag against the
/// chance of winning: `win_odds.rs`).
pub(crate) fn scored_moves(
    view: &PlayerView,
    belief: &Belief,
    hidden_flag: f32,
    rng: &mut impl Rng,
) -> Vec<(Move, f32)> {
    let variant = &*view.variant;
    let options = &view.options;
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
                                .map(|(p, odds)| {
                                    odds * if variant.kind(p.kind).is_flag {
                                        hidden_flag
                                    } else {
                                        battle_gain(variant, options, mover, *p)
                                    }
                                })
                                .sum()
                        })
                        .unwrap_or(0.0),
                },
                None => 0.1 * forward(view.viewer, m) as f32,
            };
            // Danger: known enemy pieces next to the destination that would beat the mover.
            for n in variant.board.neighbours(m.to) {
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
