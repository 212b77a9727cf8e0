//! Boards to print at the size the props need, tiled over sheets: each
//! square drawn to the millimetre, the setup rows of each side shaded, the
//! water (or the piecepack hole) marked, and registration marks in the
//! strips two sheets share.

use super::Page;
use super::paper::{CAPTION, MARGIN, OVERLAP, Paper, Tile, tiles};
use super::svg::{Svg, trim, wrap};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Variant;
use crate::i18n::translate;

/// The labels round the grid.
const FRAME: f64 = 8.0;

/// A board and the size of its squares.
#[derive(Debug, Clone)]
pub struct BoardPlan<'a> {
    pub title: String,
    pub variant: &'a Variant,
    /// A square's width and depth, in millimetres.
    pub square: (f64, f64),
    /// Why the squares are that size, in a sentence for the sheet: English
    /// (`tr_noop!`), translated on the sheet.
    pub why: &'static str,
}

impl BoardPlan<'_> {
    /// The whole drawing: the grid and the labels round it.
    pub fn size(&self) -> (f64, f64) {
        let board = &self.variant.board;
        (
            f64::from(board.columns) * self.square.0 + 2.0 * FRAME,
            f64::from(board.rows) * self.square.1 + 2.0 * FRAME,
        )
    }

    /// Where square `s` is drawn (its top-left corner); Red's back row at the foot.
    pub fn corner(&self, s: Square) -> (f64, f64) {
        let rows = f64::from(self.variant.board.rows);
        (
            FRAME + f64::from(s.col) * self.square.0,
            FRAME + (rows - 1.0 - f64::from(s.row)) * self.square.1,
        )
    }

    /// The sheets, in reading order.
    pub fn pages(&self, paper: Paper) -> Vec<Page> {
        let (width, height) = self.size();
        let tiles = tiles(width, height, paper);
        let body = self.body(&tiles);
        let count = tiles.len();
        tiles
            .iter()
            .enumerate()
            .map(|(i, tile)| Page {
                width: tile.sheet_width,
                height: tile.sheet_height,
                svg: self.sheet(&body, tile, i, count, &tiles),
            })
            .collect()
    }

    /// The board in drawing millimetres (y down), with the marks for `tiles`.
    fn body(&self, tiles: &[Tile]) -> String {
        let v = self.variant;
        let (w, h) = self.square;
        let mut svg = Svg::default();
        for s in v.board.squares() {
            let (x, y) = self.corner(s);
            let fill = if v.board.is_blocked(s) {
                "#a9d2ee"
            } else {
                zone_fill(v, s).unwrap_or("#ffffff")
            };
            svg.rect(x, y, w, h, fill, Some(("#000000", 0.3)));
        }
        // The water is one area to the eye: its name once a lake.
        for s in v.board.squares().filter(|s| v.board.is_blocked(*s)) {
            let left = s.col == 0 || !v.board.is_blocked(Square::new(s.col - 1, s.row));
            let top = !v.board.is_blocked(Square::new(s.col, s.row + 1));
            if left && top {
                let (x, y) = self.corner(s);
                svg.text(
                    x + 2.0,
                    y + 5.0,
                    3.5,
                    "#245f86",
                    "start",
                    &translate(&v.board.blocked_name),
                );
            }
        }
        let (cols, rows) = (v.board.columns, v.board.rows);
        let (right, bottom) = (FRAME + f64::from(cols) * w, FRAME + f64::from(rows) * h);
        for col in 0..cols {
            let name = Square::new(col, 0).to_string();
            let letter = name.trim_end_matches(|c: char| c.is_ascii_digit());
            let x = FRAME + (f64::from(col) + 0.5) * w;
            svg.text(x, FRAME - 2.5, 4.0, "#444444", "middle", letter);
            svg.text(x, bottom + 5.5, 4.0, "#444444", "middle", letter);
        }
        for row in 0..rows {
            let y = FRAME + (f64::from(rows - 1 - row) + 0.5) * h + 1.4;
            let number = (row + 1).to_string();
            svg.text(FRAME / 2.0, y, 4.0, "#444444", "middle", &number);
            svg.text(right + FRAME / 2.0, y, 4.0, "#444444", "middle", &number);
        }
        // Registration marks in the middle of every strip two sheets share:
        // drawn on the board, they print on both sheets at the same place.
        let (width, height) = self.size();
        for pair in tiles
            .windows(2)
            .filter(|p| p[0].row == p[1].row && p[0].row == 0)
        {
            let x = (pair[1].x + pair[0].x + pair[0].width) / 2.0;
            for k in 1..=4 {
                svg.cross(x, height * f64::from(k) / 5.0);
            }
        }
        for upper in tiles.iter().filter(|t| t.column == 0) {
            if let Some(lower) = tiles
                .iter()
                .find(|t| t.column == 0 && t.row == upper.row + 1)
            {
                let y = (lower.y + upper.y + upper.height) / 2.0;
                for k in 1..=4 {
                    svg.cross(width * f64::from(k) / 5.0, y);
                }
            }
        }
        svg.finish()
    }

    /// One sheet: its part of the board, the strips it shares shaded, and a
    /// caption saying which sheet it is and how to join it.
    fn sheet(&self, body: &str, tile: &Tile, index: usize, count: usize, all: &[Tile]) -> String {
        let (sw, sh) = (tile.sheet_width, tile.sheet_height);
        let mut svg = Svg::default();
        svg.raw(&format!(
            r#"<defs><clipPath id="tile"><rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}"/></clipPath></defs>"#,
            tile.width, tile.height
        ));
        svg.raw(&format!(
            r#"<g clip-path="url(#tile)"><g transform="translate({} {})">{body}</g>"#,
            MARGIN - tile.x,
            MARGIN - tile.y
        ));
        // The strips this sheet shares with its neighbours.
        let last_column = all.iter().map(|t| t.column).max().unwrap_or(0);
        let last_row = all.iter().map(|t| t.row).max().unwrap_or(0);
        let shade = "#00000014";
        if tile.column > 0 {
            svg.rect(MARGIN, MARGIN, OVERLAP, tile.height, shade, None);
        }
        if tile.column < last_column {
            svg.rect(
                MARGIN + tile.width - OVERLAP,
                MARGIN,
                OVERLAP,
                tile.height,
                shade,
                None,
            );
        }
        if tile.row > 0 {
            svg.rect(MARGIN, MARGIN, tile.width, OVERLAP, shade, None);
        }
        if tile.row < last_row {
            svg.rect(
                MARGIN,
                MARGIN + tile.height - OVERLAP,
                tile.width,
                OVERLAP,
                shade,
                None,
            );
        }
        svg.raw("</g>");
        let (w, h) = self.square;
        let first = if count == 1 {
            crate::tr!(
                "{}, one sheet. Print at actual size (100%): squares {} x {} mm.",
                self.title,
                trim(w),
                trim(h)
            )
        } else {
            crate::tr!(
                "{}, sheet {} of {}: row {}, column {}. Print at actual size (100%): squares {} x {} mm.",
                self.title,
                index + 1,
                count,
                tile.row + 1,
                tile.column + 1,
                trim(w),
                trim(h)
            )
        };
        let why = translate(self.why);
        let second = if count == 1 {
            why
        } else {
            crate::tr!(
                "Sheets share a {} mm strip (shaded): lay one over the next, match the + marks, tape. {}",
                trim(OVERLAP),
                why
            )
        };
        let mut y = sh - MARGIN - CAPTION + 4.0;
        svg.text(MARGIN, y, 3.0, "#000000", "start", &first);
        for line in wrap(&second, sw - 2.0 * MARGIN, 2.6) {
            y += 3.4;
            svg.text(MARGIN, y, 2.6, "#333333", "start", &line);
        }
        svg.document(sw, sh)
    }
}

/// The shade of a square in a side's setup rows, on every sheet that draws them.
pub fn zone_fill(variant: &Variant, square: Square) -> Option<&'static str> {
    if variant.in_setup_zone(Side::Red, square) {
        Some("#f4d3cd")
    } else if variant.in_setup_zone(Side::Blue, square) {
        Some("#d2def3")
    } else {
        None
    }
}
