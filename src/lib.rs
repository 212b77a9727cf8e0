//! Flagfall: hidden-rank battle games of the Stratego family.
//!
//! The layers, each using only those before it: `i18n` holds the languages
//! and the translation catalogue every text goes through, `core` the rules
//! (pure, no I/O), `session` the services over them (one interface to every
//! game on this device, computer players, two-device play, storage), `app`
//! the glue to the Slint screens (one controller per screen, each owning its
//! state), and `tools` the command-line tools (record checking, benchmarks,
//! screenshots).

pub mod app;
pub mod build_info;
pub mod core;
pub mod i18n;
pub mod session;
pub mod tools;
