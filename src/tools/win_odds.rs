//! `flagfall win-odds`: how a material lead and an exposed Marshal turn
//! into a chance of winning in people's classic games, and the table the
//! expert judges positions by (`src/ai/knowledge/win_odds_table.rs`).
//!
//! Every classic record that replays as Gravon scored it and has a winner
//! gives, after each ply, Red's features (`win_odds::features`: its
//! material lead by the expert's own piece values, flags aside, and how
//! much more exposed Blue's Marshal is than Red's) and whether Red won. One
//! logistic curve through the origin, `P(Red wins) = 1 / (1 + e^-(w . x))`,
//! is fitted to them by Newton's method; a won game is then worth
//! `2 / w[0]` in material's units (`tanh(z / 2) = 2 P - 1`), and an exposed
//! Marshal `w[1] / w[0]`.
//!
//! Remake the table with:
//!
//! ```sh
//! tar -xJf ../shared/gravon/gravon-train.tar.xz -C /tmp/gravon
//! cargo run --release -- win-odds /tmp/gravon/classic > src/ai/knowledge/win_odds_table.rs
//! ```

use crate::ai::knowledge::win_odds::{FEATURES, features};
use crate::core::gravon::{self, GravonRules};
use crate::core::replay::RecordVerdict;
use crate::core::side::Side;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// What Red's position was after a ply (`win_odds::features`: its
/// material lead, then how much more exposed the enemy's Marshal is than
/// its own), and whether Red won the game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    pub features: [f32; FEATURES],
    pub red_won: bool,
}

/// The weights `w` of the logistic curve through the origin,
/// `P(Red wins) = 1 / (1 + e^(-w . features))`, that fit `samples` best
/// (maximum likelihood, by Newton's method), or `None` when they cannot
/// place one (a feature that never varies, or leads that foretell every
/// game).
pub fn fit(samples: &[Sample]) -> Option<[f64; FEATURES]> {
    let mut w = [0.0f64; FEATURES];
    for _ in 0..50 {
        let mut gradient = [0.0f64; FEATURES];
        let mut curvature = [[0.0f64; FEATURES]; FEATURES];
        for s in samples {
            let x = s.features.map(f64::from);
            let z: f64 = w.iter().zip(&x).map(|(w, x)| w * x).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let y = if s.red_won { 1.0 } else { 0.0 };
            for i in 0..FEATURES {
                gradient[i] += (y - p) * x[i];
                for j in 0..FEATURES {
                    curvature[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        let step = solve(curvature, gradient)?;
        for i in 0..FEATURES {
            w[i] += step[i];
        }
        if step.iter().all(|d| d.abs() < 1e-9) {
            break;
        }
    }
    (w.iter().all(|w| w.is_finite()) && w[0] > 0.0).then_some(w)
}

/// `a x = b` by Gaussian elimination with partial pivoting; `None` when
/// `a` is singular.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> Option<[f64; FEATURES]> {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 || !a[pivot][col].is_finite() {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col];
        for row in col + 1..FEATURES {
            let factor = a[row][col] / pivot_row[col];
            for (cell, above) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *cell -= factor * above;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0f64; FEATURES];
    for row in (0..FEATURES).rev() {
        let rest: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

/// Every ply's sample of one record that replays as Gravon scored it and
/// names a winner; none otherwise.
fn record_samples(text: &str, file_name: Option<&str>) -> Vec<Sample> {
    let Ok(record) = gravon::parse(text) else {
        return Vec::new();
    };
    if record.game_type != "classic" {
        return Vec::new();
    }
    let red_won = match record.result {
        Some((_, 1)) => true,
        Some((_, 2)) => false,
        _ => return Vec::new(),
    };
    let rules = GravonRules::of_month(file_name.and_then(gravon::month_played));
    let replay = gravon::replay(&record, &rules);
    let (RecordVerdict::Ok, Some(game)) = (&replay.verdict, replay.game) else {
        return Vec::new();
    };
    let mut position = game.position_after(0);
    let mut samples = Vec::with_capacity(game.actions().len());
    for action in game.actions() {
        if position.play(*action).is_err() {
            break;
        }
        samples.push(Sample {
            features: features(&position, Side::Red),
            red_won,
        });
    }
    samples
}

/// Reads every classic record under `paths` and returns the table's source.
pub fn run(paths: &[PathBuf]) -> Result<String, String> {
    let files = super::check_games::find_records(paths).map_err(|e| e.to_string())?;
    let mut samples = Vec::new();
    let mut games = 0;
    for path in files {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let found = record_samples(&String::from_utf8_lossy(&bytes), name.as_deref());
        games += usize::from(!found.is_empty());
        samples.extend(found);
    }
    let weights = fit(&samples).ok_or("the records place no curve")?;
    Ok(to_rust(weights, games, &samples))
}

/// The table as Rust source, with how well the curve fits by lead.
fn to_rust(weights: [f64; FEATURES], games: usize, samples: &[Sample]) -> String {
    let k = weights[0];
    let mut out = String::new();
    out += "//! How a material lead turns into a chance of winning, from Gravon's\n";
    let _ = writeln!(
        out,
        "//! classic records ({games} games with a winner, {} positions). Made by",
        samples.len()
    );
    out += "//! `flagfall win-odds` (src/tools/win_odds.rs says how); do not edit by hand.\n//!\n";
    out += "//! Red's lead (material) | positions | Red won | the curve says\n";
    for (low, high) in [
        (-60, -30),
        (-30, -15),
        (-15, -5),
        (-5, 5),
        (5, 15),
        (15, 30),
        (30, 60),
    ] {
        let bucket: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.features[0] >= low as f32 && s.features[0] < high as f32)
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let won = bucket.iter().filter(|s| s.red_won).count() as f64 / bucket.len() as f64;
        let curve = bucket
            .iter()
            .map(|s| {
                let z: f64 = weights
                    .iter()
                    .zip(s.features)
                    .map(|(w, x)| w * f64::from(x))
                    .sum();
                1.0 / (1.0 + (-z).exp())
            })
            .sum::<f64>()
            / bucket.len() as f64;
        let _ = writeln!(
            out,
            "//! {low} to {high} | {} | {:.1}% | {:.1}%",
            bucket.len(),
            won * 100.0,
            curve * 100.0
        );
    }
    out += "\n/// The curve's slope in the material lead:\n";
    out += "/// P(win) = 1 / (1 + e^-(SLOPE * lead + EXPOSED * exposure)).\n";
    let _ = writeln!(out, "pub const SLOPE: f32 = {k:.5};");
    out += "\n/// Its slope in how much more exposed the enemy's Marshal is than ours\n";
    out += "/// (seen while the other side's spy stands).\n";
    let _ = writeln!(out, "pub const EXPOSED: f32 = {:.5};", weights[1]);
    out
}

/// The arguments of `flagfall win-odds`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files or folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// `flagfall win-odds`: prints the table `run` fits to the records.
pub fn run_command(args: Args) -> ExitCode {
    super::print_table("win-odds", run(&args.paths))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games drawn so that Red wins a lead `m` and an exposure `e` with
    /// odds e^(0.1 m - 0.5 e): the fit finds both weights.
    #[test]
    fn the_fit_finds_the_weights_the_games_follow() {
        let mut samples = Vec::new();
        for lead in -40..=40 {
            for exposure in [-1, 0, 1] {
                let z = 0.1 * f64::from(lead) - 0.5 * f64::from(exposure);
                let won = (1000.0 / (1.0 + (-z).exp())).round() as usize;
                for i in 0..1000 {
                    samples.push(Sample {
                        features: [lead as f32, exposure as f32],
                        red_won: i < won,
                    });
                }
            }
        }
        let [k, e] = fit(&samples).unwrap();
        assert!((k - 0.1).abs() < 1e-3, "{k}");
        assert!((e + 0.5).abs() < 1e-2, "{e}");
    }

    #[test]
    fn features_that_never_vary_place_no_curve() {
        let even = [Sample {
            features: [0.0, 0.0],
            red_won: true,
        }];
        assert_eq!(fit(&even), None);
    }
}
