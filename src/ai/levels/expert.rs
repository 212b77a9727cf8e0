//! `expert`: `best`'s determinized sampling, widened to every legal move and
//! run for as long as the think budget allows. The budget is shared out by
//! successive halving: every move is tried in the same samples, then the
//! worse half is dropped and the rest get the next share, so the moves that
//! matter get the most samples. Each sample's rollout runs deeper than
//! `best`'s (4 plies in classic, up to 100 where games are short), and
//! within a sample every move's rollout draws the same random numbers. A
//! rollout that does not end the game is judged by material and, in the
//! rank games, by more: in the 40-piece games pursuit (how near each side's
//! hunters stand, in steps round lakes and bombs, to the pieces they know
//! they beat) and flag defence (how near an enemy piece that could take
//! our flag stands to it in steps, less the sooner one of ours that stops
//! it can meet it on its way in) and the last miners (worth more than
//! their rank while enemy bombs stand) and the spy kept in wait
//! (worth more while it has not moved and the enemy Marshal stands), in
//! the smaller armies the flag race (how near each side stands to the
//! other's flag as the sample placed it).
//! In classic, material and a won game are weighed as a chance of winning
//! (`win_odds.rs`): a flag is worth about two Marshals, not fifty-six, and
//! a lead is drawn toward a draw's worth as the quiet-ply limit nears.
//! Its samples follow how players set up (`Belief::with_setup_habits`): a
//! hidden flag is likelier on the back row than farther forward, and in
//! classic where bombs can ring it (`flag_ring.rs`); and what
//! the enemy's last move tells (`Belief::with_approaches`): a hidden piece
//! that walked at one of our seen pieces is likelier one that beats it.
//! In classic, the odds and samples follow instead the model learned from
//! people's games (`learned_belief.rs`, given to `Belief::with_learned`), which
//! reads all of that and beats it on held-out games at plies 50, 100, 150
//! and 200 (`flagfall belief-check`, docs/tools.md).
//! A forced move is played at once.

use super::best::{FINISHER_MARGIN, GUARD, flag_guards, quiet_share, sampled_position, standing};
use super::heuristic::{best_of, scored_moves};
use super::rollout::{Knowledge, rollout};
use crate::ai::belief::Belief;
use crate::ai::budget::{Budget, MOVE_WORK, SAMPLE_WORK, rollout_work};
use crate::ai::knowledge::domino;
use crate::ai::knowledge::eval::{FLAG, large_army};
use crate::ai::knowledge::flag_defence::FlagDefence;
use crate::ai::knowledge::flag_race::FlagRace;
use crate::ai::knowledge::last_miners::LastMiners;
use crate::ai::knowledge::pursuit::Pursuit;
use crate::ai::knowledge::spy::SpyInWait;
use crate::ai::knowledge::steps::Steps;
use crate::ai::knowledge::win_odds::WinOdds;
use crate::ai::learned_belief::learned_odds;
use crate::ai::setup_memory::SetupMemory;
use crate::core::moves::{Action, Move};
use crate::core::variant::Variant;
use crate::core::view::PlayerView;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plies of greedy rollout after each tried move where games are long
/// (classic: a median of 282 plies in 200 games against `best`). In
/// 30-game classic checks against `best` (BENCHMARKS.md, issue 20), 2 plies
/// won 23% of the games, 4 and 6 won 47% and 8 won 37%; in 200 games, 100
/// plies won 46.5% (seed 15000) where 4 won 70% (seed 13000).
const DEPTH: usize = 4;

/// Plies of greedy rollout where games are short (medians of 29 plies in
/// free setup, 50 in piecepack, 85 in barrage and 128 in the 8x8 game): a
/// rollout this long sees much of what remains of the sampled game, so a
/// move is judged more by who wins than by a guess at the flag race. In 200
/// piecepack games against `best` (BENCHMARKS.md, issue 20), the expert
/// won 103 with 4-ply rollouts, 121 with 30 and 139 with 100.
const SHORT_GAME_DEPTH: usize = 100;

/// How much the heuristic's own score counts beside the sampled average
/// (`best` weighs it 0.25; 1.0 won 53% of the games where 0.25 won 47%: it
/// steadies the early cuts, made on few samples).
const PRIOR: f32 = 1.0;

/// How much pursuit (`pursuit.rs`, weighed in classic and free setup)
/// counts beside material. In 60 classic games against `best` at 90,000
/// plies a move (BENCHMARKS.md, issue 20), the expert won 31 without it,
/// 36 at 1.0 and 46 at 2.0; 4.0 won 21 of the first 30, where 2.0 won 23.
const PURSUIT: f32 = 2.0;

/// How much the flag race (`flag_race.rs`, weighed in the rank variants'
/// smaller armies) counts beside material, and how much the enemy's
/// nearness to our flag counts against ours to theirs. Tuned on seed 9000
/// in barrage, duell, piecepack and ultimate lightning (BENCHMARKS.md,
/// issue 20): the expert won 85 of 160 games against `best` without it, 95
/// at weight 5, 101 at 10, 104 at 20 and 93 at 40; at 20 with the defence
/// halved, 101.
const FLAG_RACE: f32 = 20.0;
const FLAG_DEFENCE: f32 = 1.0;

/// How much an enemy piece that could take our flag counts against us by
/// its nearness (`flag_defence.rs`, weighed in the 40-piece games). Through
/// the UCC manager against vixen, whose miners walk to a ringed flag
/// (BENCHMARKS.md, issue 48): 11 of 20 games without it, 15 of 20 at 20,
/// 15 of 20 and a turn-limit draw at 60.
const FLAG_THREAT: f32 = 20.0;

/// How much a side's last miners count beyond their rank while the enemy
/// has bombs (`last_miners.rs`, weighed in the 40-piece games). Through the
/// UCC manager against asmodeus (BENCHMARKS.md, issue 48): 16 of 20 games
/// and 2 turn-limit draws without it, 18 of 20 and no draw at 1.
const LAST_MINERS: f32 = 1.0;

/// How much the spy kept in wait counts beside material (`spy.rs`, weighed
/// in the 40-piece games). Through the UCC manager against peternlewis
/// (BENCHMARKS.md, issue 48), with its setup behind the General: 5 of 20
/// games, where the expert had won 3 of 20 before.
const SPY_IN_WAIT: f32 = 1.0;

/// Samples in a row that may fail to arrange before the search gives up
/// on sampling (a view no army fits).
const FAILED_SAMPLES: u32 = 16;

/// How many plies each rollout plays: `DEPTH` where the games are long,
/// between 40-piece armies that start apart; `SHORT_GAME_DEPTH` in the
/// smaller armies and where the armies start mixed (free setup).
fn rollout_depth(variant: &Variant) -> usize {
    if large_army(variant) && !variant.setup.anywhere {
        DEPTH
    } else {
        SHORT_GAME_DEPTH
    }
}

/// The move the expert chooses, and the work it spent choosing it; with
/// `memory`, believing the enemy sets up as it did before.
pub fn search(
    view: &PlayerView,
    rng: &mut ChaCha8Rng,
    budget: Budget,
    memory: Option<&SetupMemory>,
) -> (Option<Action>, u64) {
    let belief = Belief::new(view)
        .with_setup_habits(view)
        .with_approaches(view)
        .with_learned(learned_odds(view))
        .with_memory(view, memory);
    let knowledge = Knowledge::new(view, &belief);
    let enemy_flag = domino::enemy_flag(view, &belief);
    let flag_known = enemy_flag.is_some();
    let win_odds = WinOdds::new(&view.variant);
    let mut scored = scored_moves(view, &belief, win_odds.flag(), rng);
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    domino::restrain(view, enemy_flag, &mut scored);
    if scored.len() <= 1 || scored.first().is_some_and(|(_, s)| *s >= FLAG * 0.99) {
        // A forced move, or a sure flag capture: nothing to weigh.
        return (best_of(&scored), 0);
    }
    let pursuit = Pursuit::new(&view.variant, &view.options, PURSUIT);
    let flag_race = FlagRace::new(&view.variant, FLAG_RACE, FLAG_DEFENCE);
    let flag_defence = FlagDefence::new(view, FLAG_THREAT);
    let last_miners = LastMiners::new(&view.variant, LAST_MINERS);
    let spy_in_wait = SpyInWait::new(&view.variant, SPY_IN_WAIT);
    // Walks round lakes and bombs, for the terms that count nearness.
    let steps = (pursuit.is_some() || flag_defence.is_some()).then(|| Steps::in_view(view));
    let guards = flag_guards(view);
    let depth = rollout_depth(&view.variant);
    let prior = |i: usize| {
        let (m, s): (Move, f32) = scored[i];
        let leaves = guards.contains(&m.from) && view.at(m.to).is_none();
        PRIOR * s - if leaves { GUARD } else { 0.0 }
    };
    let mut totals = vec![0.0f32; scored.len()];
    let mut runs = 0u32;
    let mut alive: Vec<usize> = (0..scored.len()).collect();
    let rounds = scored.len().next_power_of_two().trailing_zeros().max(1) as u64;
    let mut spent = 0u64;
    let mut failed = 0;
    'rounds: for round in 0..rounds {
        let share = budget.work.saturating_sub(spent) / (rounds - round);
        let round_end = spent + share;
        let mut sampled_this_round = false;
        // At least one sample a round, so a tiny budget still compares moves.
        while !sampled_this_round || spent < round_end {
            if budget.out_of_time() && runs > 0 {
                break 'rounds;
            }
            spent += SAMPLE_WORK;
            let Some(sample) = sampled_position(view, &belief, rng) else {
                failed += 1;
                if failed >= FAILED_SAMPLES {
                    break 'rounds;
                }
                continue;
            };
            failed = 0;
            let known = knowledge.for_sample(&sample);
            // Common random numbers: every move's rollout in this sample
            // draws the same random stream, so the moves differ by what
            // they do, not by luck.
            let rollout_seed: u64 = rng.random();
            for &i in &alive {
                let mut position = sample.clone();
                spent += MOVE_WORK;
                if position.play(Action::Move(scored[i].0)).is_err() {
                    totals[i] -= FLAG;
                    continue;
                }
                let mut rollout_rng = ChaCha8Rng::seed_from_u64(rollout_seed);
                spent += rollout_work(rollout(&mut position, &known, depth, &mut rollout_rng));
                let judged = win_odds.judge(
                    &position,
                    view.viewer,
                    standing(&position, view.viewer, flag_known),
                );
                totals[i] += win_odds.press(judged, quiet_share(&position, view.quiet_plies))
                    + pursuit
                        .as_ref()
                        .zip(steps.as_ref())
                        .map_or(0.0, |(p, steps)| {
                            p.value(&position, view.viewer, &known, steps)
                        })
                    + flag_race
                        .as_ref()
                        .map_or(0.0, |r| r.value(&position, view.viewer))
                    + flag_defence
                        .as_ref()
                        .zip(steps.as_ref())
                        .map_or(0.0, |(d, steps)| d.value(&position, view.viewer, steps))
                    + last_miners
                        .as_ref()
                        .map_or(0.0, |m| m.value(&position, view.viewer))
                    + spy_in_wait
                        .as_ref()
                        .map_or(0.0, |s| s.value(&position, view.viewer));
            }
            runs += 1;
            sampled_this_round = true;
        }
        if alive.len() > 1 && round + 1 < rounds {
            let mean = |i: usize| totals[i] / runs as f32 + prior(i);
            alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
            alive.truncate(alive.len().div_ceil(2));
        }
    }
    if runs == 0 {
        return (best_of(&scored), spent);
    }
    let mean = |i: usize| totals[i] / runs as f32;
    // A walk toward the enemy 6-6 is taken unless the search sees a clearly
    // better move, as `best` does.
    if let Some(flag_square) = enemy_flag
        && let Some(step) = domino::finisher(view, flag_square)
        && let Some(i) = alive.iter().copied().find(|&i| scored[i].0 == step)
    {
        let top = alive.iter().map(|&j| mean(j)).fold(f32::MIN, f32::max);
        if top - mean(i) < FINISHER_MARGIN {
            return (Some(Action::Move(step)), spent);
        }
    }
    let best = alive
        .iter()
        .copied()
        .max_by(|&a, &b| (mean(a) + prior(a)).total_cmp(&(mean(b) + prior(b))));
    (best.map(|i| Action::Move(scored[i].0)), spent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin;

    /// Short rollouts only in classic, whose long games between armies that
    /// start apart make long random rollouts noise; free setup, with the
    /// same 40 pieces mixed from the start, and every smaller army roll out
    /// long.
    #[test]
    fn only_classic_rolls_out_a_few_plies() {
        let ids: Vec<&str> = builtin().variants.iter().map(|v| v.id.as_str()).collect();
        assert!(ids.contains(&"classic") && ids.contains(&"free"), "{ids:?}");
        for variant in &builtin().variants {
            let expected = if variant.id == "classic" {
                DEPTH
            } else {
                SHORT_GAME_DEPTH
            };
            assert_eq!(rollout_depth(variant), expected, "{}", variant.id);
        }
    }
}
