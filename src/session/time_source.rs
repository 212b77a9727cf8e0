//! The one place clocks read the time from: the app's monotonic clock, or a
//! hand-set one that tests move forward, so that no test sleeps.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Time since a fixed start, never going back.
pub trait TimeSource: Send + Sync {
    fn now(&self) -> Duration;
}

/// The machine's monotonic clock, counted from when this was made.
pub struct Monotonic {
    epoch: Instant,
}

impl Monotonic {
    pub fn new() -> Monotonic {
        Monotonic {
            epoch: Instant::now(),
        }
    }
}

impl Default for Monotonic {
    fn default() -> Monotonic {
        Monotonic::new()
    }
}

impl TimeSource for Monotonic {
    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }
}

/// A clock that moves only when told (tests and the screenshot tool).
#[derive(Default)]
pub struct HandSet {
    now: Mutex<Duration>,
}

impl HandSet {
    pub fn advance(&self, by: Duration) {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }
}

impl TimeSource for HandSet {
    fn now(&self) -> Duration {
        *self.now.lock().unwrap_or_else(|e| e.into_inner())
    }
}
