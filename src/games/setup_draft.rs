//! A setup being edited: pieces in the tray, pieces on squares, and what
//! is still wrong, in words.

use crate::core::deal::Deal;
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::setup::{Placement, Setup, SetupProblem};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Variant;
use rand::Rng;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct SetupDraft {
    variant: Arc<Variant>,
    side: Side,
    deal: Deal,
    /// Every piece the deal gives, placed or not.
    army: Vec<Piece>,
    placed: BTreeMap<Square, Piece>,
    /// Squares the other army already holds, where both set up on the same
    /// squares (free setup): this side cannot use them.
    taken: Vec<Square>,
}

impl SetupDraft {
    pub fn new(variant: Arc<Variant>, side: Side, deal: Deal) -> SetupDraft {
        let army = deal.army(&variant, side).unwrap_or_default();
        SetupDraft {
            variant,
            side,
            deal,
            army,
            placed: BTreeMap::new(),
            taken: Vec::new(),
        }
    }

    pub fn side(&self) -> Side {
        self.side
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn at(&self, square: Square) -> Option<Piece> {
        self.placed.get(&square).copied()
    }

    pub fn placed(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.placed.iter().map(|(s, p)| (*s, *p))
    }

    /// The pieces still to place, grouped: (piece, how many), in army order.
    pub fn tray(&self) -> Vec<(Piece, usize)> {
        let mut left = self.tray_places();
        left.retain(|(_, n)| *n > 0);
        left
    }

    /// The tray as a screen lays it out: a place for every group of the
    /// army (every stone of a deal) in army order, with how many are left
    /// to place, 0 once all are. A group that runs out keeps its place, so
    /// the others do not move under the player's finger.
    pub fn tray_places(&self) -> Vec<(Piece, usize)> {
        let mut left: Vec<(Piece, usize)> = Vec::new();
        for piece in &self.army {
            match left.iter_mut().find(|(p, _)| same_piece(p, piece)) {
                Some((_, n)) => *n += 1,
                None => left.push((*piece, 1)),
            }
        }
        for piece in self.placed.values() {
            if let Some((_, n)) = left.iter_mut().find(|(p, _)| same_piece(p, piece)) {
                *n = n.saturating_sub(1);
            }
        }
        left
    }

    /// Whether a piece may stand on `square` in this side's zone.
    pub fn can_hold(&self, square: Square) -> bool {
        self.variant.in_setup_zone(self.side, square)
            && !self.variant.board.is_blocked(square)
            && !self.taken.contains(&square)
    }

    /// The squares the other army holds (free setup), which this side's
    /// pieces leave: any of this side's pieces there goes back to the tray.
    pub fn set_taken(&mut self, taken: Vec<Square>) {
        self.placed.retain(|square, _| !taken.contains(square));
        self.taken = taken;
    }

    pub fn taken(&self) -> &[Square] {
        &self.taken
    }

    /// Puts a tray piece on an empty zone square; a piece already there goes
    /// back to the tray. Returns false when the square cannot hold it.
    pub fn place(&mut self, piece: Piece, square: Square) -> bool {
        let in_tray = self.tray().iter().any(|(p, _)| same_piece(p, &piece));
        if !self.can_hold(square) || !in_tray {
            return false;
        }
        self.placed.insert(square, piece);
        true
    }

    /// Moves the piece on `from` to `to`, swapping with a piece there.
    pub fn move_or_swap(&mut self, from: Square, to: Square) -> bool {
        if from == to || !self.can_hold(to) {
            return false;
        }
        let Some(moving) = self.placed.remove(&from) else {
            return false;
        };
        if let Some(other) = self.placed.insert(to, moving) {
            self.placed.insert(from, other);
        }
        true
    }

    /// Takes the piece on `square` back to the tray.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.placed.remove(&square)
    }

    /// Turns a domino stone round (attack and defense swap).
    pub fn flip(&mut self, square: Square) -> bool {
        let variant = Arc::clone(&self.variant);
        match self.placed.get_mut(&square) {
            Some(piece) if variant.kind(piece.kind).pips.is_some_and(|(l, h)| l != h) => {
                piece.flipped = !piece.flipped;
                true
            }
            _ => false,
        }
    }

    pub fn clear(&mut self) {
        self.placed.clear();
    }

    /// "Fill for me": places every piece still in the tray as the strongest
    /// computer level sets up (`ai::setup_around` at `Expert`: the
    /// flag at the back among bombs, in classic the spy behind the General,
    /// a domino 6-6 behind, stones turned to attack in front), keeping every
    /// piece the player placed. A piece goes where that setup puts one of its
    /// kind when the square is free, else on a free square at random (a flag
    /// on the backmost).
    pub fn fill_for_me(&mut self, rng: &mut impl Rng) {
        use rand::seq::SliceRandom;
        let mut tray: Vec<Piece> = Vec::new();
        for (piece, n) in self.tray() {
            tray.extend(std::iter::repeat_n(piece, n));
        }
        if tray.is_empty() {
            return;
        }
        let plan = crate::ai::setup_around(
            crate::ai::Level::Expert,
            &self.variant,
            self.side,
            &self.deal,
            &self.taken,
            rng,
        );
        let mut left = Vec::new();
        for piece in tray {
            let spot = plan
                .placements
                .iter()
                .find(|p| same_piece(&p.piece, &piece) && !self.placed.contains_key(&p.square));
            match spot {
                Some(p) => {
                    self.placed.insert(p.square, p.piece);
                }
                None => left.push(piece),
            }
        }
        let mut free: Vec<Square> = self
            .variant
            .setup_squares(self.side)
            .into_iter()
            .filter(|s| !self.placed.contains_key(s) && !self.taken.contains(s))
            .collect();
        free.shuffle(rng);
        // A flag whose square the player took goes to the backmost free square.
        let back = |sq: &Square| match self.side {
            Side::Red => sq.row,
            Side::Blue => self.variant.board.rows - 1 - sq.row,
        };
        left.sort_by_key(|p| !self.variant.kind(p.kind).is_flag);
        if left
            .first()
            .is_some_and(|p| self.variant.kind(p.kind).is_flag)
            && let Some(at) = (0..free.len()).min_by_key(|&i| back(&free[i]))
        {
            free.swap(0, at);
        }
        for (mut piece, square) in left.into_iter().zip(free) {
            if self
                .variant
                .kind(piece.kind)
                .pips
                .is_some_and(|(l, h)| l != h)
            {
                piece.flipped = rng.random_bool(0.5);
            }
            self.placed.insert(square, piece);
        }
    }

    pub fn to_setup(&self) -> Setup {
        Setup {
            side: self.side,
            placements: self
                .placed
                .iter()
                .map(|(s, p)| Placement {
                    square: *s,
                    piece: *p,
                })
                .collect(),
        }
    }

    /// Replaces the draft with a saved setup (kept only where it fits this deal).
    pub fn load(&mut self, setup: &Setup) {
        self.placed.clear();
        for p in &setup.placements {
            self.place(p.piece, p.square);
            if let Some(placed) = self.placed.get_mut(&p.square) {
                placed.flipped = p.piece.flipped;
            }
        }
    }

    /// What is still wrong (empty when ready).
    pub fn problems(&self, options: &GameOptions) -> Vec<SetupProblem> {
        self.to_setup().problems(&self.variant, &self.deal, options)
    }
}

/// Orientation does not make a different piece.
fn same_piece(a: &Piece, b: &Piece) -> bool {
    a.kind == b.kind && a.suit == b.suit
}

use rand::RngExt as _;
