//! Files that attack the photo scan and the file chooser (issue 65): a
//! FIFO named like a picture, a link to `/dev/zero`, a file larger than any
//! picture, and a name that is not UTF-8. Each is passed over or read
//! within bounds, and a real picture beside them is still read.

mod common;

use common::ui::*;
use flagfall::app::{App, AppConfig, FileChooserAdapter};
use flagfall::session::link::qr_image::make_qr;
use flagfall::session::photos::{PhotoFolders, PhotoSource, codes_in_newest};
use slint::ComponentHandle;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// Sets a file's modification time `age` seconds back (newest first lists).
fn age(path: &Path, seconds: u64) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(SystemTime::now() - Duration::from_secs(seconds))
        .unwrap();
}

/// A FIFO at `path`, where the system can make one.
fn fifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(unix)]
#[test]
fn the_photo_scan_passes_over_fifos_devices_and_huge_files() {
    let dir = fresh_dir("hostile-gallery");
    std::fs::create_dir_all(&dir).unwrap();
    // The real picture, older than the traps.
    let code = format!("FLAGFALL:{}", "7".repeat(60));
    let real = dir.join("IMG_0001.png");
    std::fs::write(&real, make_qr(&code).unwrap().to_png(5)).unwrap();
    age(&real, 3600);
    // A file larger than any picture (sparse: it costs no disk).
    let huge = dir.join("huge.png");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(100 << 20)
        .unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.png")).unwrap();
    let made_fifo = fifo(&dir.join("code.png"));
    let folders = PhotoFolders::new(vec![dir.clone()]);
    // Neither the link nor the FIFO is offered as a picture file.
    let listed: Vec<String> = folders
        .newest_files(10)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(
        !listed.iter().any(|n| n == "zero.png" || n == "code.png"),
        "{listed:?}"
    );
    // The scan ends (a FIFO held it for ever) and finds the real code.
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(codes_in_newest(&folders, 8));
    });
    let found = result
        .recv_timeout(Duration::from_secs(60))
        .expect("the scan ends");
    assert_eq!(found.map_err(|e| e.to_string()), Ok(vec![code]));
    assert!(
        made_fifo || cfg!(not(target_os = "linux")),
        "mkfifo made none"
    );
}

/// A picture file whose name is not UTF-8 is listed by the file chooser and
/// opens by its real path (issue 65: the lossy name did not open).
#[cfg(target_os = "linux")]
#[test]
fn a_picture_named_in_bytes_that_are_not_utf8_opens_from_the_chooser() {
    use std::os::unix::ffi::OsStrExt;
    let dir = fresh_dir("hostile-names");
    std::fs::create_dir_all(&dir).unwrap();
    let red = new_app(71);
    let invitation = invite_other_device(&red);
    let name = std::ffi::OsStr::from_bytes(b"invitation-\xff\xfe.png");
    std::fs::write(dir.join(name), make_qr(&invitation).unwrap().to_png(5)).unwrap();

    let blue = App::new(AppConfig::in_memory(72)).unwrap();
    fit_window(&blue);
    tap(&blue, "Read a code");
    tap(&blue, "Choose a picture file…");
    let chooser = blue.window().global::<FileChooserAdapter>();
    chooser.invoke_open(dir.display().to_string().into());
    let listed = labels(&blue);
    assert!(
        listed.iter().any(|l| l.starts_with("invitation-")),
        "{listed:?}"
    );
    chooser.invoke_open_entry(0);
    assert_eq!(screen(&blue), "setup", "{:?}", labels(&blue));
}

/// Typed into the chooser, a FIFO or a link to a device is neither a folder
/// nor a file: nothing is read and the app goes on.
#[cfg(unix)]
#[test]
fn the_chooser_reads_no_fifo_and_no_device() {
    i_slint_backend_testing::init_no_event_loop();
    let dir = fresh_dir("hostile-chooser");
    std::fs::create_dir_all(&dir).unwrap();
    let zero = dir.join("zero.png");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let fifo_path = dir.join("code.png");
    let made_fifo = fifo(&fifo_path);
    let app = App::new(AppConfig {
        photos: Some(Arc::new(PhotoFolders::new(vec![dir.clone()]))),
        ..AppConfig::in_memory(73)
    })
    .unwrap();
    fit_window(&app);
    tap(&app, "Read a code");
    tap(&app, "Choose a picture file…");
    let chooser = app.window().global::<FileChooserAdapter>();
    let mut typed = vec![zero];
    if made_fifo {
        typed.push(fifo_path);
    }
    for path in typed {
        chooser.invoke_open(path.display().to_string().into());
        assert!(
            chooser
                .get_message()
                .contains("is neither a folder nor a file"),
            "{}",
            chooser.get_message()
        );
    }
    // Nor are they offered among the newest pictures.
    assert!(
        !labels(&app)
            .iter()
            .any(|l| l.starts_with("zero.png") || l.starts_with("code.png"))
    );
}
