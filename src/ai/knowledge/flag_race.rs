//! Flag race: what a rollout's few plies cannot see of the walk to a flag.
//! In a sampled position the enemy flag stands where the sample guessed
//! it, so over many samples a side's pieces are drawn toward the squares
//! where the flag most likely stands, and our own flag's attackers count
//! against us. Each side counts its nearest movable piece only:
//! 1 / (1 + distance in steps), so the last steps count the most.

use crate::ai::knowledge::eval::large_army;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::variant::{Combat, Mobility, Variant};

/// The kinds that can run at a flag and the kinds that are flags, worked
/// out once per search. Weighed in the rank variants' smaller armies only
/// (`eval::large_army`; a domino game's 6-6 falls to one stone alone, and
/// `domino.rs` plans that walk).
pub struct FlagRace {
    runner: Vec<bool>,
    flag: Vec<bool>,
    weight: f32,
    defence: f32,
}

impl FlagRace {
    /// `None` where the race is not weighed: domino, the large armies, or
    /// a zero weight.
    /// `defence` is how much the enemy's nearest runner to our flag counts
    /// against ours to theirs.
    pub fn new(variant: &Variant, weight: f32, defence: f32) -> Option<FlagRace> {
        if weight == 0.0 || large_army(variant) || !matches!(variant.combat, Combat::Rank { .. }) {
            return None;
        }
        let kinds = || variant.kind_ids().map(|k| variant.kind(k));
        Some(FlagRace {
            runner: kinds().map(|k| k.mobility != Mobility::Immobile).collect(),
            flag: kinds().map(|k| k.is_flag).collect(),
            weight,
            defence,
        })
    }

    /// For `side`: how near its nearest movable piece stands to an enemy
    /// flag, less `defence` times how near the enemy's stands to its own.
    pub fn value(&self, position: &Position, side: Side) -> f32 {
        let ours = self.nearest(position, side);
        let theirs = self.nearest(position, side.opponent());
        self.weight * (ours - self.defence * theirs)
    }

    /// 1 / (1 + steps) from the nearest movable piece of `runner` to a flag
    /// of its enemy; 0 when either side has none on the board.
    fn nearest(&self, position: &Position, runner: Side) -> f32 {
        let mut best = 0.0f32;
        for (flag, state) in position.pieces(runner.opponent()) {
            if !self.flag[state.piece.kind.0 as usize] {
                continue;
            }
            let Some(flag_square) = position.square_of(flag) else {
                continue;
            };
            for (piece, state) in position.pieces(runner) {
                if !self.runner[state.piece.kind.0 as usize] {
                    continue;
                }
                if let Some(square) = position.square_of(piece) {
                    best = best.max(1.0 / (1 + square.distance(flag_square)) as f32);
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_position;
    use crate::core::variant::builtin_variant;

    /// Barrage with the flags on a1 (Red) and j10 (Blue) and `pieces`
    /// (side, square, kind key) on the board: Red's flag-race value.
    fn red_race(pieces: &[(Side, &str, &str)], defence: f32) -> f32 {
        let position = test_position("barrage", pieces, Side::Red);
        FlagRace::new(position.variant(), 1.0, defence)
            .unwrap()
            .value(&position, Side::Red)
    }

    #[test]
    fn a_runner_nearer_the_enemy_flag_counts_more() {
        let far = red_race(&[(Side::Red, "j4", "scout")], 1.0);
        let near = red_race(&[(Side::Red, "j8", "scout")], 1.0);
        assert_eq!(far, 1.0 / 7.0);
        assert_eq!(near, 1.0 / 3.0);
    }

    #[test]
    fn only_the_nearest_runner_counts() {
        let scout = (Side::Red, "j8", "scout");
        let beside = red_race(&[scout, (Side::Red, "i10", "general")], 1.0);
        let behind = red_race(&[scout, (Side::Red, "j5", "general")], 1.0);
        assert_eq!(beside, 1.0 / 2.0, "the general, one step away");
        assert_eq!(behind, 1.0 / 3.0, "the scout, two steps away");
    }

    #[test]
    fn an_enemy_runner_near_our_flag_counts_against_us_by_the_defence() {
        let pieces = [(Side::Red, "j4", "scout"), (Side::Blue, "a3", "marshal")];
        let ours = 1.0 / 7.0;
        let theirs = 1.0 / 3.0;
        assert_eq!(red_race(&pieces, 1.0), ours - theirs);
        assert_eq!(red_race(&pieces, 0.5), ours - 0.5 * theirs);
    }

    #[test]
    fn a_bomb_does_not_run() {
        let value = red_race(&[(Side::Red, "j9", "bomb")], 1.0);
        assert_eq!(value, 0.0);
    }

    #[test]
    fn only_the_smaller_rank_armies_are_weighed() {
        let weighed = |id: &str, weight: f32| {
            FlagRace::new(&builtin_variant(id).unwrap(), weight, 1.0).is_some()
        };
        for id in [
            "small",
            "barrage",
            "duell",
            "ultimate-lightning",
            "piecepack",
        ] {
            assert!(weighed(id, 1.0), "{id}");
            assert!(!weighed(id, 0.0), "{id} at weight 0");
        }
        for id in ["classic", "free", "domino"] {
            assert!(!weighed(id, 1.0), "{id}");
        }
    }
}
