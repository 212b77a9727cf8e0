//! A clipboard the platform gives the codes screens where the toolkit's
//! own cannot be reached from a button: in a browser page, Slint's reaches
//! the page's clipboard only inside the browser's own copy and paste
//! events, so "Copy the code's text" and "Paste and read" go through the
//! page's clipboard instead.

use super::link::MAX_PASTED_BYTES;
use super::photos::PictureError;
use std::sync::mpsc::Receiver;

/// Why no code was pasted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasteError {
    /// The platform would not read its clipboard, in its own words.
    Refused(String),
    /// The clipboard holds more text than any code can be.
    TooLong { bytes: usize },
}

impl std::fmt::Display for PasteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            PasteError::Refused(why) => crate::tr!(
                "the clipboard could not be read ({}): paste the code's text into the field instead",
                why
            ),
            PasteError::TooLong { bytes } => crate::tr!(
                "That text is {} KB, longer than any code can be (at most {} KB): nothing was read.",
                bytes / 1024,
                MAX_PASTED_BYTES / 1024
            ),
        })
    }
}

/// The platform's clipboard.
pub trait Clipboard {
    /// Puts `text` on the clipboard.
    fn copy_text(&self, text: &str);

    /// Reads the clipboard's text; it comes on the receiver as the code to
    /// read (`pasted`), or why none was.
    fn paste_text(&self) -> Receiver<Result<Vec<String>, PictureError>>;
}

/// The clipboard's `text` as the code to read, or why it is none.
pub fn pasted(text: String) -> Result<Vec<String>, PictureError> {
    if text.len() > MAX_PASTED_BYTES {
        return Err(PasteError::TooLong { bytes: text.len() }.into());
    }
    Ok(vec![text])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_text_is_read_unless_no_code_could_be_so_long() {
        assert_eq!(pasted("FLAGFALL:x".into()).unwrap(), vec!["FLAGFALL:x"]);
        let long = "x".repeat(MAX_PASTED_BYTES + 1);
        let refused = pasted(long).unwrap_err().to_string();
        assert!(refused.contains("longer than any code can be"), "{refused}");
    }
}
