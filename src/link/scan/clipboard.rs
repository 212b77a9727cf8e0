//! A clipboard the platform gives the codes screens where the toolkit's
//! own cannot be reached from a button: in a browser page, Slint's reaches
//! the page's clipboard only inside the browser's own copy and paste
//! events, so "Copy the code's text" and "Paste and read" go through the
//! page's clipboard instead.

use crate::link::MAX_PASTED_BYTES;
use crate::link::scan::{PasteError, PictureError};
use std::sync::mpsc::Receiver;

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
