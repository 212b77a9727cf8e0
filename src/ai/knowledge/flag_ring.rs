//! Where a hidden flag can be, by what stands beside it: people ring their
//! flag with bombs, so an unmoved piece whose neighbours are known not to
//! be bombs is seldom the flag. In Gravon's classic setups (26,980 whole
//! ones, `setup_habits_table.rs`), 42% of the squares beside a flag hold
//! something other than a bomb, against 86% beside any other piece; so
//! each neighbour seen not to be a bomb makes a piece `ring_open()` (about
//! half) times as likely to be the flag.
//! Without it the samples spread the flag over the enemy's unmoved
//! back-row pieces by their squares alone. Through the UCC manager it has
//! not yet kept the expert's Marshal and General off the enemy's bombs:
//! in 20 games against peternlewis they died on one 21 times without it
//! and 23 times with it (BENCHMARKS.md, issue 48).

use crate::ai::setup_habits_table::{BESIDE_FLAGS, BESIDE_OTHERS};
use crate::core::piece::PieceId;
use crate::core::square::Square;
use crate::core::variant::Special;
use crate::core::view::PlayerView;

/// How much likelier a piece is to be the flag for each neighbour seen not
/// to be a bomb: the share of the squares beside people's flags that hold
/// no bomb over the same share beside their other pieces.
pub fn ring_open() -> f64 {
    let share = |[open, all]: [u32; 2]| f64::from(open) / f64::from(all.max(1));
    share(BESIDE_FLAGS) / share(BESIDE_OTHERS)
}

/// For each unmoved hidden enemy piece, how many of the squares beside it are
/// known not to hold a bomb.
#[derive(Debug, Clone)]
pub struct FlagRing {
    open: Vec<(PieceId, i32)>,
    /// `ring_open()`, worked out once.
    base: f64,
}

impl FlagRing {
    /// From the view: a neighbour is open when it is empty, holds one of the
    /// viewer's pieces, or holds an enemy piece that has moved or was seen
    /// to be no bomb. Lakes and the board's edge are neither.
    pub fn new(view: &PlayerView) -> FlagRing {
        let variant = &*view.variant;
        let enemy = view.viewer.opponent();
        let columns = variant.board.columns as usize;
        let mut open = Vec::new();
        for (i, seen) in view.squares.iter().enumerate() {
            let Some(seen) = seen.filter(|s| s.owner == enemy && s.piece.is_none() && !s.moved)
            else {
                continue;
            };
            let square = Square::new((i % columns) as u8, (i / columns) as u8);
            let sides = variant
                .board
                .neighbours(square)
                .filter(|n| !variant.board.is_blocked(*n))
                .filter(|n| match view.at(*n) {
                    None => true,
                    Some(next) if next.owner != enemy => true,
                    Some(next) => {
                        next.moved
                            || next
                                .piece
                                .is_some_and(|p| variant.kind(p.kind).special != Special::Bomb)
                    }
                })
                .count();
            open.push((seen.id, sides as i32));
        }
        FlagRing {
            open,
            base: ring_open(),
        }
    }

    /// How much likelier than plain counts the hidden piece `id` is to be
    /// the flag.
    pub fn flag_weight(&self, id: PieceId) -> f64 {
        self.open
            .iter()
            .find(|(piece, _)| *piece == id)
            .map_or(1.0, |(_, sides)| self.base.powi(*sides))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::belief::Belief;
    use crate::ai::test_red_view;
    use crate::core::side::Side;

    /// Red's view of Blue's flag on j10 ringed by bombs on i10 and j9, a
    /// lone bomb on d10 with nothing beside it, and a sergeant that walked
    /// from c9 to c10, beside the lone bomb.
    fn red_view() -> PlayerView {
        let pieces = [
            (Side::Blue, "i10", "bomb"),
            (Side::Blue, "j9", "bomb"),
            (Side::Blue, "d10", "bomb"),
            (Side::Blue, "c9", "sergeant"),
            (Side::Red, "e2", "sergeant"),
        ];
        test_red_view(&pieces, &[("e2", "e3"), ("c9", "c10")])
    }

    fn id_at(view: &PlayerView, square: &str) -> PieceId {
        view.at(square.parse().unwrap()).unwrap().id
    }

    #[test]
    fn each_open_neighbour_makes_the_flag_less_likely() {
        let view = red_view();
        let ring = FlagRing::new(&view);
        let weight = |square: &str| ring.flag_weight(id_at(&view, square));
        assert_eq!(weight("j10"), 1.0, "both neighbours unmoved");
        // h10 and i9 empty; j10 unmoved.
        assert_eq!(weight("i10"), ring_open().powi(2));
        // c10 holds a piece that moved; d9 and e10 are empty.
        assert_eq!(weight("d10"), ring_open().powi(3));
        assert_eq!(weight("c10"), 1.0, "a moved piece is no flag anyway");
    }

    /// By people's setups alone the lone bomb's square (Blue's d10) holds
    /// a flag more often than the ringed corner; open on three sides, much
    /// less often.
    #[test]
    fn samples_put_the_flag_where_bombs_can_ring_it() {
        let view = red_view();
        let flag_odds = |belief: &Belief, square: &str| -> f32 {
            let square: Square = square.parse().unwrap();
            let hidden = belief.hidden.iter().find(|h| h.square == square).unwrap();
            belief
                .odds(&view.variant, hidden)
                .iter()
                .filter(|(p, _)| view.variant.kind(p.kind).is_flag)
                .map(|(_, o)| o)
                .sum()
        };
        let belief = Belief::new(&view).with_setup_habits(&view);
        let ratio = flag_odds(&belief, "d10") / flag_odds(&belief, "j10");
        assert!(
            ratio < 0.5,
            "the lone piece is the flag {ratio} times as often"
        );
    }
}
