//! Flag defence: what a rollout's few plies cannot see of a walk to our
//! flag in the 40-piece games. A flag ringed by bombs falls only to a piece
//! that defuses them (a miner), one whose ring is open to any piece; an
//! enemy piece that could take it counts against us the nearer it stands,
//! 1 / (1 + distance in steps), the nearest only, and a quarter of that
//! while one of our pieces that stops it stands nearer the flag. In a
//! sampled position the enemy's hidden pieces have the kinds the sample
//! gave them, so over many samples an unknown piece walking at our bombs
//! counts as the miner it may be. (Against the weakest 2012 program, whose
//! miners walk to a ringed flag and take it, the expert did nothing to
//! stop them: issue 48.)

use super::eval::large_army;
use crate::core::battle::{BattleResult, resolve};
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Combat, Mobility, Special, Variant};

/// How much of a threat to our flag counts while one of our pieces that
/// stops it stands nearer the flag than it does. Without a defender
/// nearer, the only moves that lessened a threat were those that took it
/// within the rollout's few plies: against vixen a miner walked nine steps
/// down an empty file to the flag while the expert's pieces hunted
/// elsewhere (issue 48).
const COVERED: f32 = 0.25;

/// The kinds that can walk, defuse bombs, are bombs or are flags, worked
/// out once per search.
pub struct FlagDefence {
    runner: Vec<bool>,
    miner: Vec<bool>,
    bomb: Vec<bool>,
    flag: Vec<bool>,
    weight: f32,
}

impl FlagDefence {
    /// `None` where it is not weighed: domino, the smaller armies (whose
    /// flag race counts both flags: `flag_race.rs`), or a zero weight.
    pub fn new(variant: &Variant, weight: f32) -> Option<FlagDefence> {
        if weight == 0.0 || !large_army(variant) || !matches!(variant.combat, Combat::Rank { .. }) {
            return None;
        }
        let kinds = || variant.kind_ids().map(|k| variant.kind(k));
        Some(FlagDefence {
            runner: kinds().map(|k| k.mobility != Mobility::Immobile).collect(),
            miner: kinds().map(|k| k.special == Special::Miner).collect(),
            bomb: kinds().map(|k| k.special == Special::Bomb).collect(),
            flag: kinds().map(|k| k.is_flag).collect(),
            weight,
        })
    }

    /// For `side`: minus the weight times the threat to its flag
    /// (`threat`).
    pub fn value(&self, position: &Position, side: Side) -> f32 {
        -self.weight * self.threat(position, side)
    }

    /// How near, from 0 to 1, the nearest enemy piece that could take one
    /// of `side`'s flags stands to it: 1 / (1 + distance in steps), a
    /// quarter of that while a piece of `side` that stops it stands nearer
    /// the flag (`COVERED`).
    fn threat(&self, position: &Position, side: Side) -> f32 {
        let enemy = side.opponent();
        let mut threat = 0.0f32;
        for (flag, state) in position.pieces(side) {
            if !self.flag[state.piece.kind.0 as usize] {
                continue;
            }
            let Some(flag_square) = position.square_of(flag) else {
                continue;
            };
            let ringed = self.ringed(position, side, flag_square);
            for (piece, state) in position.pieces(enemy) {
                let kind = state.piece.kind.0 as usize;
                if !self.runner[kind] || (ringed && !self.miner[kind]) {
                    continue;
                }
                let Some(square) = position.square_of(piece) else {
                    continue;
                };
                let distance = square.distance(flag_square);
                let near = 1.0 / (1 + distance) as f32;
                // Only a threat that could be the nearest is worth the
                // search for a defender.
                if near <= threat {
                    continue;
                }
                if self.covered(position, side, flag_square, distance, state.piece) {
                    threat = threat.max(near * COVERED);
                } else {
                    threat = near;
                }
            }
        }
        threat
    }

    /// Whether a piece of `side` that stops `attacker` (beats it, or falls
    /// with it) stands nearer `flag` than `distance`, the attacker's own
    /// distance: it can meet the attacker before the flag.
    fn covered(
        &self,
        position: &Position,
        side: Side,
        flag: Square,
        distance: u32,
        attacker: Piece,
    ) -> bool {
        let variant = position.variant();
        position.pieces(side).any(|(id, state)| {
            self.runner[state.piece.kind.0 as usize]
                && position
                    .square_of(id)
                    .is_some_and(|square| square.distance(flag) < distance)
                && resolve(variant, position.options(), state.piece, attacker)
                    != BattleResult::DefenderWins
        })
    }

    /// Whether every square beside the flag is a lake or holds a bomb of
    /// `side` (no piece steps from a lake).
    fn ringed(&self, position: &Position, side: Side, flag: Square) -> bool {
        let board = &position.variant().board;
        board.neighbours(flag).all(|square| {
            board.is_blocked(square)
                || position
                    .piece_at(square)
                    .filter(|id| id.side == side)
                    .is_some_and(|id| self.bomb[position.piece(id).piece.kind.0 as usize])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;
    use crate::session::ai::test_position;

    /// Classic with the flags on a1 (Red) and j10 (Blue) and `pieces`
    /// (side, square, kind key) on the board: Red's flag-defence value at
    /// weight 1.
    fn red_defence(pieces: &[(Side, &str, &str)]) -> f32 {
        let position = test_position("classic", pieces, Side::Red);
        FlagDefence::new(position.variant(), 1.0)
            .unwrap()
            .value(&position, Side::Red)
    }

    #[test]
    fn an_open_flag_fears_the_nearest_enemy_piece() {
        let far = red_defence(&[(Side::Blue, "a7", "scout")]);
        let near = red_defence(&[(Side::Blue, "a3", "scout"), (Side::Blue, "e5", "miner")]);
        assert_eq!(far, -1.0 / 7.0);
        assert_eq!(near, -1.0 / 3.0);
    }

    #[test]
    fn a_flag_ringed_by_bombs_fears_only_miners() {
        let ring = [(Side::Red, "a2", "bomb"), (Side::Red, "b1", "bomb")];
        let marshal = red_defence(&[ring[0], ring[1], (Side::Blue, "a3", "marshal")]);
        assert_eq!(marshal, 0.0, "a marshal dies on the bombs");
        let miner = red_defence(&[ring[0], ring[1], (Side::Blue, "c3", "miner")]);
        assert_eq!(miner, -1.0 / 5.0);
        let our_miner = red_defence(&[ring[0], (Side::Red, "b1", "miner")]);
        assert_eq!(our_miner, 0.0, "our own pieces are no threat");
    }

    #[test]
    fn a_lake_closes_a_ring() {
        // A second Red flag on c4: bombs on b4, d4 and c3, the lake on c5.
        let ring = [
            (Side::Red, "a2", "bomb"),
            (Side::Red, "b1", "bomb"),
            (Side::Red, "c4", "flag"),
            (Side::Red, "b4", "bomb"),
            (Side::Red, "d4", "bomb"),
            (Side::Red, "c3", "bomb"),
        ];
        let mut pieces = ring.to_vec();
        pieces.push((Side::Blue, "c7", "marshal"));
        assert_eq!(
            red_defence(&pieces),
            0.0,
            "the marshal reaches neither flag"
        );
    }

    #[test]
    fn a_defender_nearer_the_flag_covers_a_threat() {
        let miner = (Side::Blue, "a5", "miner");
        let alone = red_defence(&[miner]);
        assert_eq!(alone, -1.0 / 5.0);
        let covered = red_defence(&[miner, (Side::Red, "b2", "lieutenant")]);
        assert_eq!(covered, -COVERED / 5.0);
        let tie = red_defence(&[miner, (Side::Red, "b2", "miner")]);
        assert_eq!(tie, -COVERED / 5.0, "a miner falls with a miner");
        let weak = red_defence(&[miner, (Side::Red, "b2", "scout")]);
        assert_eq!(weak, alone, "a scout does not stop a miner");
        let far = red_defence(&[miner, (Side::Red, "e5", "lieutenant")]);
        assert_eq!(far, alone, "a defender farther than the miner is late");
        let bomb = red_defence(&[miner, (Side::Red, "b2", "bomb")]);
        assert_eq!(bomb, alone, "a bomb beside the flag does not walk");
    }

    #[test]
    fn a_bomb_or_a_flag_does_not_walk() {
        assert_eq!(red_defence(&[(Side::Blue, "a3", "bomb")]), 0.0);
    }

    #[test]
    fn only_the_40_piece_armies_are_weighed() {
        for id in ["classic", "free"] {
            assert!(FlagDefence::new(&builtin_variant(id).unwrap(), 1.0).is_some());
        }
        for id in ["barrage", "small", "piecepack", "domino"] {
            assert!(FlagDefence::new(&builtin_variant(id).unwrap(), 1.0).is_none());
        }
    }
}
