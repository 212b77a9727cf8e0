//! Where a printed PDF is kept: a folder (the data folder's `exports` on
//! desktop), or the platform's downloads (Android, in the android crate).

use crate::session::storage::write_atomic;
use std::path::PathBuf;

/// Somewhere a PDF can be kept for the player to print.
pub trait PdfStore: Send + Sync {
    /// Keeps `pdf` under `file_name`, replacing an older copy of that name;
    /// returns where it went, in words a player can follow.
    fn keep(&self, file_name: &str, pdf: &[u8]) -> Result<String, String>;
}

/// A folder on this computer.
#[derive(Debug, Clone)]
pub struct Folder {
    pub dir: PathBuf,
}

impl PdfStore for Folder {
    fn keep(&self, file_name: &str, pdf: &[u8]) -> Result<String, String> {
        let path = self.dir.join(file_name);
        write_atomic(&path, pdf).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }
}

/// The file name a sheet is kept under: one file per sheet and paper, so
/// printing it again replaces it.
pub fn file_name(name: &str, paper: super::Paper) -> String {
    let paper = if paper == super::paper::LETTER {
        "letter"
    } else {
        "a4"
    };
    format!("flagfall-{name}-{paper}.pdf")
}
