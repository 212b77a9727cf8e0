//! The print-and-play screen's controller (`ui/print.slint`, global
//! `PrintAdapter`): pick a sheet and a paper, see its pages as they will
//! print (the same SVG the PDF is made of), and save the PDF where a person
//! looks for it (`saving`), saying where it went.

use super::effect::Effect;
use super::saving::{FileSaver, SaveError, SavedFile};
use super::{App, AppWindow, PrintAdapter};
use crate::print::{self, Page, Paper, PrintError, Printable, paper};
use slint::{ComponentHandle, Image, ModelRc, SharedString, VecModel};

/// Why the PDF was not saved: it could not be made, or not kept.
#[derive(Debug, thiserror::Error)]
enum NotSaved {
    #[error(transparent)]
    Made(#[from] PrintError),
    #[error(transparent)]
    Kept(#[from] SaveError),
}

/// The screen's choices, and where the last PDF went.
pub(super) struct PrintController {
    /// Read when the screen opens, not at start: listing them reads every
    /// lesson (the learn-to-play sheets), which the first frame need not
    /// wait for.
    printables: Vec<Printable>,
    selected: usize,
    paper: Paper,
    page: usize,
    /// The pages of the chosen sheet on the chosen paper.
    pages: Vec<Page>,
    /// The last PDF saved, to open its folder or share it.
    saved: Option<SavedFile>,
    /// The preview shown before the one on show: in a browser page the
    /// browser decodes a preview from an address that dropping the image
    /// takes away, so one replaced while it still loads (a quick second
    /// tap) would fail to load; kept one step longer, it finishes.
    previous_preview: Image,
}

impl PrintController {
    pub(super) fn new() -> PrintController {
        PrintController {
            printables: Vec::new(),
            selected: 0,
            paper: paper::A4,
            page: 0,
            pages: Vec::new(),
            saved: None,
            previous_preview: Image::default(),
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
    screen.on_choose(app.indexed(|s, w, i| s.print.choose(w, i)));
    screen.on_choose_paper(app.indexed(|s, w, i| {
        s.print.paper = if i == 1 { paper::LETTER } else { paper::A4 };
        s.print.draw(w, 0);
    }));
    screen.on_previous_page(app.unit(|s, w| {
        let page = s.print.page.saturating_sub(1);
        s.print.show_page(w, page);
    }));
    screen.on_next_page(app.unit(|s, w| {
        let page = s.print.page + 1;
        s.print.show_page(w, page);
    }));
    screen.on_save(app.unit(|s, w| s.print.save(w, &s.saver)));
    screen.on_open_folder(app.unit(|s, w| {
        let Some(saved) = s.print.saved.as_ref() else {
            return;
        };
        match s.saver.open_folder(saved) {
            Ok(()) => w
                .global::<PrintAdapter>()
                .set_message(FileSaver::folder_asked(saved).into()),
            Err(why) => s.print.said(w, Some(Err(why))),
        }
    }));
    screen.on_share_file(app.unit(|s, w| {
        let title = crate::tr!("Send the sheet");
        let done = s
            .print
            .saved
            .as_ref()
            .map(|saved| s.saver.share(saved, &title));
        s.print.said(w, done);
    }));
    screen.on_back(app.unit(|_, w| back(w)));
}

/// Closes the screen (its Back button, Escape, the back gesture), its
/// message with it.
pub(super) fn back(w: &AppWindow) -> Effect {
    clear_message(w);
    Effect::Overlay(None)
}

impl PrintController {
    /// Opens the screen at the sheet last chosen, its texts in the language
    /// chosen now.
    pub(super) fn open(&mut self, w: &AppWindow) {
        self.printables = print::printables();
        set_items(w, &self.printables);
        clear_message(w);
        self.draw(w, self.page);
    }

    fn choose(&mut self, w: &AppWindow, index: usize) {
        if index < self.printables.len() {
            self.selected = index;
            self.draw(w, 0);
        }
    }

    /// Lays out the chosen sheet and shows its page `page`.
    fn draw(&mut self, w: &AppWindow, page: usize) {
        let screen = w.global::<PrintAdapter>();
        screen.set_selected(self.selected as i32);
        let about = self.printables.get(self.selected).map(|p| p.what.clone());
        screen.set_about(about.unwrap_or_default().into());
        screen.set_paper(i32::from(self.paper == paper::LETTER));
        // The names come from the same list, so this fails only if a sheet
        // cannot be drawn; then the screen says why instead of a preview.
        self.pages = match print::pages(self.name(), self.paper) {
            Ok(pages) => pages,
            Err(e) => {
                screen.set_failed(true);
                screen.set_message(crate::tr!("This sheet cannot be drawn: {}", e).into());
                Vec::new()
            }
        };
        self.show_page(w, page);
    }

    fn show_page(&mut self, w: &AppWindow, page: usize) {
        let screen = w.global::<PrintAdapter>();
        let count = self.pages.len();
        let page = page.min(count.saturating_sub(1));
        self.page = page;
        let preview = self
            .pages
            .get(page)
            .and_then(|p| Image::load_from_svg_data(p.svg.as_bytes()).ok());
        self.previous_preview = screen.get_preview();
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
                    crate::i18n::translate(self.paper.name)
                )
            }
            .into(),
        );
    }

    /// Makes the PDF and keeps it, saying where it went or why not.
    fn save(&mut self, w: &AppWindow, saver: &FileSaver) {
        let screen = w.global::<PrintAdapter>();
        let name = self.name().to_string();
        let kept = print::print(&name, self.paper)
            .map_err(NotSaved::from)
            .and_then(|pdf| {
                saver
                    .keep(
                        &print::file_name(&name, self.paper),
                        "application/pdf",
                        &pdf,
                    )
                    .map_err(NotSaved::from)
            });
        self.saved = kept.as_ref().ok().cloned();
        screen.set_can_open_folder(self.saved.as_ref().is_some_and(|s| s.folder.is_some()));
        screen.set_can_share_file(self.saved.as_ref().is_some_and(|s| s.share.is_some()));
        match kept {
            Ok(kept) => {
                screen.set_failed(false);
                screen.set_message(
                    crate::tr!("Saved to {}. Print it at actual size (100%).", kept.place).into(),
                );
            }
            Err(e) => {
                screen.set_failed(true);
                screen.set_message(crate::tr!("The PDF was not saved: {}", e).into());
            }
        }
    }
}

impl PrintController {
    /// Says why opening the folder or the share sheet failed (nothing when it worked).
    fn said(&self, w: &AppWindow, done: Option<Result<(), SaveError>>) {
        if let Some(Err(why)) = done {
            let screen = w.global::<PrintAdapter>();
            screen.set_failed(true);
            screen.set_message(why.to_string().into());
        }
    }
}

fn clear_message(w: &AppWindow) {
    let screen = w.global::<PrintAdapter>();
    screen.set_message("".into());
    screen.set_failed(false);
    screen.set_can_open_folder(false);
    screen.set_can_share_file(false);
}
