//! The languages there are, and the player's choice among them.

use serde::{Deserialize, Serialize};

/// A language the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Language {
    English = 0,
    Japanese = 1,
}

impl Language {
    /// In the order of `Language as u8`.
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// The language's code: the catalogue's folder under `i18n/` and the
    /// name Slint's bundled translations know it by ("" for English, the
    /// source language).
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }

    /// The language a locale names ("ja_JP.UTF-8", "ja-JP", "en-GB"), if the
    /// app speaks it.
    pub fn of_locale(locale: &str) -> Option<Language> {
        let base = locale.split(['-', '_', '.', '@']).next()?;
        Language::ALL
            .into_iter()
            .find(|language| base.eq_ignore_ascii_case(language.code()))
    }

    /// The first of the platform's preferred locales the app speaks, else
    /// English.
    pub fn for_locales<S: AsRef<str>>(locales: &[S]) -> Language {
        locales
            .iter()
            .find_map(|locale| Language::of_locale(locale.as_ref()))
            .unwrap_or(Language::English)
    }
}

/// The language setting: the platform's, or one chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LanguageChoice {
    /// The platform's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG on
    /// desktop; the device's locale on Android).
    #[default]
    System,
    English,
    Japanese,
}

impl LanguageChoice {
    /// In the order the settings screen lists them.
    pub const ALL: [LanguageChoice; 3] = [
        LanguageChoice::System,
        LanguageChoice::English,
        LanguageChoice::Japanese,
    ];

    /// The language this choice means on a platform whose preferred locales
    /// are `system_locales`.
    pub fn resolve<S: AsRef<str>>(self, system_locales: &[S]) -> Language {
        match self {
            LanguageChoice::System => Language::for_locales(system_locales),
            LanguageChoice::English => Language::English,
            LanguageChoice::Japanese => Language::Japanese,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Language, LanguageChoice};

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Language::of_locale("ja_JP.UTF-8"), Some(Language::Japanese));
        assert_eq!(Language::of_locale("ja-JP"), Some(Language::Japanese));
        assert_eq!(Language::of_locale("JA"), Some(Language::Japanese));
        assert_eq!(Language::of_locale("en_GB"), Some(Language::English));
        assert_eq!(Language::of_locale("de_DE"), None);
        assert_eq!(Language::of_locale("C"), None);
        assert_eq!(Language::of_locale(""), None);
        assert_eq!(
            Language::for_locales(&["de-DE", "ja-JP"]),
            Language::Japanese
        );
        assert_eq!(Language::for_locales(&["fr-FR"]), Language::English);
        assert_eq!(Language::for_locales::<&str>(&[]), Language::English);
    }

    #[test]
    fn a_chosen_language_overrides_the_platform() {
        assert_eq!(
            LanguageChoice::System.resolve(&["ja_JP"]),
            Language::Japanese
        );
        assert_eq!(
            LanguageChoice::English.resolve(&["ja_JP"]),
            Language::English
        );
        assert_eq!(
            LanguageChoice::Japanese.resolve(&["en_US"]),
            Language::Japanese
        );
    }
}
