//! Who wins a battle, for both combat models.

use super::options::GameOptions;
use super::piece::Piece;
use super::variant::{Combat, Mobility, Special, Variant};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BattleResult {
    /// The defender is removed and the attacker takes its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// A tie: both are removed.
    BothRemoved,
}

pub fn resolve(
    variant: &Variant,
    options: &GameOptions,
    attacker: Piece,
    defender: Piece,
) -> BattleResult {
    let tie = if options.aggressor_advantage {
        BattleResult::AttackerWins
    } else {
        BattleResult::BothRemoved
    };
    let compare = |a: i32, d: i32| match a.cmp(&d) {
        std::cmp::Ordering::Greater => BattleResult::AttackerWins,
        std::cmp::Ordering::Less => BattleResult::DefenderWins,
        std::cmp::Ordering::Equal => tie,
    };
    match variant.combat {
        Combat::Rank {
            spy_target,
            one_time_bombs,
        } => {
            let (a, d) = (variant.kind(attacker.kind), variant.kind(defender.kind));
            match d.special {
                Special::Flag => BattleResult::AttackerWins,
                Special::Bomb if a.special == Special::Miner => BattleResult::AttackerWins,
                Special::Bomb if one_time_bombs => BattleResult::BothRemoved,
                Special::Bomb => BattleResult::DefenderWins,
                _ if a.special == Special::Spy && spy_target == Some(defender.kind) => {
                    BattleResult::AttackerWins
                }
                _ => compare(a.rank, d.rank),
            }
        }
        Combat::Domino { flag, flag_slayer } => {
            if attacker.kind == flag_slayer && defender.kind == flag {
                return BattleResult::AttackerWins;
            }
            if attacker.kind == flag && defender.kind == flag_slayer {
                return BattleResult::DefenderWins;
            }
            let (attack, _) = attacker.domino_face(variant).unwrap_or_default();
            let (_, defense) = defender.domino_face(variant).unwrap_or_default();
            compare(attack as i32, defense as i32)
        }
    }
}

/// Under Silent Defense the defender's identity stays hidden from the
/// attacker unless a scout (a piece that moves in lines) attacked.
pub fn defender_revealed(variant: &Variant, options: &GameOptions, attacker: Piece) -> bool {
    !options.silent_defense || variant.kind(attacker.kind).mobility == Mobility::Line
}
