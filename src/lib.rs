//! Flagfall: hidden-rank battle games of the Stratego family.
//!
//! The layers, each using only those before it: `i18n` holds the languages
//! and the translation catalogue every text goes through, `core` the rules
//! (pure, no I/O); then the domains over them, one room each: the computer
//! players (`ai`), the games on this device (`games`), two-device play by
//! codes (`link`), what the app keeps (`store`), the platform's services
//! (`platform`), print and play (`print`), the referee's companion
//! (`referee`), the clock for games at the table (`table_clock`) and the bot
//! for the UCC 2012 competition (`ucc`); `app` the glue to the Slint screens
//! (one controller per screen, each owning its state), and `tools` the
//! command-line tools (record checking, benchmarks, screenshots).

pub mod ai;
pub mod app;
pub mod build_info;
pub mod core;
pub mod games;
pub mod i18n;
pub mod link;
pub mod platform;
pub mod print;
pub mod referee;
pub mod store;
pub mod table_clock;
pub mod tools;
pub mod ucc;
