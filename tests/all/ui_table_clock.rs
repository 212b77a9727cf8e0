//! The clock for a game at the table through the real UI, on a hand-set
//! time source (no test sleeps): halves tapped in turn, the increment,
//! pause, a new time control, time running low and out with its calls, and
//! the screen kept on only while the clock runs.

use crate::common;

use common::ui::*;
use flagfall::app::{App, TableClockAdapter};
use flagfall::platform::Signal;
use flagfall::platform::clock_signals::Signals;
use flagfall::platform::time_source::HandSet;
use slint::ComponentHandle;
use std::sync::{Arc, Mutex};

/// What the clock asked of the sound and the screen.
#[derive(Default)]
struct Calls {
    signals: Mutex<Vec<Signal>>,
    screen_on: Mutex<Vec<bool>>,
}

impl Signals for Calls {
    fn call(&self, signal: Signal) {
        self.signals.lock().unwrap().push(signal);
    }
    fn problem(&self) -> Option<String> {
        None
    }
    fn keep_screen_on(&self, on: bool) {
        self.screen_on.lock().unwrap().push(on);
    }
}

struct Table {
    app: App,
    time: Arc<HandSet>,
    calls: Arc<Calls>,
}

impl Table {
    fn open() -> Table {
        let time = Arc::new(HandSet::default());
        let calls = Arc::new(Calls::default());
        let app = app_on_time(3, time.clone(), Some(calls.clone()));
        tap(&app, "Clock for a game at the table");
        assert_eq!(screen(&app), "table-clock");
        Table { app, time, calls }
    }

    fn wait(&self, seconds: f64) {
        pass_time(&self.time, seconds);
    }

    /// The screen reader's words for a half: "Your clock: …" or "Across the table: …".
    fn half(&self, near: bool) -> String {
        let adapter = self.app.window().global::<TableClockAdapter>();
        let half = if near {
            adapter.get_near()
        } else {
            adapter.get_far()
        };
        half.a11y.to_string()
    }

    fn tap_half(&self, near: bool) {
        let label = self.half(near);
        tap(&self.app, &label);
    }

    fn status(&self) -> String {
        let adapter = self.app.window().global::<TableClockAdapter>();
        adapter.get_near_status().to_string()
    }

    fn signals(&self) -> Vec<Signal> {
        self.calls.signals.lock().unwrap().clone()
    }
}

#[test]
fn a_game_timed_at_the_table() {
    let table = Table::open();
    assert_eq!(table.half(true), "Your clock: 15:00 left, moves made: 0");
    assert_eq!(
        table.half(false),
        "Across the table: 15:00 left, moves made: 0"
    );
    assert!(
        table.status().contains("taps their half to start"),
        "{}",
        table.status()
    );

    // The far player moves second: their tap starts the near clock.
    table.tap_half(false);
    table.wait(30.0);
    assert_eq!(
        table.half(true),
        "Your clock: 14:30 left, moves made: 0, running"
    );
    table.tap_half(true);
    assert_eq!(
        table.half(true),
        "Your clock: 14:40 left, moves made: 1",
        "10 s back"
    );
    table.wait(5.0);
    assert_eq!(
        table.half(false),
        "Across the table: 14:55 left, moves made: 0, running"
    );
    assert_eq!(table.calls.screen_on.lock().unwrap().last(), Some(&true));

    // A tap on the half that is not running does nothing.
    table.tap_half(true);
    assert_eq!(table.half(true), "Your clock: 14:40 left, moves made: 1");

    tap(&table.app, "Pause");
    table.wait(100.0);
    assert_eq!(
        table.half(false),
        "Across the table: 14:55 left, moves made: 0"
    );
    assert_eq!(table.calls.screen_on.lock().unwrap().last(), Some(&false));
    table.tap_half(false);
    assert_eq!(
        table.half(true),
        "Your clock: 14:40 left, moves made: 1",
        "paused: no tap"
    );
    tap(&table.app, "Resume");
    table.wait(1.0);
    assert_eq!(
        table.half(false),
        "Across the table: 14:54 left, moves made: 0, running"
    );

    tap(&table.app, "Home");
    assert_eq!(screen(&table.app), "home");
    assert_eq!(table.calls.screen_on.lock().unwrap().last(), Some(&false));
    table.wait(60.0);
    tap(&table.app, "Clock for a game at the table");
    assert_eq!(
        table.half(false),
        "Across the table: 14:54 left, moves made: 0",
        "leaving the clock paused it"
    );
    assert!(table.signals().is_empty(), "{:?}", table.signals());
}

#[test]
fn time_runs_low_then_out_on_a_chosen_control() {
    let table = Table::open();
    tap(&table.app, "15 min + 10 s a move");
    tap(&table.app, "Blitz: 5 min + 3 s a move");
    assert_eq!(table.half(true), "Your clock: 5:00 left, moves made: 0");

    table.tap_half(false);
    table.wait(239.0);
    assert!(table.signals().is_empty());
    table.wait(1.0);
    assert_eq!(table.signals(), vec![Signal::RoundWarning], "a minute left");
    table.wait(59.9);
    assert_eq!(
        table.half(true),
        "Your clock: 0:00.1 left, moves made: 0, running"
    );
    table.wait(0.1);
    assert_eq!(
        table.signals(),
        vec![Signal::RoundWarning, Signal::RoundOver]
    );
    assert_eq!(
        table.half(true),
        "Your clock: 0:00.0 left, moves made: 0, out of time"
    );
    assert_eq!(table.status(), "Your time ran out.");
    table.tap_half(true);
    assert_eq!(table.status(), "Your time ran out.", "too late");

    tap(&table.app, "New clock");
    assert_eq!(
        table.half(true),
        "Your clock: 5:00 left, moves made: 0",
        "the same control"
    );
}

#[test]
fn a_control_of_ones_own_with_a_delay() {
    let table = Table::open();
    tap(&table.app, "15 min + 10 s a move");
    let adapter = table.app.window().global::<TableClockAdapter>();
    adapter.set_custom_minutes(2);
    adapter.set_custom_bonus_kind(2);
    adapter.set_custom_bonus_seconds(5);
    tap(&table.app, "Use this time control");
    assert_eq!(table.half(true), "Your clock: 2:00 left, moves made: 0");
    table.tap_half(false);
    table.wait(4.0);
    assert_eq!(
        table.half(true),
        "Your clock: 2:00 left, moves made: 0, running",
        "the delay"
    );
    table.wait(3.0);
    assert_eq!(
        table.half(true),
        "Your clock: 1:58 left, moves made: 0, running"
    );
    table.tap_half(true);
    assert_eq!(table.half(true), "Your clock: 1:58 left, moves made: 1");
}

#[test]
fn the_far_half_turns_upright_and_stays_so() {
    let table = Table::open();
    let adapter = table.app.window().global::<TableClockAdapter>();
    assert!(adapter.get_far_upside_down(), "upside down at first");
    tap(&table.app, "15 min + 10 s a move");
    tap(&table.app, "Turn the half across the table upside down");
    assert!(!adapter.get_far_upside_down());
    tap(&table.app, "Back");
    assert!(
        !adapter.get_far_upside_down(),
        "upright with the chooser closed"
    );
    tap(&table.app, "15 min + 10 s a move");
    tap(&table.app, "Turn the half across the table upside down");
    tap(&table.app, "Back");
    assert!(adapter.get_far_upside_down(), "turned back");
}
