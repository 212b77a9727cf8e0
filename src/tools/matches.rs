//! `flagfall match`: computer against computer, each side colour played half
//! the time, with think times per move.

use crate::ai::{Budget, Level, choose_counting, setup_around};
use crate::core::deal::random_deal;
use crate::core::game::Game;
use crate::core::moves::Outcome;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Variant, builtin_variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Results seen from the two players: `first` is the one named `--red`
/// (Red in even games, Blue in odd ones).
#[derive(Debug, Default)]
pub struct MatchResult {
    pub first_wins: u32,
    pub second_wins: u32,
    pub draws: u32,
    /// Each game's length in plies, in the order played.
    pub plies: Vec<usize>,
    pub think: [Vec<Duration>; 2],
    /// The search work each player spent in all its moves (`Choice::work`).
    pub work: [u64; 2],
    /// Each game's ending, in the order played.
    pub endings: Vec<GameEnding>,
}

/// How one game of a match ended, for reading a match game by game.
#[derive(Debug, Clone)]
pub struct GameEnding {
    /// Whether the first player (`--red`) played Red.
    pub first_is_red: bool,
    /// How the game ended; `None` when it hit the ply cap.
    pub outcome: Option<Outcome>,
    /// Movable pieces left to the first and the second player.
    pub movable: [u16; 2],
}

/// A game cannot last longer than this (the quiet-ply rule ends it far sooner).
const PLY_CAP: usize = 20_000;

/// `games` games of `first` against `second`; `budget` gives each move's
/// think budget as the move begins (only the expert uses it); `told` is
/// called with the results so far as each game ends (a long match by work
/// takes hours).
pub fn play_match(
    variant: &Arc<Variant>,
    first: Level,
    second: Level,
    games: u32,
    seed: u64,
    budget: impl Fn() -> Budget,
    mut told: impl FnMut(&MatchResult),
) -> MatchResult {
    let mut result = MatchResult::default();
    for g in 0..games {
        let first_is_red = g % 2 == 0;
        let level_of = |side: Side| {
            if (side == Side::Red) == first_is_red {
                first
            } else {
                second
            }
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(g as u64));
        let mut game = start_game(variant, level_of, &mut rng);
        while game.position().outcome().is_none() && game.actions().len() < PLY_CAP {
            let side = game.position().to_move();
            let view = game.view(side);
            let player_seed = seed
                .wrapping_mul(31)
                .wrapping_add(g as u64 * 2 + side.index() as u64);
            let timer = Instant::now();
            let choice = choose_counting(level_of(side), &view, player_seed, budget());
            let Some(action) = choice.action else {
                break;
            };
            let who = usize::from((side == Side::Red) != first_is_red);
            result.think[who].push(timer.elapsed());
            result.work[who] += choice.work;
            game.play(action)
                .expect("computer players choose legal actions");
        }
        result.plies.push(game.actions().len());
        let position = game.position();
        let [first_side, second_side] = if first_is_red {
            [Side::Red, Side::Blue]
        } else {
            [Side::Blue, Side::Red]
        };
        result.endings.push(GameEnding {
            first_is_red,
            outcome: position.outcome(),
            movable: [first_side, second_side].map(|s| position.movable_pieces(s)),
        });
        match game.position().outcome().and_then(|o| o.winner()) {
            Some(winner) if (winner == Side::Red) == first_is_red => result.first_wins += 1,
            Some(_) => result.second_wins += 1,
            None => result.draws += 1,
        }
        told(&result);
    }
    result
}

/// A game of `variant` between computer players that set up as `level_of`
/// says for each side; in a free setup Blue sets up second, round Red's
/// pieces.
pub fn start_game(
    variant: &Arc<Variant>,
    level_of: impl Fn(Side) -> Level,
    rng: &mut ChaCha8Rng,
) -> Game {
    let mut taken: Vec<Square> = Vec::new();
    let [red, blue] = Side::BOTH.map(|side| {
        let deal = random_deal(variant, side, rng);
        let setup = setup_around(level_of(side), variant, side, &deal, &taken, rng);
        if variant.setup.anywhere {
            taken.extend(setup.placements.iter().map(|p| p.square));
        }
        (deal, setup)
    });
    Game::new(
        Arc::clone(variant),
        GameOptions::defaults(variant),
        red,
        blue,
    )
    .expect("valid setups")
}

impl MatchResult {
    /// The work player `who` (0 first, 1 second) got through in a
    /// millisecond of its thinking, when it searched within a budget.
    pub fn work_per_ms(&self, who: usize) -> Option<f64> {
        let millis: f64 = self.think[who]
            .iter()
            .map(|t| t.as_secs_f64() * 1000.0)
            .sum();
        (self.work[who] > 0 && millis > 0.0).then(|| self.work[who] as f64 / millis)
    }
}

/// The mean of `times` in milliseconds (0 for none): with a budget by
/// work, what says whether two players thought about as long.
pub fn mean_ms(times: &[Duration]) -> f64 {
    let total: Duration = times.iter().sum();
    total.as_secs_f64() * 1000.0 / times.len().max(1) as f64
}

/// (median, 95th percentile) in milliseconds.
pub fn percentiles(times: &[Duration]) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    let mut sorted = times.to_vec();
    sorted.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    (
        ms(sorted[sorted.len() / 2]),
        ms(sorted[(sorted.len() * 95 / 100).min(sorted.len() - 1)]),
    )
}

/// The arguments of `flagfall match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// The first player's level (Red in even games, Blue in odd ones).
    #[arg(long)]
    pub red: String,
    /// The second player's level.
    #[arg(long)]
    pub blue: String,
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The expert's or the planner's think budget per move, in milliseconds.
    #[arg(long, default_value_t = 250)]
    pub think_ms: u64,
    /// Count the budget in search work only, with no clock (repeatable games).
    #[arg(long)]
    pub no_clock: bool,
    /// Also print how each game ended as it ends, the movable pieces left to
    /// each player and the score so far.
    #[arg(long)]
    pub each: bool,
}

/// `flagfall match`: plays the match (`play_match`) and prints its
/// results, and each game's ending with `--each`.
pub fn run_command(args: Args) -> ExitCode {
    let Args {
        variant,
        red,
        blue,
        games,
        seed,
        think_ms,
        no_clock,
        each,
    } = args;
    let (Some(v), Some(a), Some(b)) = (
        builtin_variant(&variant),
        Level::from_name(&red),
        Level::from_name(&blue),
    ) else {
        eprintln!(
            "match: give a built-in variant and levels among random, heuristic, best, expert, planner"
        );
        return ExitCode::from(2);
    };
    let budget = || match no_clock {
        true => Budget::work_of_millis(think_ms, &v),
        false => Budget::millis(think_ms, &v),
    };
    // Each game is printed as it ends: a match by work can take hours.
    let print_last = |r: &MatchResult| {
        let (Some(e), Some(plies)) = (r.endings.last(), r.plies.last()) else {
            return;
        };
        let g = r.endings.len() - 1;
        let ending = e.outcome.map_or("ply cap".to_string(), |o| o.to_string());
        let (red_name, blue_name) = if e.first_is_red {
            (&red, &blue)
        } else {
            (&blue, &red)
        };
        println!(
            "game {g}: {red_name} (Red) against {blue_name} (Blue): {ending} after {plies} plies; movable pieces left: {red} {}, {blue} {}; so far {red} {}, {blue} {}, draws {}",
            e.movable[0], e.movable[1], r.first_wins, r.second_wins, r.draws
        );
    };
    let r = play_match(&v, a, b, games, seed, budget, |r| {
        if each {
            print_last(r);
        }
    });
    let average = r.plies.iter().sum::<usize>() as f64 / r.plies.len().max(1) as f64;
    println!(
        "{games} games of {variant}, each player Red in half of them; average {average:.0} plies"
    );
    for (who, name) in [&red, &blue].into_iter().enumerate() {
        let (median, p95) = percentiles(&r.think[who]);
        let mean = mean_ms(&r.think[who]);
        println!(
            "think time per move, {name}: median {median:.2} ms, mean {mean:.2} ms, 95th percentile {p95:.2} ms"
        );
        if let Some(pace) = r.work_per_ms(who) {
            println!("work per ms of thinking, {name}: {pace:.0}");
        }
    }
    println!(
        "red wins {}, blue wins {}, draws {}",
        r.first_wins, r.second_wins, r.draws
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_times_are_summed_up_in_milliseconds() {
        let times = [100, 300, 200, 1400].map(Duration::from_millis);
        assert_eq!(mean_ms(&times), 500.0);
        assert_eq!(percentiles(&times), (300.0, 1400.0));
        assert_eq!((mean_ms(&[]), percentiles(&[])), (0.0, (0.0, 0.0)));
    }
}
