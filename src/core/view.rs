//! The game as one player may see it: their own army in full, the enemy's
//! only as far as the rules have revealed it. Every screen, computer player
//! and link to another device works from this, so hidden pieces cannot leak.

use super::battle::BattleResult;
use super::moves::{Action, Move, Outcome};
use super::options::GameOptions;
use super::piece::{Piece, PieceId};
use super::position::{PieceState, PlyReport, Position};
use super::side::Side;
use super::square::Square;
use super::two_squares::TwoSquareRun;
use super::variant::{SuitId, Variant};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A piece as the viewer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ViewPiece {
    pub id: PieceId,
    pub owner: Side,
    /// What the piece is: always for the viewer's own pieces; for enemy
    /// pieces only once revealed, or when public (piecepack pawns), or at game end.
    pub piece: Option<Piece>,
    /// The suit, which is public for piecepack coins.
    pub suit: Option<SuitId>,
    pub moved: bool,
    pub revealed: bool,
}

/// A battle as the viewer saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewBattle {
    pub attacker: ViewPiece,
    pub defender: ViewPiece,
    pub result: BattleResult,
}

/// One ply as the viewer saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewPly {
    pub side: Side,
    pub action: Action,
    pub battle: Option<ViewBattle>,
    pub outcome: Option<Outcome>,
}

/// One player's view of a game. It is written as JSON (its variant by id)
/// where a computer player thinks in another place than the game is
/// played (a browser's worker, `ai::thinking`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    #[serde(with = "variant_by_id")]
    pub variant: Arc<Variant>,
    pub options: GameOptions,
    pub viewer: Side,
    pub to_move: Side,
    pub ply: u32,
    pub quiet_plies: u32,
    /// Row by row from a1: `squares[row * columns + col]`.
    pub squares: Vec<Option<ViewPiece>>,
    /// Captured pieces of each side (index by `Side::index`), in order.
    pub captured: [Vec<ViewPiece>; 2],
    pub rescues_used: [u8; 2],
    /// The viewer must choose a rescue (or decline) before the turn ends.
    pub rescue_pending: bool,
    pub last_move: Option<Move>,
    /// Where the two-squares rule stands for each side (index by
    /// `Side::index`): public, as every move is.
    #[serde(default)]
    pub two_square_runs: [Option<TwoSquareRun>; 2],
    pub outcome: Option<Outcome>,
    /// The viewer's legal moves when it is their turn, else empty.
    pub legal_moves: Vec<Move>,
}

impl PlayerView {
    pub fn new(position: &Position, viewer: Side) -> PlayerView {
        let variant = Arc::clone(position.variant());
        let board = &variant.board;
        let mut squares = vec![None; board.columns as usize * board.rows as usize];
        for side in Side::BOTH {
            for (id, state) in position.pieces(side) {
                if let Some(sq) = position.square_of(id) {
                    squares[sq.row as usize * board.columns as usize + sq.col as usize] =
                        Some(see(position, viewer, id, state));
                }
            }
        }
        let captured = Side::BOTH.map(|side| {
            position
                .captured(side)
                .map(|id| see(position, viewer, id, position.piece(id)))
                .collect()
        });
        let my_turn = position.to_move() == viewer;
        PlayerView {
            options: *position.options(),
            viewer,
            to_move: position.to_move(),
            ply: position.ply(),
            quiet_plies: position.quiet_plies(),
            squares,
            captured,
            rescues_used: Side::BOTH.map(|s| position.rescues_used(s)),
            rescue_pending: my_turn && position.pending_rescue().is_some(),
            last_move: position.last_move(),
            two_square_runs: Side::BOTH.map(|s| position.two_square_run(s)),
            outcome: position.outcome(),
            legal_moves: if my_turn {
                position.legal_moves()
            } else {
                Vec::new()
            },
            variant,
        }
    }

    pub fn at(&self, square: Square) -> Option<&ViewPiece> {
        let board = &self.variant.board;
        if !board.contains(square) {
            return None;
        }
        self.squares[square.row as usize * board.columns as usize + square.col as usize].as_ref()
    }
}

/// A variant written as its id, and read back as the built-in variant of
/// that id (every game is of a built-in variant).
mod variant_by_id {
    use super::super::variant::{Variant, builtin_variant};
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(
        variant: &Arc<Variant>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&variant.id)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Arc<Variant>, D::Error> {
        let id = String::deserialize(deserializer)?;
        builtin_variant(&id).ok_or_else(|| D::Error::custom(format!("no variant \"{id}\"")))
    }
}

fn see(position: &Position, viewer: Side, id: PieceId, state: &PieceState) -> ViewPiece {
    let kind = position.variant().kind(state.piece.kind);
    let known = id.side == viewer || state.revealed || kind.public || position.outcome().is_some();
    ViewPiece {
        id,
        owner: id.side,
        piece: known.then_some(state.piece),
        suit: state.piece.suit,
        moved: state.moved,
        revealed: state.revealed,
    }
}

impl PlyReport {
    /// This ply as `viewer` saw it, after it was played on `after`.
    pub fn seen_by(&self, viewer: Side, after: &Position) -> ViewPly {
        let battle = self.battle.map(|b| {
            let show = |id: PieceId, piece: Piece, shown: bool| {
                let state = after.piece(id);
                let public = after.variant().kind(piece.kind).public;
                ViewPiece {
                    id,
                    owner: id.side,
                    piece: (id.side == viewer || shown || public || after.outcome().is_some())
                        .then_some(piece),
                    suit: piece.suit,
                    moved: state.moved,
                    revealed: state.revealed,
                }
            };
            ViewBattle {
                attacker: show(b.attacker, b.attacker_piece, true),
                defender: show(b.defender, b.defender_piece, b.defender_revealed),
                result: b.result,
            }
        });
        ViewPly {
            side: self.side,
            action: self.action,
            battle,
            outcome: self.outcome,
        }
    }
}

impl PlayerView {
    /// While the viewer must choose a rescue: declining, or any of their
    /// captured pieces (bombs only where the variant says so) onto any
    /// empty square of their half. Known
    /// from the view alone (the pieces are the viewer's own).
    pub fn rescue_choices(&self) -> Vec<Action> {
        if !self.rescue_pending {
            return Vec::new();
        }
        let variant = &self.variant;
        let squares: Vec<Square> = variant
            .board
            .squares()
            .filter(|sq| {
                variant.in_own_half(self.viewer, *sq)
                    && !variant.board.is_blocked(*sq)
                    && self.at(*sq).is_none()
            })
            .collect();
        let mut choices = vec![Action::SkipRescue];
        for piece in &self.captured[self.viewer.index()] {
            let rescuable = piece.piece.is_some_and(|p| {
                variant.rules.rescue.bombs
                    || variant.kind(p.kind).special != super::variant::Special::Bomb
            });
            if rescuable {
                choices.extend(squares.iter().map(|&to| Action::Rescue {
                    piece: piece.id,
                    to,
                }));
            }
        }
        choices
    }

    /// Every legal action of the viewer now: moves, or the rescue choices.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.rescue_pending {
            self.rescue_choices()
        } else {
            self.legal_moves.iter().map(|m| Action::Move(*m)).collect()
        }
    }
}
