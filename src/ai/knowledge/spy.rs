//! The spy, in the 40-piece games: the one piece that can take the enemy
//! Marshal, and only by attacking it. Through the UCC manager against
//! peternlewis (BENCHMARKS.md, issue 48), the expert's spy died in 19 of 20
//! games, in half of them by turn 38: five unmoved (four on the front row,
//! where the first low piece to attack took it), the rest after walking
//! out. So the expert sets its spy up behind its General on a square
//! facing a lake (`shelter`), near where people put it and where an enemy
//! Marshal that takes the General stands next to it, and keeps it there
//! unseen (`SpyInWait`) until it can strike.

use crate::ai::knowledge::eval::large_army;
use crate::core::position::Position;
use crate::core::setup::Setup;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Combat, KindId, Mobility, Special, Variant};
use rand::Rng;
use rand::RngExt;

/// Where `shelter` works: the 40-piece rank games, with a spy and a kind
/// it takes.
fn spy_and_target(variant: &Variant) -> Option<(KindId, KindId)> {
    let Combat::Rank {
        spy_target: Some(target),
        ..
    } = variant.combat
    else {
        return None;
    };
    if !large_army(variant) {
        return None;
    }
    let spy = variant
        .kind_ids()
        .find(|&k| variant.kind(k).special == Special::Spy)?;
    Some((spy, target))
}

/// Moves the spy of a fixed-zone setup of the 40-piece games one row behind
/// the strongest stepping piece the enemy spy does not take (the General),
/// and that piece onto a front-row square with a lake before it, chosen at
/// random; the flag and bombs stay where they are. A square facing a lake
/// is reached only from beside it, so the spy behind it is seldom the
/// first piece an attacker meets, and an enemy Marshal that takes the
/// General stands beside it. In Gravon's classic setups
/// (`setup_habits_table.rs`) the spy stands on the second row behind a
/// lake in 43% and on an open front-row square in under 1% (a random setup
/// puts it there 15 times in 100); the General faces a lake in 28%.
/// Without a lake square the General may stand on any front-row square.
pub fn shelter(variant: &Variant, setup: &mut Setup, rng: &mut impl Rng) {
    let Some((spy, target)) = spy_and_target(variant) else {
        return;
    };
    if variant.setup.anywhere {
        return;
    }
    let find = |s: &Setup, kind: KindId| s.placements.iter().position(|p| p.piece.kind == kind);
    let general_kind = variant
        .kind_ids()
        .filter(|&k| k != target && variant.kind(k).mobility == Mobility::Step)
        .max_by_key(|&k| variant.kind(k).rank);
    let (Some(spy_at), Some(general_at)) =
        (find(setup, spy), general_kind.and_then(|k| find(setup, k)))
    else {
        return;
    };
    let side = setup.side;
    let front = variant.setup.rows - 1;
    let depth = |sq: Square| match side {
        Side::Red => sq.row,
        Side::Blue => variant.board.rows - 1 - sq.row,
    };
    let step = |sq: Square, forward: bool| {
        let ahead = (side == Side::Red) == forward;
        let row = if ahead {
            sq.row.checked_add(1)
        } else {
            sq.row.checked_sub(1)
        }?;
        Some(Square::new(sq.col, row)).filter(|s| variant.board.contains(*s))
    };
    let fixed = |s: &Setup, sq: Square| {
        s.placements.iter().any(|p| {
            p.square == sq && {
                let kind = variant.kind(p.piece.kind);
                kind.is_flag || kind.special == Special::Bomb
            }
        })
    };
    let pairs: Vec<(Square, Square)> = variant
        .board
        .squares()
        .filter(|&sq| variant.in_setup_zone(side, sq) && depth(sq) == front)
        .filter_map(|sq| Some((sq, step(sq, false)?)))
        .filter(|&(g, s)| {
            [g, s]
                .iter()
                .all(|&sq| !variant.board.is_blocked(sq) && !fixed(setup, sq))
        })
        .collect();
    let facing_lake = |g: Square| step(g, true).is_some_and(|a| variant.board.is_blocked(a));
    let sheltered: Vec<(Square, Square)> = pairs
        .iter()
        .copied()
        .filter(|&(g, _)| facing_lake(g))
        .collect();
    let choices = if sheltered.is_empty() {
        pairs
    } else {
        sheltered
    };
    if choices.is_empty() {
        return;
    }
    let (general_square, spy_square) = choices[rng.random_range(0..choices.len())];
    setup.place_at(general_at, general_square);
    let spy_at = find(setup, spy).unwrap_or(spy_at);
    setup.place_at(spy_at, spy_square);
}

/// What a spy the enemy has never seen move adds to its worth, while the
/// enemy's Marshal stands: moved, it is no bomb or flag to the enemy, and
/// every low piece that meets it takes it.
const IN_WAIT: f32 = 5.0;

/// The spy kept in wait: a side's spy that has not moved and was never
/// seen is worth `IN_WAIT` more while the enemy's Marshal is on the
/// board, the enemy's spy the same against ours.
pub struct SpyInWait {
    spy: KindId,
    target: KindId,
    weight: f32,
}

impl SpyInWait {
    /// `None` where it is not weighed: the smaller armies, the games
    /// without a spy, or a zero weight.
    pub fn new(variant: &Variant, weight: f32) -> Option<SpyInWait> {
        if weight == 0.0 {
            return None;
        }
        let (spy, target) = spy_and_target(variant)?;
        Some(SpyInWait {
            spy,
            target,
            weight,
        })
    }

    /// For `side`: its spy in wait, less the enemy's.
    pub fn value(&self, position: &Position, side: Side) -> f32 {
        let on_board = |s: Side, kind: KindId| {
            position
                .pieces(s)
                .filter(move |(id, state)| {
                    state.piece.kind == kind && position.square_of(*id).is_some()
                })
                .map(|(_, state)| state)
        };
        let worth = |s: Side| {
            if on_board(s.opponent(), self.target).next().is_none() {
                return 0.0;
            }
            let waiting = on_board(s, self.spy)
                .filter(|state| !state.moved && !state.revealed)
                .count();
            waiting as f32 * IN_WAIT
        };
        self.weight * (worth(side) - worth(side.opponent()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_position;
    use crate::core::deal::Deal;
    use crate::core::moves::Action;
    use crate::core::variant::builtin_variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_spy_stands_behind_the_general_facing_a_lake() {
        let variant = builtin_variant("classic").unwrap();
        let kind = |key: &str| variant.kind_by_key(key).unwrap();
        for side in [Side::Red, Side::Blue] {
            for seed in 0..20 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut setup =
                    Setup::random_avoiding(&variant, side, &Deal::Fixed, &[], &mut rng).unwrap();
                let before = setup.clone();
                shelter(&variant, &mut setup, &mut rng);
                let at = |key: &str| {
                    setup
                        .placements
                        .iter()
                        .find(|p| p.piece.kind == kind(key))
                        .unwrap()
                        .square
                };
                let (general, spy) = (at("general"), at("spy"));
                let (front, behind, lake) = match side {
                    Side::Red => (3, 2, 4),
                    Side::Blue => (6, 7, 5),
                };
                assert_eq!(
                    (general.row, spy.row),
                    (front, behind),
                    "{side:?} seed {seed}"
                );
                assert_eq!(general.col, spy.col);
                assert!(variant.board.is_blocked(Square::new(general.col, lake)));
                // Only pieces moved: the same squares hold the same army.
                let kinds = |s: &Setup| {
                    let mut k: Vec<_> = s.placements.iter().map(|p| p.piece.kind).collect();
                    k.sort();
                    k
                };
                assert_eq!(kinds(&setup), kinds(&before));
                for p in before.placements.iter().filter(|p| {
                    let k = variant.kind(p.piece.kind);
                    k.is_flag || k.special == Special::Bomb
                }) {
                    assert!(setup.placements.contains(p), "the flag and bombs stay");
                }
            }
        }
    }

    #[test]
    fn only_fixed_zones_of_the_large_armies_shelter_the_spy() {
        for id in ["barrage", "free"] {
            let Some(variant) = builtin_variant(id) else {
                panic!("no variant {id}");
            };
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut setup =
                Setup::random_avoiding(&variant, Side::Red, &Deal::Fixed, &[], &mut rng).unwrap();
            let before = setup.clone();
            shelter(&variant, &mut setup, &mut rng);
            assert_eq!(setup, before, "{id}");
        }
    }

    /// Red's value of the spies in wait at weight 1, with `pieces` on the
    /// board besides the flags on a1 and j10.
    /// `played`, a move of Red's, is played first.
    fn red_value(pieces: &[(Side, &str, &str)], played: Option<&str>) -> f32 {
        let mut position = test_position("classic", pieces, Side::Red);
        if let Some(m) = played {
            position.play(Action::Move(m.parse().unwrap())).unwrap();
        }
        SpyInWait::new(position.variant(), 1.0)
            .unwrap()
            .value(&position, Side::Red)
    }

    #[test]
    fn a_spy_waits_unmoved_while_the_enemy_marshal_stands() {
        let spy = (Side::Red, "c3", "spy");
        let marshal = (Side::Blue, "e8", "marshal");
        assert_eq!(red_value(&[spy, marshal], None), IN_WAIT);
        assert_eq!(red_value(&[spy, marshal], Some("c3-c4")), 0.0);
        assert_eq!(red_value(&[spy], None), 0.0, "no Marshal to wait for");
        let blue_spy = (Side::Blue, "c8", "spy");
        let red_marshal = (Side::Red, "e3", "marshal");
        assert_eq!(red_value(&[spy, marshal, blue_spy, red_marshal], None), 0.0);
    }
}
