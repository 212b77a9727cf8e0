//! The kinds the planner searches with. In the rank games they are the
//! variant's own. A domino stone fights by how it stands (its attack and
//! defense numbers), which its owner chose and the enemy cannot see: so
//! in a domino game each way a stone can stand is one kind of the
//! planner's, 49 with a double-six set, (attack, defense) in its `pips`.
//! The 0-0 and the 6-6 stand one way only, and keep their part as the
//! flag slayer and the flag. Battles between these kinds are the rules'
//! own (`core::battle::resolve`), so the search fights as the game does.

use crate::core::piece::Piece;
use crate::core::variant::{ArmyRule, Combat, KindDef, KindId, Variant};
use std::borrow::Cow;

/// The variant the planner searches `variant` as: itself in the rank
/// games, its stones' stances in a domino game.
pub fn searched(variant: &Variant) -> Cow<'_, Variant> {
    let Combat::Domino { flag, flag_slayer } = variant.combat else {
        return Cow::Borrowed(variant);
    };
    let numbers = numbers(variant);
    let mut kinds = Vec::with_capacity((numbers * numbers) as usize);
    for attack in 0..numbers {
        for defense in 0..numbers {
            let stone = stone_of(variant, attack, defense);
            let def = &variant.kinds[stone.0 as usize];
            kinds.push(KindDef {
                key: format!("{attack}/{defense}"),
                pips: Some((attack, defense)),
                ..def.clone()
            });
        }
    }
    let stance_of_double = |stone: KindId| {
        let (n, _) = variant.kind(stone).pips.unwrap_or_default();
        stance(numbers, n, n)
    };
    Cow::Owned(Variant {
        kinds,
        combat: Combat::Domino {
            flag: stance_of_double(flag),
            flag_slayer: stance_of_double(flag_slayer),
        },
        army: ArmyRule::Fixed,
        ..variant.clone()
    })
}

/// The planner's kind for `piece` of `variant` (the game's variant, not
/// the searched one).
pub fn kind_of(variant: &Variant, piece: Piece) -> KindId {
    match piece.domino_face(variant) {
        Some((attack, defense)) if variant.is_domino() => stance(numbers(variant), attack, defense),
        _ => piece.kind,
    }
}

/// The planner's kinds a hidden `piece` may be, with their share of its
/// chance: a domino stone whose turn is unseen stands either way as
/// likely (a double one way only).
pub fn kinds_of(variant: &Variant, piece: Piece) -> [(KindId, f32); 2] {
    match variant.kind(piece.kind).pips {
        Some((low, high)) if variant.is_domino() && low != high => {
            let numbers = numbers(variant);
            [
                (stance(numbers, low, high), 0.5),
                (stance(numbers, high, low), 0.5),
            ]
        }
        _ => [(kind_of(variant, piece), 1.0), (KindId(0), 0.0)],
    }
}

/// How many numbers a stone's half may show (7 for a double-six set).
fn numbers(variant: &Variant) -> u8 {
    variant
        .kinds
        .iter()
        .filter_map(|k| k.pips)
        .map(|(_, high)| high + 1)
        .max()
        .unwrap_or(1)
}

fn stance(numbers: u8, attack: u8, defense: u8) -> KindId {
    KindId(attack * numbers + defense)
}

/// The stone that can stand as `attack` over `defense`.
fn stone_of(variant: &Variant, attack: u8, defense: u8) -> KindId {
    let wanted = (attack.min(defense), attack.max(defense));
    variant
        .kind_ids()
        .find(|&k| variant.kind(k).pips == Some(wanted))
        .unwrap_or(KindId(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::battle::{BattleResult, resolve};
    use crate::core::options::GameOptions;
    use crate::core::variant::builtin_variant;

    fn stone(variant: &Variant, key: &str, flipped: bool) -> Piece {
        Piece {
            flipped,
            ..Piece::new(variant.kind_by_key(key).unwrap())
        }
    }

    #[test]
    fn every_stance_fights_as_the_stone_standing_so() {
        let game = builtin_variant("domino").unwrap();
        let searched = searched(&game);
        assert_eq!(searched.kinds.len(), 49);
        let options = GameOptions::defaults(&game);
        let stones: Vec<Piece> = game
            .kind_ids()
            .flat_map(|k| {
                [false, true].map(|flipped| Piece {
                    flipped,
                    ..Piece::new(k)
                })
            })
            .collect();
        for &a in &stones {
            for &d in &stones {
                let rules = resolve(&game, &options, a, d);
                let planned = resolve(
                    &searched,
                    &options,
                    Piece::new(kind_of(&game, a)),
                    Piece::new(kind_of(&game, d)),
                );
                assert_eq!(rules, planned, "{a:?} against {d:?}");
            }
        }
    }

    #[test]
    fn the_slayer_and_the_flag_keep_their_parts() {
        let game = builtin_variant("domino").unwrap();
        let searched = searched(&game);
        let options = GameOptions::defaults(&game);
        let zero = kind_of(&game, stone(&game, "0-0", false));
        let six = kind_of(&game, stone(&game, "6-6", false));
        assert!(searched.kind(six).is_flag);
        assert_eq!(
            resolve(&searched, &options, Piece::new(six), Piece::new(zero)),
            BattleResult::DefenderWins
        );
        // A killer attacking with 6 trades with the 6-6 (which loses).
        let six_five = kind_of(&game, stone(&game, "5-6", true));
        assert_eq!(
            resolve(&searched, &options, Piece::new(six_five), Piece::new(six)),
            BattleResult::BothRemoved
        );
    }

    #[test]
    fn an_unseen_stone_stands_either_way_and_a_double_one_way() {
        let game = builtin_variant("domino").unwrap();
        let [(a, pa), (b, pb)] = kinds_of(&game, stone(&game, "2-5", false));
        assert_ne!(a, b);
        assert_eq!((pa, pb), (0.5, 0.5));
        let [(_, p), (_, none)] = kinds_of(&game, stone(&game, "3-3", false));
        assert_eq!((p, none), (1.0, 0.0));
        let classic = builtin_variant("classic").unwrap();
        let marshal = Piece::new(classic.kind_by_key("marshal").unwrap());
        assert_eq!(kind_of(&classic, marshal), marshal.kind);
    }
}
