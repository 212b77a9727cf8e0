//! The legal moves: walked over the padded board, or read from the bitboards
//! where the board has them; the two-squares rule's forbidden move left out.

use super::{CAPTURED, EMPTY, LANDING, Position};
use crate::core::moves::{Action, Move};
use crate::core::side::Side;

impl Position {
    /// The move the two-squares rule forbids `side` right now, as padded
    /// indices (`CAPTURED` twice, which no move is, when none).
    pub(super) fn forbidden(&self, side: Side) -> (u16, u16) {
        self.tracks[side.index()]
            .forbidden(self.options.two_squares)
            .unwrap_or((CAPTURED, CAPTURED))
    }

    /// All legal moves of the side to move (none while a rescue is pending
    /// or the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// `legal_moves` into a buffer the caller reuses.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() || self.pending_rescue.is_some() {
            return;
        }
        let geometry = &*self.geometry;
        self.generate(self.to_move, |from, to| {
            out.push(Move::new(geometry.square(from), geometry.square(to)));
            false
        });
    }

    /// Whether `side` would have a legal move if it were its turn.
    pub fn has_legal_move(&self, side: Side) -> bool {
        self.generate(side, |_, _| true)
    }

    /// Whether any of `side`'s pieces could step or run anywhere, the
    /// More-Squares rule aside (Gravon's "move possible"): a piece the
    /// two-squares rule holds counts as stuck, as Gravon scored it
    /// (classic-2014.5-408: a side whose last free piece has made its third
    /// move between two squares loses on that move).
    pub(super) fn can_move_at_all(&self, side: Side) -> bool {
        self.generate_within(side, self.forbidden(side), |_, _| true)
    }

    /// Calls `found` for each legal move of `side`; stops early when it returns true.
    ///
    /// The rules' move generator: the legal moves and whether a side can
    /// move come from it, over the same walk (`walk_moves`) as the
    /// playouts' list (`fill_moves`); `check_move` shares its
    /// `two_step_targets`. The bitboards (`bitboard`) count and draw the
    /// same moves, and find the attacks, without listing them, for the
    /// playouts' speed (`flagfall bench`); tests hold them to these moves.
    #[inline]
    pub(super) fn generate(&self, side: Side, mut found: impl FnMut(u16, u16) -> bool) -> bool {
        let forbidden = self.forbidden(side);
        match self.chase.as_deref() {
            Some(chase) if chase.chaser == side => {
                self.generate_within(side, forbidden, |from, to| {
                    !chase.forbids(side, from, to, self) && found(from, to)
                })
            }
            _ => self.generate_within(side, forbidden, found),
        }
    }

    /// `generate` with the two-squares rule's one forbidden move given.
    #[inline]
    pub(super) fn generate_within(
        &self,
        side: Side,
        forbidden: (u16, u16),
        mut found: impl FnMut(u16, u16) -> bool,
    ) -> bool {
        self.walk_moves(side, forbidden, |from, to, legal| legal && found(from, to))
    }

    /// The one walk over `side`'s movers that every list of moves comes
    /// from: each square a stepper, runner or two-stepper could go to, with
    /// whether it may (a square it can land on, not the move `forbidden`
    /// by the two-squares rule; the More-Squares rule aside). Stops early
    /// when `visit` returns true, and says whether it did. `generate` visits
    /// the legal moves only; `fill_moves` writes every candidate and counts
    /// the legal ones, without a branch per move.
    #[inline(always)]
    pub(super) fn walk_moves(
        &self,
        side: Side,
        (forbid_from, forbid_to): (u16, u16),
        mut visit: impl FnMut(u16, u16, bool) -> bool,
    ) -> bool {
        let cells = &self.cells[..];
        let dirs = self.geometry.dirs;
        let lands = &LANDING[side.index()];
        let locations = &self.locations[side.index()];
        for &index in &self.steppers[side.index()] {
            let from = locations[index as usize];
            if from == CAPTURED {
                continue;
            }
            for d in dirs {
                let to = from.wrapping_add_signed(d as i16);
                let legal =
                    lands[cells[to as usize] as usize] & !(from == forbid_from && to == forbid_to);
                if visit(from, to, legal) {
                    return true;
                }
            }
        }
        for &index in &self.runners[side.index()] {
            let from = locations[index as usize];
            if from == CAPTURED {
                continue;
            }
            for d in dirs {
                if self.slide(from, d, |to, cell| {
                    let legal = lands[cell as usize] & !(from == forbid_from && to == forbid_to);
                    visit(from, to, legal)
                }) {
                    return true;
                }
            }
        }
        for &index in &self.two_steppers[side.index()] {
            let from = locations[index as usize];
            if from == CAPTURED {
                continue;
            }
            if self.two_step_targets(side, from, |to| {
                visit(from, to, !(from == forbid_from && to == forbid_to))
            }) {
                return true;
            }
        }
        false
    }

    /// Calls `visit` with each square a runner on `from` passes going
    /// `step` cells at a time, and what is on it, up to and including the
    /// first square that is not empty (a piece, a lake or the border);
    /// stops early when `visit` returns true, and says whether it did.
    #[inline(always)]
    pub(super) fn slide(
        &self,
        from: u16,
        step: isize,
        mut visit: impl FnMut(u16, u8) -> bool,
    ) -> bool {
        let mut to = from.wrapping_add_signed(step as i16);
        loop {
            let cell = self.cells[to as usize];
            if visit(to, cell) {
                return true;
            }
            if cell != EMPTY {
                return false;
            }
            to = to.wrapping_add_signed(step as i16);
        }
    }

    /// Calls `found` with each square a two-stepper of `side` on `from`
    /// may reach (each once), the two-squares rule aside; stops early when
    /// it returns true.
    #[inline]
    pub(super) fn two_step_targets(
        &self,
        side: Side,
        from: u16,
        mut found: impl FnMut(u16) -> bool,
    ) -> bool {
        let cells = &self.cells[..];
        let lands = &LANDING[side.index()];
        let [right, left, up, down] = self.geometry.dirs;
        let free = |at: isize| cells[(from as isize + at) as usize] == EMPTY;
        for d in [right, left, up, down] {
            let one = from as isize + d;
            if lands[cells[one as usize] as usize] && found(one as u16) {
                return true;
            }
            // The border is one cell wide: only an empty first square leads on.
            if free(d) && lands[cells[(one + d) as usize] as usize] && found((one + d) as u16) {
                return true;
            }
        }
        for dx in [right, left] {
            for dy in [up, down] {
                let to = from as isize + dx + dy;
                if (free(dx) || free(dy)) && lands[cells[to as usize] as usize] && found(to as u16)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Every legal action for the side to move: moves, or the rescue choices.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.pending_rescue.is_some() {
            self.rescue_choices()
        } else {
            self.legal_moves().into_iter().map(Action::Move).collect()
        }
    }
}
