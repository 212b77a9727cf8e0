//! The controller of the clock for the table (`ui/table_clock.slint`,
//! `TableClockAdapter`): two halves tapped by their players, the time
//! control chooser, pause, and the calls when time runs low and out. The
//! clock reads the app's time source and ticks on the worker timer while it
//! runs; the screen stays on meanwhile.

use super::clock_text::{bonus_kinds, control_label, own_control, preset_name, time_text};
use super::effect::Effect;
use super::models::{self, List};
use super::{App, AppWindow, ClockGlyph, ClockHalf, TableClockAdapter};
use crate::core::Side;
use crate::core::clock::TimeControl;
use crate::platform::clock_signals::Signals;
use crate::platform::time_source::TimeSource;
use crate::table_clock::TableClock;
use slint::{ComponentHandle, SharedString};
use std::sync::Arc;
use std::time::Duration;

pub(super) struct TableClockController {
    table: TableClock,
    open: bool,
    time: Arc<dyn TimeSource>,
    signals: Option<Arc<dyn Signals>>,
    /// What the halves showed last, so the timer redraws only on change.
    shown: (String, String),
    /// Each half's time and moves as glyphs: near face, near moves, far
    /// face, far moves.
    faces: [List<ClockGlyph>; 4],
    /// The time control chooser is open over the halves.
    choosing: bool,
    /// The far half stands upside down, to be read from across the table.
    far_upside_down: bool,
}

impl TableClockController {
    pub(super) fn new(
        w: &AppWindow,
        time: Arc<dyn TimeSource>,
        signals: Option<Arc<dyn Signals>>,
    ) -> Self {
        let controller = TableClockController::unbound(time, signals);
        let adapter = w.global::<TableClockAdapter>();
        adapter.set_near_face(models::handle(&controller.faces[0]));
        adapter.set_near_moves(models::handle(&controller.faces[1]));
        adapter.set_far_face(models::handle(&controller.faces[2]));
        adapter.set_far_moves(models::handle(&controller.faces[3]));
        controller.relabel(w);
        controller
    }

    /// The controller with its faces not yet shown on any screen (`new`
    /// binds them; tests use it as it is).
    fn unbound(time: Arc<dyn TimeSource>, signals: Option<Arc<dyn Signals>>) -> Self {
        TableClockController {
            table: TableClock::new(TimeControl::PRESETS[1]),
            open: false,
            time,
            signals,
            shown: Default::default(),
            faces: [(); 4].map(|_| models::list()),
            choosing: false,
            far_upside_down: true,
        }
    }

    /// The time control chooser is open over the halves.
    pub(super) fn choosing(&self) -> bool {
        self.choosing
    }

    /// The chooser opens; the clock pauses meanwhile.
    fn open_chooser(&mut self) {
        let now = self.now();
        self.table.pause(now);
        self.choosing = true;
    }

    /// The clock starts over with `control`, and the chooser closes.
    fn choose(&mut self, control: TimeControl) {
        self.start_over(control);
        self.choosing = false;
    }

    /// Turns the far half upside down (to be read across the table) or upright.
    fn turn_far(&mut self, upside_down: bool) {
        self.far_upside_down = upside_down;
    }

    /// The presets' and bonuses' names, in the language of the moment.
    pub(super) fn relabel(&self, w: &AppWindow) {
        let adapter = w.global::<TableClockAdapter>();
        let texts = |items: Vec<String>| {
            let list: List<SharedString> = models::list();
            models::update_texts(&list, items);
            models::handle(&list)
        };
        adapter.set_presets(texts(
            TimeControl::PRESETS
                .iter()
                .map(|c| preset_label(*c))
                .collect(),
        ));
        adapter.set_bonus_kinds(texts(bonus_kinds()));
    }

    /// The clock is running: the worker timer ticks it.
    pub(super) fn ticking(&self) -> bool {
        self.open && !self.table.paused() && !self.table.over()
    }

    pub(super) fn open(&mut self) {
        self.open = true;
        if let Some(signals) = &self.signals {
            signals.prepare();
        }
    }

    fn now(&self) -> Duration {
        self.time.now()
    }

    /// Calls out what fell due and redraws when what the halves show changed.
    pub(super) fn tick(&mut self) -> bool {
        if !self.open {
            return false;
        }
        let now = self.now();
        let signals = self.table.tick(now);
        self.call(&signals);
        let shown = (
            time_text(self.table.clock().left(Side::Red, now)),
            time_text(self.table.clock().left(Side::Blue, now)),
        );
        let changed = shown != self.shown || !signals.is_empty();
        self.shown = shown;
        changed
    }

    fn call(&self, signals: &[crate::platform::Signal]) {
        if let Some(out) = &self.signals {
            for signal in signals {
                out.call(*signal);
            }
            out.keep_screen_on(self.ticking());
        }
    }

    fn tap(&mut self, side: Side) {
        let now = self.now();
        let signals = self.table.tap(side, now);
        self.call(&signals);
    }

    fn pause_or_resume(&mut self) {
        let now = self.now();
        if self.table.over() {
            self.table = TableClock::new(self.table.clock().control());
        } else if self.table.paused() {
            self.table.resume(now);
        } else {
            self.table.pause(now);
        }
        self.call(&[]);
    }

    /// A new clock on `control`, waiting for the first tap.
    fn start_over(&mut self, control: TimeControl) {
        self.table = TableClock::new(control);
        self.call(&[]);
    }

    fn close(&mut self) {
        let now = self.now();
        self.table.pause(now);
        self.open = false;
        if let Some(signals) = &self.signals {
            signals.keep_screen_on(false);
            signals.release();
        }
    }

    /// One step back (Escape, the back gesture): the time control chooser
    /// closes, or the clock pauses and the home screen comes back.
    pub(super) fn back(&mut self) -> Option<Effect> {
        if std::mem::take(&mut self.choosing) {
            return None;
        }
        self.close();
        Some(Effect::GoHome)
    }

    /// Draws each half's time and moves into the faces, the far one turned
    /// as chosen, and gives the halves' states: near, then far.
    fn draw_halves(&self) -> (ClockHalf, ClockHalf) {
        let now = self.now();
        let clock = self.table.clock();
        let mark = crate::table_clock::low_mark(clock.control());
        let half = |side: Side, upside_down: bool| {
            let left = clock.left(side, now);
            let running = clock.running() && clock.to_move() == Some(side);
            let out = clock.out_of_time() == Some(side);
            let text = time_text(left);
            let moves = clock.moves(side).to_string();
            let at = if side == Side::Red { 0 } else { 2 };
            models::update(&self.faces[at], glyphs(&text, upside_down));
            models::update(&self.faces[at + 1], glyphs(&moves, upside_down));
            let a11y = crate::tr!(
                "{}: {} left, moves made: {}{}",
                if side == Side::Red {
                    crate::tr!("Your clock")
                } else {
                    crate::tr!("Across the table")
                },
                text,
                moves,
                if out {
                    crate::tr!(", out of time")
                } else if running {
                    crate::tr!(", running")
                } else {
                    String::new()
                }
            );
            ClockHalf {
                running,
                low: left <= mark,
                out,
                a11y: a11y.into(),
            }
        };
        (
            half(Side::Red, false),
            half(Side::Blue, self.far_upside_down),
        )
    }

    pub(super) fn refresh(&self, w: &AppWindow) {
        let adapter = w.global::<TableClockAdapter>();
        adapter.set_choosing(self.choosing);
        adapter.set_far_upside_down(self.far_upside_down);
        let (near, far) = self.draw_halves();
        adapter.set_near(near);
        adapter.set_far(far);
        let clock = self.table.clock();
        let status = match clock.out_of_time() {
            Some(Side::Red) => crate::tr!("Your time ran out."),
            Some(Side::Blue) => crate::tr!("Time ran out across the table."),
            None if self.table.waiting_to_start() => {
                crate::tr!("The player who moves second taps their half to start.")
            }
            None if self.table.paused() => crate::tr!("Paused."),
            None => String::new(),
        };
        let problem = self.signals.as_ref().and_then(|s| s.problem());
        adapter.set_near_status(match problem {
            Some(problem) if !status.is_empty() => {
                format!("{status} {}", super::capitalized(&problem)).into()
            }
            _ => status.into(),
        });
        adapter.set_started(!self.table.waiting_to_start());
        adapter.set_paused(self.table.paused());
        adapter.set_over(self.table.over());
        adapter.set_control_label(control_label(clock.control()).into());
    }
}

fn preset_label(control: TimeControl) -> String {
    crate::tr!("{}: {}", preset_name(control), control_label(control))
}

/// The lit segments (a to g) of each digit.
const DIGITS: [[bool; 7]; 10] = {
    const T: bool = true;
    const F: bool = false;
    [
        [T, T, T, T, T, T, F],
        [F, T, T, F, F, F, F],
        [T, T, F, T, T, F, T],
        [T, T, T, T, F, F, T],
        [F, T, T, F, F, T, T],
        [T, F, T, T, F, T, T],
        [T, F, T, T, T, T, T],
        [T, T, T, F, F, F, F],
        [T, T, T, T, T, T, T],
        [T, T, T, T, F, T, T],
    ]
};

/// The glyphs of a clock face for `text` (digits, ':' and '.'), turned half
/// a circle when `upside_down`: the last glyph first, each digit's top
/// segment at its foot and its left ones on its right, a point at its head.
pub(super) fn glyphs(text: &str, upside_down: bool) -> Vec<ClockGlyph> {
    let mut out: Vec<ClockGlyph> = text
        .chars()
        .filter_map(|c| {
            let glyph = |kind, s: [bool; 7]| ClockGlyph {
                kind,
                a: s[0],
                b: s[1],
                c: s[2],
                d: s[3],
                e: s[4],
                f: s[5],
                g: s[6],
            };
            match c {
                ':' => Some(glyph(1, [false; 7])),
                '.' => Some(glyph(if upside_down { 3 } else { 2 }, [false; 7])),
                _ => {
                    let s = DIGITS[c.to_digit(10)? as usize];
                    Some(if upside_down {
                        // a<->d, b<->e, c<->f; g stays.
                        glyph(0, [s[3], s[4], s[5], s[0], s[1], s[2], s[6]])
                    } else {
                        glyph(0, s)
                    })
                }
            }
        })
        .collect();
    if upside_down {
        out.reverse();
    }
    out
}

pub(super) fn connect(app: &App) {
    let adapter = app.window.global::<TableClockAdapter>();
    adapter.on_tap(app.indexed(|s, _, half| {
        s.table_clock
            .tap(if half == 0 { Side::Red } else { Side::Blue });
    }));
    adapter.on_pause_or_resume(app.unit(|s, _| s.table_clock.pause_or_resume()));
    adapter.on_choose_preset(app.indexed(|s, _, i| match TimeControl::PRESETS.get(i) {
        Some(control) => s.table_clock.choose(*control),
        None => s.table_clock.choosing = false,
    }));
    adapter.on_choose_custom(app.unit(|s, w| {
        let adapter = w.global::<TableClockAdapter>();
        s.table_clock.choose(own_control(
            adapter.get_custom_minutes(),
            adapter.get_custom_bonus_kind(),
            adapter.get_custom_bonus_seconds(),
        ));
    }));
    adapter.on_turn_far(app.handler(|s, _, upside_down: bool| s.table_clock.turn_far(upside_down)));
    adapter.on_open_chooser(app.unit(|s, _| s.table_clock.open_chooser()));
    // Closing the chooser redraws the halves, turned as it left them.
    adapter.on_close_chooser(app.unit(|s, _| s.table_clock.choosing = false));
    adapter.on_close(app.unit(|s, _| s.table_clock.back()));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(g: &ClockGlyph) -> [bool; 7] {
        [g.a, g.b, g.c, g.d, g.e, g.f, g.g]
    }

    #[test]
    fn back_closes_the_chooser_first_then_leaves_the_clock() {
        let time: Arc<dyn TimeSource> = Arc::new(crate::platform::time_source::HandSet::default());
        let mut clock = TableClockController::unbound(time, None);
        clock.open_chooser();
        assert!(clock.choosing());
        assert!(clock.back().is_none());
        assert!(!clock.choosing());
        assert!(matches!(clock.back(), Some(Effect::GoHome)));
        clock.open_chooser();
        clock.choose(TimeControl::PRESETS[0]);
        assert!(!clock.choosing());
        assert_eq!(clock.table.clock().control(), TimeControl::PRESETS[0]);
    }

    #[test]
    fn the_far_half_turns_as_chosen_and_the_near_half_never() {
        use slint::Model;
        let time: Arc<dyn TimeSource> = Arc::new(crate::platform::time_source::HandSet::default());
        let mut clock = TableClockController::unbound(time, None);
        let drawn = |face: &List<ClockGlyph>| face.iter().collect::<Vec<_>>();
        let text = time_text(clock.table.clock().left(Side::Blue, Duration::ZERO));
        let turned = glyphs(&text, true);
        let upright = glyphs(&text, false);
        assert_ne!(turned, upright, "{text} reads differently turned");
        clock.draw_halves();
        assert_eq!(drawn(&clock.faces[2]), turned, "far: upside down at first");
        assert_eq!(drawn(&clock.faces[0]), upright, "near: upright");
        clock.turn_far(false);
        clock.draw_halves();
        assert_eq!(drawn(&clock.faces[2]), upright, "far: turned upright");
        assert_eq!(drawn(&clock.faces[0]), upright, "near: upright");
    }

    #[test]
    fn a_face_turned_upside_down_reads_right_from_across_the_table() {
        let upright = glyphs("1:07.5", false);
        let kinds: Vec<i32> = upright.iter().map(|g| g.kind).collect();
        assert_eq!(kinds, [0, 1, 0, 0, 2, 0]);
        let turned = glyphs("1:07.5", true);
        let kinds: Vec<i32> = turned.iter().map(|g| g.kind).collect();
        assert_eq!(
            kinds,
            [0, 3, 0, 0, 1, 0],
            "last glyph first, the point at the head"
        );
        // A 1 is lit on the right (b, c); turned, on the left (e, f).
        assert_eq!(
            lit(&turned[5]),
            [false, false, false, false, true, true, false]
        );
        // A 7 turned: the bar at the foot (d), the stroke on the left (e, f).
        assert_eq!(
            lit(&turned[2]),
            [false, false, false, true, true, true, false]
        );
        for (digit, segments) in DIGITS.iter().enumerate() {
            let twice = glyphs(&digit.to_string(), true)
                .first()
                .map(|g| [g.d, g.e, g.f, g.a, g.b, g.c, g.g]);
            assert_eq!(twice.as_ref(), Some(segments), "{digit} turned back");
        }
    }
}
