//! The board the game screens share (setup, play, game over; global
//! `BoardAdapter` in `ui/board.slint`): its squares, kept in one model, and
//! why the last tap was refused, which shakes the board. Taps and drags on
//! it go to the screen shown (`App::connect_board`): the setup editor or the
//! turn.

use super::models::{self, List};
use super::naming;
use super::{AppWindow, BoardAdapter, Cell, board_cells};
use crate::core::side::Side;
use crate::core::variant::Variant;
use slint::{ComponentHandle, SharedString};
use std::time::Duration;

pub(super) struct BoardController {
    /// Why the last tap was refused (empty when it was not).
    problem: String,
    cells: List<Cell>,
    /// The coordinates along the bottom and left edges, as the viewer sees them.
    files: List<SharedString>,
    ranks: List<SharedString>,
}

impl BoardController {
    pub(super) fn new(w: &AppWindow) -> BoardController {
        let board = BoardController {
            problem: String::new(),
            cells: models::list(),
            files: models::list(),
            ranks: models::list(),
        };
        let adapter = w.global::<BoardAdapter>();
        adapter.set_cells(models::handle(&board.cells));
        adapter.set_files(models::handle(&board.files));
        adapter.set_ranks(models::handle(&board.ranks));
        board
    }

    /// Shows `cells` (in screen order) of a board of `variant` as `viewer`
    /// sees it, with the coordinates along its edges from that side (and,
    /// for piecepack, the key from coin values to ranks).
    pub(super) fn show(&self, w: &AppWindow, variant: &Variant, viewer: Side, cells: Vec<Cell>) {
        let board = w.global::<BoardAdapter>();
        let (columns, rows) = (variant.board.columns as usize, variant.board.rows as usize);
        board.set_columns(columns as i32);
        board.set_rows(rows as i32);
        models::update(&self.cells, cells);
        board.set_key(naming::coin_key(variant).unwrap_or_default().into());
        let bottom_row = (rows - 1) * columns;
        models::update_texts(
            &self.files,
            (0..columns).map(|c| {
                let square = board_cells::square_at(variant, viewer, bottom_row + c);
                ((b'a' + square.col) as char).to_string()
            }),
        );
        models::update_texts(
            &self.ranks,
            (0..rows).map(|r| {
                let square = board_cells::square_at(variant, viewer, r * columns);
                (square.row + 1).to_string()
            }),
        );
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
