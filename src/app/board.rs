//! The board the game screens share (setup, play, game over; global
//! `BoardAdapter` in `ui/board.slint`): its squares, kept in one model, and
//! taps and drags on it, which go to the setup editor or the turn being
//! played. A refused tap shakes the board and says why.

use super::models::{self, List};
use super::{App, AppWindow, BoardAdapter, Cell, State, cells, play, setup};
use crate::core::variant::Variant;
use slint::ComponentHandle;
use std::time::Duration;

pub(super) struct BoardState {
    /// Why the last tap was refused (empty when it was not).
    pub error: String,
    cells: List<Cell>,
}

impl BoardState {
    pub(super) fn new(w: &AppWindow) -> BoardState {
        let state = BoardState {
            error: String::new(),
            cells: models::list(),
        };
        w.global::<BoardAdapter>()
            .set_cells(models::handle(&state.cells));
        state
    }
}

pub(super) fn connect(app: &App) {
    let board = app.window().global::<BoardAdapter>();
    board.on_square_clicked(app.indexed(square_clicked));
    let dragged = app.handler(|s, _, (from, to): (i32, i32)| {
        square_dragged(s, from.max(0) as usize, to.max(0) as usize)
    });
    board.on_square_dragged(move |from, to| dragged((from, to)));
}

/// Shows `cells` of a board of `variant`'s size.
pub(super) fn show(w: &AppWindow, s: &State, variant: &Variant, cells: Vec<Cell>) {
    let board = w.global::<BoardAdapter>();
    board.set_columns(variant.board.columns as i32);
    board.set_rows(variant.board.rows as i32);
    models::update(&s.board.cells, cells);
}

fn square_clicked(s: &mut State, _: &AppWindow, index: usize) {
    let Some(variant) = s.games.variant() else {
        return;
    };
    let square = cells::square_at(&variant, s.games.holder(), index);
    if s.games.setting_up() {
        setup::square_clicked(s, square);
    } else if s.games.playing() {
        play::square_clicked(s, square);
    }
}

fn square_dragged(s: &mut State, from: usize, to: usize) {
    let Some(variant) = s.games.variant() else {
        return;
    };
    let holder = s.games.holder();
    let (from, to) = (
        cells::square_at(&variant, holder, from),
        cells::square_at(&variant, holder, to),
    );
    if s.games.setting_up() {
        setup::square_dragged(s, from, to);
    } else if s.games.playing() {
        play::square_dragged(s, from, to);
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
