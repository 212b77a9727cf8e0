//! A one-page rules sheet per variant, from the same rules text the rules
//! screen shows (`core::rules_text`), set as large as fits on the sheet;
//! `text_sheet` sets any parts so (the learn-to-play sheets too).

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
/// Space between parts, in lines.
const PART_GAP: f64 = 0.5;
/// Space between the paragraphs of one part, in lines.
const PARAGRAPH_GAP: f64 = 0.15;
/// Bold type is wider than the regular type `wrap` measures: a heading is
/// wrapped to this share of the width so that it never runs past it.
const BOLD_WIDTH: f64 = 0.9;

/// A part of a text sheet: a bold heading, if any, over paragraphs set
/// close together; parts stand half a line apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub heading: Option<String>,
    pub paragraphs: Vec<String>,
}

impl Part {
    /// A part of one paragraph and no heading.
    pub fn plain(paragraph: String) -> Part {
        Part {
            heading: None,
            paragraphs: vec![paragraph],
        }
    }
}

/// The parts of the sheet: each paragraph of the rules text without its
/// first line (the variant's name, which is the sheet's title), in English
/// or translated.
fn parts(variant: &Variant) -> Vec<Part> {
    let text = rules_text(variant);
    let text = text
        .strip_prefix(&format!("{}\n", translate(&variant.name)))
        .or_else(|| text.strip_prefix(&format!("{}\n", variant.name)))
        .unwrap_or(&text);
    text.split("\n\n")
        .map(|p| Part::plain(p.to_string()))
        .collect()
}

/// How tall `parts` stand at `size` in `width`.
fn height(parts: &[Part], width: f64, size: f64) -> f64 {
    let lines: f64 = parts
        .iter()
        .map(|part| {
            let heading = part
                .heading
                .as_ref()
                .map_or(0, |h| wrap(h, width * BOLD_WIDTH, size).len());
            let body: usize = part
                .paragraphs
                .iter()
                .map(|p| wrap(p, width, size).len())
                .sum();
            let gaps = part.paragraphs.len().saturating_sub(1) as f64 * PARAGRAPH_GAP;
            (heading + body) as f64 + gaps + PART_GAP
        })
        .sum();
    lines * size * LEADING
}

/// The largest type `parts` fit one sheet of `paper` in, or `None` when
/// even the smallest does not.
pub fn fitting_size(parts: &[Part], paper: Paper) -> Option<f64> {
    let area = area(paper);
    let mut size = LARGEST;
    while size >= SMALLEST - 1e-9 {
        if height(parts, area.width, size) <= area.height {
            return Some(size);
        }
        size -= 0.1;
    }
    None
}

/// The type size the rules of `variant` are set in on `paper`: the largest
/// that fits, or `None` when even the smallest does not.
pub fn type_size(variant: &Variant, paper: Paper) -> Option<f64> {
    fitting_size(&parts(variant), paper)
}

/// A sheet of `parts` under `title` and `note`, set as large as fits.
pub fn text_sheet(paper: Paper, title: &str, note: &str, parts: &[Part]) -> Page {
    let size = fitting_size(parts, paper).unwrap_or(SMALLEST);
    let line = size * LEADING;
    sheet(paper, title, note, |svg, area| {
        let mut y = area.y + size;
        for part in parts {
            if let Some(heading) = &part.heading {
                for text in wrap(heading, area.width * BOLD_WIDTH, size) {
                    svg.bold(area.x, y, size, "#000000", "start", &text);
                    y += line;
                }
            }
            for (index, paragraph) in part.paragraphs.iter().enumerate() {
                if index > 0 {
                    y += PARAGRAPH_GAP * line;
                }
                y = svg.paragraph(area.x, y, area.width, size, "#000000", paragraph);
            }
            y += PART_GAP * line;
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
        &parts(variant),
    )
}
