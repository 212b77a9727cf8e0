//! Command-line tools over the rules core.

pub mod autoplay;
pub mod belief_check;
pub mod bench;
pub mod check_games;
pub mod data_folder_bench;
pub mod input_bench;
pub mod lesson_walk;
pub mod lessons;
pub mod matches;
pub mod print_sheets;
pub mod qr_selfplay;
pub mod screenshot;
pub mod screenshot_linked;
pub mod search_depth;
pub mod setup_habits;
pub mod train_belief;
pub mod ucc_bot;
pub mod ucc_report;
pub mod variants;
pub mod win_odds;

pub use screenshot::{SCREENS, stage};
pub use screenshot_linked::{LINKED_SCREENS, stage_linked};

/// Prints a table a command made from records, or says on stderr why it
/// could not (`command: why`): the end of `setup-habits` and `win-odds`.
fn print_table(command: &str, table: Result<String, String>) -> std::process::ExitCode {
    match table {
        Ok(table) => {
            print!("{table}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{command}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
