//! Computer players. Each decides from its own per-player view and its seed
//! alone: two games that look the same to it get the same move.

mod belief;
mod budget;
mod expert;
pub mod hint;
pub mod knowledge;
pub mod learned_belief;
pub mod pace;
mod planner;
mod rollout;
mod search;
mod setup;
mod setup_habits_table;
pub mod setup_memory;
pub mod thinking;

pub use belief::{Belief, Hidden};
pub use budget::{Budget, ThinkTime, work_per_ms};
pub use pace::expert_pace;
pub use planner::Found;
pub use setup::{boxed_in, sensible_setup, setup_around, setup_for};
pub use thinking::{Question, ThinkElsewhere, answer_text, read_answer};

use crate::core::moves::{Action, Move};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::view::PlayerView;
use knowledge::eval::{FLAG, battle_gain, value};
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use setup_memory::SetupMemory;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal action (and random setups).
    Random,
    /// Weighs each move by the material it can expect to win or lose.
    Heuristic,
    /// Samples the hidden enemy army many times and looks ahead in each sample.
    Best,
    /// Weighs every move in as many samples as its think budget allows,
    /// giving more of them to the moves that look best so far, and plays
    /// each sample on for up to 100 plies where games are short (4 in
    /// classic); in the 40-piece games it also counts how near its
    /// hunters stand to the pieces they are known to beat, in the smaller
    /// rank armies how near each side stands to the other's flag; it
    /// guesses the enemy's flag on the back row more often than farther
    /// forward.
    Expert,
    /// Searches the board it believes in, deeper and deeper within its
    /// think budget, a battle with a hidden piece weighed over its outcomes
    /// (`planner/`). Beside the expert until it beats it; not offered on
    /// screen.
    Planner,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Heuristic, Level::Best, Level::Expert];

    /// The strongest level as measured, which `ucc-bot --help` names and
    /// plays by default: the expert won 65.5% of 200 classic games against
    /// `best` on seeds it was not tuned on (BENCHMARKS.md, issue 20).
    pub const STRONGEST: Level = Level::Expert;

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Heuristic => "heuristic",
            Level::Best => "best",
            Level::Expert => "expert",
            Level::Planner => "planner",
        }
    }

    /// The level's name as a player reads it (`name` is the saved identity).
    pub fn label(self) -> String {
        match self {
            Level::Random => crate::tr!("random"),
            Level::Heuristic => crate::tr!("heuristic"),
            Level::Best => crate::tr!("best"),
            Level::Expert => crate::tr!("expert"),
            Level::Planner => crate::tr!("planner"),
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .chain([Level::Planner])
            .find(|l| l.name() == name)
    }
}

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
        Level::Best => unsearched(search::search(view, &mut rng)),
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

pub(super) fn best_of(scored: &[(Move, f32)]) -> Option<Action> {
    scored
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(m, _)| Action::Move(*m))
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

fn forward(viewer: Side, m: &Move) -> i32 {
    match viewer {
        Side::Red => m.to.row as i32 - m.from.row as i32,
        Side::Blue => m.from.row as i32 - m.to.row as i32,
    }
}

/// Every legal move with its expected material change and a little judgement.
/// A hidden defender the belief makes a flag counts `hidden_flag` (the
/// flag's worth, `FLAG`, but where the expert weighs a flag against the
/// chance of winning: `win_odds.rs`).
pub(super) fn scored_moves(
    view: &PlayerView,
    belief: &Belief,
    hidden_flag: f32,
    rng: &mut impl Rng,
) -> Vec<(Move, f32)> {
    let variant = &*view.variant;
    let options = &view.options;
    view.legal_moves
        .iter()
        .map(|m| {
            let mover_seen = view.at(m.from).expect("own piece");
            let mover = mover_seen.piece.expect("own pieces are known");
            let mut score = match view.at(m.to) {
                Some(enemy) => match enemy.piece {
                    Some(p) => battle_gain(variant, options, mover, p),
                    None => belief
                        .hidden
                        .iter()
                        .find(|h| h.id == enemy.id)
                        .map(|h| {
                            belief
                                .odds(variant, h)
                                .iter()
                                .map(|(p, odds)| {
                                    odds * if variant.kind(p.kind).is_flag {
                                        hidden_flag
                                    } else {
                                        battle_gain(variant, options, mover, *p)
                                    }
                                })
                                .sum()
                        })
                        .unwrap_or(0.0),
                },
                None => 0.1 * forward(view.viewer, m) as f32,
            };
            // Danger: known enemy pieces next to the destination that would beat the mover.
            for n in variant.board.neighbours(m.to) {
                if let Some(enemy) = view.at(n).filter(|e| e.owner != view.viewer && n != m.to)
                    && let Some(p) = enemy.piece
                    && battle_gain(variant, options, p, mover) > 0.0
                {
                    score -= value(variant, mover) * if mover_seen.revealed { 0.9 } else { 0.4 };
                }
            }
            (*m, score + rng.random_range(0.0..0.05))
        })
        .collect()
}

/// Red's view of a classic position for unit tests, after `moves` (Red
/// first) from the flags on a1 and j10 and `pieces` (side, square, kind key).
#[cfg(test)]
fn test_red_view(pieces: &[(Side, &str, &str)], moves: &[(&str, &str)]) -> PlayerView {
    let mut position = test_position("classic", pieces, Side::Red);
    for (from, to) in moves {
        let m = Move::new(from.parse().unwrap(), to.parse().unwrap());
        position.play(Action::Move(m)).unwrap();
    }
    PlayerView::new(&position, Side::Red)
}

/// A position of the built-in variant `id` for unit tests: Red's flag on
/// a1, Blue's on j10, then `pieces` (side, square, kind key), with
/// `to_move` to play.
#[cfg(test)]
fn test_position(
    id: &str,
    pieces: &[(Side, &str, &str)],
    to_move: Side,
) -> crate::core::position::Position {
    test_position_with(id, pieces, to_move, |_| {})
}

/// `test_position`, with the default options changed by `options`.
#[cfg(test)]
fn test_position_with(
    id: &str,
    pieces: &[(Side, &str, &str)],
    to_move: Side,
    options: impl FnOnce(&mut crate::core::options::GameOptions),
) -> crate::core::position::Position {
    use crate::core::setup::Placement;
    let variant = crate::core::variant::builtin_variant(id).unwrap();
    let at = |side: Side, square: &str, key: &str| {
        let piece = crate::core::piece::Piece::new(variant.kind_by_key(key).unwrap());
        let square = square.parse().unwrap();
        (side, Placement { square, piece })
    };
    let mut all = vec![at(Side::Red, "a1", "flag"), at(Side::Blue, "j10", "flag")];
    all.extend(pieces.iter().map(|(side, sq, key)| at(*side, sq, key)));
    let mut defaults = crate::core::options::GameOptions::defaults(&variant);
    options(&mut defaults);
    crate::core::position::Position::arrange(variant, defaults, &all, to_move).unwrap()
}
