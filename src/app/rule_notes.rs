//! Rules where they bite (`ui/rule_note.slint`, global `RuleNoteAdapter`):
//! the first time the player on the play screen meets a rule (a battle, a
//! bomb, a long run, a refused shuttle, a rescue...), one line over the
//! screen says what happened and why, with "More" opening the lesson that
//! teaches it. Each rule is told once (kept with the lessons done), only
//! when the settings ask for it, and only to the player who met it: a note
//! belongs to one game and one side, and goes when the device changes
//! hands or games.

use super::effect::Effect;
use super::{App, AppWindow, RuleNoteAdapter};
use crate::core::side::Side;
use crate::games::GameOnDevice;
use crate::learn::{RuleNote, lesson_teaching, notes_in};
use crate::store::GameKey;
use crate::store::lesson_progress::LessonProgress;
use slint::ComponentHandle;

#[derive(Default)]
pub(super) struct RuleNotesController {
    shown: Option<Shown>,
    /// What was last looked at (the game, its viewer, the plies it had
    /// and a rescue on offer): a rule is looked for once per new ply, so
    /// one event brings at most one note.
    looked: Option<(Option<GameKey>, Side, usize, bool)>,
}

/// The note on screen, and whose it is.
struct Shown {
    game: Option<GameKey>,
    viewer: Side,
    note: RuleNote,
    /// Its place in `all_lessons`, when a lesson teaches the rule.
    lesson: Option<usize>,
}

impl RuleNotesController {
    /// Looks at what the viewer of `game` saw since its own last action
    /// (that action included) and the rescue it is offered: the first rule
    /// in it not yet told becomes the note shown, and is kept as told. The
    /// reason when that could not be kept.
    pub(super) fn notice(
        &mut self,
        game: &GameOnDevice,
        progress: &mut LessonProgress,
    ) -> Option<String> {
        let view = game.game().view()?;
        let history = game.game().history();
        let now = (game.key(), view.viewer, history.len(), view.rescue_pending);
        if self.looked.replace(now) == Some(now) {
            return None;
        }
        let own_last = history.iter().rposition(|ply| ply.side == view.viewer);
        let since = &history[own_last.unwrap_or(0)..];
        let notes = notes_in(
            &view.variant,
            &view.options,
            view.viewer,
            since,
            view.rescue_pending,
        );
        let note = notes
            .into_iter()
            .find(|note| !progress.note_seen(note.moment.key()))?;
        self.show(game, view.viewer, note, progress)
    }

    /// A rule met otherwise (a move it refused): shown, unless told before.
    pub(super) fn met(
        &mut self,
        game: &GameOnDevice,
        note: RuleNote,
        progress: &mut LessonProgress,
    ) -> Option<String> {
        if progress.note_seen(note.moment.key()) {
            return None;
        }
        self.show(game, game.game().viewer(), note, progress)
    }

    fn show(
        &mut self,
        game: &GameOnDevice,
        viewer: Side,
        note: RuleNote,
        progress: &mut LessonProgress,
    ) -> Option<String> {
        let lesson = lesson_teaching(note.moment, &game.game().variant().id);
        let kept = progress.mark_note_seen(note.moment.key());
        self.shown = Some(Shown {
            game: game.key(),
            viewer,
            note,
            lesson,
        });
        kept.err()
    }

    /// The device changed hands or games, or the player put the note away.
    pub(super) fn clear(&mut self) {
        self.shown = None;
    }

    /// "More": the note goes, and the lesson teaching its rule opens.
    pub(super) fn more(&mut self) -> Option<usize> {
        self.shown.take()?.lesson
    }

    /// The note for the player of `game` on screen now, and whether a
    /// lesson teaches it: none for another game or another side.
    fn on_show(&self, game: Option<&GameOnDevice>) -> Option<&Shown> {
        let game = game?;
        self.shown
            .as_ref()
            .filter(|s| s.game == game.key() && s.viewer == game.game().viewer())
    }

    /// Shows the note (or none) over the play screen.
    pub(super) fn refresh(&self, w: &AppWindow, game: Option<&GameOnDevice>) {
        let adapter = w.global::<RuleNoteAdapter>();
        let shown = self.on_show(game);
        adapter.set_text(
            shown
                .map_or_else(String::new, |s| s.note.text.clone())
                .into(),
        );
        adapter.set_has_lesson(shown.is_some_and(|s| s.lesson.is_some()));
    }
}

pub(super) fn connect(app: &App) {
    let adapter = app.window().global::<RuleNoteAdapter>();
    adapter.on_dismiss(app.unit(|s, _| s.rule_notes.clear()));
    adapter.on_more(app.unit(|s, _| -> Option<Effect> {
        let index = s.rule_notes.more()?;
        s.lessons.open_from_game(index)
    }));
}
