//! Reading a file a player names or the app comes across (a picture of a
//! code, a game record) only when it is a regular file, and never more than
//! a cap: a link to `/dev/zero`, a FIFO named `code.png` or a file larger
//! than any real one costs no memory and no wait.

use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub enum FileRefused {
    /// A folder, a device, a FIFO or a socket: nothing the app reads.
    NotAFile,
    /// Larger than `cap` bytes.
    TooBig {
        cap: u64,
    },
    Io(#[from] std::io::Error),
}

impl std::fmt::Display for FileRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            FileRefused::NotAFile => crate::tr!("it is not a file"),
            FileRefused::TooBig { cap } => {
                crate::tr!(
                    "it is larger than {} MB, more than any it could be",
                    cap >> 20
                )
            }
            FileRefused::Io(e) => e.to_string(),
        };
        f.write_str(&text)
    }
}

/// Whether `path` leads (through any links) to a regular file.
pub fn is_regular_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// The bytes of the regular file at `path`, if there are at most `cap`.
/// The kind is checked before the file is opened (opening a FIFO waits for
/// a writer) and again on what was opened; at most `cap + 1` bytes are read.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, FileRefused> {
    if !is_regular_file(path) {
        return Err(FileRefused::NotAFile);
    }
    let file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(FileRefused::NotAFile);
    }
    if metadata.len() > cap {
        return Err(FileRefused::TooBig { cap });
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(cap + 1).read_to_end(&mut bytes)?;
    // (A file that grew since it was measured.)
    if bytes.len() as u64 > cap {
        return Err(FileRefused::TooBig { cap });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("flagfall-bounded-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_within_the_cap_is_read_and_a_larger_one_is_not() {
        let dir = folder("sizes");
        let path = dir.join("a.png");
        std::fs::write(&path, [7u8; 100]).unwrap();
        assert_eq!(read_capped(&path, 100).unwrap(), [7u8; 100]);
        assert!(matches!(
            read_capped(&path, 99),
            Err(FileRefused::TooBig { cap: 99 })
        ));
        assert!(matches!(read_capped(&dir, 100), Err(FileRefused::NotAFile)));
        assert!(matches!(
            read_capped(&dir.join("missing.png"), 100),
            Err(FileRefused::NotAFile)
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_device_is_not_read() {
        let dir = folder("device");
        let link = dir.join("code.png");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            read_capped(&link, 1 << 20),
            Err(FileRefused::NotAFile)
        ));
        assert!(!is_regular_file(&link));
    }
}
