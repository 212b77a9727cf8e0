//! What the computer players know of the game, worked out from one view
//! and shared by the levels, the belief and the planner: what pieces are
//! worth and what a battle gains (`eval`), how a piece steps (`steps`), the
//! odds of winning from here (`win_odds`, from the table in
//! `win_odds_table`), the flag (`flag_ring` where it likely is,
//! `flag_defence`, `flag_race`), hunting (`approach`, `pursuit`), the Spy
//! (`spy`), the last Miners (`last_miners`) and domino stones (`domino`).

pub(super) mod approach;
pub(super) mod domino;
pub(super) mod eval;
pub(super) mod flag_defence;
pub(super) mod flag_race;
pub(super) mod flag_ring;
pub(super) mod last_miners;
pub(super) mod pursuit;
pub(super) mod spy;
pub(super) mod steps;
pub mod win_odds;
mod win_odds_table;
