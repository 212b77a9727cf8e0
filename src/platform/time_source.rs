//! The one place clocks read the time from: the app's monotonic clock, or a
//! hand-set one that tests move forward, so that no test sleeps; and the
//! wall clock. Both read the browser's clocks in the browser (web-time:
//! std's clocks panic there) and the system's elsewhere.

use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use web_time::Instant;

/// The time of day now, as the system (or the browser) tells it.
pub fn wall_clock() -> SystemTime {
    let since_1970 = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .unwrap_or_default();
    UNIX_EPOCH + since_1970
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wall_clock_tells_the_systems_time() {
        let system = SystemTime::now();
        let wall = wall_clock();
        let apart = wall.duration_since(system).unwrap_or_else(|e| e.duration());
        assert!(apart < Duration::from_secs(1), "{apart:?} apart");
        assert!(wall > UNIX_EPOCH + Duration::from_secs(1_700_000_000));
    }
}
