//! Codes read from the newest photos: on a phone, a player photographs the
//! other device's code with the camera app (or saves a screenshot a friend
//! sent) and the app looks through the newest pictures for it. Each platform
//! supplies its own [`PhotoSource`]: Android's gallery, or folders on desktop.

use crate::link::codes::qr_image::{MAX_PICTURE_FILE_BYTES, ReadError, read_codes};
use crate::link::scan::{PhotosUnreachable, PictureError};
use crate::platform::bounded_read::{is_regular_file, read_capped};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The codes in the picture file at `path`, or why none were read, naming the file.
pub fn codes_in_picture(path: &Path) -> Result<Vec<String>, PictureError> {
    let name = path.display().to_string();
    let bytes = read_capped(path, MAX_PICTURE_FILE_BYTES).map_err(|reason| PictureError::File {
        name: name.clone(),
        reason,
    })?;
    read_codes(&bytes).map_err(|reason| PictureError::Picture { name, reason })
}

/// How many of the newest photos are looked at before giving up.
pub const NEWEST_PHOTOS: usize = 8;

/// Where a platform keeps the pictures a player takes or receives.
pub trait PhotoSource: Send + Sync {
    /// Where the pictures are, for the screen: "your photos", "Pictures, Downloads".
    fn place(&self) -> String;

    /// Shows `visit` the newest pictures, newest first, as a name for
    /// messages and the file's bytes, until it returns `true` or `limit`
    /// pictures were shown. An error says why the pictures cannot be reached
    /// (e.g. the permission is not granted yet) and what to do.
    fn visit_newest(
        &self,
        limit: usize,
        visit: &mut dyn FnMut(&str, &[u8]) -> bool,
    ) -> Result<(), PhotosUnreachable>;

    /// The newest pictures as files a player may pick (newest first, at
    /// most `limit`): on desktop; none where pictures are not files
    /// (Android's gallery).
    fn newest_files(&self, _limit: usize) -> Vec<PathBuf> {
        Vec::new()
    }
}

/// The codes in the newest picture that holds any, or why none were found.
pub fn codes_in_newest(
    source: &dyn PhotoSource,
    limit: usize,
) -> Result<Vec<String>, PictureError> {
    let mut found = None;
    let mut looked_at = 0;
    let mut damaged = None;
    source.visit_newest(limit, &mut |name, bytes| {
        looked_at += 1;
        match read_codes(bytes) {
            Ok(texts) => {
                found = Some(texts);
                true
            }
            Err(ReadError::Undecodable(reason)) => {
                damaged.get_or_insert_with(|| PictureError::Damaged {
                    name: name.to_string(),
                    reason,
                });
                false
            }
            Err(_) => false,
        }
    })?;
    match (found, damaged) {
        (Some(texts), _) => Ok(texts),
        (None, Some(damaged)) => Err(damaged),
        (None, None) if looked_at == 0 => Err(PictureError::NoPictures),
        (None, None) => Err(PictureError::NoCode { looked_at }),
    }
}

/// Pictures (PNG and JPEG files) in some folders, newest first by the time
/// they were last changed: on desktop, the pictures and downloads folders.
#[derive(Debug, Clone)]
pub struct PhotoFolders {
    folders: Vec<PathBuf>,
}

impl PhotoFolders {
    pub fn new(folders: Vec<PathBuf>) -> PhotoFolders {
        PhotoFolders { folders }
    }

    /// The user's pictures folder (with its Screenshots folder, where
    /// desktops save screenshots), downloads folder and desktop: the
    /// platform's, or those of the home folder where the platform names
    /// none (a Linux account without `user-dirs.dirs`). A folder that does
    /// not exist yet is kept: it holds no pictures until it does, and "Read
    /// the newest picture" is offered on every desktop.
    pub fn for_user() -> Option<PhotoFolders> {
        let home = directories::BaseDirs::new()?.home_dir().to_path_buf();
        let dirs = directories::UserDirs::new();
        let named = |pick: fn(&directories::UserDirs) -> Option<&Path>| {
            dirs.as_ref().and_then(|d| pick(d)).map(Path::to_path_buf)
        };
        Some(PhotoFolders {
            folders: user_folders(
                &home,
                named(directories::UserDirs::picture_dir),
                named(directories::UserDirs::download_dir),
                named(directories::UserDirs::desktop_dir),
            ),
        })
    }

    /// The pictures, newest first.
    fn newest(&self) -> Vec<PathBuf> {
        let mut pictures: Vec<(SystemTime, PathBuf)> = self
            .folders
            .iter()
            .filter_map(|folder| std::fs::read_dir(folder).ok())
            .flatten()
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            // (A folder, FIFO or device named like a picture is no picture.)
            .filter(|path| is_picture(path) && is_regular_file(path))
            .filter_map(|path| Some((std::fs::metadata(&path).ok()?.modified().ok()?, path)))
            .collect();
        pictures.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        pictures.into_iter().map(|(_, path)| path).collect()
    }
}

/// Where a desktop user's pictures arrive, given the folders the platform
/// names (`None`: the home folder's Pictures, Downloads, Desktop).
fn user_folders(
    home: &Path,
    pictures: Option<PathBuf>,
    downloads: Option<PathBuf>,
    desktop: Option<PathBuf>,
) -> Vec<PathBuf> {
    let pictures = pictures.unwrap_or_else(|| home.join("Pictures"));
    let mut folders = vec![
        pictures.join("Screenshots"),
        pictures,
        downloads.unwrap_or_else(|| home.join("Downloads")),
        desktop.unwrap_or_else(|| home.join("Desktop")),
    ];
    // (XDG may name the home folder itself as the desktop.)
    folders.retain(|f| f != home);
    folders.dedup();
    folders
}

fn is_picture(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    ["png", "jpg", "jpeg"]
        .iter()
        .any(|e| extension.eq_ignore_ascii_case(e))
}

impl PhotoSource for PhotoFolders {
    fn newest_files(&self, limit: usize) -> Vec<PathBuf> {
        let mut files = self.newest();
        files.truncate(limit);
        files
    }

    fn place(&self) -> String {
        let names: Vec<String> = self
            .folders
            .iter()
            .filter_map(|f| f.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        names.join(", ")
    }

    fn visit_newest(
        &self,
        limit: usize,
        visit: &mut dyn FnMut(&str, &[u8]) -> bool,
    ) -> Result<(), PhotosUnreachable> {
        for path in self.newest().into_iter().take(limit) {
            // A picture deleted, unreadable or swapped since the listing,
            // or larger than any real one, is skipped.
            let Ok(bytes) = read_capped(&path, MAX_PICTURE_FILE_BYTES) else {
                continue;
            };
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            if visit(&name, &bytes) {
                break;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::codes::qr_image::make_qr;
    use std::time::Duration;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("flagfall-photos-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Writes a picture and dates it `age` seconds back.
    fn write(dir: &Path, name: &str, bytes: &[u8], age: u64) {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(age))
            .unwrap();
    }

    fn qr_png(text: &str) -> Vec<u8> {
        make_qr(text).unwrap().to_png(4)
    }

    #[test]
    fn a_desktop_without_named_folders_looks_in_the_home_folders() {
        let home = Path::new("/home/ann");
        assert_eq!(
            user_folders(home, None, None, None),
            [
                home.join("Pictures/Screenshots"),
                home.join("Pictures"),
                home.join("Downloads"),
                home.join("Desktop"),
            ]
        );
        // The platform's own names win; a desktop that is the home folder
        // itself is not searched.
        let named = user_folders(
            home,
            Some(home.join("Bilder")),
            Some(home.join("Downloads")),
            Some(home.to_path_buf()),
        );
        assert_eq!(
            named,
            [
                home.join("Bilder/Screenshots"),
                home.join("Bilder"),
                home.join("Downloads")
            ]
        );
        let folders = PhotoFolders::new(named);
        assert_eq!(folders.place(), "Screenshots, Bilder, Downloads");
        // Folders that do not exist hold no pictures, and say so.
        assert_eq!(
            codes_in_newest(&folders, NEWEST_PHOTOS).map_err(|e| e.to_string()),
            Err("there are no pictures to read yet".to_string())
        );
    }

    #[test]
    fn the_newest_picture_with_a_code_is_read() {
        let dir = folder("newest");
        write(&dir, "old.png", &qr_png("OLD CODE"), 300);
        write(&dir, "new.png", &qr_png("NEW CODE"), 100);
        write(&dir, "notes.txt", b"NOT A PICTURE", 0);
        // A newer photo without a code is passed over.
        let blank = make_qr("X").unwrap().to_png(1);
        write(&dir, "cat.PNG", &blank[..blank.len() / 2], 10);
        let source = PhotoFolders::new(vec![dir.clone()]);
        assert_eq!(
            codes_in_newest(&source, NEWEST_PHOTOS).map_err(|e| e.to_string()),
            Ok(vec!["NEW CODE".to_string()])
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    /// Issue 46: the newest picture is a hostile one (finder patterns that
    /// held the old reader for minutes); it is given up on, and the code in
    /// the next one is read.
    #[test]
    fn a_hostile_picture_does_not_stop_the_others_from_being_read() {
        let dir = folder("hostile");
        write(&dir, "code.png", &qr_png("THE CODE"), 100);
        let (side, grey) = crate::link::codes::finder_lattice::finder_lattice(16);
        let mut hostile = Vec::new();
        let mut encoder = png::Encoder::new(&mut hostile, side, side);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&grey).unwrap();
        writer.finish().unwrap();
        write(&dir, "lattice.png", &hostile, 10);
        let source = PhotoFolders::new(vec![dir.clone()]);
        assert_eq!(
            codes_in_newest(&source, NEWEST_PHOTOS).map_err(|e| e.to_string()),
            Ok(vec!["THE CODE".to_string()])
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn only_the_newest_pictures_are_looked_at() {
        let dir = folder("limit");
        write(&dir, "code.png", &qr_png("A CODE"), 100);
        for i in 0..3 {
            write(&dir, &format!("photo{i}.jpg"), b"not really a jpeg", i);
        }
        let source = PhotoFolders::new(vec![dir.clone()]);
        assert_eq!(
            codes_in_newest(&source, 3).map_err(|e| e.to_string()),
            Err("none of the newest 3 pictures holds a code; take a photo of the other device's code first".to_string())
        );
        assert_eq!(
            codes_in_newest(&source, 4).map_err(|e| e.to_string()),
            Ok(vec!["A CODE".to_string()])
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_empty_folder_says_so() {
        let dir = folder("empty");
        let source = PhotoFolders::new(vec![dir.clone(), dir.join("missing")]);
        assert_eq!(
            codes_in_newest(&source, NEWEST_PHOTOS).map_err(|e| e.to_string()),
            Err("there are no pictures to read yet".to_string())
        );
        assert_eq!(
            source.place(),
            format!("{}, missing", dir.file_name().unwrap().to_string_lossy())
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_picture_file_gives_its_codes_or_says_what_is_wrong_with_it() {
        let dir = folder("one-file");
        write(&dir, "code.png", &qr_png("THE CODE"), 0);
        write(&dir, "notes.png", b"not a picture", 0);
        let read = |name: &str| codes_in_picture(&dir.join(name));
        assert_eq!(read("code.png").unwrap(), ["THE CODE"]);
        assert!(matches!(
            read("notes.png"),
            Err(PictureError::Picture {
                reason: ReadError::NotAnImage(_),
                ..
            })
        ));
        let missing = read("missing.png").unwrap_err();
        assert!(matches!(missing, PictureError::File { .. }));
        assert!(
            missing.to_string().contains("missing.png"),
            "names the file: {missing}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
