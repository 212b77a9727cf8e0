//! The compiled catalogues: `build.rs` reads every
//! `i18n/LANG/LC_MESSAGES/flagfall.po` into a table sorted by context and
//! msgid.

use super::Language;

/// One translated text of a catalogue.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The `msgctxt` ("" for none).
    pub context: &'static str,
    pub msgid: &'static str,
    /// The English plural (`msgid_plural`), if the text has one.
    pub plural: Option<&'static str>,
    /// The translation (its first form, for a plural).
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// Every translated text of `language`'s catalogue (none for English, the
/// source language), sorted by context and msgid.
pub fn entries(language: Language) -> &'static [Entry] {
    CATALOGUES
        .iter()
        .find(|(code, _)| *code == language.code())
        .map_or(&[], |(_, entries)| entries)
}

pub(super) fn lookup(language: Language, context: &str, msgid: &str) -> Option<&'static str> {
    let entries = entries(language);
    entries
        .binary_search_by(|entry| (entry.context, entry.msgid).cmp(&(context, msgid)))
        .ok()
        .map(|at| entries[at].text)
}
