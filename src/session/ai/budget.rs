//! How long the strongest level may think. A budget is counted in work
//! (plies played in the search's samples), so the move it picks is a pure
//! function of the view, the seed and the budget; a deadline may stop the
//! search sooner on a slow device, and the search still has a move then.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Search plies the expert plays in a millisecond on the build machine
/// (one core of a 2-core AMD EPYC, release build), set a little lower so
/// that the median move stays within its budget: 650 when 375,000 plies
/// took a median 524 ms, raised by the 1.39 times that rollouts sped up
/// when they stopped listing their moves; see BENCHMARKS.md, issue 20.
pub const WORK_PER_MS: u64 = 900;

/// What a search may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Plies of search, in samples and rollouts.
    pub work: u64,
    /// When the search must answer, whatever work is left.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// Exactly `work` plies, with no clock: what tests use.
    pub fn work(work: u64) -> Budget {
        Budget {
            work,
            deadline: None,
        }
    }

    /// About `millis` of thinking on the build machine, and no longer than
    /// that on any machine: the clock stops the search at 97% of it, as
    /// the search checks it between samples and then still has to choose.
    pub fn millis(millis: u64) -> Budget {
        Budget {
            work: millis.saturating_mul(WORK_PER_MS),
            deadline: Some(Instant::now() + Duration::from_micros(millis.saturating_mul(970))),
        }
    }

    /// Whether the clock says stop.
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The think-time setting a player chooses for the strongest level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThinkTime {
    Quick,
    #[default]
    Normal,
    Long,
}

impl ThinkTime {
    pub const ALL: [ThinkTime; 3] = [ThinkTime::Quick, ThinkTime::Normal, ThinkTime::Long];

    pub fn millis(self) -> u64 {
        match self {
            ThinkTime::Quick => 100,
            ThinkTime::Normal => 250,
            ThinkTime::Long => 1_000,
        }
    }

    /// A budget of this long, starting now.
    pub fn budget(self) -> Budget {
        Budget::millis(self.millis())
    }
}
