//! The clock for a game played at the table with the props (dominoes, a
//! piecepack, the box): two halves, one a player, each tapped by its player
//! after a move, on one of the game clock's time controls. It calls out a
//! player's time running low and running out. The near player is `Red`,
//! the one across the table `Blue`.

use crate::core::Side;
use crate::core::clock::{GameClock, Pressed, TimeControl};
use crate::platform::Signal;
use std::time::Duration;

/// The clock and what it has called out.
#[derive(Debug, Clone)]
pub struct TableClock {
    clock: GameClock,
    /// Whether each side was told its time runs low (again once an
    /// increment lifts it back above the mark).
    warned: [bool; 2],
    /// The side whose running out was called out.
    called_out: Option<Side>,
}

/// Time is low below a fifth of the main time, at least 10 s and at most a minute.
pub fn low_mark(control: TimeControl) -> Duration {
    (control.main() / 5).clamp(Duration::from_secs(10), Duration::from_secs(60))
}

impl TableClock {
    pub fn new(control: TimeControl) -> TableClock {
        TableClock {
            clock: GameClock::new(control),
            warned: [false; 2],
            called_out: None,
        }
    }

    pub fn clock(&self) -> &GameClock {
        &self.clock
    }

    /// Neither half has been tapped yet.
    pub fn waiting_to_start(&self) -> bool {
        self.clock.to_move().is_none()
    }

    pub fn paused(&self) -> bool {
        !self.clock.running()
    }

    pub fn over(&self) -> bool {
        self.clock.out_of_time().is_some()
    }

    /// `side`'s player tapped its half: its turn ends and the other's
    /// clock runs (the first tap starts the other's clock). A tap on the
    /// half that is not running, or on a paused clock, does nothing.
    pub fn tap(&mut self, side: Side, now: Duration) -> Vec<Signal> {
        if !self.waiting_to_start() && self.paused() {
            return Vec::new();
        }
        match self.clock.press(side, now) {
            Pressed::OutOfTime(_) => self.tick(now),
            Pressed::InTime | Pressed::Ignored => Vec::new(),
        }
    }

    pub fn pause(&mut self, now: Duration) {
        self.clock.pause(now);
    }

    pub fn resume(&mut self, now: Duration) {
        self.clock.resume(now);
    }

    /// What falls due by `now`: a side's time running low, then out (once
    /// each; the clock stops when a side is out).
    pub fn tick(&mut self, now: Duration) -> Vec<Signal> {
        let mut signals = Vec::new();
        let mark = low_mark(self.clock.control());
        for side in Side::BOTH {
            let left = self.clock.left(side, now);
            let i = side.index();
            if left > mark {
                self.warned[i] = false;
            } else if !self.warned[i] && !left.is_zero() {
                self.warned[i] = true;
                signals.push(Signal::RoundWarning);
            }
        }
        if let Some(out) = self.clock.check(now)
            && self.called_out.is_none()
        {
            self.called_out = Some(out);
            signals.push(Signal::RoundOver);
        }
        signals
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::clock::Bonus;

    fn s(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    #[test]
    fn the_first_tap_starts_the_other_half_and_taps_alternate() {
        let mut table = TableClock::new(TimeControl::minutes(5, Bonus::Increment(3)));
        assert!(table.waiting_to_start());
        table.tap(Side::Red, s(10));
        assert_eq!(table.clock().to_move(), Some(Side::Blue));
        assert_eq!(table.clock().left(Side::Blue, s(40)), s(270));
        table.tap(Side::Red, s(41));
        assert_eq!(table.clock().to_move(), Some(Side::Blue), "not Red's half");
        table.tap(Side::Blue, s(42));
        assert_eq!(
            table.clock().left(Side::Blue, s(42)),
            s(271),
            "32 s less, 3 back"
        );
        assert_eq!(table.clock().to_move(), Some(Side::Red));
    }

    #[test]
    fn a_paused_clock_ignores_taps_and_charges_nothing() {
        let mut table = TableClock::new(TimeControl::minutes(5, Bonus::None));
        table.tap(Side::Blue, s(0));
        table.pause(s(10));
        table.tap(Side::Red, s(20));
        assert_eq!(
            table.clock().to_move(),
            Some(Side::Red),
            "the tap did nothing"
        );
        table.resume(s(100));
        assert_eq!(table.clock().left(Side::Red, s(100)), s(290));
    }

    #[test]
    fn low_time_and_running_out_are_called_once() {
        let mut table = TableClock::new(TimeControl::minutes(1, Bonus::None));
        assert_eq!(low_mark(TimeControl::minutes(1, Bonus::None)), s(12));
        table.tap(Side::Blue, s(0));
        assert!(table.tick(s(47)).is_empty());
        assert_eq!(table.tick(s(48)), vec![Signal::RoundWarning]);
        assert!(table.tick(s(50)).is_empty(), "once");
        assert_eq!(table.tick(s(60)), vec![Signal::RoundOver]);
        assert!(table.tick(s(61)).is_empty(), "once");
        assert!(table.over());
        assert_eq!(table.clock().out_of_time(), Some(Side::Red));
        table.tap(Side::Red, s(62));
        assert_eq!(
            table.clock().out_of_time(),
            Some(Side::Red),
            "over stays over"
        );
    }

    #[test]
    fn an_increment_that_lifts_the_time_again_rearms_the_warning() {
        let mut table = TableClock::new(TimeControl::minutes(1, Bonus::Increment(10)));
        table.tap(Side::Blue, s(0));
        assert_eq!(table.tick(s(49)), vec![Signal::RoundWarning]);
        table.tap(Side::Red, s(49));
        assert!(table.tick(s(49)).is_empty(), "21 s: above the mark");
        table.tap(Side::Blue, s(49));
        assert_eq!(
            table.tick(s(59)),
            vec![Signal::RoundWarning],
            "11 s left again"
        );
    }

    #[test]
    fn a_tap_too_late_calls_the_time_out() {
        let mut table = TableClock::new(TimeControl::minutes(1, Bonus::None));
        table.tap(Side::Blue, s(0));
        let signals = table.tap(Side::Red, s(75));
        assert_eq!(signals.last(), Some(&Signal::RoundOver));
        assert_eq!(table.clock().out_of_time(), Some(Side::Red));
    }
}
