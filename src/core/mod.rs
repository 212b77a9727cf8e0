//! The rules core: variants, setups, deals, positions (the rules'
//! interface, with the playouts' fast path and a linked device's guessed
//! army beside it), views, records and their replay. Pure: no I/O, no UI.
//! (The live-action game's rules are `crate::referee::live`.)

pub mod battle;
mod bitboard;
mod chase;
pub mod check;
pub mod clock;
pub mod deal;
pub mod diagram;
pub mod game;
pub mod gravon;
pub mod moves;
pub mod options;
pub mod piece;
pub mod playout;
pub mod position;
pub mod record;
pub mod replay;
pub mod rules_text;
pub mod seen;
pub mod setup;
pub mod side;
pub mod square;
mod two_squares;
pub mod variant;
pub mod view;
mod view_check;

pub use deal::Deal;
pub use game::Game;
pub use moves::{Action, DrawReason, IllegalMove, Move, Outcome, WinReason};
pub use options::{GameOptions, QuietPlies, StuckRule, TwoSquares};
pub use piece::{Piece, PieceId};
pub use position::{Battle, PlyReport, Position};
pub use setup::{CheckedSetup, Placement, Setup, SetupError, SetupProblem};
pub use side::Side;
pub use square::Square;
pub use two_squares::TwoSquareRun;
pub use variant::{KindId, SuitId, Variant, VariantError, builtin_variant};
pub use view::PlayerView;
pub use view_check::ViewProblem;
