//! Flagfall: hidden-rank battle games of the Stratego family.
//!
//! `core` holds the rules (pure, no I/O); `tools` holds the command-line
//! tools built on it (record checking, benchmarks).

pub mod app;
pub mod core;
pub mod session;
pub mod tools;
