//! The print-and-play screen's controller (`ui/print.slint`, global
//! `PrintAdapter`): pick a sheet and a paper, see its pages as they will
//! print (the same SVG the PDF is made of), and save the PDF to the
//! platform's shelf (the data folder's `exports` on desktop, Downloads on
//! Android), saying where it went.

use super::{App, AppWindow, PrintAdapter, State, router};
use crate::session::print::shelf::{self, Folder, PdfShelf};
use crate::session::print::{self, Page, Paper, Printable, paper};
use slint::{ComponentHandle, Image, ModelRc, SharedString, VecModel};
use std::sync::Arc;

/// The screen's choices, and where PDFs go.
pub(super) struct PrintState {
    printables: Vec<Printable>,
    selected: usize,
    paper: Paper,
    page: usize,
    /// The pages of the chosen sheet on the chosen paper.
    pages: Vec<Page>,
    shelf: Option<Arc<dyn PdfShelf>>,
}

impl PrintState {
    /// PDFs go to `shelf`, or without one to the data folder's exports;
    /// with neither, nothing can be saved here.
    pub(super) fn new(
        shelf: Option<Arc<dyn PdfShelf>>,
        storage: Option<&crate::session::Storage>,
    ) -> PrintState {
        let shelf = shelf.or_else(|| {
            storage.map(|s| {
                Arc::new(Folder {
                    dir: s.exports_dir(),
                }) as Arc<dyn PdfShelf>
            })
        });
        PrintState {
            printables: print::printables(),
            selected: 0,
            paper: paper::A4,
            page: 0,
            pages: Vec::new(),
            shelf,
        }
    }

    fn name(&self) -> &str {
        self.printables
            .get(self.selected)
            .map_or("", |p| p.name.as_str())
    }
}

/// The sheets to choose from, by title.
fn set_items(w: &AppWindow, printables: &[Printable]) {
    let items: Vec<SharedString> = printables.iter().map(|p| p.title.as_str().into()).collect();
    w.global::<PrintAdapter>()
        .set_items(ModelRc::new(VecModel::from(items)));
}

pub(super) fn connect(app: &App) {
    let screen = app.window().global::<PrintAdapter>();
    set_items(app.window(), &app.state.borrow().print.printables);
    screen.on_choose(app.indexed(|s, w, i| {
        if i < s.print.printables.len() {
            s.print.selected = i;
            draw(s, w, 0);
        }
    }));
    screen.on_choose_paper(app.indexed(|s, w, i| {
        s.print.paper = if i == 1 { paper::LETTER } else { paper::A4 };
        draw(s, w, 0);
    }));
    screen.on_previous_page(app.unit(|s, w| {
        let page = s.print.page.saturating_sub(1);
        show_page(s, w, page);
    }));
    screen.on_next_page(app.unit(|s, w| {
        let page = s.print.page + 1;
        show_page(s, w, page);
    }));
    screen.on_save(app.unit(save));
    screen.on_back(app.unit(|s, w| {
        clear_message(w);
        s.route.overlay = router::Overlay::None;
    }));
}

/// Opens the screen at the sheet last chosen, its texts in the language
/// chosen now.
pub(super) fn open(s: &mut State, w: &AppWindow) {
    s.print.printables = print::printables();
    set_items(w, &s.print.printables);
    clear_message(w);
    s.route.overlay = router::Overlay::Print;
    let page = s.print.page;
    draw(s, w, page);
}

fn clear_message(w: &AppWindow) {
    let screen = w.global::<PrintAdapter>();
    screen.set_message("".into());
    screen.set_failed(false);
}

/// Lays out the chosen sheet and shows its page `page`.
fn draw(s: &mut State, w: &AppWindow, page: usize) {
    let screen = w.global::<PrintAdapter>();
    screen.set_selected(s.print.selected as i32);
    let about = s
        .print
        .printables
        .get(s.print.selected)
        .map(|p| p.what.clone());
    screen.set_about(about.unwrap_or_default().into());
    screen.set_paper(i32::from(s.print.paper == paper::LETTER));
    // The names come from the same list, so this fails only if a sheet
    // cannot be drawn; then the screen says why instead of a preview.
    s.print.pages = match print::pages(s.print.name(), s.print.paper) {
        Ok(pages) => pages,
        Err(e) => {
            screen.set_failed(true);
            screen.set_message(crate::tr!("This sheet cannot be drawn: {}", e).into());
            Vec::new()
        }
    };
    show_page(s, w, page);
}

fn show_page(s: &mut State, w: &AppWindow, page: usize) {
    let screen = w.global::<PrintAdapter>();
    let count = s.print.pages.len();
    let page = page.min(count.saturating_sub(1));
    s.print.page = page;
    let preview = s
        .print
        .pages
        .get(page)
        .and_then(|p| Image::load_from_svg_data(p.svg.as_bytes()).ok());
    screen.set_preview(preview.unwrap_or_default());
    screen.set_page(page as i32);
    screen.set_pages(count as i32);
    screen.set_page_text(
        if count == 0 {
            crate::tr!("no preview")
        } else {
            crate::tr!(
                "page {} of {} ({})",
                page + 1,
                count,
                crate::i18n::translate(s.print.paper.name)
            )
        }
        .into(),
    );
}

/// Makes the PDF and keeps it, saying where it went or why not.
fn save(s: &mut State, w: &AppWindow) {
    let screen = w.global::<PrintAdapter>();
    let name = s.print.name().to_string();
    let kept = match &s.print.shelf {
        None => Err(crate::tr!(
            "this app keeps no files (no data folder), so the PDF cannot be saved"
        )),
        Some(shelf) => print::print(&name, s.print.paper)
            .map_err(|e| e.to_string())
            .and_then(|pdf| shelf.keep(&shelf::file_name(&name, s.print.paper), &pdf)),
    };
    match kept {
        Ok(place) => {
            screen.set_failed(false);
            screen.set_message(
                crate::tr!("Saved to {}. Print it at actual size (100%).", place).into(),
            );
        }
        Err(e) => {
            screen.set_failed(true);
            screen.set_message(crate::tr!("The PDF was not saved: {}", e).into());
        }
    }
}
