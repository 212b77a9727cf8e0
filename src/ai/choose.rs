//! How a computer player chooses: the one door through which every level
//! is asked for its action in a view.

use super::Level;
use super::belief::Belief;
use super::budget::{Budget, ThinkTime};
use super::knowledge::eval::{FLAG, value};
use super::levels::{best, expert};
use super::planner::{self, Found};
use super::setup_memory::SetupMemory;
use crate::ai::levels::heuristic::{best_of, scored_moves};
use crate::core::moves::Action;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::view::PlayerView;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// The action `level` chooses in `view`; `seed` makes it repeatable. The
/// expert thinks for `ThinkTime::Normal`'s work, with no clock.
pub fn choose(level: Level, view: &PlayerView, seed: u64) -> Option<Action> {
    let normal = Budget::work_of_millis(ThinkTime::Normal.millis(), &view.variant);
    choose_within(level, view, seed, normal)
}

/// The action `level` chooses in `view` within `budget` (only the expert
/// uses it); with no deadline in `budget`, a pure function of its arguments.
pub fn choose_within(level: Level, view: &PlayerView, seed: u64, budget: Budget) -> Option<Action> {
    choose_counting(level, view, seed, budget).action
}

/// What a player chose, and the work of the budget it spent (0 for the
/// levels that do not search within a budget, and for a forced move).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    pub action: Option<Action>,
    pub work: u64,
}

/// `choose_within`, also saying how much work the choice took: what
/// `flagfall match` measures each variant's pace by.
pub fn choose_counting(level: Level, view: &PlayerView, seed: u64, budget: Budget) -> Choice {
    choose_remembering(level, view, seed, budget, None)
}

/// `choose_counting`, where the expert and the planner believe the enemy
/// sets up as `memory` saw it do in earlier games (`setup_memory.rs`).
pub fn choose_remembering(
    level: Level,
    view: &PlayerView,
    seed: u64,
    budget: Budget,
    memory: Option<&SetupMemory>,
) -> Choice {
    let mut rng = choice_rng(view, seed);
    let actions = view.legal_actions();
    let unsearched = |action| Choice { action, work: 0 };
    if actions.is_empty() || view.outcome.is_some() {
        return unsearched(None);
    }
    match level {
        Level::Random => unsearched(actions.choose(&mut rng).copied()),
        _ if view.rescue_pending => unsearched(Some(rescue(view, &actions))),
        Level::Heuristic => {
            let belief = Belief::new(view);
            unsearched(best_of(&scored_moves(view, &belief, FLAG, &mut rng)))
        }
        Level::Best => unsearched(best::search(view, &mut rng)),
        Level::Planner if planner::plays(view) => {
            let (action, found) = planner::choose(view, &mut rng, budget, memory);
            Choice {
                action,
                work: found.nodes,
            }
        }
        Level::Expert | Level::Planner => {
            let (action, work) = expert::search(view, &mut rng, budget, memory);
            Choice { action, work }
        }
    }
}

/// The planner's choice in `view` as `choose_counting` makes it, with how
/// deep it searched and how many nodes; `None` for a variant it leaves to
/// the expert. What `flagfall search-depth` measures.
pub fn planner_choice(
    view: &PlayerView,
    seed: u64,
    budget: Budget,
) -> Option<(Option<Action>, Found)> {
    let mut rng = choice_rng(view, seed);
    planner::plays(view).then(|| planner::choose(view, &mut rng, budget, None))
}

/// The random numbers a player draws in `view`: its seed mixed with the ply.
fn choice_rng(view: &PlayerView, seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ (view.ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Bring back the most valuable piece onto the square nearest home.
fn rescue(view: &PlayerView, actions: &[Action]) -> Action {
    let variant = &view.variant;
    let home = |sq: Square| {
        if view.viewer == Side::Red {
            sq.row as i32
        } else {
            -(sq.row as i32)
        }
    };
    let worth = |a: &Action| match a {
        Action::Rescue { piece, to } => {
            let seen = view.captured[view.viewer.index()]
                .iter()
                .find(|p| p.id == *piece);
            seen.and_then(|p| p.piece)
                .map_or(0.0, |p| value(variant, p))
                * 10.0
                - home(*to) as f32
        }
        _ => 0.0,
    };
    *actions
        .iter()
        .max_by(|a, b| worth(a).total_cmp(&worth(b)))
        .unwrap_or(&Action::SkipRescue)
}
