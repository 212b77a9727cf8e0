//! Every built-in lesson walked through as a learner would, step by step,
//! by its own hints: a board lesson's moves and rescues tapped on the board,
//! a deal lesson's answers and a challenge lesson's verdicts chosen. The
//! screenshot tool (`--lesson`), the browser test's hooks and the layout
//! tests all stop at the same places, so "classic-scout-run step 2" means
//! one screen everywhere.

use crate::app::{App, BoardAdapter, HomeAdapter, LessonsAdapter, Router, Screen};
use crate::core::Square;
use crate::core::moves::Action;
use crate::learn::challenge_lesson::VERDICTS;
use crate::learn::{DealTutor, LessonEntry, Tutor, all_lessons};
use slint::{ComponentHandle, Model};

/// One tap or choice a learner makes on the lessons' screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The `n`th lesson of the list (from 0).
    Open(usize),
    /// A square of the lesson's board.
    Square(Square),
    /// The `n`th answer offered (a deal's answer, a challenge's verdict).
    Choose(usize),
    /// "Next step", or "Finish the lesson" on its last step.
    Next,
}

/// A place the walk stops at: a step before its answer, or after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The lesson's id ("classic-scout-run"); empty for the list at the end.
    pub lesson: String,
    /// From 1; 0 for the list at the end.
    pub step: usize,
    pub answered: bool,
    /// The taps that lead here from the stop before.
    pub taps: Vec<Tap>,
}

impl Stop {
    /// Where this is, in words: "classic-scout-run step 2", "... step 2,
    /// solved", or "the list, every lesson done".
    pub fn label(&self) -> String {
        match (self.lesson.as_str(), self.answered) {
            ("", _) => "the list, every lesson done".into(),
            (id, false) => format!("{id} step {}", self.step),
            (id, true) => format!("{id} step {}, solved", self.step),
        }
    }

    /// The name of its picture: "classic-scout-run-2.png",
    /// "classic-scout-run-2-solved.png", "lessons-done.png".
    pub fn file_name(&self) -> String {
        match (self.lesson.as_str(), self.answered) {
            ("", _) => "lessons-done.png".into(),
            (id, false) => format!("{id}-{}.png", self.step),
            (id, true) => format!("{id}-{}-solved.png", self.step),
        }
    }
}

/// Every stop of every built-in lesson in the list's order, from the lessons
/// list: each step before its answer and after it, then the list once the
/// last lesson is finished. Worked out by the lessons' own tutors, without
/// an app.
pub fn every_stop() -> Result<Vec<Stop>, String> {
    let mut stops = Vec::new();
    // The taps not yet given to a stop: the last "Finish" of a lesson goes
    // with the next lesson's opening.
    let mut pending = Vec::new();
    let mut stop = |lesson: &str, step: usize, answered: bool, pending: &mut Vec<Tap>| {
        stops.push(Stop {
            lesson: lesson.into(),
            step,
            answered,
            taps: std::mem::take(pending),
        })
    };
    for (index, entry) in all_lessons().iter().enumerate() {
        pending.push(Tap::Open(index));
        match entry {
            LessonEntry::Board(lesson) => {
                let mut tutor = Tutor::new(lesson.clone());
                loop {
                    let number = tutor.step_index() + 1;
                    stop(&lesson.id, number, false, &mut pending);
                    while let Some(action) = tutor.hint() {
                        match action {
                            Action::Move(m) => {
                                pending.extend([Tap::Square(m.from), Tap::Square(m.to)])
                            }
                            Action::Rescue { to, .. } => pending.push(Tap::Square(to)),
                            other => {
                                return Err(format!(
                                    "{} step {number}: a hint the board cannot take: {other:?}",
                                    lesson.id
                                ));
                            }
                        }
                        tutor.try_action(action);
                    }
                    stop(&lesson.id, number, true, &mut pending);
                    pending.push(Tap::Next);
                    if !tutor.next_step() {
                        break;
                    }
                }
            }
            LessonEntry::Deal(lesson) => {
                let mut tutor = DealTutor::new(lesson.clone());
                loop {
                    let number = tutor.step_index() + 1;
                    stop(&lesson.id, number, false, &mut pending);
                    let answer = tutor.step().answer;
                    pending.push(Tap::Choose(answer));
                    tutor
                        .try_choice(answer)
                        .map_err(|why| format!("{} step {number}: {why}", lesson.id))?;
                    stop(&lesson.id, number, true, &mut pending);
                    pending.push(Tap::Next);
                    if !tutor.next_step() {
                        break;
                    }
                }
            }
            LessonEntry::Challenge(lesson) => {
                for (at, step) in lesson.steps.iter().enumerate() {
                    stop(&lesson.id, at + 1, false, &mut pending);
                    let verdict = VERDICTS
                        .iter()
                        .position(|v| *v == step.verdict)
                        .ok_or_else(|| {
                            format!("{} step {}: its verdict is not offered", lesson.id, at + 1)
                        })?;
                    pending.push(Tap::Choose(verdict));
                    stop(&lesson.id, at + 1, true, &mut pending);
                    pending.push(Tap::Next);
                }
            }
        }
    }
    stop("", 0, true, &mut pending);
    Ok(stops)
}

/// Opens the lessons list from home, where the walk starts.
pub fn start(app: &App) {
    app.window().global::<HomeAdapter>().invoke_open_lessons();
}

/// Gives `stop`'s taps to `app` (which stands at the stop before), and
/// checks it got there: a lesson's screen on a step, "solved" once
/// answered, the list at the end.
pub fn go_to(app: &App, stop: &Stop) -> Result<(), String> {
    let adapter = app.window().global::<LessonsAdapter>();
    for tap in &stop.taps {
        match *tap {
            Tap::Open(index) => {
                // A lesson is opened from the list: the one before, finished,
                // must have led back to it.
                let screen = app.window().global::<Router>().get_screen();
                if screen != Screen::Lessons {
                    return Err(format!(
                        "{}: lesson {} opens from {screen:?}, not the list",
                        stop.label(),
                        index + 1
                    ));
                }
                adapter.invoke_open(index as i32)
            }
            Tap::Square(square) => tap_square(app, square)?,
            Tap::Choose(index) => adapter.invoke_choose(index as i32),
            Tap::Next => adapter.invoke_next(),
        }
    }
    let at = stop.label();
    let screen = app.window().global::<Router>().get_screen();
    let wanted = if stop.lesson.is_empty() {
        Screen::Lessons
    } else {
        Screen::Lesson
    };
    if screen != wanted {
        return Err(format!("{at}: the app shows {screen:?}, not {wanted:?}"));
    }
    if !stop.lesson.is_empty() && adapter.get_solved() != stop.answered {
        return Err(format!(
            "{at}: the step is {}solved: {}",
            if stop.answered { "not " } else { "" },
            adapter.get_answer()
        ));
    }
    Ok(())
}

/// Taps `square` of the board on screen, found by its name as a screen
/// reader hears it ("e4, ..." or "e4、...").
pub fn tap_square(app: &App, square: Square) -> Result<(), String> {
    let board = app.window().global::<BoardAdapter>();
    let name = square.to_string();
    let index = board
        .get_cells()
        .iter()
        .position(|cell| {
            cell.a11y
                .strip_prefix(name.as_str())
                .is_some_and(|rest| rest.starts_with(',') || rest.starts_with('、'))
        })
        .ok_or_else(|| format!("no square {name} on the board"))?;
    board.invoke_square_clicked(index as i32);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_stops_twice_at_every_step_of_every_lesson_then_at_the_list() {
        let stops = every_stop().unwrap();
        let steps: usize = all_lessons()
            .iter()
            .map(|entry| match entry {
                LessonEntry::Board(l) => l.steps.len(),
                LessonEntry::Deal(l) => l.steps.len(),
                LessonEntry::Challenge(l) => l.steps.len(),
            })
            .sum();
        assert_eq!(stops.len(), 2 * steps + 1);
        assert_eq!(stops[0].taps, vec![Tap::Open(0)]);
        assert!(!stops[0].answered && stops[1].answered);
        let last = stops.last().unwrap();
        assert_eq!(last.label(), "the list, every lesson done");
        assert_eq!(last.taps, vec![Tap::Next]);
        // Each answered stop took at least one tap or choice.
        assert!(
            stops
                .iter()
                .filter(|s| s.answered)
                .all(|s| !s.taps.is_empty())
        );
        // The names of the pictures never repeat.
        let mut names: Vec<_> = stops.iter().map(Stop::file_name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), stops.len());
    }
}
