//! The last miners, in the 40-piece games: while the enemy still has
//! bombs, a side's last few miners are worth more than their rank, for
//! without one a flag ringed by bombs cannot be taken, and a game the side
//! leads ends drawn. The material count prices a miner a little above a
//! sergeant, so nothing kept the expert from losing its miners (in one
//! drawn game two were each taken on the turn after they took a bomb), and
//! every draw left against the weaker 2012 programs was an endgame with no
//! miner to open the enemy's ring (BENCHMARKS.md, issue 48).

use crate::ai::knowledge::eval::large_army;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::variant::{Combat, Special, Variant};

/// What a side's last miner, the one before it and the one before that
/// add to their worth while the enemy has a bomb on the board.
const EXTRA: [f32; 3] = [10.0, 5.0, 2.0];

pub struct LastMiners {
    miner: Vec<bool>,
    bomb: Vec<bool>,
    weight: f32,
}

impl LastMiners {
    /// `None` where it is not weighed: domino, the smaller armies (whose
    /// rollouts of up to 100 plies play much of the endgame out), or a
    /// zero weight.
    pub fn new(variant: &Variant, weight: f32) -> Option<LastMiners> {
        if weight == 0.0 || !large_army(variant) || !matches!(variant.combat, Combat::Rank { .. }) {
            return None;
        }
        let kinds = || variant.kind_ids().map(|k| variant.kind(k));
        Some(LastMiners {
            miner: kinds().map(|k| k.special == Special::Miner).collect(),
            bomb: kinds().map(|k| k.special == Special::Bomb).collect(),
            weight,
        })
    }

    /// For `side`: the worth of its last miners against the enemy's bombs,
    /// less the same for the enemy's miners against its bombs.
    pub fn value(&self, position: &Position, side: Side) -> f32 {
        let count = |s: Side, of: &[bool]| {
            position
                .pieces(s)
                .filter(|(id, state)| {
                    of[state.piece.kind.0 as usize] && position.square_of(*id).is_some()
                })
                .count()
        };
        let worth = |s: Side| {
            if count(s.opponent(), &self.bomb) == 0 {
                return 0.0;
            }
            EXTRA.iter().take(count(s, &self.miner)).sum::<f32>()
        };
        self.weight * (worth(side) - worth(side.opponent()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_position;
    use crate::core::variant::builtin_variant;

    /// Red's value of its last miners at weight 1, with `pieces` (side,
    /// square, kind key) on the board besides the flags on a1 and j10.
    fn red_value(pieces: &[(Side, &str, &str)]) -> f32 {
        let position = test_position("classic", pieces, Side::Red);
        LastMiners::new(position.variant(), 1.0)
            .unwrap()
            .value(&position, Side::Red)
    }

    #[test]
    fn the_last_miner_is_worth_most() {
        let bomb = (Side::Blue, "j9", "bomb");
        let one = red_value(&[bomb, (Side::Red, "e4", "miner")]);
        let two = red_value(&[bomb, (Side::Red, "e4", "miner"), (Side::Red, "f4", "miner")]);
        let four = red_value(&[
            bomb,
            (Side::Red, "e4", "miner"),
            (Side::Red, "f4", "miner"),
            (Side::Red, "g4", "miner"),
            (Side::Red, "h4", "miner"),
        ]);
        assert_eq!(one, 10.0);
        assert_eq!(two - one, 5.0, "the second costs half the last");
        assert_eq!(four, 17.0, "past the third, a miner is its rank");
    }

    #[test]
    fn miners_count_only_while_the_enemy_has_bombs() {
        assert_eq!(red_value(&[(Side::Red, "e4", "miner")]), 0.0);
        let theirs = red_value(&[(Side::Red, "a2", "bomb"), (Side::Blue, "e7", "miner")]);
        assert_eq!(theirs, -10.0, "the enemy's last miner against our bombs");
    }

    #[test]
    fn only_the_40_piece_armies_are_weighed() {
        assert!(LastMiners::new(&builtin_variant("classic").unwrap(), 1.0).is_some());
        for id in ["barrage", "small", "piecepack", "domino"] {
            assert!(LastMiners::new(&builtin_variant(id).unwrap(), 1.0).is_none());
        }
    }
}
