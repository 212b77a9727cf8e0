//! Playing a lesson's solution through the tutor, as a learner would:
//! every listed wrong try must be refused, every action of the line
//! accepted, and every step solved by its line.

use super::lesson::Lesson;
use super::tutor::{Answer, Tutor};
use std::sync::Arc;

/// Plays `lesson` from its first step to its last; every problem found.
pub fn solve(lesson: &Arc<Lesson>) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut tutor = Tutor::new(lesson.clone());
    loop {
        let at = format!("{}: step {}", lesson.id, tutor.step_index() + 1);
        for (wrong, _) in &tutor.step().wrong {
            let mut trial = tutor.clone();
            if let Answer::Played { .. } = trial.try_action(*wrong) {
                problems.push(format!("{at}: the wrong try {wrong:?} was accepted"));
            }
        }
        while let Some(action) = tutor.hint() {
            match tutor.try_action(action) {
                Answer::Played { .. } => {}
                refused => {
                    problems.push(format!(
                        "{at}: the line's {action:?} was refused: {refused:?}"
                    ));
                    return Err(problems);
                }
            }
        }
        if !tutor.is_solved() {
            problems.push(format!("{at}: its line was played, yet it is not solved"));
            return Err(problems);
        }
        if !tutor.next_step() {
            break;
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
