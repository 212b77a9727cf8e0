//! Playing a lesson's solution through the tutor, as a learner would:
//! every listed wrong try must be refused, every action of the line
//! accepted, and every step solved by its line (for a challenge or a deal
//! lesson: every answer but the rules' refused).

use super::challenge_lesson::{ChallengeLesson, VERDICTS};
use super::challenge_tutor::ChallengeTutor;
use super::deal_lesson::DealLesson;
use super::deal_tutor::DealTutor;
use super::lesson::Lesson;
use super::tutor::{Answer, Tutor};
use crate::core::{Action, PlyReport};
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
        // Every ply of the step, both sides': in a closing game the
        // computer's answers are what a lesson's author needs to see.
        let mut plies = Vec::new();
        while let Some(action) = tutor.hint() {
            match tutor.try_action(action) {
                Answer::Played { reports, .. } => plies.extend(reports.iter().map(ply_text)),
                refused => {
                    if let Answer::Over { reports, .. } = &refused {
                        plies.extend(reports.iter().map(ply_text));
                    }
                    problems.push(format!(
                        "{at}: the line's {action:?} was refused: {refused:?} (played: {})",
                        plies.join(", ")
                    ));
                    return Err(problems);
                }
            }
        }
        if !tutor.is_solved() {
            problems.push(format!(
                "{at}: its line was played, yet it is not solved (played: {})",
                plies.join(", ")
            ));
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

/// "Red e4-e5": one ply, for a problem's account of what was played.
fn ply_text(report: &PlyReport) -> String {
    let action = match report.action {
        Action::Move(m) => m.to_string(),
        other => format!("{other:?}"),
    };
    format!("{:?} {action}", report.side)
}

/// Plays a challenge lesson from its first step to its last: every verdict
/// but the rules' must be refused with why, and the rules' one accepted.
pub fn solve_challenges(lesson: &Arc<ChallengeLesson>) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut tutor = ChallengeTutor::new(lesson.clone());
    loop {
        let at = format!("{}: step {}", lesson.id, tutor.step_index() + 1);
        let Some(right) = tutor.hint() else {
            problems.push(format!("{at}: no verdict to give"));
            return Err(problems);
        };
        for wrong in VERDICTS.into_iter().filter(|v| *v != right) {
            let mut trial = tutor.clone();
            if trial.try_verdict(wrong).is_ok() {
                problems.push(format!(
                    "{at}: the verdict \"{}\" was accepted",
                    wrong.cell()
                ));
            }
        }
        if let Err(why) = tutor.try_verdict(right) {
            problems.push(format!("{at}: the rules' verdict was refused: {why}"));
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

/// Answers every step of a deal lesson through its tutor: every other
/// answer refused, the rules' one taken.
pub fn solve_deals(lesson: &Arc<DealLesson>) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut tutor = DealTutor::new(lesson.clone());
    loop {
        let at = format!("{}: step {}", lesson.id, tutor.step_index() + 1);
        let choices = tutor.choices();
        let Some(right) = tutor
            .hint()
            .and_then(|hint| choices.iter().position(|c| *c == hint))
        else {
            problems.push(format!("{at}: no answer to give"));
            return Err(problems);
        };
        for wrong in (0..choices.len()).filter(|&i| i != right) {
            let mut trial = tutor.clone();
            if trial.try_choice(wrong).is_ok() {
                problems.push(format!(
                    "{at}: the answer \"{}\" was accepted",
                    choices[wrong].key(&lesson.variant)
                ));
            }
        }
        if let Err(why) = tutor.try_choice(right) {
            problems.push(format!("{at}: the rules' answer was refused: {why}"));
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
