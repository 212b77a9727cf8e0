//! Files a player saves go where a person looks for them, and the screen
//! says where (issue 64): a printed sheet, a game's record and a code's
//! picture each land in the platform's place for them (a computer's
//! Documents/Flagfall, stood in for here by a folder of the test's), "Open
//! the folder" shows that folder on a computer, and on a phone "Share…"
//! hands the saved file to the share sheet.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, AppConfig};
use flagfall::link::codes::qr_image::read_codes;
use flagfall::platform::exports::{ExportError, Exports, Folder, Kept};
use flagfall::platform::share::{ShareError, ShareSheet};
use flagfall::tools::screenshot::{init_headless, stage};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The folders "Open the folder" was asked to show, by this process.
static OPENED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn open_folder(dir: &Path) -> std::io::Result<()> {
    OPENED.lock().unwrap().push(dir.to_path_buf());
    Ok(())
}

/// Whether the button `label` can be tapped (none: it is not on screen).
fn button_enabled(app: &App, label: &str) -> Option<bool> {
    i_slint_backend_testing::ElementHandle::find_by_accessible_label(app.window(), label)
        .next()
        .and_then(|button| button.accessible_enabled())
}

fn folder_button_enabled(app: &App) -> Option<bool> {
    button_enabled(app, "Open the folder")
}

/// The app as on a computer: files go to `dir`, whose folder can be opened.
fn desktop_app(dir: &Path, seed: u64) -> App {
    let _ = init_headless();
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            exports: Some(Arc::new(Folder {
                dir: dir.to_path_buf(),
            })),
            ..Default::default()
        },
        open_folder: Some(open_folder),
        ..AppConfig::in_memory(seed)
    })
    .unwrap();
    fit_window(&app);
    app
}

/// A phone's Downloads: keeps the file and gives it an address to share by.
struct Downloads(Mutex<Vec<(String, String)>>);

impl Exports for Downloads {
    fn keep(&self, file_name: &str, mime: &str, _bytes: &[u8]) -> Result<Kept, ExportError> {
        self.0
            .lock()
            .unwrap()
            .push((file_name.to_string(), mime.to_string()));
        Ok(Kept {
            place: format!("Download/Flagfall/{file_name}"),
            folder: None,
            address: Some(format!("content://media/downloads/{file_name}")),
        })
    }
}

/// A phone's share sheet: keeps what it was handed.
#[derive(Default)]
struct Sheet(Mutex<Vec<String>>);

impl ShareSheet for Sheet {
    fn share_text(&self, _title: &str, text: &str) -> Result<(), ShareError> {
        self.0.lock().unwrap().push(text.to_string());
        Ok(())
    }

    fn share_file(&self, _title: &str, address: &str, mime: &str) -> Result<(), ShareError> {
        self.0.lock().unwrap().push(format!("{address} {mime}"));
        Ok(())
    }
}

fn phone_app(downloads: &Arc<Downloads>, sheet: &Arc<Sheet>, seed: u64) -> App {
    let _ = init_headless();
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            exports: Some(downloads.clone()),
            share: Some(sheet.clone()),
            ..Default::default()
        },
        ..AppConfig::in_memory(seed)
    })
    .unwrap();
    fit_window(&app);
    app
}

/// The one file in `dir` whose name ends in `ending`.
fn saved_in(dir: &Path, ending: &str) -> PathBuf {
    let found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(ending))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

#[test]
fn on_a_computer_each_file_goes_to_the_players_folder_which_opens() {
    let dir = fresh_dir("saving-desktop");

    let app = desktop_app(&dir, 3);
    stage(&app, "classic", "print", 3).unwrap();
    // The button has its place from the start, greyed until a file is saved.
    assert_eq!(folder_button_enabled(&app), Some(false));
    tap(&app, "Save the PDF");
    assert_eq!(folder_button_enabled(&app), Some(true));
    let pdf = saved_in(&dir, ".pdf");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    assert_shows(&app, &format!("saved: Saved to {}", pdf.display()));
    tap(&app, "Open the folder");
    // Whether a window opened cannot be known: the folder is named.
    let asked = format!("The file manager was asked to show {}.", dir.display());
    assert!(
        labels(&app).iter().any(|l| l.contains(&asked)),
        "{:?}",
        labels(&app)
    );

    let app = desktop_app(&dir, 4);
    stage(&app, "classic", "over", 4).unwrap();
    tap(&app, "Save record");
    let record = saved_in(&dir, ".json");
    assert!(
        std::fs::read_to_string(&record)
            .unwrap()
            .contains("\"variant\"")
    );
    assert_shows(&app, &format!("Saved the record as {}", record.display()));
    tap(&app, "Open the folder");

    // A code's picture reads back as the code on screen.
    let app = desktop_app(&dir, 5);
    stage(&app, "classic", "invite", 5).unwrap();
    let code = code_on_screen(&app);
    tap(&app, "Save the picture");
    let picture = saved_in(&dir, ".png");
    assert_eq!(
        read_codes(&std::fs::read(&picture).unwrap()).unwrap(),
        [code]
    );
    assert_shows(&app, &format!("Saved the picture to {}", picture.display()));
    tap(&app, "Open the folder");

    let opened = OPENED.lock().unwrap().clone();
    assert_eq!(opened, vec![dir.clone(), dir.clone(), dir]);
}

#[test]
fn on_a_phone_each_saved_file_can_be_shared() {
    let downloads = Arc::new(Downloads(Mutex::new(Vec::new())));
    let sheet = Arc::new(Sheet::default());

    let app = phone_app(&downloads, &sheet, 6);
    stage(&app, "classic", "print", 6).unwrap();
    tap(&app, "Save the PDF");
    assert!(!labels(&app).iter().any(|l| l == "Open the folder"));
    tap(&app, "Share…");

    let app = phone_app(&downloads, &sheet, 7);
    stage(&app, "classic", "over", 7).unwrap();
    tap(&app, "Save record");
    tap(&app, "Share…");

    let app = phone_app(&downloads, &sheet, 8);
    stage(&app, "classic", "invite", 8).unwrap();
    // Its place is kept from the start, greyed until the picture is saved.
    assert_eq!(button_enabled(&app, "Share the picture"), Some(false));
    tap(&app, "Save the picture");
    assert_eq!(button_enabled(&app, "Share the picture"), Some(true));
    tap(&app, "Share the picture");

    let kept = downloads.0.lock().unwrap().clone();
    let mimes: Vec<&str> = kept.iter().map(|(_, mime)| mime.as_str()).collect();
    assert_eq!(mimes, ["application/pdf", "application/json", "image/png"]);
    let shared = sheet.0.lock().unwrap().clone();
    let expected: Vec<String> = kept
        .iter()
        .map(|(name, mime)| format!("content://media/downloads/{name} {mime}"))
        .collect();
    assert_eq!(shared, expected);
}
