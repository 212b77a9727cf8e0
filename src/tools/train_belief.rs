//! `flagfall train-belief`: trains the model of what each hidden enemy
//! piece is (`src/ai/learned_belief.rs`) on Gravon's classic records
//! and writes it as the model file the app carries.
//!
//! Records are held out by file name: a record whose name's FNV-1a hash
//! is 0 modulo 10 (`held_out`, about one in ten) is never read here, and
//! is what `flagfall belief-check` measures on; of the rest, hash 1 modulo
//! 10 is read only to report the loss while training. From every other
//! classic record, both sides' views every `STRIDE` plies (from a start
//! the file name picks) up to ply `LAST_PLY` give each hidden enemy piece's
//! inputs and its true rank. The weights start from the hand-made belief
//! (each rank's logit its hand-made log-odds) and are fitted by Adam on
//! minibatches in an order drawn from a fixed seed, so the same records
//! make the same model.
//!
//! Remake the model with:
//!
//! ```sh
//! tar -xJf ../shared/gravon/gravon-train.tar.xz -C /tmp/gravon
//! cargo run -- train-belief /tmp/gravon/classic --out src/ai/learned_belief_model.bin
//! ```

use crate::ai::learned_belief::{ArmyView, CLASSES, FEATURES, HIDDEN, Model, fnv1a, softmax};
use crate::core::check::{RuleOverrides, replay_record};
use crate::core::game::Game;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::view::PlayerView;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Plies between two views of a game used for training.
const STRIDE: u32 = 15;
/// The last ply used for training.
const LAST_PLY: u32 = 360;
/// Passes over the training pieces.
const EPOCHS: usize = 6;
/// Pieces per step of Adam.
const BATCH: usize = 256;
/// Adam's step size at the start; it falls by a third each pass.
const LEARNING_RATE: f32 = 2e-3;
/// The seed of the initial weights and of the order pieces are visited in.
pub const SEED: u64 = 66;

/// Whether the record named so is held out of training (its file name's
/// FNV-1a hash is 0 modulo 10): `belief-check` measures on these.
pub fn held_out(path: &Path) -> bool {
    bucket(path) == 0
}

/// The file name's FNV-1a hash, modulo 10.
fn bucket(path: &Path) -> u64 {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    fnv1a(name.unwrap_or_default().as_bytes()) % 10
}

/// A classic game from a record file (Gravon XML or Flagfall JSON),
/// replayed as far as the engine agrees with it.
pub fn classic_game(path: &Path) -> Option<Game> {
    let bytes = std::fs::read(path).ok()?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let replay = replay_record(
        &String::from_utf8_lossy(&bytes),
        name.as_deref(),
        &RuleOverrides::default(),
    );
    replay.game.filter(|game| game.variant().id == "classic")
}

/// The positions of `game` after each of `plies` it reaches.
pub fn positions_at(game: &Game, plies: &[u32]) -> Vec<(u32, Position)> {
    let mut out = Vec::new();
    let mut position = game.position_after(0);
    for (done, action) in game.actions().iter().enumerate() {
        if position.play(*action).is_err() {
            break;
        }
        let ply = done as u32 + 1;
        if plies.contains(&ply) {
            out.push((ply, position.clone()));
        }
    }
    out
}

/// Every hidden enemy piece of `viewer`'s view of `position` with its
/// inputs, the ranks it may be, and its true rank's class.
pub fn pieces_seen(position: &Position, viewer: Side, mut each: impl FnMut(&ArmyView, Piece)) {
    let view = PlayerView::new(position, viewer);
    let Some(army) = ArmyView::new(&view) else {
        return;
    };
    for hidden in &army.hand_made.hidden {
        let truth = position.piece(hidden.id).piece.kind;
        let Some(label) = army.class_of(truth) else {
            continue;
        };
        let allowed = army.allowed(hidden);
        if !allowed[label] {
            continue;
        }
        each(
            &army,
            Piece {
                hidden: *hidden,
                allowed,
                label,
            },
        );
    }
}

/// One hidden piece of a view, with what the model may call it and what it is.
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    pub hidden: crate::ai::Hidden,
    pub allowed: [bool; CLASSES],
    pub label: usize,
}

/// Training pieces: inputs, allowed ranks (bits) and true ranks.
#[derive(Default)]
struct Pieces {
    x: Vec<f32>,
    allowed: Vec<u16>,
    label: Vec<u8>,
}

impl Pieces {
    fn len(&self) -> usize {
        self.label.len()
    }

    fn extend(&mut self, other: Pieces) {
        self.x.extend(other.x);
        self.allowed.extend(other.allowed);
        self.label.extend(other.label);
    }

    fn get(&self, i: usize) -> ([f32; FEATURES], [bool; CLASSES], usize) {
        let mut x = [0.0; FEATURES];
        x.copy_from_slice(&self.x[i * FEATURES..(i + 1) * FEATURES]);
        let bits = self.allowed[i];
        (
            x,
            std::array::from_fn(|k| bits & (1 << k) != 0),
            self.label[i] as usize,
        )
    }
}

/// The training pieces of the records `files`, in their order.
fn read_pieces(files: &[PathBuf]) -> (Pieces, usize) {
    let mut pieces = Pieces::default();
    let mut games = 0;
    for path in files {
        let Some(game) = classic_game(path) else {
            continue;
        };
        games += 1;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let start =
            1 + (fnv1a(name.unwrap_or_default().as_bytes()) / 10 % u64::from(STRIDE)) as u32;
        let plies: Vec<u32> = (start..=LAST_PLY).step_by(STRIDE as usize).collect();
        for (_, position) in positions_at(&game, &plies) {
            for viewer in Side::BOTH {
                pieces_seen(&position, viewer, |army, piece| {
                    pieces.x.extend(army.features(&piece.hidden));
                    let bits = (0..CLASSES)
                        .filter(|&k| piece.allowed[k])
                        .fold(0u16, |b, k| b | (1 << k));
                    pieces.allowed.push(bits);
                    pieces.label.push(piece.label as u8);
                });
            }
        }
    }
    (pieces, games)
}

/// `read_pieces` on two threads, joined in the files' order.
fn read_pieces_parallel(files: &[PathBuf]) -> (Pieces, usize) {
    let (first, second) = files.split_at(files.len() / 2);
    std::thread::scope(|scope| {
        let other = scope.spawn(|| read_pieces(second));
        let (mut pieces, games) = read_pieces(first);
        let (more, more_games) = other.join().expect("reading records does not panic");
        pieces.extend(more);
        (pieces, games + more_games)
    })
}

/// The mean log loss of `model` over `pieces`.
fn mean_loss(model: &Model, pieces: &Pieces) -> f64 {
    let total: f64 = (0..pieces.len())
        .map(|i| {
            let (x, allowed, label) = pieces.get(i);
            let p = model.probabilities(&x, &allowed)[label];
            -f64::from(p.max(1e-4)).ln()
        })
        .sum();
    total / pieces.len().max(1) as f64
}

/// Adds one piece's gradient of the log loss to `grad`; returns its loss.
fn accumulate(
    model: &Model,
    grad: &mut Model,
    x: &[f32; FEATURES],
    allowed: &[bool; CLASSES],
    label: usize,
) -> f32 {
    let (h, logits) = model.forward(x);
    let p = softmax(&logits, allowed);
    let mut d = p;
    d[label] -= 1.0;
    let mut dh = [0.0f32; HIDDEN];
    for (k, dk) in d.into_iter().enumerate() {
        if dk == 0.0 {
            continue;
        }
        grad.b2[k] += dk;
        let w2 = &model.w2[k * HIDDEN..(k + 1) * HIDDEN];
        for (j, g) in grad.w2[k * HIDDEN..(k + 1) * HIDDEN].iter_mut().enumerate() {
            *g += dk * h[j];
            dh[j] += dk * w2[j];
        }
        for (g, xi) in grad.skip[k * FEATURES..(k + 1) * FEATURES]
            .iter_mut()
            .zip(x)
        {
            *g += dk * xi;
        }
    }
    for j in 0..HIDDEN {
        if h[j] <= 0.0 {
            continue;
        }
        grad.b1[j] += dh[j];
        for (g, xi) in grad.w1[j * FEATURES..(j + 1) * FEATURES].iter_mut().zip(x) {
            *g += dh[j] * xi;
        }
    }
    -p[label].max(1e-9).ln()
}

/// The starting weights: each rank's logit its hand-made log-odds (the
/// first `CLASSES` inputs), the hidden layer small and random.
fn initial_model(rng: &mut ChaCha8Rng) -> Model {
    let mut model = Model::zero();
    let spread = (6.0 / FEATURES as f32).sqrt() * 0.5;
    for w in &mut model.w1 {
        *w = rng.random_range(-spread..spread);
    }
    for w in &mut model.w2 {
        *w = rng.random_range(-0.05..0.05);
    }
    for k in 0..CLASSES {
        model.skip[k * FEATURES + k] = 1.0;
    }
    model
}

/// Trains a model on the records under `paths` (classic, not held out),
/// reporting progress on `log`.
pub fn train(paths: &[PathBuf], log: &mut impl Write) -> Result<Model, String> {
    let started = Instant::now();
    let files = super::check_games::find_records(paths).map_err(|e| e.to_string())?;
    let total = files.len();
    let (training, watching): (Vec<PathBuf>, Vec<PathBuf>) = files
        .into_iter()
        .filter(|path| !held_out(path))
        .partition(|path| bucket(path) != 1);
    let (pieces, games) = read_pieces_parallel(&training);
    let (watch, watch_games) = read_pieces_parallel(&watching);
    let _ = writeln!(
        log,
        "train-belief: {total} records, {} held out unread; {games} classic games give {} pieces to train on, {watch_games} give {} to watch the loss on ({:.0} s)",
        total - training.len() - watching.len(),
        pieces.len(),
        watch.len(),
        started.elapsed().as_secs_f64()
    );
    if pieces.len() == 0 {
        return Err("no classic record to train on".into());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut model = initial_model(&mut rng);
    let _ = writeln!(
        log,
        "hand-made start: watched loss {:.4}",
        mean_loss(&model, &watch)
    );
    let mut first = Model::zero();
    let mut second = Model::zero();
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut step = 0i32;
    for epoch in 0..EPOCHS {
        order.shuffle(&mut rng);
        let rate = LEARNING_RATE * (2.0f32 / 3.0).powi(epoch as i32);
        let mut loss = 0.0f64;
        for batch in order.chunks(BATCH) {
            let mut grad = Model::zero();
            for &i in batch {
                let (x, allowed, label) = pieces.get(i);
                loss += f64::from(accumulate(&model, &mut grad, &x, &allowed, label));
            }
            step += 1;
            let scale = 1.0 / batch.len() as f32;
            let (fix1, fix2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let grads = grad.parts_mut();
            let firsts = first.parts_mut();
            let seconds = second.parts_mut();
            for (((w, g), m), v) in model
                .parts_mut()
                .into_iter()
                .zip(grads)
                .zip(firsts)
                .zip(seconds)
            {
                for i in 0..w.len() {
                    let g = g[i] * scale;
                    m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                    v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                    w[i] -= rate * (m[i] / fix1) / ((v[i] / fix2).sqrt() + 1e-8);
                }
            }
        }
        let _ = writeln!(
            log,
            "pass {}: training loss {:.4}, watched loss {:.4} ({:.0} s)",
            epoch + 1,
            loss / pieces.len() as f64,
            mean_loss(&model, &watch),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(model)
}

/// The arguments of `flagfall train-belief`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files or folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The model file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// `flagfall train-belief`: trains the model on the records, logging to
/// stderr, and writes it to `--out`.
pub fn run_command(args: Args) -> ExitCode {
    let Args { paths, out } = args;
    match train(&paths, &mut std::io::stderr()) {
        Ok(model) => match std::fs::write(&out, model.to_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("train-belief: {}: {e}", out.display());
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("train-belief: {e}");
            ExitCode::FAILURE
        }
    }
}
