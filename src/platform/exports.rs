//! Where the files a player asks for go (game records, printed sheets,
//! pictures of codes): on a computer a folder a person looks in
//! (Documents/Flagfall), on Android the phone's Downloads (the android
//! crate), and where neither is known the data folder's `exports`.

use crate::platform::files::write_atomic;
use std::path::{Path, PathBuf};

/// Somewhere files can be kept for the player.
pub trait Exports: Send + Sync {
    /// Keeps `bytes` (of the media type `mime`) as `file_name`, replacing an
    /// older file of that name; says where it went.
    fn keep(&self, file_name: &str, mime: &str, bytes: &[u8]) -> Result<Kept, ExportError>;

    /// The folder files go to, where it is one on this device.
    fn folder(&self) -> Option<PathBuf> {
        None
    }
}

/// Why a file could not be kept for the player.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file could not be written in a folder here.
    File {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The platform would not take the file; its reason, in its own words
    /// (Android's downloads).
    Platform(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::File { path, source } => write!(f, "{}: {source}", path.display()),
            ExportError::Platform(e) => std::fmt::Display::fmt(e, f),
        }
    }
}

/// Where a kept file went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// In words a player can follow: a path, or "Download/Flagfall/x.pdf".
    pub place: String,
    /// The folder it is in, where this device can show a folder (a computer).
    pub folder: Option<PathBuf>,
    /// An address another app can open it by, where the platform has one
    /// (Android's `content://` address of a download), for the share sheet.
    pub address: Option<String>,
}

/// A folder on this computer.
#[derive(Debug, Clone)]
pub struct Folder {
    pub dir: PathBuf,
}

impl Folder {
    /// The player's Documents/Flagfall (or Downloads/Flagfall, where there
    /// are no documents): where a person looks for what an app saved.
    pub fn for_player() -> Option<Folder> {
        let dirs = directories::UserDirs::new()?;
        let home = dirs.home_dir();
        let base = players_folder(dirs.document_dir(), home, "Documents")
            .or_else(|| players_folder(dirs.download_dir(), home, "Downloads"))?;
        Some(Folder {
            dir: base.join("Flagfall"),
        })
    }
}

/// The player's folder of a kind: the one the desktop names (XDG's
/// user-dirs), else `home`'s `usual` one ("Documents") where it is there: a
/// desktop without a user-dirs file names none, though ~/Documents exists.
pub fn players_folder(named: Option<&Path>, home: &Path, usual: &str) -> Option<PathBuf> {
    named
        .map(Path::to_path_buf)
        .or_else(|| Some(home.join(usual)).filter(|dir| dir.is_dir()))
}

impl Exports for Folder {
    fn keep(&self, file_name: &str, _mime: &str, bytes: &[u8]) -> Result<Kept, ExportError> {
        let path = self.dir.join(file_name);
        if let Err(source) = write_atomic(&path, bytes) {
            return Err(ExportError::File { path, source });
        }
        Ok(Kept {
            place: path.display().to_string(),
            folder: Some(self.dir.clone()),
            address: None,
        })
    }

    fn folder(&self) -> Option<PathBuf> {
        Some(self.dir.clone())
    }
}

/// Shows a folder in the computer's file manager (`open_folder`, or a
/// stand-in in tests).
pub type OpenFolder = fn(&Path) -> std::io::Result<()>;

/// Shows `dir` in the computer's file manager (why not: the opener's error,
/// as the source of an I/O error).
pub fn open_folder(dir: &Path) -> std::io::Result<()> {
    opener::open(dir).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_user_dirs_file_the_home_documents_folder_is_used() {
        let home = std::env::temp_dir().join(format!("flagfall-home-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(home.join("Documents")).unwrap();
        assert_eq!(
            players_folder(None, &home, "Documents"),
            Some(home.join("Documents"))
        );
        assert_eq!(players_folder(None, &home, "Downloads"), None, "not there");
        let named = home.join("Dokumente");
        assert_eq!(
            players_folder(Some(&named), &home, "Documents"),
            Some(named),
            "the desktop's own name comes first"
        );
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn a_folder_keeps_a_file_and_names_its_place() {
        let dir = std::env::temp_dir().join(format!("flagfall-exports-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let folder = Folder { dir: dir.clone() };
        let kept = folder.keep("a.json", "application/json", b"{}").unwrap();
        assert_eq!(std::fs::read(dir.join("a.json")).unwrap(), b"{}");
        assert_eq!(kept.folder.as_deref(), Some(dir.as_path()));
        assert!(kept.place.ends_with("a.json"), "{}", kept.place);
        // Kept again under the same name: replaced.
        folder.keep("a.json", "application/json", b"[]").unwrap();
        assert_eq!(std::fs::read(dir.join("a.json")).unwrap(), b"[]");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
