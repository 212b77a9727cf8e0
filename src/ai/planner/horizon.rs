//! How far past its depth the search looks, by variant: how many plies of
//! attacks the quiescence search plays on, and which attacks it keeps.
//!
//! Where each army starts behind its own rows, a few attacks stand open at
//! a time and four plies of them cost little. Where the armies start mixed
//! (free setup) nearly every piece touches an enemy: four plies of chance
//! nodes over dozens of attacks left not one iteration complete at 250 ms,
//! so there the quiescence grows with the iteration, and keeps only the
//! attacks most worth their odds.

use crate::core::variant::Variant;

/// Plies of attacks the quiescence search plays past the horizon, at most.
pub const QUIESCENCE: u32 = 4;

/// How the quiescence search is shaped in one variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Horizon {
    /// Whether the quiescence search plays `QUIESCENCE` plies whatever the
    /// iteration (else one ply fewer than the iteration, up to it).
    full_from_the_start: bool,
    /// Whether every battle that puts our top ranks or spy at stake is
    /// played on, beside the attacks most worth their odds.
    every_precious_battle: bool,
}

impl Horizon {
    /// Armies that start apart: four plies, every precious battle.
    pub const APART: Horizon = Horizon {
        full_from_the_start: true,
        every_precious_battle: true,
    };
    /// Armies that start mixed: plies growing with the iteration, only the
    /// attacks most worth their odds.
    pub const MIXED: Horizon = Horizon {
        full_from_the_start: false,
        every_precious_battle: false,
    };

    /// The horizon for `variant`: `MIXED` where the armies may set up
    /// anywhere, else `APART`.
    pub fn for_variant(variant: &Variant) -> Horizon {
        if variant.setup.anywhere {
            Horizon::MIXED
        } else {
            Horizon::APART
        }
    }

    /// Plies of quiescence at the horizon of the iteration `depth` plies deep.
    pub fn plies(self, depth: u32) -> u32 {
        if self.full_from_the_start {
            QUIESCENCE
        } else {
            depth.saturating_sub(1).min(QUIESCENCE)
        }
    }

    /// Whether a battle beyond the best few is played on because it puts a
    /// precious piece at stake.
    pub fn keeps_precious(self) -> bool {
        self.every_precious_battle
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant as builtin;

    #[test]
    fn armies_set_up_apart_search_four_plies_of_attacks_from_the_first_iteration() {
        let horizon = Horizon::for_variant(&builtin("classic").unwrap());
        assert_eq!(horizon, Horizon::APART);
        assert_eq!(
            (horizon.plies(1), horizon.plies(9)),
            (QUIESCENCE, QUIESCENCE)
        );
        assert!(horizon.keeps_precious());
    }

    #[test]
    fn mixed_armies_search_attacks_a_ply_short_of_the_iteration() {
        let horizon = Horizon::for_variant(&builtin("free").unwrap());
        assert_eq!(horizon, Horizon::MIXED);
        let plies: Vec<u32> = (1..=6).map(|depth| horizon.plies(depth)).collect();
        assert_eq!(plies, [0, 1, 2, 3, 4, 4]);
        assert!(!horizon.keeps_precious());
    }
}
