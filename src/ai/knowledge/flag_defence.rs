//! Flag defence: what a rollout's few plies cannot see of a walk to our
//! flag in the 40-piece games. An enemy piece takes a flag by stepping
//! onto it from a square beside it (a way in); a way in that holds one of
//! our bombs lets only a piece that defuses it (a miner) through. An enemy
//! piece that could take our flag counts against us by each way in it
//! could use: 1 / (1 + its steps to the flag) through that way, round
//! lakes and bombs (`steps.rs`), times how late the nearest of our pieces
//! that stops it (beats it, or falls with it) reaches the way in (a
//! quarter if no later than the enemy piece). The greatest such threat
//! counts. In a sampled position the enemy's hidden pieces have the kinds
//! the sample gave them, so over many samples an unknown piece walking at
//! our bombs counts as the miner it may be. (Against the weakest 2012
//! program, whose miners walk to a ringed flag and take it, the expert did
//! nothing to stop them: issue 48.)

use crate::ai::knowledge::eval::large_army;
use crate::ai::knowledge::steps::Steps;
use crate::core::battle::{BattleResult, resolve};
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Combat, Mobility, Special, Variant};
use crate::core::view::PlayerView;

/// How much of a threat to our flag counts while one of our pieces that
/// stops it reaches its way in first. Without a defender nearer, the only
/// moves that lessened a threat were those that took it within the
/// rollout's few plies: against vixen a miner walked nine steps down an
/// empty file to the flag while the expert's pieces hunted elsewhere
/// (issue 48).
const COVERED: f32 = 0.25;

/// How many steps too late our nearest defender may come before a threat
/// counts in full; between, it counts more the later the defender. With
/// only "in time or not", a defender that could not come in time had
/// nothing to gain by coming nearer: against asmodeus a captain stood
/// beside its own bomb, two squares from a miner that had defused the
/// ring, while the miner waited beside the flag for 30 turns and then
/// took it (issue 48).
const LATE: f32 = 4.0;

/// One of our flags and the squares beside it an enemy piece can take it
/// from, with whether one of our bombs stands there (only a miner comes
/// in that way).
struct Guarded {
    flag: Square,
    ways_in: Vec<(Square, bool)>,
}

/// Our flags' ways in, and the kinds that can walk or defuse bombs,
/// worked out once per search.
pub struct FlagDefence {
    runner: Vec<bool>,
    miner: Vec<bool>,
    flags: Vec<Guarded>,
    weight: f32,
}

impl FlagDefence {
    /// For the viewer's flags as `view` shows them. `None` where it is not
    /// weighed (`weighs`), or at a zero weight.
    pub fn new(view: &PlayerView, weight: f32) -> Option<FlagDefence> {
        let variant = &*view.variant;
        if weight == 0.0 || !weighs(variant) {
            return None;
        }
        let kinds = || variant.kind_ids().map(|k| variant.kind(k));
        let ours = |square: Square| {
            view.at(square)
                .filter(|p| p.owner == view.viewer)
                .and_then(|p| p.piece)
                .map(|p| variant.kind(p.kind))
        };
        let board = &variant.board;
        let flags = board
            .squares()
            .filter(|&square| ours(square).is_some_and(|k| k.is_flag))
            .map(|flag| Guarded {
                flag,
                ways_in: board
                    .neighbours(flag)
                    .filter(|&square| !board.is_blocked(square))
                    .map(|square| {
                        let bomb = ours(square).is_some_and(|k| k.special == Special::Bomb);
                        (square, bomb)
                    })
                    .collect(),
            })
            .collect();
        Some(FlagDefence {
            runner: kinds().map(|k| k.mobility != Mobility::Immobile).collect(),
            miner: kinds().map(|k| k.special == Special::Miner).collect(),
            flags,
            weight,
        })
    }

    /// For `side`: minus the weight times the threat to its flag
    /// (`threat`), walking by `steps`.
    pub fn value(&self, position: &Position, side: Side, steps: &Steps) -> f32 {
        -self.weight * self.threat(position, side, steps)
    }

    /// The greatest threat, from 0 to 1, to one of `side`'s flags: for
    /// each enemy piece that could take it and each way in it could use,
    /// 1 / (1 + its steps to the flag) through that way, times how late
    /// our nearest defender of that way comes (`lateness`).
    fn threat(&self, position: &Position, side: Side, steps: &Steps) -> f32 {
        let enemy = side.opponent();
        let mut threat = 0.0f32;
        for guarded in &self.flags {
            if position
                .piece_at(guarded.flag)
                .is_none_or(|id| id.side != side)
            {
                continue;
            }
            for (piece, state) in position.pieces(enemy) {
                let kind = state.piece.kind.0 as usize;
                if !self.runner[kind] {
                    continue;
                }
                let Some(square) = position.square_of(piece) else {
                    continue;
                };
                for &(way, bomb) in &guarded.ways_in {
                    let to_way = steps.between(square, way);
                    if (bomb && !self.miner[kind]) || to_way == u32::MAX {
                        continue;
                    }
                    let near = 1.0 / (2 + to_way) as f32;
                    // Only a threat that could be the greatest is worth
                    // the search for a defender.
                    if near <= threat {
                        continue;
                    }
                    let defender = self.nearest_defender(position, side, way, state.piece, steps);
                    threat = threat.max(near * lateness(defender, to_way));
                }
            }
        }
        threat
    }

    /// The fewest steps to `way` of a piece of `side` that stops `attacker`
    /// (beats it, or falls with it): `u32::MAX` if none can.
    fn nearest_defender(
        &self,
        position: &Position,
        side: Side,
        way: Square,
        attacker: Piece,
        steps: &Steps,
    ) -> u32 {
        let variant = position.variant();
        position
            .pieces(side)
            .filter(|(_, state)| {
                self.runner[state.piece.kind.0 as usize]
                    && resolve(variant, position.options(), state.piece, attacker)
                        != BattleResult::DefenderWins
            })
            .filter_map(|(id, _)| position.square_of(id))
            .map(|square| steps.between(square, way))
            .min()
            .unwrap_or(u32::MAX)
    }
}

/// How much of a threat counts when our nearest defender of its way in
/// needs `defender` steps to it and the threat `attacker`: `COVERED` if
/// it comes no later, all of it if `LATE` steps later or more, and
/// between in proportion.
fn lateness(defender: u32, attacker: u32) -> f32 {
    if defender <= attacker {
        return COVERED;
    }
    let late = (defender - attacker) as f32;
    (COVERED + (1.0 - COVERED) * late / LATE).min(1.0)
}

/// Where flag defence is weighed: the 40-piece armies that battle by rank,
/// not domino, nor the smaller armies (whose flag race counts both flags:
/// `flag_race.rs`).
fn weighs(variant: &Variant) -> bool {
    large_army(variant) && matches!(variant.combat, Combat::Rank { .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_position;
    use crate::core::variant::builtin_variant;

    /// Classic with the flags on a1 (Red) and j10 (Blue) and `pieces`
    /// (side, square, kind key) on the board: Red's flag-defence value at
    /// weight 1.
    fn red_defence(pieces: &[(Side, &str, &str)]) -> f32 {
        let position = test_position("classic", pieces, Side::Red);
        let view = PlayerView::new(&position, Side::Red);
        FlagDefence::new(&view, 1.0)
            .unwrap()
            .value(&position, Side::Red, &Steps::in_view(&view))
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

    /// Red's flag on a1 ringed by bombs on a2 and b1, and a second Red
    /// flag on c4 ringed by bombs on b4, d4 and c3 and the lake on c5.
    const TWO_RINGED_FLAGS: [(Side, &str, &str); 6] = [
        (Side::Red, "a2", "bomb"),
        (Side::Red, "b1", "bomb"),
        (Side::Red, "c4", "flag"),
        (Side::Red, "b4", "bomb"),
        (Side::Red, "d4", "bomb"),
        (Side::Red, "c3", "bomb"),
    ];

    #[test]
    fn a_lake_closes_a_ring() {
        let mut pieces = TWO_RINGED_FLAGS.to_vec();
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

    /// The flag on a1 ringed by bombs on a2 and b1, a miner coming down the
    /// a-file: a lieutenant on d1 stands nearer the flag as the crow flies
    /// but must walk round the bomb on b1 to meet it, and comes a step
    /// late; one on b3 stands in its way.
    #[test]
    fn our_own_bombs_wall_a_defender_off() {
        let ring = [(Side::Red, "a2", "bomb"), (Side::Red, "b1", "bomb")];
        let miner = (Side::Blue, "a5", "miner");
        let alone = red_defence(&[ring[0], ring[1], miner]);
        assert_eq!(alone, -1.0 / 5.0);
        let walled_off = red_defence(&[ring[0], ring[1], miner, (Side::Red, "d1", "lieutenant")]);
        assert_eq!(walled_off, -lateness(4, 3) / 5.0);
        assert!(lateness(4, 3) > COVERED);
        let in_the_way = red_defence(&[ring[0], ring[1], miner, (Side::Red, "b3", "lieutenant")]);
        assert_eq!(in_the_way, -COVERED / 5.0);
    }

    /// A miner that defused the bomb on a2 waits beside the flag on a1;
    /// Red's captain comes round the bomb on b1 from d1. Each step it
    /// takes toward the miner lessens the threat, though none comes in
    /// time.
    #[test]
    fn a_late_defender_counts_the_nearer_it_comes() {
        let threat_with_captain_at = |square: &str| {
            red_defence(&[
                (Side::Red, "b1", "bomb"),
                (Side::Blue, "a2", "miner"),
                (Side::Red, square, "captain"),
            ])
        };
        let far = threat_with_captain_at("d1");
        let nearer = threat_with_captain_at("c2");
        let beside = threat_with_captain_at("b2");
        assert_eq!(far, -1.0 / 2.0, "four steps late counts in full");
        assert!(far < nearer && nearer < beside, "{far} {nearer} {beside}");
    }

    /// Steps to the flag go round the lakes: a miner on c7 stands 5 steps
    /// from the flag on c4 (the lake on c5 and c6 between), not 3.
    #[test]
    fn a_threat_walks_round_the_lakes() {
        let mut pieces = TWO_RINGED_FLAGS.to_vec();
        pieces.push((Side::Blue, "c7", "miner"));
        // c7 -> b7 -> b6 -> b5 -> defuse b4 -> c4.
        assert_eq!(red_defence(&pieces), -1.0 / 6.0);
    }

    #[test]
    fn a_bomb_or_a_flag_does_not_walk() {
        assert_eq!(red_defence(&[(Side::Blue, "a3", "bomb")]), 0.0);
    }

    #[test]
    fn only_the_40_piece_armies_are_weighed() {
        for id in ["classic", "free"] {
            assert!(weighs(&builtin_variant(id).unwrap()), "{id}");
        }
        for id in ["barrage", "small", "piecepack", "domino"] {
            assert!(!weighs(&builtin_variant(id).unwrap()), "{id}");
        }
    }
}
