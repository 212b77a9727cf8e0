//! The referee's companion for the live-action game Stratego go go: the
//! game's rules (`live`: pure, as data, with a match of rounds), the match
//! as the referee runs it (`companion`) and its clocks (`clock`).

pub mod clock;
pub mod companion;
pub mod live;
