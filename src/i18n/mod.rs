//! The languages the app speaks and its one translation catalogue.
//!
//! English is the source language: every text a player sees is written in
//! English in the code (`tr!` in Rust, `@tr` in the `.slint` screens) and
//! looked up in the catalogue of the chosen language, the gettext files
//! `i18n/LANG/LC_MESSAGES/flagfall.po`. Slint reads them for the screens
//! (bundled at build time); `build.rs` turns the same files into the table
//! `translate` looks in, so a screen never mixes a Slint string and a Rust
//! string of two languages. `i18n/GLOSSARY.md` says where each Japanese term
//! comes from.
//!
//! The language is one setting for the whole process (as a locale is):
//! `set_language` switches it, and every string made after that is in the
//! new language.

mod catalogue;
mod format;
mod language;

pub use catalogue::{Entry, entries};
pub use format::format;
pub use language::{Language, LanguageChoice};

use std::sync::atomic::{AtomicU8, Ordering};

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Switches the language of every string made from now on.
pub fn set_language(language: Language) {
    CURRENT.store(language as u8, Ordering::Relaxed);
}

/// The language strings are made in now.
pub fn language() -> Language {
    Language::ALL
        .get(usize::from(CURRENT.load(Ordering::Relaxed)))
        .copied()
        .unwrap_or(Language::English)
}

/// `msgid` (an English text) in the current language. A text the catalogue
/// does not have (a name from a variant file the app was not built with)
/// comes back as it is.
pub fn translate(msgid: &str) -> String {
    catalogue::lookup(language(), "", msgid)
        .unwrap_or(msgid)
        .to_string()
}

/// "A and B and C" in the current language.
pub fn and_list(items: impl IntoIterator<Item = String>) -> String {
    items
        .into_iter()
        .reduce(|list, item| crate::tr!("{} and {}", list, item))
        .unwrap_or_default()
}

/// "A, B, C" in the current language.
pub fn comma_list(items: impl IntoIterator<Item = String>) -> String {
    items
        .into_iter()
        .reduce(|list, item| crate::tr!("{}, {}", list, item))
        .unwrap_or_default()
}

/// Sentences one after another, as each language writes them: after a
/// Japanese full stop (。, ！, ？ or a closing 」) straight on, after any other
/// a space. Empty ones are left out.
pub fn sentences<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let mut text = String::new();
    for item in items {
        let item = item.as_ref().trim();
        if item.is_empty() {
            continue;
        }
        if !text.is_empty() && !text.ends_with(['。', '！', '？', '」']) {
            text.push(' ');
        }
        text.push_str(item);
    }
    text
}

/// A text in the current language, with `{}` / `{0}` placeholders filled
/// from the arguments: `tr!("Red wins")`, `tr!("{} moves", count)`. The first
/// argument must be one string literal: the catalogue test finds every
/// `tr!` in the sources by it.
#[macro_export]
macro_rules! tr {
    ($msgid:literal $(,)?) => {
        $crate::i18n::translate($msgid)
    };
    ($msgid:literal, $($arg:expr),+ $(,)?) => {
        $crate::i18n::format(
            &$crate::i18n::translate($msgid),
            &[$(&$arg as &dyn ::std::fmt::Display),+],
        )
    };
}

/// Marks a text for the catalogue where it cannot be translated yet (a
/// `const` table): it stays English here and is translated where it is shown,
/// with `i18n::translate`.
#[macro_export]
macro_rules! tr_noop {
    ($msgid:literal) => {
        $msgid
    };
}

#[cfg(test)]
mod tests {
    use super::sentences;

    #[test]
    fn japanese_sentences_follow_on_and_english_ones_take_a_space() {
        assert_eq!(
            sentences(["Red moved.", "", "Blue wins."]),
            "Red moved. Blue wins."
        );
        assert_eq!(
            sentences(["赤が動きました。", "青の勝ちです。"]),
            "赤が動きました。青の勝ちです。"
        );
        assert_eq!(
            sentences(["「待った」。", "Red moved."]),
            "「待った」。Red moved."
        );
        assert_eq!(
            sentences(["Red moved.", "青の勝ちです。"]),
            "Red moved. 青の勝ちです。"
        );
        assert_eq!(sentences(Vec::<String>::new()), "");
    }
}
