//! What the players saw in plies that were taken back (solo practice): a
//! piece once revealed in a battle stays known to both players, and a piece
//! once seen moving stays known to move, although the position after the
//! take-back no longer says so. What a player has seen cannot be unseen,
//! so neither the player's screen nor the computer's view forgets it.

use super::piece::PieceId;
use super::position::Position;
use super::view::PlayerView;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Pieces whose rank, or whose moving, both players have seen in plies
/// since taken back. (A battle reveals its pieces to both players, and a
/// move is seen by both: nothing here is one player's alone.)
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    revealed: BTreeSet<PieceId>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    moved: BTreeSet<PieceId>,
}

impl Seen {
    /// Nothing seen beyond what the position shows.
    pub fn is_empty(&self) -> bool {
        self.revealed.is_empty() && self.moved.is_empty()
    }

    /// Remembers what `position` shows of every piece: which were revealed
    /// and which have moved (taken in before plies are taken back).
    pub fn take_in(&mut self, position: &Position) {
        for side in crate::core::side::Side::BOTH {
            for (id, state) in position.pieces(side) {
                if state.revealed {
                    self.revealed.insert(id);
                }
                if state.moved {
                    self.moved.insert(id);
                }
            }
        }
    }

    /// Whether every piece named is one of `position`'s (a saved game's
    /// record is checked before it is used).
    pub fn fits(&self, position: &Position) -> bool {
        let exists = |id: &PieceId| position.pieces(id.side).nth(id.index as usize).is_some();
        self.revealed.iter().all(exists) && self.moved.iter().all(exists)
    }

    /// `view` of `position`, with what was seen before put back: a piece
    /// seen in a battle is shown with its rank (and as revealed), a piece
    /// seen moving as moved.
    pub fn show(&self, position: &Position, view: &mut PlayerView) {
        let remember = |piece: &mut crate::core::view::ViewPiece| {
            if self.revealed.contains(&piece.id) {
                piece.revealed = true;
                piece.piece = Some(position.piece(piece.id).piece);
            }
            if self.moved.contains(&piece.id) {
                piece.moved = true;
            }
        };
        view.squares.iter_mut().flatten().for_each(remember);
        view.captured.iter_mut().flatten().for_each(remember);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::moves::{Action, Move};
    use crate::core::options::GameOptions;
    use crate::core::piece::Piece;
    use crate::core::setup::Placement;
    use crate::core::side::Side;
    use crate::core::square::Square;
    use crate::core::variant::builtin_variant;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_battle_taken_back_stays_seen_by_both_players() {
        let variant = builtin_variant("classic").unwrap();
        let kind = |key: &str| Piece::new(variant.kind_by_key(key).unwrap());
        let place = |side, at: &str, key: &str| {
            (
                side,
                Placement {
                    square: sq(at),
                    piece: kind(key),
                },
            )
        };
        let pieces = [
            place(Side::Red, "b4", "miner"),
            place(Side::Red, "a1", "flag"),
            place(Side::Blue, "b6", "major"),
            place(Side::Blue, "j10", "flag"),
            place(Side::Blue, "j9", "scout"),
        ];
        let options = GameOptions::defaults(&variant);
        let start = Position::arrange(variant.clone(), options, &pieces, Side::Red).unwrap();
        let mut position = start.clone();
        let step = |from: &str, to: &str| {
            Action::Move(Move {
                from: sq(from),
                to: sq(to),
            })
        };
        position.play(step("b4", "b5")).unwrap();
        position.play(step("j9", "i9")).unwrap();
        position.play(step("b5", "b6")).unwrap(); // the Miner attacks the Major and loses

        let mut seen = Seen::default();
        seen.take_in(&position);
        assert!(seen.fits(&start));
        let major = start.piece_at(sq("b6")).unwrap();
        let miner = start.piece_at(sq("b4")).unwrap();
        let scout = start.piece_at(sq("j9")).unwrap();

        // Taken back to the start: the position shows nothing any more.
        let mut red = PlayerView::new(&start, Side::Red);
        assert_eq!(red.at(sq("b6")).unwrap().piece, None);
        seen.show(&start, &mut red);
        let shown = red.at(sq("b6")).unwrap();
        assert_eq!(shown.piece, Some(kind("major")), "the Major stays seen");
        assert!(shown.revealed);
        assert!(red.at(sq("j9")).unwrap().moved, "the scout was seen moving");
        assert!(
            red.at(sq("b4")).unwrap().revealed,
            "Red knows Blue saw its Miner"
        );

        let mut blue = PlayerView::new(&start, Side::Blue);
        seen.show(&start, &mut blue);
        assert_eq!(blue.at(sq("b4")).unwrap().piece, Some(kind("miner")));
        assert!(blue.at(sq("b4")).unwrap().moved);
        assert_eq!(
            blue.at(sq("a1")).unwrap().piece,
            None,
            "a piece never seen stays hidden"
        );
        for id in [major, miner, scout] {
            assert!(seen.revealed.contains(&id) || seen.moved.contains(&id));
        }
    }
}
