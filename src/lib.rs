//! Flagfall: hidden-rank battle games of the Stratego family.
//!
//! The crate is a house of rooms, one folder per domain, each using only the
//! rooms below it. `i18n` holds the languages and the translation catalogue
//! every text goes through and `core` the rules (pure, no I/O); over them
//! the computer players (`ai`), the games on this device (`games`),
//! two-device play by codes (`link`), what the app keeps (`store`), the
//! platform's services (`platform`), print and play (`print`), the
//! referee's companion (`referee`), the clock for games at the table
//! (`table_clock`), the lessons that teach each game (`learn`) and the bot
//! for the UCC 2012 competition (`ucc`); `app`
//! is the glue to the Slint screens (one controller per screen, each owning
//! its state) and `tools` the command-line tools.
//!
//! What each room may use (`tests/all/rooms.rs` reads this table and every
//! file's `crate::` paths, and fails on an arrow it does not allow):
//!
//! | room | may use |
//! | --- | --- |
//! | `build_info` | nothing |
//! | `i18n` | nothing |
//! | `core` | `i18n` |
//! | `ai` | `core`, `i18n` |
//! | `platform` | `i18n` |
//! | `print` | `core`, `i18n`, `learn`, `platform`, `referee` |
//! | `referee` | `core`, `i18n`, `platform` |
//! | `table_clock` | `core`, `platform` |
//! | `link` | `ai`, `core`, `i18n`, `platform` |
//! | `ucc` | `ai`, `core`, `i18n`, `platform` |
//! | `learn` | `ai`, `core`, `i18n`, `referee` |
//! | `store` | `ai`, `core`, `i18n`, `platform`, `referee` |
//! | `games` | `ai`, `core`, `i18n`, `link`, `platform`, `store` |
//! | `app` | `ai`, `build_info`, `core`, `games`, `i18n`, `learn`, `link`, `platform`, `print`, `referee`, `store`, `table_clock` |
//! | `tools` | `ai`, `app`, `build_info`, `core`, `games`, `i18n`, `learn`, `link`, `platform`, `print`, `referee`, `store`, `table_clock`, `ucc` |
//!
//! The browser's crate (`web/`) and Android's (`android/`) name a room and
//! one item (`flagfall::platform::Signals`), never a room's insides.

pub mod ai;
pub mod app;
pub mod build_info;
pub mod core;
pub mod games;
pub mod i18n;
pub mod learn;
pub mod link;
pub mod platform;
pub mod print;
pub mod referee;
pub mod store;
pub mod table_clock;
pub mod tools;
pub mod ucc;
