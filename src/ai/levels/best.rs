//! `best`: flat Monte Carlo over determinizations. The hidden enemy army is
//! sampled many times from the player's belief; each candidate move is
//! played in every sample and followed by a short greedy rollout.

use super::heuristic::{best_of, scored_moves};
use super::rollout::{Knowledge, rollout};
use crate::ai::belief::Belief;
use crate::ai::knowledge::domino;
use crate::ai::knowledge::eval::{FLAG, value};
use crate::core::moves::{Action, Move};
use crate::core::options::GameOptions;
use crate::core::position::Position;
use crate::core::setup::Placement;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Combat;
use crate::core::view::PlayerView;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A draw counts as little better than a loss: only wins count.
pub(crate) const DRAW: f32 = -20.0;

/// What the position is worth to `side`: decided games count most; else
/// material, less a growing share of the draw as the quiet-ply limit nears
/// (`quiet_share`), so that battles (which reset it) become worth seeking.
/// `quiet_before` is the view's count: a sampled position starts at ply 0.
pub(crate) fn evaluate(
    position: &Position,
    side: Side,
    quiet_before: u32,
    flag_known: bool,
) -> f32 {
    standing(position, side, flag_known) + quiet_share(position, quiet_before) * DRAW
}

/// What the position is worth to `side` without the quiet-ply limit's
/// pressure: `±FLAG` or `DRAW` for a game that ended, else material.
pub(crate) fn standing(position: &Position, side: Side, flag_known: bool) -> f32 {
    if let Some(outcome) = position.outcome() {
        return match outcome.winner() {
            Some(w) if w == side => FLAG,
            Some(_) => -FLAG,
            None if position.variant().is_domino() => domino::DRAWN,
            None => DRAW,
        };
    }
    material(position, side) + domino::evaluate(position, side, flag_known)
}

/// How near the quiet-ply limit a game that goes on stands, from 0 to 1:
/// the cube of the share of the limit spent, so the pressure grows late.
/// Where the rules set no limit (a game with it turned off, the UCC
/// manager's), the variant's own limit is pressed on all the same: with
/// nothing to end it, a game without battles is only ever a draw (the
/// expert and asmodeus shuffled one piece each back and forth for 500
/// turns, to the manager's limit; BENCHMARKS.md, issue 48).
/// `quiet_before` is the view's count: a sampled position starts at ply 0.
pub(crate) fn quiet_share(position: &Position, quiet_before: u32) -> f32 {
    let variant = position.variant();
    let limit = (position.options().quiet_plies.limit(variant)).or(variant.rules.quiet_ply_limit);
    let Some(limit) = limit.filter(|_| position.outcome().is_none()) else {
        return 0.0;
    };
    let mut quiet = position.quiet_plies();
    if quiet == position.ply() {
        quiet += quiet_before;
    }
    (quiet as f32 / limit.max(1) as f32).min(1.0).powi(3)
}

/// Material of `side` minus the enemy's (flags aside).
pub(crate) fn material(position: &Position, side: Side) -> f32 {
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

/// The position with the hidden enemy pieces as one sample guesses them.
pub(crate) fn sampled_position(
    view: &PlayerView,
    belief: &Belief,
    rng: &mut impl Rng,
) -> Option<Position> {
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
pub fn search(view: &PlayerView, rng: &mut ChaCha8Rng) -> Option<Action> {
    const SAMPLES: usize = 128;
    const DEPTH: usize = 2;
    let belief = Belief::new(view);
    let knowledge = Knowledge::new(view, &belief);
    let enemy_flag = domino::enemy_flag(view, &belief);
    let flag_known = enemy_flag.is_some();
    let mut scored = candidates(view, &belief, rng);
    domino::restrain(view, enemy_flag, &mut scored);
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
        let known = knowledge.for_sample(&sample);
        runs += 1;
        for (i, (m, _)) in scored.iter().enumerate() {
            let mut position = sample.clone();
            if position.play(Action::Move(*m)).is_err() {
                totals[i] -= FLAG;
                continue;
            }
            rollout(&mut position, &known, DEPTH, rng);
            totals[i] += evaluate(&position, view.viewer, view.quiet_plies, flag_known);
        }
    }
    if runs == 0 {
        return best_of(&scored);
    }
    // A walk toward the enemy 6-6 is taken unless the search sees a clearly
    // better move (a threat to answer, a battle worth winning).
    if let Some(flag_square) = enemy_flag
        && let Some(step) = domino::finisher(view, flag_square)
        && let Some(i) = scored.iter().position(|(m, _)| *m == step)
    {
        let top = totals.iter().copied().fold(f32::MIN, f32::max);
        if top - totals[i] < FINISHER_MARGIN * runs as f32 {
            return Some(Action::Move(step));
        }
    }
    // The heuristic's own judgement breaks near-ties.
    let guards = flag_guards(view);
    let best = (0..scored.len()).max_by(|&a, &b| {
        let score = |i: usize| {
            let (m, s) = scored[i];
            let leaves = guards.contains(&m.from) && view.at(m.to).is_none();
            totals[i] / runs as f32 + 0.25 * s - if leaves { GUARD } else { 0.0 }
        };
        score(a).total_cmp(&score(b))
    })?;
    Some(Action::Move(scored[best].0))
}

/// How much worse (in the search's average) a walk toward the enemy 6-6
/// may look than the best move and still be played: the averages of moves
/// that change nothing differ by tens (rare lucky rollouts), so the bar
/// sits above that noise.
pub(crate) const FINISHER_MARGIN: f32 = 100.0;

/// What a guard of our flag gives up by stepping away from it (it may still
/// attack): in barrage the marshal beside the flag stays there.
pub(crate) const GUARD: f32 = 200.0;

/// The squares next to our own flags (a piece there shields it), in the
/// rank variants; domino stones next to the 6-6 stay free to move (held
/// there, 60-game checks drew more and won less).
pub(crate) fn flag_guards(view: &PlayerView) -> Vec<Square> {
    let variant = &view.variant;
    let columns = variant.board.columns as usize;
    let mut out = Vec::new();
    if !matches!(variant.combat, Combat::Rank { .. }) {
        return out;
    }
    for (i, seen) in view.squares.iter().enumerate() {
        let Some(seen) = seen else { continue };
        if seen.owner != view.viewer || !seen.piece.is_some_and(|p| variant.kind(p.kind).is_flag) {
            continue;
        }
        let sq = Square::new((i % columns) as u8, (i / columns) as u8);
        out.extend(variant.board.neighbours(sq));
    }
    out
}

/// The heuristic's best moves, and every attack: its averages can undersell them.
fn candidates(view: &PlayerView, belief: &Belief, rng: &mut ChaCha8Rng) -> Vec<(Move, f32)> {
    const CANDIDATES: usize = 16;
    let mut scored = scored_moves(view, belief, FLAG, rng);
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut rank = 0;
    scored.retain(|(m, _)| {
        rank += 1;
        // Domino plans are long (a killer walking to the 6-6): every move.
        rank <= CANDIDATES || view.at(m.to).is_some() || view.variant.is_domino()
    });
    scored
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_position_with;
    use crate::core::options::QuietPlies;

    /// A long run without a battle costs the draw's share whether or not
    /// the rules end the game for it: the variant's own limit presses on.
    #[test]
    fn a_long_quiet_run_presses_with_the_limit_off() {
        for quiet_plies in [QuietPlies::Variant, QuietPlies::Off] {
            let position = test_position_with(
                "classic",
                &[(Side::Red, "e4", "general"), (Side::Blue, "e7", "major")],
                Side::Red,
                |options| options.quiet_plies = quiet_plies,
            );
            let limit = position.variant().rules.quiet_ply_limit.unwrap();
            let fresh = evaluate(&position, Side::Red, 0, false);
            let stale = evaluate(&position, Side::Red, limit, false);
            assert!(
                (fresh - stale - (-DRAW)).abs() < 1e-3,
                "{quiet_plies:?}: {fresh} fresh, {stale} after {limit} quiet plies"
            );
        }
    }
}
