//! What the planner weighs in Domino Stratego, where the kinds are the
//! ways a stone stands (`stances.rs`): a stone is worth its two numbers;
//! the 6-6 is the flag, which only the 0-0 and the stones attacking with
//! 6 ("killers") can take, so each side's killers are worth most, the
//! last one nearly the game, and more while the enemy has not seen them;
//! and the 6-6 while the enemy has not found it is worth a great deal.
//! The stones' worth and the last killer's are the expert's
//! (`ai/knowledge/domino.rs`, tuned against `best`); the other killers
//! keep more of it than the expert's do, so that the planner does not
//! trade them away early and end with none (draws with our 6-6 and a few
//! plain stones against the enemy's 6-6).

use super::battles::BattleTable;
use super::board::Board;
use super::values::{Values, state};
use crate::core::battle::BattleResult;
use crate::core::side::Side;
use crate::core::variant::{KindId, Mobility, Variant};

/// What a win adds to the lead: about a whole army's stones. Worth a
/// thousand as in the rank games, a one-in-24 chance that an unknown stone
/// is the 6-6 would outweigh any stone, and the 0-0 (which beats nothing
/// else) would throw itself at every one (as `best`'s did before its
/// restraint: it died on 42 unknown stones in 80 games and found the 6-6
/// once).
pub const WIN: f32 = 150.0;
/// A draw (both 6-6s fallen, or the quiet-ply limit): a little worse
/// than nothing, as in the rank games.
pub const DRAW: f32 = -30.0;
/// A stone's worth: one, and four fifths a pip (the expert's).
const BASE: f32 = 1.0;
const PER_PIP: f32 = 0.8;
/// The last killer a side has; each one more is worth `KILLER_FALL` as
/// much again.
const KILLER: f32 = 30.0;
const KILLER_FALL: f32 = 0.75;
/// The share of a killer's premium that is its stealth: a killer the
/// enemy has seen gets attacked or dodged (the expert counts a fifth).
const KILLER_STEALTH: f32 = 0.8;
/// Our 6-6 unfound: the enemy's killers cannot hunt it (the expert's hunt
/// counts four times as much a step once the 6-6 is seen).
const FLAG_STEALTH: f32 = 40.0;

/// By kind: whether it can take an enemy flag (a killer: the 0-0 or a
/// stone attacking with 6; not the flag itself, whose trade draws).
pub fn killers(variant: &Variant, table: &BattleTable) -> Vec<bool> {
    let flags: Vec<KindId> = variant
        .kind_ids()
        .filter(|&k| variant.kind(k).is_flag)
        .collect();
    variant
        .kind_ids()
        .map(|k| {
            let kind = variant.kind(k);
            !kind.is_flag
                && kind.mobility != Mobility::Immobile
                && flags
                    .iter()
                    .any(|&f| table.result(k, f) != BattleResult::DefenderWins)
        })
        .collect()
}

/// What each stance is worth to each side on `board`.
pub fn values<const K: usize>(
    variant: &Variant,
    board: &Board<'_, K>,
    table: &BattleTable,
) -> Values {
    let kinds = variant.kinds.len();
    let killer = killers(variant, table);
    let mut left = [0.0f32; 2];
    for unit in board.units.iter().filter(|u| u.alive()) {
        left[unit.side().index()] += unit.chance(|k| killer[k.0 as usize]);
    }
    let mut worth = [vec![0.0; kinds], vec![0.0; kinds]];
    let mut value: [[Vec<f32>; 4]; 2] =
        std::array::from_fn(|_| std::array::from_fn(|_| vec![0.0; kinds]));
    for side in Side::BOTH {
        let s = side.index();
        // The marginal worth of a killer, with as many left as the side has.
        let premium = KILLER * KILLER_FALL.powf((left[s] - 1.0).max(0.0));
        for (k, kind) in variant.kinds.iter().enumerate() {
            let (attack, defense) = kind.pips.unwrap_or_default();
            let stone = BASE + PER_PIP * f32::from(attack + defense);
            // What a battle takes; what the piece adds while the enemy
            // has not seen it, and once it has.
            let (w, unseen, seen) = if kind.is_flag {
                (0.0, FLAG_STEALTH, 0.0)
            } else if killer[k] {
                let w = stone + premium;
                (w, w, w - premium * KILLER_STEALTH)
            } else {
                (stone, stone, stone)
            };
            worth[s][k] = w;
            for moved in [false, true] {
                value[s][state(moved, false)][k] = unseen;
                value[s][state(moved, true)][k] = seen;
            }
        }
    }
    Values { worth, value }
}

#[cfg(test)]
mod tests {
    use super::super::battles::BattleTable;
    use super::super::board::{Board, DOMINO_KINDS, Odds, Step, Unit};
    use super::super::judge::Judge;
    use super::super::moves::moves_of;
    use super::super::search::{Searcher, Table};
    use super::super::stances;
    use super::super::willing::Willingness;
    use super::super::zobrist::Zobrist;
    use super::*;
    use crate::core::options::GameOptions;
    use crate::core::piece::PieceId;
    use crate::core::square::Square;
    use crate::core::variant::builtin_variant;
    use std::sync::LazyLock;

    static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(Zobrist::new);

    fn searched() -> Variant {
        stances::searched(&builtin_variant("domino").unwrap()).into_owned()
    }

    /// The stance attacking with `attack` over `defense`.
    fn stance(v: &Variant, attack: u8, defense: u8) -> KindId {
        v.kind_ids()
            .find(|&k| v.kind(k).pips == Some((attack, defense)))
            .unwrap()
    }

    /// A unit of `side` on `square`: of `known` stance, or hidden with
    /// even odds over `maybe`. Blue's known stones are ones Red has seen.
    fn unit(
        v: &Variant,
        (side, index): (Side, u8),
        square: &str,
        known: Option<(u8, u8)>,
        maybe: &[(u8, u8)],
    ) -> Unit<DOMINO_KINDS> {
        let square: Square = square.parse().unwrap();
        let mut odds: Odds<DOMINO_KINDS> = [0.0; DOMINO_KINDS];
        for &(a, d) in maybe {
            odds[stance(v, a, d).0 as usize] = 1.0 / maybe.len() as f32;
        }
        Unit {
            id: PieceId { side, index },
            cell: square.row * v.board.columns + square.col,
            kind: known.map(|(a, d)| stance(v, a, d)),
            odds,
            moved: true,
            revealed: known.is_some() && side == Side::Blue,
        }
    }

    fn table(v: &Variant) -> BattleTable {
        BattleTable::new(v, &GameOptions::defaults(v))
            .with_willingness(Willingness::new(v, Side::Blue))
    }

    fn step(board: &Board<'_, DOMINO_KINDS>, from: &str, to: &str) -> Step {
        Step {
            from: board.cell(from.parse().unwrap()),
            to: board.cell(to.parse().unwrap()),
        }
    }

    /// Red's 6-6 at d4 attacks Blue's seen stone at d5; who won the game.
    fn six_six_attacks(blue: (u8, u8)) -> Option<Option<Side>> {
        let v = searched();
        let units = vec![
            unit(&v, (Side::Red, 0), "d4", Some((6, 6)), &[]),
            unit(&v, (Side::Red, 1), "a1", Some((2, 3)), &[]),
            unit(&v, (Side::Blue, 0), "d5", Some(blue), &[]),
            unit(&v, (Side::Blue, 1), "h10", Some((1, 2)), &[]),
        ];
        let mut board = Board::new(&v, units, Side::Red, 0, &ZOBRIST);
        let outcomes = table(&v).outcomes(&board, step(&board, "d4", "d5"));
        assert_eq!(outcomes.len(), 1);
        board.make_battle(step(&board, "d4", "d5"), &outcomes[0]);
        board.winner
    }

    #[test]
    fn a_six_six_that_ties_attacking_loses_and_one_that_meets_the_other_draws() {
        assert_eq!(six_six_attacks((2, 5)), None, "6 beats a defense of 5");
        assert_eq!(six_six_attacks((3, 6)), Some(Some(Side::Blue)));
        assert_eq!(six_six_attacks((0, 0)), Some(Some(Side::Blue)));
        assert_eq!(six_six_attacks((6, 6)), Some(None));
    }

    /// Red's move on `units` (Red to move) within 20,000 nodes.
    fn red_move(v: &Variant, units: Vec<Unit<DOMINO_KINDS>>) -> Step {
        let mut board = Board::new(v, units, Side::Red, 0, &ZOBRIST);
        let table = table(v);
        let judge = Judge::new(v, &board, &table, Side::Red, None);
        let mut root = Vec::new();
        moves_of(&board, Side::Red, false, &mut root);
        let never = || false;
        let found =
            Searcher::new(&mut board, (&table, &judge), Table::new(), 20_000, &never).run(root);
        found.best.unwrap()
    }

    /// Every stance but the doubles' (Blue's stones, unseen).
    fn any_stone() -> Vec<(u8, u8)> {
        (0..7u8)
            .flat_map(|a| (0..7u8).map(move |d| (a, d)))
            .filter(|(a, d)| a != d || *a == 6)
            .collect()
    }

    #[test]
    fn a_killer_takes_the_six_six_it_found() {
        let v = searched();
        let units = vec![
            unit(&v, (Side::Red, 0), "d4", Some((6, 2)), &[]),
            unit(&v, (Side::Red, 1), "a1", Some((6, 6)), &[]),
            unit(&v, (Side::Blue, 0), "d5", Some((6, 6)), &[]),
            unit(&v, (Side::Blue, 1), "c4", Some((5, 5)), &[]),
            unit(&v, (Side::Blue, 2), "h10", None, &any_stone()),
        ];
        let board = Board::new(&v, Vec::new(), Side::Red, 0, &ZOBRIST);
        assert_eq!(red_move(&v, units), step(&board, "d4", "d5"));
    }

    /// Mechanism: a win worth about an army (`WIN`), not a thousand. The
    /// 0-0 beats only the 6-6; against an unseen stone that is the 6-6
    /// one time in 43 it dies the rest, and a win worth a thousand paid
    /// for the gamble.
    #[test]
    fn the_zero_zero_does_not_gamble_on_an_unseen_stone() {
        let v = searched();
        let units = vec![
            unit(&v, (Side::Red, 0), "d4", Some((0, 0)), &[]),
            unit(&v, (Side::Red, 1), "a1", Some((6, 6)), &[]),
            unit(&v, (Side::Red, 2), "h1", Some((6, 1)), &[]),
            unit(&v, (Side::Blue, 0), "d5", None, &any_stone()),
            unit(&v, (Side::Blue, 1), "h10", None, &any_stone()),
        ];
        let board = Board::new(&v, Vec::new(), Side::Red, 0, &ZOBRIST);
        assert_ne!(red_move(&v, units), step(&board, "d4", "d5"));
    }
}
