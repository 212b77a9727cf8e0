//! A one-page rules sheet per variant, from the same rules text the rules
//! screen shows (`core::rules_text`), set as large as fits on the sheet;
//! `text_sheet` sets any paragraphs so (the learn-to-play sheets too).

use super::Page;
use super::paper::Paper;
use super::sheet::{area, sheet};
use super::svg::{LEADING, wrap};
use crate::core::rules_text::rules_text;
use crate::core::variant::Variant;
use crate::i18n::translate;

/// The largest and smallest type a rules sheet is set in, in millimetres
/// (2.8 mm is about 11 points, 2.2 mm about 8.5).
const LARGEST: f64 = 3.6;
pub const SMALLEST: f64 = 2.2;
/// Space between paragraphs, in lines.
const PARAGRAPH: f64 = 0.5;

/// The paragraphs of the sheet: the rules text without its first line (the
/// variant's name, which is the sheet's title), in English or translated.
fn paragraphs(variant: &Variant) -> Vec<String> {
    let text = rules_text(variant);
    let text = text
        .strip_prefix(&format!("{}\n", translate(&variant.name)))
        .or_else(|| text.strip_prefix(&format!("{}\n", variant.name)))
        .unwrap_or(&text);
    text.split("\n\n").map(str::to_string).collect()
}

/// How tall `paragraphs` stand at `size` in `width`.
fn height(paragraphs: &[String], width: f64, size: f64) -> f64 {
    let lines: usize = paragraphs.iter().map(|p| wrap(p, width, size).len()).sum();
    (lines as f64 + PARAGRAPH * paragraphs.len() as f64) * size * LEADING
}

/// The largest type `paragraphs` fit one sheet of `paper` in, or `None`
/// when even the smallest does not.
pub fn fitting_size(paragraphs: &[String], paper: Paper) -> Option<f64> {
    let area = area(paper);
    let mut size = LARGEST;
    while size >= SMALLEST - 1e-9 {
        if height(paragraphs, area.width, size) <= area.height {
            return Some(size);
        }
        size -= 0.1;
    }
    None
}

/// The type size the rules of `variant` are set in on `paper`: the largest
/// that fits, or `None` when even the smallest does not.
pub fn type_size(variant: &Variant, paper: Paper) -> Option<f64> {
    fitting_size(&paragraphs(variant), paper)
}

/// A sheet of `paragraphs` under `title` and `note`, set as large as fits.
pub fn text_sheet(paper: Paper, title: &str, note: &str, paragraphs: &[String]) -> Page {
    let size = fitting_size(paragraphs, paper).unwrap_or(SMALLEST);
    sheet(paper, title, note, |svg, area| {
        let mut y = area.y + size;
        for paragraph in paragraphs {
            y = svg.paragraph(area.x, y, area.width, size, "#000000", paragraph)
                + PARAGRAPH * size * LEADING;
        }
    })
}

/// The sheet on `paper`.
pub fn rules_sheet(variant: &Variant, paper: Paper) -> Page {
    text_sheet(
        paper,
        &crate::tr!("{}: the rules", translate(&variant.name)),
        &crate::tr!(
            "Flagfall print and play: the rules as the app plays them, written from the same data as its rules screen."
        ),
        &paragraphs(variant),
    )
}
