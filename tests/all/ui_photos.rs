//! Reading codes from the newest photos, through the real UI: the way a
//! phone reads the other device's code (a photo taken with the camera app),
//! here with a folder standing in for the phone's gallery.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, AppConfig};
use flagfall::link::LinkStatus;
use flagfall::link::codes::qr_image::make_qr;
use flagfall::link::scan::photos::PhotoFolders;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn gallery(name: &str) -> PathBuf {
    let dir = fresh_dir(&format!("gallery-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app_with_gallery(dir: &Path, seed: u64) -> App {
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            photos: Some(Arc::new(PhotoFolders::new(vec![dir.to_path_buf()]))),
            ..Default::default()
        },
        ..AppConfig::in_memory(seed)
    })
    .unwrap();
    fit_window(&app);
    app
}

/// Saves a photo of `text`'s QR code in the gallery, as the camera app would.
fn photograph(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), make_qr(text).unwrap().to_png(5)).unwrap();
}

const PHOTO_BUTTON: &str = "Read the newest picture";

#[test]
fn two_devices_start_a_game_through_photos_of_their_codes() {
    i_slint_backend_testing::init_no_event_loop();
    let (red_gallery, blue_gallery) = (gallery("red"), gallery("blue"));
    let red = app_with_gallery(&red_gallery, 61);
    let blue = app_with_gallery(&blue_gallery, 62);

    let invitation = invite_other_device(&red);

    // Nothing in the gallery yet: the screen says so and stays.
    tap(&blue, "Read a code");
    tap(&blue, PHOTO_BUTTON);
    assert_shows(&blue, "reading: there are no pictures to read yet");

    photograph(&blue_gallery, "IMG_0001.png", &invitation);
    tap(&blue, PHOTO_BUTTON);
    assert_eq!(screen(&blue), "setup", "{:?}", labels(&blue));
    tap(&blue, "Fill for me");
    tap(&blue, "Ready");
    let answer = code_on_screen(&blue);

    photograph(&red_gallery, "IMG_0002.png", &answer);
    tap(&red, PHOTO_BUTTON);
    assert_eq!(
        red.two_devices().as_ref().unwrap().status(),
        Some(LinkStatus::YourTurn),
        "{:?}",
        labels(&red)
    );

    // The same photo again is the same code again: refused, nothing changes.
    tap(&red, "Codes");
    tap(&red, PHOTO_BUTTON);
    assert_shows(&red, "reading: Not read: code number 1 was read already");
    for dir in [red_gallery, blue_gallery] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn without_a_photo_source_only_text_and_files_are_offered() {
    i_slint_backend_testing::init_no_event_loop();
    let app = App::new(AppConfig::in_memory(63)).unwrap();
    fit_window(&app);
    tap(&app, "Read a code");
    let shown = labels(&app);
    assert!(
        !shown.iter().any(|l| l.starts_with("Read the newest")),
        "{shown:?}"
    );
    assert!(
        shown.iter().any(|l| l == "Choose a picture file…"),
        "{shown:?}"
    );
}

/// On desktop the newest picture files are listed by name: a tap on one
/// reads it, with no path to type.
#[test]
fn a_listed_picture_file_is_read_with_a_tap() {
    i_slint_backend_testing::init_no_event_loop();
    let (red_gallery, blue_gallery) = (gallery("list-red"), gallery("list-blue"));
    let red = app_with_gallery(&red_gallery, 63);
    let blue = app_with_gallery(&blue_gallery, 64);
    let invitation = invite_other_device(&red);
    photograph(&blue_gallery, "invitation.png", &invitation);
    std::fs::write(blue_gallery.join("notes.txt"), "not a picture").unwrap();
    tap(&blue, "Read a code");
    let folder = blue_gallery.file_name().unwrap().to_string_lossy();
    assert!(
        !labels(&blue).iter().any(|l| l.starts_with("notes.txt")),
        "only pictures are listed"
    );
    tap(&blue, &format!("invitation.png ({folder})"));
    assert_eq!(screen(&blue), "setup", "{:?}", labels(&blue));
}

/// The file chooser finds a picture anywhere: the folder typed, the picture
/// tapped, and the code read.
#[test]
fn a_picture_is_chosen_in_the_file_chooser() {
    i_slint_backend_testing::init_no_event_loop();
    let (red_gallery, blue_gallery) = (gallery("chooser-red"), gallery("chooser-blue"));
    let red = app_with_gallery(&red_gallery, 65);
    let blue = App::new(AppConfig::in_memory(66)).unwrap();
    fit_window(&blue);
    let invitation = invite_other_device(&red);
    photograph(&blue_gallery, "invitation.png", &invitation);
    tap(&blue, "Read a code");
    tap(&blue, "Choose a picture file…");
    assert_shows(&blue, "Choose a picture of the code");
    type_into(
        &blue,
        "folder or file to open",
        &blue_gallery.display().to_string(),
    );
    tap(&blue, "open the path typed");
    tap(&blue, "invitation.png");
    assert_eq!(screen(&blue), "setup", "{:?}", labels(&blue));
    for dir in [red_gallery, blue_gallery] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
