//! A view that came from elsewhere is checked before anything reads it: a
//! browser's worker reads the computer's question as text, and text can
//! say anything (a board of the wrong size, a piece twice, a piece of
//! another army, an own piece the viewer does not know). A view made by
//! `PlayerView::new` always passes; one that passes can be read by every
//! computer player without an index out of range.

use super::moves::Move;
use super::piece::PieceId;
use super::side::Side;
use super::square::Square;
use super::variant::{ArmyRule, KindId, Variant};
use super::view::{PlayerView, ViewPiece};
use std::collections::{BTreeMap, BTreeSet};

/// One thing wrong with a view read from elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewProblem {
    #[error("the board has {found} squares where the variant's has {expected}")]
    BoardSize { expected: usize, found: usize },
    #[error("a piece stands on {0}, where none can")]
    Blocked(Square),
    #[error("piece {} of {} is shown twice", .0.index, .0.side.name())]
    Twice(PieceId),
    #[error("piece {} of {} is said to belong to the other side", .0.index, .0.side.name())]
    Owner(PieceId),
    #[error("{} has {found} pieces where its army has {expected}", .side.name())]
    ArmySize {
        side: Side,
        expected: usize,
        found: usize,
    },
    #[error("piece {} of {} is numbered beyond its army", .0.index, .0.side.name())]
    BeyondArmy(PieceId),
    #[error("piece {} of the viewer's own army is not known to the viewer", .0.index)]
    OwnUnknown(PieceId),
    #[error("piece {} of {} is of a kind or suit the variant does not have", .0.index, .0.side.name())]
    UnknownKind(PieceId),
    #[error("{} has more pieces of one kind than its army holds", .0.name())]
    TooManyOfAKind(Side),
    #[error("{} has used more rescues than the variant allows", .0.name())]
    Rescues(Side),
    #[error("the move {0} is not one of the viewer's")]
    NotAMove(Move),
    #[error("{side}'s last move, {last}, leaves the board", side = .0.name(), last = .1)]
    LastMoveOffBoard(Side, Move),
}

impl PlayerView {
    /// Every problem of a view that came from elsewhere (none: it can be
    /// read as a view made here).
    pub fn problems(&self) -> Vec<ViewProblem> {
        let variant = &*self.variant;
        let board = &variant.board;
        let expected = board.columns as usize * board.rows as usize;
        if self.squares.len() != expected {
            // Nothing else can be read square by square.
            return vec![ViewProblem::BoardSize {
                expected,
                found: self.squares.len(),
            }];
        }
        let mut problems = Vec::new();
        let mut seen = BTreeSet::new();
        let mut kinds: [BTreeMap<KindId, u32>; 2] = Default::default();
        let mut counted = [0usize; 2];
        let mut check_piece = |piece: &ViewPiece, problems: &mut Vec<ViewProblem>| {
            let id = piece.id;
            if !seen.insert(id) {
                problems.push(ViewProblem::Twice(id));
            }
            if piece.owner != id.side {
                problems.push(ViewProblem::Owner(id));
            }
            counted[id.side.index()] += 1;
            if u32::from(id.index) >= variant.army_size() {
                problems.push(ViewProblem::BeyondArmy(id));
            }
            let suit_ok = piece
                .suit
                .is_none_or(|s| (s.0 as usize) < variant.suits.len());
            let kind_ok = piece.piece.is_none_or(|p| {
                (p.kind.0 as usize) < variant.kinds.len()
                    && p.suit.is_none_or(|s| (s.0 as usize) < variant.suits.len())
            });
            if !suit_ok || !kind_ok {
                problems.push(ViewProblem::UnknownKind(id));
            } else if let Some(p) = piece.piece {
                *kinds[id.side.index()].entry(p.kind).or_default() += 1;
            }
            if id.side == self.viewer && piece.piece.is_none() {
                problems.push(ViewProblem::OwnUnknown(id));
            }
        };
        for (at, piece) in self.squares.iter().enumerate() {
            let Some(piece) = piece else { continue };
            let square = Square::new(
                (at % board.columns as usize) as u8,
                (at / board.columns as usize) as u8,
            );
            if board.is_blocked(square) {
                problems.push(ViewProblem::Blocked(square));
            }
            check_piece(piece, &mut problems);
        }
        for piece in self.captured.iter().flatten() {
            check_piece(piece, &mut problems);
        }
        let army = variant.army_size() as usize;
        for side in Side::BOTH {
            let found = counted[side.index()];
            if found != army {
                problems.push(ViewProblem::ArmySize {
                    side,
                    expected: army,
                    found,
                });
            }
            let too_many = kinds[side.index()]
                .iter()
                .any(|(&kind, &n)| n > most_of_a_kind(variant, kind));
            if too_many {
                problems.push(ViewProblem::TooManyOfAKind(side));
            }
            if self.rescues_used[side.index()] > variant.rules.rescue.per_player {
                problems.push(ViewProblem::Rescues(side));
            }
        }
        for &m in &self.legal_moves {
            let own = |sq: Square| self.at(sq).is_some_and(|p| p.owner == self.viewer);
            if !board.contains(m.to) || !own(m.from) || own(m.to) {
                problems.push(ViewProblem::NotAMove(m));
            }
        }
        for side in Side::BOTH {
            if let Some(run) = self.two_square_runs[side.index()]
                && !(board.contains(run.last.from) && board.contains(run.last.to))
            {
                problems.push(ViewProblem::LastMoveOffBoard(side, run.last));
            }
        }
        problems
    }
}

/// The most pieces of `kind` one side's army can hold.
fn most_of_a_kind(variant: &Variant, kind: KindId) -> u32 {
    let count = variant.kind(kind).count;
    match variant.army {
        // A side plays two suits.
        ArmyRule::Suited { .. } => count * 2,
        _ => count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::options::GameOptions;
    use crate::core::variant::builtin;
    use rand::SeedableRng;

    #[test]
    fn a_view_made_here_has_no_problem() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for variant in &builtin().variants {
            let mut game = Game::random(variant.clone(), GameOptions::defaults(variant), &mut rng);
            for _ in 0..30 {
                for side in Side::BOTH {
                    let view = game.view(side);
                    assert_eq!(view.problems(), vec![], "{}", variant.id);
                }
                let moves = game.position().legal_moves();
                let Some(&m) = moves.first() else { break };
                if game.play(crate::core::moves::Action::Move(m)).is_err() {
                    break;
                }
            }
        }
    }

    #[test]
    fn a_damaged_view_says_what_is_wrong() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let variant = crate::core::variant::builtin_variant("classic").unwrap();
        let game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
        let view = game.view(Side::Red);

        let mut short = view.clone();
        short.squares.pop();
        assert!(matches!(
            short.problems()[..],
            [ViewProblem::BoardSize { .. }]
        ));

        let mut doubled = view.clone();
        let first = doubled.squares.iter().flatten().next().copied().unwrap();
        let empty = doubled.squares.iter().position(|s| s.is_none()).unwrap();
        doubled.squares[empty] = Some(first);
        assert!(doubled.problems().contains(&ViewProblem::Twice(first.id)));

        let mut unknown = view.clone();
        let own = unknown
            .squares
            .iter_mut()
            .flatten()
            .find(|p| p.owner == Side::Red)
            .unwrap();
        own.piece = None;
        let id = own.id;
        assert!(unknown.problems().contains(&ViewProblem::OwnUnknown(id)));

        let mut wrong_kind = view.clone();
        let own = wrong_kind.squares.iter_mut().flatten().next().unwrap();
        if let Some(p) = own.piece.as_mut() {
            p.kind = KindId(200);
        }
        assert!(!wrong_kind.problems().is_empty());

        let mut bad_move = view.clone();
        bad_move.legal_moves = vec![Move::new(Square::new(0, 5), Square::new(0, 6))];
        assert!(!bad_move.problems().is_empty());

        let mut far_run = view.clone();
        let far = Move::new(Square::new(0, 0), Square::new(0, 200));
        far_run.two_square_runs[1] =
            Some(crate::core::two_squares::TwoSquareRun { last: far, run: 3 });
        assert_eq!(
            far_run.problems(),
            vec![ViewProblem::LastMoveOffBoard(Side::Blue, far)]
        );
    }
}
