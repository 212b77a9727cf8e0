//! Memory across games: where one opponent's pieces were seen to start,
//! game after game, so that the next game's belief leans toward the
//! squares that opponent uses (its flag in the same corner, its bombs
//! round it). Only what the computer saw is kept: a piece counts once it
//! was revealed in play, never because the game's end showed every piece.
//!
//! The UCC bot keeps one memory per opponent name (`ucc/memory_file.rs`);
//! the app keeps one for the person playing when the setting "The
//! computer learns my setups" is on.

use crate::core::piece::PieceId;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{KindId, Variant};
use crate::core::view::PlayerView;
use serde::{Deserialize, Serialize};

/// How many games' worth of plain odds a memory is weighed against: after
/// one game in which the flag was seen on a square, a hidden piece there is
/// the flag `(1 + PRIOR_GAMES × share) / (1 + PRIOR_GAMES) / share` times
/// likelier than the army's share says (about 14 times in classic).
const PRIOR_GAMES: f64 = 2.0;

/// The most games a memory counts: older ones weigh less as new ones come
/// (a player who changes setups is followed), and the file stays small.
const MOST_GAMES: u32 = 50;

/// What was seen of one opponent's setups, variant by variant.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SetupMemory {
    variants: Vec<Remembered>,
}

/// One variant's remembered setups.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Remembered {
    /// The variant's id.
    variant: String,
    /// Games remembered (at most `MOST_GAMES`).
    games: u32,
    /// Each kind seen starting on a square, and how often (scaled down with
    /// the games once `MOST_GAMES` is reached).
    seen: Vec<Seen>,
}

/// A kind seen starting on a square, counted from the owner's own side:
/// `row` from the owner's back edge, `col` from the owner's left.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Seen {
    row: u8,
    col: u8,
    /// The kind's key in the variant (`marshal`, `bomb`, ...).
    kind: String,
    times: f64,
}

/// Where each enemy piece stood when play began, by id: taken from the
/// viewer's first view of the game, to learn from once the game is over.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StartSquares {
    squares: Vec<(PieceId, Square)>,
}

impl StartSquares {
    /// The enemy's pieces and their squares in `view` (the first of a game).
    pub fn of(view: &PlayerView) -> StartSquares {
        let enemy = view.viewer.opponent();
        let columns = view.variant.board.columns as usize;
        let squares = view
            .squares
            .iter()
            .enumerate()
            .filter_map(|(i, seen)| {
                let seen = seen.filter(|p| p.owner == enemy)?;
                Some((
                    seen.id,
                    Square::new((i % columns) as u8, (i / columns) as u8),
                ))
            })
            .collect();
        StartSquares { squares }
    }

    fn of_piece(&self, id: PieceId) -> Option<Square> {
        self.squares
            .iter()
            .find(|(p, _)| *p == id)
            .map(|(_, sq)| *sq)
    }
}

impl SetupMemory {
    /// Whether nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.variants.is_empty()
    }

    /// Games remembered, over every variant.
    pub fn total_games(&self) -> u32 {
        self.variants.iter().map(|r| r.games).sum()
    }

    /// Games remembered in `variant`.
    pub fn games(&self, variant: &Variant) -> u32 {
        self.of(variant).map_or(0, |r| r.games)
    }

    fn of(&self, variant: &Variant) -> Option<&Remembered> {
        self.variants.iter().find(|r| r.variant == variant.id)
    }

    /// Remembers one finished game: each enemy piece `end` (the viewer's
    /// last view) shows revealed, on the square `start` had it on.
    pub fn learn(&mut self, start: &StartSquares, end: &PlayerView) {
        let enemy = end.viewer.opponent();
        let seen = end
            .squares
            .iter()
            .flatten()
            .chain(end.captured[enemy.index()].iter())
            .filter(|p| p.owner == enemy && p.revealed)
            .filter_map(|p| Some((start.of_piece(p.id)?, p.piece?.kind)));
        self.remember(&end.variant, enemy, seen);
    }

    /// Remembers one finished game of `variant` in which `side`'s pieces
    /// were seen to be `seen` (each a starting square and its kind).
    pub fn remember(
        &mut self,
        variant: &Variant,
        side: Side,
        seen: impl IntoIterator<Item = (Square, KindId)>,
    ) {
        let at = match self.variants.iter().position(|r| r.variant == variant.id) {
            Some(at) => at,
            None => {
                self.variants.push(Remembered {
                    variant: variant.id.clone(),
                    games: 0,
                    seen: Vec::new(),
                });
                self.variants.len() - 1
            }
        };
        let remembered = &mut self.variants[at];
        if remembered.games >= MOST_GAMES {
            let keep = f64::from(MOST_GAMES - 1) / f64::from(MOST_GAMES);
            for seen in &mut remembered.seen {
                seen.times *= keep;
            }
        } else {
            remembered.games += 1;
        }
        for (square, kind) in seen {
            let (row, col) = own_frame(variant, side, square);
            let kind = variant.kind(kind).key.clone();
            match remembered
                .seen
                .iter_mut()
                .find(|s| s.row == row && s.col == col && s.kind == kind)
            {
                Some(seen) => seen.times += 1.0,
                None => remembered.seen.push(Seen {
                    row,
                    col,
                    kind,
                    times: 1.0,
                }),
            }
        }
    }

    /// How much likelier than the army's share `kind` is for `side`'s
    /// unmoved piece on `square`, by what this memory saw there: 1 with
    /// nothing remembered.
    pub fn weight(&self, variant: &Variant, side: Side, square: Square, kind: KindId) -> f64 {
        let Some(remembered) = self.of(variant).filter(|r| r.games > 0) else {
            return 1.0;
        };
        let total: u32 = variant.kinds.iter().map(|k| k.count).sum();
        let share = f64::from(variant.kind(kind).count) / f64::from(total.max(1));
        if share <= 0.0 {
            return 1.0;
        }
        let (row, col) = own_frame(variant, side, square);
        let key = &variant.kind(kind).key;
        let times = remembered
            .seen
            .iter()
            .find(|s| s.row == row && s.col == col && s.kind == *key)
            .map_or(0.0, |s| s.times);
        let games = f64::from(remembered.games);
        (times + PRIOR_GAMES * share) / (games + PRIOR_GAMES) / share
    }
}

/// `square` counted from `side`'s back edge and left.
fn own_frame(variant: &Variant, side: Side, square: Square) -> (u8, u8) {
    let board = &variant.board;
    match side {
        Side::Red => (square.row, square.col),
        Side::Blue => (
            board.rows.saturating_sub(1 + square.row),
            board.columns.saturating_sub(1 + square.col),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Belief;
    use crate::core::game::Game;
    use crate::core::moves::Action;
    use crate::core::options::GameOptions;
    use crate::core::variant::builtin_variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    fn classic() -> Arc<Variant> {
        builtin_variant("classic").expect("classic")
    }

    /// A random game of `seed` played out, and Red's first and last views.
    fn played(seed: u64) -> (StartSquares, PlayerView) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::random(classic(), GameOptions::defaults(&classic()), &mut rng);
        let start = StartSquares::of(&game.view(Side::Red));
        for _ in 0..2_000 {
            let view = game.view(game.position().to_move());
            let actions = view.legal_actions();
            if view.outcome.is_some() || actions.is_empty() {
                break;
            }
            let action: Action = actions[seed as usize % actions.len()];
            if game.play(action).is_err() {
                break;
            }
        }
        (start, game.view(Side::Red))
    }

    #[test]
    fn a_revealed_piece_makes_its_start_square_likelier_for_its_kind() {
        let (start, end) = played(7);
        let variant = classic();
        let shown = end
            .squares
            .iter()
            .flatten()
            .chain(end.captured[Side::Blue.index()].iter())
            .find(|p| p.owner == Side::Blue && p.revealed)
            .copied()
            .expect("a random game reveals some Blue piece");
        let square = start.of_piece(shown.id).expect("it started on the board");
        let kind = shown.piece.expect("revealed").kind;
        let mut memory = SetupMemory::default();
        assert_eq!(memory.weight(&variant, Side::Blue, square, kind), 1.0);
        memory.learn(&start, &end);
        assert_eq!(memory.games(&variant), 1);
        assert!(memory.weight(&variant, Side::Blue, square, kind) > 2.0);
        // Another kind there is less likely than its share.
        let other = variant.kind_ids().find(|k| *k != kind).expect("two kinds");
        assert!(memory.weight(&variant, Side::Blue, square, other) < 1.0);
    }

    #[test]
    fn a_piece_shown_only_by_the_end_of_the_game_is_not_remembered() {
        let (start, end) = played(11);
        let mut memory = SetupMemory::default();
        memory.learn(&start, &end);
        let variant = classic();
        for seen in end.squares.iter().flatten() {
            if seen.owner != Side::Blue || seen.revealed {
                continue;
            }
            let square = start.of_piece(seen.id).expect("started on the board");
            let kind = seen.piece.expect("the end shows every piece").kind;
            assert!(
                memory.weight(&variant, Side::Blue, square, kind) < 1.0,
                "an unrevealed {kind:?} counted on {square:?}"
            );
        }
    }

    /// A Blue flag seen on a square in an earlier game makes the hidden
    /// piece there likelier the flag in the belief the computer plays by.
    #[test]
    fn the_belief_expects_the_flag_where_it_was_seen_before() {
        let variant = classic();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
        let view = game.view(Side::Red);
        let flag = variant.kind_by_key("flag").unwrap();
        let flag_square = game
            .setup(Side::Blue)
            .placements()
            .iter()
            .find(|p| p.piece.kind == flag)
            .map(|p| p.square)
            .unwrap();
        let mut memory = SetupMemory::default();
        memory.remember(&variant, Side::Blue, [(flag_square, flag)]);
        let odds_of_flag = |belief: &Belief| {
            let hidden = belief
                .hidden
                .iter()
                .find(|h| h.square == flag_square)
                .unwrap();
            belief
                .odds(&variant, hidden)
                .iter()
                .find(|(p, _)| p.kind == flag)
                .map_or(0.0, |(_, p)| *p)
        };
        let plain = Belief::new(&view)
            .with_setup_habits(&view)
            .with_learned(crate::ai::learned_belief::learned_odds(&view));
        let remembering = plain.clone().with_memory(&view, Some(&memory));
        let (before, after) = (odds_of_flag(&plain), odds_of_flag(&remembering));
        assert!(after > 4.0 * before, "{before} -> {after}");
        // And the samples put the flag there more often.
        let mut sampled = [0u32; 2];
        for (i, belief) in [&plain, &remembering].into_iter().enumerate() {
            for _ in 0..400 {
                let guess = belief.sample(&variant, &mut rng);
                sampled[i] += u32::from(
                    guess
                        .iter()
                        .any(|(h, p)| h.square == flag_square && p.kind == flag),
                );
            }
        }
        assert!(sampled[1] > 3 * sampled[0].max(1), "{sampled:?}");
    }

    #[test]
    fn blue_and_red_squares_are_counted_from_their_own_side() {
        let variant = classic();
        assert_eq!(own_frame(&variant, Side::Red, Square::new(2, 0)), (0, 2));
        assert_eq!(own_frame(&variant, Side::Blue, Square::new(7, 9)), (0, 2));
    }

    #[test]
    fn old_games_fade_once_the_memory_is_full() {
        let (start, end) = played(7);
        let mut memory = SetupMemory::default();
        for _ in 0..MOST_GAMES + 10 {
            memory.learn(&start, &end);
        }
        assert_eq!(memory.games(&classic()), MOST_GAMES);
        let most = memory.variants[0]
            .seen
            .iter()
            .map(|s| s.times)
            .fold(0.0, f64::max);
        assert!(most <= f64::from(MOST_GAMES) + 1e-9, "{most}");
    }
}
