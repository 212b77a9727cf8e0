//! The referee's companion for the live-action game Stratego go go: the
//! match (`companion`) and its clocks (`clock`). The game's rules are
//! `crate::core::referee`.

pub mod clock;
pub mod companion;
