//! Whether the enemy attacks a piece of ours it has not identified. It
//! cannot know what it would meet, so the search may not let it attack
//! exactly where it would beat our true piece: its attack is a chance node
//! over its willingness (`battles.rs`), the willing share fighting our true
//! piece and the rest of its side standing pat. Its top ranks seldom attack
//! an unmoved piece (a bomb costs them too much), low ranks and scouts
//! probe, and an attack is certain only when every kind our piece may be,
//! as the enemy can know it (the public odds, `Unit::odds`), loses to the
//! attacker or trades with it.
//!
//! The shares are a fixed table by the attacker's place on the ladder and
//! by whether our piece has moved, near what peternlewis showed over 60
//! games against the planner (BENCHMARKS.md, issue 80): its Marshal and
//! General attacked an unidentified piece of ours at 3 of 817 chances when
//! it was unmoved and at 230 of 344 when it had moved; its Captains,
//! Lieutenants, Sergeants and Scouts at 63-87%, its Colonels and Majors at
//! 4% and 19-31%, its Miners at 2-7%, its Spy never.

use super::board::{Unit, ladder_places};
use crate::core::side::Side;
use crate::core::variant::{KindId, Mobility, Special, Variant};

/// Shares of an attack on an unidentified piece, (unmoved, moved), for
/// the two top ranks, the next two, the other ranks, miners and scouts.
const TOP: (f32, f32) = (0.02, 0.6);
const HIGH: (f32, f32) = (0.05, 0.25);
const LOW: (f32, f32) = (0.7, 0.8);
const MINER: (f32, f32) = (0.1, 0.1);
const SCOUT: (f32, f32) = (0.7, 0.7);
/// Domino Stratego: shares by the number a stone attacks with (a 6 may
/// take anything, a low number little), the same whether it moved (moving
/// shows nothing of a stone); the 0-0 and the 6-6 risk the game.
const DOMINO_BY_ATTACK: [f32; 7] = [0.05, 0.1, 0.15, 0.25, 0.4, 0.55, 0.7];
const DOMINO_GAME_PIECES: f32 = 0.05;

/// How willing each kind of `enemy`'s is to attack an unidentified piece.
#[derive(Debug, Clone)]
pub struct Willingness {
    pub enemy: Side,
    /// By kind: (unmoved, moved).
    shares: Vec<(f32, f32)>,
}

impl Willingness {
    /// The fixed table for `enemy`'s kinds in `variant`.
    pub fn new(variant: &Variant, enemy: Side) -> Willingness {
        if variant.is_domino() {
            let shares = domino_shares(variant);
            return Willingness { enemy, shares };
        }
        let places = ladder_places(variant);
        let mut shares = vec![(0.0, 0.0); variant.kinds.len()];
        for (k, kind) in variant.kinds.iter().enumerate() {
            shares[k] = match kind.special {
                _ if kind.mobility == Mobility::Immobile => (0.0, 0.0),
                Special::Spy => (0.0, 0.0),
                // A scout probes whatever else it does: in ultimate
                // lightning it is also the side's defuser, and read as a
                // miner it seldom attacked in the search, so a scout run
                // through our bomb to our flag went unseen.
                _ if kind.mobility == Mobility::Line => SCOUT,
                Special::Miner => MINER,
                _ => match places[k] {
                    Some(0 | 1) => TOP,
                    Some(2 | 3) => HIGH,
                    _ => LOW,
                },
            };
        }
        Willingness { enemy, shares }
    }

    /// The share of the attacker's kind `a` that attacks `defender`, a
    /// piece its side has not identified: all of it when `a` beats or
    /// trades with every kind `defender` may publicly be (`loses_to` says
    /// which kinds `a` loses to), else the table's.
    pub fn share<const K: usize>(
        &self,
        a: KindId,
        defender: &Unit<K>,
        loses_to: impl Fn(KindId) -> bool,
    ) -> f32 {
        let mut may_be = 0.0;
        let mut beats_attacker = 0.0;
        for (d, p) in defender.odds.iter().enumerate().filter(|(_, p)| **p > 0.0) {
            may_be += p;
            if loses_to(KindId(d as u8)) {
                beats_attacker += p;
            }
        }
        if may_be > 0.0 && beats_attacker <= 0.0 {
            return 1.0;
        }
        let (unmoved, moved) = self.shares[a.0 as usize];
        if defender.moved { moved } else { unmoved }
    }
}

/// The shares of a domino game's kinds (stances), (unmoved, moved).
fn domino_shares(variant: &Variant) -> Vec<(f32, f32)> {
    variant
        .kinds
        .iter()
        .map(|kind| {
            let (attack, defense) = kind.pips.unwrap_or_default();
            let share = if kind.is_flag || (attack == 0 && defense == 0) {
                DOMINO_GAME_PIECES
            } else {
                DOMINO_BY_ATTACK[(attack as usize).min(DOMINO_BY_ATTACK.len() - 1)]
            };
            (share, share)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;

    fn unmoved_share(variant: &str, kind: &str) -> f32 {
        let v = builtin_variant(variant).unwrap();
        let k = v.kind_by_key(kind).unwrap();
        Willingness::new(&v, Side::Blue).shares[k.0 as usize].0
    }

    #[test]
    fn a_domino_stone_attacking_with_six_is_the_most_willing() {
        let v = super::super::stances::searched(&builtin_variant("domino").unwrap()).into_owned();
        let share = |attack: u8, defense: u8| {
            let k = v
                .kind_ids()
                .find(|&k| v.kind(k).pips == Some((attack, defense)))
                .unwrap();
            Willingness::new(&v, Side::Blue).shares[k.0 as usize].0
        };
        assert!(share(6, 1) > share(1, 6));
        assert!(share(6, 1) > share(6, 6), "the 6-6 risks the game");
        assert!(share(6, 1) > share(0, 0), "the 0-0 beats nothing else");
    }

    #[test]
    fn scouts_probe_and_miners_hold_back_even_where_scouts_defuse_bombs() {
        assert_eq!(unmoved_share("classic", "scout"), SCOUT.0);
        assert_eq!(unmoved_share("classic", "miner"), MINER.0);
        // Ultimate lightning's scouts defuse bombs; its miners do not.
        assert_eq!(unmoved_share("ultimate-lightning", "scout"), SCOUT.0);
        assert_eq!(unmoved_share("ultimate-lightning", "miner"), LOW.0);
    }
}
