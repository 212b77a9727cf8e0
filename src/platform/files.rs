//! Files the data folder keeps, written safely: an atomic write (the old
//! file or the new, whatever kills the app), the words for a damaged file
//! moved aside rather than overwritten, and the timestamps that name them.

use std::io::Write;
use std::path::Path;
use std::time::UNIX_EPOCH;

/// The words for a file that could not be read and was moved aside (or
/// could not be): `what` names it for the player (in the player's
/// language, `tr!`), `reason` says why it could not be read (shown as it
/// is), and `aside` is where it went (`DataStore::set_aside`).
pub fn set_aside_notice(what: &str, reason: &str, aside: &std::io::Result<String>) -> String {
    match aside {
        Ok(aside) => crate::tr!(
            "{} could not be read: {}. It was moved aside as {}.",
            what,
            reason,
            aside
        ),
        Err(e) => crate::tr!(
            "{} could not be read: {} (and could not be moved aside: {}).",
            what,
            reason,
            e
        ),
    }
}

/// A sortable, file-name-safe UTC time with milliseconds and a counter.
pub fn timestamp() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let now = crate::platform::time_source::wall_clock()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    format!(
        "{}{:03}-{}",
        now.as_secs(),
        now.subsec_millis(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// Writes a temporary file beside `path`, syncs it, renames it over `path`
/// and syncs the folder: a kill at any instant leaves the old file or the new.
/// A write that fails removes its temporary file, so a full disk keeps the
/// room the next save needs (the old file stays as it was).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let temp = dir.join(format!(
        ".{}.tmp",
        path.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default()
    ));
    let written = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(e);
    }
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    Ok(())
}
