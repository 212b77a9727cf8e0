//! Print and play: sheets for the table, as PDF. Each sheet is drawn once as
//! SVG in millimetres (`board`, `svg`), tiled over paper when it is bigger
//! than a sheet (`paper`), and made into a PDF (`pdf`).
//!
//! What it prints today: the boards of Domino Stratego, the classic game,
//! the 8x8 game and Piecepack Stratego (for players without tiles).

mod board;
pub mod paper;
pub mod pdf;
mod svg;

pub use board::BoardPlan;
pub use paper::Paper;

use crate::core::variant::builtin_variant;

/// One page: its size in millimetres and its drawing.
#[derive(Debug, Clone)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    pub svg: String,
}

/// Something to print: its name on the command line, and what it is.
#[derive(Debug, Clone, Copy)]
pub struct Printable {
    pub name: &'static str,
    pub what: &'static str,
    variant: &'static str,
    square: (f64, f64),
    why: &'static str,
}

/// Everything that can be printed, in the order the lists show it.
pub const PRINTABLES: [Printable; 4] = [
    Printable {
        name: "domino-board",
        what: "Domino Stratego board, 8 x 10, each square holding a domino on its edge",
        variant: "domino",
        square: (56.0, 28.0),
        why: "A double-six domino is 2 x 1 inch (50.8 x 25.4 mm, 9.5 thick); stood on its long edge it needs 51 x 10 mm: 56 x 28 leaves room to take hold of it.",
    },
    Printable {
        name: "classic-board",
        what: "Classic 10 x 10 board with its lakes",
        variant: "classic",
        square: (32.0, 32.0),
        why: "32 mm squares hold the box's pieces (about 25 mm wide) with room to spare.",
    },
    Printable {
        name: "small-board",
        what: "Small 8 x 8 board with its lakes",
        variant: "small",
        square: (32.0, 32.0),
        why: "32 mm squares hold the box's pieces (about 25 mm wide) with room to spare.",
    },
    Printable {
        name: "piecepack-board",
        what: "Piecepack Stratego 6 x 6 board with its hole, for players without tiles",
        variant: "piecepack",
        square: (25.4, 25.4),
        why: "1 inch squares, as the piecepack's 2 inch tiles make them four a tile; 3/4 inch coins fit.",
    },
];

/// What went wrong, in a sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    #[error("nothing called \"{0}\" can be printed; `flagfall print --list` names what can")]
    Unknown(String),
    #[error("{0}")]
    Pdf(String),
}

/// The pages of `name` on `paper`.
pub fn pages(name: &str, paper: Paper) -> Result<Vec<Page>, PrintError> {
    let printable = PRINTABLES
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| PrintError::Unknown(name.to_string()))?;
    let variant =
        builtin_variant(printable.variant).ok_or_else(|| PrintError::Unknown(name.to_string()))?;
    let plan = BoardPlan {
        title: format!("{} board", variant.name),
        variant: &variant,
        square: printable.square,
        why: printable.why,
    };
    Ok(plan.pages(paper))
}

/// `name` on `paper`, as a PDF document.
pub fn print(name: &str, paper: Paper) -> Result<Vec<u8>, PrintError> {
    let pages = pages(name, paper)?;
    pdf::to_pdf(&format!("Flagfall: {name}"), &pages).map_err(PrintError::Pdf)
}

/// The square size `name` is printed with, in millimetres (width, depth).
pub fn square_of(name: &str) -> Option<(f64, f64)> {
    PRINTABLES.iter().find(|p| p.name == name).map(|p| p.square)
}
