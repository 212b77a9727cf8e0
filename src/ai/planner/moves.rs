//! The moves the planner searches for one side: every move the rules allow
//! a piece whose kind it knows, but the one the two-squares rule forbids;
//! and for a hidden enemy piece the moves of the kinds it may be, while
//! that is likely enough to be worth searching: an unmoved piece that is
//! probably a bomb or the flag stays put, one far from the other army
//! stays put unless it is likely to move at all, and a possible scout runs
//! only where its run ends in an attack (its quiet runs would multiply the
//! tree for moves that rarely matter before it is seen).

use super::board::{BLOCKED, Board, EMPTY, Step, Unit};
use crate::core::side::Side;
use crate::core::variant::Mobility;

/// A hidden piece less likely than this to move is not moved in the search.
const UNLIKELY: f32 = 0.15;
/// An unmoved hidden piece with no enemy within `FAR` steps moves in the
/// search only when it is at least this likely to move.
const LIKELY: f32 = 0.5;
const FAR: i32 = 2;

/// Every move of `side` (only its attacks with `attacks_only`), into `out`.
pub fn moves_of<const K: usize>(
    board: &Board<'_, K>,
    side: Side,
    attacks_only: bool,
    out: &mut Vec<Step>,
) {
    out.clear();
    for unit in board.units.iter().filter(|u| u.alive() && u.side() == side) {
        let since = out.len();
        let mut add = |mobility| {
            let mut moves = Moves {
                out: &mut *out,
                since,
                attacks_only,
            };
            match mobility {
                Mobility::Immobile => {}
                Mobility::Step => steps(board, unit, &mut moves),
                Mobility::Line if unit.kind.is_none() => {
                    moves.attacks_only = true;
                    lines(board, unit, &mut moves);
                }
                Mobility::Line => lines(board, unit, &mut moves),
                Mobility::TwoSteps => two_steps(board, unit, &mut moves),
            }
        };
        match unit.kind {
            Some(kind) => add(board.mobility[kind.0 as usize]),
            None if board.movable(unit) < UNLIKELY => {}
            None if !unit.moved
                && board.movable(unit) < LIKELY
                && !board.enemy_within(unit.cell, side, FAR) => {}
            None => {
                // A runner's or two-stepper's single steps are among these.
                add(Mobility::Step);
                for special in [Mobility::Line, Mobility::TwoSteps] {
                    if board.moves_as(unit, special) >= UNLIKELY {
                        add(special);
                    }
                }
            }
        }
    }
    if let Some(forbidden) = board.forbidden(side) {
        out.retain(|step| *step != forbidden);
    }
}

/// Where one piece's moves go: `out`, where the moves from `since` on are
/// this piece's (a move two ways of moving reach is listed once).
struct Moves<'a> {
    out: &'a mut Vec<Step>,
    since: usize,
    attacks_only: bool,
}

impl Moves<'_> {
    fn push(&mut self, from: u8, to: u8, attack: bool) {
        let step = Step { from, to };
        if (attack || !self.attacks_only) && !self.out[self.since..].contains(&step) {
            self.out.push(step);
        }
    }
}

/// What landing on `cell` would be for a piece of `side`: a quiet move, an
/// attack, or no move.
fn landing<const K: usize>(board: &Board<'_, K>, side: Side, cell: u8) -> Option<bool> {
    match board.cells[cell as usize] {
        EMPTY => Some(false),
        BLOCKED => None,
        _ => board
            .unit_at(cell)
            .filter(|u| u.side() != side)
            .map(|_| true),
    }
}

fn steps<const K: usize>(board: &Board<'_, K>, unit: &Unit<K>, moves: &mut Moves) {
    for dir in 0..4 {
        if let Some(to) = board.neighbour(unit.cell, dir)
            && let Some(attack) = landing(board, unit.side(), to)
        {
            moves.push(unit.cell, to, attack);
        }
    }
}

fn lines<const K: usize>(board: &Board<'_, K>, unit: &Unit<K>, moves: &mut Moves) {
    for dir in 0..4 {
        let mut at = unit.cell;
        while let Some(to) = board.neighbour(at, dir) {
            let Some(attack) = landing(board, unit.side(), to) else {
                break;
            };
            moves.push(unit.cell, to, attack);
            if attack {
                break;
            }
            at = to;
        }
    }
}

/// One square, or two through an empty first square, straight on or
/// turning once (Ultimate Lightning's captains).
fn two_steps<const K: usize>(board: &Board<'_, K>, unit: &Unit<K>, moves: &mut Moves) {
    for first in 0..4 {
        let Some(mid) = board.neighbour(unit.cell, first) else {
            continue;
        };
        let Some(attack) = landing(board, unit.side(), mid) else {
            continue;
        };
        moves.push(unit.cell, mid, attack);
        if attack {
            continue;
        }
        for second in (0..4).filter(|&d| d != first ^ 1) {
            if let Some(to) = board.neighbour(mid, second)
                && let Some(attack) = landing(board, unit.side(), to)
            {
                moves.push(unit.cell, to, attack);
            }
        }
    }
}
