//! What a battle may come to, as the searching player sees it: with both
//! kinds known, one outcome; with a hidden piece in it, one outcome for each
//! way it can go (the flag taken, the attacker wins, a bomb holds, the
//! defender wins, both fall), each with its chance by the hidden piece's
//! odds and with those odds narrowed to the kinds that end it so. The search
//! weighs them as a chance node.
//!
//! When our top ranks attack an unmoved hidden piece the odds are read
//! pessimistically (`Caution`): on the enemy's back two rows it is a bomb
//! at least a quarter of the time, more when unmoved pieces ring it, and
//! its chance of being the flag counts as a bomb's. The belief's odds make
//! a General's attack on a second-row piece with 18% bomb odds come out
//! near break-even, and it died on bombs in 12 to 14 of 20 games.
//!
//! An attack by the side that does not know the defender is not certain:
//! a hidden attacker attacks a piece it has identified only with the kinds
//! that win or trade, and an enemy attack on a piece of ours it has not
//! identified is made by its willing share (`willing.rs`). The outcomes'
//! chances add up to the share that attacks; the rest stands pat.

use super::board::{Board, Outcome, Step, Unit, ladder_places, ranked};
use super::willing::Willingness;
use crate::core::battle::{BattleResult, resolve};
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::side::Side;
use crate::core::variant::{KindId, Special, Variant};

/// Outcomes less likely than this are left out (the rest share their chance).
const NEGLIGIBLE: f32 = 0.005;
/// The least bomb odds our cautious ranks read on an unmoved piece of the
/// enemy's back two rows, what each unmoved neighbour past the first adds,
/// and the most they come to.
const BACK_BOMB: f32 = 0.25;
const RING_BOMB: f32 = 0.1;
const MOST_BOMB: f32 = 0.6;

/// Whose attacks read an unmoved hidden piece's odds pessimistically:
/// the searching side's, with the kinds that are its top two ranks left.
#[derive(Debug, Clone)]
pub struct Caution {
    pub side: Side,
    /// By kind: whether it is cautious.
    pub kinds: Vec<bool>,
}

impl Caution {
    /// Caution for `side`'s Marshal and General (the variant's two top
    /// ranks), and for the top rank it has left when that is lower.
    pub fn for_side<const K: usize>(
        variant: &Variant,
        board: &Board<'_, K>,
        side: Side,
    ) -> Caution {
        let ranked = |k: KindId| {
            let kind = variant.kind(k);
            ranked(kind) && kind.special == Special::None
        };
        let places = ladder_places(variant);
        let top_left = board
            .units
            .iter()
            .filter(|u| u.alive() && u.side() == side)
            .filter_map(|u| u.kind)
            .filter(|&k| ranked(k))
            .map(|k| variant.kind(k).rank)
            .max();
        let mut kinds = vec![false; variant.kinds.len()];
        for (k, kind) in variant.kinds.iter().enumerate() {
            kinds[k] = ranked(KindId(k as u8))
                && (places[k].is_some_and(|p| p < 2) || Some(kind.rank) == top_left);
        }
        Caution { side, kinds }
    }
}

/// Who wins between every two kinds, under one game's options.
pub struct BattleTable {
    kinds: usize,
    results: Vec<BattleResult>,
    flag: Vec<bool>,
    bomb: Vec<bool>,
    caution: Option<Caution>,
    willingness: Option<Willingness>,
}

impl BattleTable {
    pub fn new(variant: &Variant, options: &GameOptions) -> BattleTable {
        let kinds = variant.kinds.len();
        let mut results = Vec::with_capacity(kinds * kinds);
        for a in 0..kinds {
            for d in 0..kinds {
                let piece = |k: usize| Piece::new(KindId(k as u8));
                results.push(resolve(variant, options, piece(a), piece(d)));
            }
        }
        BattleTable {
            kinds,
            results,
            flag: variant.kinds.iter().map(|k| k.is_flag).collect(),
            bomb: variant
                .kinds
                .iter()
                .map(|k| k.special == Special::Bomb)
                .collect(),
            caution: None,
            willingness: None,
        }
    }

    /// The table with the enemy's attacks on pieces it has not identified
    /// made by `willingness`'s share (without it, by the kinds that win
    /// against our true piece, as if the enemy knew it).
    pub fn with_willingness(mut self, willingness: Willingness) -> BattleTable {
        self.willingness = Some(willingness);
        self
    }

    /// The share of `attacker`'s kind `a` that attacks `defender` when it
    /// is of kind `d`: the attacker's own side decides its attacks (all of
    /// it), a hidden attacker on a piece it knows attacks when it wins or
    /// trades, and on one it does not know by its willingness.
    pub fn share<const K: usize>(
        &self,
        attacker: &Unit<K>,
        defender: &Unit<K>,
        a: KindId,
        d: KindId,
    ) -> f32 {
        if let Some(willingness) = &self.willingness
            && attacker.side() == willingness.enemy
            && !defender.revealed
        {
            return willingness.share(a, defender, |d| {
                self.result(a, d) == BattleResult::DefenderWins
            });
        }
        if attacker.kind.is_some() || self.result(a, d) != BattleResult::DefenderWins {
            1.0
        } else {
            0.0
        }
    }

    /// The table with `caution` for the attacks of its side's top ranks.
    pub fn with_caution(mut self, caution: Caution) -> BattleTable {
        self.caution = Some(caution);
        self
    }

    /// The least bomb odds our attack from `attacker` reads on `defender`,
    /// when caution applies to it.
    fn bomb_floor<const K: usize>(
        &self,
        board: &Board<'_, K>,
        attacker: &Unit<K>,
        defender: &Unit<K>,
    ) -> Option<f32> {
        let caution = self.caution.as_ref()?;
        let cautious = attacker.side() == caution.side
            && attacker.kind.is_some_and(|k| caution.kinds[k.0 as usize])
            && defender.kind.is_none()
            && !defender.moved;
        if !cautious {
            return None;
        }
        let row = defender.cell / board.columns;
        let back = match defender.side() {
            Side::Red => row <= 1,
            Side::Blue => row + 2 >= board.rows,
        };
        let unmoved_neighbours = (0..4)
            .filter_map(|dir| board.neighbour(defender.cell, dir))
            .filter_map(|cell| board.unit_at(cell))
            .filter(|u| u.side() == defender.side() && !u.moved)
            .count();
        let ring = RING_BOMB * unmoved_neighbours.saturating_sub(1) as f32;
        Some(if back {
            (BACK_BOMB + ring).min(MOST_BOMB)
        } else {
            0.0
        })
    }

    /// `kinds` (a hidden defender's) read pessimistically: the flag's
    /// chance a bomb's, and a bomb at least `floor` of the time.
    fn pessimistic(&self, kinds: &mut Vec<(KindId, f32)>, floor: f32) {
        let Some(bomb) = (0..self.kinds).find(|&k| self.bomb[k]) else {
            return;
        };
        let is_worst = |k: KindId| self.flag[k.0 as usize] || self.bomb[k.0 as usize];
        let worst: f32 = kinds
            .iter()
            .filter(|(k, _)| is_worst(*k))
            .map(|(_, p)| p)
            .sum();
        let rest = 1.0 - worst;
        let bombs = worst.max(floor).min(1.0);
        let scale = if rest > 0.0 {
            (1.0 - bombs) / rest
        } else {
            0.0
        };
        kinds.retain(|(k, _)| !is_worst(*k));
        for (_, p) in kinds.iter_mut() {
            *p *= scale;
        }
        kinds.push((KindId(bomb as u8), bombs));
    }

    pub fn result(&self, attacker: KindId, defender: KindId) -> BattleResult {
        self.results[attacker.0 as usize * self.kinds + defender.0 as usize]
    }

    /// The outcomes of the battle `step` starts on `board`, most likely
    /// first; their chances add up to the share of the attacker that
    /// attacks (one, but for a hidden or unknowing attacker).
    pub fn outcomes<const K: usize>(&self, board: &Board<'_, K>, step: Step) -> Vec<Outcome<K>> {
        let (Some(attacker), Some(defender)) = (board.unit_at(step.from), board.unit_at(step.to))
        else {
            return Vec::new();
        };
        let mut out: Vec<Outcome<K>> = Vec::with_capacity(5);
        let mut keys = Vec::with_capacity(5);
        // A hidden attacker is of a kind that moves as it did.
        let (distance, straight) = board.reach(step);
        let mut a_kinds: Vec<_> = attacker.kinds().collect();
        if attacker.kind.is_none() {
            a_kinds.retain(|(k, _)| board.mobility[k.0 as usize].reaches(distance, straight));
            let total: f32 = a_kinds.iter().map(|(_, p)| p).sum();
            for (_, p) in &mut a_kinds {
                *p /= total.max(f32::MIN_POSITIVE);
            }
        }
        let mut d_kinds: Vec<_> = defender.kinds().collect();
        if let Some(floor) = self.bomb_floor(board, attacker, defender) {
            self.pessimistic(&mut d_kinds, floor);
        }
        for &(a, pa) in &a_kinds {
            for &(d, pd) in &d_kinds {
                let chance = pa * pd * self.share(attacker, defender, a, d);
                if chance <= 0.0 {
                    continue;
                }
                let result = self.result(a, d);
                let bomb = self.bomb[d.0 as usize];
                let (attacker_stays, defender_stays) = match result {
                    BattleResult::AttackerWins => (true, false),
                    BattleResult::DefenderWins => (false, true),
                    BattleResult::BothRemoved => (false, false),
                };
                // A domino 6-6 is a flag that fights: it may fall
                // attacking, or with the enemy's (a draw).
                let last_flag = |unit: &Unit<K>, kind: KindId, stays: bool| {
                    self.flag[kind.0 as usize]
                        && !stays
                        && board.flags_left[unit.side().index()] < 1.5
                };
                let mut flags_taken = [false; 2];
                flags_taken[defender.side().index()] = last_flag(defender, d, defender_stays);
                flags_taken[attacker.side().index()] = last_flag(attacker, a, attacker_stays);
                // A bomb that holds is told apart from a piece that wins.
                let key = (
                    attacker_stays,
                    defender_stays,
                    flags_taken,
                    defender_stays && bomb,
                );
                let at = match keys.iter().position(|k| *k == key) {
                    Some(i) => i,
                    None => {
                        keys.push(key);
                        out.push(Outcome {
                            chance: 0.0,
                            attacker: [0.0; K],
                            defender: [0.0; K],
                            attacker_stays,
                            defender_stays,
                            flags_taken,
                        });
                        out.len() - 1
                    }
                };
                let o = &mut out[at];
                o.chance += chance;
                o.attacker[a.0 as usize] += chance;
                o.defender[d.0 as usize] += chance;
            }
        }
        // The attacking share keeps its chance; the negligible outcomes'
        // chance goes to the others.
        let willing: f32 = out.iter().map(|o| o.chance).sum();
        out.retain(|o| o.chance >= NEGLIGIBLE);
        let kept: f32 = out.iter().map(|o| o.chance).sum();
        for o in &mut out {
            for p in o.attacker.iter_mut().chain(o.defender.iter_mut()) {
                *p /= o.chance;
            }
            o.chance *= willing.min(1.0) / kept;
        }
        out.sort_by(|a, b| b.chance.total_cmp(&a.chance));
        out
    }
}
