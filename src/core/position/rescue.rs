//! The Rescue option: when a piece that reached the far row may bring back a
//! captured piece, onto which squares, and the rescue itself.

use super::{EMPTY, PlyReport, Position, cell_of};
use crate::core::moves::{Action, IllegalMove};
use crate::core::piece::PieceId;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Mobility, Special};

impl Position {
    /// Rescue: a piece that ends its move on the enemy's back row lets its
    /// owner bring back a captured piece, within the variant's limits.
    pub(super) fn offers_rescue(&self, mover: PieceId) -> bool {
        if !self.options.rescue {
            return false;
        }
        let rule = &self.geometry.variant.rules.rescue;
        let state = self.piece(mover);
        let Some(at) = self.square_of(mover) else {
            return false;
        };
        if self.rescues_used[mover.side.index()] >= rule.per_player {
            return false;
        }
        if state.has_rescued && !rule.same_piece_twice {
            return false;
        }
        if !rule.by_scouts && state.mobility == Mobility::Line {
            return false;
        }
        if !self.geometry.variant.on_enemy_back_row(mover.side, at) {
            return false;
        }
        self.captured(mover.side).any(|id| self.rescuable(id))
            && self.rescue_squares(mover.side).next().is_some()
    }

    pub(super) fn rescuable(&self, id: PieceId) -> bool {
        let variant = &self.geometry.variant;
        variant.rules.rescue.bombs
            || variant.kind(self.piece(id).piece.kind).special != Special::Bomb
    }

    pub(super) fn rescue_squares(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        let variant = &self.geometry.variant;
        variant.board.squares().filter(move |sq| {
            variant.in_own_half(side, *sq)
                && self.cells[self.geometry.index(*sq).unwrap() as usize] == EMPTY
        })
    }

    /// The choices while a rescue is pending: every rescuable piece onto
    /// every allowed square, and declining.
    pub fn rescue_choices(&self) -> Vec<Action> {
        if self.pending_rescue.is_none() || self.outcome.is_some() {
            return Vec::new();
        }
        let side = self.to_move;
        let squares: Vec<Square> = self.rescue_squares(side).collect();
        let mut choices = vec![Action::SkipRescue];
        for piece in self.captured(side).filter(|id| self.rescuable(*id)) {
            choices.extend(squares.iter().map(|&to| Action::Rescue { piece, to }));
        }
        choices
    }

    pub(super) fn rescue(&mut self, piece: PieceId, to: Square) -> Result<PlyReport, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Some(rescuer) = self.pending_rescue else {
            return Err(IllegalMove::NoRescuePending);
        };
        let side = self.to_move;
        if piece.side != side || !self.captured[side.index()].contains(&piece.index) {
            return Err(IllegalMove::NotCaptured);
        }
        if !self.rescuable(piece) {
            let name = self
                .geometry
                .variant
                .kind(self.piece(piece).piece.kind)
                .name
                .clone();
            return Err(IllegalMove::CannotRescue { piece: name });
        }
        let square = self.geometry.index(to).ok_or(IllegalMove::OffBoard(to))?;
        if !self.geometry.variant.in_own_half(side, to) || self.cells[square as usize] != EMPTY {
            return Err(IllegalMove::RescueSquare(to));
        }
        self.captured[side.index()].retain(|&i| i != piece.index);
        self.locations[side.index()][piece.index as usize] = square;
        self.cells[square as usize] = cell_of(piece);
        self.place_bit(piece, square, self.piece(piece).mobility);
        self.count(piece, 1);
        self.pieces[side.index()][rescuer as usize].has_rescued = true;
        self.rescues_used[side.index()] += 1;
        self.pending_rescue = None;
        self.end_turn();
        Ok(self.report(side, Action::Rescue { piece, to }, None, false))
    }
}
