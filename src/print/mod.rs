//! Print and play: sheets for the table, as PDF. Each sheet is drawn once as
//! SVG in millimetres, tiled over paper when it is bigger than a sheet
//! (`paper`), and made into a PDF (`pdf`).
//!
//! What it prints (`printables`): the boards of Domino Stratego, the classic
//! game, the 8x8 game and Piecepack Stratego at the size the props need
//! (`board`), the Piecepack Stratego layout card (`piecepack`), Stratego go
//! go's 46 role cards (`cards`) and the referee's sheet (`referee`), a
//! one-page rules sheet per variant (`rules`) and a learn-to-play sheet per
//! variant with lessons (`learn`). `platform::exports` is where
//! a PDF is kept for the player.

mod board;
mod cards;
mod drawing;
pub mod error;
mod glyphs;
pub mod learn;
pub mod paper;
pub mod pdf;
mod pdf_primitives;
mod piecepack;
pub mod piecepack_looks;
mod referee;
mod rules;
mod sheet;
mod svg;

pub use board::BoardPlan;
pub use cards::{CARD, GRID};
pub use error::{DrawError, FontError, PdfError};
pub use paper::Paper;
pub use pdf::bring_fonts;
pub use rules::type_size;

use crate::core::variant::{builtin, builtin_variant};
use crate::i18n::translate;
use crate::referee::live::LiveRules;

/// One page: its size in millimetres and its drawing.
#[derive(Debug, Clone)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    pub svg: String,
}

/// Something to print: its name on the command line, and what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Printable {
    pub name: String,
    /// A few words, for a list on a phone.
    pub title: String,
    /// What it is, in a line.
    pub what: String,
    pub kind: Kind,
}

/// The kinds of sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A board at size, tiled over as many sheets as it needs.
    Board {
        variant: &'static str,
        /// A square's width and depth, in millimetres.
        square: (f64, f64),
        /// Why the squares are that size.
        why: &'static str,
    },
    PiecepackLayout,
    LiveCards,
    RefereeSheet,
    /// The rules of the variant with this id.
    Rules(String),
    /// The lessons of the variant with this id.
    Learn(String),
}

/// A board to print, with the size of its squares and why. `title`, `what`
/// and `why` are English (`tr_noop!`), translated where they are shown.
struct BoardSheet {
    name: &'static str,
    title: &'static str,
    what: &'static str,
    variant: &'static str,
    square: (f64, f64),
    why: &'static str,
}

const BOARDS: [BoardSheet; 4] = [
    BoardSheet {
        name: "domino-board",
        title: crate::tr_noop!("Domino Stratego board"),
        what: crate::tr_noop!(
            "Domino Stratego board, 8 x 10, each square holding a domino on its edge"
        ),
        variant: "domino",
        square: (56.0, 28.0),
        why: crate::tr_noop!(
            "A double-six domino is 2 x 1 inch (50.8 x 25.4 mm, 9.5 thick); stood on its long edge it needs 51 x 10 mm: 56 x 28 leaves room to take hold of it."
        ),
    },
    BoardSheet {
        name: "classic-board",
        title: crate::tr_noop!("Classic board"),
        what: crate::tr_noop!("Classic 10 x 10 board with its lakes"),
        variant: "classic",
        square: (32.0, 32.0),
        why: crate::tr_noop!(
            "32 mm squares hold the box's pieces (about 25 mm wide) with room to spare."
        ),
    },
    BoardSheet {
        name: "small-board",
        title: crate::tr_noop!("Small 8 x 8 board"),
        what: crate::tr_noop!("Small 8 x 8 board with its lakes"),
        variant: "small",
        square: (32.0, 32.0),
        why: crate::tr_noop!(
            "32 mm squares hold the box's pieces (about 25 mm wide) with room to spare."
        ),
    },
    BoardSheet {
        name: "piecepack-board",
        title: crate::tr_noop!("Piecepack Stratego board"),
        what: crate::tr_noop!(
            "Piecepack Stratego 6 x 6 board with its hole, for players without tiles"
        ),
        variant: "piecepack",
        square: (25.4, 25.4),
        why: crate::tr_noop!(
            "1 inch squares, as the piecepack's 2 inch tiles make them four a tile; 3/4 inch coins fit."
        ),
    },
];

/// Everything that can be printed, in the order the lists show it.
pub fn printables() -> Vec<Printable> {
    let mut out: Vec<Printable> = BOARDS
        .iter()
        .map(|board| Printable {
            name: board.name.to_string(),
            title: translate(board.title),
            what: translate(board.what),
            kind: Kind::Board {
                variant: board.variant,
                square: board.square,
                why: board.why,
            },
        })
        .collect();
    let live = LiveRules::built_in();
    let live_name = translate(&live.name);
    out.extend([
        Printable {
            name: "piecepack-layout".to_string(),
            title: crate::tr!("Piecepack Stratego layout card"),
            what: crate::tr!("Piecepack Stratego layout card: the tiles round the hole, the suits, the coin-to-rank key and the secret discard"),
            kind: Kind::PiecepackLayout,
        },
        Printable {
            name: "go-go-cards".to_string(),
            title: crate::tr!("{} role cards", live_name),
            what: crate::tr!(
                "{}: the {} role cards, a deck in each team's colour, with cut marks",
                live_name,
                2 * live.deck_size()
            ),
            kind: Kind::LiveCards,
        },
        Printable {
            name: "go-go-referee".to_string(),
            title: crate::tr!("{}: referee's sheet", live_name),
            what: crate::tr!(
                "{}: the referee's sheet, the challenge table and the field rules",
                live_name
            ),
            kind: Kind::RefereeSheet,
        },
    ]);
    out.extend(builtin().variants.iter().map(|v| Printable {
        name: format!("rules-{}", v.id),
        title: crate::tr!("Rules: {}", translate(&v.name)),
        what: crate::tr!("{}: the rules on one page", translate(&v.name)),
        kind: Kind::Rules(v.id.clone()),
    }));
    out.extend(
        builtin()
            .variants
            .iter()
            .filter(|v| !crate::learn::lessons_of(&v.id).is_empty())
            .map(|v| Printable {
                name: format!("learn-{}", v.id),
                title: crate::tr!("Learn to play: {}", translate(&v.name)),
                what: crate::tr!("{}: the lessons on one page", translate(&v.name)),
                kind: Kind::Learn(v.id.clone()),
            }),
    );
    out
}

/// What went wrong (put in the current language when shown: the Print
/// screen shows it).
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    /// Nothing of this name can be printed.
    Unknown(String),
    /// The sheet's pages could not be made into a PDF.
    Pdf(#[from] PdfError),
}

impl std::fmt::Display for PrintError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PrintError::Unknown(name) => f.write_str(&crate::tr!(
                "nothing called \"{}\" can be printed; `flagfall print --list` names what can",
                name
            )),
            PrintError::Pdf(e) => std::fmt::Display::fmt(e, f),
        }
    }
}

/// The pages of `name` on `paper`.
pub fn pages(name: &str, paper: Paper) -> Result<Vec<Page>, PrintError> {
    let unknown = || PrintError::Unknown(name.to_string());
    let printable = printables()
        .into_iter()
        .find(|p| p.name == name)
        .ok_or_else(unknown)?;
    let variant = |id: &str| builtin_variant(id).ok_or_else(unknown);
    Ok(match printable.kind {
        Kind::Board {
            variant: id,
            square,
            why,
        } => {
            let variant = variant(id)?;
            BoardPlan {
                title: crate::tr!("{} board", translate(&variant.name)),
                variant: &variant,
                square,
                why,
            }
            .pages(paper)
        }
        Kind::PiecepackLayout => vec![piecepack::layout_card(&*variant("piecepack")?, paper)],
        Kind::LiveCards => cards::card_sheets(&LiveRules::built_in(), paper),
        Kind::RefereeSheet => vec![referee::referee_sheet(&LiveRules::built_in(), paper)],
        Kind::Rules(id) => vec![rules::rules_sheet(&*variant(&id)?, paper)],
        Kind::Learn(id) => vec![learn::learn_sheet(&id, &variant(&id)?.name, paper)],
    })
}

/// `name` on `paper`, as a PDF document.
pub fn print(name: &str, paper: Paper) -> Result<Vec<u8>, PrintError> {
    let pages = pages(name, paper)?;
    Ok(pdf::to_pdf(&format!("Flagfall: {name}"), &pages)?)
}

/// The square size the board `name` is printed with, in millimetres (width, depth).
pub fn square_of(name: &str) -> Option<(f64, f64)> {
    printables().into_iter().find_map(|p| match p.kind {
        Kind::Board { square, .. } if p.name == name => Some(square),
        _ => None,
    })
}

/// The file name a sheet is kept under: one file per sheet and paper, so
/// printing it again replaces it.
pub fn file_name(name: &str, paper: Paper) -> String {
    let paper = if paper == paper::LETTER {
        "letter"
    } else {
        "a4"
    };
    format!("flagfall-{name}-{paper}.pdf")
}
