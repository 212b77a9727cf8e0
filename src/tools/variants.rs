//! `flagfall variants`: the built-in variants, one a line.

use crate::core::variant::builtin;
use std::process::ExitCode;

/// `flagfall variants`: prints each built-in variant's id, name and
/// summary, and to stderr any error found loading them.
pub fn run_command() -> ExitCode {
    for v in &builtin().variants {
        println!("{:<10} {}: {}", v.id, v.name, v.summary);
    }
    for e in &builtin().errors {
        eprintln!("{e}");
    }
    ExitCode::SUCCESS
}
