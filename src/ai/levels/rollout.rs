//! Rollouts in a sampled position where each side judges a battle only by
//! what it knows: a piece the other side has not seen counts as the odds
//! of what it may be. With full knowledge on both sides the sampled enemy
//! always knew which of our pieces it beat, so every approach looked
//! deadly and `best` backed away from battles the real enemy would never
//! have found.

use crate::ai::belief::{Belief, Hidden};
use crate::ai::knowledge::eval::{BattleTable, FLAG, value};
use crate::core::moves::{Action, Move};
use crate::core::piece::{Piece, PieceId};
use crate::core::position::Position;
use crate::core::position::playout_moves::SampleScratch;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Variant;
use crate::core::view::PlayerView;
use rand::Rng;
use std::sync::Arc;

/// Odds of what a hidden piece is, as its enemy may reckon them.
pub type Odds = Vec<(Piece, f32)>;

/// What an attacker expects to gain against one hidden piece, by the
/// attacker's `BattleTable` slot: the gains weighed by the piece's odds.
type Expected = Vec<f32>;

/// What each side could know of the other's pieces when the search began:
/// the odds of every piece the enemy has not seen, by square, as what each
/// attacker expects to gain against it.
pub struct Knowledge {
    /// (square, expected gains) of the pieces of each side (by
    /// `Side::index`) that the other side has not seen.
    hidden: [Vec<(Square, Arc<Expected>)>; 2],
    battles: Arc<BattleTable>,
}

/// In a sampled position: which pieces (by id index, per side) are hidden
/// from their enemy at the start, and what attacking them is expected to gain.
pub struct SampleKnowledge {
    expected: [Vec<Option<Arc<Expected>>>; 2],
    battles: Arc<BattleTable>,
}

impl Knowledge {
    pub fn new(view: &PlayerView, belief: &Belief) -> Knowledge {
        let variant = &*view.variant;
        let me = view.viewer;
        let battles = BattleTable::new(variant, &view.options);
        let enemy_side: Vec<_> = belief
            .hidden
            .iter()
            .map(|h| {
                let odds = both_ways(variant, belief.odds(variant, h));
                (h.square, Arc::new(battles.expected(&odds)))
            })
            .collect();
        // Our own pieces the enemy has not seen: any of our unseen pieces
        // that fits what the enemy saw of it (moved, suit).
        let columns = variant.board.columns as usize;
        let mine: Vec<Hidden> = view
            .squares
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let s = s.as_ref()?;
                (s.owner == me && !s.revealed && !variant.kind(s.piece?.kind).public).then(|| {
                    Hidden {
                        id: s.id,
                        square: Square::new((i % columns) as u8, (i / columns) as u8),
                        moved: s.moved,
                        suit: s.suit,
                    }
                })
            })
            .collect();
        let pool: Vec<Piece> = mine
            .iter()
            .filter_map(|h| view.at(h.square)?.piece)
            .collect();
        let own_side = mine
            .iter()
            .map(|h| {
                let fitting: Vec<&Piece> = pool.iter().filter(|p| h.fits(variant, p)).collect();
                let each = 1.0 / fitting.len().max(1) as f32;
                let odds = fitting
                    .into_iter()
                    .map(|p| {
                        let key = Piece {
                            flipped: false,
                            ..*p
                        };
                        (key, each)
                    })
                    .collect();
                let odds = both_ways(variant, odds);
                (h.square, Arc::new(battles.expected(&odds)))
            })
            .collect();
        let mut hidden = [Vec::new(), Vec::new()];
        hidden[me.index()] = own_side;
        hidden[me.opponent().index()] = enemy_side;
        Knowledge {
            hidden,
            battles: Arc::new(battles),
        }
    }

    /// The same knowledge keyed by the piece ids of a sampled position.
    pub fn for_sample(&self, position: &Position) -> SampleKnowledge {
        let expected = Side::BOTH.map(|side| {
            let mut by_id = vec![None; position.pieces(side).count()];
            for (square, expected) in &self.hidden[side.index()] {
                if let Some(id) = position.piece_at(*square)
                    && let Some(slot) = by_id.get_mut(id.index as usize)
                {
                    *slot = Some(Arc::clone(expected));
                }
            }
            by_id
        });
        SampleKnowledge {
            expected,
            battles: Arc::clone(&self.battles),
        }
    }
}

impl SampleKnowledge {
    /// What each attacker expects to gain against piece `id` by the odds
    /// its enemy reckons it by, or `None` when the enemy knows it (seen at
    /// the start, or revealed in this rollout).
    fn expected_of(&self, position: &Position, id: PieceId) -> Option<&[f32]> {
        if position.piece(id).revealed {
            return None;
        }
        self.expected[id.side.index()]
            .get(id.index as usize)
            .and_then(|o| o.as_deref().map(Vec::as_slice))
    }

    /// Whether the enemy of piece `id` does not know what it is.
    pub(crate) fn hidden_from_enemy(&self, position: &Position, id: PieceId) -> bool {
        self.expected_of(position, id).is_some()
    }
}

/// A domino stone whose turn is unknown stands either way round.
fn both_ways(variant: &Variant, odds: Odds) -> Odds {
    let mut out = Vec::with_capacity(odds.len() * 2);
    for (p, w) in odds {
        match variant.kind(p.kind).pips {
            Some((l, h)) if l != h => {
                out.push((p, w / 2.0));
                out.push((Piece { flipped: true, ..p }, w / 2.0));
            }
            _ => out.push((p, w)),
        }
    }
    out
}

/// The gain the mover expects from `m`, which attacks: the true outcome if
/// it has seen the defender (at the start or in this rollout), else the odds.
fn judged_gain(position: &Position, known: &SampleKnowledge, m: &Move) -> Option<f32> {
    let defender = position.piece_at(m.to)?;
    let attacker = position.piece_at(m.from)?;
    let a = position.piece(attacker).piece;
    Some(match known.expected_of(position, defender) {
        Some(expected) => expected[BattleTable::slot(a)],
        None => known.battles.gain(a, position.piece(defender).piece),
    })
}

/// What the mover of `m` (an attack) expects to lose to a recapture: its
/// worth if a piece it knows next to the target square beats it.
fn recapture(position: &Position, known: &SampleKnowledge, m: &Move) -> f32 {
    let Some(attacker) = position.piece_at(m.from) else {
        return 0.0;
    };
    let variant = position.variant();
    let a = position.piece(attacker).piece;
    let threat = variant.board.neighbours(m.to).any(|n| {
        let Some(id) = position.piece_at(n) else {
            return false;
        };
        id.side != attacker.side
            && n != m.from
            && known.expected_of(position, id).is_none()
            && known.battles.gain(position.piece(id).piece, a) > 0.0
    });
    if threat { value(variant, a) } else { 0.0 }
}

/// Taking a piece that the mover knows could take its own flag, from next
/// to it, comes before any other gain: a side whose 6-6 is threatened
/// deals with the threat (else the search counts on the enemy ignoring it).
fn rescue_flag(position: &Position, known: &SampleKnowledge, m: &Move) -> f32 {
    let (Some(attacker), Some(target)) = (position.piece_at(m.from), position.piece_at(m.to))
    else {
        return 0.0;
    };
    let variant = position.variant();
    let t = position.piece(target);
    let threat = known.expected_of(position, target).is_none()
        && variant.board.neighbours(m.to).any(|n| {
            position.piece_at(n).is_some_and(|id| {
                let own = position.piece(id).piece;
                id.side == attacker.side
                    && variant.kind(own.kind).is_flag
                    && known.battles.gain(t.piece, own) > 0.0
            })
        });
    if threat { FLAG / 2.0 } else { 0.0 }
}

/// What a rollout did, for counting its work: the plies it played and the
/// attacks it judged on the way (each weighed by what its mover knows).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Played {
    pub plies: usize,
    pub attacks_judged: usize,
}

/// Both sides take the attack they judge best when it looks like a gain,
/// else play a uniformly random legal move (drawn by the engine's playout
/// path, without listing the moves).
pub fn rollout(
    position: &mut Position,
    known: &SampleKnowledge,
    plies: usize,
    rng: &mut impl Rng,
) -> Played {
    let mut attacks = Vec::new();
    let mut scratch = SampleScratch::default();
    scratch.fit(position);
    let mut attacks_judged = 0;
    for played in 0..plies {
        let so_far = Played {
            plies: played,
            attacks_judged,
        };
        if position.outcome().is_some() {
            return so_far;
        }
        if position.pending_rescue().is_some() {
            let _ = position.play(Action::SkipRescue);
            continue;
        }
        position.attacks_into(&mut attacks);
        attacks_judged += attacks.len();
        let domino = position.variant().is_domino();
        let attack = attacks
            .iter()
            .filter_map(|m| {
                let gain = judged_gain(position, known, m)?;
                Some((
                    *m,
                    if domino {
                        gain - recapture(position, known, m) + rescue_flag(position, known, m)
                    } else {
                        gain
                    },
                ))
            })
            .filter(|(_, gain)| *gain > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        match attack {
            Some((m, _)) => {
                let _ = position.play(Action::Move(m));
            }
            None => match position.sample_move(rng, &mut scratch) {
                Some(m) => position.play_raw(m),
                None => {
                    position.end_stuck();
                    return so_far;
                }
            },
        }
    }
    // `play_raw` leaves a side without a legal move to its next draw: the
    // position is judged as the rules would have ended it.
    if position.outcome().is_none()
        && position.pending_rescue().is_none()
        && !position.has_legal_move(position.to_move())
    {
        position.end_stuck();
    }
    Played {
        plies,
        attacks_judged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::levels::best::evaluate;
    use crate::core::game::Game;
    use crate::core::options::GameOptions;
    use crate::core::playout::play_random;
    use crate::core::variant::builtin_variant;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rand_chacha::ChaCha8Rng;

    /// The rollout as it was before it drew from the engine's playout path:
    /// every legal move listed, the judged attacks among them, a random
    /// move from the list, each played through the checked `play`.
    fn listing_rollout(
        position: &mut Position,
        known: &SampleKnowledge,
        plies: usize,
        rng: &mut impl Rng,
    ) {
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
            let attack = moves
                .iter()
                .filter_map(|m| Some((*m, judged_gain(position, known, m)?)))
                .filter(|(_, gain)| *gain > 0.0)
                .max_by(|a, b| a.1.total_cmp(&b.1));
            let m = match attack {
                Some((m, _)) => m,
                None => *moves.choose(rng).expect("a side to move can move"),
            };
            let _ = position.play(Action::Move(m));
        }
    }

    /// The rollout plays the games the listing rollout played, in
    /// distribution: from positions of classic games, the mean evaluation
    /// after many rollouts of each kind agrees within chance.
    #[test]
    fn rollouts_judge_positions_as_the_listing_rollout_did() {
        let variant = builtin_variant("classic").unwrap();
        const RUNS: usize = 3000;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut total_gap = 0.0f64;
        let mut total_variance = 0.0f64;
        for start in [30, 90, 150, 220] {
            let mut game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
            play_random(&mut game, &mut rng, start);
            let position = game.position();
            if position.outcome().is_some() {
                continue;
            }
            let side = position.to_move();
            let view = PlayerView::new(position, side);
            let knowledge = Knowledge::new(&view, &Belief::new(&view));
            let known = knowledge.for_sample(position);
            let mut scores = [Vec::new(), Vec::new()];
            for _ in 0..RUNS {
                let mut fast = position.clone();
                rollout(&mut fast, &known, 4, &mut rng);
                scores[0].push(evaluate(&fast, side, 0, false) as f64);
                let mut listed = position.clone();
                listing_rollout(&mut listed, &known, 4, &mut rng);
                scores[1].push(evaluate(&listed, side, 0, false) as f64);
            }
            let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
            let var = |s: &[f64]| {
                let m = mean(s);
                s.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (s.len() - 1) as f64
            };
            let gap = mean(&scores[0]) - mean(&scores[1]);
            let se = ((var(&scores[0]) + var(&scores[1])) / RUNS as f64).sqrt();
            assert!(
                gap.abs() <= 5.0 * se + 1e-6,
                "from ply {start}: gap {gap:.3}, se {se:.3}"
            );
            total_gap += gap;
            total_variance += se * se;
        }
        let se = total_variance.sqrt();
        assert!(
            total_gap.abs() <= 4.0 * se + 1e-6,
            "overall gap {total_gap:.3}, se {se:.3}"
        );
    }

    /// A rollout counts the attacks it judges, which cost much of a ply's
    /// time where the armies stand mixed, so that the search's work count
    /// keeps up with its time.
    #[test]
    fn a_rollout_counts_the_attacks_it_judges() {
        let variant = builtin_variant("free").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
        let position = game.position();
        let view = PlayerView::new(position, position.to_move());
        let knowledge = Knowledge::new(&view, &Belief::new(&view));
        let known = knowledge.for_sample(position);
        let mut rolled = position.clone();
        let played = rollout(&mut rolled, &known, 10, &mut rng);
        assert_eq!(played.plies, 10, "{played:?}");
        assert!(played.attacks_judged >= played.plies, "{played:?}");
    }
}
