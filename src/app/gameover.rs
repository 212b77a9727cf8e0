//! The game-over screen's controller (`ui/gameover.slint`, global
//! `GameOverAdapter`): the result, the check of a two-device game, the game
//! replayed move by move with both armies shown, and saving its record. A
//! finished game opened from the home screen, or a game record, is shown
//! here too.

use super::board::BoardController;
use super::effect::Effect;
use super::models::{self, List};
use super::naming;
use super::saving::{FileSaver, SavedFile};
use super::{App, AppWindow, Display, GameOverAdapter, State, board_cells, two_devices};
use crate::core::Game;
use crate::core::moves::Action;
use crate::core::record::GameRecord;
use crate::core::record::action_label;
use crate::core::side::Side;
use crate::games::GameOnDevice;
use crate::games::TwoDeviceGame;
use slint::{ComponentHandle, SharedString};

pub(super) struct GameOverController {
    /// A finished game opened from the home screen's list, or a record.
    review: Option<Game>,
    /// What the engine found in the game record on show.
    note: String,
    /// The move the replay shows (past the end: the final position).
    replay_at: usize,
    export_status: String,
    /// The record saved last, to open its folder or share it.
    exported: Option<SavedFile>,
    /// The game's moves, shown as a list.
    moves: List<SharedString>,
}

impl GameOverController {
    pub(super) fn new(w: &AppWindow) -> GameOverController {
        let moves = models::list();
        w.global::<GameOverAdapter>()
            .set_moves(models::handle(&moves));
        GameOverController {
            review: None,
            note: String::new(),
            replay_at: usize::MAX,
            export_status: String::new(),
            exported: None,
            moves,
        }
    }

    /// Opens a finished game, or a game record at its final position (the
    /// last move the engine accepted) with what the engine found.
    pub(super) fn open_record(&mut self, game: Game, note: String) {
        self.review = Some(game);
        self.note = note;
        self.replay_at = usize::MAX;
        self.export_status.clear();
        self.exported = None;
    }

    /// The game on show was played on (or another came forward): its replay
    /// opens at the final position.
    pub(super) fn show_end(&mut self) {
        self.replay_at = usize::MAX;
    }

    /// Closes the game opened from the list or a record.
    pub(super) fn close_review(&mut self) {
        self.review = None;
        self.note.clear();
    }

    /// The game the screen shows: one opened from the list or a record, or
    /// the one on show, once finished.
    fn shown_game(&self, on_show: Option<&GameOnDevice>) -> Option<Game> {
        self.review
            .clone()
            .or_else(|| on_show.and_then(|g| g.game().finished_game()))
    }

    /// Steps the replay to `at` (clamped to the game's moves).
    fn replay_to(
        &mut self,
        on_show: Option<&GameOnDevice>,
        at: impl FnOnce(usize, usize) -> usize,
    ) {
        let total = self.shown_game(on_show).map_or(0, |g| g.actions().len());
        self.replay_at = at(self.replay_at.min(total), total).min(total);
    }

    /// Saves the shown game's record where the player looks for files
    /// (`saving`), saying where it went.
    fn export(&mut self, on_show: Option<&GameOnDevice>, saver: &FileSaver) {
        let Some(game) = self.shown_game(on_show) else {
            return;
        };
        let name = format!(
            "flagfall-{}-{}.json",
            game.variant().id,
            super::dates::file_name_time(crate::platform::time_source::wall_clock())
        );
        let record = GameRecord::from_game(&game).to_json();
        let kept = saver.keep(&name, "application/json", record.as_bytes());
        self.exported = kept.as_ref().ok().cloned();
        self.export_status = match kept {
            Ok(kept) => crate::tr!("Saved the record as {}", kept.place),
            Err(e) => crate::tr!("The record could not be saved: {}", e),
        };
    }

    pub(super) fn refresh(
        &self,
        w: &AppWindow,
        board: &BoardController,
        on_show: Option<&GameOnDevice>,
        display: impl Fn(Side) -> Display,
    ) {
        let over = w.global::<GameOverAdapter>();
        let link = on_show
            .filter(|_| self.review.is_none())
            .and_then(|g| g.game().link());
        over.set_verdict(
            link.map(two_devices::verdict_text)
                .unwrap_or_default()
                .into(),
        );
        over.set_export_status(self.export_status.clone().into());
        let exported = self.exported.as_ref();
        over.set_can_open_folder(exported.is_some_and(|e| e.folder.is_some()));
        over.set_can_share_file(exported.is_some_and(|e| e.share.is_some()));
        over.set_note(self.note.clone().into());
        // The game just played is seen from its player's side (this
        // device's, or the one against the computer); others from Red's.
        let side = match (on_show.filter(|_| self.review.is_none()), link) {
            (_, Some(link)) => link.side(),
            (Some(game), None) => game
                .game()
                .computer()
                .map_or(Side::Red, |c| c.side.opponent()),
            (None, None) => Side::Red,
        };
        match (self.shown_game(on_show), link) {
            (Some(game), _) => self.show_replay(w, board, &game, display(side)),
            (None, Some(link)) => self.show_unreplayable(w, board, link, display(link.side())),
            (None, None) => {}
        }
    }

    fn show_replay(&self, w: &AppWindow, board: &BoardController, game: &Game, display: Display) {
        let over = w.global::<GameOverAdapter>();
        let total = game.actions().len();
        let at = self.replay_at.min(total);
        over.set_result(
            game.position()
                .outcome()
                .map_or(String::new(), |o| super::capitalized(&o.to_string()))
                .into(),
        );
        let position = game.position_after(at);
        let start = game.position_after(0);
        // Both armies are shown: each battle with both pieces and who won.
        let seen = game.plies_seen_by(display.viewer);
        let mover = |index: usize| seen.get(index).map_or(Side::Red, |ply| ply.side);
        // Counted as the finished games' list counts: a move is Red's and
        // Blue's moves on the board together.
        let numbers = naming::move_numbers(game.actions());
        let board_moves = naming::board_moves(game.actions());
        let text = if at == 0 {
            crate::tr!(
                "Starting position. {} in all.",
                naming::moves_count(board_moves)
            )
        } else {
            crate::tr!(
                "Move {} of {}, {}: {}",
                numbers[at - 1],
                naming::move_number_after(board_moves),
                naming::side_name(mover(at - 1)),
                action_label(&start, game.actions()[at - 1])
            )
        };
        over.set_replay_text(text.into());
        models::update_texts(
            &self.moves,
            game.actions().iter().enumerate().map(|(i, action)| {
                let number = numbers[i];
                let text = match (action, seen.get(i).and_then(|p| p.battle.as_ref())) {
                    (Action::Move(m), Some(battle)) => {
                        naming::battle_line(game.variant(), *m, battle, &display)
                    }
                    _ => action_label(&start, *action),
                };
                let side = naming::side_name(mover(i));
                format!("{number}. {side}: {text}")
            }),
        );
        over.set_move_at(at as i32);
        board.show(
            w,
            game.variant(),
            display.viewer,
            board_cells::revealed_cells(&position, &display),
        );
    }

    /// The end of a two-device game that is no result (its opening was
    /// false, or it was abandoned): no replay, the board as this device saw
    /// it, and why.
    fn show_unreplayable(
        &self,
        w: &AppWindow,
        board: &BoardController,
        link: &TwoDeviceGame,
        display: Display,
    ) {
        let Some(view) = link.game().and_then(|g| g.view()) else {
            return;
        };
        let over = w.global::<GameOverAdapter>();
        over.set_result(two_devices::outcome_text(link).into());
        over.set_replay_text(two_devices::why_no_replay(link).into());
        models::update_texts(&self.moves, std::iter::empty());
        board.show(
            w,
            &view.variant,
            display.viewer,
            board_cells::play_cells(&view, &display, None, &[]),
        );
    }
}

pub(super) fn connect(app: &App) {
    let over = app.window().global::<GameOverAdapter>();
    over.on_export(app.unit(|s, _| s.over.export(s.games.on_show(), &s.saver)));
    over.on_open_folder(app.unit(|s, _| {
        if let Some(saved) = s.over.exported.as_ref() {
            s.over.export_status = match s.saver.open_folder(saved) {
                Ok(()) => FileSaver::folder_asked(saved),
                Err(why) => why.to_string(),
            };
        }
    }));
    over.on_share_file(app.unit(|s, _| {
        let title = crate::tr!("Send the game's record");
        if let Some(Err(why)) = s.over.exported.as_ref().map(|e| s.saver.share(e, &title)) {
            s.over.export_status = why.to_string();
        }
    }));
    over.on_first(app.unit(|s, _| s.over.replay_to(s.games.on_show(), |_, _| 0)));
    over.on_back(app.unit(|s, _| {
        s.over
            .replay_to(s.games.on_show(), |at, _| at.saturating_sub(1))
    }));
    over.on_next(app.unit(|s, _| s.over.replay_to(s.games.on_show(), |at, _| at + 1)));
    over.on_last(app.unit(|s, _| s.over.replay_to(s.games.on_show(), |_, total| total)));
    over.on_jump(app.indexed(|s, _, to| s.over.replay_to(s.games.on_show(), |_, _| to)));
    over.on_new_game(app.unit(|s, _| leave(s)));
}

/// Back to the home screen (its button, Escape, the back gesture): a
/// finished game is put away (it stays among the finished games), a replay
/// closes.
pub(super) fn leave(s: &mut State) -> Effect {
    s.games.put_away_finished();
    s.over.close_review();
    Effect::GoHome
}
