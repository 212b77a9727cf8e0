//! What each hidden enemy piece probably is in classic, by a small model
//! trained on people's games (Gravon's classic records, both setups known,
//! so every hidden piece at every ply has its true rank as a label):
//! `flagfall train-belief` makes `learned_belief_model.bin`, and
//! `flagfall belief-check` measures it against the hand-made belief on
//! records it never saw (src/tools/train_belief.rs says how).
//!
//! Per piece, the model reads what the view shows of it (`features`): the
//! hand-made belief's odds, how people set up its square, whether it has
//! moved and where it stands now, whether it made the last move and at
//! what, what stands beside it, the ply and how many of each rank remain
//! unaccounted for. It is one hidden layer of `HIDDEN` units beside a
//! linear part; a moved piece gets no chance of bomb or flag, a rank all
//! of whose pieces are seen none. Then the army is made consistent
//! (`fit_army`): the expected count of each rank over the hidden pieces
//! is brought to what remains by a few rounds of proportional fitting.
//!
//! A view does not show how often a piece has moved, or what it walked at
//! or fled from before the last move. Six such inputs counted over the
//! whole game (its moves, its approaches to and flights from our seen
//! pieces and their ranks, the plies since it last moved) brought the
//! held-out log loss only from 1.9566 to 1.9560, so they were left out.

use super::belief::{Belief, Hidden};
use super::setup_habits_table::{COUNTS, KINDS};
use crate::ai::knowledge::approach::leaning;
use crate::core::piece::PieceId;
use crate::core::side::Side;
use crate::core::variant::{KindId, Mobility, Variant};
use crate::core::view::PlayerView;
use std::sync::OnceLock;

/// The ranks the model tells apart, in `setup_habits_table::KINDS` order.
pub const CLASSES: usize = 12;

/// Inputs per hidden piece (`features`).
pub const FEATURES: usize = 12 * 5 + 14 + 12;

/// Units in the model's hidden layer. On the records watched while
/// training (`train_belief.rs`), 32 units scored a log loss of 1.9645
/// (with fewer inputs and less data), 64 1.9604, and 128 (8 passes) 1.9602
/// at twice the training time.
pub const HIDDEN: usize = 64;

/// Rounds of proportional fitting that make the army consistent
/// (`fit_army`); 0 leaves each piece's odds as the model gave them. On the
/// watched records: 0 rounds 1.9647, 1 round 1.9605, 3 or more 1.9604.
pub const FIT_ROUNDS: usize = 3;

/// The trained model, made by `flagfall train-belief` (remake it with
/// `cargo run -- train-belief /tmp/gravon/classic --out src/ai/learned_belief_model.bin`).
static MODEL_BYTES: &[u8] = include_bytes!("learned_belief_model.bin");

/// The model in the repository, read once; `None` when it does not load.
pub fn built_in() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL
        .get_or_init(|| Model::from_bytes(MODEL_BYTES).ok())
        .as_ref()
}

/// Why a model file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    #[error("not a Flagfall belief model (wrong start)")]
    NotAModel,
    #[error("model version {0}, this build reads version {VERSION}")]
    Version(u32),
    #[error(
        "the model has {0} inputs, {1} hidden units and {2} ranks; this build needs {FEATURES}, {HIDDEN} and {CLASSES}"
    )]
    Shape(u32, u32, u32),
    #[error("the model file is {0} bytes, {1} expected")]
    Length(usize, usize),
    #[error("the model file is damaged (its checksum does not match)")]
    Checksum,
    #[error("the model holds a weight that is not a number")]
    NotFinite,
}

const MAGIC: &[u8; 16] = b"FLAGFALL-BELIEF\0";
const VERSION: u32 = 1;

/// One hidden layer (`HIDDEN` units, ReLU) beside a linear part, each
/// rank's logit their sum. Weights are row-major by output.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// `HIDDEN x FEATURES`.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// `CLASSES x HIDDEN`.
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
    /// `CLASSES x FEATURES`.
    pub skip: Vec<f32>,
}

impl Model {
    /// A model whose every weight is zero (each allowed rank as likely).
    pub fn zero() -> Model {
        Model {
            w1: vec![0.0; HIDDEN * FEATURES],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; CLASSES * HIDDEN],
            b2: vec![0.0; CLASSES],
            skip: vec![0.0; CLASSES * FEATURES],
        }
    }

    fn parts(&self) -> [&Vec<f32>; 5] {
        [&self.w1, &self.b1, &self.w2, &self.b2, &self.skip]
    }

    /// Every weight, part by part (for training).
    pub fn parts_mut(&mut self) -> [&mut Vec<f32>; 5] {
        [
            &mut self.w1,
            &mut self.b1,
            &mut self.w2,
            &mut self.b2,
            &mut self.skip,
        ]
    }

    /// The model file: a start, the version and shape, the weights (f32
    /// little-endian), and an FNV-1a checksum of all before it.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [VERSION, FEATURES as u32, HIDDEN as u32, CLASSES as u32] {
            out.extend(n.to_le_bytes());
        }
        for part in self.parts() {
            for w in part {
                out.extend(w.to_le_bytes());
            }
        }
        let sum = fnv1a(&out);
        out.extend(sum.to_le_bytes());
        out
    }

    /// Reads a model file; any damage is an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        let header = MAGIC.len() + 16;
        if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
            return Err(ModelError::NotAModel);
        }
        let word = |i: usize| {
            let at = MAGIC.len() + 4 * i;
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        if word(0) != VERSION {
            return Err(ModelError::Version(word(0)));
        }
        let (inputs, hidden, classes) = (word(1), word(2), word(3));
        if (inputs, hidden, classes) != (FEATURES as u32, HIDDEN as u32, CLASSES as u32) {
            return Err(ModelError::Shape(inputs, hidden, classes));
        }
        let mut model = Model::zero();
        let weights: usize = model.parts().iter().map(|p| p.len()).sum();
        let expected = header + 4 * weights + 8;
        if bytes.len() != expected {
            return Err(ModelError::Length(bytes.len(), expected));
        }
        let (body, sum) = bytes.split_at(expected - 8);
        let mut stored = [0u8; 8];
        stored.copy_from_slice(sum);
        if u64::from_le_bytes(stored) != fnv1a(body) {
            return Err(ModelError::Checksum);
        }
        let mut floats = body[header..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for part in model.parts_mut() {
            for w in part.iter_mut() {
                *w = floats
                    .next()
                    .ok_or(ModelError::Length(bytes.len(), expected))?;
            }
        }
        if model
            .parts()
            .iter()
            .any(|p| p.iter().any(|w| !w.is_finite()))
        {
            return Err(ModelError::NotFinite);
        }
        Ok(model)
    }

    /// The hidden layer's activations (after ReLU) and each rank's logit.
    pub fn forward(&self, x: &[f32; FEATURES]) -> ([f32; HIDDEN], [f32; CLASSES]) {
        let mut h = [0.0f32; HIDDEN];
        for (j, out) in h.iter_mut().enumerate() {
            let row = &self.w1[j * FEATURES..(j + 1) * FEATURES];
            let z: f32 = self.b1[j] + row.iter().zip(x).map(|(w, x)| w * x).sum::<f32>();
            *out = z.max(0.0);
        }
        let mut logits = [0.0f32; CLASSES];
        for (k, out) in logits.iter_mut().enumerate() {
            let deep = &self.w2[k * HIDDEN..(k + 1) * HIDDEN];
            let skip = &self.skip[k * FEATURES..(k + 1) * FEATURES];
            *out = self.b2[k]
                + deep.iter().zip(&h).map(|(w, h)| w * h).sum::<f32>()
                + skip.iter().zip(x).map(|(w, x)| w * x).sum::<f32>();
        }
        (h, logits)
    }

    /// Each rank's probability for one piece, none for a rank `allowed`
    /// rules out.
    pub fn probabilities(&self, x: &[f32; FEATURES], allowed: &[bool; CLASSES]) -> [f32; CLASSES] {
        softmax(&self.forward(x).1, allowed)
    }
}

/// The softmax of `logits` over the `allowed` ranks (all zero if none is).
pub fn softmax(logits: &[f32; CLASSES], allowed: &[bool; CLASSES]) -> [f32; CLASSES] {
    let top = (0..CLASSES)
        .filter(|&k| allowed[k])
        .map(|k| logits[k])
        .fold(f32::NEG_INFINITY, f32::max);
    let mut p = [0.0f32; CLASSES];
    if !top.is_finite() {
        return p;
    }
    for k in 0..CLASSES {
        if allowed[k] {
            p[k] = (logits[k] - top).exp();
        }
    }
    let total: f32 = p.iter().sum();
    p.map(|v| v / total)
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What the view shows of the enemy army as a whole, worked out once per
/// view: the model's inputs for each of its hidden pieces.
pub struct ArmyView<'a> {
    view: &'a PlayerView,
    /// Each class's kind in the view's variant.
    kinds: [KindId; CLASSES],
    /// How many of each rank the enemy started with, and has unaccounted for.
    army: [f32; CLASSES],
    remaining: [f32; CLASSES],
    /// The hand-made belief (setup habits, approaches) whose odds are inputs.
    pub hand_made: Belief,
    hidden_moved: f32,
    /// Bombs and flags unaccounted for.
    immobile_left: f32,
    leaning: Option<(PieceId, [f32; CLASSES])>,
}

impl<'a> ArmyView<'a> {
    /// `None` unless the view's variant has the classic ranks.
    pub fn new(view: &'a PlayerView) -> Option<ArmyView<'a>> {
        let variant = &*view.variant;
        if variant.id != "classic" {
            return None;
        }
        let mut kinds = [KindId(0); CLASSES];
        for (k, key) in KINDS.iter().enumerate() {
            kinds[k] = variant.kind_by_key(key)?;
        }
        let enemy = view.viewer.opponent();
        let army = kinds.map(|kind| variant.kind(kind).count as f32);
        let mut remaining = army;
        for seen in view
            .squares
            .iter()
            .flatten()
            .chain(&view.captured[enemy.index()])
        {
            if let Some(piece) = seen.piece.filter(|_| seen.owner == enemy)
                && let Some(k) = kinds.iter().position(|kind| *kind == piece.kind)
            {
                remaining[k] = (remaining[k] - 1.0).max(0.0);
            }
        }
        let hand_made = Belief::new(view)
            .with_setup_habits(view)
            .with_approaches(view);
        let hidden_moved = hand_made.hidden.iter().filter(|h| h.moved).count() as f32;
        let immobile_left = (0..CLASSES)
            .filter(|&k| variant.kind(kinds[k]).mobility == Mobility::Immobile)
            .map(|k| remaining[k])
            .sum();
        let leaning = leaning(view).map(|(id, weights)| {
            let by_class =
                kinds.map(|kind| weights.get(kind.0 as usize).map_or(1.0, |w| *w as f32));
            (id, by_class)
        });
        Some(ArmyView {
            view,
            kinds,
            army,
            remaining,
            hand_made,
            hidden_moved,
            immobile_left,
            leaning,
        })
    }

    /// Each class's kind in the view's variant.
    pub fn kinds(&self) -> &[KindId; CLASSES] {
        &self.kinds
    }

    /// How many of each rank the enemy has unaccounted for.
    pub fn remaining(&self) -> [f32; CLASSES] {
        self.remaining
    }

    /// The class of `kind`, if the model has it.
    pub fn class_of(&self, kind: KindId) -> Option<usize> {
        self.kinds.iter().position(|k| *k == kind)
    }

    /// The ranks `piece` may be: some left unaccounted for, and no bomb or
    /// flag once it has moved.
    pub fn allowed(&self, piece: &Hidden) -> [bool; CLASSES] {
        let variant = &*self.view.variant;
        std::array::from_fn(|k| {
            self.remaining[k] > 0.0
                && !(piece.moved && variant.kind(self.kinds[k]).mobility == Mobility::Immobile)
        })
    }

    /// The model's inputs for one hidden piece.
    pub fn features(&self, piece: &Hidden) -> [f32; FEATURES] {
        let view = self.view;
        let variant = &*view.variant;
        let enemy = view.viewer.opponent();
        let mut x = [0.0f32; FEATURES];
        // The hand-made belief's odds, as logs.
        let mut hand = [0.0f32; CLASSES];
        for (p, odds) in self.hand_made.odds(variant, piece) {
            if let Some(k) = self.class_of(p.kind) {
                hand[k] += odds;
            }
        }
        for k in 0..CLASSES {
            x[k] = hand[k].max(1e-4).ln();
        }
        // How people set up its square, while it has not moved.
        let (row, col) = own_square(variant, enemy, piece);
        if !piece.moved {
            let counts = COUNTS
                .get(row)
                .and_then(|cols| cols.get(col))
                .copied()
                .unwrap_or([0; CLASSES]);
            let total: f32 = counts.iter().map(|n| f32::from(*n) + 1.0).sum();
            for k in 0..CLASSES {
                x[12 + k] = ((f32::from(counts[k]) + 1.0) / total).ln();
            }
        }
        // What remains of each rank: its share of the hidden pieces, and
        // the part of the rank still unaccounted for.
        let left: f32 = self.remaining.iter().sum::<f32>().max(1.0);
        for k in 0..CLASSES {
            x[24 + k] = ((self.remaining[k] + 0.1) / left).ln();
            x[36 + k] = self.remaining[k] / self.army[k].max(1.0);
        }
        // What its approach told, if it made the enemy's last move.
        let mut i = 48;
        let last_mover = view
            .last_move
            .is_some_and(|m| m.to == piece.square && view.to_move == view.viewer);
        if let Some((id, weights)) = &self.leaning
            && *id == piece.id
        {
            for k in 0..CLASSES {
                x[i + k] = weights[k].ln();
            }
        }
        i += CLASSES;
        // Where it stands now, from its owner's back row.
        let rows = f32::from(variant.board.rows.max(2) - 1);
        let front = row as f32 / rows;
        x[i] = f32::from(u8::from(piece.moved));
        x[i + 1] = front;
        x[i + 2] = front * front;
        x[i + 3] = (col.min(9 - col.min(9)) as f32) / 4.0;
        x[i + 4] = f32::from(u8::from(last_mover));
        x[i + 5] = (view.ply as f32 / 200.0).min(3.0);
        x[i + 6] = self.hand_made.hidden.len() as f32 / 40.0;
        x[i + 7] = self.hidden_moved / 40.0;
        // Beside it: unmoved hidden neighbours of its own side, the
        // viewer's pieces, and lakes or the edge.
        let (mut still, mut ours, mut walls) = (0.0f32, 0.0f32, 4.0f32);
        let mut strongest_seen: Option<i32> = None;
        for n in variant.board.neighbours(piece.square) {
            if variant.board.is_blocked(n) {
                continue;
            }
            walls -= 1.0;
            match view.at(n) {
                Some(s) if s.owner == enemy && s.piece.is_none() && !s.moved => still += 1.0,
                Some(s) if s.owner == view.viewer => {
                    ours += 1.0;
                    if s.revealed
                        && let Some(p) = s.piece
                    {
                        let rank = variant.kind(p.kind).rank;
                        strongest_seen = Some(strongest_seen.map_or(rank, |r| r.max(rank)));
                    }
                }
                _ => {}
            }
        }
        x[i + 8] = still / 4.0;
        x[i + 9] = (ours + walls) / 4.0;
        // How crowded the unmoved pieces are with bombs and flags.
        let unmoved = self.hand_made.hidden.len() as f32 - self.hidden_moved;
        x[i + 10] = unmoved / 40.0;
        x[i + 11] = (self.immobile_left / unmoved.max(1.0)).min(1.0);
        // The viewer's pieces near it, and those beside it it has not seen.
        let near = variant
            .board
            .squares()
            .filter(|sq| sq.distance(piece.square) <= 2)
            .filter_map(|sq| view.at(sq))
            .filter(|s| s.owner == view.viewer)
            .count();
        let unseen_beside = variant
            .board
            .neighbours(piece.square)
            .filter_map(|n| view.at(n))
            .filter(|s| s.owner == view.viewer && !s.revealed)
            .count();
        x[i + 12] = near as f32 / 8.0;
        x[i + 13] = unseen_beside as f32 / 4.0;
        i += 14;
        // The rank of the strongest of our seen pieces beside it, one-hot.
        if let Some(rank) = strongest_seen
            && let Ok(at) = usize::try_from(rank)
            && at < CLASSES
        {
            x[i + at] = 1.0;
        }
        x
    }

    /// Each hidden piece's odds by `model`, in `hand_made.hidden` order,
    /// then brought to what remains of each rank by `rounds` of fitting.
    pub fn odds(&self, model: &Model, rounds: usize) -> Vec<[f32; CLASSES]> {
        let mut odds: Vec<[f32; CLASSES]> = self
            .hand_made
            .hidden
            .iter()
            .map(|piece| model.probabilities(&self.features(piece), &self.allowed(piece)))
            .collect();
        fit_army(&mut odds, &self.remaining, rounds);
        odds
    }
}

/// A piece's square seen from its owner's side: row 0 its back row, column
/// 0 its left.
fn own_square(variant: &Variant, owner: Side, piece: &Hidden) -> (usize, usize) {
    let (rows, cols) = (variant.board.rows - 1, variant.board.columns - 1);
    let (row, col) = match owner {
        Side::Red => (piece.square.row, piece.square.col),
        Side::Blue => (
            rows.saturating_sub(piece.square.row),
            cols.saturating_sub(piece.square.col),
        ),
    };
    (usize::from(row), usize::from(col))
}

/// Iterative proportional fitting: each rank's odds scaled so that their
/// sum over the hidden pieces is what remains of it (in proportion, where
/// more remain than are hidden), then each piece's odds scaled to sum to
/// one; `rounds` times. What is zero stays zero.
pub fn fit_army(odds: &mut [[f32; CLASSES]], remaining: &[f32; CLASSES], rounds: usize) {
    let left: f32 = remaining.iter().sum();
    if odds.is_empty() || left <= 0.0 {
        return;
    }
    let scale = odds.len() as f32 / left;
    for _ in 0..rounds {
        for k in 0..CLASSES {
            let expected: f32 = odds.iter().map(|p| p[k]).sum();
            if expected > 1e-9 {
                let factor = remaining[k] * scale / expected;
                for p in odds.iter_mut() {
                    p[k] *= factor;
                }
            }
        }
        for p in odds.iter_mut() {
            let total: f32 = p.iter().sum();
            if total > 0.0 {
                p.iter_mut().for_each(|v| *v /= total);
            }
        }
    }
}

/// The built-in model's odds for every hidden piece of the view, as each
/// piece's probability of each of the variant's kinds (by kind index); `None`
/// outside classic or without a model.
pub fn learned_odds(view: &PlayerView) -> Option<Vec<(PieceId, Vec<f32>)>> {
    let model = built_in()?;
    let army = ArmyView::new(view)?;
    let odds = army.odds(model, FIT_ROUNDS);
    let by_kind = |p: &[f32; CLASSES]| {
        let mut out = vec![0.0f32; view.variant.kinds.len()];
        for (kind, p) in army.kinds().iter().zip(p) {
            if let Some(slot) = out.get_mut(kind.0 as usize) {
                *slot = *p;
            }
        }
        out
    };
    Some(
        army.hand_made
            .hidden
            .iter()
            .zip(&odds)
            .map(|(h, p)| (h.id, by_kind(p)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_red_view;
    use crate::core::side::Side;

    /// Blue's scout has walked from e7 to e6; its other pieces stand still.
    fn after_a_move() -> PlayerView {
        test_red_view(
            &[
                (Side::Red, "e4", "general"),
                (Side::Blue, "e7", "scout"),
                (Side::Blue, "c9", "bomb"),
                (Side::Blue, "h7", "marshal"),
            ],
            &[("e4", "e5"), ("e7", "e6")],
        )
    }

    #[test]
    fn the_built_in_model_loads() {
        assert!(Model::from_bytes(MODEL_BYTES).is_ok());
        assert!(built_in().is_some());
    }

    #[test]
    fn odds_sum_to_one_and_a_moved_piece_is_no_bomb_or_flag() {
        let view = after_a_move();
        let army = ArmyView::new(&view).unwrap();
        let model = built_in().unwrap();
        let immobile: Vec<usize> = (0..CLASSES)
            .filter(|&k| view.variant.kind(army.kinds()[k]).mobility == Mobility::Immobile)
            .collect();
        assert_eq!(immobile.len(), 2, "bomb and flag");
        for rounds in [0, FIT_ROUNDS] {
            let odds = army.odds(model, rounds);
            assert_eq!(odds.len(), army.hand_made.hidden.len());
            for (piece, p) in army.hand_made.hidden.iter().zip(&odds) {
                let total: f32 = p.iter().sum();
                assert!((total - 1.0).abs() < 1e-4, "{total}");
                if piece.moved {
                    assert!(immobile.iter().all(|&k| p[k] == 0.0), "{p:?}");
                }
            }
        }
        // The belief the expert may use says the same.
        let belief = Belief::new(&view).with_learned(learned_odds(&view));
        let moved = belief.hidden.iter().find(|h| h.moved).unwrap();
        let odds = belief.odds(&view.variant, moved);
        let total: f32 = odds.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        assert!(
            odds.iter()
                .all(|(p, _)| view.variant.kind(p.kind).mobility != Mobility::Immobile)
        );
    }

    #[test]
    fn samples_from_the_learned_belief_fit_the_view() {
        use rand::SeedableRng;
        let view = after_a_move();
        let variant = &*view.variant;
        let belief = Belief::new(&view).with_learned(learned_odds(&view));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for _ in 0..200 {
            let sample = belief.sample(variant, &mut rng);
            assert_eq!(sample.len(), belief.hidden.len());
            let flags = sample.iter().filter(|(_, p)| variant.kind(p.kind).is_flag);
            assert_eq!(flags.count(), 1);
            for (hidden, piece) in &sample {
                assert!(hidden.fits(variant, piece));
            }
        }
    }

    #[test]
    fn a_damaged_model_file_is_an_error() {
        let good = Model::from_bytes(MODEL_BYTES).unwrap().to_bytes();
        assert_eq!(good, MODEL_BYTES, "the file reads back as written");
        assert_eq!(Model::from_bytes(&[]), Err(ModelError::NotAModel));
        assert_eq!(
            Model::from_bytes(b"not a model at all, just some text"),
            Err(ModelError::NotAModel)
        );
        for cut in [17, 20, 31, 32, 100, good.len() / 2, good.len() - 1] {
            assert!(Model::from_bytes(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut flipped = good.clone();
        flipped[good.len() / 2] ^= 0x40;
        assert_eq!(Model::from_bytes(&flipped), Err(ModelError::Checksum));
        let mut version = good.clone();
        version[16] = 9;
        assert_eq!(Model::from_bytes(&version), Err(ModelError::Version(9)));
        let mut shape = good.clone();
        shape[24] ^= 1;
        assert!(matches!(
            Model::from_bytes(&shape),
            Err(ModelError::Shape(..))
        ));
        let mut longer = good;
        longer.push(0);
        assert!(matches!(
            Model::from_bytes(&longer),
            Err(ModelError::Length(..))
        ));
    }

    #[test]
    fn fitting_brings_each_rank_to_what_remains() {
        // Two pieces, one left of each of two ranks; the model put both
        // mostly on the first.
        let mut remaining = [0.0f32; CLASSES];
        remaining[0] = 1.0;
        remaining[1] = 1.0;
        let mut odds = vec![[0.0f32; CLASSES]; 2];
        odds[0][0] = 0.9;
        odds[0][1] = 0.1;
        odds[1][0] = 0.6;
        odds[1][1] = 0.4;
        fit_army(&mut odds, &remaining, 20);
        for k in 0..2 {
            let expected: f32 = odds.iter().map(|p| p[k]).sum();
            assert!((expected - 1.0).abs() < 0.01, "{k}: {expected}");
        }
        assert!(odds[0][0] > odds[1][0]);
    }
}
