//! Whether a move is legal, and if not, why (`IllegalMove`).

use super::{BLOCKED, EMPTY, Position, piece_of_cell};
use crate::core::moves::{IllegalMove, Move};
use crate::core::options::TwoSquares;
use crate::core::variant::Mobility;

impl Position {
    /// Whether `m` is legal now, and why not.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        self.validate_move(m).map(|_| ())
    }

    pub(super) fn validate_move(&self, m: Move) -> Result<(u16, u16), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if self.pending_rescue.is_some() {
            return Err(IllegalMove::RescuePending);
        }
        let geometry = &*self.geometry;
        let variant = &geometry.variant;
        let from = geometry
            .index(m.from)
            .ok_or(IllegalMove::OffBoard(m.from))?;
        let to = geometry.index(m.to).ok_or(IllegalMove::OffBoard(m.to))?;
        let id = piece_of_cell(self.cells[from as usize]).ok_or(IllegalMove::NoPiece(m.from))?;
        if id.side != self.to_move {
            return Err(IllegalMove::NotYourPiece {
                square: m.from,
                owner: id.side,
            });
        }
        let state = self.piece(id);
        let name = || variant.kind(state.piece.kind).name.clone();
        if state.mobility == Mobility::Immobile {
            return Err(IllegalMove::Immobile { piece: name() });
        }
        if from == to {
            return Err(IllegalMove::SameSquare);
        }
        let target = self.cells[to as usize];
        if target == BLOCKED {
            return Err(IllegalMove::Blocked {
                square: m.to,
                what: variant.board.blocked_name.clone(),
            });
        }
        if piece_of_cell(target).is_some_and(|t| t.side == id.side) {
            return Err(IllegalMove::OwnPiece(m.to));
        }
        if state.mobility == Mobility::TwoSteps {
            let mut reachable = false;
            self.two_step_targets(id.side, from, |at| {
                reachable = at == to;
                reachable
            });
            if !reachable {
                return Err(IllegalMove::TwoStepsAtMost { piece: name() });
            }
        } else if m.from.row != m.to.row && m.from.col != m.to.col {
            return Err(IllegalMove::NotStraight);
        }
        let distance = m.from.distance(m.to);
        if distance > 1 && state.mobility != Mobility::TwoSteps {
            if state.mobility != Mobility::Line {
                return Err(IllegalMove::TooFar { piece: name() });
            }
            // The runner's own slide, as the generator walks it: it ends
            // on `to`, or on the first thing in the way.
            let step = (to as isize - from as isize) / distance as isize;
            let mut stop = (from, EMPTY);
            self.slide(from, step, |at, cell| {
                stop = (at, cell);
                at == to
            });
            match stop {
                (at, _) if at == to => {}
                (at, BLOCKED) => {
                    return Err(IllegalMove::Blocked {
                        square: geometry.square(at),
                        what: variant.board.blocked_name.clone(),
                    });
                }
                (at, _) => {
                    return Err(IllegalMove::PathBlocked {
                        piece: name(),
                        square: geometry.square(at),
                    });
                }
            }
        }
        if self.forbidden(id.side) == (from, to) {
            let TwoSquares::Limit(limit) = self.options.two_squares else {
                unreachable!("rule is on")
            };
            return Err(IllegalMove::TwoSquares {
                a: m.to,
                b: m.from,
                limit,
            });
        }
        if self
            .chase
            .as_deref()
            .is_some_and(|chase| chase.forbids(id.side, from, to, self))
        {
            return Err(IllegalMove::MoreSquares);
        }
        Ok((from, to))
    }
}
