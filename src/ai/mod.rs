//! Computer players. Each decides from its own per-player view and its seed
//! alone: two games that look the same to it get the same move.
//!
//! The door: `choose.rs` asks a level (`levels/`) for its action; each
//! level has its file (`levels/`: `heuristic.rs`, `best.rs`, `expert.rs`
//! and their rollouts; the planner in `planner/`);
//! what they know of the game is in `knowledge/`, what they believe of the
//! hidden army in `belief.rs` and `learned_belief.rs`, how long they think
//! in `budget.rs` and `pace.rs`, where in `thinking.rs`.

mod belief;
mod budget;
mod choose;
pub mod hint;
pub mod knowledge;
pub mod learned_belief;
mod levels;
pub mod pace;
mod planner;
mod setup;
mod setup_habits_table;
pub mod setup_memory;
#[cfg(test)]
mod test_positions;
pub mod thinking;

pub use belief::{Belief, Hidden};
pub use budget::{Budget, ThinkMillis, ThinkTime, work_per_ms};
pub use choose::{
    Choice, choose, choose_counting, choose_remembering, choose_within, planner_choice,
};
pub use levels::Level;
pub use pace::expert_pace;
pub use planner::Found;
pub use setup::{boxed_in, sensible_setup, setup_around, setup_for};
pub use thinking::{Question, ThinkElsewhere, answer_text, read_answer};

#[cfg(test)]
pub(crate) use test_positions::{test_position, test_position_with, test_red_view};
