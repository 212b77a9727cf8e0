//! Domino Stratego: only the 0-0 and stones attacking with 6 can take the
//! 6-6 ("killers"); the rest is material and knowledge.

use crate::ai::belief::Belief;
use crate::core::battle::{BattleResult, resolve};
use crate::core::moves::Move;
use crate::core::piece::Piece;
use crate::core::position::Position;
use crate::core::setup::Setup;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Combat, Variant};
use crate::core::view::{PlayerView, ViewPiece};
use std::collections::VecDeque;

/// `best`'s stone turns: every stone holding a 6 attacks with it, so that
/// more killers start the game; the killers stand in the second row,
/// behind a front row that meets the enemy's killers first; and the 0-0,
/// which waits for the enemy 6-6 to be found (see `restrain`), waits on the
/// back row, where the enemy comes last (in the second row the enemy took
/// it in 21 of 80 logged games).
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
            setup.swap_pieces(i, j);
            // The front row attacks with its higher number (doubles stay).
            let front = &mut setup.placements[i].piece;
            front.flipped = variant.kind(front.kind).pips.is_some_and(|(l, h)| l != h);
        }
    }
    let Combat::Domino { flag_slayer, .. } = variant.combat else {
        return;
    };
    let zero = setup
        .placements
        .iter()
        .position(|p| p.piece.kind == flag_slayer && depth(p.square) != 0);
    let back = setup.placements.iter().position(|p| {
        depth(p.square) == 0 && !killer(p.piece) && !variant.kind(p.piece.kind).is_flag
    });
    if let (Some(i), Some(j)) = (zero, back) {
        setup.swap_pieces(i, j);
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

/// Where the enemy 6-6 stands: seen, or the one stone the enemy has left
/// unseen (the 6-6 stays on the board while the game goes on).
pub fn enemy_flag(view: &PlayerView, belief: &Belief) -> Option<Square> {
    if !view.variant.is_domino() {
        return None;
    }
    seen_flag(view, view.viewer.opponent()).or(match belief.hidden.as_slice() {
        [only] => Some(only.square),
        _ => None,
    })
}

/// The square of `owner`'s 6-6 if the viewer sees it.
fn seen_flag(view: &PlayerView, owner: Side) -> Option<Square> {
    let Combat::Domino { flag, .. } = view.variant.combat else {
        return None;
    };
    view.variant.board.squares().find(|sq| {
        view.at(*sq)
            .is_some_and(|p| p.owner == owner && p.piece.is_some_and(|x| x.kind == flag))
    })
}

/// Rules of thumb the short lookahead cannot find, applied to `best`'s
/// candidates (when one would leave none, all stay):
/// - the 0-0 attacks only the enemy 6-6 once it is found: it beats nothing
///   else, and one lookahead sees only the 1-in-n chance that an unknown
///   stone is the 6-6, never the sure win the 0-0 brings once the 6-6 is
///   found (in 80 logged games it died on 42 unknown stones and found the
///   6-6 once); near a draw by the quiet-ply rule it may gamble;
/// - once the enemy 6-6 is found, a killer the enemy has not seen fights
///   nothing else (the 6-6 never takes a stone it cannot tell from one
///   that would take it, so that stone is the surest way to win);
/// - our 6-6 attacks only killers it beats (each battle shows it to the
///   enemy), or the enemy 6-6 (a draw, which the search weighs);
/// - our 6-6 does not stand next to the enemy's seen 6-6 (the trade draws).
pub fn restrain(view: &PlayerView, enemy_flag: Option<Square>, scored: &mut Vec<(Move, f32)>) {
    let variant = &*view.variant;
    let Combat::Domino { flag, flag_slayer } = variant.combat else {
        return;
    };
    let own_flag = seen_flag(view, view.viewer);
    let seen_enemy_flag = seen_flag(view, view.viewer.opponent());
    let allowed = |m: &Move| {
        let Some((mover, piece)) = view.at(m.from).and_then(|p| Some((p, p.piece?))) else {
            return true;
        };
        if let (Some(ours), Some(theirs)) = (own_flag, seen_enemy_flag) {
            let ours = if m.from == ours { m.to } else { ours };
            if ours.distance(theirs) == 1 {
                return false;
            }
        }
        let Some(target) = view.at(m.to) else {
            return true;
        };
        if Some(m.to) == enemy_flag {
            return true;
        }
        if piece.kind == flag_slayer {
            return enemy_flag.is_none() && target.piece.is_none() && near_quiet_draw(view);
        }
        if piece.kind == flag {
            return target
                .piece
                .is_some_and(|t| t.kind != flag_slayer && is_killer(variant, t));
        }
        let unseen_killer = !mover.revealed && is_killer(variant, piece);
        !(unseen_killer && enemy_flag.is_some())
    };
    let kept: Vec<_> = scored.iter().copied().filter(|(m, _)| allowed(m)).collect();
    if !kept.is_empty() {
        *scored = kept;
    }
}

/// Whether three quarters of the quiet plies that draw the game have gone
/// by: the game is heading for a draw, so the 0-0 may gamble on a stone
/// that might be the enemy 6-6.
fn near_quiet_draw(view: &PlayerView) -> bool {
    view.variant
        .rules
        .quiet_ply_limit
        .is_some_and(|limit| view.quiet_plies * 4 >= limit * 3)
}

/// A step toward the enemy 6-6 (seen or deduced) that the lookahead is too
/// short to plan: a killer the enemy cannot tell (or the 0-0, which the
/// 6-6 cannot take) walks next to it; else two killers gather two steps
/// from it and near each other, so that one can step next to it covered by
/// the other (the 6-6 that takes it is taken).
pub fn finisher(view: &PlayerView, flag_square: Square) -> Option<Move> {
    let variant = &*view.variant;
    let Combat::Domino { flag_slayer, .. } = variant.combat else {
        return None;
    };
    let hidden_killer = |_: Square, seen: &ViewPiece, piece: Piece| {
        is_killer(variant, piece) && (!seen.revealed || piece.kind == flag_slayer)
    };
    let next_to_flag = |sq: Square| sq.distance(flag_square) == 1;
    if let Some(m) = walk_step(view, flag_square, hidden_killer, next_to_flag) {
        return Some(m);
    }
    let mut killers: Vec<Square> = variant
        .board
        .squares()
        .filter(|sq| {
            view.at(*sq).is_some_and(|p| {
                p.owner == view.viewer && p.piece.is_some_and(|x| is_killer(variant, x))
            })
        })
        .collect();
    killers.sort_by_key(|k| k.distance(flag_square));
    let [lead, second, ..] = killers[..] else {
        return None;
    };
    let (walker, goal_near) = if lead.distance(flag_square) > 2 {
        (lead, None)
    } else if second.distance(flag_square) == 2 && second.distance(lead) <= 2 {
        return None;
    } else {
        (second, Some(lead))
    };
    walk_step(
        view,
        flag_square,
        |from, _, _| from == walker,
        |sq| sq.distance(flag_square) == 2 && goal_near.is_none_or(|l| sq.distance(l) <= 2),
    )
}

/// Whether an enemy stone we know, next to `sq` (the enemy 6-6 aside: it
/// cannot tell what stands there), would beat `piece` there.
fn beaten_near(view: &PlayerView, sq: Square, piece: Piece, flag_square: Square) -> bool {
    let variant = &*view.variant;
    variant.board.neighbours(sq).any(|n| {
        n != flag_square
            && view.at(n).is_some_and(|e| {
                e.owner != view.viewer
                    && e.piece.is_some_and(|p| {
                        resolve(variant, &view.options, p, piece) != BattleResult::DefenderWins
                    })
            })
    })
}

/// Of the quiet legal moves of pieces `walker` accepts, the one that
/// starts the shortest walk over empty squares no known enemy stone
/// guards to a square `goal` accepts.
fn walk_step(
    view: &PlayerView,
    flag_square: Square,
    walker: impl Fn(Square, &ViewPiece, Piece) -> bool,
    goal: impl Fn(Square) -> bool,
) -> Option<Move> {
    let board = &view.variant.board;
    let columns = board.columns as usize;
    let index = |sq: Square| sq.row as usize * columns + sq.col as usize;
    let mut best: Option<(u32, Move)> = None;
    for m in &view.legal_moves {
        let Some(mover) = view.at(m.from) else {
            continue;
        };
        let Some(piece) = mover.piece else { continue };
        if !walker(m.from, mover, piece)
            || view.at(m.to).is_some()
            || beaten_near(view, m.to, piece, flag_square)
        {
            continue;
        }
        let mut dist = vec![u32::MAX; columns * board.rows as usize];
        let mut queue = VecDeque::from([m.to]);
        dist[index(m.to)] = 0;
        let mut found = None;
        while let Some(sq) = queue.pop_front() {
            if goal(sq) {
                found = Some(dist[index(sq)]);
                break;
            }
            for n in board.neighbours(sq) {
                if dist[index(n)] != u32::MAX
                    || board.is_blocked(n)
                    || (view.at(n).is_some() && n != m.from)
                    || beaten_near(view, n, piece, flag_square)
                {
                    continue;
                }
                dist[index(n)] = dist[index(sq)] + 1;
                queue.push_back(n);
            }
        }
        if let Some(d) = found
            && best.is_none_or(|(b, _)| d < b)
        {
            best = Some((d, *m));
        }
    }
    best.map(|(_, m)| m)
}
