//! `flagfall belief-check`: how well each belief about the enemy's hidden
//! pieces knows them, on classic records the learned model never saw
//! (`train_belief::held_out`). At plies 50, 100, 150 and 200 of every game
//! that lasts so long, from both sides' views, every hidden enemy piece's
//! true rank is scored by each belief: the log loss (the mean of -ln of
//! the probability given to the true rank, clamped at `FLOOR`) and the
//! accuracy (how often the likeliest rank is the true one).

use super::train_belief::{classic_game, held_out, pieces_seen, positions_at};
use crate::ai::learned_belief::{self, CLASSES, Model, fit_army};
use crate::core::side::Side;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// The plies measured.
pub const PLIES: [u32; 4] = [50, 100, 150, 200];

/// The least probability a belief is scored as giving the true rank.
pub const FLOOR: f32 = 1e-4;

/// The beliefs compared, in the table's order.
const BELIEFS: [&str; 3] = ["learned", "per piece", "hand-made"];

/// Log loss and accuracy of one belief at one ply.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Score {
    pub pieces: u64,
    pub loss: f64,
    pub right: u64,
}

impl Score {
    fn add(&mut self, odds: &[f32; CLASSES], label: usize) {
        self.pieces += 1;
        self.loss -= f64::from(odds[label].max(FLOOR)).ln();
        let likeliest = (0..CLASSES)
            .max_by(|a, b| odds[*a].total_cmp(&odds[*b]))
            .unwrap_or(0);
        self.right += u64::from(likeliest == label);
    }

    fn merge(&mut self, other: &Score) {
        self.pieces += other.pieces;
        self.loss += other.loss;
        self.right += other.right;
    }

    pub fn mean_loss(&self) -> f64 {
        self.loss / self.pieces.max(1) as f64
    }

    pub fn accuracy(&self) -> f64 {
        self.right as f64 / self.pieces.max(1) as f64
    }
}

/// What the check found: per ply, the games that reached it and each
/// belief's score (`BELIEFS` order).
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Rounds of fitting the learned belief's army is made consistent by.
    pub rounds: usize,
    pub records: usize,
    pub trained_on: usize,
    pub not_classic: usize,
    pub games: [u64; 4],
    pub scores: [[Score; 3]; 4],
}

impl Report {
    /// Every ply's scores of belief `b` together.
    pub fn overall(&self, b: usize) -> Score {
        let mut all = Score::default();
        for ply in &self.scores {
            all.merge(&ply[b]);
        }
        all
    }

    /// Whether the learned belief's loss is below the hand-made one's at
    /// every ply measured (and some piece was measured at each).
    pub fn learned_wins_everywhere(&self) -> bool {
        self.scores
            .iter()
            .all(|ply| ply[2].pieces > 0 && ply[0].mean_loss() < ply[2].mean_loss())
    }
}

/// Scores every held-out classic record under `paths` (every one with
/// `all`) by `model`, its army fitted by `rounds` of fitting, and by the
/// hand-made belief.
pub fn check(paths: &[PathBuf], model: &Model, rounds: usize, all: bool) -> io::Result<Report> {
    let mut report = Report {
        rounds,
        ..Report::default()
    };
    for path in super::check_games::find_records(paths)? {
        report.records += 1;
        if !all && !held_out(&path) {
            report.trained_on += 1;
            continue;
        }
        let Some(game) = classic_game(&path) else {
            report.not_classic += 1;
            continue;
        };
        for (ply, position) in positions_at(&game, &PLIES) {
            let at = PLIES.iter().position(|p| *p == ply).unwrap_or(0);
            report.games[at] += 1;
            for viewer in Side::BOTH {
                let mut labels = Vec::new();
                let mut per_piece = Vec::new();
                let mut hand_made = Vec::new();
                let mut remaining = None;
                pieces_seen(&position, viewer, |army, piece| {
                    let x = army.features(&piece.hidden);
                    per_piece.push(model.probabilities(&x, &piece.allowed));
                    let mut hand = [0.0f32; CLASSES];
                    for (p, odds) in army.hand_made.odds(position.variant(), &piece.hidden) {
                        if let Some(k) = army.class_of(p.kind) {
                            hand[k] += odds;
                        }
                    }
                    hand_made.push(hand);
                    labels.push(piece.label);
                    remaining.get_or_insert(army.remaining());
                });
                let mut fitted = per_piece.clone();
                if let Some(remaining) = remaining {
                    fit_army(&mut fitted, &remaining, rounds);
                }
                let scores = &mut report.scores[at];
                for (i, label) in labels.iter().enumerate() {
                    scores[0].add(&fitted[i], *label);
                    scores[1].add(&per_piece[i], *label);
                    scores[2].add(&hand_made[i], *label);
                }
            }
        }
    }
    Ok(report)
}

/// Writes the report as a table, ending with the overall line.
pub fn print(report: &Report, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "belief-check: {} records; {} left out as the training reads them (file name's FNV-1a hash not 0 modulo 10), {} not classic or unreadable; {} games measured",
        report.records, report.trained_on, report.not_classic, report.games[0]
    )?;
    writeln!(
        out,
        "Every hidden enemy piece, from both sides' views. Log loss: the mean of -ln p(true rank), p clamped at {FLOOR} (a zero would cost {:.2}, not infinity). Accuracy: how often the likeliest rank is the true one.",
        -f64::from(FLOOR).ln()
    )?;
    writeln!(
        out,
        "learned: the model with the army made consistent ({} rounds of fitting); per piece: the model alone; hand-made: setup habits and approaches.",
        report.rounds
    )?;
    write!(out, "\n{:>5} {:>6} {:>8}", "ply", "games", "pieces")?;
    for name in BELIEFS {
        write!(out, "  {:>18}", format!("{name} loss/acc"))?;
    }
    writeln!(out)?;
    let row = |out: &mut dyn Write, scores: &[Score; 3]| -> io::Result<()> {
        for s in scores {
            write!(
                out,
                "  {:>10.4} {:>6.1}%",
                s.mean_loss(),
                100.0 * s.accuracy()
            )?;
        }
        writeln!(out)
    };
    for (at, ply) in PLIES.iter().enumerate() {
        write!(
            out,
            "{ply:>5} {:>6} {:>8}",
            report.games[at], report.scores[at][0].pieces
        )?;
        row(out, &report.scores[at])?;
    }
    let overall = [0, 1, 2].map(|b| report.overall(b));
    write!(out, "{:>5} {:>6} {:>8}", "all", "", overall[0].pieces)?;
    row(out, &overall)?;
    writeln!(
        out,
        "learned below hand-made at every ply: {}",
        if report.learned_wins_everywhere() {
            "yes"
        } else {
            "no"
        }
    )?;
    writeln!(
        out,
        "overall log loss: learned {:.4}, hand-made {:.4}",
        overall[0].mean_loss(),
        overall[2].mean_loss()
    )
}

/// The built-in model, or the one in `file`.
pub fn model(file: Option<&std::path::Path>) -> Result<Model, String> {
    match file {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => learned_belief::built_in()
            .cloned()
            .ok_or_else(|| "the built-in model does not load".to_string()),
    }
}

/// The arguments of `flagfall belief-check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files or folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Score this model file instead of the built-in one.
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Also score records the training reads (their file name's hash is not 0 modulo 10).
    #[arg(long)]
    pub all: bool,
    /// Rounds of fitting that make the learned army consistent (the expert's unless told).
    #[arg(long, default_value_t = learned_belief::FIT_ROUNDS)]
    pub fit_rounds: usize,
}

/// `flagfall belief-check`: scores the model on the records and prints
/// the report to stdout.
pub fn run_command(args: Args) -> ExitCode {
    let Args {
        paths,
        model: model_file,
        all,
        fit_rounds,
    } = args;
    let model = match model(model_file.as_deref()) {
        Ok(model) => model,
        Err(e) => {
            eprintln!("belief-check: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = std::io::stdout().lock();
    match check(&paths, &model, fit_rounds, all).and_then(|report| print(&report, &mut out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("belief-check: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::options::GameOptions;
    use crate::core::record::GameRecord;
    use crate::core::variant::builtin_variant;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use std::path::Path;

    /// A classic game of random moves, `plies` long if it lasts.
    fn random_game(seed: u64, plies: usize) -> Game {
        let variant = builtin_variant("classic").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
        for _ in 0..plies {
            let actions = game.position().legal_actions();
            let Some(action) = actions.choose(&mut rng) else {
                break;
            };
            game.play(*action).unwrap();
        }
        game
    }

    /// A file name the training leaves out.
    fn held_out_name(stem: &str) -> String {
        (0..)
            .map(|i| format!("{stem}-{i}.json"))
            .find(|name| held_out(Path::new(name)))
            .unwrap()
    }

    #[test]
    fn a_few_records_give_the_table_and_the_overall_line() {
        let dir = std::env::temp_dir().join(format!("belief-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for seed in 0..3 {
            let game = random_game(seed, 120);
            let name = held_out_name(&format!("tiny{seed}"));
            std::fs::write(dir.join(name), GameRecord::from_game(&game).to_json()).unwrap();
        }
        // A record the training reads is left out.
        let trained = (0..)
            .map(|i| format!("trained-{i}.json"))
            .find(|name| !held_out(Path::new(name)))
            .unwrap();
        let game = random_game(9, 60);
        std::fs::write(dir.join(trained), GameRecord::from_game(&game).to_json()).unwrap();
        let model = model(None).unwrap();
        let report = check(std::slice::from_ref(&dir), &model, 3, false).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!((report.records, report.trained_on), (4, 1));
        assert!(report.games[0] >= 1, "{report:?}");
        assert!(report.scores[0][0].pieces > 0);
        let mut out = Vec::new();
        print(&report, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let last = text.lines().last().unwrap();
        assert!(last.starts_with("overall log loss: learned "), "{text}");
        assert!(last.contains(", hand-made "), "{last}");
        assert_eq!(text.matches("overall log loss").count(), 1);
        assert!(text.contains("clamped at 0.0001"));
    }
}
