//! Our flag's guard: how much of the danger of an enemy piece walking to
//! our flag is left while a piece of ours that stops it stands in its way
//! in time. An enemy piece takes a flag by stepping onto it from a square
//! beside it (a way in); a way in that holds one of our bombs is entered
//! only by defusing the bomb from a square beside it, so our pieces guard
//! that way from those squares. The search sees a walk to our flag only
//! within its few plies; without this, nothing drew a defender home
//! before the walker was beside the flag (celsius's miners took our flag
//! in both its wins over 20 games against P2, walking in while our pieces
//! were elsewhere: issue 80).
//! Worked out once a move from our flags and bombs as they stand (a bomb
//! a miner defuses within the search still counts as standing).

use super::battles::BattleTable;
use super::board::{Board, Unit};
use crate::ai::knowledge::steps::steps_from;
use crate::core::battle::BattleResult;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{KindId, Mobility, Variant};

/// How much of a walker's danger a sure stopper in time takes away.
const COVER: f32 = 0.75;
/// A defender is in time when it reaches its post this many moves before
/// the walker would step onto the flag: by then the walker stands on the
/// way in (or beside the bomb there), and the defender attacks it from
/// its post before the walker's next move.
const IN_TIME: u32 = 2;
/// How many steps too late a defender may be before it covers nothing;
/// between, it covers less the later it comes, so a defender too far to
/// come in time still gains by coming nearer.
const LATE: f32 = 4.0;

/// One way in to one of our flags.
struct Way {
    /// Steps from every cell to this way in, round lakes only (an enemy
    /// walker's route: a miner defuses what stands in its way).
    walker: Vec<u32>,
    /// Steps from every cell to where our pieces guard this way in (the
    /// way in itself, or beside it when it holds our bomb), round lakes
    /// and our bombs and flags.
    guard: Vec<u32>,
}

/// The most ways in counted: four round each of two flags.
const MAX_WAYS: usize = 8;

/// The ways in to our flags (the first `MAX_WAYS`).
pub struct FlagGuard {
    ways: Vec<Way>,
}

impl FlagGuard {
    /// For `me`'s flags and bombs on `board` (our own pieces, whose kinds
    /// we know and which never move).
    pub fn new<const K: usize>(variant: &Variant, board: &Board<'_, K>, me: Side) -> FlagGuard {
        let ours = |square: Square| {
            board
                .unit_at(board.cell(square))
                .filter(|u| u.side() == me)
                .and_then(|u| u.kind)
        };
        let is_flag = |square: Square| ours(square).is_some_and(|k| variant.kind(k).is_flag);
        let is_bomb = |square: Square| {
            ours(square).is_some_and(|k| {
                let kind = variant.kind(k);
                kind.mobility == Mobility::Immobile && !kind.is_flag
            })
        };
        let fixed = |square: Square| is_flag(square) || is_bomb(square);
        let grid = &variant.board;
        let mut ways = Vec::new();
        for flag in grid.squares().filter(|&s| is_flag(s)) {
            for way in grid.neighbours(flag).filter(|&w| !grid.is_blocked(w)) {
                if is_flag(way) {
                    continue;
                }
                let posts: Vec<Square> = if is_bomb(way) {
                    grid.neighbours(way)
                        .filter(|&s| !grid.is_blocked(s) && !fixed(s))
                        .collect()
                } else {
                    vec![way]
                };
                ways.push(Way {
                    walker: steps_from(variant, &[way], |_| false),
                    guard: steps_from(variant, &posts, fixed),
                });
            }
        }
        ways.truncate(MAX_WAYS);
        FlagGuard { ways }
    }

    /// For each way in (up to `MAX_WAYS`) and each of our kinds, the
    /// steps to its post of the nearest of our `defenders` of that kind:
    /// worked out once a position, for all the walkers in it.
    pub fn posts<'a, const K: usize>(
        &self,
        defenders: impl Iterator<Item = &'a (&'a Unit<K>, KindId)>,
    ) -> Posts<K> {
        let mut posts = Posts {
            steps: [[u32::MAX; K]; MAX_WAYS],
        };
        for (defender, kind) in defenders {
            for (way, nearest) in self.ways.iter().zip(posts.steps.iter_mut()) {
                let steps = way.guard[defender.cell as usize];
                let slot = &mut nearest[kind.0 as usize];
                *slot = (*slot).min(steps);
            }
        }
        posts
    }

    /// `danger(steps)` for the enemy `walker`, `steps` from our flag by its
    /// nearest way in, less what our pieces (`posts`) cover of it: by the
    /// way in where the danger left is greatest. A kind's timing is read
    /// before its chance to stop the walker, which is worked out once.
    pub fn danger_left<const K: usize>(
        &self,
        board: &Board<'_, K>,
        table: &BattleTable,
        walker: &Unit<K>,
        posts: &Posts<K>,
        danger: impl Fn(usize) -> f32,
    ) -> f32 {
        let at = walker.cell as usize;
        let mut stops: [Option<f32>; K] = [None; K];
        let mut worst: f32 = 0.0;
        for (way, nearest) in self.ways.iter().zip(&posts.steps) {
            let steps = way.walker[at];
            if steps == u32::MAX {
                continue;
            }
            let arrives = steps + 1;
            let full = danger(arrives as usize);
            if full <= worst {
                continue;
            }
            let mut cover: f32 = 0.0;
            for (kind, guard) in nearest.iter().enumerate() {
                let late = guard.saturating_add(IN_TIME).saturating_sub(arrives);
                let timely = 1.0 - late as f32 / LATE;
                if timely <= cover {
                    continue;
                }
                let stop = *stops[kind]
                    .get_or_insert_with(|| stop_chance(board, table, KindId(kind as u8), walker));
                cover = cover.max(timely * stop);
            }
            worst = worst.max(full * (1.0 - COVER * cover));
        }
        worst
    }
}

/// By way in and by our kind: the steps of our nearest piece of that kind
/// to the way's post (`FlagGuard::posts`).
pub struct Posts<const K: usize> {
    steps: [[u32; K]; MAX_WAYS],
}

/// The chance our piece of kind `ours` beats or trades with the enemy
/// `walker`, attacking it, by what we know of the walker's kind, given
/// that it moves.
fn stop_chance<const K: usize>(
    board: &Board<'_, K>,
    table: &BattleTable,
    ours: KindId,
    walker: &Unit<K>,
) -> f32 {
    walker
        .kinds()
        .filter(|(k, _)| board.mobility[k.0 as usize] != Mobility::Immobile)
        .filter(|(k, _)| table.result(ours, *k) != BattleResult::DefenderWins)
        .map(|(_, p)| p)
        .sum::<f32>()
        / board.movable(walker).max(f32::EPSILON)
}
