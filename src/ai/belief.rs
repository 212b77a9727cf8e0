//! What a player can believe about the enemy's hidden pieces, from its view
//! alone: the pieces not yet seen, drawn so that every sample fits all the
//! view shows (moved pieces are not bombs or flags, suits are respected,
//! a domino hand holds the must-hold stones, a flag is always somewhere).

use super::setup_memory::SetupMemory;
use crate::ai::knowledge::approach::{Leaning, leaning};
use crate::ai::knowledge::flag_ring::FlagRing;
use crate::core::piece::{Piece, PieceId};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{ArmyRule, KindId, Mobility, SuitId, Variant};
use crate::core::view::PlayerView;
use rand::distr::weighted::WeightedIndex;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

/// An enemy piece on the board whose identity the viewer does not know.
#[derive(Debug, Clone, Copy)]
pub struct Hidden {
    pub id: PieceId,
    pub square: Square,
    pub moved: bool,
    pub suit: Option<SuitId>,
}

impl Hidden {
    /// Whether `piece` could stand here, as far as the view tells.
    pub(super) fn fits(&self, variant: &Variant, piece: &Piece) -> bool {
        (!self.moved || variant.kind(piece.kind).mobility != Mobility::Immobile)
            && (self.suit.is_none() || piece.suit == self.suit)
    }
}

/// One army the enemy may have, less the pieces already seen.
#[derive(Debug, Clone)]
struct Army {
    /// Identities the hidden pieces may have, one entry per piece unaccounted for.
    pool: Vec<Piece>,
    /// Pieces every sample must place (unseen flags, a domino hand's must-hold stones).
    required: Vec<Piece>,
}

/// Every hidden piece with the identity a sample gives it.
pub type Guess = Vec<(Hidden, Piece)>;

#[derive(Debug, Clone)]
pub struct Belief {
    pub hidden: Vec<Hidden>,
    /// The enemy's back row, when samples put its hidden flags there
    /// likelier than farther forward (`with_setup_habits`).
    flag_back_row: Option<u8>,
    /// In classic, where samples put each unmoved piece as people set up
    /// (`with_setup_habits`, `SquareHabits`).
    square_habits: Option<SquareHabits>,
    /// In classic, how much likelier each hidden piece is the flag by what
    /// stands beside it (`with_setup_habits`, `flag_ring.rs`).
    flag_ring: Option<FlagRing>,
    /// The armies that fit the view: one, or for piecepack one per way the
    /// discards may have gone (which suit lost its flag is secret).
    armies: Vec<Army>,
    /// What the enemy's last move tells of the piece that made it
    /// (`with_approaches`).
    leaning: Option<Leaning>,
    /// In classic, each hidden piece's odds by the model learned from
    /// people's games, by kind index (`with_learned`).
    learned: Option<Vec<(PieceId, Vec<f32>)>>,
    /// How much likelier each kind (by index) is for each unmoved hidden
    /// piece by where this opponent was seen to set up before
    /// (`with_memory`).
    remembered: Option<Vec<(PieceId, Vec<f64>)>>,
}

impl Belief {
    pub fn new(view: &PlayerView) -> Belief {
        let variant = &*view.variant;
        let enemy = view.viewer.opponent();
        let mut hidden = Vec::new();
        let mut known: Vec<Piece> = Vec::new();
        for seen in view
            .squares
            .iter()
            .flatten()
            .chain(view.captured[enemy.index()].iter())
        {
            if seen.owner != enemy {
                continue;
            }
            match seen.piece {
                Some(piece) => known.push(piece),
                None => {
                    if let Some(square) = square_of(view, seen.id) {
                        hidden.push(Hidden {
                            id: seen.id,
                            square,
                            moved: seen.moved,
                            suit: seen.suit,
                        });
                    }
                }
            }
        }
        let armies = full_armies(variant, enemy)
            .into_iter()
            .filter_map(|army| army.less(variant, &known))
            .collect();
        Belief {
            hidden,
            armies,
            flag_back_row: None,
            square_habits: None,
            flag_ring: None,
            leaning: None,
            learned: None,
            remembered: None,
        }
    }

    /// The same belief, where each hidden piece's odds, and the samples,
    /// follow `learned` (each piece's odds of every kind by index: what
    /// `learned_belief::learned_odds` gives in classic) in place of the
    /// setup habits and approaches; with `None`, unchanged.
    pub fn with_learned(mut self, learned: Option<Vec<(PieceId, Vec<f32>)>>) -> Belief {
        self.learned = learned;
        self
    }

    /// The same belief, where each unmoved hidden piece is likelier the
    /// kinds `memory` saw this opponent start on its square in earlier
    /// games (`setup_memory.rs`), in the odds and the samples; unchanged
    /// with no memory or nothing remembered of the variant.
    pub fn with_memory(mut self, view: &PlayerView, memory: Option<&SetupMemory>) -> Belief {
        let variant = &*view.variant;
        let Some(memory) = memory.filter(|m| m.games(variant) > 0) else {
            return self;
        };
        let enemy = view.viewer.opponent();
        let weights = self
            .hidden
            .iter()
            .filter(|h| !h.moved)
            .map(|h| {
                let by_kind = variant
                    .kind_ids()
                    .map(|kind| memory.weight(variant, enemy, h.square, kind))
                    .collect();
                (h.id, by_kind)
            })
            .collect();
        self.remembered = Some(weights);
        self
    }

    /// How much likelier `kind` is for the hidden piece `id` by memory.
    fn remembered_weight(&self, id: PieceId, kind: KindId) -> f64 {
        self.remembered
            .as_ref()
            .and_then(|all| all.iter().find(|(h, _)| *h == id))
            .and_then(|(_, by_kind)| by_kind.get(kind.0 as usize).copied())
            .unwrap_or(1.0)
    }

    /// The learned odds of each kind (by index) for the hidden piece `id`.
    fn learned_of(&self, id: PieceId) -> Option<&[f32]> {
        let (_, odds) = self.learned.as_ref()?.iter().find(|(h, _)| *h == id)?;
        Some(odds)
    }

    /// The same belief, where a hidden piece that just walked at one of
    /// our seen pieces is likelier what beats it (`approach.rs`), in the
    /// samples and in the odds a battle is judged by.
    pub fn with_approaches(mut self, view: &PlayerView) -> Belief {
        self.leaning = leaning(view);
        self
    }

    /// How much likelier `kind` is for `piece` by what stands beside it:
    /// less likely the flag the more of its neighbours are open.
    fn ring_weight(&self, variant: &Variant, piece: &Hidden, kind: KindId) -> f64 {
        match &self.flag_ring {
            Some(ring) if variant.kind(kind).is_flag => ring.flag_weight(piece.id),
            _ => 1.0,
        }
    }

    /// How much likelier `kind` is for the hidden piece `id` by its approach.
    fn leaning_of(&self, id: PieceId, kind: KindId) -> Option<f64> {
        let (_, weights) = self.leaning.as_ref().filter(|(leaner, _)| *leaner == id)?;
        weights.get(kind.0 as usize).copied()
    }

    /// The same belief, with samples that follow how players set up: a
    /// hidden flag on the enemy's back row `FLAG_AT_THE_BACK` times likelier
    /// than one row farther forward, and so on row by row; the odds a
    /// battle is judged by stay plain counts.
    ///
    /// In classic, whose setups people's games show (Gravon's 13,491
    /// records, `setup_habits_table.rs`), every unmoved piece instead
    /// takes each identity as often as people put that piece on its
    /// square, in the samples and in the odds a battle is judged by (an
    /// unmoved back-row piece is a bomb twice as often as the plain count
    /// says).
    pub fn with_setup_habits(mut self, view: &PlayerView) -> Belief {
        let enemy = view.viewer.opponent();
        self.flag_back_row = Some(match enemy {
            Side::Red => 0,
            Side::Blue => view.variant.board.rows - 1,
        });
        self.square_habits = SquareHabits::for_variant(&view.variant, enemy);
        if self.square_habits.is_some() {
            self.flag_ring = Some(FlagRing::new(view));
        }
        self
    }

    /// How likely each identity is for `piece`, by counting what is left
    /// (a moved piece is never a bomb or flag), averaged over the armies;
    /// in classic with setup habits, an unmoved piece's count of each
    /// identity weighed by how often people put it on that square.
    pub fn odds(&self, variant: &Variant, piece: &Hidden) -> Vec<(Piece, f32)> {
        if let Some(learned) = self.learned_of(piece.id) {
            let weighed: Vec<(Piece, f32)> = variant
                .kind_ids()
                .filter_map(|kind| {
                    let p = learned.get(kind.0 as usize).copied().unwrap_or(0.0)
                        * self.remembered_weight(piece.id, kind) as f32;
                    (p > 0.0).then_some((Piece::new(kind), p))
                })
                .collect();
            if self.remembered.is_none() {
                return weighed;
            }
            let total: f32 = weighed.iter().map(|(_, p)| p).sum();
            return weighed
                .into_iter()
                .map(|(kind, p)| (kind, p / total.max(f32::MIN_POSITIVE)))
                .collect();
        }
        let mut odds: Vec<(Piece, f32)> = Vec::new();
        let share = 1.0 / self.armies.len().max(1) as f32;
        let weight = |p: &Piece| {
            let remembered = self.remembered_weight(piece.id, p.kind);
            (match &self.square_habits {
                Some(habits) if !piece.moved => {
                    habits.weight(piece, p.kind) * self.ring_weight(variant, piece, p.kind)
                }
                _ => self.leaning_of(piece.id, p.kind).unwrap_or(1.0),
            } * remembered) as f32
        };
        for army in &self.armies {
            let fitting: Vec<&Piece> = army
                .required
                .iter()
                .chain(&army.pool)
                .filter(|p| piece.fits(variant, p))
                .collect();
            let total: f32 = fitting.iter().map(|p| weight(p)).sum();
            for p in fitting {
                let each = share * weight(p) / total.max(f32::MIN_POSITIVE);
                let key = Piece {
                    flipped: false,
                    ..*p
                };
                match odds.iter_mut().find(|(q, _)| *q == key) {
                    Some((_, n)) => *n += each,
                    None => odds.push((key, each)),
                }
            }
        }
        odds
    }

    /// One guess at every hidden piece, consistent with the view: from a
    /// random army that fits, else from any that does.
    pub fn sample(&self, variant: &Variant, rng: &mut impl Rng) -> Guess {
        let mut order: Vec<&Army> = self.armies.iter().collect();
        order.shuffle(rng);
        let mut fallback = Vec::new();
        for army in order {
            match self.draw(army, variant, rng) {
                Ok(out) => return out,
                Err(out) if fallback.is_empty() => fallback = out,
                Err(_) => {}
            }
        }
        fallback
    }

    /// Required pieces first, each onto a random hidden piece it fits; then
    /// the rest, moved pieces first so they get movable identities. `Err`
    /// when something had to be placed where it does not fit.
    fn draw(&self, army: &Army, variant: &Variant, rng: &mut impl Rng) -> Result<Guess, Guess> {
        let mut open: Vec<Hidden> = self.hidden.clone();
        open.shuffle(rng);
        let mut out = Vec::with_capacity(open.len());
        let mut fits_all = true;
        for piece in &army.required {
            let fitting: Vec<usize> = (0..open.len())
                .filter(|&i| open[i].fits(variant, piece))
                .collect();
            let at = match (&self.square_habits, self.flag_back_row) {
                _ if self.learned.is_some() => {
                    let weights = fitting.iter().map(|&i| {
                        let odds = self.learned_of(open[i].id).unwrap_or_default();
                        f64::from(odds.get(piece.kind.0 as usize).copied().unwrap_or(0.0))
                            * self.remembered_weight(open[i].id, piece.kind)
                            + 1e-9
                    });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                (Some(habits), _) => {
                    let weights = fitting.iter().map(|&i| {
                        habits.weight(&open[i], piece.kind)
                            * self.ring_weight(variant, &open[i], piece.kind)
                            * self.remembered_weight(open[i].id, piece.kind)
                    });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                (None, Some(back)) if variant.kind(piece.kind).is_flag => {
                    // Each row forward FLAG_AT_THE_BACK times less likely.
                    let weights = fitting.iter().map(|&i| {
                        FLAG_AT_THE_BACK.powi(-(open[i].square.row.abs_diff(back) as i32))
                            * self.remembered_weight(open[i].id, piece.kind)
                    });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                _ if self.remembered.is_some() => {
                    let weights = fitting
                        .iter()
                        .map(|&i| self.remembered_weight(open[i].id, piece.kind));
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                _ => Some(rng.random_range(0..fitting.len().max(1))),
            };
            let Some(&i) = at.and_then(|k| fitting.get(k)) else {
                fits_all = false;
                continue;
            };
            out.push((open.swap_remove(i), *piece));
        }
        open.sort_by_key(|h| !h.moved);
        let mut pool = army.pool.clone();
        pool.shuffle(rng);
        // With learned odds, each piece of a kind weighs the kind's odds
        // over its count in the army.
        let mut in_pool = vec![0.0f64; variant.kinds.len()];
        for p in &army.pool {
            if let Some(n) = in_pool.get_mut(p.kind.0 as usize) {
                *n += 1.0;
            }
        }
        for hidden in open {
            let fitting = |p: &Piece| hidden.fits(variant, p);
            let learned = self.learned_of(hidden.id);
            let found = match &self.square_habits {
                _ if self.learned.is_some() => {
                    let weights = pool.iter().map(|p| {
                        let at = p.kind.0 as usize;
                        match learned.and_then(|odds| odds.get(at)) {
                            Some(odds) if fitting(p) => {
                                f64::from(*odds) * self.remembered_weight(hidden.id, p.kind)
                                    / in_pool[at].max(1.0)
                                    + 1e-12
                            }
                            _ => 0.0,
                        }
                    });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                Some(habits) if !hidden.moved => {
                    let weights = pool.iter().map(|p| {
                        if fitting(p) {
                            habits.weight(&hidden, p.kind)
                                * self.remembered_weight(hidden.id, p.kind)
                        } else {
                            0.0
                        }
                    });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                _ if self
                    .leaning
                    .as_ref()
                    .is_some_and(|(id, _)| *id == hidden.id) =>
                {
                    let weights = pool
                        .iter()
                        .map(|p| match self.leaning_of(hidden.id, p.kind) {
                            Some(weight) if fitting(p) => weight,
                            _ => 0.0,
                        });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                _ if self.remembered.is_some() && !hidden.moved => {
                    let weights = pool.iter().map(|p| {
                        if fitting(p) {
                            self.remembered_weight(hidden.id, p.kind)
                        } else {
                            0.0
                        }
                    });
                    WeightedIndex::new(weights).ok().map(|d| rng.sample(d))
                }
                _ => pool.iter().position(fitting),
            };
            let chosen = match found {
                Some(i) => pool.swap_remove(i),
                None => {
                    fits_all = false;
                    match pool.pop() {
                        Some(p) => p,
                        None => break,
                    }
                }
            };
            out.push((hidden, chosen));
        }
        for (_, piece) in &mut out {
            if variant.kind(piece.kind).pips.is_some_and(|(l, h)| l != h) {
                piece.flipped = rng.random_bool(0.5);
            }
        }
        if fits_all { Ok(out) } else { Err(out) }
    }
}

impl Army {
    /// The army less the pieces seen; `None` if a seen piece cannot be in it.
    /// Unseen flags move to the required pieces.
    fn less(mut self, variant: &Variant, known: &[Piece]) -> Option<Army> {
        for k in known {
            let same = |p: &Piece| p.kind == k.kind && p.suit == k.suit;
            if let Some(i) = self.required.iter().position(same) {
                self.required.swap_remove(i);
            } else if let Some(i) = self.pool.iter().position(same) {
                self.pool.swap_remove(i);
            } else {
                return None;
            }
        }
        let (flags, pool) = self
            .pool
            .into_iter()
            .partition(|p| variant.kind(p.kind).is_flag);
        self.required.extend::<Vec<Piece>>(flags);
        self.pool = pool;
        Some(self)
    }
}

/// How many times likelier a sample with setup habits puts a hidden flag
/// on a row than on the row in front of it. Tuned on seed 9000 in five
/// variants (BENCHMARKS.md, issue 20): the expert won 121 of 200 games
/// against `best` with uniform flags, 131 at 4 and 133 at 16; 4 leaves
/// more room for a flag set up a row forward. Bombs drawn beside the
/// sampled flag (7 in 10) won 130 and were left out.
const FLAG_AT_THE_BACK: f64 = 4.0;

/// How often people put each kind on each square of their four rows, as
/// a weight per piece: a square's count for the kind over the kind's count
/// in the army (so a sample with the whole army left draws each kind as
/// often as people put it there). One more than counted, so no identity
/// the view allows is ruled out.
#[derive(Debug, Clone)]
struct SquareHabits {
    side: Side,
    /// Each variant kind's place in the table's kinds, and its army count.
    kinds: Vec<Option<(usize, f64)>>,
}

impl SquareHabits {
    /// The table's habits for `side`'s pieces, where the variant is the
    /// classic game the table was counted in.
    fn for_variant(variant: &Variant, side: Side) -> Option<SquareHabits> {
        use super::setup_habits_table::KINDS;
        if variant.id != "classic" {
            return None;
        }
        let kinds = variant
            .kinds
            .iter()
            .map(|k| {
                let at = KINDS.iter().position(|key| *key == k.key)?;
                Some((at, f64::from(k.count.max(1))))
            })
            .collect();
        Some(SquareHabits { side, kinds })
    }

    fn weight(&self, hidden: &Hidden, kind: KindId) -> f64 {
        use super::setup_habits_table::COUNTS;
        let (row, col) = match self.side {
            Side::Red => (hidden.square.row, hidden.square.col),
            Side::Blue => (9 - hidden.square.row.min(9), 9 - hidden.square.col.min(9)),
        };
        let Some(Some((at, army))) = self.kinds.get(kind.0 as usize) else {
            return 1.0;
        };
        let counted = COUNTS
            .get(row as usize)
            .and_then(|cols| cols.get(col as usize))
            .map_or(0, |kinds| kinds[*at]);
        (f64::from(counted) + 1.0) / army
    }
}

fn square_of(view: &PlayerView, id: PieceId) -> Option<Square> {
    let columns = view.variant.board.columns as usize;
    view.squares
        .iter()
        .position(|s| s.is_some_and(|p| p.id == id))
        .map(|i| Square::new((i % columns) as u8, (i / columns) as u8))
}

/// Every army `side` may have started with.
fn full_armies(variant: &Variant, side: Side) -> Vec<Army> {
    match &variant.army {
        ArmyRule::Fixed => vec![Army {
            pool: variant
                .kind_ids()
                .flat_map(|k| std::iter::repeat_n(Piece::new(k), variant.kind(k).count as usize))
                .collect(),
            required: Vec::new(),
        }],
        ArmyRule::Domino { must_hold, .. } => {
            let (required, pool) = variant
                .kind_ids()
                .map(Piece::new)
                .partition(|p| must_hold.contains(&p.kind));
            vec![Army { pool, required }]
        }
        ArmyRule::Suited {
            first_loss,
            second_loss,
        } => suited_armies(variant, side, *first_loss, *second_loss),
    }
}

/// Both of the side's suits in full, less `first_loss` from one suit and
/// `second_loss` from the other, both ways round.
fn suited_armies(
    variant: &Variant,
    side: Side,
    first_loss: KindId,
    second_loss: KindId,
) -> Vec<Army> {
    let suits: Vec<SuitId> = variant.suits_of(side).collect();
    let mut full = Vec::new();
    for suit in &suits {
        for kind in variant.kind_ids() {
            full.extend(std::iter::repeat_n(
                Piece::with_suit(kind, *suit),
                variant.kind(kind).count as usize,
            ));
        }
    }
    let drop = |pool: &mut Vec<Piece>, kind: KindId, suit: SuitId| {
        if let Some(i) = pool
            .iter()
            .position(|p| p.kind == kind && p.suit == Some(suit))
        {
            pool.swap_remove(i);
        }
    };
    let [a, b] = suits.as_slice() else {
        return vec![Army {
            pool: full,
            required: Vec::new(),
        }];
    };
    [(*a, *b), (*b, *a)]
        .into_iter()
        .map(|(first, second)| {
            let mut pool = full.clone();
            drop(&mut pool, first_loss, first);
            drop(&mut pool, second_loss, second);
            Army {
                pool,
                required: Vec::new(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::options::GameOptions;
    use crate::core::variant::builtin_variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Of `SAMPLES` samples of Blue's army in `variant` in Red's view
    /// before the first move: per row from Blue's back, the share of
    /// samples with the flag there, and the bombs a square there gets.
    /// `rows_only`: the habits' row weighting alone, as where no table of
    /// people's setups exists.
    fn flags_and_bombs_by_row(habits: bool, rows_only: bool) -> ([f64; 4], [f64; 4]) {
        const SAMPLES: usize = 4000;
        let variant = builtin_variant("classic").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
        let view = game.view(Side::Red);
        let mut belief = Belief::new(&view);
        if habits {
            belief = belief.with_setup_habits(&view);
        }
        if rows_only {
            belief.square_habits = None;
        }
        let (mut flags, mut bombs) = ([0.0; 4], [0.0; 4]);
        let back = f64::from(variant.board.rows - 1);
        let columns = f64::from(variant.board.columns);
        for _ in 0..SAMPLES {
            let sample = belief.sample(&variant, &mut rng);
            assert_eq!(sample.len(), 40, "every hidden piece is guessed");
            let flags_drawn = sample.iter().filter(|(_, p)| variant.kind(p.kind).is_flag);
            assert_eq!(flags_drawn.count(), 1, "one flag a sample");
            for (hidden, piece) in &sample {
                let row = (back - f64::from(hidden.square.row)) as usize;
                let kind = variant.kind(piece.kind);
                if kind.is_flag {
                    flags[row] += 1.0 / SAMPLES as f64;
                } else if kind.special == crate::core::variant::Special::Bomb {
                    bombs[row] += 1.0 / SAMPLES as f64 / columns;
                }
            }
        }
        (flags, bombs)
    }

    /// Without setup habits every unmoved piece is as likely to be the
    /// flag: 10 of Blue's 40 squares are on its back row.
    #[test]
    fn plain_samples_place_the_flag_anywhere() {
        let (flags, _) = flags_and_bombs_by_row(false, false);
        assert!(
            (0.2..0.3).contains(&flags[0]),
            "flag on the back row {:.3}",
            flags[0]
        );
    }

    /// Where no table of people's setups exists, the flag is mostly on the
    /// back row: rows weighed 1, 1/4, 1/16 and 1/64 put it there 10 times
    /// in 13.3.
    #[test]
    fn setup_habits_put_the_flag_at_the_back() {
        let (flags, _) = flags_and_bombs_by_row(true, true);
        assert!(
            (0.7..0.8).contains(&flags[0]),
            "flag on the back row {:.3}",
            flags[0]
        );
    }

    /// In classic the samples follow people's setups: the flag on the back
    /// row in 92 games of 100, and a back-row square a bomb four times as
    /// often as a front-row one (Gravon: 0.27 and 0.06 bombs a square).
    #[test]
    fn classic_samples_set_up_as_people_do() {
        let (flags, bombs) = flags_and_bombs_by_row(true, false);
        assert!(
            (0.88..0.96).contains(&flags[0]),
            "flag on the back row {:.3}",
            flags[0]
        );
        assert!(
            (0.22..0.32).contains(&bombs[0]),
            "back-row bombs a square {:.3}",
            bombs[0]
        );
        assert!(
            (0.03..0.09).contains(&bombs[3]),
            "front-row bombs a square {:.3}",
            bombs[3]
        );
        let (_, plain) = flags_and_bombs_by_row(false, false);
        assert!(
            (0.12..0.18).contains(&plain[0]),
            "plain back-row bombs {:.3}",
            plain[0]
        );
    }
}
