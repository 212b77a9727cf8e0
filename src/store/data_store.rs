//! Where the app keeps what it saves: a store of documents by name
//! ("settings.json", "in-progress/linked/game-0badf00d-red.json"). The data
//! folder on disk is one (`FileStore`); a store in memory (`MemoryStore`)
//! serves tests (it can be made to refuse writes as a full disk does) and
//! is the browser's copy of what its IndexedDB keeps (`flagfall-web`).
//! Every write is atomic: a document is the old one or the new one,
//! whatever stops the app. What a document holds is its owner's business
//! (`storage`, the setup library, the remembered setups).

use crate::platform::bounded_read::{FileRefused, read_capped};
use crate::platform::files::{set_aside_notice, timestamp, write_atomic};
use crate::platform::time_source::wall_clock;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A document found in a folder of the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// Its name within the folder ("game-0badf00d-red.json").
    pub name: String,
    /// When it was last written.
    pub written: SystemTime,
}

/// A store of documents by name; names are folders and a file name joined
/// by '/'.
pub trait DataStore: Send + Sync + std::fmt::Debug {
    /// The document called `name`, if there is one and it has at most
    /// `cap` bytes.
    fn read(&self, name: &str, cap: u64) -> Result<Option<Vec<u8>>, FileRefused>;

    /// Writes the document called `name` whole, or leaves it as it was.
    fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()>;

    /// Removes the document called `name`; one that is not there is fine.
    fn remove(&self, name: &str) -> io::Result<()>;

    /// The documents directly in `folder` (not in its folders), in no order.
    fn list(&self, folder: &str) -> Vec<Listed>;

    /// Moves the document called `name` aside as `NAME.TAG-TIMESTAMP`
    /// (`NAME.corrupt-…` for a damaged one, `NAME.copy-…` for a second copy
    /// of a game), so nothing lists or overwrites it: where it went, as
    /// `place` words it.
    fn set_aside_as(&self, name: &str, tag: &str) -> io::Result<String>;

    /// Moves a damaged document aside as `NAME.corrupt-TIMESTAMP`.
    fn set_aside(&self, name: &str) -> io::Result<String> {
        self.set_aside_as(name, "corrupt")
    }

    /// Where the document called `name` is, in words a player can look for
    /// it by (a path, for a store on disk).
    fn place(&self, name: &str) -> String;

    /// The folder on disk the store keeps its documents in, if it is one.
    fn folder(&self) -> Option<&Path> {
        None
    }
}

/// Moves a document that could not be read aside and says so in plain
/// words: `what` names it for the player, `reason` says what was wrong.
pub fn quarantine(store: &dyn DataStore, name: &str, what: &str, reason: &str) -> String {
    set_aside_notice(what, reason, &store.set_aside(name))
}

/// One document of a store, for an owner that keeps a single one (the setup
/// library, the remembered setups).
#[derive(Debug, Clone)]
pub struct Document {
    store: Arc<dyn DataStore>,
    name: String,
}

impl Document {
    /// The document called `name` in `store`.
    pub fn new(store: Arc<dyn DataStore>, name: impl Into<String>) -> Document {
        Document {
            store,
            name: name.into(),
        }
    }

    /// Its bytes, if it is there and has at most `cap` of them.
    pub fn read(&self, cap: u64) -> Result<Option<Vec<u8>>, FileRefused> {
        self.store.read(&self.name, cap)
    }

    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
        self.store.write(&self.name, bytes)
    }

    pub fn remove(&self) -> io::Result<()> {
        self.store.remove(&self.name)
    }

    /// Moves it aside and says so (`quarantine`).
    pub fn quarantine(&self, what: &str, reason: &str) -> String {
        quarantine(&*self.store, &self.name, what, reason)
    }

    /// Where it is, in words a player can look for it by.
    pub fn place(&self) -> String {
        self.store.place(&self.name)
    }
}

/// The data folder on disk: a document is a file under it.
#[derive(Debug, Clone)]
pub struct FileStore {
    root: PathBuf,
}

impl FileStore {
    /// The store in the folder `root` (made when a document is first written).
    pub fn new(root: impl Into<PathBuf>) -> FileStore {
        FileStore { root: root.into() }
    }

    /// The file of the document called `name`. Names are the app's own;
    /// a part that would lead out of the folder is left out all the same.
    fn path(&self, name: &str) -> PathBuf {
        let mut path = self.root.clone();
        path.extend(
            name.split('/')
                .filter(|part| !part.is_empty() && *part != "." && *part != ".."),
        );
        path
    }
}

impl DataStore for FileStore {
    fn read(&self, name: &str, cap: u64) -> Result<Option<Vec<u8>>, FileRefused> {
        let path = self.path(name);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(FileRefused::Io(e)),
            Ok(_) => read_capped(&path, cap).map(Some),
        }
    }

    fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        write_atomic(&self.path(name), bytes)
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        match std::fs::remove_file(self.path(name)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    fn list(&self, folder: &str) -> Vec<Listed> {
        let Ok(entries) = std::fs::read_dir(self.path(folder)) else {
            return Vec::new();
        };
        entries
            .filter_map(|entry| entry.ok())
            .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|entry| {
                let written = entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(UNIX_EPOCH);
                let name = entry.file_name().into_string().ok()?;
                Some(Listed { name, written })
            })
            .collect()
    }

    fn set_aside_as(&self, name: &str, tag: &str) -> io::Result<String> {
        let path = self.path(name);
        let aside = PathBuf::from(format!("{}.{tag}-{}", path.display(), timestamp()));
        std::fs::rename(&path, &aside)?;
        Ok(aside.display().to_string())
    }

    fn place(&self, name: &str) -> String {
        self.path(name).display().to_string()
    }

    fn folder(&self) -> Option<&Path> {
        Some(&self.root)
    }
}

/// Documents kept in memory, each with when it was written: for tests (and
/// for trying what a full disk does, `refuse_writes`), and as the browser's
/// copy of what it keeps (`flagfall-web`).
#[derive(Debug, Default)]
pub struct MemoryStore {
    documents: Mutex<BTreeMap<String, (Vec<u8>, SystemTime)>>,
    /// The latest time a document was written at: each write is later.
    latest: Mutex<Option<SystemTime>>,
    /// Writes fail as on a full disk.
    full: AtomicBool,
}

impl MemoryStore {
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// From now on writes fail as on a full disk (true) or succeed again.
    pub fn refuse_writes(&self, full: bool) {
        self.full.store(full, Ordering::Relaxed);
    }

    /// The names of every document, in order.
    pub fn names(&self) -> Vec<String> {
        self.documents().keys().cloned().collect()
    }

    /// Writes the document called `name` and says when: the time of day,
    /// or just after the write before if the clock says otherwise.
    pub fn write_dated(&self, name: &str, bytes: &[u8]) -> io::Result<SystemTime> {
        if self.full.load(Ordering::Relaxed) {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device",
            ));
        }
        let written = {
            let mut latest = self.latest.lock().unwrap_or_else(|e| e.into_inner());
            let next = latest.map_or(UNIX_EPOCH, |t| t + Duration::from_micros(1));
            *latest.insert(wall_clock().max(next))
        };
        self.documents()
            .insert(name.to_string(), (bytes.to_vec(), written));
        Ok(written)
    }

    /// Takes in a document as it was kept elsewhere, written at `written`.
    pub fn keep(&self, name: &str, bytes: Vec<u8>, written: SystemTime) {
        let mut latest = self.latest.lock().unwrap_or_else(|e| e.into_inner());
        *latest = Some(latest.map_or(written, |t| t.max(written)));
        self.documents().insert(name.to_string(), (bytes, written));
    }

    fn documents(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, (Vec<u8>, SystemTime)>> {
        // A panic elsewhere while holding the lock leaves whole documents.
        self.documents.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl DataStore for MemoryStore {
    fn read(&self, name: &str, cap: u64) -> Result<Option<Vec<u8>>, FileRefused> {
        match self.documents().get(name) {
            Some((bytes, _)) if bytes.len() as u64 > cap => Err(FileRefused::TooBig { cap }),
            Some((bytes, _)) => Ok(Some(bytes.clone())),
            None => Ok(None),
        }
    }

    fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.write_dated(name, bytes).map(|_| ())
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        self.documents().remove(name);
        Ok(())
    }

    fn list(&self, folder: &str) -> Vec<Listed> {
        let prefix = match folder.trim_end_matches('/') {
            "" => String::new(),
            folder => format!("{folder}/"),
        };
        self.documents()
            .iter()
            .filter_map(|(name, (_, written))| {
                let rest = name.strip_prefix(&prefix)?;
                (!rest.contains('/')).then(|| Listed {
                    name: rest.to_string(),
                    written: *written,
                })
            })
            .collect()
    }

    fn set_aside_as(&self, name: &str, tag: &str) -> io::Result<String> {
        let mut documents = self.documents();
        let document = documents.remove(name).ok_or(io::ErrorKind::NotFound)?;
        let aside = format!("{name}.{tag}-{}", timestamp());
        documents.insert(aside.clone(), document);
        Ok(aside)
    }

    fn place(&self, name: &str) -> String {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("flagfall-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// What every store does, whatever keeps its documents.
    fn behaves_as_a_store(store: &dyn DataStore) {
        assert_eq!(store.read("settings.json", 100).unwrap(), None);
        store.write("settings.json", b"{}").unwrap();
        store.write("in-progress/a.json", b"[1]").unwrap();
        store.write("in-progress/linked/b.json", b"[2]").unwrap();
        store.write("in-progress/a.json", b"[3]").unwrap();
        assert_eq!(
            store.read("in-progress/a.json", 100).unwrap().unwrap(),
            b"[3]"
        );
        assert!(matches!(
            store.read("in-progress/a.json", 2),
            Err(FileRefused::TooBig { cap: 2 })
        ));
        let names = |folder: &str| {
            let mut names: Vec<String> = store.list(folder).into_iter().map(|l| l.name).collect();
            names.sort();
            names
        };
        assert_eq!(
            names("in-progress"),
            ["a.json"],
            "not the folders' documents"
        );
        assert_eq!(names("in-progress/linked"), ["b.json"]);
        assert_eq!(names(""), ["settings.json"]);
        assert!(names("finished").is_empty(), "a folder never written to");

        let aside = store.set_aside("in-progress/a.json").unwrap();
        assert!(aside.contains("a.json.corrupt-"), "{aside}");
        assert_eq!(store.read("in-progress/a.json", 100).unwrap(), None);
        assert!(names("in-progress")[0].starts_with("a.json.corrupt-"));
        assert!(
            store.set_aside("in-progress/a.json").is_err(),
            "nothing there"
        );

        store.remove("settings.json").unwrap();
        store.remove("settings.json").unwrap();
        assert_eq!(store.read("settings.json", 100).unwrap(), None);
    }

    #[test]
    fn the_data_folder_and_the_memory_store_keep_documents_alike() {
        let dir = folder("alike");
        behaves_as_a_store(&FileStore::new(&dir));
        assert!(dir.join("in-progress/linked/b.json").is_file());
        let _ = std::fs::remove_dir_all(&dir);
        behaves_as_a_store(&MemoryStore::new());
    }

    #[test]
    fn a_name_never_leads_out_of_the_data_folder() {
        let store = FileStore::new("/data");
        assert_eq!(
            store.path("../../etc/passwd"),
            Path::new("/data/etc/passwd")
        );
        assert_eq!(
            store.path("/in-progress//a.json"),
            Path::new("/data/in-progress/a.json")
        );
    }

    #[test]
    fn a_full_memory_store_refuses_writes_and_keeps_what_it_had() {
        let store = MemoryStore::new();
        store.write("settings.json", b"old").unwrap();
        store.refuse_writes(true);
        let refused = store.write("settings.json", b"new").unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::StorageFull);
        assert_eq!(store.read("settings.json", 10).unwrap().unwrap(), b"old");
        store.refuse_writes(false);
        store.write("settings.json", b"new").unwrap();
        assert_eq!(store.read("settings.json", 10).unwrap().unwrap(), b"new");
    }

    #[test]
    fn a_document_taken_in_keeps_its_time_and_later_writes_come_after_it() {
        let store = MemoryStore::new();
        let future = wall_clock() + Duration::from_secs(3600);
        store.keep("f/kept.json", b"{}".to_vec(), future);
        let written = store.write_dated("f/new.json", b"{}").unwrap();
        assert!(written > future, "after the latest time seen");
        let listed = store.list("f");
        let kept = listed.iter().find(|l| l.name == "kept.json").unwrap();
        assert_eq!(kept.written, future);
        assert_eq!(store.read("f/kept.json", 10).unwrap().unwrap(), b"{}");
    }

    #[test]
    fn later_writes_list_as_later() {
        let store = MemoryStore::new();
        for name in ["c", "a", "b"] {
            store.write(&format!("f/{name}.json"), b"{}").unwrap();
        }
        let mut listed = store.list("f");
        listed.sort_by_key(|l| l.written);
        let order: Vec<&str> = listed.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(order, ["c.json", "a.json", "b.json"]);
    }
}
