//! Board squares as the screens show them, from one player's side: Red sees
//! row 1 at the bottom, Blue sees the board turned round.

use super::naming::{Numbering, label, name, side_name, suit_name};
use super::{Cell, TrayItem};
use crate::core::moves::Move;
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{ArmyRule, Special, SuitId, Variant};
use crate::core::view::{PlayerView, ViewBattle, ViewPiece};
use crate::games::SetupDraft;
use crate::i18n::translate;
use crate::print::piecepack_looks;
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

pub fn squares(variant: &Variant, viewer: Side) -> impl Iterator<Item = Square> + '_ {
    let count = variant.board.columns as usize * variant.board.rows as usize;
    (0..count).map(move |i| square_at(variant, viewer, i))
}

pub fn side_color(side: Side) -> Color {
    match side {
        Side::Red => Color::from_rgb_u8(0xd5, 0x5e, 0x00),
        Side::Blue => Color::from_rgb_u8(0x00, 0x72, 0xb2),
    }
}

/// How a piece is drawn (`Cell::look`, see ui/piece.slint).
mod look {
    pub const CLASSIC: i32 = 0;
    pub const DOMINO: i32 = 1;
    pub const COIN: i32 = 2;
    pub const PAWN: i32 = 3;
}

/// What a classic piece draws instead of its label (`Cell::role`).
mod role {
    pub const NONE: i32 = 0;
    pub const BOMB: i32 = 1;
    pub const FLAG: i32 = 2;
}

/// A piecepack suit as the piecepack standard marks it (`print::piecepack_looks`):
/// its symbol (0 suns, 1 moons, 2 crowns, 3 arms), its colour and the colour
/// of marks on it.
fn suit_look(variant: &Variant, suit: SuitId) -> (i32, Color, Color) {
    let look = piecepack_looks::suit_look(&variant.suit(suit).key);
    let colour = |[r, g, b]: piecepack_looks::Rgb| Color::from_rgb_u8(r, g, b);
    (look.symbol as i32, colour(look.face), colour(look.ink))
}

/// Whether the variant's board is piecepack tiles, whose blocked squares are
/// the missing tile rather than water.
fn tiled(variant: &Variant) -> bool {
    matches!(variant.army, ArmyRule::Suited { .. })
}

fn empty_cell(variant: &Variant, square: Square) -> Cell {
    let blocked = variant.board.is_blocked(square);
    Cell {
        a11y: if blocked {
            crate::tr!("{}, {}", square, translate(&variant.board.blocked_name))
        } else {
            crate::tr!("{}, empty", square)
        }
        .into(),
        content: i32::from(blocked),
        hole: blocked && tiled(variant),
        ..Default::default()
    }
}

/// How a piece of `owner` looks to `display.viewer`: its face when `piece`
/// is known, else only what is public (a coin's suit). Nothing here depends
/// on what an unknown piece is.
fn piece_look(
    variant: &Variant,
    display: &Display,
    owner: Side,
    piece: Option<Piece>,
    suit: Option<SuitId>,
) -> Cell {
    let mut cell = Cell {
        content: if owner == Side::Red { 2 } else { 3 },
        own: owner == display.viewer,
        shown: piece.is_some(),
        face: side_color(owner),
        ink: Color::from_rgb_u8(0xff, 0xff, 0xff),
        suit: -1,
        ..Default::default()
    };
    if let Some(suit) = suit {
        let (symbol, face, ink) = suit_look(variant, suit);
        (cell.suit, cell.face, cell.ink) = (symbol, face, ink);
    }
    cell.look = if variant.is_domino() {
        look::DOMINO
    } else if suit.is_none() {
        look::CLASSIC
    } else if piece.is_some_and(|p| variant.kind(p.kind).public) {
        look::PAWN
    } else {
        look::COIN
    };
    // The attack half faces the enemy: up the screen for the viewer's own stones.
    cell.attack_up = cell.own;
    let Some(piece) = piece else {
        return cell;
    };
    cell.label = label(variant, piece, display.numbering).into();
    if let Some((attack, defense)) = piece.domino_face(variant) {
        (cell.attack, cell.defense) = (i32::from(attack), i32::from(defense));
    }
    if cell.look == look::CLASSIC {
        let kind = variant.kind(piece.kind);
        cell.role = match kind.special {
            Special::Bomb => role::BOMB,
            Special::Flag => role::FLAG,
            _ => role::NONE,
        };
        cell.rank_name = translate(&kind.name).into();
    }
    cell
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
        (true, Some(p)) => crate::tr!("{}, your {}", square, name(variant, p)),
        (false, Some(p)) => crate::tr!("{}, enemy {}", square, name(variant, p)),
        (_, None) => match suit {
            Some(s) => crate::tr!("{}, enemy {} coin", square, suit_name(variant, s)),
            None => crate::tr!("{}, enemy piece", square),
        },
    };
    Cell {
        a11y: a11y.into(),
        ..piece_look(variant, display, owner, piece, suit)
    }
}

/// One group of identical pieces in the setup tray of `display.viewer`,
/// drawn as it will stand on the board.
pub fn tray_item(
    variant: &Variant,
    display: &Display,
    piece: Piece,
    count: usize,
    selected: bool,
) -> TrayItem {
    TrayItem {
        piece: piece_look(variant, display, display.viewer, Some(piece), piece.suit),
        name: name(variant, piece).into(),
        count: count as i32,
        selected,
    }
}

/// The two pieces of a battle as `display.viewer` saw them (`attack` the
/// move that led to it): the attacker, then the defender, each drawn as on
/// the board (a piece kept hidden, as under Silent Defense, shows its back).
pub fn battle_pieces(
    variant: &Variant,
    display: &Display,
    attack: Move,
    battle: &ViewBattle,
) -> (Cell, Cell) {
    let cell = |square: Square, seen: &ViewPiece| {
        piece_cell(variant, display, square, seen.owner, seen.piece, seen.suit)
    };
    (
        cell(attack.from, &battle.attacker),
        cell(attack.to, &battle.defender),
    )
}

/// The mark on the player's own pieces that the opponent has seen (an eye).
pub const SEEN_MARK: &str = "◉";

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
                        cell.a11y = crate::tr!("{}, has moved", cell.a11y).into();
                    }
                    // The player's own piece that the opponent has seen (in a
                    // battle, or a move only one kind can make): no longer a secret.
                    if own && display.memory_aid && seen.revealed && view.outcome.is_none() {
                        cell.note = SEEN_MARK.into();
                        cell.a11y = crate::tr!("{}, seen by the opponent", cell.a11y).into();
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
                cell.a11y = crate::tr!("{}, selected", cell.a11y).into();
            }
            if cell.target {
                cell.a11y = crate::tr!("{}, can move here", cell.a11y).into();
            }
            cell
        })
        .collect()
}

/// Marks the two squares of a suggested move on `cells` (as `play_cells`
/// laid them out for `viewer`), and says so to a screen reader.
pub fn mark_hint(cells: &mut [Cell], variant: &Variant, viewer: Side, hint: Move) {
    for (cell, square) in cells.iter_mut().zip(squares(variant, viewer)) {
        let said = if square == hint.from {
            crate::tr!("{}, the hint moves this piece", cell.a11y)
        } else if square == hint.to {
            crate::tr!("{}, the hint moves here", cell.a11y)
        } else {
            continue;
        };
        cell.target = true;
        cell.a11y = said.into();
    }
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
                // Free setup: a square the other army took shows its back.
                None if draft.taken().contains(&square) => piece_cell(
                    variant,
                    display,
                    square,
                    draft.side().opponent(),
                    None,
                    None,
                ),
                None => empty_cell(variant, square),
            };
            cell.zone = draft.can_hold(square);
            cell.selected = selected == Some(square);
            if cell.zone && draft.at(square).is_none() {
                cell.a11y = crate::tr!("{}, empty, your zone", square).into();
            }
            if cell.selected {
                cell.a11y = crate::tr!("{}, selected", cell.a11y).into();
            }
            cell
        })
        .collect()
}

/// Everything shown, for the replay of a finished game or a game record.
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
                cell.a11y = crate::tr!(
                    "{}, {} {}",
                    square,
                    side_name(id.side),
                    name(variant, piece)
                )
                .into();
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

#[cfg(test)]
mod tests;
