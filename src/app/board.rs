//! The board the game screens share (setup, play, game over; global
//! `BoardAdapter` in `ui/board.slint`): its squares, kept in one model, and
//! why the last tap was refused, which shakes the board. Taps and drags on
//! it go to the screen shown (`App::connect_board`): the setup editor or the
//! turn.

use super::models::{self, List};
use super::{AppWindow, BoardAdapter, Cell};
use crate::core::variant::Variant;
use slint::ComponentHandle;
use std::time::Duration;

pub(super) struct BoardController {
    /// Why the last tap was refused (empty when it was not).
    problem: String,
    cells: List<Cell>,
}

impl BoardController {
    pub(super) fn new(w: &AppWindow) -> BoardController {
        let board = BoardController {
            problem: String::new(),
            cells: models::list(),
        };
        w.global::<BoardAdapter>()
            .set_cells(models::handle(&board.cells));
        board
    }

    /// Shows `cells` of a board of `variant`'s size.
    pub(super) fn show(&self, w: &AppWindow, variant: &Variant, cells: Vec<Cell>) {
        let board = w.global::<BoardAdapter>();
        board.set_columns(variant.board.columns as i32);
        board.set_rows(variant.board.rows as i32);
        models::update(&self.cells, cells);
    }

    /// A tap was refused: the board says why (and shakes).
    pub(super) fn refuse(&mut self, why: String) {
        self.problem = why;
    }

    pub(super) fn clear_problem(&mut self) {
        self.problem.clear();
    }

    pub(super) fn has_problem(&self) -> bool {
        !self.problem.is_empty()
    }

    pub(super) fn show_problem(&self, w: &AppWindow) {
        w.global::<BoardAdapter>()
            .set_error(self.problem.clone().into());
    }
}

/// A short left-right nudge of the board, as a player would shake their head.
pub(super) fn start_shake(window: &AppWindow) {
    let steps: [(u64, f32); 4] = [(0, 12.0), (70, -10.0), (140, 6.0), (210, 0.0)];
    for (delay, offset) in steps {
        let weak = window.as_weak();
        slint::Timer::single_shot(Duration::from_millis(delay), move || {
            if let Some(w) = weak.upgrade() {
                w.global::<BoardAdapter>().set_shake(offset);
            }
        });
    }
}
