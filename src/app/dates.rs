//! Dates as the screens show them, in the device's time zone and the
//! app's language: "29 Nov 2026, 14:05", "2026年11月29日 14:05".

use chrono::{Datelike, Local, TimeZone, Timelike};

/// The month's short name, in the current language.
fn month_name(month: u32) -> String {
    match month {
        1 => crate::tr!("Jan"),
        2 => crate::tr!("Feb"),
        3 => crate::tr!("Mar"),
        4 => crate::tr!("Apr"),
        5 => crate::tr!("May"),
        6 => crate::tr!("Jun"),
        7 => crate::tr!("Jul"),
        8 => crate::tr!("Aug"),
        9 => crate::tr!("Sep"),
        10 => crate::tr!("Oct"),
        11 => crate::tr!("Nov"),
        _ => crate::tr!("Dec"),
    }
}

/// `at` in the device's time zone as a file's name carries it, sorting
/// by time: "2026-12-05-143012" (to the second, so that two records saved
/// within one minute do not overwrite each other).
pub(super) fn file_name_time(at: std::time::SystemTime) -> String {
    chrono::DateTime::<Local>::from(at)
        .format("%Y-%m-%d-%H%M%S")
        .to_string()
}

/// The day and time `unix_ms` (milliseconds since 1970) falls on here;
/// none for a time the calendar cannot show.
pub(super) fn day_and_time(unix_ms: u64) -> Option<String> {
    let at = Local
        .timestamp_millis_opt(i64::try_from(unix_ms).ok()?)
        .single()?;
    let time = format!("{:02}:{:02}", at.hour(), at.minute());
    // Day, month, year and time; Japanese puts the year first.
    Some(crate::tr!(
        "{0} {1} {2}, {3}",
        at.day(),
        month_name(at.month()),
        at.year(),
        time
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_reads_with_its_month_by_name() {
        // Noon UTC on 29 November 2026 is the 29th or 30th in every time zone.
        let text = day_and_time(1_795_953_600_000).unwrap();
        assert!(
            ["29 Nov 2026, ", "30 Nov 2026, "]
                .iter()
                .any(|day| text.starts_with(day)),
            "{text}"
        );
        assert_eq!(day_and_time(u64::MAX), None);
    }

    #[test]
    fn a_file_s_time_sorts_and_has_no_milliseconds() {
        let noon = std::time::UNIX_EPOCH + std::time::Duration::from_millis(1_795_953_600_123);
        let name = file_name_time(noon);
        // yyyy-mm-dd-hhmmss, whatever the time zone.
        assert_eq!(name.len(), 17, "{name}");
        assert!(
            name.starts_with("2026-11-29-") || name.starts_with("2026-11-30-"),
            "{name}"
        );
        assert!(name.ends_with("00"), "the seconds, no milliseconds: {name}");
    }
}
