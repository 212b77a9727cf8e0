//! `flagfall print`: print and play, one sheet (`print`) written
//! as PDF, in the language asked for.

use crate::i18n::{self, Language};
use crate::print::{self, Paper, printables};
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `flagfall print`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to print (see --list).
    pub what: Option<String>,
    #[arg(long)]
    pub list: bool,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// The PDF file to write.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The sheet's language: en or ja.
    #[arg(long, default_value = "en")]
    pub lang: String,
}

/// `flagfall print`: writes the sheet asked for to `--out`, or lists what
/// can be printed with `--list`; exits 2 on arguments it cannot use.
pub fn run_command(args: Args) -> ExitCode {
    let Args {
        what,
        list,
        paper,
        out,
        lang,
    } = args;
    let Some(language) = Language::of_locale(&lang) else {
        eprintln!("print: --lang is en or ja, not \"{lang}\"");
        return ExitCode::from(2);
    };
    i18n::set_language(language);
    let (Some(what), Some(out), false) = (what, out, list) else {
        if list {
            for p in printables() {
                println!("{}\t{}", p.name, p.what);
            }
            return ExitCode::SUCCESS;
        }
        eprintln!("print: give what to print and --out FILE.pdf (or --list)");
        return ExitCode::from(2);
    };
    let Some(paper) = Paper::by_name(&paper) else {
        eprintln!("print: --paper is a4 or letter, not \"{paper}\"");
        return ExitCode::from(2);
    };
    match print::print(&what, paper)
        .map_err(|e| e.to_string())
        .and_then(|pdf| std::fs::write(&out, pdf).map_err(|e| format!("{}: {e}", out.display())))
    {
        Ok(()) => {
            println!("wrote {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("print: {e}");
            ExitCode::FAILURE
        }
    }
}
