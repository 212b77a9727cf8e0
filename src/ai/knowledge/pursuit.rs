//! Pursuit: what a rollout's few plies cannot see of a hunt. A piece that
//! beats a piece it knows is worth more the closer it stands to it, and a
//! piece its enemy knows and can beat is worth less the closer its hunter
//! stands. Games between the computer levels are long attritions, and a
//! four-ply rollout does not tell a marshal walking toward a seen general
//! from one walking away. Nearness is in steps round lakes and bombs
//! (`steps.rs`). The expert weighs it in the 40-piece games.

use crate::ai::knowledge::eval::{battle_gain, large_army};
use crate::ai::knowledge::steps::Steps;
use crate::ai::levels::rollout::SampleKnowledge;
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::variant::{Combat, Mobility, Variant};

/// A capture's worth counted toward pursuit at most: a known flag pulls
/// as hard as a marshal, not as hard as winning the game.
const GAIN_CAP: f32 = 20.0;

/// Battle gains by the kinds of attacker and defender, worked out once per
/// search (the rank variants only: domino stones turn, and their battles
/// depend on more than the kind).
pub struct Pursuit {
    kinds: usize,
    gains: Vec<f32>,
    mobile: Vec<bool>,
    weight: f32,
}

impl Pursuit {
    /// `None` where pursuit is not weighed: domino, the smaller armies
    /// (`eval::large_army`), or a zero weight.
    pub fn new(variant: &Variant, options: &GameOptions, weight: f32) -> Option<Pursuit> {
        if weight == 0.0 || !large_army(variant) || !matches!(variant.combat, Combat::Rank { .. }) {
            return None;
        }
        let kinds = variant.kinds.len();
        let mut gains = vec![0.0; kinds * kinds];
        for a in variant.kind_ids() {
            for d in variant.kind_ids() {
                let gain = battle_gain(variant, options, Piece::new(a), Piece::new(d));
                gains[a.0 as usize * kinds + d.0 as usize] = gain.min(GAIN_CAP);
            }
        }
        let mobile = variant
            .kind_ids()
            .map(|k| variant.kind(k).mobility != Mobility::Immobile)
            .collect();
        Some(Pursuit {
            kinds,
            gains,
            mobile,
            weight,
        })
    }

    /// For `side`: the pull of its hunters on the enemy pieces it knows,
    /// less the enemy's pull on the pieces of `side` the enemy knows. Each
    /// hunted piece counts its best hunter only: gain / (1 + steps), by
    /// `steps`.
    pub fn value(
        &self,
        position: &Position,
        side: Side,
        known: &SampleKnowledge,
        steps: &Steps,
    ) -> f32 {
        let mut total = 0.0;
        for hunter_side in Side::BOTH {
            let sign = if hunter_side == side { 1.0 } else { -1.0 };
            for (prey, prey_state) in position.pieces(hunter_side.opponent()) {
                if known.hidden_from_enemy(position, prey) {
                    continue;
                }
                let Some(prey_square) = position.square_of(prey) else {
                    continue;
                };
                let row = prey_state.piece.kind.0 as usize;
                let mut pull = 0.0f32;
                for (hunter, state) in position.pieces(hunter_side) {
                    let kind = state.piece.kind.0 as usize;
                    if !self.mobile[kind] {
                        continue;
                    }
                    let gain = self.gains[kind * self.kinds + row];
                    if gain <= 0.0 {
                        continue;
                    }
                    let Some(square) = position.square_of(hunter) else {
                        continue;
                    };
                    let apart = steps.between(square, prey_square).saturating_add(1);
                    pull = pull.max(gain / apart as f32);
                }
                total += sign * pull;
            }
        }
        total * self.weight
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::belief::Belief;
    use crate::ai::levels::rollout::Knowledge;
    use crate::ai::test_position;
    use crate::core::moves::{Action, Move};
    use crate::core::variant::builtin_variant;
    use crate::core::view::PlayerView;

    /// Classic flags in the corners, `pieces` (side, square, kind key) on
    /// the board, `to_move` playing `battle` first when given; then Red's
    /// pursuit value, reckoned with what Red's view knows.
    fn red_pursuit(
        pieces: &[(Side, &str, &str)],
        to_move: Side,
        battle: Option<(&str, &str)>,
    ) -> f32 {
        let mut position = test_position("classic", pieces, to_move);
        if let Some((from, to)) = battle {
            let m = Move::new(from.parse().unwrap(), to.parse().unwrap());
            position.play(Action::Move(m)).unwrap();
        }
        let view = PlayerView::new(&position, Side::Red);
        let knowledge = Knowledge::new(&view, &Belief::new(&view));
        let known = knowledge.for_sample(&position);
        let pursuit = Pursuit::new(position.variant(), position.options(), 1.0).unwrap();
        pursuit.value(&position, Side::Red, &known, &Steps::in_view(&view))
    }

    #[test]
    fn a_hunter_nearer_a_seen_piece_it_beats_counts_more() {
        // Blue's colonel takes Red's scout and is seen; Red's marshal is
        // four steps from it, or two.
        let with_marshal_at = |square: &str| {
            red_pursuit(
                &[
                    (Side::Red, square, "marshal"),
                    (Side::Red, "e5", "scout"),
                    (Side::Blue, "e6", "colonel"),
                ],
                Side::Blue,
                Some(("e6", "e5")),
            )
        };
        let far = with_marshal_at("e1");
        let near = with_marshal_at("e3");
        assert!(far > 0.0, "a seen colonel pulls the marshal: {far}");
        assert!(near > far, "nearer pulls harder: {near} against {far}");
    }

    /// A hunter counts the steps it must walk: Red's bomb on e2 between
    /// its marshal and a seen colonel on e3 makes two steps four.
    #[test]
    fn a_hunter_walks_round_its_own_bomb() {
        let with_bomb_at = |square: &str| {
            red_pursuit(
                &[
                    (Side::Red, "e1", "marshal"),
                    (Side::Red, square, "bomb"),
                    (Side::Red, "e3", "scout"),
                    (Side::Blue, "e4", "colonel"),
                ],
                Side::Blue,
                Some(("e4", "e3")),
            )
        };
        let open = with_bomb_at("h1");
        let walled = with_bomb_at("e2");
        assert!(walled > 0.0 && walled < open, "{walled} against {open}");
        assert_eq!(open / walled, 5.0 / 3.0);
    }

    #[test]
    fn an_unseen_piece_pulls_nothing() {
        // The same colonel, never in a battle: Red does not know it, and
        // Blue knows nothing of Red's marshal.
        let value = red_pursuit(
            &[(Side::Red, "e3", "marshal"), (Side::Blue, "e6", "colonel")],
            Side::Red,
            None,
        );
        assert_eq!(value, 0.0);
    }

    #[test]
    fn an_enemy_hunter_near_a_seen_piece_of_ours_counts_against_us() {
        // Red's colonel takes Blue's scout and is seen; Blue's marshal,
        // unseen, is three steps from it, or one more.
        let with_enemy_marshal_at = |square: &str| {
            red_pursuit(
                &[
                    (Side::Red, "e4", "colonel"),
                    (Side::Blue, "e5", "scout"),
                    (Side::Blue, square, "marshal"),
                ],
                Side::Red,
                Some(("e4", "e5")),
            )
        };
        let near = with_enemy_marshal_at("e8");
        let far = with_enemy_marshal_at("e9");
        assert!(near < far && far < 0.0, "{near} against {far}");
    }

    #[test]
    fn only_the_large_rank_armies_are_weighed() {
        let weighed = |id: &str, weight: f32| {
            let variant = builtin_variant(id).unwrap();
            Pursuit::new(&variant, &GameOptions::defaults(&variant), weight).is_some()
        };
        for id in ["classic", "free"] {
            assert!(weighed(id, 1.0), "{id}");
            assert!(!weighed(id, 0.0), "{id} at weight 0");
        }
        for id in [
            "small",
            "barrage",
            "duell",
            "ultimate-lightning",
            "piecepack",
            "domino",
        ] {
            assert!(!weighed(id, 1.0), "{id}");
        }
    }
}
