//! Print and play in the app: "Print and play" on the home screen lists
//! every sheet, previews its pages as they will print, follows the paper
//! chosen, saves the PDF to the data folder's exports and says where, and
//! says why when it cannot.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, AppConfig, PrintAdapter};
use flagfall::platform::exports::{ExportError, Exports, Kept};
use flagfall::print::{self, paper};
use slint::ComponentHandle;
use std::sync::{Arc, Mutex};

fn open_print(app: &App) {
    tap(app, "Print and play");
    assert_eq!(screen(app), "print");
}

fn page_text(app: &App) -> String {
    app.window()
        .global::<PrintAdapter>()
        .get_page_text()
        .to_string()
}

#[test]
fn every_sheet_is_listed_and_previewed_page_by_page_on_the_paper_chosen() {
    let app = new_app(1);
    open_print(&app);
    for printable in print::printables() {
        assert_shows(&app, &format!("print: {}", printable.title));
    }
    assert_shows(
        &app,
        &format!("print: {}, chosen", print::printables()[0].title),
    );
    let cards = print::printables()
        .into_iter()
        .find(|p| p.name == "go-go-cards")
        .unwrap();
    tap(&app, &format!("print: {}", cards.title));
    assert_shows(&app, &format!("print: {}, chosen", cards.title));
    let about = app.window().global::<PrintAdapter>().get_about();
    assert_eq!(about.as_str(), cards.what);
    let a4_pages = print::pages("go-go-cards", paper::A4).unwrap().len();
    assert_eq!(page_text(&app), format!("page 1 of {a4_pages} (A4)"));
    // The preview is the page's own drawing, at the page's proportions.
    let preview = app.window().global::<PrintAdapter>().get_preview().size();
    assert!(preview.width > 0, "no preview");
    let ratio = f64::from(preview.height) / f64::from(preview.width);
    assert!((ratio - 297.0 / 210.0).abs() < 0.01, "{ratio}");
    tap(&app, "next page");
    assert_eq!(page_text(&app), format!("page 2 of {a4_pages} (A4)"));
    tap(&app, "previous page");
    assert_eq!(page_text(&app), format!("page 1 of {a4_pages} (A4)"));
    tap(&app, "paper: US Letter");
    let letter_pages = print::pages("go-go-cards", paper::LETTER).unwrap().len();
    assert_eq!(
        page_text(&app),
        format!("page 1 of {letter_pages} (US Letter)")
    );
    let preview = app.window().global::<PrintAdapter>().get_preview().size();
    let ratio = f64::from(preview.height) / f64::from(preview.width);
    assert!((ratio - 279.4 / 215.9).abs() < 0.01, "{ratio}");
    tap(&app, "Back");
    assert_eq!(screen(&app), "home");
}

#[test]
fn the_pdf_is_saved_to_the_exports_folder_and_the_screen_says_where() {
    let dir = fresh_dir("ui-print");
    let app = app_with_storage(&dir, 2);
    open_print(&app);
    let board = print::printables()
        .into_iter()
        .find(|p| p.name == "domino-board")
        .unwrap();
    tap(&app, &format!("print: {}", board.title));
    tap(&app, "paper: US Letter");
    tap(&app, "Save the PDF");
    let path = dir.join("exports").join("flagfall-domino-board-letter.pdf");
    assert_shows(&app, &format!("saved: Saved to {}", path.display()));
    let pdf = std::fs::read(&path).expect("the PDF in the exports folder");
    assert!(pdf.starts_with(b"%PDF-"));
    // The whole board, every sheet of it.
    let sheets = print::pages("domino-board", paper::LETTER).unwrap().len();
    let count = format!("/Count {sheets}");
    assert!(
        pdf.windows(count.len()).any(|w| w == count.as_bytes()),
        "not {sheets} pages"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A shelf that refuses, as a full disk or a platform that says no would.
struct Refusing(Mutex<Vec<String>>);

impl Exports for Refusing {
    fn keep(&self, file_name: &str, _mime: &str, _bytes: &[u8]) -> Result<Kept, ExportError> {
        self.0.lock().unwrap().push(file_name.to_string());
        Err(ExportError::Platform("no space left on the device".into()))
    }
}

#[test]
fn a_pdf_that_cannot_be_kept_says_why_and_the_app_goes_on() {
    let app = new_app(3);
    open_print(&app);
    tap(&app, "Save the PDF");
    assert_shows(
        &app,
        "problem: The PDF was not saved: this app keeps no files",
    );

    let _ = std::panic::catch_unwind(i_slint_backend_testing::init_no_event_loop);
    let shelf = Arc::new(Refusing(Mutex::new(Vec::new())));
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            exports: Some(shelf.clone()),
            ..Default::default()
        },
        ..AppConfig::in_memory(4)
    })
    .unwrap();
    fit_window(&app);
    open_print(&app);
    tap(&app, "Save the PDF");
    assert_shows(
        &app,
        "problem: The PDF was not saved: no space left on the device",
    );
    let first = &print::printables()[0].name;
    assert_eq!(
        *shelf.0.lock().unwrap(),
        [format!("flagfall-{first}-a4.pdf")]
    );
    tap(&app, "Back");
    assert_eq!(screen(&app), "home");
}
