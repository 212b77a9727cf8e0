//! The referee's two clocks for Stratego go go, driven by the time the
//! caller passes in (the app's monotonic clock, or a fake one in tests):
//! the step countdown ("3, 2, 1, step" at every interval) and the round
//! timer (a warning before the end, then the end).

use crate::platform::Signal;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How long past a round's end its clock may have run before it was
/// stopped (the app asleep when the round ended): a saved clock holding
/// more is damaged.
const LONGEST_OVERRUN: Duration = Duration::from_secs(7 * 24 * 3600);

/// The clocks' state; `Duration`s are times on the caller's clock, except
/// the `*_banked` ones, which are running time kept over pauses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeClock {
    step: Duration,
    countdown: u8,
    round_length: Duration,
    warning: Duration,
    round_banked: Duration,
    step_banked: Duration,
    /// When the clocks last started running (`None`: paused).
    #[serde(skip)]
    running_since: Option<Duration>,
    /// Steps are held while a challenge is resolved (the round time runs on).
    held: bool,
    #[serde(skip)]
    step_since: Option<Duration>,
    /// The latest time the clocks were told, for saving them paused.
    #[serde(skip)]
    seen: Duration,
    /// Step events and round calls already signalled.
    step_events: u64,
    warned: bool,
    over: bool,
}

impl RefereeClock {
    pub fn new(step_seconds: u8, countdown: u8, round_minutes: u16, warning_seconds: u16) -> Self {
        RefereeClock {
            step: Duration::from_secs(step_seconds.max(1) as u64),
            countdown: countdown.min(step_seconds.saturating_sub(1)),
            round_length: Duration::from_secs(round_minutes as u64 * 60),
            warning: Duration::from_secs(warning_seconds as u64),
            round_banked: Duration::ZERO,
            step_banked: Duration::ZERO,
            running_since: None,
            held: false,
            step_since: None,
            seen: Duration::ZERO,
            step_events: 0,
            warned: false,
            over: false,
        }
    }

    /// Whether a saved clock fits `fresh`, the clocks its match's settings
    /// make: the same step, countdown, round and warning, and no more time
    /// banked than a round can run (a damaged file could hold a step of 0
    /// or a time near `Duration::MAX`).
    pub fn fits(&self, fresh: &RefereeClock) -> bool {
        let most = fresh.round_length + LONGEST_OVERRUN;
        self.step == fresh.step
            && self.countdown == fresh.countdown
            && self.round_length == fresh.round_length
            && self.warning == fresh.warning
            && self.round_banked <= most
            && self.step_banked <= most
            && self.step_events <= self.events_due(most.as_secs())
    }

    pub fn running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn held(&self) -> bool {
        self.held
    }

    /// The round's time is up (and was signalled).
    pub fn over(&self) -> bool {
        self.over
    }

    /// A copy paused at the latest time the clocks were told: what is
    /// saved, so a match resumed later keeps the time it had run.
    pub fn paused_copy(&self) -> RefereeClock {
        let mut copy = self.clone();
        copy.pause(self.seen);
        copy
    }

    /// Starts (or resumes) both clocks.
    pub fn start(&mut self, now: Duration) {
        self.seen = self.seen.max(now);
        if self.running_since.is_none() && !self.over {
            self.running_since = Some(now);
            if !self.held {
                self.step_since = Some(now);
            }
        }
    }

    /// Pauses both clocks, keeping their time.
    pub fn pause(&mut self, now: Duration) {
        self.seen = self.seen.max(now);
        if let Some(since) = self.running_since.take() {
            self.round_banked = self.round_banked.saturating_add(now.saturating_sub(since));
        }
        if let Some(since) = self.step_since.take() {
            self.step_banked = self.step_banked.saturating_add(now.saturating_sub(since));
        }
    }

    /// Holds the steps while a challenge is resolved; the round time runs on.
    pub fn hold_steps(&mut self, now: Duration) {
        if !self.held {
            self.held = true;
            if let Some(since) = self.step_since.take() {
                self.step_banked = self.step_banked.saturating_add(now.saturating_sub(since));
            }
        }
    }

    /// The challenge is resolved: the countdown starts a new interval.
    pub fn release_steps(&mut self, now: Duration) {
        if self.held {
            self.held = false;
            self.step_banked = Duration::ZERO;
            self.step_events = 0;
            if self.running_since.is_some() {
                self.step_since = Some(now);
            }
        }
    }

    pub fn round_elapsed(&self, now: Duration) -> Duration {
        let running = self
            .running_since
            .map_or(Duration::ZERO, |since| now.saturating_sub(since));
        self.round_banked
            .saturating_add(running)
            .min(self.round_length)
    }

    pub fn round_left(&self, now: Duration) -> Duration {
        self.round_length - self.round_elapsed(now)
    }

    fn step_elapsed(&self, now: Duration) -> Duration {
        let running = self
            .step_since
            .map_or(Duration::ZERO, |since| now.saturating_sub(since));
        self.step_banked.saturating_add(running)
    }

    /// How many step events (counts and steps) have fallen due after
    /// `seconds` of stepping: each interval ends with `countdown` counts,
    /// one a second, and the step.
    fn events_due(&self, seconds: u64) -> u64 {
        let length = self.step.as_secs();
        let per_cycle = self.countdown as u64 + 1;
        let first_count = length - self.countdown as u64;
        let in_cycle = seconds % length;
        let done = if in_cycle >= first_count {
            in_cycle - first_count + 1
        } else {
            0
        };
        (seconds / length) * per_cycle + done
    }

    /// The signals that fell due since the last call. After a long gap
    /// (the app asleep) only the latest step event is called, not a burst.
    pub fn tick(&mut self, now: Duration) -> Vec<Signal> {
        self.seen = self.seen.max(now);
        let mut signals = Vec::new();
        if self.over {
            return signals;
        }
        if self.running_since.is_some() && !self.held {
            let due = self.events_due(self.step_elapsed(now).as_secs());
            if due > self.step_events {
                let per_cycle = self.countdown as u64 + 1;
                let index = (due - 1) % per_cycle;
                signals.push(if index < self.countdown as u64 {
                    Signal::Count(self.countdown - index as u8)
                } else {
                    Signal::Step
                });
                self.step_events = due;
            }
        }
        let left = self.round_left(now);
        if !self.warned && left <= self.warning && left > Duration::ZERO {
            self.warned = true;
            signals.push(Signal::RoundWarning);
        }
        if left == Duration::ZERO {
            self.warned = true;
            self.over = true;
            self.pause(now);
            signals.push(Signal::RoundOver);
        }
        signals
    }

    /// The number the countdown shows now (3, 2, 1), or `None` between counts.
    pub fn showing(&self, now: Duration) -> Option<u8> {
        if self.running_since.is_none() || self.held {
            return None;
        }
        let length = self.step.as_secs();
        let in_cycle = self.step_elapsed(now).as_secs() % length;
        let first_count = length - self.countdown as u64;
        (in_cycle >= first_count).then(|| (length - in_cycle) as u8)
    }

    /// Whether a step was called less than a second ago.
    pub fn just_stepped(&self, now: Duration) -> bool {
        let elapsed = self.step_elapsed(now).as_secs();
        self.running_since.is_some()
            && !self.held
            && elapsed >= self.step.as_secs()
            && elapsed.is_multiple_of(self.step.as_secs())
    }
}
