//! The fair deal between two devices: a domino hand drawn at random that
//! neither device can choose, and that stays secret until the end.
//!
//! Each device has a secret salt (the one its setup commitment uses). The
//! steps, in the first codes of a game whose deal is chance (`deals_by_chance`):
//!
//! 1. The inviter's invitation carries its deal commitment, a hash of its
//!    salt, before it has seen anything of the other device.
//! 2. The joiner's first code carries its own deal commitment and its
//!    number, a public value made from its salt (`nonce`). The inviter's
//!    hand is drawn from the inviter's salt and that number.
//! 3. The inviter's next code carries its number and its setup; the joiner's
//!    hand is drawn from the joiner's salt and that number. Then the joiner
//!    sends its setup, and play begins.
//!
//! Neither device can steer its own hand: its salt was fixed by its
//! commitment before it saw the number it is mixed with, and the number
//! comes from a device that cannot see the salt. Neither can see the other's
//! hand: the salt stays secret. When the game ends each device opens its salt
//! and deal (`message::Reveal`), and the other device checks the commitment
//! and deals again from the salt and the number it sent: the stones, the
//! stones set aside and the number of reshuffles must all come out the same
//! (`check`). The piecepack discard is a choice, not chance, and is not dealt.
//!
//! This file holds the dealing itself: the commitment, the number, the hand
//! drawn from them and the check of an opened deal. The codes that carry the
//! steps are made and read by `deal_handshake`.

use crate::core::deal::{Deal, deal_dominoes_with};
use crate::core::side::Side;
use crate::core::variant::{ArmyRule, Variant};
use sha2::{Digest, Sha256};

/// What this device holds to check the other device's deal at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct FairTerms {
    pub their_commitment: [u8; 16],
    pub nonce_sent: [u8; 16],
}

/// Whether the variant's deal is chance, so two devices deal it fairly.
pub fn deals_by_chance(variant: &Variant) -> bool {
    matches!(variant.army, ArmyRule::Domino { .. })
}

/// What a device shows of its secret before the deal: a hash of its salt.
pub fn commitment(game_id: u32, side: Side, salt: &[u8; 16]) -> [u8; 16] {
    first_16(
        Sha256::new()
            .chain_update(b"flagfall deal commitment 1")
            .chain_update(game_id.to_le_bytes())
            .chain_update([side.index() as u8])
            .chain_update(salt)
            .finalize()
            .as_slice(),
    )
}

/// The public number a device gives the other device's deal: made from its
/// salt (so a saved game needs nothing more), telling nothing of it.
pub fn nonce(salt: &[u8; 16]) -> [u8; 16] {
    first_16(
        Sha256::new()
            .chain_update(b"flagfall deal nonce 1")
            .chain_update(salt)
            .finalize()
            .as_slice(),
    )
}

/// `side`'s deal, drawn from its salt and the other device's number.
pub fn deal(
    variant: &Variant,
    game_id: u32,
    side: Side,
    salt: &[u8; 16],
    their_nonce: &[u8; 16],
) -> Option<Deal> {
    let seed: [u8; 32] = Sha256::new()
        .chain_update(b"flagfall fair deal 1")
        .chain_update(game_id.to_le_bytes())
        .chain_update([side.index() as u8])
        .chain_update(salt)
        .chain_update(their_nonce)
        .finalize()
        .into();
    let mut stream = Stream {
        seed,
        block: 0,
        buffer: Vec::new(),
    };
    deal_dominoes_with(variant, |bound| stream.below(bound))
}

/// What is false about a deal the other device opened at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DealLie {
    /// The salt it opened does not make its deal commitment.
    Commitment,
    /// The deal it opened is not the one drawn from its salt and this
    /// device's number: it chose its hand. The reshuffles it claimed, and
    /// those the deal made.
    Chosen { claimed: u32, made: u32 },
}

impl std::fmt::Display for DealLie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            DealLie::Commitment => {
                crate::tr!("the secret it opened is not the one it committed to before the deal")
            }
            DealLie::Chosen { claimed, made } => crate::tr!(
                "its stones are not the ones dealt from its secret and this device's number: \
                 it chose its hand (it claimed {} reshuffles; the deal made {})",
                claimed,
                made
            ),
        };
        f.write_str(&text)
    }
}

/// Checks a deal the other device opened at the end against its commitment
/// and the number this device sent it.
pub fn check(
    variant: &Variant,
    game_id: u32,
    side: Side,
    salt: &[u8; 16],
    opened: &Deal,
    their_commitment: &[u8; 16],
    nonce_sent: &[u8; 16],
) -> Result<(), DealLie> {
    if commitment(game_id, side, salt) != *their_commitment {
        return Err(DealLie::Commitment);
    }
    let drawn = deal(variant, game_id, side, salt, nonce_sent);
    if drawn.as_ref() == Some(opened) {
        return Ok(());
    }
    let redraws = |d: Option<&Deal>| match d {
        Some(Deal::Domino { redraws, .. }) => *redraws,
        _ => 0,
    };
    Err(DealLie::Chosen {
        claimed: redraws(Some(opened)),
        made: redraws(drawn.as_ref()),
    })
}

fn first_16(digest: &[u8]) -> [u8; 16] {
    let mut out = [0; 16];
    out.copy_from_slice(&digest[..16]);
    out
}

/// Numbers from SHA-256 of the seed and a block counter: the same on every
/// device and in every version of the app (unlike a library's random
/// generator, whose stream may change).
struct Stream {
    seed: [u8; 32],
    block: u64,
    buffer: Vec<u32>,
}

impl Stream {
    fn next_u32(&mut self) -> u32 {
        if self.buffer.is_empty() {
            let digest = Sha256::new()
                .chain_update(self.seed)
                .chain_update(self.block.to_le_bytes())
                .finalize();
            self.block += 1;
            self.buffer = digest
                .chunks_exact(4)
                .rev()
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
        }
        self.buffer.pop().unwrap_or_default()
    }

    /// A number below `bound`, every one equally likely (draws above the
    /// last whole multiple of `bound` are thrown away).
    fn below(&mut self, bound: usize) -> usize {
        let bound = bound.clamp(1, u32::MAX as usize) as u32;
        let limit = u32::MAX - u32::MAX % bound;
        loop {
            let x = self.next_u32();
            if x < limit {
                return (x % bound) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;

    #[test]
    fn the_deal_is_fixed_by_salt_and_number_and_differs_for_either() {
        let v = builtin_variant("domino").unwrap();
        let a = deal(&v, 1, Side::Red, &[1; 16], &[2; 16]).unwrap();
        assert_eq!(
            Some(&a),
            deal(&v, 1, Side::Red, &[1; 16], &[2; 16]).as_ref()
        );
        assert_ne!(
            Some(&a),
            deal(&v, 1, Side::Red, &[1; 16], &[3; 16]).as_ref()
        );
        assert_ne!(
            Some(&a),
            deal(&v, 1, Side::Red, &[4; 16], &[2; 16]).as_ref()
        );
        assert!(a.army(&v, Side::Red).is_ok());
    }

    #[test]
    fn picks_are_uniform_enough() {
        let mut stream = Stream {
            seed: [9; 32],
            block: 0,
            buffer: Vec::new(),
        };
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[stream.below(7)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }
}
