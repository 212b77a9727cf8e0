//! Board squares as the screens show them, from one player's side: Red sees
//! row 1 at the bottom, Blue sees the board turned round.

use super::Cell;
use super::words::{Numbering, label, name};
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{SuitId, Variant};
use crate::core::view::PlayerView;
use crate::session::SetupDraft;
use slint::Color;

/// What the glue needs to draw a board for one player.
#[derive(Debug, Clone, Copy)]
pub struct Display {
    pub viewer: Side,
    pub numbering: Numbering,
    pub memory_aid: bool,
}

/// The square shown at `index` (row by row from the top of the screen).
pub fn square_at(variant: &Variant, viewer: Side, index: usize) -> Square {
    let (columns, rows) = (variant.board.columns as usize, variant.board.rows as usize);
    let (r, c) = (index / columns, index % columns);
    match viewer {
        Side::Red => Square::new(c as u8, (rows - 1 - r) as u8),
        Side::Blue => Square::new((columns - 1 - c) as u8, r as u8),
    }
}

fn squares(variant: &Variant, viewer: Side) -> impl Iterator<Item = Square> + '_ {
    let count = variant.board.columns as usize * variant.board.rows as usize;
    (0..count).map(move |i| square_at(variant, viewer, i))
}

pub fn side_color(side: Side) -> Color {
    match side {
        Side::Red => Color::from_rgb_u8(0xd5, 0x5e, 0x00),
        Side::Blue => Color::from_rgb_u8(0x00, 0x72, 0xb2),
    }
}

/// Piecepack coins show their suit's colour; other pieces their side's.
fn face(variant: &Variant, side: Side, suit: Option<SuitId>) -> Color {
    match suit.map(|s| variant.suit(s).key.as_str()) {
        Some("red") => Color::from_rgb_u8(0xb0, 0x2a, 0x1e),
        Some("yellow") => Color::from_rgb_u8(0xb8, 0x86, 0x00),
        Some("blue") => Color::from_rgb_u8(0x1f, 0x5f, 0xa8),
        Some("black") => Color::from_rgb_u8(0x2b, 0x2b, 0x2b),
        _ => side_color(side),
    }
}

fn empty_cell(variant: &Variant, square: Square) -> Cell {
    let blocked = variant.board.is_blocked(square);
    Cell {
        a11y: if blocked {
            format!("{square}, {}", variant.board.blocked_name)
        } else {
            format!("{square}, empty")
        }
        .into(),
        content: i32::from(blocked),
        ..Default::default()
    }
}

fn piece_cell(
    variant: &Variant,
    display: &Display,
    square: Square,
    owner: Side,
    piece: Option<Piece>,
    suit: Option<SuitId>,
) -> Cell {
    let own = owner == display.viewer;
    let a11y = match (own, piece) {
        (true, Some(p)) => format!("{square}, your {}", name(variant, p)),
        (false, Some(p)) => format!("{square}, enemy {}", name(variant, p)),
        (_, None) => match suit {
            Some(s) => format!(
                "{square}, enemy {} coin",
                variant.suit(s).name.to_lowercase()
            ),
            None => format!("{square}, enemy piece"),
        },
    };
    Cell {
        label: piece
            .map(|p| label(variant, p, display.numbering))
            .unwrap_or_default()
            .into(),
        a11y: a11y.into(),
        content: if owner == Side::Red { 2 } else { 3 },
        face: face(variant, owner, suit),
        own,
        ..Default::default()
    }
}

/// A game board as `view.viewer` sees it, with a selected piece and its destinations.
pub fn play_cells(
    view: &PlayerView,
    display: &Display,
    selected: Option<Square>,
    targets: &[Square],
) -> Vec<Cell> {
    let variant = &*view.variant;
    squares(variant, display.viewer)
        .map(|square| {
            let mut cell = match view.at(square) {
                None => empty_cell(variant, square),
                Some(seen) => {
                    let own = seen.owner == display.viewer;
                    // Without the memory aid a player must remember revealed ranks;
                    // public pieces (pawns) stay visible, as on the table.
                    let public = seen.piece.is_some_and(|p| variant.kind(p.kind).public);
                    let shown = if own || display.memory_aid || public || view.outcome.is_some() {
                        seen.piece
                    } else {
                        None
                    };
                    let mut cell =
                        piece_cell(variant, display, square, seen.owner, shown, seen.suit);
                    if !own && display.memory_aid && seen.moved {
                        cell.note = "•".into();
                        cell.a11y = format!("{}, has moved", cell.a11y).into();
                    }
                    cell
                }
            };
            cell.selected = selected == Some(square);
            cell.target = targets.contains(&square);
            cell.last = view
                .last_move
                .is_some_and(|m| m.from == square || m.to == square);
            if cell.selected {
                cell.a11y = format!("{}, selected", cell.a11y).into();
            }
            if cell.target {
                cell.a11y = format!("{}, can move here", cell.a11y).into();
            }
            cell
        })
        .collect()
}

/// The setup board of the player editing `draft`.
pub fn setup_cells(draft: &SetupDraft, display: &Display, selected: Option<Square>) -> Vec<Cell> {
    let variant = &**draft.variant();
    squares(variant, display.viewer)
        .map(|square| {
            let mut cell = match draft.at(square) {
                Some(piece) => piece_cell(
                    variant,
                    display,
                    square,
                    draft.side(),
                    Some(piece),
                    piece.suit,
                ),
                None => empty_cell(variant, square),
            };
            cell.zone = draft.can_hold(square);
            cell.selected = selected == Some(square);
            if cell.zone && draft.at(square).is_none() {
                cell.a11y = format!("{square}, empty, your zone").into();
            }
            if cell.selected {
                cell.a11y = format!("{}, selected", cell.a11y).into();
            }
            cell
        })
        .collect()
}

/// Everything shown, for the game-over replay (only ever called once the game is over).
pub fn revealed_cells(position: &Position, display: &Display) -> Vec<Cell> {
    let variant = &**position.variant();
    squares(variant, display.viewer)
        .map(|square| match position.piece_at(square) {
            None => empty_cell(variant, square),
            Some(id) => {
                let piece = position.piece(id).piece;
                let mut cell =
                    piece_cell(variant, display, square, id.side, Some(piece), piece.suit);
                cell.own = true; // both armies are shown in full
                cell.a11y = format!("{square}, {} {}", id.side, name(variant, piece)).into();
                cell.last = position
                    .last_move()
                    .is_some_and(|m| m.from == square || m.to == square);
                cell
            }
        })
        .collect()
}

/// An empty board with water and both setup zones (the home screen's picture).
pub fn preview_cells(variant: &Variant) -> Vec<Cell> {
    squares(variant, Side::Red)
        .map(|square| {
            let mut cell = empty_cell(variant, square);
            cell.zone = Side::BOTH.iter().any(|s| variant.in_setup_zone(*s, square))
                && !variant.board.is_blocked(square);
            cell
        })
        .collect()
}
