//! How clocks are written on screen: time left ("4:59", tenths under ten
//! seconds), a time control in words, and both sides' clocks of a timed game.

use super::naming::side_name;
use crate::core::Side;
use crate::core::clock::{Bonus, GameClock, TimeControl};
use std::time::Duration;

/// "5 min + 3 s a move", "60 min, a delay of 10 s".
pub(super) fn control_label(control: TimeControl) -> String {
    let main = if control.main_seconds.is_multiple_of(60) {
        crate::tr!("{} min", control.main_seconds / 60)
    } else {
        crate::tr!("{} s", control.main_seconds)
    };
    match control.bonus {
        Bonus::None => main,
        Bonus::Increment(s) => crate::tr!("{} + {} s a move", main, s),
        Bonus::Delay(s) => crate::tr!("{}, a delay of {} s", main, s),
    }
}

/// The bonuses a control of one's own may have, in the order of
/// `own_control`'s `bonus_kind`.
pub(super) fn bonus_kinds() -> Vec<String> {
    vec![
        crate::tr!("No bonus"),
        crate::tr!("An increment a move"),
        crate::tr!("A delay a move"),
    ]
}

/// A control of one's own, from the fields' values (kept within what the
/// fields allow).
pub(super) fn own_control(minutes: i32, bonus_kind: i32, bonus_seconds: i32) -> TimeControl {
    let minutes = minutes.clamp(1, 600) as u32;
    let seconds = bonus_seconds.clamp(1, 600) as u32;
    let bonus = match bonus_kind {
        1 => Bonus::Increment(seconds),
        2 => Bonus::Delay(seconds),
        _ => Bonus::None,
    };
    TimeControl::minutes(minutes, bonus)
}

/// A preset's name, short enough for a phone's row of four choices:
/// Blitz, Quick, Long (a tournament's game).
pub(super) fn preset_name(control: TimeControl) -> String {
    match TimeControl::PRESETS.iter().position(|c| *c == control) {
        Some(0) => crate::tr!("Blitz"),
        Some(1) => crate::tr!("Quick"),
        _ => crate::tr!("Long"),
    }
}

/// How a clock shows time left: "1:02:03" from an hour, "4:59", and under
/// ten seconds tenths too ("0:09.4"). Time is shown rounded down, so a
/// clock reads 0:00.0 only when it is out.
pub(super) fn time_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let seconds = tenths / 10;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if seconds >= 10 {
        format!("{m}:{s:02}")
    } else {
        format!("{m}:{s:02}.{}", tenths % 10)
    }
}

/// Both sides' clocks of a timed game as the play screen shows them: each
/// side's name and time left, and the side whose clock runs (-1: none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SideClocks {
    pub red: String,
    pub blue: String,
    pub running: i32,
}

pub(super) fn side_clocks(clock: &GameClock, now: Duration) -> SideClocks {
    let text = |side: Side| {
        let out = if clock.out_of_time() == Some(side) {
            crate::tr!(" (out of time)")
        } else {
            String::new()
        };
        format!(
            "{} {}{}",
            side_name(side),
            time_text(clock.left(side, now)),
            out
        )
    };
    SideClocks {
        red: text(Side::Red),
        blue: text(Side::Blue),
        running: match clock.to_move() {
            Some(side) if clock.running() => side.index() as i32,
            _ => -1,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_is_shown_rounded_down_with_tenths_at_the_end() {
        let ms = Duration::from_millis;
        assert_eq!(time_text(ms(3_723_000)), "1:02:03");
        assert_eq!(time_text(ms(299_999)), "4:59");
        assert_eq!(time_text(ms(10_000)), "0:10");
        assert_eq!(time_text(ms(9_999)), "0:09.9");
        assert_eq!(time_text(ms(99)), "0:00.0");
    }
}
