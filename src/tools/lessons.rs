//! `flagfall lessons`: the built-in lessons by variant, and with `--check`
//! every lesson's solution played through the tutor.

use crate::i18n::Language;
use crate::learn::builtin::{builtin_lessons, load_builtin};
use crate::learn::solve::solve;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Play every lesson's solution and listed wrong tries; ends with
    /// "N lessons: M solved", and fails unless all are.
    #[arg(long)]
    check: bool,
    /// The language of the titles listed: en or ja.
    #[arg(long, default_value = "en")]
    lang: String,
}

pub fn run_command(args: Args) -> ExitCode {
    let language = Language::of_locale(&args.lang).unwrap_or(Language::English);
    crate::i18n::set_language(language);
    let loaded = load_builtin();
    let mut failed = 0;
    for error in loaded.iter().filter_map(|l| l.as_ref().err()) {
        eprint!("{error}");
        failed += 1;
    }
    let mut variant = "";
    for lesson in builtin_lessons() {
        if lesson.variant.id != variant {
            variant = &lesson.variant.id;
            println!("{}", crate::i18n::translate(&lesson.variant.name));
        }
        let verdict = if args.check {
            match solve(lesson) {
                Ok(()) => " (solved)".to_string(),
                Err(problems) => {
                    failed += 1;
                    format!(" (NOT SOLVED)\n      {}", problems.join("\n      "))
                }
            }
        } else {
            String::new()
        };
        println!(
            "  {:>2}. {} ({} steps): {}{verdict}",
            lesson.order,
            lesson.title.get(language),
            lesson.steps.len(),
            lesson.summary.get(language),
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
