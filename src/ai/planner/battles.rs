//! What a battle may come to, as the searching player sees it: with both
//! kinds known, one outcome; with a hidden piece in it, one outcome for each
//! way it can go (the flag taken, the attacker wins, a bomb holds, the
//! defender wins, both fall), each with its chance by the hidden piece's
//! odds and with those odds narrowed to the kinds that end it so. The search
//! weighs them as a chance node.

use super::board::{Board, MAX_KINDS, Outcome, Step, Unit};
use crate::core::battle::{BattleResult, resolve};
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::variant::{KindId, Special, Variant};

/// Outcomes less likely than this are left out (the rest share their chance).
const NEGLIGIBLE: f32 = 0.005;

/// Who wins between every two kinds, under one game's options.
pub struct BattleTable {
    kinds: usize,
    results: Vec<BattleResult>,
    flag: Vec<bool>,
    bomb: Vec<bool>,
}

impl BattleTable {
    pub fn new(variant: &Variant, options: &GameOptions) -> BattleTable {
        let kinds = variant.kinds.len().min(MAX_KINDS);
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
        }
    }

    pub fn result(&self, attacker: KindId, defender: KindId) -> BattleResult {
        self.results[attacker.0 as usize * self.kinds + defender.0 as usize]
    }

    /// The outcomes of the battle `step` starts on `board`, most likely first.
    pub fn outcomes(&self, board: &Board, step: Step) -> Vec<Outcome> {
        let (Some(attacker), Some(defender)) = (board.unit_at(step.from), board.unit_at(step.to))
        else {
            return Vec::new();
        };
        let mut out: Vec<Outcome> = Vec::with_capacity(5);
        let mut keys = Vec::with_capacity(5);
        // A hidden attacker is of a kind that moves as it did.
        let (distance, straight) = board.reach(step);
        let mut a_kinds = kinds_of(attacker, self.kinds);
        if attacker.kind.is_none() {
            a_kinds.retain(|(k, _)| board.mobility[k.0 as usize].reaches(distance, straight));
            let total: f32 = a_kinds.iter().map(|(_, p)| p).sum();
            for (_, p) in &mut a_kinds {
                *p /= total.max(f32::MIN_POSITIVE);
            }
        }
        let d_kinds = kinds_of(defender, self.kinds);
        for &(a, pa) in &a_kinds {
            for &(d, pd) in &d_kinds {
                let chance = pa * pd;
                if chance <= 0.0 {
                    continue;
                }
                let result = self.result(a, d);
                let flag = self.flag[d.0 as usize];
                let bomb = self.bomb[d.0 as usize];
                let (attacker_stays, defender_stays) = match result {
                    BattleResult::AttackerWins => (true, false),
                    BattleResult::DefenderWins => (false, true),
                    BattleResult::BothRemoved => (false, false),
                };
                let flag_taken =
                    (flag && !defender_stays && board.flags_left[defender.side().index()] < 1.5)
                        .then_some(defender.side());
                // A bomb that holds is told apart from a piece that wins.
                let key = (
                    attacker_stays,
                    defender_stays,
                    flag_taken,
                    defender_stays && bomb,
                );
                let at = match keys.iter().position(|k| *k == key) {
                    Some(i) => i,
                    None => {
                        keys.push(key);
                        out.push(Outcome {
                            chance: 0.0,
                            attacker: [0.0; MAX_KINDS],
                            defender: [0.0; MAX_KINDS],
                            attacker_stays,
                            defender_stays,
                            flag_taken,
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
        out.retain(|o| o.chance >= NEGLIGIBLE);
        let total: f32 = out.iter().map(|o| o.chance).sum();
        for o in &mut out {
            for p in o.attacker.iter_mut().chain(o.defender.iter_mut()) {
                *p /= o.chance;
            }
            o.chance /= total;
        }
        out.sort_by(|a, b| b.chance.total_cmp(&a.chance));
        out
    }
}

/// Each kind `unit` may be, with its chance.
fn kinds_of(unit: &Unit, kinds: usize) -> Vec<(KindId, f32)> {
    match unit.kind {
        Some(kind) => vec![(kind, 1.0)],
        None => (0..kinds)
            .filter(|&k| unit.odds[k] > 0.0)
            .map(|k| (KindId(k as u8), unit.odds[k]))
            .collect(),
    }
}
