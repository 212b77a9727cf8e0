//! Dealing: which pieces each side gets before setting up. Fixed armies need
//! no deal; domino players draw stones; piecepack players choose discards.

use super::piece::Piece;
use super::side::Side;
use super::variant::{ArmyRule, KindId, SuitId, Variant};
use rand::{Rng, RngExt};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deal {
    /// The variant's fixed army.
    Fixed,
    /// The stones drawn, the ones set aside unseen, and how many times the
    /// whole set was reshuffled because a must-hold stone was missing.
    Domino {
        hand: Vec<KindId>,
        set_aside: Vec<KindId>,
        redraws: u32,
    },
    /// The suit that discards the variant's first loss (piecepack: the null);
    /// the side's other suit discards the second loss (the ace).
    Discard { first_loss_suit: SuitId },
}

/// Why a deal does not fit. Variant and stone names are the variant's
/// (English) data names, translated when shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    WrongKind {
        variant: String,
        expected: &'static str,
        found: &'static str,
    },
    HandSize {
        expected: u32,
        found: usize,
    },
    StoneTwice(String),
    MissingStone(String),
    SetAside,
    ForeignSuit {
        suit: String,
        side: Side,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::i18n::translate;
        let text = match self {
            DealError::WrongKind {
                variant,
                expected,
                found,
            } => crate::tr!(
                "{} needs {}, not {}",
                translate(variant),
                translate(expected),
                translate(found)
            ),
            DealError::HandSize { expected, found } => {
                crate::tr!("the hand holds {} stones; {} are dealt", found, expected)
            }
            DealError::StoneTwice(stone) => {
                crate::tr!("stone {} is dealt twice", translate(stone))
            }
            DealError::MissingStone(stone) => crate::tr!(
                "the hand lacks {}, which every deal must hold",
                translate(stone)
            ),
            DealError::SetAside => {
                crate::tr!("the stones set aside must be exactly those not in the hand")
            }
            DealError::ForeignSuit { suit, side } => {
                crate::tr!("suit {} is not one of {}'s suits", suit, side)
            }
        };
        f.write_str(&text)
    }
}

impl Deal {
    /// What kind of deal this is, in English (translated when shown).
    fn kind_name(&self) -> &'static str {
        match self {
            Deal::Fixed => crate::tr_noop!("no deal"),
            Deal::Domino { .. } => crate::tr_noop!("a domino deal"),
            Deal::Discard { .. } => crate::tr_noop!("a choice of discards"),
        }
    }

    /// The pieces this deal gives `side`, as (kind, suit), in a fixed order.
    pub fn army(&self, variant: &Variant, side: Side) -> Result<Vec<Piece>, DealError> {
        let mismatch = |expected| DealError::WrongKind {
            variant: variant.name.clone(),
            expected,
            found: self.kind_name(),
        };
        match (&variant.army, self) {
            (ArmyRule::Fixed, Deal::Fixed) => Ok(variant
                .kind_ids()
                .flat_map(|k| std::iter::repeat_n(Piece::new(k), variant.kind(k).count as usize))
                .collect()),
            (
                ArmyRule::Domino { dealt, must_hold },
                Deal::Domino {
                    hand, set_aside, ..
                },
            ) => {
                if hand.len() != *dealt as usize {
                    return Err(DealError::HandSize {
                        expected: *dealt,
                        found: hand.len(),
                    });
                }
                let mut seen = vec![false; variant.kinds.len()];
                for stone in hand.iter().chain(set_aside) {
                    let slot = seen.get_mut(stone.0 as usize).ok_or(DealError::SetAside)?;
                    if *slot {
                        return Err(DealError::StoneTwice(variant.kind(*stone).name.clone()));
                    }
                    *slot = true;
                }
                if seen.iter().any(|s| !s) {
                    return Err(DealError::SetAside);
                }
                if let Some(missing) = must_hold.iter().find(|s| !hand.contains(s)) {
                    return Err(DealError::MissingStone(variant.kind(*missing).name.clone()));
                }
                let mut stones: Vec<Piece> = hand.iter().map(|k| Piece::new(*k)).collect();
                stones.sort();
                Ok(stones)
            }
            (
                ArmyRule::Suited {
                    first_loss,
                    second_loss,
                },
                Deal::Discard { first_loss_suit },
            ) => {
                let suits: Vec<SuitId> = variant.suits_of(side).collect();
                if !suits.contains(first_loss_suit) {
                    let suit = variant
                        .suits
                        .get(first_loss_suit.0 as usize)
                        .map(|s| s.key.clone());
                    return Err(DealError::ForeignSuit {
                        suit: suit.unwrap_or_else(|| format!("#{}", first_loss_suit.0)),
                        side,
                    });
                }
                let mut army = Vec::new();
                for suit in suits {
                    let lost = if suit == *first_loss_suit {
                        *first_loss
                    } else {
                        *second_loss
                    };
                    for kind in variant.kind_ids() {
                        let count = variant.kind(kind).count as usize - usize::from(kind == lost);
                        army.extend(std::iter::repeat_n(Piece::with_suit(kind, suit), count));
                    }
                }
                Ok(army)
            }
            (ArmyRule::Fixed, _) => Err(mismatch(crate::tr_noop!("no deal"))),
            (ArmyRule::Domino { .. }, _) => Err(mismatch(crate::tr_noop!("a domino deal"))),
            (ArmyRule::Suited { .. }, _) => Err(mismatch(crate::tr_noop!("a choice of discards"))),
        }
    }
}

/// Shuffles a full set face down and draws, reshuffling everything while a
/// must-hold stone (the 0-0 or the 6-6) is missing.
pub fn deal_dominoes(variant: &Variant, rng: &mut impl Rng) -> Option<Deal> {
    deal_dominoes_with(variant, |bound| rng.random_range(0..bound))
}

/// `deal_dominoes` with its own shuffle (Fisher-Yates, last stone first),
/// drawing each position from `pick(n)`, a number below `n`. Two devices
/// that feed it the same numbers deal the same stones, whatever the random
/// library's own shuffle does (the fair deal between devices relies on it).
pub fn deal_dominoes_with(variant: &Variant, mut pick: impl FnMut(usize) -> usize) -> Option<Deal> {
    let ArmyRule::Domino { dealt, must_hold } = &variant.army else {
        return None;
    };
    let mut stones: Vec<KindId> = variant.kind_ids().collect();
    let mut redraws = 0;
    loop {
        for i in (1..stones.len()).rev() {
            stones.swap(i, pick(i + 1).min(i));
        }
        let (hand, set_aside) = stones.split_at(*dealt as usize);
        if must_hold.iter().all(|s| hand.contains(s)) {
            let (mut hand, mut set_aside) = (hand.to_vec(), set_aside.to_vec());
            hand.sort();
            set_aside.sort();
            return Some(Deal::Domino {
                hand,
                set_aside,
                redraws,
            });
        }
        redraws += 1;
    }
}

/// A deal chosen at random: dominoes drawn, or discards picked by coin toss.
pub fn random_deal(variant: &Variant, side: Side, rng: &mut impl Rng) -> Deal {
    match &variant.army {
        ArmyRule::Fixed => Deal::Fixed,
        ArmyRule::Domino { .. } => deal_dominoes(variant, rng).expect("domino variant"),
        ArmyRule::Suited { .. } => {
            let suits: Vec<SuitId> = variant.suits_of(side).collect();
            Deal::Discard {
                first_loss_suit: suits[rng.random_range(0..suits.len())],
            }
        }
    }
}
