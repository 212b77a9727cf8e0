//! A one-sheet page: a title at the top, a caption at the foot, and the
//! room between for the drawing. Every length is in millimetres.

use super::Page;
use super::paper::{CAPTION, MARGIN, Paper};
use super::svg::{Svg, wrap};

/// The band at the top of a sheet for its title.
pub const TITLE: f64 = 12.0;

/// Where a sheet's drawing goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// The room for the drawing on a sheet of `paper`.
pub fn area(paper: Paper) -> Area {
    Area {
        x: MARGIN,
        y: MARGIN + TITLE,
        width: paper.width - 2.0 * MARGIN,
        height: paper.height - 2.0 * MARGIN - TITLE - CAPTION,
    }
}

/// A portrait sheet of `paper`: `title` at the top, `caption` at the foot,
/// and `body` drawing in the area between.
pub fn sheet(paper: Paper, title: &str, caption: &str, body: impl FnOnce(&mut Svg, Area)) -> Page {
    let mut svg = Svg::default();
    svg.bold(MARGIN, MARGIN + 6.0, 6.0, "#000000", "start", title);
    body(&mut svg, area(paper));
    write_caption(&mut svg, paper, caption);
    Page {
        width: paper.width,
        height: paper.height,
        svg: svg.document(paper.width, paper.height),
    }
}

/// `text` in the caption band at the foot of a sheet of `paper`.
pub fn write_caption(svg: &mut Svg, paper: Paper, text: &str) {
    let mut y = paper.height - MARGIN - CAPTION + 4.0;
    for line in wrap(text, paper.width - 2.0 * MARGIN, 2.6) {
        svg.text(MARGIN, y, 2.6, "#333333", "start", &line);
        y += 3.4;
    }
}
