//! Domino Stratego: only the 0-0 and stones attacking with 6 can take the
//! 6-6 ("killers"); the rest is material and knowledge.

use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::setup::Setup;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Combat, Variant};
use crate::core::view::PlayerView;

/// `best`'s stone turns: every stone holding a 6 attacks with it, so that
/// more killers start the game; and the killers stand in the second row,
/// behind a front row that meets the enemy's killers first.
pub fn orient(variant: &Variant, setup: &mut Setup) {
    for p in &mut setup.placements {
        if let Some((low, high)) = variant.kind(p.piece.kind).pips
            && low != high
            && high == 6
        {
            p.piece.flipped = true;
        }
    }
    let rows = variant.setup.rows;
    let side = setup.side;
    let depth = |sq: Square| match side {
        Side::Red => sq.row,
        Side::Blue => variant.board.rows - 1 - sq.row,
    };
    let killer = |p: Piece| is_killer(variant, p);
    for i in 0..setup.placements.len() {
        let here = setup.placements[i];
        if depth(here.square) + 1 != rows || !killer(here.piece) {
            continue;
        }
        let swap = (0..setup.placements.len()).find(|&j| {
            let p = setup.placements[j];
            depth(p.square) + 2 == rows && !killer(p.piece) && !variant.kind(p.piece.kind).is_flag
        });
        if let Some(j) = swap {
            let mut front = setup.placements[j].piece;
            // The front row attacks with its higher number (doubles stay).
            front.flipped = variant.kind(front.kind).pips.is_some_and(|(l, h)| l != h);
            setup.placements[j].piece = here.piece;
            setup.placements[i].piece = front;
        }
    }
}

/// Whether `piece` can take a 6-6: the 0-0, or a stone attacking with 6
/// (the 6-6 itself aside: taking the enemy's with it draws).
pub fn is_killer(variant: &Variant, piece: Piece) -> bool {
    let Combat::Domino { flag, flag_slayer } = variant.combat else {
        return false;
    };
    piece.kind == flag_slayer
        || (piece.kind != flag && piece.domino_face(variant).is_some_and(|(a, _)| a == 6))
}

/// What `k` killers are worth: the last one is nearly the game (without
/// one a side cannot win), each further one half the one before.
fn killers_worth(k: f32) -> f32 {
    KILLER * 2.0 * (1.0 - 0.5f32.powf(k))
}

/// A finished draw (in play, both 6-6s falling in one battle): with the
/// usual -20, `best` traded its 6-6 for the enemy's once behind on material.
pub const DRAWN: f32 = -60.0;

const KILLER: f32 = 30.0;
/// Our 6-6 next to the enemy's with the enemy to move (a likely draw).
const SIDE_BY_SIDE: f32 = 40.0;
/// A killer the enemy has seen counts a fifth of one: it gets attacked or dodged.
const REVEALED: f32 = 0.2;
/// Per step between our nearest killer and the enemy 6-6.
const HUNT_KNOWN: f32 = 2.0;
const HUNT_GUESS: f32 = 0.5;

/// Domino terms on top of material, for `side`: killers on both sides,
/// and how near our nearest killer stands to the enemy 6-6 (its true
/// square when `flag_known`, else where this sample puts it).
pub fn evaluate(position: &Position, side: Side, flag_known: bool) -> f32 {
    let variant = position.variant();
    let Combat::Domino { flag, .. } = variant.combat else {
        return 0.0;
    };
    let mut total = 0.0;
    let mut flag_square = None;
    let mut own_flag = None;
    let mut flag_seen = flag_known;
    let mut ours: Vec<(Square, bool)> = Vec::new();
    for s in Side::BOTH {
        let mut killers = 0.0;
        for (id, state) in position.pieces(s) {
            let Some(sq) = position.square_of(id) else {
                continue;
            };
            if is_killer(variant, state.piece) {
                killers += if state.revealed { REVEALED } else { 1.0 };
                if s == side {
                    ours.push((sq, state.revealed));
                }
            }
            if s == side && state.piece.kind == flag {
                own_flag = Some(sq);
            }
            if s != side && state.piece.kind == flag {
                flag_square = Some(sq);
                flag_seen |= state.revealed;
            }
        }
        let sign = if s == side { 1.0 } else { -1.0 };
        total += sign * killers_worth(killers);
    }
    // Two 6-6s side by side with the enemy to move: it may take ours with
    // its own, a draw (the heuristic scores that battle as even); 4 of the
    // 20 draws in one 40-game log ended so.
    if let (Some(f), Some(o)) = (flag_square, own_flag)
        && f.distance(o) == 1
        && position.to_move() != side
    {
        total -= SIDE_BY_SIDE;
    }
    if let Some(f) = flag_square {
        total -=
            hunt_distance(&ours, f, flag_seen) * if flag_seen { HUNT_KNOWN } else { HUNT_GUESS };
    }
    total
}

/// How far our hunter stands from the enemy 6-6. A seen 6-6 takes a killer
/// it has seen as soon as it steps next to it, but not a stone it cannot
/// tell (it might tie and lose the game): an unseen killer leads the hunt.
fn hunt_distance(ours: &[(Square, bool)], flag: Square, flag_seen: bool) -> f32 {
    let nearest = |unseen_only: bool| {
        ours.iter()
            .filter(|(_, seen)| !(unseen_only && *seen))
            .map(|(k, _)| k.distance(flag))
            .min()
    };
    let lead = if flag_seen {
        nearest(true).or_else(|| nearest(false))
    } else {
        nearest(false)
    };
    lead.unwrap_or(0) as f32
}

/// Whether the viewer has seen the enemy 6-6.
pub fn flag_known(view: &PlayerView) -> bool {
    let Combat::Domino { flag, .. } = view.variant.combat else {
        return false;
    };
    view.squares
        .iter()
        .flatten()
        .any(|s| s.owner != view.viewer && s.piece.is_some_and(|p| p.kind == flag))
}
