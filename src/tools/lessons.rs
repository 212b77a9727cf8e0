//! `flagfall lessons`: the built-in lessons by game, and with `--check`
//! every lesson's solution played through the tutor (the board games' and
//! their deals', then the Stratego go go referee's). `--file` reads lesson files from
//! disk instead, so a lesson being written is checked without building the
//! app again.

use crate::i18n::{Language, translate};
use crate::learn::builtin::load_builtin;
use crate::learn::catalog::{LessonEntry, all_lessons};
use crate::learn::challenge_lesson::{ChallengeLesson, load_builtin_challenges};
use crate::learn::deal_lesson::{DealLesson, load_builtin_deals};
use crate::learn::lesson::{Lesson, LessonError};
use crate::learn::solve::{solve, solve_challenges, solve_deals};
use crate::learn::text::Text;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// Play every lesson's solution and listed wrong tries; ends with
    /// "N lessons: M solved", and fails unless all are.
    #[arg(long)]
    check: bool,
    /// The language of the titles listed: en or ja.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Lesson files to read instead of the built-in lessons: for checking
    /// a lesson while writing it.
    #[arg(long = "file", value_name = "PATH", num_args = 1..)]
    files: Vec<PathBuf>,
}

/// A lesson read from a file: on a board, on a deal, or the referee's
/// challenges.
enum Loaded {
    Board(Arc<Lesson>),
    Deals(Arc<DealLesson>),
    Challenges(Arc<ChallengeLesson>),
}

/// The lessons named by `--file`, read from disk, in the order given; a
/// file that cannot be read is a problem like one that does not check. A
/// file naming a live `game` is a challenge lesson, one whose steps ask a
/// `question` a deal lesson.
fn load_files(files: &[PathBuf]) -> Vec<Result<Loaded, LessonError>> {
    files
        .iter()
        .map(|path| {
            let source = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|error| {
                LessonError::new(&source, vec![format!("cannot be read: {error}")])
            })?;
            let json = serde_json::from_str::<serde_json::Value>(&text).ok();
            let live = json.as_ref().is_some_and(|v| v.get("game").is_some());
            let deal = json.as_ref().is_some_and(|v| {
                v.get("steps")
                    .and_then(|steps| steps.as_array())
                    .is_some_and(|steps| steps.iter().any(|s| s.get("question").is_some()))
            });
            if live {
                ChallengeLesson::from_json(&source, &text).map(|l| Loaded::Challenges(Arc::new(l)))
            } else if deal {
                DealLesson::from_json(&source, &text).map(|l| Loaded::Deals(Arc::new(l)))
            } else {
                Lesson::from_json(&source, &text).map(|l| Loaded::Board(Arc::new(l)))
            }
        })
        .collect()
}

/// The built-in lessons: the files that do not read first, then the
/// others in the app's order.
fn load_built_in() -> Vec<Result<Loaded, LessonError>> {
    let broken = load_builtin()
        .into_iter()
        .filter_map(Result::err)
        .chain(load_builtin_deals().into_iter().filter_map(Result::err))
        .chain(
            load_builtin_challenges()
                .into_iter()
                .filter_map(Result::err),
        )
        .map(Err);
    let read = all_lessons().iter().map(|entry| {
        Ok(match entry {
            LessonEntry::Board(l) => Loaded::Board(l.clone()),
            LessonEntry::Deal(l) => Loaded::Deals(l.clone()),
            LessonEntry::Challenge(l) => Loaded::Challenges(l.clone()),
        })
    });
    broken.chain(read).collect()
}

pub fn run_command(args: Args) -> ExitCode {
    let language = Language::of_locale(&args.lang).unwrap_or(Language::English);
    crate::i18n::set_language(language);
    let loaded = if args.files.is_empty() {
        load_built_in()
    } else {
        load_files(&args.files)
    };
    let mut failed = 0;
    let mut heading = String::new();
    for lesson in &loaded {
        let lesson = match lesson {
            Ok(lesson) => lesson,
            Err(error) => {
                eprint!("{error}");
                failed += 1;
                continue;
            }
        };
        // The game's name, what it is called, its steps, and the check.
        let (game, id, order, title, summary, steps, checked): (_, &str, _, &Text, &Text, _, _) =
            match lesson {
                Loaded::Board(l) => (
                    translate(&l.variant.name),
                    &l.id,
                    l.order,
                    &l.title,
                    &l.summary,
                    l.steps.len(),
                    args.check.then(|| solve(l)),
                ),
                Loaded::Deals(l) => (
                    translate(&l.variant.name),
                    &l.id,
                    l.order,
                    &l.title,
                    &l.summary,
                    l.steps.len(),
                    args.check.then(|| solve_deals(l)),
                ),
                Loaded::Challenges(l) => (
                    translate(&l.rules.name),
                    &l.id,
                    l.order,
                    &l.title,
                    &l.summary,
                    l.steps.len(),
                    args.check.then(|| solve_challenges(l)),
                ),
            };
        if game != heading {
            println!("{game}");
            heading = game;
        }
        let verdict = match checked {
            None => String::new(),
            Some(Ok(())) => " (solved)".to_string(),
            Some(Err(problems)) => {
                failed += 1;
                format!(" (NOT SOLVED)\n      {}", problems.join("\n      "))
            }
        };
        println!(
            "  {order:>2}. {} [{id}] ({steps} steps): {}{verdict}",
            title.get(language),
            summary.get(language),
        );
    }
    if args.check {
        let total = loaded.len();
        println!("{total} lessons: {} solved", total - failed);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
