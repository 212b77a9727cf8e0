//! Sending a code's text, or a file the player saved, to another app (a
//! chat, a mail) through the platform's share sheet: Android's "Share"
//! chooser. Desktops have none; there the codes screen copies the text to
//! the clipboard instead, and a saved file's folder can be opened.

/// Why the share sheet did not open.
#[derive(Debug, thiserror::Error)]
pub enum ShareError {
    /// The system could not be asked at all, in its own words.
    Unreachable(String),
    /// The system would not open its share sheet, in its own words.
    NotOpened(String),
}

impl std::fmt::Display for ShareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShareError::Unreachable(why) => {
                f.write_str(&crate::tr!("the system cannot be reached ({})", why))
            }
            ShareError::NotOpened(why) => f.write_str(why),
        }
    }
}

/// A platform's way to hand text or a file to another app the player chooses.
pub trait ShareSheet: Send + Sync {
    /// Opens the share sheet with `text`, headed by `title`; an error says
    /// why it could not be opened (the code can still be copied).
    fn share_text(&self, title: &str, text: &str) -> Result<(), ShareError>;

    /// Opens the share sheet with the file at `address` (as the platform's
    /// `Exports` gave it) of the media type `mime`; an error says why not.
    fn share_file(&self, title: &str, address: &str, mime: &str) -> Result<(), ShareError>;
}
