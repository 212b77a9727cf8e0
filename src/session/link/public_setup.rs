//! What everyone sees of a setup at the start: each piece's square, its
//! suit (piecepack coins), and its kind where the kind is public (pawns).
//! A device shows this part in its intro and keeps the rest secret until the
//! end; the reader checks that what it was shown can stand.

use crate::core::piece::Piece;
use crate::core::setup::Placement;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{SuitId, Variant};

/// One piece of a setup as everyone sees it at the start: its square, its
/// suit (piecepack coins), and what it is when its kind is public (pawns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicPiece {
    pub square: Square,
    pub suit: Option<SuitId>,
    pub shown: Option<Piece>,
}

/// A side's pieces in the order the game numbers them (by square).
pub type PublicSetup = Vec<PublicPiece>;

/// What everyone sees of a setup.
pub fn public_setup(variant: &Variant, placements: &[Placement]) -> PublicSetup {
    let mut public: PublicSetup = placements
        .iter()
        .map(|p| PublicPiece {
            square: p.square,
            suit: p.piece.suit,
            shown: variant.kind(p.piece.kind).public.then_some(p.piece),
        })
        .collect();
    public.sort_by_key(|p| (p.square.row, p.square.col));
    public
}

/// The enemy's setup as shown must stand in its own setup zone, one piece a square.
pub(super) fn check_public(
    variant: &Variant,
    side: Side,
    public: &PublicSetup,
) -> Result<(), String> {
    // An army short of a piece (a domino hand of 23) is refused at once,
    // not found out at the end.
    if public.len() as u32 != variant.army_size() {
        return Err(crate::tr!(
            "its setup has {} pieces, and an army of {} has {}",
            public.len(),
            crate::i18n::translate(&variant.name),
            variant.army_size()
        ));
    }
    let mut squares: Vec<_> = public.iter().map(|p| p.square).collect();
    squares.sort_by_key(|s| (s.row, s.col));
    squares.dedup();
    if squares.len() != public.len() {
        return Err(crate::tr!("its setup puts two pieces on one square"));
    }
    if let Some(p) = public
        .iter()
        .find(|p| !variant.in_setup_zone(side, p.square) || variant.board.is_blocked(p.square))
    {
        return Err(crate::tr!(
            "its setup has a piece on {}, outside its zone",
            p.square
        ));
    }
    Ok(())
}
