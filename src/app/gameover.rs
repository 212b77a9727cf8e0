//! The game-over screen's controller (`ui/gameover.slint`, global
//! `GameOverAdapter`): the result, the check of a two-device game, the game
//! replayed move by move with both armies shown, and saving its record. A
//! finished game opened from the home screen is shown here too.

use super::games::link_finished;
use super::models::{self, List};
use super::{App, AppWindow, GameOverAdapter, State, board, cells, linked, router};
use crate::core::Game;
use crate::core::record::action_label;
use crate::core::side::Side;
use crate::session::Stage;
use crate::session::link::LinkedSession;
use slint::{ComponentHandle, SharedString};

pub(super) struct ReplayState {
    /// A finished game opened from the home screen's list, or a game record.
    pub review: Option<Game>,
    /// What the engine found in the game record on show.
    note: String,
    /// The move the replay shows (past the end: the final position).
    pub replay_at: usize,
    export_status: String,
    /// The game's moves, shown as a list.
    moves: List<SharedString>,
}

impl ReplayState {
    pub(super) fn new(w: &AppWindow) -> ReplayState {
        let moves = models::list();
        w.global::<GameOverAdapter>()
            .set_moves(models::handle(&moves));
        ReplayState {
            review: None,
            note: String::new(),
            replay_at: 0,
            export_status: String::new(),
            moves,
        }
    }

    /// Opens a finished game at its final position.
    pub(super) fn open_review(&mut self, game: Game) {
        self.open_record(game, String::new());
    }

    /// Opens a game record at its final position (the last move the engine
    /// accepted), with what the engine found.
    pub(super) fn open_record(&mut self, game: Game, note: String) {
        self.review = Some(game);
        self.note = note;
        self.replay_at = usize::MAX;
        self.export_status.clear();
    }

    /// Closes the game opened from the list or a record.
    pub(super) fn close_review(&mut self) {
        self.review = None;
        self.note.clear();
    }
}

pub(super) fn connect(app: &App) {
    let over = app.window().global::<GameOverAdapter>();
    over.on_export(app.unit(|s, _| {
        let game = shown_game(s);
        s.over.export_status = match (&s.games.storage, game) {
            (Some(storage), Some(game)) => match storage.export(&game) {
                Ok(path) => crate::tr!("Saved the record as {}", path.display()),
                Err(e) => crate::tr!("The record could not be saved: {}", e),
            },
            _ => crate::tr!("No data folder: the record cannot be saved."),
        };
    }));
    over.on_first(app.unit(|s, _| s.over.replay_at = 0));
    over.on_back(
        app.unit(|s, _| s.over.replay_at = replay_len(s).min(s.over.replay_at).saturating_sub(1)),
    );
    over.on_next(app.unit(|s, _| s.over.replay_at = (s.over.replay_at + 1).min(replay_len(s))));
    over.on_last(app.unit(|s, _| s.over.replay_at = replay_len(s)));
    over.on_jump(app.indexed(|s, _, at| s.over.replay_at = at.min(replay_len(s))));
    over.on_new_game(app.unit(|s, _| {
        let games = &mut s.games;
        if games
            .session
            .as_ref()
            .is_some_and(|x| x.stage() == Stage::Over)
        {
            games.session = None;
        }
        if games.link.as_ref().is_some_and(link_finished) {
            games.link = None;
        }
        s.over.close_review();
        router::go_home(s);
    }));
}

/// The game the screen shows: one opened from the list, or the one just finished.
fn shown_game(s: &State) -> Option<Game> {
    s.over.review.clone().or_else(|| s.games.finished_on_show())
}

fn replay_len(s: &State) -> usize {
    shown_game(s).map_or(0, |g| g.actions().len())
}

pub(super) fn refresh(w: &AppWindow, s: &State) {
    let over = w.global::<GameOverAdapter>();
    let link = s.games.link.as_ref().filter(|_| s.over.review.is_none());
    over.set_verdict(link.map(linked::verdict_text).unwrap_or_default().into());
    over.set_export_status(s.over.export_status.clone().into());
    over.set_note(s.over.note.clone().into());
    match (shown_game(s), link) {
        (Some(game), _) => show_replay(w, s, &game),
        (None, Some(link)) => show_unreplayable(w, s, link),
        (None, None) => {}
    }
}

fn show_replay(w: &AppWindow, s: &State, game: &Game) {
    let over = w.global::<GameOverAdapter>();
    let total = game.actions().len();
    let at = s.over.replay_at.min(total);
    over.set_result(
        game.position()
            .outcome()
            .map_or(String::new(), |o| super::capitalized(&o.to_string()))
            .into(),
    );
    let position = game.position_after(at);
    let text = if at == 0 {
        crate::tr!("Starting position. {} moves in all.", total)
    } else {
        let start = game.position_after(0);
        crate::tr!(
            "After move {} of {}: {}",
            at,
            total,
            action_label(&start, game.actions()[at - 1])
        )
    };
    over.set_replay_text(text.into());
    let start = game.position_after(0);
    models::update_texts(
        &s.over.moves,
        game.actions()
            .iter()
            .enumerate()
            .map(|(i, action)| format!("{}. {}", i + 1, action_label(&start, *action))),
    );
    over.set_move_at(at as i32);
    let display = s.display.for_viewer(Side::Red);
    board::show(
        w,
        s,
        game.variant(),
        cells::revealed_cells(&position, &display),
    );
}

/// The end of a two-device game that is no result (its opening was false,
/// or it was abandoned): no replay, the board as this device saw it, and why.
fn show_unreplayable(w: &AppWindow, s: &State, link: &LinkedSession) {
    let Some(view) = link.game().and_then(|g| g.view()) else {
        return;
    };
    let over = w.global::<GameOverAdapter>();
    over.set_result(linked::outcome_text(link).into());
    let why = if link.status() == Some(crate::session::link::LinkStatus::Abandoned) {
        crate::tr!("There is no replay: the other device never opened its setup.")
    } else {
        crate::tr!("There is no replay: the other device's opened setup was false.")
    };
    over.set_replay_text(why.into());
    models::update_texts(&s.over.moves, std::iter::empty());
    let display = s.display.for_viewer(link.side());
    board::show(
        w,
        s,
        &view.variant,
        cells::play_cells(&view, &display, None, &[]),
    );
}
