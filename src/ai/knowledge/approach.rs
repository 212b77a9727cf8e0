//! What an enemy piece's approach tells of it. A hidden piece whose last
//! move brought it nearer one of our pieces the enemy has seen, to within
//! `REACH` steps, most often beats that piece: players walk their pieces
//! at what they beat and away from what beats them (and the 2012
//! competition's winner walks at nothing else). A bluff stays possible,
//! only less likely.

use crate::core::battle::{BattleResult, resolve};
use crate::core::piece::{Piece, PieceId};
use crate::core::variant::Combat;
use crate::core::view::PlayerView;

/// How near the approaching piece must end to one of our seen pieces.
const REACH: u32 = 2;

/// How likely an identity that would not beat the approached piece is,
/// beside one that would (1).
const DOUBT: f64 = 0.15;

/// The weight of each identity (by kind index) of a hidden piece, by what
/// its approach tells.
pub type Leaning = (PieceId, Vec<f64>);

/// The leaning of the hidden piece that made the enemy's last move, if
/// that move was an approach: each kind weighs 1 where it beats, attacking,
/// every piece of ours it approached, and `DOUBT` for each it does not.
/// Only where pieces battle by rank (a domino's worth turns on which way
/// it faces).
pub fn leaning(view: &PlayerView) -> Option<Leaning> {
    let variant = &*view.variant;
    if !matches!(variant.combat, Combat::Rank { .. }) {
        return None;
    }
    let last = view.last_move?;
    // The mover: an enemy piece the viewer has not identified.
    let mover = view
        .at(last.to)
        .filter(|p| p.owner != view.viewer && p.piece.is_none())?;
    let approached: Vec<Piece> = variant
        .board
        .squares()
        .filter(|sq| sq.distance(last.to) <= REACH && sq.distance(last.to) < sq.distance(last.from))
        .filter_map(|sq| view.at(sq))
        .filter(|seen| seen.owner == view.viewer && seen.revealed)
        .filter_map(|seen| seen.piece)
        .collect();
    if approached.is_empty() {
        return None;
    }
    let weights = variant
        .kind_ids()
        .map(|kind| {
            let attacker = Piece::new(kind);
            approached
                .iter()
                .map(
                    |target| match resolve(variant, &view.options, attacker, *target) {
                        BattleResult::AttackerWins => 1.0,
                        _ => DOUBT,
                    },
                )
                .product()
        })
        .collect();
    Some((mover.id, weights))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::belief::Belief;
    use crate::ai::test_red_view;
    use crate::core::side::Side;

    /// The odds Red's belief gives the hidden piece on `square` of being
    /// `kind`, with and without what approaches tell.
    fn odds_of(view: &PlayerView, square: &str, kind: &str) -> (f32, f32) {
        let variant = &*view.variant;
        let kind = variant.kind_by_key(kind).unwrap();
        let plain = Belief::new(view);
        let leaning = Belief::new(view).with_approaches(view);
        let square = square.parse().unwrap();
        let hidden = plain.hidden.iter().find(|h| h.square == square).unwrap();
        let odds = |belief: &Belief| {
            belief
                .odds(variant, hidden)
                .iter()
                .filter(|(p, _)| p.kind == kind)
                .map(|(_, o)| o)
                .sum()
        };
        (odds(&plain), odds(&leaning))
    }

    /// Red's general takes a scout on e5 and is seen; Blue's piece on f7
    /// (its marshal) then walks to f6, two steps from the general.
    fn after_the_approach() -> PlayerView {
        test_red_view(
            &[
                (Side::Red, "e4", "general"),
                (Side::Blue, "e5", "scout"),
                (Side::Blue, "f7", "marshal"),
                (Side::Blue, "b9", "sergeant"),
            ],
            &[("e4", "e5"), ("f7", "f6")],
        )
    }

    #[test]
    fn a_piece_that_walks_at_a_seen_general_is_likelier_the_marshal() {
        let view = after_the_approach();
        let (plain, leaning) = odds_of(&view, "f6", "marshal");
        assert!(
            leaning > 4.0 * plain && leaning > 0.15,
            "marshal {plain} before, {leaning} after the approach"
        );
        let (plain, leaning) = odds_of(&view, "f6", "spy");
        assert!(
            leaning < plain,
            "the spy does not beat a general: {plain} to {leaning}"
        );
        // The piece that did not move tells nothing.
        let (plain, leaning) = odds_of(&view, "b9", "marshal");
        assert_eq!(plain, leaning);
    }

    #[test]
    fn samples_follow_the_approach() {
        use rand::SeedableRng;
        let view = after_the_approach();
        let variant = &*view.variant;
        let marshal = variant.kind_by_key("marshal").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let share = |belief: &Belief, rng: &mut rand_chacha::ChaCha8Rng| {
            let marshals = (0..2000)
                .filter(|_| {
                    belief
                        .sample(variant, rng)
                        .iter()
                        .any(|(h, p)| h.square == "f6".parse().unwrap() && p.kind == marshal)
                })
                .count();
            marshals as f64 / 2000.0
        };
        let plain = share(&Belief::new(&view), &mut rng);
        let leaning = share(&Belief::new(&view).with_approaches(&view), &mut rng);
        assert!(leaning > 4.0 * plain, "{plain} against {leaning}");
    }

    #[test]
    fn walking_away_or_at_an_unseen_piece_tells_nothing() {
        let pieces = [
            (Side::Red, "e4", "general"),
            (Side::Blue, "e5", "scout"),
            (Side::Blue, "f6", "marshal"),
        ];
        let away = test_red_view(&pieces, &[("e4", "e5"), ("f6", "f7")]);
        assert!(leaning(&away).is_none());
        // The general steps to d4 unseen; the marshal walks at it.
        let unseen = test_red_view(
            &[(Side::Red, "e4", "general"), (Side::Blue, "e6", "marshal")],
            &[("e4", "d4"), ("e6", "e5")],
        );
        assert!(leaning(&unseen).is_none());
        let seen = after_the_approach();
        assert!(leaning(&seen).is_some());
    }
}
