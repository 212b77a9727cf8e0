//! How long the strongest level may think. A budget is counted in work
//! (samples drawn, moves tried, plies played and attacks judged in the
//! search, each weighed by what it costs), so the move it picks is a pure
//! function of the view, the seed and the budget; a deadline may stop the
//! search sooner on a slow device, and the search still has a move then.

use crate::ai::levels::rollout::Played;
use crate::core::variant::Variant;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use web_time::Instant;

/// What drawing one sample and arranging its position counts as work, in
/// rollout plies. Timed part by part in a scratch build (BENCHMARKS.md,
/// issue 20), a sample took 15-27 plies' time (2-5.5 µs) in every variant.
pub(super) const SAMPLE_WORK: u64 = 20;

/// What trying one move in a sample (copying the position, playing the
/// move, judging where its rollout ends) counts as work, in rollout plies:
/// 2-7 plies' time in the same timing.
pub(super) const MOVE_WORK: u64 = 4;

/// Attacks a rollout judges for one unit of work: judging an attack took
/// 31-36 ns where a ply took 140 (free setup, the 8x8 game), and where the
/// armies start mixed a ply has 8 or 9 attacks to judge.
pub(super) const ATTACKS_PER_WORK: usize = 4;

/// The work a rollout that did `played` counts as.
pub(super) fn rollout_work(played: Played) -> u64 {
    (played.plies + played.attacks_judged / ATTACKS_PER_WORK) as u64
}

/// The work the expert gets through in a millisecond of search on the
/// build machine (one core of a 2-core AMD EPYC, release build), by
/// variant: a ply of a long rollout in a small army costs far less than a
/// sample and its judging in classic. Measured one variant at a time with
/// `flagfall match --variant V --red expert --blue best --games 4 --seed 1
/// --think-ms 250 --no-clock` (its "work per ms" line); see BENCHMARKS.md,
/// issue 20.
const MEASURED_PACE: [(&str, u64); 8] = [
    ("classic", 3747),
    ("free", 6800),
    ("small", 7392),
    ("barrage", 10174),
    ("duell", 10029),
    ("ultimate-lightning", 3665),
    ("piecepack", 9347),
    ("domino", 8625),
];

/// The share of a move's time that its work is planned to fill, so that
/// the median move stays well within its budget and the slower ones (more
/// pieces left, longer rollouts) mostly do too. It is the share classic
/// was planned at before work was weighed (900 plies a millisecond where
/// the expert got through 1,326), so classic thinks as long as when it
/// beat `best` in 70% of 200 games.
const PLANNED_SHARE: f64 = 0.68;

/// The work to plan for a millisecond of thinking in `variant` on the
/// build machine; a variant not measured gets the slowest pace measured.
pub fn work_per_ms(variant: &Variant) -> u64 {
    let measured = MEASURED_PACE
        .iter()
        .find(|(id, _)| *id == variant.id)
        .map_or_else(slowest_measured_pace, |(_, pace)| *pace);
    ((measured as f64 * PLANNED_SHARE) as u64).max(1)
}

fn slowest_measured_pace() -> u64 {
    MEASURED_PACE
        .iter()
        .map(|(_, pace)| *pace)
        .min()
        .unwrap_or(1)
}

/// What a search may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Units of search: samples drawn, moves tried, rollout plies played
    /// and attacks judged, each weighed by what it costs (one unit is a
    /// rollout ply).
    pub work: u64,
    /// When the search must answer, whatever work is left.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// Exactly `work` units, with no clock: what tests use.
    pub fn work(work: u64) -> Budget {
        Budget {
            work,
            deadline: None,
        }
    }

    /// The work of about `millis` of thinking in `variant` on the build
    /// machine, with no clock: what `flagfall match --no-clock` and
    /// `choose` use.
    pub fn work_of_millis(millis: u64, variant: &Variant) -> Budget {
        Budget::work(millis.saturating_mul(work_per_ms(variant)))
    }

    /// About `millis` of thinking in `variant` on the build machine, and no
    /// longer than that on any machine: the clock stops the search at 97%
    /// of it, as the search checks it between samples and then still has
    /// to choose.
    pub fn millis(millis: u64, variant: &Variant) -> Budget {
        Budget {
            // (A time past the clock's range is no deadline worth keeping.)
            deadline: Instant::now().checked_add(Duration::from_micros(millis.saturating_mul(970))),
            ..Budget::work_of_millis(millis, variant)
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

    /// A budget of this long in `variant`, starting now.
    pub fn budget(self, variant: &Variant) -> Budget {
        Budget::millis(self.millis(), variant)
    }

    /// This think time, or a 40th of what is left of the computer's clock
    /// when that is less (at least a millisecond): the computer never
    /// spends its clock on one move.
    pub fn within_clock(self, left: Duration) -> ThinkMillis {
        let share = (left.as_millis() / 40).max(1) as u64;
        ThinkMillis(self.millis().min(share))
    }
}

/// A think time in milliseconds (`ThinkTime`'s, or less on a clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct ThinkMillis(pub u64);

impl From<ThinkTime> for ThinkMillis {
    fn from(time: ThinkTime) -> ThinkMillis {
        ThinkMillis(time.millis())
    }
}

impl ThinkMillis {
    /// A budget of this long in `variant`, starting now.
    pub fn budget(self, variant: &Variant) -> Budget {
        Budget::millis(self.0, variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin;

    /// Every built-in variant has its own measured pace: a new one would
    /// otherwise think at the slowest pace, a fraction of its budget.
    #[test]
    fn every_built_in_variant_has_a_measured_pace() {
        for variant in &builtin().variants {
            let pace = MEASURED_PACE.iter().find(|(id, _)| *id == variant.id);
            assert!(pace.is_some_and(|(_, p)| *p > 0), "{}", variant.id);
        }
    }

    /// A variant measured nowhere plans at the slowest pace measured.
    #[test]
    fn an_unmeasured_variant_plans_at_the_slowest_pace() {
        let small = crate::core::variant::builtin_variant("small").unwrap();
        let mut made_up = (*small).clone();
        made_up.id = "made-up".into();
        let slowest = slowest_measured_pace();
        assert_eq!(
            work_per_ms(&made_up),
            (slowest as f64 * PLANNED_SHARE) as u64
        );
        assert!(work_per_ms(&made_up) < work_per_ms(&small));
    }
}
