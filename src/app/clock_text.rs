//! How clocks are written on screen: time left ("4:59", tenths under ten
//! seconds), a time control in words, both sides' clocks of a timed game,
//! and what the other device's last code said of its clock.

use super::naming::side_name;
use crate::core::Side;
use crate::core::clock::{Bonus, GameClock, TimeControl};
use crate::link::LinkedGame;
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
    if left.as_secs() >= 10 {
        return span_text(left);
    }
    let tenths = left.as_millis() / 100;
    format!("0:{:02}.{}", tenths / 10, tenths % 10)
}

/// How a span of time used is shown: "0:03", "4:59", "1:02:03" (whole
/// seconds, rounded down: tenths are for a clock running out).
fn span_text(span: Duration) -> String {
    let seconds = span.as_secs();
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
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

/// What the other device's last code said of its clock, how much of this
/// device's wait for it the claim leaves out (the codes' travel and
/// scanning, and all a lying device could have hidden), and, where the
/// devices share their counts, how much of this player's own time the
/// other device counted beyond its clock. Nothing when the code claimed
/// no time and nothing was charged.
pub(super) fn their_time_text(game: &LinkedGame) -> Option<String> {
    let time = game
        .their_time()
        .filter(|t| !t.claimed.is_zero() || !t.charged.is_zero())?;
    let side = side_name(game.endpoint().side().opponent());
    let claimed = span_text(time.claimed);
    let beyond = time.charged_beyond_claim();
    let allowance = game.clock_terms().map_or(Duration::ZERO, |t| t.allowance);
    let about_theirs = match time.waited.filter(|_| !beyond.is_zero()) {
        Some(waited) if time.watched => crate::tr!(
            "{}'s device says its clock ran {}, but your camera, watching, saw its code {} after yours appeared: it was charged {} more.",
            side,
            claimed,
            span_text(waited),
            span_text(beyond)
        ),
        Some(waited) => crate::tr!(
            "{}'s device says its clock ran {}, but you waited {} for its code: it was charged {} more (the wait beyond {}, the allowance for a code the camera did not watch for).",
            side,
            claimed,
            span_text(waited),
            span_text(beyond),
            span_text(allowance)
        ),
        None => match time.unclaimed() {
            None => crate::tr!("{}'s device says its clock ran {}.", side, claimed),
            Some(unclaimed) => crate::tr!(
                "{}'s device says its clock ran {}; {} of your wait is unaccounted for (the codes' travel; {} in this game).",
                side,
                claimed,
                span_text(unclaimed),
                span_text(game.their_unclaimed_time().unwrap_or_default())
            ),
        },
    };
    let about_mine = game
        .my_time_beyond_claims_there()
        .filter(|count| !count.is_zero())
        .map(|count| {
            crate::tr!(
                "{}'s device has counted {} more of your time than your clock (your scanning and showing of codes).",
                side,
                span_text(count)
            )
        });
    Some(crate::i18n::sentences(
        std::iter::once(about_theirs).chain(about_mine),
    ))
}

/// The terms of a timed two-device game's clocks, for its codes screen:
/// what a watching camera and the allowance mean for each side's time.
pub(super) fn clock_terms_text(game: &LinkedGame) -> Option<String> {
    let terms = game.clock_terms()?;
    Some(crate::tr!(
        "Each player's time runs from the moment their opponent's code appears until their own code is read. A camera left watching for the other device's code times it to the moment it appears; a code pasted or read from a picture is timed from when it is read, less an allowance of {}.",
        span_text(terms.allowance)
    ))
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
