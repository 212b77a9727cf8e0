//! Saving a file a player asked for (a game's record, a printed sheet, a
//! code's picture) where a person looks for it: the platform's place for
//! such files (`session::exports`: Documents/Flagfall on a computer,
//! Downloads on Android), or the data folder's `exports` where the platform
//! names none. Each save says where the file went, and on a computer the
//! screen offers to open that folder.

use crate::session::Storage;
use crate::session::exports::{Exports, Folder, Kept, OpenFolder};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(super) struct FileSaver {
    exports: Option<Arc<dyn Exports>>,
    /// Where files go when they go to a folder here (the file chooser offers it).
    folder: Option<PathBuf>,
    open_folder: Option<OpenFolder>,
}

impl FileSaver {
    /// Files go to `exports`, or without it to the data folder's exports;
    /// with neither, nothing can be saved.
    pub(super) fn new(
        exports: Option<Arc<dyn Exports>>,
        storage: Option<&Storage>,
        open_folder: Option<OpenFolder>,
    ) -> FileSaver {
        let data_folder = storage.map(|s| Folder {
            dir: s.exports_dir(),
        });
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
        }
    }

    /// Keeps `bytes` as `file_name`; an error says why in words.
    pub(super) fn keep(&self, file_name: &str, mime: &str, bytes: &[u8]) -> Result<Kept, String> {
        match &self.exports {
            Some(exports) => exports.keep(file_name, mime, bytes),
            None => Err(crate::tr!("this app keeps no files (no data folder)")),
        }
    }

    /// The folder saved files go to on this device, if they go to one.
    pub(super) fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// The folder of `kept` as one this device can open (none on a phone).
    pub(super) fn openable(&self, kept: &Kept) -> Option<PathBuf> {
        self.open_folder.and(kept.folder.clone())
    }

    /// Opens `folder` in the file manager; an error says why in words.
    pub(super) fn open(&self, folder: &Path) -> Result<(), String> {
        match self.open_folder {
            Some(open) => open(folder)
                .map_err(|e| crate::tr!("the folder {} did not open: {}", folder.display(), e)),
            None => Err(crate::tr!("this device cannot open folders")),
        }
    }
}
