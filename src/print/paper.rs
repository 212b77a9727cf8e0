//! Sheets of paper, and a drawing too big for one cut into overlapping
//! tiles, one a sheet. Every length is in millimetres.

/// A paper size, portrait. Its `name` is English (`tr_noop!`): translate it
/// where it is shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    pub name: &'static str,
    pub width: f64,
    pub height: f64,
}

pub const A4: Paper = Paper {
    name: crate::tr_noop!("A4"),
    width: 210.0,
    height: 297.0,
};

pub const LETTER: Paper = Paper {
    name: crate::tr_noop!("US Letter"),
    width: 215.9,
    height: 279.4,
};

/// What home printers leave blank at every edge, and more.
pub const MARGIN: f64 = 10.0;
/// The band at the foot of each sheet that says what it is.
pub const CAPTION: f64 = 12.0;
/// How much neighbouring tiles share, to glue or tape one over the other.
pub const OVERLAP: f64 = 10.0;

impl Paper {
    /// `a4` or `letter`.
    pub fn by_name(name: &str) -> Option<Paper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(A4),
            "letter" | "us-letter" => Some(LETTER),
            _ => None,
        }
    }
}

/// One sheet of a tiled drawing: the sheet's size (as printed, portrait or
/// landscape) and the rectangle of the drawing it shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tile {
    pub sheet_width: f64,
    pub sheet_height: f64,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// Place in the grid of sheets, from the top left.
    pub column: usize,
    pub row: usize,
}

/// Cuts a `width` x `height` drawing into the fewest sheets of `paper`
/// (all portrait or all landscape), neighbours sharing `OVERLAP`; the
/// drawing starts at each sheet's top-left margin.
pub fn tiles(width: f64, height: f64, paper: Paper) -> Vec<Tile> {
    let portrait = cut(width, height, paper.width, paper.height);
    let landscape = cut(width, height, paper.height, paper.width);
    if landscape.len() < portrait.len() {
        landscape
    } else {
        portrait
    }
}

fn cut(width: f64, height: f64, sheet_width: f64, sheet_height: f64) -> Vec<Tile> {
    let room_x = sheet_width - 2.0 * MARGIN;
    let room_y = sheet_height - 2.0 * MARGIN - CAPTION;
    let count = |length: f64, room: f64| -> usize {
        if length <= room {
            1
        } else {
            ((length - OVERLAP) / (room - OVERLAP)).ceil() as usize
        }
    };
    let (columns, rows) = (count(width, room_x), count(height, room_y));
    // Tiles share the drawing evenly, so no sheet is left with a sliver.
    let span = |length: f64, n: usize| (length + (n - 1) as f64 * OVERLAP) / n as f64;
    let (tile_w, tile_h) = (span(width, columns), span(height, rows));
    let mut out = Vec::with_capacity(columns * rows);
    for row in 0..rows {
        for column in 0..columns {
            out.push(Tile {
                sheet_width,
                sheet_height,
                x: column as f64 * (tile_w - OVERLAP),
                y: row as f64 * (tile_h - OVERLAP),
                width: tile_w,
                height: tile_h,
                column,
                row,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_cover_the_drawing_share_the_overlap_and_fit_their_sheet() {
        for (w, h) in [
            (468.0, 300.0),
            (340.0, 340.0),
            (172.4, 172.4),
            (900.0, 120.0),
        ] {
            for paper in [A4, LETTER] {
                let tiles = tiles(w, h, paper);
                for t in &tiles {
                    assert!(t.width <= t.sheet_width - 2.0 * MARGIN + 1e-9);
                    assert!(t.height <= t.sheet_height - 2.0 * MARGIN - CAPTION + 1e-9);
                }
                let last = tiles.last().unwrap();
                assert!((last.x + last.width - w).abs() < 1e-9, "{w} x {h}");
                assert!((last.y + last.height - h).abs() < 1e-9, "{w} x {h}");
                for pair in tiles.windows(2).filter(|p| p[0].row == p[1].row) {
                    let shared = pair[0].x + pair[0].width - pair[1].x;
                    assert!((shared - OVERLAP).abs() < 1e-9, "{shared}");
                }
            }
        }
    }

    #[test]
    fn a_small_drawing_is_one_sheet() {
        assert_eq!(tiles(152.4, 152.4, A4).len(), 1);
    }
}
