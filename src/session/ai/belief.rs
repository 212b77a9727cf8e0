//! What a player can believe about the enemy's hidden pieces, from its view
//! alone: the pieces not yet seen, drawn so that every sample fits all the
//! view shows (moved pieces are not bombs or flags, suits are respected,
//! a domino hand holds the must-hold stones).

use crate::core::piece::{Piece, PieceId};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{ArmyRule, KindId, Mobility, SuitId, Variant};
use crate::core::view::PlayerView;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

/// An enemy piece on the board whose identity the viewer does not know.
#[derive(Debug, Clone, Copy)]
pub struct Hidden {
    pub id: PieceId,
    pub square: Square,
    pub moved: bool,
    pub suit: Option<SuitId>,
}

#[derive(Debug, Clone)]
pub struct Belief {
    pub hidden: Vec<Hidden>,
    /// Identities the hidden pieces may have, one entry per piece unaccounted for.
    pool: Vec<Piece>,
    /// Pieces every sample must use (a domino hand's must-hold stones not yet seen).
    required: Vec<Piece>,
}

impl Belief {
    pub fn new(view: &PlayerView) -> Belief {
        let variant = &*view.variant;
        let enemy = view.viewer.opponent();
        let mut hidden = Vec::new();
        let mut known: Vec<Piece> = Vec::new();
        for seen in view
            .squares
            .iter()
            .flatten()
            .chain(view.captured[enemy.index()].iter())
        {
            if seen.owner != enemy {
                continue;
            }
            match seen.piece {
                Some(piece) => known.push(piece),
                None => {
                    if let Some(square) = square_of(view, seen.id) {
                        hidden.push(Hidden {
                            id: seen.id,
                            square,
                            moved: seen.moved,
                            suit: seen.suit,
                        });
                    }
                }
            }
        }
        let (mut pool, required) = match &variant.army {
            ArmyRule::Fixed => (fixed_army(variant), Vec::new()),
            ArmyRule::Domino { must_hold, .. } => {
                let all: Vec<Piece> = variant.kind_ids().map(Piece::new).collect();
                let required = must_hold
                    .iter()
                    .map(|k| Piece::new(*k))
                    .filter(|p| !known.iter().any(|k| k.kind == p.kind))
                    .collect();
                (all, required)
            }
            ArmyRule::Suited { .. } => (suited_army(variant, enemy), Vec::new()),
        };
        for k in &known {
            if let Some(i) = pool
                .iter()
                .position(|p| p.kind == k.kind && p.suit == k.suit)
            {
                pool.swap_remove(i);
            }
        }
        let pool = pool
            .into_iter()
            .filter(|p| !required.iter().any(|r: &Piece| r.kind == p.kind))
            .collect();
        Belief {
            hidden,
            pool,
            required,
        }
    }

    /// How likely each identity is for `piece`, by counting what is left
    /// (a moved piece is never a bomb or flag).
    pub fn odds(&self, variant: &Variant, piece: &Hidden) -> Vec<(Piece, f32)> {
        let fits = |p: &Piece| {
            (!piece.moved || variant.kind(p.kind).mobility != Mobility::Immobile)
                && (piece.suit.is_none() || p.suit == piece.suit)
        };
        let mut counts: Vec<(Piece, f32)> = Vec::new();
        for p in self.required.iter().chain(&self.pool).filter(|p| fits(p)) {
            let key = Piece {
                flipped: false,
                ..*p
            };
            match counts.iter_mut().find(|(q, _)| *q == key) {
                Some((_, n)) => *n += 1.0,
                None => counts.push((key, 1.0)),
            }
        }
        let total: f32 = counts.iter().map(|(_, n)| n).sum::<f32>().max(1.0);
        counts.into_iter().map(|(p, n)| (p, n / total)).collect()
    }

    /// One guess at every hidden piece, consistent with the view.
    pub fn sample(&self, variant: &Variant, rng: &mut impl Rng) -> Vec<(Hidden, Piece)> {
        let mut pieces: Vec<Hidden> = self.hidden.clone();
        pieces.shuffle(rng);
        // Moved pieces first, so they get movable identities while any are left.
        pieces.sort_by_key(|h| !h.moved);
        let mut required = self.required.clone();
        let mut pool = self.pool.clone();
        pool.shuffle(rng);
        let mut out = Vec::with_capacity(pieces.len());
        for (i, hidden) in pieces.iter().enumerate() {
            let left = pieces.len() - i;
            let fits = |p: &Piece| {
                (!hidden.moved || variant.kind(p.kind).mobility != Mobility::Immobile)
                    && (hidden.suit.is_none() || p.suit == hidden.suit)
            };
            // A must-hold stone goes to a random hidden piece, and surely before none are left.
            let take_required = !required.is_empty()
                && (left <= required.len() || rng.random_range(0..left) < required.len());
            let chosen = if take_required {
                Some(required.swap_remove(rng.random_range(0..required.len())))
            } else {
                pool.iter()
                    .position(fits)
                    .map(|i| pool.swap_remove(i))
                    .or_else(|| pool.pop())
            };
            let Some(mut piece) = chosen else { break };
            if variant.kind(piece.kind).pips.is_some_and(|(l, h)| l != h) {
                piece.flipped = rng.random_bool(0.5);
            }
            out.push((*hidden, piece));
        }
        out
    }
}

fn square_of(view: &PlayerView, id: PieceId) -> Option<Square> {
    let columns = view.variant.board.columns as usize;
    view.squares
        .iter()
        .position(|s| s.is_some_and(|p| p.id == id))
        .map(|i| Square::new((i % columns) as u8, (i / columns) as u8))
}

fn fixed_army(variant: &Variant) -> Vec<Piece> {
    variant
        .kind_ids()
        .flat_map(|k| std::iter::repeat_n(Piece::new(k), variant.kind(k).count as usize))
        .collect()
}

/// Both of the enemy's suits in full, less one first-loss and one second-loss
/// kind (which suit lost which is unknown, so either may be drawn).
fn suited_army(variant: &Variant, side: Side) -> Vec<Piece> {
    let ArmyRule::Suited {
        first_loss,
        second_loss,
    } = variant.army
    else {
        return Vec::new();
    };
    let suits: Vec<SuitId> = variant.suits_of(side).collect();
    let mut pool = Vec::new();
    for suit in &suits {
        for kind in variant.kind_ids() {
            pool.extend(std::iter::repeat_n(
                Piece::with_suit(kind, *suit),
                variant.kind(kind).count as usize,
            ));
        }
    }
    // Remove one of each lost kind from a random-but-fixed suit order; samples
    // draw per suit, so a suit that shows its flag never also lost it.
    let drop = |pool: &mut Vec<Piece>, kind: KindId, suit: SuitId| {
        if let Some(i) = pool
            .iter()
            .position(|p| p.kind == kind && p.suit == Some(suit))
        {
            pool.swap_remove(i);
        }
    };
    if let [a, b] = suits.as_slice() {
        drop(&mut pool, first_loss, *a);
        drop(&mut pool, second_loss, *b);
    }
    pool
}
