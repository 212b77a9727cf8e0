//! What each kind is worth to each side, worked out once a move from the
//! variant's ladder and from what remains: a rank nothing left in the
//! enemy's army beats or trades with is invincible and worth more; being
//! unknown to the enemy is worth what threatens the piece; staying unmoved
//! is worth a little of the piece and part of its stealth, much more while
//! the enemy has an invincible rank. The same for both sides, so that the
//! enemy's premiums mirror ours.

use super::battles::BattleTable;
use super::board::{Board, ladder_places};
use crate::core::battle::BattleResult;
use crate::core::side::Side;
use crate::core::variant::{Combat, KindId, Mobility, Special, Variant};

/// The worth of the places on the variant's ladder of ranks, from the top
/// down: each top rank twice the next, so the Marshal is worth 20
/// Lieutenants (the strongest open program uses about 32), then a shorter
/// tail. What remains of the game enters by invincibility and by what
/// threatens a piece, not by moving ranks up the ladder: a ladder of the
/// ranks left made a Sergeant worth half the Marshal once the ranks between
/// were gone, and sent the Marshal onto likely bombs for it.
const LADDER: [f32; 12] = [
    400.0, 200.0, 100.0, 50.0, 30.0, 20.0, 14.0, 10.0, 8.0, 6.0, 5.0, 4.0,
];
const BOMB: f32 = 10.0;
/// A kind is left in an army when the army holds at least this many of it
/// (for a hidden army, as the odds expect).
const LEFT: f32 = 0.5;
/// A rank nothing left in the enemy's army beats or trades with is worth
/// this much more.
const INVINCIBLE: f32 = 1.25;
/// The spy, unseen, while the enemy piece it takes stands, and after; all
/// but `SPY_SEEN` of it is its stealth.
const SPY_IN_WORK: f32 = 120.0;
const SPY_IDLE: f32 = 10.0;
const SPY_SEEN: f32 = 0.25;
/// The top rank's worth while the enemy spy may still take it.
const TOP_UNDER_SPY: f32 = 0.85;
/// What each enemy bomb left adds to each of our miners (at most `MINER_CAP`).
const MINER_PER_BOMB: f32 = 6.0;
const MINER_CAP: f32 = 40.0;
/// How much more a piece is worth while the enemy does not know it, as a
/// share of its worth, by what threatens it: the three top ranks while
/// something left beats or trades with them (the spy's target more while
/// the enemy spy is alive and unlocated), an invincible rank hardly, the
/// rest a little. A hidden enemy piece that fought in the search loses its
/// share, as it would be identified: so finding its top ranks or spy pays
/// for a probe (a scout is worth 8).
const UNSEEN_TOP: f32 = 0.2;
const UNSEEN_SPY_HUNTED: f32 = 0.1;
const UNSEEN_SAFE: f32 = 0.02;
const UNSEEN_REST: f32 = 0.05;
/// What staying unmoved adds to a movable piece (it may be a bomb to the
/// enemy, and moving shows something): a few percent of its worth and part
/// of its unseen premium, `UNMOVED_UNDER_INVINCIBLE` times as much while
/// the enemy has an invincible rank (which only a bomb stops).
const UNMOVED_WORTH: f32 = 0.03;
const UNMOVED_UNSEEN: f32 = 0.15;
const UNMOVED_UNDER_INVINCIBLE: f32 = 3.0;

/// Index into `Values::value`'s states: whether the piece moved, whether
/// its enemy knows it.
pub const fn state(moved: bool, revealed: bool) -> usize {
    (moved as usize) * 2 + revealed as usize
}

pub struct Values {
    /// By side, then kind: the worth that battles trade.
    pub worth: [Vec<f32>; 2],
    /// By side, `state`, then kind: what a piece adds to its side's score.
    pub value: [[Vec<f32>; 4]; 2],
}

impl Values {
    pub fn new<const K: usize>(
        variant: &Variant,
        board: &Board<'_, K>,
        table: &BattleTable,
    ) -> Values {
        let left = Left::new(variant, board, table);
        let places = ladder_places(variant);
        let spy_target = match variant.combat {
            Combat::Rank { spy_target, .. } => spy_target.map(|k| k.0 as usize),
            Combat::Domino { .. } => None,
        };
        let kinds = variant.kinds.len();
        let mut worth = [vec![0.0; kinds], vec![0.0; kinds]];
        let mut value: [[Vec<f32>; 4]; 2] =
            std::array::from_fn(|_| std::array::from_fn(|_| vec![0.0; kinds]));
        for side in Side::BOTH {
            let enemy = side.opponent();
            let enemy_spy = left.count(enemy, |k| left.is(k, Special::Spy)).min(1.0);
            let spy_unlocated = board
                .units
                .iter()
                .filter(|u| u.alive() && u.side() == enemy && u.kind.is_none())
                .map(|u| u.chance(|k| left.is(k.0 as usize, Special::Spy)))
                .sum::<f32>()
                .min(1.0);
            let target_alive = spy_target.map_or(0.0, |t| left.count(enemy, |k| k == t).min(1.0));
            let enemy_bombs = left.count(enemy, |k| left.is(k, Special::Bomb));
            let miners = left.count(side, |k| left.is(k, Special::Miner)).max(1.0);
            let still_worth = if left.has_invincible(enemy) {
                UNMOVED_UNDER_INVINCIBLE
            } else {
                1.0
            };
            let spy_worth = SPY_IDLE + (SPY_IN_WORK - SPY_IDLE) * target_alive;
            for k in 0..left.kinds {
                let kind = &variant.kinds[k];
                let ladder = LADDER[places[k].unwrap_or(LADDER.len()).min(LADDER.len() - 1)];
                let invincible = left.invincible(side, k);
                let mut w = match kind.special {
                    _ if kind.is_flag => 0.0,
                    Special::Bomb => BOMB,
                    Special::Spy => spy_worth * SPY_SEEN,
                    Special::Miner => {
                        ladder + (MINER_PER_BOMB * enemy_bombs / miners).min(MINER_CAP)
                    }
                    _ => ladder,
                };
                if invincible {
                    w *= INVINCIBLE;
                }
                if Some(k) == spy_target {
                    w *= 1.0 - (1.0 - TOP_UNDER_SPY) * enemy_spy;
                }
                let top = kind.special == Special::None && places[k].is_some_and(|p| p < 3);
                let unseen = match kind.special {
                    Special::Spy => spy_worth * (1.0 - SPY_SEEN),
                    _ if invincible => w * UNSEEN_SAFE,
                    _ if top && left.threatened(side, k) => {
                        let hunted = if Some(k) == spy_target {
                            UNSEEN_SPY_HUNTED * spy_unlocated
                        } else {
                            0.0
                        };
                        w * (UNSEEN_TOP + hunted)
                    }
                    _ => w * UNSEEN_REST,
                };
                worth[side.index()][k] = w;
                for moved in [false, true] {
                    for revealed in [false, true] {
                        let hidden = if revealed { 0.0 } else { unseen };
                        let still = if moved || !left.movable(k) {
                            0.0
                        } else {
                            still_worth * (UNMOVED_WORTH * w + UNMOVED_UNSEEN * hidden)
                        };
                        value[side.index()][state(moved, revealed)][k] = w + hidden + still;
                    }
                }
            }
        }
        Values { worth, value }
    }
}

/// What each side has left, as the searching side believes it (a hidden
/// army by the odds), and what it can do.
struct Left<'a> {
    variant: &'a Variant,
    table: &'a BattleTable,
    kinds: usize,
    /// By side, then kind: how many are left.
    counts: [Vec<f32>; 2],
}

impl<'a> Left<'a> {
    fn new<const K: usize>(
        variant: &'a Variant,
        board: &Board<'_, K>,
        table: &'a BattleTable,
    ) -> Left<'a> {
        let kinds = variant.kinds.len();
        let mut counts = [vec![0.0; kinds], vec![0.0; kinds]];
        for unit in board.units.iter().filter(|u| u.alive()) {
            for (k, p) in unit.kinds() {
                counts[unit.side().index()][k.0 as usize] += p;
            }
        }
        Left {
            variant,
            table,
            kinds,
            counts,
        }
    }

    fn is(&self, k: usize, special: Special) -> bool {
        self.variant.kinds[k].special == special
    }

    fn movable(&self, k: usize) -> bool {
        self.variant.kinds[k].mobility != Mobility::Immobile
    }

    /// How many of `side`'s pieces are of kinds `keep` accepts.
    fn count(&self, side: Side, keep: impl Fn(usize) -> bool) -> f32 {
        (0..self.kinds)
            .filter(|&k| keep(k))
            .map(|k| self.counts[side.index()][k])
            .sum()
    }

    fn holds(&self, side: Side, k: usize) -> bool {
        self.counts[side.index()][k] >= LEFT
    }

    /// Whether anything `side`'s enemy has left beats or trades with its
    /// kind `k` (bombs aside: they only hold).
    fn threatened(&self, side: Side, k: usize) -> bool {
        let kind = KindId(k as u8);
        (0..self.kinds).any(|e| {
            let enemy = KindId(e as u8);
            self.movable(e)
                && self.holds(side.opponent(), e)
                && (self.table.result(enemy, kind) != BattleResult::DefenderWins
                    || self.table.result(kind, enemy) != BattleResult::AttackerWins)
        })
    }

    /// Whether `side`'s rank `k` is left and nothing the enemy has left
    /// beats or trades with it.
    fn invincible(&self, side: Side, k: usize) -> bool {
        self.is(k, Special::None)
            && self.movable(k)
            && self.holds(side, k)
            && !self.threatened(side, k)
    }

    fn has_invincible(&self, side: Side) -> bool {
        (0..self.kinds).any(|k| self.invincible(side, k))
    }
}
