//! The About screen's controller (`ui/about.slint`, global `AboutAdapter`):
//! the version and commit the app was built from, and the notices of the
//! crates it ships (`licences/THIRD-PARTY-NOTICES.txt`, made by
//! cargo-about from Cargo.lock), shown a paragraph an entry. It opens from
//! the home screen or from Settings and goes back to where it was opened.

use super::effect::Effect;
use super::models::{self, List};
use super::router::Overlay;
use super::{AboutAdapter, App, AppWindow};
use crate::build_info;
use slint::{ComponentHandle, Model, SharedString};

/// The notices of every crate shipped in the app, as the release carries them.
const NOTICES: &str = include_str!("../../licences/THIRD-PARTY-NOTICES.txt");

/// The browser build's own font's notice (`web/src/japanese_font.rs`),
/// shown after the crates' there; the other builds draw with the system's
/// fonts.
#[cfg(target_arch = "wasm32")]
const FONT_NOTICE: Option<&str> = Some(include_str!("../../web/fonts/OFL.txt"));
#[cfg(not(target_arch = "wasm32"))]
const FONT_NOTICE: Option<&str> = None;

/// Where a player reports a problem.
pub const REPORT_ADDRESS: &str = "https://github.com/flagfall/flagfall/issues";

/// Where About was opened from, which its Back returns to, whether the
/// notices are shown in place of the page, and their paragraphs once shown.
pub(super) struct AboutController {
    opened_from: Option<Overlay>,
    notices_shown: bool,
    notices: List<SharedString>,
}

impl AboutController {
    /// About, closed, with its (empty) list of notices on the screen.
    pub(super) fn new(w: &AppWindow) -> AboutController {
        let about = AboutController::unbound();
        w.global::<AboutAdapter>()
            .set_notices(models::handle(&about.notices));
        about
    }

    /// About with its notices not yet on any screen (`new` binds them;
    /// tests use it as it is).
    fn unbound() -> AboutController {
        AboutController {
            opened_from: None,
            notices_shown: false,
            notices: models::list(),
        }
    }

    /// About opens over `from` (the home screen when none), at its page.
    pub(super) fn open(&mut self, from: Option<Overlay>) {
        if from != Some(Overlay::About) {
            self.opened_from = from;
        }
        self.notices_shown = false;
    }

    /// The notices take the page's place.
    pub(super) fn show_notices(&mut self) {
        self.notices_shown = true;
        if self.notices.row_count() == 0 {
            let mut paragraphs = notice_paragraphs(NOTICES);
            paragraphs.extend(FONT_NOTICE.map(notice_paragraphs).unwrap_or_default());
            models::update_texts(&self.notices, paragraphs);
        }
    }

    /// One step back: from the notices to the page, from the page to where
    /// About was opened.
    pub(super) fn back(&mut self) -> Option<Effect> {
        if std::mem::take(&mut self.notices_shown) {
            return None;
        }
        Some(Effect::Overlay(self.opened_from))
    }

    /// Shows the page or the notices; the version reads in the language of
    /// the moment, and the notices are laid out on first sight (most
    /// players never open them).
    pub(super) fn refresh(&self, w: &AppWindow) {
        let about = w.global::<AboutAdapter>();
        about.set_version(version_line().into());
        about.set_notices_shown(self.notices_shown);
    }
}

/// "Version 0.1.0, built from commit …".
pub(super) fn version_line() -> String {
    crate::tr!(
        "Version {}, built from commit {}",
        build_info::VERSION,
        build_info::COMMIT
    )
}

/// The notices a paragraph each (split at blank lines), for a list that
/// lays out only what is in view; prose wrapped by hand is joined so the
/// screen wraps it at its own width (`reflow`).
pub(super) fn notice_paragraphs(notices: &str) -> Vec<String> {
    notices
        .split("\n\n")
        .map(str::trim_end)
        .filter(|p| !p.trim().is_empty())
        .map(reflow)
        .collect()
}

/// A paragraph with the line breaks of hand-wrapped prose (a licence text
/// wrapped at 80 columns) made spaces: a line joins the one before when
/// that one is long (40 characters or more) and the line is no list entry
/// (a crate and its version, a numbered or bulleted line) and is indented
/// as the line before. Short lines, headings and lists keep their breaks.
fn reflow(paragraph: &str) -> String {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut text = String::new();
    let mut before: Option<&str> = None;
    for line in paragraph.lines() {
        match before {
            Some(prev)
                if prev.trim().chars().count() >= 40
                    && indent(line) == indent(prev)
                    && !is_list_entry(line.trim_start()) =>
            {
                text.push(' ');
                text.push_str(line.trim_start());
            }
            Some(_) => {
                text.push('\n');
                text.push_str(line);
            }
            None => text.push_str(line),
        }
        before = Some(line);
    }
    text
}

/// A line that starts an entry of a list: "anyhow v1.0.86: MIT", "2. ",
/// "(a) ", "- ", "* ", "• ".
fn is_list_entry(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let crate_line = words
        .next()
        .is_some_and(|w| w.starts_with('v') && w[1..].starts_with(|c: char| c.is_ascii_digit()));
    let numbered = first.ends_with(['.', ')'])
        && first
            .trim_matches(['(', ')', '.'])
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
        && first.len() <= 4;
    crate_line || numbered || ["-", "*", "•"].contains(&first)
}

/// How many crates the notices cover: the lines of their "Crates" list
/// (`about.hbs`), one a crate, up to the first blank line.
pub(super) fn crate_count(notices: &str) -> usize {
    notices.split_once(CRATES_HEADING).map_or(0, |(_, rest)| {
        rest.lines()
            .take_while(|line| !line.trim().is_empty())
            .count()
    })
}

/// The heading of the notices' list of crates (`about.hbs`).
const CRATES_HEADING: &str = "\nCrates\n------\n";

pub(super) fn connect(app: &App) {
    let about = app.window().global::<AboutAdapter>();
    about.set_report_address(REPORT_ADDRESS.into());
    about.set_crate_count(i32::try_from(crate_count(NOTICES)).unwrap_or(i32::MAX));
    about.on_show_notices(app.unit(|s, _| s.about.show_notices()));
    about.on_back(app.unit(|s, _| s.about.back()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notices_name_crates_and_split_into_paragraphs() {
        assert!(crate_count(NOTICES) > 100, "{}", crate_count(NOTICES));
        let paragraphs = notice_paragraphs(NOTICES);
        assert!(paragraphs.len() > crate_count(NOTICES) / 10);
        assert!(paragraphs.iter().all(|p| !p.trim().is_empty()));
        assert!(NOTICES.contains("slint"), "Slint's notice is missing");
    }

    #[test]
    fn the_version_line_names_the_version_and_commit() {
        let line = version_line();
        assert!(line.contains(env!("CARGO_PKG_VERSION")), "{line}");
        assert!(line.contains(build_info::COMMIT), "{line}");
    }

    #[test]
    fn back_goes_from_the_notices_to_the_page_then_where_about_was_opened() {
        let mut about = AboutController::unbound();
        about.open(Some(Overlay::Settings));
        assert_eq!(about.notices.row_count(), 0, "laid out on first sight only");
        about.show_notices();
        assert_eq!(about.notices.row_count(), notice_paragraphs(NOTICES).len());
        assert!(about.back().is_none());
        assert!(matches!(
            about.back(),
            Some(Effect::Overlay(Some(Overlay::Settings)))
        ));
        about.open(None);
        assert!(matches!(about.back(), Some(Effect::Overlay(None))));
    }

    #[test]
    fn paragraphs_split_at_blank_lines_only() {
        let text = "Notices\n\nCrates\n------\na 1.0: MIT\nb 2.0: MIT\n\nPermission is granted\nto anyone.\n\n\n\nEnd";
        assert_eq!(
            notice_paragraphs(text),
            vec![
                "Notices",
                "Crates\n------\na 1.0: MIT\nb 2.0: MIT",
                "Permission is granted\nto anyone.",
                "End"
            ]
        );
        assert_eq!(crate_count(text), 2);
    }

    #[test]
    fn hand_wrapped_prose_is_joined_and_lists_keep_their_lines() {
        let prose = "Permission is hereby granted, free of charge, to any person\n\
                     obtaining a copy of this software, to deal in the Software.";
        assert_eq!(
            notice_paragraphs(prose),
            [
                "Permission is hereby granted, free of charge, to any person \
              obtaining a copy of this software, to deal in the Software."
            ]
        );
        let crates = "idna v1.1.0: MIT OR Apache-2.0, https://github.com/servo/rust-url/\n\
                      image v0.25.10: MIT OR Apache-2.0, https://github.com/image-rs/image";
        assert_eq!(notice_paragraphs(crates), [crates]);
        let apache = "   1. Definitions of the words used in this License, in order:\n   \
                      2. Grant of Copyright License. Subject to the terms and conditions";
        assert_eq!(notice_paragraphs(apache), [apache]);
        let indented = "      \"License\" shall mean the terms and conditions for use,\n      \
                        and distribution as defined by Sections 1 through 9.";
        assert_eq!(
            notice_paragraphs(indented),
            [
                "      \"License\" shall mean the terms and conditions for use, \
              and distribution as defined by Sections 1 through 9."
            ]
        );
    }
}
