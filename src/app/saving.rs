//! Saving a file a player asked for (a game's record, a printed sheet, a
//! code's picture) where a person looks for it: the platform's place for
//! such files (`platform::exports`: Documents/Flagfall on a computer,
//! Downloads on Android), or the data folder's `exports` where the platform
//! names none. Each save says where the file went; then a computer offers
//! to open its folder, and a phone to send it on through the share sheet.

use super::{AppWindow, CodesAdapter, GameOverAdapter, PrintAdapter};
use crate::platform::exports::{ExportError, Exports, Folder, OpenFolder};
use crate::platform::share::{ShareError, ShareSheet};
use crate::store::Storage;
use slint::ComponentHandle;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a file was not saved for the player, or what was asked of it next
/// could not be done.
#[derive(Debug, thiserror::Error)]
pub(super) enum SaveError {
    /// No place to keep files: no data folder, and the platform names none.
    NoPlace,
    /// The place files go refused this one.
    Keep(#[from] ExportError),
    /// This device shows no folders (a phone).
    NoFolders,
    /// The file manager did not show the folder.
    FolderNotOpened {
        folder: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// This device has no share sheet, or the file no address to send it by.
    NoShareSheet,
    /// The share sheet did not open; the platform's reason, as the share
    /// sheet gives it (in words).
    Share(#[source] ShareError),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            SaveError::NoPlace => crate::tr!("this app keeps no files (no data folder)"),
            SaveError::Keep(e) => e.to_string(),
            SaveError::NoFolders => crate::tr!("this device cannot open folders"),
            SaveError::FolderNotOpened { folder, source } => {
                crate::tr!("the folder {} did not open: {}", folder.display(), source)
            }
            SaveError::NoShareSheet => crate::tr!("this device has no share sheet for files"),
            SaveError::Share(why) => why.to_string(),
        };
        f.write_str(&text)
    }
}

pub(super) struct FileSaver {
    exports: Option<Arc<dyn Exports>>,
    /// Where files go when they go to a folder here (the file chooser offers it).
    folder: Option<PathBuf>,
    open_folder: Option<OpenFolder>,
    share: Option<Arc<dyn ShareSheet>>,
}

/// A file saved for the player, and what the screen may offer next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SavedFile {
    /// Where it went, in words a player can follow.
    pub place: String,
    /// Its folder, where this computer can show it ("Open the folder").
    pub folder: Option<PathBuf>,
    /// Its address and media type, where the share sheet can send it on.
    pub share: Option<(String, String)>,
}

impl FileSaver {
    /// Files go to `exports`, or without it to the data folder's exports;
    /// with neither, nothing can be saved.
    pub(super) fn new(
        exports: Option<Arc<dyn Exports>>,
        storage: Option<&Storage>,
        open_folder: Option<OpenFolder>,
        share: Option<Arc<dyn ShareSheet>>,
    ) -> FileSaver {
        let data_folder = storage
            .and_then(Storage::exports_dir)
            .map(|dir| Folder { dir });
        let folder = match &exports {
            Some(_) => exports.as_ref().and_then(|e| e.folder()),
            None => data_folder.as_ref().map(|f| f.dir.clone()),
        };
        let exports =
            exports.or_else(|| data_folder.map(|folder| Arc::new(folder) as Arc<dyn Exports>));
        FileSaver {
            exports,
            folder,
            open_folder,
            share,
        }
    }

    /// Keeps `bytes` as `file_name`; an error says why.
    pub(super) fn keep(
        &self,
        file_name: &str,
        mime: &str,
        bytes: &[u8],
    ) -> Result<SavedFile, SaveError> {
        let Some(exports) = &self.exports else {
            return Err(SaveError::NoPlace);
        };
        let kept = exports.keep(file_name, mime, bytes)?;
        Ok(SavedFile {
            place: kept.place,
            folder: self.open_folder.and(kept.folder),
            share: self
                .share
                .as_ref()
                .and(kept.address)
                .map(|address| (address, mime.to_string())),
        })
    }

    /// Tells the screens that save files which of "Open the folder" and
    /// "Share" this device offers at all, so each button has its place
    /// from the start (greyed until a file is saved) and nothing moves
    /// when one is.
    pub(super) fn show_offers(&self, w: &AppWindow) {
        let (folders, share) = (self.open_folder.is_some(), self.share.is_some());
        let over = w.global::<GameOverAdapter>();
        over.set_offers_folder(folders);
        over.set_offers_share(share);
        let codes = w.global::<CodesAdapter>();
        codes.set_offers_folder(folders);
        codes.set_offers_share(share);
        let print = w.global::<PrintAdapter>();
        print.set_offers_folder(folders);
        print.set_offers_share(share);
    }

    /// The folder saved files go to on this device, if they go to one.
    pub(super) fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// Shows the saved file's folder in the file manager; an error says why.
    pub(super) fn open_folder(&self, saved: &SavedFile) -> Result<(), SaveError> {
        match (self.open_folder, &saved.folder) {
            (Some(open), Some(folder)) => {
                open(folder).map_err(|source| SaveError::FolderNotOpened {
                    folder: folder.clone(),
                    source,
                })
            }
            _ => Err(SaveError::NoFolders),
        }
    }

    /// What a screen says once the file manager was asked to show the saved
    /// file's folder: whether a window opened cannot be known here, so the
    /// folder is named for the player to look in.
    pub(super) fn folder_asked(saved: &SavedFile) -> String {
        let folder = saved.folder.as_deref().unwrap_or(Path::new(""));
        crate::tr!(
            "The file manager was asked to show {}. If no window opened, the file is there.",
            folder.display()
        )
    }

    /// Sends the saved file on through the share sheet; an error says why.
    pub(super) fn share(&self, saved: &SavedFile, title: &str) -> Result<(), SaveError> {
        match (&self.share, &saved.share) {
            (Some(sheet), Some((address, mime))) => sheet
                .share_file(title, address, mime)
                .map_err(SaveError::Share),
            _ => Err(SaveError::NoShareSheet),
        }
    }
}
