//! The file chooser's controller (`ui/file_chooser.slint`, global
//! `FileChooserAdapter`): on desktop, a picture of a code or a game record
//! is chosen by walking the folders, from the usual places (home, pictures,
//! downloads, …), instead of typing its path; a path may still be typed. It
//! lists one folder at a time, folders first and then the files that fit,
//! newest first, and hands the file picked back to the screen that asked.

use super::effect::{Effect, Effects};
use super::models::{self, List};
use super::{App, AppWindow, ChooserEntry, FileChooserAdapter, Screen};
use slint::{ComponentHandle, SharedString};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// What the file is for, and so which files are listed and who gets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Purpose {
    /// A picture of another device's code (the codes screen).
    CodePicture,
    /// A game record to replay (the records screen).
    Record,
}

impl Purpose {
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Purpose::CodePicture => &["png", "jpg", "jpeg"],
            Purpose::Record => &["xml", "json"],
        }
    }

    fn title(self) -> String {
        match self {
            Purpose::CodePicture => crate::tr!("Choose a picture of the code"),
            Purpose::Record => crate::tr!("Choose a game record"),
        }
    }

    fn nothing_fits(self) -> String {
        match self {
            Purpose::CodePicture => crate::tr!("No pictures (PNG or JPEG) in this folder."),
            Purpose::Record => crate::tr!("No game records (.xml or .json) in this folder."),
        }
    }

    /// Where such files usually are: the pictures folder, downloads.
    fn usual_folder(self) -> Option<PathBuf> {
        use directories::UserDirs;
        match self {
            Purpose::CodePicture => user_folder(UserDirs::picture_dir, "Pictures"),
            Purpose::Record => user_folder(UserDirs::download_dir, "Downloads"),
        }
    }

    /// The screens the chooser stays over: it closes when the player leaves.
    fn belongs_on(self, screen: Screen) -> bool {
        match self {
            Purpose::CodePicture => matches!(screen, Screen::Codes | Screen::Link),
            Purpose::Record => screen == Screen::Records,
        }
    }
}

/// At most this many entries of a folder are looked at, so a huge folder
/// costs bounded time and memory; the chooser says when some were left out.
const MOST_ENTRIES: usize = 2000;

/// One folder or fitting file of the folder listed.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Entry {
    pub(super) name: String,
    pub(super) path: PathBuf,
    pub(super) folder: bool,
    pub(super) modified: Option<SystemTime>,
    pub(super) bytes: u64,
}

/// A folder's listing: its folders by name, then the files with one of
/// `extensions` (any case), newest first; hidden entries (a leading dot)
/// are left out. `more` counts the entries not looked at past
/// [`MOST_ENTRIES`].
pub(super) fn list_folder(
    folder: &Path,
    extensions: &[&str],
) -> std::io::Result<(Vec<Entry>, usize)> {
    let mut folders = Vec::new();
    let mut files = Vec::new();
    let mut more = 0;
    for (seen, item) in std::fs::read_dir(folder)?.enumerate() {
        if seen >= MOST_ENTRIES {
            more += 1;
            continue;
        }
        let Ok(item) = item else { continue };
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = item.path();
        // Follows links, so a linked folder is a folder.
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        let fits = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)));
        let entry = Entry {
            name,
            path,
            folder: meta.is_dir(),
            modified: meta.modified().ok(),
            bytes: meta.len(),
        };
        if entry.folder {
            folders.push(entry);
        } else if fits && meta.is_file() {
            files.push(entry);
        }
    }
    folders.sort_by_key(|e| e.name.to_lowercase());
    files.sort_by(|a, b| {
        b.modified
            .cmp(&a.modified)
            .then_with(|| a.name.cmp(&b.name))
    });
    folders.extend(files);
    Ok((folders, more))
}

/// "3 hours ago, 14 KB": how old a file is and how big, to tell the newest
/// picture or the right record at a glance.
fn file_detail(entry: &Entry, now: SystemTime) -> String {
    let size = if entry.bytes < 1024 {
        crate::tr!("{} bytes", entry.bytes)
    } else if entry.bytes < 1024 * 1024 {
        crate::tr!("{} KB", entry.bytes / 1024)
    } else {
        crate::tr!("{} MB", entry.bytes / (1024 * 1024))
    };
    let Some(age) = entry.modified.and_then(|m| now.duration_since(m).ok()) else {
        return size;
    };
    crate::tr!("{}, {}", age_text(age), size)
}

fn age_text(age: Duration) -> String {
    let minutes = age.as_secs() / 60;
    match minutes {
        0 => crate::tr!("just now"),
        1..60 => crate::tr!("{} min ago", minutes),
        60..2880 => crate::tr!("{} h ago", minutes / 60),
        _ => crate::tr!("{} days ago", minutes / 1440),
    }
}

/// A folder of the player's: the desktop's own name for it, else the home
/// folder's `usual` (Pictures, Downloads, …) where it is there.
fn user_folder(pick: fn(&directories::UserDirs) -> Option<&Path>, usual: &str) -> Option<PathBuf> {
    let dirs = directories::UserDirs::new()?;
    crate::platform::exports::players_folder(pick(&dirs), dirs.home_dir(), usual)
}

/// The usual places to start from, those that exist: home, pictures,
/// downloads, desktop, documents, then `extra` (the app's saved records).
fn places(extra: Option<(String, PathBuf)>) -> Vec<(String, PathBuf)> {
    use directories::UserDirs;
    let home = directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf());
    let mut places: Vec<(String, PathBuf)> = [
        (crate::tr!("Home"), home),
        (
            crate::tr!("Pictures"),
            user_folder(UserDirs::picture_dir, "Pictures"),
        ),
        (
            crate::tr!("Downloads"),
            user_folder(UserDirs::download_dir, "Downloads"),
        ),
        (
            crate::tr!("Desktop"),
            user_folder(UserDirs::desktop_dir, "Desktop"),
        ),
        (
            crate::tr!("Documents"),
            user_folder(UserDirs::document_dir, "Documents"),
        ),
    ]
    .into_iter()
    .filter_map(|(name, path)| Some((name, path?)))
    .chain(extra)
    .filter(|(_, path)| path.is_dir())
    .collect();
    // (XDG may name the home folder itself as the desktop.)
    let mut seen = std::collections::HashSet::new();
    places.retain(|(_, path)| seen.insert(path.clone()));
    places
}

/// The chooser's state: what it is for, the folder listed and its entries.
pub(super) struct FileChooserController {
    purpose: Option<Purpose>,
    folder: PathBuf,
    /// The folder each purpose was last in, to come back to it.
    last_folders: Vec<(Purpose, PathBuf)>,
    places: Vec<(String, PathBuf)>,
    message: String,
    entries: Vec<Entry>,
    rows: List<ChooserEntry>,
    place_names: List<SharedString>,
}

impl FileChooserController {
    pub(super) fn new(w: &AppWindow) -> FileChooserController {
        let chooser = FileChooserController {
            purpose: None,
            folder: PathBuf::new(),
            last_folders: Vec::new(),
            places: Vec::new(),
            message: String::new(),
            entries: Vec::new(),
            rows: models::list(),
            place_names: models::list(),
        };
        let screen = w.global::<FileChooserAdapter>();
        screen.set_entries(models::handle(&chooser.rows));
        screen.set_places(models::handle(&chooser.place_names));
        chooser
    }

    /// Opens the chooser for `purpose`, in the folder it was last in, else
    /// where such files usually are (pictures, downloads), else the first
    /// place. `extra` is a place of the app's own (where it saves records).
    pub(super) fn open(&mut self, purpose: Purpose, extra: Option<(String, PathBuf)>) {
        let start = purpose.usual_folder();
        self.places = places(extra);
        let last = self
            .last_folders
            .iter()
            .find(|(p, _)| *p == purpose)
            .map(|(_, f)| f.clone());
        let folder = last
            .into_iter()
            .chain(start)
            .chain(self.places.iter().map(|(_, p)| p.clone()))
            .find(|f| f.is_dir())
            .unwrap_or_else(|| PathBuf::from("/"));
        self.purpose = Some(purpose);
        self.enter(folder);
    }

    /// Lists `folder`; one that cannot be read is listed empty, with why.
    pub(super) fn enter(&mut self, folder: PathBuf) {
        let Some(purpose) = self.purpose else { return };
        match list_folder(&folder, purpose.extensions()) {
            Ok((entries, more)) => {
                let files = entries.iter().filter(|e| !e.folder).count();
                self.message = if more > 0 {
                    crate::tr!(
                        "This folder holds more than {} entries; {} were not looked at.",
                        MOST_ENTRIES,
                        more
                    )
                } else if files == 0 {
                    purpose.nothing_fits()
                } else {
                    String::new()
                };
                self.entries = entries;
            }
            Err(e) => {
                self.message = crate::tr!("{} cannot be read: {}", folder.display(), e);
                self.entries.clear();
            }
        }
        self.folder = folder;
        self.last_folders.retain(|(p, _)| *p != purpose);
        self.last_folders.push((purpose, self.folder.clone()));
    }

    /// What a tap on entry `index` asks for, as `open_path` (the entry's
    /// path as the system spells it, whatever its name's characters).
    pub(super) fn open_entry(&mut self, index: usize) -> Option<(Purpose, PathBuf)> {
        let path = self.entries.get(index)?.path.clone();
        self.open_path(path)
    }

    /// What a typed path asks for, as `open_path`.
    pub(super) fn open_typed(&mut self, typed: &str) -> Option<(Purpose, PathBuf)> {
        self.open_path(PathBuf::from(typed.trim()))
    }

    /// A folder is entered and `None` comes back; a file closes the chooser
    /// and comes back with what it is for. A path that is neither says so.
    fn open_path(&mut self, path: PathBuf) -> Option<(Purpose, PathBuf)> {
        if path.is_dir() {
            self.enter(path);
            None
        } else if path.is_file() {
            let purpose = self.close()?;
            Some((purpose, path))
        } else {
            self.message = crate::tr!("{} is neither a folder nor a file.", path.display());
            None
        }
    }

    /// Lists the place chosen (`index` 1 is the first; 0 is "Places…").
    pub(super) fn go_to_place(&mut self, index: usize) {
        if let Some((_, path)) = index.checked_sub(1).and_then(|i| self.places.get(i)) {
            self.enter(path.clone());
        }
    }

    pub(super) fn up(&mut self) {
        if let Some(parent) = self.folder.parent() {
            self.enter(parent.to_path_buf());
        }
    }

    /// Closes the chooser; what it was open for, if it was.
    pub(super) fn close(&mut self) -> Option<Purpose> {
        self.purpose.take()
    }

    /// The chooser is shown over the screen that asked for a file.
    pub(super) fn is_open(&self) -> bool {
        self.purpose.is_some()
    }

    /// Leaving the screen that asked for a file closes the chooser.
    pub(super) fn leave_unless_on(&mut self, screen: Screen) {
        if self.purpose.is_some_and(|p| !p.belongs_on(screen)) {
            self.purpose = None;
        }
    }

    /// Shows the chooser (over the screen that asked for it), or hides it.
    pub(super) fn refresh(&self, w: &AppWindow) {
        let adapter = w.global::<FileChooserAdapter>();
        adapter.set_shown(self.purpose.is_some());
        let Some(purpose) = self.purpose else { return };
        adapter.set_title(purpose.title().into());
        adapter.set_folder(self.folder.display().to_string().into());
        adapter.set_can_go_up(self.folder.parent().is_some());
        adapter.set_message(self.message.clone().into());
        let names = self.places.iter().map(|(n, _)| n.clone());
        models::update_texts(
            &self.place_names,
            std::iter::once(crate::tr!("Places…")).chain(names),
        );
        let at = self.places.iter().position(|(_, p)| *p == self.folder);
        adapter.set_place_index(at.map_or(0, |i| i as i32 + 1));
        let now = crate::platform::time_source::wall_clock();
        models::update(
            &self.rows,
            self.entries.iter().map(|e| ChooserEntry {
                name: e.name.clone().into(),
                detail: if e.folder {
                    crate::tr!("folder").into()
                } else {
                    file_detail(e, now).into()
                },
                folder: e.folder,
            }),
        );
    }
}

/// Hands a file chosen to the screen that asked for it, as an effect.
fn open_chosen(chosen: Option<(Purpose, PathBuf)>) -> Effects {
    match chosen {
        None => Effects::default(),
        Some((Purpose::CodePicture, path)) => Effect::ReadCodePicture(path).into(),
        Some((Purpose::Record, path)) => Effect::OpenRecord(path).into(),
    }
}

pub(super) fn connect(app: &App) {
    let adapter = app.window().global::<FileChooserAdapter>();
    adapter.on_open(app.handler(|s, _, typed: SharedString| {
        let chosen = s.chooser.open_typed(&typed);
        open_chosen(chosen)
    }));
    adapter.on_open_entry(app.indexed(|s, _, index| {
        let chosen = s.chooser.open_entry(index);
        open_chosen(chosen)
    }));
    adapter.on_go_to_place(app.indexed(|s, _, index| s.chooser.go_to_place(index)));
    adapter.on_up(app.unit(|s, _| s.chooser.up()));
    adapter.on_cancel(app.unit(|s, _| {
        s.chooser.close();
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("flagfall-chooser-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn folders_come_first_by_name_then_fitting_files_newest_first() {
        let dir = folder("order");
        for sub in ["b-folder", "A-folder", ".hidden-folder"] {
            std::fs::create_dir(dir.join(sub)).unwrap();
        }
        for (name, age) in [("old.png", 300), ("new.PNG", 10), ("mid.jpg", 100)] {
            let path = dir.join(name);
            std::fs::write(&path, b"x").unwrap();
            let time = SystemTime::now() - Duration::from_secs(age);
            std::fs::File::options()
                .write(true)
                .open(&path)
                .unwrap()
                .set_modified(time)
                .unwrap();
        }
        std::fs::write(dir.join("notes.txt"), b"x").unwrap();
        std::fs::write(dir.join(".hidden.png"), b"x").unwrap();
        let (entries, more) = list_folder(&dir, Purpose::CodePicture.extensions()).unwrap();
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            ["A-folder", "b-folder", "new.PNG", "mid.jpg", "old.png"]
        );
        assert_eq!(more, 0);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_huge_folder_is_looked_at_only_so_far() {
        let dir = folder("huge");
        for i in 0..MOST_ENTRIES + 5 {
            std::fs::write(dir.join(format!("{i}.json")), b"{}").unwrap();
        }
        let (entries, more) = list_folder(&dir, Purpose::Record.extensions()).unwrap();
        assert_eq!(entries.len(), MOST_ENTRIES);
        assert_eq!(more, 5);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn ages_read_as_people_say_them() {
        assert_eq!(age_text(Duration::from_secs(30)), "just now");
        assert_eq!(age_text(Duration::from_secs(59 * 60)), "59 min ago");
        assert_eq!(age_text(Duration::from_secs(60 * 60)), "1 h ago");
        assert_eq!(age_text(Duration::from_secs(47 * 3600)), "47 h ago");
        assert_eq!(age_text(Duration::from_secs(49 * 3600)), "2 days ago");
    }
}
