//! Setting up a position: from two checked setups, or any arrangement for
//! tests and puzzles, every problem reported.

use super::{Geometry, PieceState, Position, cell_of};
use crate::core::bitboard::Bitboards;
use crate::core::options::GameOptions;
use crate::core::piece::PieceId;
use crate::core::setup::{CheckedSetup, Placement, SetupProblem};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::two_squares::TwoSquareTrack;
use crate::core::variant::{Mobility, Variant};
use std::sync::Arc;

impl Position {
    /// The starting position from two checked setups; Red moves first.
    pub fn new(
        variant: Arc<Variant>,
        options: GameOptions,
        red: &CheckedSetup,
        blue: &CheckedSetup,
    ) -> Position {
        let [red, blue] = [red, blue].map(|setup| setup.placements().to_vec());
        Position::place(variant, options, [red, blue], Side::Red)
    }

    /// For puzzles and lessons: the piece on `square` has been seen by
    /// its enemy (`shown`) or has moved (`moved`), as if earlier plies had
    /// happened. False when no piece stands there.
    pub fn mark_known(&mut self, square: Square, shown: bool, moved: bool) -> bool {
        let Some(id) = self.piece_at(square) else {
            return false;
        };
        let state = &mut self.pieces[id.side.index()][id.index as usize];
        state.revealed |= shown;
        state.moved |= moved;
        true
    }

    /// For puzzles and lessons: the piece on `square` fell in an earlier
    /// battle (so was seen), and is taken off the board into its side's
    /// captured pieces, where a rescue can bring it back. False when no
    /// piece stands there.
    pub fn mark_captured(&mut self, square: Square) -> bool {
        let Some(id) = self.piece_at(square) else {
            return false;
        };
        let state = &mut self.pieces[id.side.index()][id.index as usize];
        state.revealed = true;
        state.moved |= state.mobility != Mobility::Immobile;
        self.remove(id);
        self.check_turn_start();
        true
    }

    /// Any arrangement of pieces, with `to_move` to play: for tests,
    /// puzzles and analysis. Only the board is checked (squares on the
    /// board, not blocked, one piece each, kinds and suits of the variant),
    /// not zones or army counts; every problem is reported.
    pub fn arrange(
        variant: Arc<Variant>,
        options: GameOptions,
        pieces: &[(Side, Placement)],
        to_move: Side,
    ) -> Result<Position, Vec<SetupProblem>> {
        let mut problems = Vec::new();
        let mut seen = Vec::new();
        for (side, p) in pieces {
            if !variant.board.contains(p.square) {
                problems.push(SetupProblem::OffBoard(p.square));
                continue;
            }
            if variant.board.is_blocked(p.square) {
                problems.push(SetupProblem::Blocked {
                    square: p.square,
                    what: variant.board.blocked_name.clone(),
                });
            }
            if seen.contains(&p.square) {
                problems.push(SetupProblem::SquareTwice(p.square));
            }
            seen.push(p.square);
            let kind_ok = (p.piece.kind.0 as usize) < variant.kinds.len();
            let suit_ok = p.piece.suit.is_none_or(|s| {
                variant
                    .suits
                    .get(s.0 as usize)
                    .is_some_and(|x| x.side == *side)
            });
            if !kind_ok || !suit_ok {
                problems.push(SetupProblem::UnknownPiece(p.square));
            }
        }
        for side in Side::BOTH {
            let has_flag = pieces.iter().any(|(s, p)| {
                *s == side
                    && variant
                        .kinds
                        .get(p.piece.kind.0 as usize)
                        .is_some_and(|k| k.is_flag)
            });
            if !has_flag {
                problems.push(SetupProblem::NoFlag(side));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut by_side: [Vec<Placement>; 2] = [Vec::new(), Vec::new()];
        for (side, p) in pieces {
            by_side[side.index()].push(*p);
        }
        for list in &mut by_side {
            list.sort_by_key(|p| (p.square.row, p.square.col));
        }
        Ok(Position::place(variant, options, by_side, to_move))
    }

    pub(super) fn place(
        variant: Arc<Variant>,
        options: GameOptions,
        placements: [Vec<Placement>; 2],
        to_move: Side,
    ) -> Position {
        let geometry = Arc::new(Geometry::new(variant));
        let mut position = Position {
            cells: geometry.blank.clone(),
            geometry,
            options,
            pieces: [Vec::new(), Vec::new()],
            locations: [Vec::new(), Vec::new()],
            steppers: [Vec::new(), Vec::new()],
            runners: [Vec::new(), Vec::new()],
            two_steppers: [Vec::new(), Vec::new()],
            captured: [Vec::new(), Vec::new()],
            mobile_alive: [0; 2],
            flags_alive: [0; 2],
            to_move,
            ply: 0,
            quiet_plies: 0,
            tracks: [TwoSquareTrack::default(); 2],
            rescues_used: [0; 2],
            pending_rescue: None,
            outcome: None,
            last_move: None,
            guessed: None,
            chase: None,
            bitboards: Bitboards::default(),
        };
        for (side, list) in Side::BOTH.into_iter().zip(placements) {
            for (index, placement) in list.iter().enumerate() {
                let mobility = position
                    .geometry
                    .variant
                    .kind(placement.piece.kind)
                    .mobility;
                let square = position
                    .geometry
                    .index(placement.square)
                    .expect("checked setup");
                let id = PieceId {
                    side,
                    index: index as u8,
                };
                position.cells[square as usize] = cell_of(id);
                position.place_bit(id, square, mobility);
                position.locations[side.index()].push(square);
                match mobility {
                    Mobility::Immobile => {}
                    Mobility::Step => position.steppers[side.index()].push(index as u8),
                    Mobility::Line => position.runners[side.index()].push(index as u8),
                    Mobility::TwoSteps => position.two_steppers[side.index()].push(index as u8),
                }
                position.pieces[side.index()].push(PieceState {
                    piece: placement.piece,
                    mobility,
                    moved: false,
                    revealed: false,
                    has_rescued: false,
                    start: placement.square,
                });
                position.count(id, 1);
            }
        }
        position.check_turn_start();
        position
    }
}
