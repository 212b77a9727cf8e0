//! Command-line tools over the rules core.

pub mod autoplay;
pub mod belief_check;
pub mod bench;
pub mod check_games;
pub mod input_bench;
pub mod matches;
pub mod print_sheets;
pub mod qr_selfplay;
pub mod screenshot;
pub mod screenshot_linked;
pub mod search_depth;
pub mod setup_habits;
pub mod train_belief;
pub mod ucc_bot;
pub mod variants;
pub mod win_odds;
