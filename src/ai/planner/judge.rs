//! How the planner judges a position where its search stops: material on a
//! scale that makes the top ranks precious, a piece the enemy has not seen
//! worth more than one it has, the enemy near our flag, our pieces near the
//! enemy's likely flag, and our pieces that beat a seen enemy piece near it.
//! Worked out once a move from the view (`Judge::new`), then for every
//! position the search reaches.

use super::battles::BattleTable;
use super::board::{Board, MAX_KINDS, Odds, Unit};
use crate::ai::knowledge::steps::steps_from;
use crate::core::battle::BattleResult;
use crate::core::side::Side;
use crate::core::variant::{Combat, KindId, Mobility, Special, Variant};

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

/// The worth of the ranks from the top down: the Marshal twice the
/// General, and a long tail.
const LADDER: [f32; 12] = [
    400.0, 200.0, 120.0, 80.0, 50.0, 35.0, 25.0, 15.0, 10.0, 8.0, 6.0, 5.0,
];
const BOMB: f32 = 10.0;
/// The spy while the enemy piece it takes stands, and after.
const SPY_IN_WORK: f32 = 100.0;
const SPY_IDLE: f32 = 10.0;
/// The top rank's worth while the enemy spy may still take it.
const TOP_UNDER_SPY: f32 = 0.85;
/// What each enemy bomb left adds to each of our miners (at most `MINER_CAP`).
const MINER_PER_BOMB: f32 = 6.0;
const MINER_CAP: f32 = 40.0;
/// How much more a piece is worth while the enemy does not know it: a share
/// of its worth for the three top ranks, half the spy's (its worth is in
/// its stealth), a little for the rest. A hidden enemy piece that fought in
/// the search loses its share, as it would be identified: so finding its
/// top ranks or spy pays for a probe (a scout is worth 10).
const UNSEEN_TOP: f32 = 0.2;
const UNSEEN_SPY: f32 = 0.5;
const UNSEEN_REST: f32 = 0.05;
/// No premium, for a piece that is known.
const SEEN: [f32; MAX_KINDS] = [0.0; MAX_KINDS];
/// An unmoved piece may be a bomb to the enemy.
const UNMOVED: f32 = 1.0;
/// An enemy piece that may move, this many steps from our flag.
const FLAG_DANGER: [f32; 7] = [0.0, 80.0, 40.0, 20.0, 10.0, 5.0, 2.0];
/// How much our piece gains standing where the enemy's flag probably is,
/// falling by `PULL_FALL` a step.
const PULL: f32 = 20.0;
const PULL_FALL: f32 = 0.75;
/// A share of a seen enemy piece's worth, for the nearest of our pieces
/// sure to beat it, by the steps between them.
const CHASE: f32 = 0.1;
/// A draw, to the searching player: a little worse than nothing, and the
/// quiet-ply limit presses toward it as it nears.
const DRAW: f32 = -150.0;

pub struct Judge {
    me: Side,
    /// By side, then kind.
    worth: [[f32; MAX_KINDS]; 2],
    unseen: [[f32; MAX_KINDS]; 2],
    /// Steps to our flag from every cell.
    to_our_flag: Vec<u32>,
    /// How strongly every cell draws our pieces toward the enemy's flag.
    pull: Vec<f32>,
    /// How much of the pull each of our kinds follows.
    follows: [f32; MAX_KINDS],
    quiet_limit: Option<u32>,
    /// No score is beyond this either way: a win and the larger army's
    /// worth with room to spare. Star1 bounds a chance node's outcomes by
    /// it; the closer it is to the truth, the sooner a chance node is cut.
    pub limit: f32,
    /// Our kinds whose battles the quiescence search always plays: the two
    /// top ranks and the spy.
    pub precious: [bool; MAX_KINDS],
}

impl Judge {
    pub fn new(variant: &Variant, board: &Board, me: Side, quiet_limit: Option<u32>) -> Judge {
        let kinds = variant.kinds.len().min(MAX_KINDS);
        let mut ranks: Vec<i32> = variant
            .kinds
            .iter()
            .filter(|k| matches!(k.special, Special::None | Special::Miner))
            .filter(|k| k.mobility != Mobility::Immobile)
            .map(|k| k.rank)
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        ranks.dedup();
        let ladder = |rank: i32| {
            let place = ranks
                .iter()
                .position(|r| *r == rank)
                .unwrap_or(LADDER.len());
            LADDER[place.min(LADDER.len() - 1)]
        };
        let spy_target = match variant.combat {
            Combat::Rank { spy_target, .. } => spy_target,
            Combat::Domino { .. } => None,
        };
        let alive = |side: Side, keep: &dyn Fn(KindId) -> bool| -> f32 {
            board
                .units
                .iter()
                .filter(|u| u.alive() && u.side() == side)
                .map(|u| u.chance(keep))
                .sum()
        };
        let mut worth = [[0.0; MAX_KINDS]; 2];
        let mut unseen = [[0.0; MAX_KINDS]; 2];
        for side in Side::BOTH {
            let enemy = side.opponent();
            let enemy_spy = alive(enemy, &|k| variant.kind(k).special == Special::Spy).min(1.0);
            let target_alive = spy_target.map_or(0.0, |t| alive(enemy, &|k| k == t).min(1.0));
            let enemy_bombs = alive(enemy, &|k| variant.kind(k).special == Special::Bomb);
            let miners = alive(side, &|k| variant.kind(k).special == Special::Miner).max(1.0);
            for k in 0..kinds {
                let kind = &variant.kinds[k];
                let mut w = match kind.special {
                    _ if kind.is_flag => 0.0,
                    Special::Bomb => BOMB,
                    Special::Spy => SPY_IDLE + (SPY_IN_WORK - SPY_IDLE) * target_alive,
                    Special::Miner => {
                        ladder(kind.rank) + (MINER_PER_BOMB * enemy_bombs / miners).min(MINER_CAP)
                    }
                    _ => ladder(kind.rank),
                };
                if Some(KindId(k as u8)) == spy_target {
                    w *= 1.0 - (1.0 - TOP_UNDER_SPY) * enemy_spy;
                }
                worth[side.index()][k] = w;
                let top =
                    ranks.iter().take(3).any(|r| *r == kind.rank) && kind.special == Special::None;
                unseen[side.index()][k] = w * match kind.special {
                    Special::Spy => UNSEEN_SPY,
                    _ if top => UNSEEN_TOP,
                    _ => UNSEEN_REST,
                };
            }
        }
        let our_flags: Vec<_> = board
            .units
            .iter()
            .filter(|u| u.alive() && u.side() == me)
            .filter(|u| u.kind.is_some_and(|k| variant.kind(k).is_flag))
            .map(|u| board.square(u.cell))
            .collect();
        let to_our_flag = if our_flags.is_empty() {
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
        let mut follows = [0.0; MAX_KINDS];
        for (k, kind) in variant.kinds.iter().take(kinds).enumerate() {
            follows[k] = match kind.special {
                _ if kind.mobility == Mobility::Immobile => 0.0,
                Special::Miner => 3.0,
                Special::Spy => 0.0,
                _ if ranks.iter().take(2).any(|r| *r == kind.rank) => 0.3,
                _ => 1.0,
            };
        }
        let mut army = [0.0f32; 2];
        for unit in board.units.iter().filter(|u| u.alive()) {
            let side = unit.side().index();
            army[side] += UNMOVED
                + match unit.kind {
                    Some(k) => worth[side][k.0 as usize] + unseen[side][k.0 as usize],
                    None => expected(&unit.odds, &worth[side], &unseen[side]),
                };
        }
        let mut precious = [false; MAX_KINDS];
        for (k, kind) in variant.kinds.iter().take(kinds).enumerate() {
            precious[k] = kind.special == Special::Spy
                || (kind.special == Special::None
                    && kind.mobility != Mobility::Immobile
                    && ranks.iter().take(2).any(|r| *r == kind.rank));
        }
        Judge {
            me,
            worth,
            unseen,
            to_our_flag,
            pull,
            follows,
            quiet_limit,
            limit: (WIN + army[0].max(army[1]) + MARGIN).min(BOUND),
            precious,
        }
    }

    /// What the attacker's side expects to gain in worth from the battle
    /// `step` starts, by the hidden pieces' odds and the share of the
    /// attacker that would attack (`BattleTable::share`: none of a hidden
    /// kind that would lose to a piece it knows).
    pub fn attack_gain(&self, board: &Board, table: &BattleTable, step: super::board::Step) -> f32 {
        let (Some(attacker), Some(defender)) = (board.unit_at(step.from), board.unit_at(step.to))
        else {
            return 0.0;
        };
        let (a_side, d_side) = (attacker.side().index(), defender.side().index());
        let mut gain = 0.0;
        for (a, pa) in attacker.kinds() {
            for (d, pd) in defender.kinds() {
                let (won, lost) = match table.result(a, d) {
                    BattleResult::AttackerWins => (self.worth[d_side][d.0 as usize], 0.0),
                    BattleResult::DefenderWins => (0.0, self.worth[a_side][a.0 as usize]),
                    BattleResult::BothRemoved => (
                        self.worth[d_side][d.0 as usize],
                        self.worth[a_side][a.0 as usize],
                    ),
                };
                gain += pa * pd * table.share(attacker, defender, a, d) * (won - lost);
            }
        }
        gain
    }

    /// Whether the battle `step` starts puts one of our precious pieces
    /// at stake (`precious`).
    pub fn touches_precious(&self, board: &Board, step: super::board::Step) -> bool {
        [step.from, step.to].into_iter().any(|cell| {
            board.unit_at(cell).is_some_and(|u| {
                u.side() == self.me && u.kind.is_some_and(|k| self.precious[k.0 as usize])
            })
        })
    }

    /// The score of `board` for the side to move.
    pub fn score(&self, board: &Board, table: &BattleTable) -> f32 {
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
    /// least nothing, and `WIN`; sooner wins counting more.
    pub fn ended(&self, board: &Board, table: &BattleTable, winner: Option<Side>, ply: u32) -> f32 {
        let lead = self.score_for_me(board, table);
        let mine = match winner {
            Some(side) if side == self.me => lead.max(0.0) + WIN - ply as f32,
            Some(_) => lead.min(0.0) - WIN + ply as f32,
            None => DRAW,
        }
        .clamp(-self.limit, self.limit);
        if board.to_move == self.me {
            mine
        } else {
            -mine
        }
    }

    fn score_for_me(&self, board: &Board, table: &BattleTable) -> f32 {
        let mut total = 0.0;
        let mut seen_enemies = Few::default();
        let mut seen_mine = Few::default();
        let mut mine = Few::default();
        for unit in board.units.iter().filter(|u| u.alive()) {
            let side = unit.side().index();
            let ours = unit.side() == self.me;
            let value = match unit.kind {
                Some(k) => {
                    let k_at = k.0 as usize;
                    let mut w = self.worth[side][k_at];
                    if !unit.revealed {
                        w += self.unseen[side][k_at];
                    }
                    if ours && board.mobility[k_at] != Mobility::Immobile {
                        mine.push((unit, k));
                        if unit.revealed {
                            seen_mine.push((unit, k));
                        }
                    } else if board.mobility[k_at] != Mobility::Immobile {
                        seen_enemies.push((unit, k));
                    }
                    w
                }
                None if unit.revealed => expected(&unit.odds, &self.worth[side], &SEEN),
                None => expected(&unit.odds, &self.worth[side], &self.unseen[side]),
            };
            if ours {
                total += value + if unit.moved { 0.0 } else { UNMOVED };
                if let Some(k) = unit.kind {
                    total += self.pull[unit.cell as usize] * self.follows[k.0 as usize];
                }
            } else {
                total -= value;
                let steps = self.to_our_flag[unit.cell as usize] as usize;
                if steps < FLAG_DANGER.len() {
                    let moves = board.movable(unit) * if unit.moved { 1.0 } else { 0.5 };
                    total -= FLAG_DANGER[steps] * moves;
                }
            }
        }
        // Hunters and the hunted: the nearest sure winner against each seen piece.
        let enemy = self.me.opponent().index();
        let me = self.me.index();
        for &(prey, prey_kind) in seen_enemies.items() {
            if let Some(steps) = nearest(board, mine.items(), prey, |k| {
                table.result(k, prey_kind) == BattleResult::AttackerWins
            }) {
                total += CHASE * self.worth[enemy][prey_kind.0 as usize] / (1.0 + steps);
            }
        }
        for &(prey, prey_kind) in seen_mine.items() {
            if let Some(steps) = nearest(board, seen_enemies.items(), prey, |k| {
                table.result(k, prey_kind) == BattleResult::AttackerWins
            }) {
                total -= CHASE * self.worth[me][prey_kind.0 as usize] / (1.0 + steps);
            }
        }
        if let Some(limit) = self.quiet_limit {
            let share = (board.quiet as f32 / limit.max(1) as f32).min(1.0).powi(3);
            total += share * DRAW;
        }
        total
    }
}

/// Up to a side's pieces with their kinds, kept on the stack: the judge
/// runs at every position the search stops at.
struct Few<'a> {
    items: [Option<(&'a Unit, KindId)>; FEW],
    len: usize,
}

const FEW: usize = 64;

impl<'a> Default for Few<'a> {
    fn default() -> Self {
        Few {
            items: [None; FEW],
            len: 0,
        }
    }
}

impl<'a> Few<'a> {
    fn push(&mut self, item: (&'a Unit, KindId)) {
        if self.len < FEW {
            self.items[self.len] = Some(item);
            self.len += 1;
        }
    }

    fn items(&self) -> impl Iterator<Item = &(&'a Unit, KindId)> + Clone {
        self.items[..self.len].iter().flatten()
    }
}

/// A hidden piece's worth to its side, by its odds.
fn expected(odds: &Odds, worth: &[f32; MAX_KINDS], unseen: &[f32; MAX_KINDS]) -> f32 {
    odds.iter()
        .zip(worth.iter().zip(unseen))
        .map(|(p, (w, u))| p * (w + u))
        .sum()
}

/// Steps (along rows and columns) from `target` to the nearest of `hunters`
/// whose kind `wins` accepts.
fn nearest<'a>(
    board: &Board,
    hunters: impl Iterator<Item = &'a (&'a Unit, KindId)>,
    target: &Unit,
    wins: impl Fn(KindId) -> bool,
) -> Option<f32> {
    let at = board.square(target.cell);
    hunters
        .filter(|(_, k)| wins(*k))
        .map(|(u, _)| board.square(u.cell).distance(at))
        .min()
        .map(|d| d as f32)
}
