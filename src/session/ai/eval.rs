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
