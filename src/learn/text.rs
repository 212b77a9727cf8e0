//! A lesson's words, in every language the app speaks.

use crate::i18n::Language;
use serde::Deserialize;

/// One text in English and Japanese: a lesson file carries both, so a
/// lesson reads the same whichever language the app is in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    #[serde(default)]
    pub en: String,
    #[serde(default)]
    pub ja: String,
}

impl Text {
    /// The text in `language`.
    pub fn get(&self, language: Language) -> &str {
        match language {
            Language::English => &self.en,
            Language::Japanese => &self.ja,
        }
    }

    /// The text in the app's language now.
    pub fn now(&self) -> &str {
        self.get(crate::i18n::language())
    }

    /// The languages it has no words in.
    pub fn missing(&self) -> Vec<&'static str> {
        [(&self.en, "en"), (&self.ja, "ja")]
            .into_iter()
            .filter(|(text, _)| text.trim().is_empty())
            .map(|(_, code)| code)
            .collect()
    }

    /// Adds a problem to `problems` for each language `field` has no words
    /// in.
    pub fn check(&self, field: &str, problems: &mut Vec<String>) {
        for language in self.missing() {
            problems.push(format!("{field} has no text in \"{language}\""));
        }
    }
}
