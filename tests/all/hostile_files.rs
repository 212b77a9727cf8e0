//! Files that attack the photo scan and the file chooser (issue 65): a
//! FIFO named like a picture, a link to `/dev/zero`, a file larger than any
//! picture, and a name that is not UTF-8. Each is passed over or read
//! within bounds, and a real picture beside them is still read.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, AppConfig, FileChooserAdapter};
use flagfall::link::codes::qr_image::make_qr;
use flagfall::link::scan::photos::{PhotoFolders, PhotoSource, codes_in_newest};
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
        platform: flagfall::app::Platform {
            photos: Some(Arc::new(PhotoFolders::new(vec![dir.clone()]))),
            ..Default::default()
        },
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

/// Runs the app's command line with `args`, giving up after 60 s (a tool
/// that waits for ever fails the test instead of hanging it): its exit
/// code, standard output and error.
#[cfg(unix)]
fn run_tool(args: &[&std::ffi::OsStr]) -> (Option<i32>, String, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_flagfall"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            let mut err = String::new();
            child
                .stdout
                .take()
                .unwrap()
                .read_to_string(&mut out)
                .unwrap();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status.code(), out, err);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("`flagfall {args:?}` still ran after 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Issue 77, item 9: the command-line tools read as the app does. A FIFO
/// named like a record, a link to `/dev/zero` and a link back up the
/// folder tree are passed over or refused, in moments and bounded memory,
/// and the real record beside them is still checked.
#[cfg(unix)]
#[test]
fn check_games_and_saved_read_no_fifo_no_device_and_no_link_loop() {
    use std::os::unix::fs::symlink;
    let dir = fresh_dir("hostile-records");
    std::fs::create_dir_all(dir.join("deeper")).unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1/finished-barrage.json");
    std::fs::copy(&fixture, dir.join("deeper/real.json")).unwrap();
    symlink("/dev/zero", dir.join("zero.xml")).unwrap();
    symlink(&dir, dir.join("deeper/loop")).unwrap();
    let made_fifo = fifo(&dir.join("waits.json"));
    let (_, out, _) = run_tool(&["check-games".as_ref(), dir.as_os_str()]);
    assert!(out.contains("zero.xml: unreadable"), "{out}");
    if made_fifo {
        assert!(out.contains("waits.json: unreadable"), "{out}");
    }
    assert!(
        out.contains(" 1 ok,"),
        "the real record once, the loop not followed: {out}"
    );

    // `saved` reads the games in progress of a data folder the same way.
    let data = fresh_dir("hostile-saved");
    std::fs::create_dir_all(data.join("in-progress")).unwrap();
    symlink("/dev/zero", data.join("in-progress/zero.json")).unwrap();
    fifo(&data.join("in-progress/waits.json"));
    let (code, _, err) = run_tool(&["--data-dir".as_ref(), data.as_os_str(), "saved".as_ref()]);
    assert_eq!(code, Some(1));
    assert!(err.contains("could not be read"), "{err}");
}
