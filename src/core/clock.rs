//! Time controls and the two-sided game clock, driven by the time the
//! caller passes in (the app's time source, or a fake one in tests), so the
//! rules of time are pure and no test sleeps.
//!
//! Our decisions where a clock meets the rules (RULES.md, "Clocks"):
//! - Only the side to move has a running clock, and only while it can act;
//!   the caller pauses the clock while a hand-off screen, a battle being
//!   shown or the app being closed keeps the player from acting.
//! - A move made in the same instant as the clock reaches zero is too
//!   late: time must be left when the move is made.
//! - The increment is added after each move that was made in time; the
//!   delay is the part of each turn the clock does not charge.

use super::side::Side;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// What a player gets on top of the main time, each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bonus {
    /// Sudden death: the main time is all there is.
    None,
    /// Fischer: these seconds are added after every move made in time.
    Increment(u32),
    /// Delay: the first seconds of every turn are not charged.
    Delay(u32),
}

/// A time control: each side's main time and its bonus a move. Written
/// `15` (sudden death, minutes), `15+10` (an increment of 10 s) or `15d5`
/// (a delay of 5 s); main times under a minute as `30s`, `30s+2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    pub main_seconds: u32,
    pub bonus: Bonus,
}

/// The longest main time and bonus a control may have: a day and an hour.
pub const MAX_MAIN_SECONDS: u32 = 24 * 60 * 60;
pub const MAX_BONUS_SECONDS: u32 = 60 * 60;

impl TimeControl {
    pub const fn minutes(minutes: u32, bonus: Bonus) -> TimeControl {
        TimeControl {
            main_seconds: minutes * 60,
            bonus,
        }
    }

    /// The presets offered beside a custom control (our choice: a blitz as
    /// online play uses, a quick game for an evening and a tournament game
    /// long enough for the whole 40-piece game).
    pub const PRESETS: [TimeControl; 3] = [
        TimeControl::minutes(5, Bonus::Increment(3)),
        TimeControl::minutes(15, Bonus::Increment(10)),
        TimeControl::minutes(60, Bonus::Delay(10)),
    ];

    pub fn main(&self) -> Duration {
        Duration::from_secs(self.main_seconds as u64)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.main_seconds.is_multiple_of(60) {
            write!(f, "{}", self.main_seconds / 60)?;
        } else {
            write!(f, "{}s", self.main_seconds)?;
        }
        match self.bonus {
            Bonus::None => Ok(()),
            Bonus::Increment(s) => write!(f, "+{s}"),
            Bonus::Delay(s) => write!(f, "d{s}"),
        }
    }
}

/// Why a written time control cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadTimeControl(pub String);

impl fmt::Display for BadTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "'{}' is not a time control: write minutes, then +seconds for an increment or dseconds for a delay (15+10, 60d10)",
            self.0
        )
    }
}

impl std::error::Error for BadTimeControl {}

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    fn from_str(text: &str) -> Result<TimeControl, BadTimeControl> {
        let bad = || BadTimeControl(text.chars().take(40).collect());
        let (main, bonus) = match text.find(['+', 'd']) {
            Some(at) => (&text[..at], Some((&text[at..at + 1], &text[at + 1..]))),
            None => (text, None),
        };
        let number = |digits: &str| -> Result<u32, BadTimeControl> {
            if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            digits.parse().map_err(|_| bad())
        };
        let main_seconds = match main.strip_suffix('s') {
            Some(seconds) => number(seconds)?,
            None => number(main)?.checked_mul(60).ok_or_else(bad)?,
        };
        let bonus = match bonus {
            None => Bonus::None,
            Some(("+", s)) => Bonus::Increment(number(s)?),
            Some((_, s)) => Bonus::Delay(number(s)?),
        };
        let bonus_seconds = match bonus {
            Bonus::None => 0,
            Bonus::Increment(s) | Bonus::Delay(s) => s,
        };
        if main_seconds == 0 || main_seconds > MAX_MAIN_SECONDS || bonus_seconds > MAX_BONUS_SECONDS
        {
            return Err(bad());
        }
        Ok(TimeControl {
            main_seconds,
            bonus,
        })
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TimeControl, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Two clocks, one a side, of which at most one runs. Times are on the
/// caller's clock; what is saved (`Serialize`) is the time each side has
/// left and how much of the turn under way was used, never when it began,
/// so time the app was not running is not charged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    control: TimeControl,
    /// Time left at the start of each side's turn (by `Side::index`), in ms.
    left_ms: [u64; 2],
    /// The side whose turn it is, once the clock has started.
    to_move: Option<Side>,
    /// The turn's time used before its last pause, in ms.
    used_ms: u64,
    /// When the turn last started running; `None` while paused.
    #[serde(skip)]
    running_since: Option<Duration>,
    /// Moves made, for each side.
    moves: [u32; 2],
    /// The side whose time ran out.
    out: Option<Side>,
}

/// What a press of the clock found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pressed {
    /// The move was in time; the other side's clock runs.
    InTime,
    /// The mover's time had run out before the move.
    OutOfTime(Side),
    /// Not this side's turn, or the game is over on time (nothing changed).
    Ignored,
}

impl GameClock {
    pub fn new(control: TimeControl) -> GameClock {
        let main = control.main_seconds as u64 * 1000;
        GameClock {
            control,
            left_ms: [main; 2],
            to_move: None,
            used_ms: 0,
            running_since: None,
            moves: [0; 2],
            out: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whether a saved clock could have come from play: no side has more
    /// time left than its main time and the increments of its moves, and
    /// the turn under way has used no more than a side could ever have (a
    /// damaged file may hold any number).
    pub fn plausible(&self) -> bool {
        let (main, bonus) = (
            u64::from(self.control.main_seconds) * 1000,
            &self.control.bonus,
        );
        let (increment, delay) = match *bonus {
            Bonus::None => (0, 0),
            Bonus::Increment(s) => (u64::from(s) * 1000, 0),
            Bonus::Delay(s) => (0, u64::from(s) * 1000),
        };
        let most_left =
            |side: Side| main.saturating_add(u64::from(self.moves[side.index()]) * increment);
        Side::BOTH
            .iter()
            .all(|&side| self.left_ms[side.index()] <= most_left(side))
            && self.used_ms
                <= most_left(Side::Red).max(most_left(Side::Blue)) + delay + LONGEST_PAST_ZERO_MS
    }

    /// The side whose turn it is, once started.
    pub fn to_move(&self) -> Option<Side> {
        self.to_move
    }

    pub fn running(&self) -> bool {
        self.running_since.is_some()
    }

    /// The side whose time ran out, once found by `check` or `press`.
    pub fn out_of_time(&self) -> Option<Side> {
        self.out
    }

    pub fn moves(&self, side: Side) -> u32 {
        self.moves[side.index()]
    }

    /// `side`'s turn begins, its clock paused until `resume`.
    pub fn begin_turn(&mut self, side: Side) {
        self.to_move = Some(side);
        self.used_ms = 0;
        self.running_since = None;
    }

    /// The side to move's clock runs from `now` (no-op once out of time).
    pub fn resume(&mut self, now: Duration) {
        if self.to_move.is_some() && self.out.is_none() && self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    /// A copy paused at `now`: what is saved, so that the time until the
    /// game is taken up again is not charged.
    pub fn paused_copy(&self, now: Duration) -> GameClock {
        let mut copy = self.clone();
        copy.pause(now);
        copy
    }

    /// Stops the running clock at `now`, keeping what the turn used.
    pub fn pause(&mut self, now: Duration) {
        if let Some(since) = self.running_since.take() {
            self.used_ms = self
                .used_ms
                .saturating_add(millis(now.saturating_sub(since)));
        }
    }

    /// What the turn under way has used by `now`.
    fn used(&self, now: Duration) -> u64 {
        self.used_ms.saturating_add(
            self.running_since
                .map_or(0, |since| millis(now.saturating_sub(since))),
        )
    }

    /// What the turn under way has used by `now` (a two-device code sends it).
    pub fn turn_used(&self, now: Duration) -> Duration {
        Duration::from_millis(self.used(now))
    }

    /// The turn under way has used `used`, its clock stopped: a two-device
    /// game's claims from codes, and its own turn as saved.
    pub fn set_turn_used(&mut self, used: Duration) {
        self.running_since = None;
        self.used_ms = millis(used);
    }

    /// What the turn under way is charged by `now` (the delay is free).
    fn charged(&self, now: Duration) -> u64 {
        let used = self.used(now);
        match self.control.bonus {
            Bonus::Delay(seconds) => used.saturating_sub(seconds as u64 * 1000),
            _ => used,
        }
    }

    /// Time `side` has left at `now`.
    pub fn left(&self, side: Side, now: Duration) -> Duration {
        let left = self.left_ms[side.index()];
        let left = if self.to_move == Some(side) {
            left.saturating_sub(self.charged(now))
        } else {
            left
        };
        Duration::from_millis(left)
    }

    /// What is left of the delay of the turn under way, for showing.
    pub fn delay_left(&self, now: Duration) -> Duration {
        match self.control.bonus {
            Bonus::Delay(seconds) if self.to_move.is_some() => {
                Duration::from_millis((seconds as u64 * 1000).saturating_sub(self.used(now)))
            }
            _ => Duration::ZERO,
        }
    }

    /// Whether the side to move's time has run out by `now`; records it
    /// and stops the clock if so.
    pub fn check(&mut self, now: Duration) -> Option<Side> {
        if self.out.is_none()
            && let Some(side) = self.to_move
            && self.left(side, now).is_zero()
        {
            self.pause(now);
            self.out = Some(side);
        }
        self.out
    }

    /// `side` ended its turn at `now`: charged, given its increment, and
    /// the other side's turn begins with its clock running. The first
    /// press starts the clock: the side that presses it moves second.
    pub fn press(&mut self, side: Side, now: Duration) -> Pressed {
        if self.out.is_some() || self.to_move.is_some_and(|s| s != side) {
            return Pressed::Ignored;
        }
        if self.to_move.is_some() {
            self.pause(now);
            if let Some(out) = self.finish_turn(side) {
                return Pressed::OutOfTime(out);
            }
        } else {
            self.begin_turn(side.opponent());
        }
        self.resume(now);
        Pressed::InTime
    }

    /// `side` is charged `used` outside its turn: a two-device game's wait
    /// for its answer to an attack, which the other device charges it. No
    /// increment; out of time when it had no more.
    pub fn charge_waiting(&mut self, side: Side, used: Duration) {
        if self.out.is_some() {
            return;
        }
        let (i, used) = (side.index(), millis(used));
        if used >= self.left_ms[i] {
            self.left_ms[i] = 0;
            self.pause(Duration::ZERO);
            self.out = Some(side);
        } else {
            self.left_ms[i] -= used;
        }
    }

    /// `side`'s turn used `used` (a two-device move code says so): the
    /// same charge and increment as `press`, and the other side's turn
    /// begins paused, for the caller to `resume` when its player can act.
    pub fn charge_turn(&mut self, side: Side, used: Duration) -> Pressed {
        if self.out.is_some() || self.to_move.is_some_and(|s| s != side) {
            return Pressed::Ignored;
        }
        self.to_move = Some(side);
        self.running_since = None;
        self.used_ms = millis(used);
        match self.finish_turn(side) {
            Some(out) => Pressed::OutOfTime(out),
            None => Pressed::InTime,
        }
    }

    /// Ends `side`'s paused turn: out of time if it used all it had, else
    /// charged and given its increment, and the other side's turn begins.
    fn finish_turn(&mut self, side: Side) -> Option<Side> {
        let i = side.index();
        let charged = self.charged(Duration::ZERO);
        if charged >= self.left_ms[i] {
            self.left_ms[i] = 0;
            self.out = Some(side);
            return self.out;
        }
        self.left_ms[i] -= charged;
        if let Bonus::Increment(seconds) = self.control.bonus {
            self.left_ms[i] = self.left_ms[i].saturating_add(seconds as u64 * 1000);
        }
        self.moves[i] = self.moves[i].saturating_add(1);
        self.begin_turn(side.opponent());
        None
    }
}

/// How far past its time a turn may have run before the clock saw it
/// (the app asleep): a saved turn that used more is damaged.
const LONGEST_PAST_ZERO_MS: u64 = 7 * 24 * 3600 * 1000;

fn millis(d: Duration) -> u64 {
    d.as_millis().min(u64::MAX as u128) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(seconds: f64) -> Duration {
        Duration::from_secs_f64(seconds)
    }

    #[test]
    fn controls_are_written_and_read_back() {
        for (text, control) in [
            ("15", TimeControl::minutes(15, Bonus::None)),
            ("5+3", TimeControl::minutes(5, Bonus::Increment(3))),
            ("60d10", TimeControl::minutes(60, Bonus::Delay(10))),
            (
                "30s+2",
                TimeControl {
                    main_seconds: 30,
                    bonus: Bonus::Increment(2),
                },
            ),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Ok(control), "{text}");
            assert_eq!(control.to_string(), text);
        }
        for bad in [
            "", "0", "x", "5+", "+3", "5d", "99999999", "1441", "5+3601", "-5", "5 +3", "5+3+3",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?} read");
        }
        for preset in TimeControl::PRESETS {
            assert_eq!(preset.to_string().parse::<TimeControl>(), Ok(preset));
        }
    }

    #[test]
    fn sudden_death_charges_each_turn_and_runs_out() {
        let mut clock = GameClock::new(TimeControl::minutes(1, Bonus::None));
        clock.begin_turn(Side::Red);
        clock.resume(s(0.0));
        assert_eq!(clock.press(Side::Red, s(20.0)), Pressed::InTime);
        assert_eq!(clock.left(Side::Red, s(30.0)), s(40.0));
        assert_eq!(clock.left(Side::Blue, s(30.0)), s(50.0), "Blue's runs");
        assert_eq!(
            clock.press(Side::Red, s(31.0)),
            Pressed::Ignored,
            "not Red's turn"
        );
        assert_eq!(clock.press(Side::Blue, s(35.0)), Pressed::InTime);
        assert_eq!(clock.check(s(74.9)), None);
        assert_eq!(clock.check(s(75.0)), Some(Side::Red), "40 s after 35 s");
        assert_eq!(clock.left(Side::Red, s(99.0)), Duration::ZERO);
        assert_eq!(
            clock.press(Side::Red, s(75.0)),
            Pressed::Ignored,
            "too late"
        );
    }

    #[test]
    fn a_move_in_the_instant_time_runs_out_is_too_late() {
        let mut clock = GameClock::new(TimeControl::minutes(1, Bonus::Increment(5)));
        clock.begin_turn(Side::Red);
        clock.resume(s(0.0));
        assert_eq!(
            clock.press(Side::Red, s(60.0)),
            Pressed::OutOfTime(Side::Red)
        );
        assert_eq!(clock.out_of_time(), Some(Side::Red));
    }

    #[test]
    fn an_increment_is_added_after_each_move_in_time() {
        let mut clock = GameClock::new(TimeControl::minutes(1, Bonus::Increment(5)));
        clock.begin_turn(Side::Red);
        clock.resume(s(0.0));
        clock.press(Side::Red, s(2.0));
        assert_eq!(clock.left(Side::Red, s(2.0)), s(63.0));
        clock.press(Side::Blue, s(12.0));
        assert_eq!(clock.left(Side::Blue, s(12.0)), s(55.0));
        assert_eq!((clock.moves(Side::Red), clock.moves(Side::Blue)), (1, 1));
    }

    #[test]
    fn a_delay_is_not_charged() {
        let mut clock = GameClock::new(TimeControl::minutes(1, Bonus::Delay(5)));
        clock.begin_turn(Side::Red);
        clock.resume(s(0.0));
        assert_eq!(clock.left(Side::Red, s(4.0)), s(60.0));
        assert_eq!(clock.delay_left(s(4.0)), s(1.0));
        clock.press(Side::Red, s(4.0));
        assert_eq!(
            clock.left(Side::Red, s(4.0)),
            s(60.0),
            "a quick move costs nothing"
        );
        clock.press(Side::Blue, s(12.0));
        assert_eq!(clock.left(Side::Blue, s(12.0)), s(57.0), "8 s, 5 free");
        assert_eq!(
            clock.check(s(12.0 + 65.0)),
            Some(Side::Red),
            "60 s after the delay"
        );
    }

    #[test]
    fn a_paused_clock_charges_nothing_and_a_saved_one_resumes_where_it_was() {
        let mut clock = GameClock::new(TimeControl::minutes(1, Bonus::None));
        clock.begin_turn(Side::Blue);
        clock.resume(s(100.0));
        clock.pause(s(110.0));
        assert_eq!(clock.left(Side::Blue, s(500.0)), s(50.0));
        clock.resume(s(500.0));
        let saved = serde_json::to_string(&clock).unwrap();
        let mut restored: GameClock = serde_json::from_str(&saved).unwrap();
        assert!(!restored.running(), "a restored clock waits to be resumed");
        // The app was closed at 505 s and opened on another clock's 3 s.
        restored.resume(s(3.0));
        assert_eq!(restored.left(Side::Blue, s(13.0)), s(40.0));
        assert!(
            saved.contains("\"1\""),
            "the control is written short: {saved}"
        );
    }

    #[test]
    fn a_turn_charged_from_a_code_runs_no_clock_here() {
        let mut clock = GameClock::new(TimeControl::minutes(1, Bonus::Increment(2)));
        assert_eq!(clock.charge_turn(Side::Red, s(10.0)), Pressed::InTime);
        assert_eq!(clock.left(Side::Red, s(0.0)), s(52.0));
        assert_eq!(clock.to_move(), Some(Side::Blue));
        assert!(!clock.running(), "Blue's clock waits for its player");
        assert_eq!(
            clock.charge_turn(Side::Blue, s(61.0)),
            Pressed::OutOfTime(Side::Blue)
        );
    }
}
