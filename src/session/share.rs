//! Sending a code's text to another app (a chat, a mail) through the
//! platform's share sheet: Android's "Share" chooser. Desktops have none;
//! there the codes screen copies the text to the clipboard instead.

/// A platform's way to hand text to another app the player chooses.
pub trait ShareSheet: Send + Sync {
    /// Opens the share sheet with `text`, headed by `title`; an error says
    /// why it could not be opened (the code can still be copied).
    fn share_text(&self, title: &str, text: &str) -> Result<(), String>;
}
