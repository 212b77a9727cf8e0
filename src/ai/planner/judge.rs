//! How the planner judges a position where its search stops: material
//! (`values.rs`: a steep ladder, a piece the enemy has not seen or that has
//! not moved worth more), the enemy near our flag unless a piece of ours
//! stands in its way (`flag_guard.rs`), our miners and chosen
//! expendables near the enemy's likely flag, and our pieces that beat a
//! seen enemy piece near it.
//! Worked out once a move from the view (`Judge::new`), then for every
//! position the search reaches.

use super::battles::BattleTable;
use super::board::{Board, Odds, Unit, ladder_places};
use super::flag_guard::FlagGuard;
use super::values::{Values, state};
use crate::ai::knowledge::steps::steps_from;
use crate::core::battle::BattleResult;
use crate::core::side::Side;
use crate::core::variant::{KindId, Mobility, Special, Variant};

/// What winning adds to the winner's lead in material (less a little for
/// each ply it takes): about two and a half Marshals. A win worth far more
/// than any lead (10,000) sent the Marshal and General onto unknown pieces
/// for the few hundredths of a chance that one was the flag, and onto bombs
/// in 11 of 19 games each against peternlewis (BENCHMARKS.md, issue 66); the
/// expert, too, weighs a flag as about two Marshals (`win_odds.rs`).
pub const WIN: f32 = 1_000.0;

/// No position is worth more than this, or less than its negative: the
/// search's widest window.
pub const BOUND: f32 = 10_000.0;
/// What a score may reach beyond a win and the larger army's worth (the
/// judge's other terms), before it is cut off at `Judge::limit`.
const MARGIN: f32 = 500.0;

/// An enemy piece that may move, this many steps from our flag, with none
/// of ours in its way (`flag_guard.rs`): seven tenths a step farther out
/// to 8 steps. Halving a step out to 6, a miner walking an empty file
/// counted for little until our nearest defender could no longer come in
/// time (celsius, issue 80).
const FLAG_DANGER: [f32; 9] = [0.0, 80.0, 56.0, 39.0, 27.0, 19.0, 13.0, 9.0, 6.0];
/// How much our miners and chosen expendables gain standing where the
/// enemy's flag probably is, falling by `PULL_FALL` a step; no other piece
/// is drawn forward (moved pieces are what a cautious enemy eats).
const PULL: f32 = 20.0;
const PULL_FALL: f32 = 0.75;
const MINER_PULL: f32 = 3.0;
const EXPENDABLE_PULL: f32 = 1.0;
/// How many low ranks walk toward the enemy's flag besides the miners, and
/// the highest place on the ladder they may come from.
const EXPENDABLES: usize = 2;
const EXPENDABLE_PLACE: usize = 5;
/// How many killers hunt the enemy's 6-6 in a domino game: two can corner
/// it; the rest keep their stealth.
const HUNTERS: usize = 2;
/// A share of a seen enemy piece's worth, for the nearest of our pieces
/// sure to beat it, by the steps between them.
const CHASE: f32 = 0.1;
/// A draw, to the searching player: a little worse than nothing, and the
/// quiet-ply limit presses toward it as it nears.
const DRAW: f32 = -150.0;

pub struct Judge {
    me: Side,
    /// What a win adds, and what a draw is worth (`WIN` and `DRAW`; in a
    /// domino game `domino::WIN` and `domino::DRAW`).
    win: f32,
    draw: f32,
    /// What each kind is worth to each side.
    values: Values,
    /// Steps to our flag from every cell.
    to_our_flag: Vec<u32>,
    /// The ways in to our flag, and where our pieces guard them.
    flag_guard: FlagGuard,
    /// How strongly every cell draws our pulled pieces toward the enemy's flag.
    pull: Vec<f32>,
    /// By unit: how much of the pull it follows (miners and expendables of ours).
    pulled: Vec<f32>,
    quiet_limit: Option<u32>,
    /// No score is beyond this either way: a win and the larger army's
    /// worth with room to spare. Star1 bounds a chance node's outcomes by
    /// it; the closer it is to the truth, the sooner a chance node is cut.
    pub limit: f32,
    /// Our kinds whose battles the quiescence search always plays: the two
    /// top ranks and the spy (in a domino game the 6-6 and the killers).
    pub precious: Vec<bool>,
}

impl Judge {
    pub fn new<const K: usize>(
        variant: &Variant,
        board: &Board<'_, K>,
        table: &BattleTable,
        me: Side,
        quiet_limit: Option<u32>,
    ) -> Judge {
        let places = ladder_places(variant);
        let (values, win, draw) = if variant.is_domino() {
            let values = super::domino::values(variant, board, table);
            (values, super::domino::WIN, super::domino::DRAW)
        } else {
            (Values::new(variant, board, table), WIN, DRAW)
        };
        let our_flags: Vec<_> = board
            .units
            .iter()
            .filter(|u| u.alive() && u.side() == me)
            .filter(|u| u.kind.is_some_and(|k| variant.kind(k).is_flag))
            .map(|u| board.square(u.cell))
            .collect();
        // A domino 6-6 walks and fights: no ways in to guard, and the
        // enemy's killers do not know where it is until they have seen it
        // (its stealth is its guard, `domino::FLAG_STEALTH`).
        let to_our_flag = if our_flags.is_empty() || variant.is_domino() {
            vec![u32::MAX; board.cells.len()]
        } else {
            steps_from(variant, &our_flags, |_| false)
        };
        let mut pull = vec![0.0; board.cells.len()];
        for unit in board.units.iter().filter(|u| u.alive() && u.side() != me) {
            let flag = unit.chance(|k| variant.kind(k).is_flag);
            if flag < 0.02 {
                continue;
            }
            let steps = steps_from(variant, &[board.square(unit.cell)], |_| false);
            for (cell, s) in steps.iter().enumerate() {
                if *s != u32::MAX {
                    pull[cell] += PULL * flag * PULL_FALL.powi(*s as i32);
                }
            }
        }
        // Domino Stratego: only the killers take a 6-6.
        let killers = variant
            .is_domino()
            .then(|| super::domino::killers(variant, table));
        let pulled = pulled_units(variant, board, me, &pull, killers.as_deref());
        let mut army = [0.0f32; 2];
        for unit in board.units.iter().filter(|u| u.alive()) {
            let side = unit.side().index();
            let at = state(false, false);
            army[side] += match unit.kind {
                Some(k) => values.value[side][at][k.0 as usize],
                None => expected(&unit.odds, &values.value[side][at]),
            };
        }
        let precious = match &killers {
            Some(killers) => variant
                .kinds
                .iter()
                .zip(killers)
                .map(|(kind, &killer)| kind.is_flag || killer)
                .collect(),
            None => variant
                .kinds
                .iter()
                .enumerate()
                .map(|(k, kind)| {
                    kind.special == Special::Spy
                        || (kind.special == Special::None
                            && kind.mobility != Mobility::Immobile
                            && places[k].is_some_and(|p| p < 2))
                })
                .collect(),
        };
        Judge {
            me,
            win,
            draw,
            values,
            to_our_flag,
            flag_guard: FlagGuard::new(variant, board, me),
            pull,
            pulled,
            quiet_limit,
            limit: (win + army[0].max(army[1]) + MARGIN).min(BOUND),
            precious,
        }
    }

    /// What the attacker's side expects to gain in worth from the battle
    /// `step` starts, by the hidden pieces' odds and the share of the
    /// attacker that would attack (`BattleTable::share`: none of a hidden
    /// kind that would lose to a piece it knows).
    pub fn attack_gain<const K: usize>(
        &self,
        board: &Board<'_, K>,
        table: &BattleTable,
        step: super::board::Step,
    ) -> f32 {
        let (Some(attacker), Some(defender)) = (board.unit_at(step.from), board.unit_at(step.to))
        else {
            return 0.0;
        };
        let (a_side, d_side) = (attacker.side().index(), defender.side().index());
        let mut gain = 0.0;
        for (a, pa) in attacker.kinds() {
            for (d, pd) in defender.kinds() {
                let (won, lost) = match table.result(a, d) {
                    BattleResult::AttackerWins => (self.values.worth[d_side][d.0 as usize], 0.0),
                    BattleResult::DefenderWins => (0.0, self.values.worth[a_side][a.0 as usize]),
                    BattleResult::BothRemoved => (
                        self.values.worth[d_side][d.0 as usize],
                        self.values.worth[a_side][a.0 as usize],
                    ),
                };
                gain += pa * pd * table.share(attacker, defender, a, d) * (won - lost);
            }
        }
        gain
    }

    /// Whether the battle `step` starts puts one of our precious pieces
    /// at stake (`precious`).
    pub fn touches_precious<const K: usize>(
        &self,
        board: &Board<'_, K>,
        step: super::board::Step,
    ) -> bool {
        [step.from, step.to].into_iter().any(|cell| {
            board.unit_at(cell).is_some_and(|u| {
                u.side() == self.me && u.kind.is_some_and(|k| self.precious[k.0 as usize])
            })
        })
    }

    /// The score of `board` for the side to move.
    pub fn score<const K: usize>(&self, board: &Board<'_, K>, table: &BattleTable) -> f32 {
        let mine = self
            .score_for_me(board, table)
            .clamp(-self.limit, self.limit);
        if board.to_move == self.me {
            mine
        } else {
            -mine
        }
    }

    /// A game that ended, for the side to move: the winner's lead, at
    /// least nothing, and a win's worth; sooner wins counting more.
    pub fn ended<const K: usize>(
        &self,
        board: &Board<'_, K>,
        table: &BattleTable,
        winner: Option<Side>,
        ply: u32,
    ) -> f32 {
        let lead = self.score_for_me(board, table);
        let mine = match winner {
            Some(side) if side == self.me => lead.max(0.0) + self.win - ply as f32,
            Some(_) => lead.min(0.0) - self.win + ply as f32,
            None => self.draw,
        }
        .clamp(-self.limit, self.limit);
        if board.to_move == self.me {
            mine
        } else {
            -mine
        }
    }

    fn score_for_me<const K: usize>(&self, board: &Board<'_, K>, table: &BattleTable) -> f32 {
        let mut total = 0.0;
        let mut seen_enemies = Few::default();
        let mut seen_mine = Few::default();
        let mut mine = Few::default();
        let mut walkers: Few<&Unit<K>> = Few::default();
        for (index, unit) in board.units.iter().enumerate().filter(|(_, u)| u.alive()) {
            let side = unit.side().index();
            let ours = unit.side() == self.me;
            let values = &self.values.value[side][state(unit.moved, unit.revealed)];
            let value = match unit.kind {
                Some(k) => {
                    let k_at = k.0 as usize;
                    if ours && board.mobility[k_at] != Mobility::Immobile {
                        mine.push((unit, k));
                        if unit.revealed {
                            seen_mine.push((unit, k));
                        }
                    } else if board.mobility[k_at] != Mobility::Immobile {
                        seen_enemies.push((unit, k));
                    }
                    values[k_at]
                }
                None => expected(&unit.odds, values),
            };
            if ours {
                total += value + self.pull[unit.cell as usize] * self.pulled[index];
            } else {
                total -= value;
                if (self.to_our_flag[unit.cell as usize] as usize) < FLAG_DANGER.len() {
                    walkers.push(unit);
                }
            }
        }
        // Enemy pieces near our flag, less what our pieces in their way cover.
        if walkers.len > 0 {
            let posts = self.flag_guard.posts(mine.items());
            for walker in walkers.items() {
                let moves = board.movable(walker) * if walker.moved { 1.0 } else { 0.5 };
                total -= self
                    .flag_guard
                    .danger_left(board, table, walker, &posts, |steps| {
                        FLAG_DANGER.get(steps).map_or(0.0, |d| d * moves)
                    });
            }
        }
        // Hunters and the hunted: the nearest sure winner against each seen piece.
        let enemy = self.me.opponent().index();
        let me = self.me.index();
        for &(prey, prey_kind) in seen_enemies.items() {
            if let Some(steps) = nearest(board, mine.items(), prey, |k| {
                table.result(k, prey_kind) == BattleResult::AttackerWins
            }) {
                total += CHASE * self.values.worth[enemy][prey_kind.0 as usize] / (1.0 + steps);
            }
        }
        for &(prey, prey_kind) in seen_mine.items() {
            if let Some(steps) = nearest(board, seen_enemies.items(), prey, |k| {
                table.result(k, prey_kind) == BattleResult::AttackerWins
            }) {
                total -= CHASE * self.values.worth[me][prey_kind.0 as usize] / (1.0 + steps);
            }
        }
        if let Some(limit) = self.quiet_limit {
            let share = (board.quiet as f32 / limit.max(1) as f32).min(1.0).powi(3);
            total += share * self.draw;
        }
        total
    }
}

/// Up to a side's pieces (with their kinds, where known), kept on the
/// stack: the judge runs at every position the search stops at.
struct Few<T> {
    items: [Option<T>; FEW],
    len: usize,
}

const FEW: usize = 64;

impl<T: Copy> Default for Few<T> {
    fn default() -> Self {
        Few {
            items: [None; FEW],
            len: 0,
        }
    }
}

impl<T: Copy> Few<T> {
    fn push(&mut self, item: T) {
        if self.len < FEW {
            self.items[self.len] = Some(item);
            self.len += 1;
        }
    }

    fn items(&self) -> impl Iterator<Item = &T> + Clone {
        self.items[..self.len].iter().flatten()
    }
}

/// A hidden piece's value to its side, by its odds.
fn expected<const K: usize>(odds: &Odds<K>, value: &[f32]) -> f32 {
    odds.iter().zip(value).map(|(p, v)| p * v).sum()
}

/// By unit: how much of the pull toward the enemy's flag each of `me`'s
/// pieces follows: every miner, and the `EXPENDABLES` lowest plain ranks
/// that step (no scouts: they probe), the nearest the flag first; in a
/// domino game the `HUNTERS` killers (by kind, `killers`) nearest it, as
/// miners.
fn pulled_units<const K: usize>(
    variant: &Variant,
    board: &Board<'_, K>,
    me: Side,
    pull: &[f32],
    killers: Option<&[bool]>,
) -> Vec<f32> {
    let places = ladder_places(variant);
    let mut pulled = vec![0.0; board.units.len()];
    if let Some(killers) = killers {
        // The hunters: the killers that stand where the pull is strongest,
        // unseen ones first (the 6-6 dares not take what it cannot tell).
        let mut hunters: Vec<(usize, bool, f32)> = board
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.alive() && u.side() == me)
            .filter(|(_, u)| u.kind.is_some_and(|k| killers[k.0 as usize]))
            .map(|(index, u)| (index, u.revealed, pull[u.cell as usize]))
            .collect();
        hunters.sort_by(|a, b| a.1.cmp(&b.1).then(b.2.total_cmp(&a.2)));
        for (index, _, _) in hunters.into_iter().take(HUNTERS) {
            pulled[index] = MINER_PULL;
        }
        return pulled;
    }
    let mut expendables: Vec<(usize, usize, f32)> = Vec::new();
    for (index, unit) in board.units.iter().enumerate() {
        let Some(k) = unit.kind.filter(|_| unit.alive() && unit.side() == me) else {
            continue;
        };
        let kind = variant.kind(k);
        match (kind.special, kind.mobility, places[k.0 as usize]) {
            (Special::Miner, _, _) => pulled[index] = MINER_PULL,
            (Special::None, Mobility::Step, Some(place)) if place >= EXPENDABLE_PLACE => {
                expendables.push((index, place, pull[unit.cell as usize]));
            }
            _ => {}
        }
    }
    expendables.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    for (index, _, _) in expendables.into_iter().take(EXPENDABLES) {
        pulled[index] = EXPENDABLE_PULL;
    }
    pulled
}

/// Steps (along rows and columns) from `target` to the nearest of `hunters`
/// whose kind `wins` accepts.
fn nearest<'a, const K: usize>(
    board: &Board<'_, K>,
    hunters: impl Iterator<Item = &'a (&'a Unit<K>, KindId)>,
    target: &Unit<K>,
    wins: impl Fn(KindId) -> bool,
) -> Option<f32> {
    let at = board.square(target.cell);
    hunters
        .filter(|(_, k)| wins(*k))
        .map(|(u, _)| board.square(u.cell).distance(at))
        .min()
        .map(|d| d as f32)
}
