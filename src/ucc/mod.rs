//! A bot for the UCC 2012 Stratego competition's manager, which runs two
//! programs as processes speaking a line protocol on stdin and stdout
//! (`../shared/ucc-protocol.md`). `protocol` reads and writes its lines,
//! `game` keeps the bot's own record of the game (the manager shows every
//! enemy piece as `#`; `game_error` says why it cannot follow the manager), `own_two_squares` the two-squares rule the bot
//! keeps for itself, `memory_file` what it remembers of each opponent's
//! setups, and `bot` holds the conversation. `manager_log` reads the
//! manager's game logs and `report` counts what they say of our play
//! (`flagfall ucc-report`), `willingness` among it how willing the enemy is
//! to attack our pieces it has not identified.

mod bot;
mod game;
mod game_error;
pub mod manager_log;
mod memory_file;
mod own_two_squares;
mod protocol;
pub mod report;
pub mod willingness;

pub use bot::{BotConfig, BotError, play, setup_rows};
pub use game::{UccGame, kind_of, rank_of, ucc_rules};
pub use game_error::UccGameError;
pub use memory_file::OpponentMemories;
pub use protocol::{Direction, Outcome, Shown, UccMove, parse_board_line, parse_move_line};
