//! What pieces are worth, and who wins a battle as far as a player can tell.

use crate::core::battle::{BattleResult, resolve};
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::variant::{Combat, Special, Variant};
use std::sync::LazyLock;

/// Losing a flag loses the game.
pub const FLAG: f32 = 1000.0;

/// A rough worth of a piece, for trading material.
pub fn value(variant: &Variant, piece: Piece) -> f32 {
    let kind = variant.kind(piece.kind);
    if kind.is_flag {
        return FLAG;
    }
    match variant.combat {
        Combat::Domino { flag_slayer, .. } => {
            let (a, d) = kind.pips.unwrap_or_default();
            if piece.kind == flag_slayer {
                8.0
            } else {
                1.0 + (a + d) as f32 * 0.8
            }
        }
        Combat::Rank { spy_target, .. } => match kind.special {
            Special::Bomb => 3.0,
            Special::Spy if spy_target.is_some() => 5.0,
            Special::Miner => kind.rank as f32 + 2.5,
            _ => rank_worth(kind.rank),
        },
    }
}

/// `rank^1.25`, from a table for the ranks pieces have: `value` runs for
/// every piece of every position the search weighs, and `powf` was a sixth
/// of the expert's time.
fn rank_worth(rank: i32) -> f32 {
    static TABLE: LazyLock<[f32; 64]> =
        LazyLock::new(|| std::array::from_fn(|rank| (rank as f32).powf(1.25)));
    match usize::try_from(rank) {
        Ok(r) if r < TABLE.len() => TABLE[r],
        _ => (rank as f32).powf(1.25),
    }
}

/// Whether each army has at least 30 pieces (classic and free setup, 40).
/// Games between such armies are long attritions, where the expert weighs
/// pursuit (`pursuit.rs`); in the smaller armies (7 to 24 pieces) a
/// rollout of a few plies already sees most hunts and the game turns on
/// finding the flag, where it weighs the flag race (`flag_race.rs`). Each
/// term lost games where the other is weighed (BENCHMARKS.md, issue 20):
/// with pursuit the expert won 139 of 280 games against `best` in the
/// smaller armies, and 154 without it; with the flag race it won 40 of 60
/// classic games, and 46 without it.
pub fn large_army(variant: &Variant) -> bool {
    const LARGE_ARMY: u32 = 30;
    variant.kinds.iter().map(|k| k.count).sum::<u32>() >= LARGE_ARMY
}

/// The material change, for the attacker's side, of `attacker` attacking `defender`.
pub fn battle_gain(
    variant: &Variant,
    options: &GameOptions,
    attacker: Piece,
    defender: Piece,
) -> f32 {
    let (a, d) = (value(variant, attacker), value(variant, defender));
    match resolve(variant, options, attacker, defender) {
        BattleResult::AttackerWins => d,
        BattleResult::DefenderWins => -a,
        BattleResult::BothRemoved => d - a,
    }
}

/// `battle_gain` for every pair of pieces of one variant under one set of
/// options, worked out once per search: a rollout judges every attack it
/// could make at every ply, against the odds of each hidden defender.
pub struct BattleTable {
    slots: usize,
    gains: Vec<f32>,
}

impl BattleTable {
    pub fn new(variant: &Variant, options: &GameOptions) -> BattleTable {
        let slots = variant.kinds.len() * 2;
        let piece = |slot: usize| Piece {
            kind: crate::core::variant::KindId((slot / 2) as u8),
            suit: None,
            flipped: slot % 2 == 1,
        };
        let mut gains = vec![0.0; slots * slots];
        for a in 0..slots {
            for d in 0..slots {
                gains[a * slots + d] = battle_gain(variant, options, piece(a), piece(d));
            }
        }
        BattleTable { slots, gains }
    }

    /// A piece's place in the table: battles turn on its kind and, for a
    /// domino stone, which way round it stands (never on a suit).
    pub fn slot(piece: Piece) -> usize {
        piece.kind.0 as usize * 2 + piece.flipped as usize
    }

    /// `battle_gain(attacker, defender)` from the table.
    pub fn gain(&self, attacker: Piece, defender: Piece) -> f32 {
        self.gains[Self::slot(attacker) * self.slots + Self::slot(defender)]
    }

    /// What each attacker (by slot) expects to gain against a defender
    /// whose odds are `odds`.
    pub fn expected(&self, odds: &[(Piece, f32)]) -> Vec<f32> {
        (0..self.slots)
            .map(|a| {
                odds.iter()
                    .map(|(d, w)| w * self.gains[a * self.slots + Self::slot(*d)])
                    .sum()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::GameOptions;
    use crate::core::variant::{SuitId, builtin};

    /// The table gives `battle_gain` for every pair of pieces, each way
    /// round, in every built-in variant, with and without Aggressor
    /// Advantage (whose ties the attacker wins), and with suits aside.
    #[test]
    fn the_battle_table_agrees_with_battle_gain() {
        assert!(
            builtin().variants.len() >= 8,
            "every built-in variant loads"
        );
        for variant in &builtin().variants {
            let name = &variant.id;
            for aggressor_advantage in [false, true] {
                let options = GameOptions {
                    aggressor_advantage,
                    ..GameOptions::defaults(variant)
                };
                let table = BattleTable::new(variant, &options);
                let pieces: Vec<Piece> = variant
                    .kind_ids()
                    .flat_map(|kind| {
                        [false, true].map(|flipped| Piece {
                            kind,
                            suit: variant.suits.first().map(|_| SuitId(0)),
                            flipped,
                        })
                    })
                    .collect();
                for a in &pieces {
                    for d in &pieces {
                        assert_eq!(
                            table.gain(*a, *d),
                            battle_gain(variant, &options, *a, *d),
                            "{name}: {a:?} attacking {d:?}"
                        );
                    }
                }
                let odds = [(pieces[0], 0.25), (pieces[pieces.len() - 1], 0.75)];
                let expected = table.expected(&odds);
                for a in &pieces {
                    let by_hand = 0.25 * battle_gain(variant, &options, *a, odds[0].0)
                        + 0.75 * battle_gain(variant, &options, *a, odds[1].0);
                    assert_eq!(expected[BattleTable::slot(*a)], by_hand, "{name}: {a:?}");
                }
            }
        }
    }
}
