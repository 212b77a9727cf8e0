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

/// Why a setup shown by the other device cannot stand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PublicSetupError {
    /// It holds `pieces`, and an army of the variant (named `variant`, as in
    /// its data) holds `army`.
    ArmySize {
        pieces: usize,
        variant: String,
        army: u32,
    },
    /// Two of its pieces stand on one square.
    SquareTwice,
    /// A piece stands outside its setup zone, or on a blocked square.
    OutsideZone(Square),
}

impl std::fmt::Display for PublicSetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            PublicSetupError::ArmySize {
                pieces,
                variant,
                army,
            } => crate::tr!(
                "its setup has {} pieces, and an army of {} has {}",
                pieces,
                crate::i18n::translate(variant),
                army
            ),
            PublicSetupError::SquareTwice => {
                crate::tr!("its setup puts two pieces on one square")
            }
            PublicSetupError::OutsideZone(square) => {
                crate::tr!("its setup has a piece on {}, outside its zone", square)
            }
        };
        f.write_str(&text)
    }
}

/// The enemy's setup as shown must stand in its own setup zone, one piece a square.
pub(super) fn check_public(
    variant: &Variant,
    side: Side,
    public: &PublicSetup,
) -> Result<(), PublicSetupError> {
    // An army short of a piece (a domino hand of 23) is refused at once,
    // not found out at the end.
    if public.len() as u32 != variant.army_size() {
        return Err(PublicSetupError::ArmySize {
            pieces: public.len(),
            variant: variant.name.clone(),
            army: variant.army_size(),
        });
    }
    let mut squares: Vec<_> = public.iter().map(|p| p.square).collect();
    squares.sort_by_key(|s| (s.row, s.col));
    squares.dedup();
    if squares.len() != public.len() {
        return Err(PublicSetupError::SquareTwice);
    }
    if let Some(p) = public
        .iter()
        .find(|p| !variant.in_setup_zone(side, p.square) || variant.board.is_blocked(p.square))
    {
        return Err(PublicSetupError::OutsideZone(p.square));
    }
    Ok(())
}
