//! The computer players' levels, by the name a save or a command line
//! gives them and the label a player reads, and the levels that search by
//! sampling the hidden army: `heuristic`, `best` (flat Monte Carlo),
//! `expert`, and the rollouts they play (`rollout`). The planner, a level
//! too, has its own folder (`crate::ai::planner`).

pub(crate) mod best;
pub(crate) mod expert;
pub(crate) mod heuristic;
pub(crate) mod rollout;

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
