//! The lessons' screens' controller (`ui/lessons.slint`, global
//! `LessonsAdapter`): the list of lessons by variant, the ones done ticked,
//! and a lesson being played on the shared board. A tap picks up one of the
//! learner's pieces and a second tap (or a drag) tries the move; the tutor
//! (`crate::learn`) answers it, and the answer stays until the next try.
//! A lesson answered by choosing has no board (`super::choice_lesson`):
//! the learner gives each Stratego go go challenge's verdict
//! (`super::challenge_lesson`) or answers a question on a deal
//! (`super::deal_lesson`).

use super::board::BoardController;
use super::board_cells::{self, Display};
use super::choice_lesson::Choosing;
use super::effect::Effect;
use super::lesson_text::{StepText, show_step};
use super::router::Overlay;
use super::{App, AppWindow, LessonItem, LessonsAdapter};
use crate::core::{Action, Move, Square};
use crate::i18n::translate;
use crate::learn::{Answer, ChallengeTutor, DealTutor, LEARNER, LessonEntry, Tutor, all_lessons};
use crate::store::Storage;
use crate::store::lesson_progress::LessonProgress;
use slint::{ComponentHandle, ModelRc, VecModel};

#[derive(Default)]
pub(super) struct LessonsController {
    tutor: Option<Tutor>,
    /// A lesson answered by choosing, in place of `tutor`.
    choosing: Option<Choosing>,
    /// The learner's piece picked up, waiting for where it goes.
    pick: Option<Square>,
    /// The answer to the last try, and whether it was right.
    answer: Option<(String, bool)>,
    /// The hint asked for on this step, shown on the board.
    hint: Option<Action>,
    progress: LessonProgress,
    /// The lesson was opened from a game (a rule note's "More"): leaving
    /// it goes back to the game, not to the list.
    from_game: bool,
}

impl LessonsController {
    /// The lessons, with the ones done as kept in `storage`; a message
    /// when that could not be read.
    pub(super) fn new(storage: Option<&Storage>) -> (LessonsController, Option<String>) {
        let (progress, problem) = match storage {
            Some(storage) => LessonProgress::open(storage.lesson_progress()),
            None => (LessonProgress::default(), None),
        };
        let controller = LessonsController {
            progress,
            ..LessonsController::default()
        };
        (controller, problem)
    }

    /// Opens lesson `index` of the list (`all_lessons`) at its first step.
    pub(super) fn open(&mut self, index: usize) -> Option<Effect> {
        (self.tutor, self.choosing) = match all_lessons().get(index)? {
            LessonEntry::Board(lesson) => (Some(Tutor::new(lesson.clone())), None),
            LessonEntry::Deal(lesson) => {
                (None, Some(Choosing::Deal(DealTutor::new(lesson.clone()))))
            }
            LessonEntry::Challenge(lesson) => (
                None,
                Some(Choosing::Challenge(ChallengeTutor::new(lesson.clone()))),
            ),
        };
        self.from_game = false;
        self.forget_step();
        Some(Effect::Overlay(Some(Overlay::Lesson)))
    }

    /// Opens lesson `index` over the game on show, which leaving it
    /// comes back to.
    pub(super) fn open_from_game(&mut self, index: usize) -> Option<Effect> {
        let opened = self.open(index);
        self.from_game = opened.is_some();
        opened
    }

    /// Back from the lesson to the list, or to the game it was opened
    /// from (its progress within the lesson is not kept: a lesson is a few
    /// steps).
    pub(super) fn leave(&mut self) -> Effect {
        self.tutor = None;
        self.choosing = None;
        self.forget_step();
        if std::mem::take(&mut self.from_game) {
            Effect::Overlay(None)
        } else {
            Effect::Overlay(Some(Overlay::Lessons))
        }
    }

    /// The lessons done and the rule notes shown, as kept.
    pub(super) fn progress_mut(&mut self) -> &mut LessonProgress {
        &mut self.progress
    }

    fn forget_step(&mut self) {
        self.pick = None;
        self.answer = None;
        self.hint = None;
    }

    /// A tap on `index` of the board as drawn.
    pub(super) fn tap(&mut self, index: usize) -> Option<Effect> {
        let tutor = self.tutor.as_ref()?;
        let square = board_cells::square_at(&tutor.lesson().variant, LEARNER, index);
        let view = tutor.view();
        if view.rescue_pending {
            // The piece to bring back is the one the lessons' rescues have.
            let rescue = view
                .rescue_choices()
                .into_iter()
                .find(|action| matches!(action, Action::Rescue { to, .. } if *to == square))?;
            return self.try_action(rescue);
        }
        let own = view.at(square).is_some_and(|p| p.owner == LEARNER);
        match self.pick {
            Some(from) if from == square => self.pick = None,
            _ if own => self.pick = Some(square),
            Some(from) => return self.try_action(Action::Move(Move::new(from, square))),
            // A tap on the hint's destination plays it, as in a game.
            None => {
                if let Some(Action::Move(hint)) = self
                    .hint
                    .filter(|h| matches!(h, Action::Move(m) if m.to == square))
                {
                    return self.try_action(Action::Move(hint));
                }
            }
        }
        None
    }

    /// A piece dragged from one square of the board to another.
    pub(super) fn drag(&mut self, from: usize, to: usize) -> Option<Effect> {
        let tutor = self.tutor.as_ref()?;
        let variant = &tutor.lesson().variant;
        let [from, to] = [from, to].map(|i| board_cells::square_at(variant, LEARNER, i));
        self.pick = None;
        self.try_action(Action::Move(Move::new(from, to)))
    }

    fn try_action(&mut self, action: Action) -> Option<Effect> {
        let tutor = self.tutor.as_mut()?;
        self.pick = None;
        match tutor.try_action(action) {
            Answer::Illegal { why } | Answer::Wrong { why } => {
                self.answer = Some((why, false));
                None
            }
            Answer::Over { reports, why } => {
                self.hint = None;
                let said = match reports.iter().find(|r| r.side != LEARNER) {
                    Some(reply) => format!("{} {why}", reply_text(reply)),
                    None => why,
                };
                self.answer = Some((said, false));
                None
            }
            Answer::Played { reports, solved } => {
                self.hint = None;
                let said = if solved {
                    let done = tutor.step().done.now().to_string();
                    if tutor.is_last_step() {
                        format!("{done} {}", crate::tr!("Lesson done. Well played!"))
                    } else {
                        done
                    }
                } else if let Some(left) = tutor.moves_left() {
                    // A closing game: the computer's answer, and the moves left.
                    let reply = reports.iter().find(|r| r.side != LEARNER);
                    let moves = crate::tr!("Moves left: {}.", left);
                    match reply {
                        Some(reply) => format!("{} {moves}", reply_text(reply)),
                        None => moves,
                    }
                } else {
                    match reports.iter().find(|r| r.side != LEARNER) {
                        Some(reply) => crate::tr!(
                            "Right. {} answered {}.",
                            super::naming::side_name(reply.side),
                            action_text(reply.action)
                        ),
                        None => crate::tr!("Right: go on."),
                    }
                };
                let lesson_done = solved && tutor.is_last_step();
                let id = tutor.lesson().id.clone();
                self.answered_right(said, lesson_done, &id)
            }
        }
    }

    /// A right try answered with `said`; the lesson `id` kept as done when
    /// `lesson_done`, and a failure to keep it said where the learner is
    /// looking (and on home too).
    fn answered_right(&mut self, said: String, lesson_done: bool, id: &str) -> Option<Effect> {
        let problem = lesson_done
            .then(|| self.progress.mark_done(id).err())
            .flatten();
        let said = match &problem {
            Some(problem) => format!("{said} {}", super::capitalized(problem)),
            None => said,
        };
        self.answer = Some((said, true));
        problem.map(Effect::Notice)
    }

    /// The learner's answer to a choosing lesson's step: the `index`th
    /// of its buttons.
    pub(super) fn choose(&mut self, index: usize) -> Option<Effect> {
        let tutor = self.choosing.as_mut()?;
        match tutor.try_choice(index)? {
            Ok(done) => {
                let lesson_done = tutor.is_last_step();
                let id = tutor.lesson_id().to_string();
                let said = if lesson_done {
                    format!("{done} {}", crate::tr!("Lesson done. Well played!"))
                } else {
                    done
                };
                self.answered_right(said, lesson_done, &id)
            }
            Err(why) => {
                self.answer = Some((why, false));
                None
            }
        }
    }

    /// The hint: the step's next action, marked on the board and said.
    pub(super) fn show_hint(&mut self) {
        if let Some(tutor) = &self.choosing {
            if let Some(words) = tutor.hint() {
                self.answer = Some((crate::tr!("Hint: {}", words), true));
            }
            return;
        }
        let Some(tutor) = &self.tutor else {
            return;
        };
        self.hint = tutor.hint();
        self.pick = None;
        if let Some(hint) = self.hint {
            self.answer = Some((crate::tr!("Hint: {}", action_text(hint)), true));
        }
    }

    /// The step from its start again.
    pub(super) fn again(&mut self) {
        if let Some(tutor) = &mut self.tutor {
            tutor.restart_step();
        }
        if let Some(tutor) = &mut self.choosing {
            tutor.restart_step();
        }
        self.forget_step();
    }

    /// On to the next step, or, after the last, back to the list.
    pub(super) fn next(&mut self) -> Option<Effect> {
        if let Some(tutor) = &mut self.choosing {
            if tutor.next_step() {
                self.forget_step();
                return None;
            }
            return (tutor.is_solved() && tutor.is_last_step()).then(|| self.leave());
        }
        let tutor = self.tutor.as_mut()?;
        if tutor.next_step() {
            self.forget_step();
            return None;
        }
        if tutor.is_solved() && tutor.is_last_step() {
            return Some(self.leave());
        }
        None
    }

    /// Fills the list of lessons: scrolled where it was when the learner
    /// comes back from one of its lessons, from its top otherwise.
    pub(super) fn show_list(&self, w: &AppWindow, back_from_lesson: bool) {
        let adapter = w.global::<LessonsAdapter>();
        if !back_from_lesson {
            adapter.set_list_scroll(0.0);
        }
        let mut heading = String::new();
        let items: Vec<LessonItem> = all_lessons()
            .iter()
            .map(|entry| {
                let name = translate(entry.game_name());
                let item = LessonItem {
                    heading: if name != heading {
                        name.clone().into()
                    } else {
                        "".into()
                    },
                    title: entry.title().now().into(),
                    summary: entry.summary().now().into(),
                    solved: self.progress.is_done(entry.id()),
                };
                heading = name;
                item
            })
            .collect();
        let done = items.iter().filter(|item| item.solved).count();
        adapter.set_done_count(crate::tr!("{} of {} lessons done", done, items.len()).into());
        adapter.set_items(ModelRc::new(VecModel::from(items)));
    }

    /// Fills the lesson's screen and the board as the learner sees it.
    pub(super) fn refresh(&self, w: &AppWindow, board: &BoardController, display: Display) {
        let adapter = w.global::<LessonsAdapter>();
        adapter.set_leave_label(
            if self.from_game {
                crate::tr!("Back to the game")
            } else {
                crate::tr!("Lessons")
            }
            .into(),
        );
        match &self.choosing {
            Some(Choosing::Challenge(tutor)) => {
                return super::challenge_lesson::show(w, tutor, self.answer.as_ref());
            }
            Some(Choosing::Deal(tutor)) => {
                return super::deal_lesson::show(w, tutor, self.answer.as_ref());
            }
            None => {}
        }
        let Some(tutor) = &self.tutor else {
            return;
        };
        adapter.set_choosing(false);
        let lesson = tutor.lesson();
        let step = tutor.step();
        let text = StepText {
            title: lesson.title.now(),
            index: tutor.step_index(),
            count: lesson.steps.len(),
            say: step.say.now(),
            goal: step.goal.now(),
            solved: tutor.is_solved(),
            last: tutor.is_last_step(),
        };
        show_step(w, &text, self.answer.as_ref());
        let view = tutor.view();
        // What a lesson has shown stays shown: it is what the step is about.
        let display = Display {
            viewer: LEARNER,
            memory_aid: true,
            ..display
        };
        // A rescue's squares, else where the piece picked up may go (the
        // learner picks nothing up while a rescue is on offer).
        let targets = super::play::targets(&view, self.pick, view.rescue_pending);
        let mut cells = board_cells::play_cells(&view, &display, self.pick, &targets);
        match self.hint {
            Some(Action::Move(hint)) => {
                board_cells::mark_hint(&mut cells, &lesson.variant, LEARNER, hint)
            }
            Some(Action::Rescue { to, .. }) => {
                let index = board_cells::squares(&lesson.variant, LEARNER).position(|s| s == to);
                if let Some(cell) = index.and_then(|i| cells.get_mut(i)) {
                    cell.target = true;
                }
            }
            _ => {}
        }
        board.show(w, &lesson.variant, LEARNER, cells);
    }
}

/// "Blue answered e7-e6." in a closing game.
fn reply_text(reply: &crate::core::PlyReport) -> String {
    crate::tr!(
        "{} answered {}.",
        super::naming::side_name(reply.side),
        action_text(reply.action)
    )
}

/// "e4-e5", or where a rescued piece goes.
fn action_text(action: Action) -> String {
    match action {
        Action::Move(m) => m.to_string(),
        Action::Rescue { to, .. } => crate::tr!("a rescue onto {}", to),
        Action::SkipRescue => crate::tr!("no rescue"),
        _ => String::new(),
    }
}

pub(super) fn connect(app: &App) {
    let adapter = app.window().global::<LessonsAdapter>();
    adapter.on_open(app.indexed(|s, _, index| s.lessons.open(index)));
    adapter.on_back(app.unit(|_, _| Effect::Overlay(None)));
    adapter.on_leave(app.unit(|s, _| s.lessons.leave()));
    adapter.on_hint(app.unit(|s, _| s.lessons.show_hint()));
    adapter.on_again(app.unit(|s, _| s.lessons.again()));
    adapter.on_next(app.unit(|s, _| s.lessons.next()));
    adapter.on_choose(app.indexed(|s, _, index| s.lessons.choose(index)));
}
