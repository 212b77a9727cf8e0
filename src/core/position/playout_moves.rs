//! The playouts' fast path: a uniformly random legal move drawn from the
//! bitboards or a branch-free list (`sample_move`), played without `play`'s
//! checks (`play_raw`, `end_stuck`), and the captures on offer
//! (`attacks_into`) for the computer players' rollouts.

use super::{EMPTY, Position};
use crate::core::bitboard::Groups;
use crate::core::moves::{Move, Outcome, WinReason};
use crate::core::side::Side;
use rand::{Rng, RngExt};

/// From how many movable pieces on `sample_move` counts moves with the
/// bitboards: listing the moves of fewer is quicker.
pub(crate) const BITBOARD_MOVERS: u16 = 8;
/// The most squares a two-stepper can reach: 4 steps, 4 straight twos, 4 turns.
const TWO_STEP_TARGETS: usize = 12;

/// A move as padded board indices, as `sample_move` and `fill_moves` give
/// it and `play_raw` plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawMove {
    from: u16,
    to: u16,
}

impl RawMove {
    pub(crate) const NONE: RawMove = RawMove { from: 0, to: 0 };
}

/// Scratch space for `Position::sample_move`, reused across plies.
#[derive(Debug, Default)]
pub(crate) struct SampleScratch {
    groups: Groups,
    moves: Vec<RawMove>,
}

impl SampleScratch {
    /// Makes room for the moves of any position of `position`'s game (its
    /// pieces never change, so neither does the bound).
    pub(crate) fn fit(&mut self, position: &Position) {
        let capacity = position.move_capacity();
        if self.moves.len() < capacity {
            self.moves.resize(capacity, RawMove::NONE);
        }
    }
}

impl Position {
    /// The legal moves of the side to move onto enemy pieces (none while a
    /// rescue is pending or the game is over), into a buffer the caller
    /// reuses. The bitboards find them where the board has a bit layout and
    /// no two-steppers play; elsewhere the rules' `generate` lists every
    /// move and the attacks are kept.
    pub fn attacks_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() || self.pending_rescue.is_some() {
            return;
        }
        let side = self.to_move;
        let geometry = &*self.geometry;
        let mut push = |from, to| out.push(Move::new(geometry.square(from), geometry.square(to)));
        match geometry
            .bits
            .as_ref()
            .filter(|_| !geometry.has_two_steppers)
        {
            Some(layout) => {
                // The chase rule never forbids a capture; the two-squares rule may.
                let forbidden = self.forbidden(side);
                self.bitboards.attacks(layout, side.index(), |from, to| {
                    if (from, to) != forbidden {
                        push(from, to);
                    }
                });
            }
            None => {
                let cells = &self.cells;
                self.generate(side, |from, to| {
                    if cells[to as usize] != EMPTY {
                        push(from, to);
                    }
                    false
                });
            }
        }
    }

    /// The most moves `fill_moves` can write for either side (a bound, not a count).
    fn move_capacity(&self) -> usize {
        let variant = &self.geometry.variant;
        let line = (variant.board.columns + variant.board.rows) as usize;
        Side::BOTH
            .iter()
            .map(|s| {
                4 * self.steppers[s.index()].len()
                    + line * self.runners[s.index()].len()
                    + TWO_STEP_TARGETS * self.two_steppers[s.index()].len()
                    + 1
            })
            .max()
            .unwrap_or(1)
    }

    /// Writes the side to move's legal moves into `out` (at least
    /// `move_capacity` long) and returns how many there are. For
    /// `sample_move`: every candidate is written and the count advances
    /// only for legal ones, which spares the branch mispredictions of a
    /// checked push.
    ///
    /// The same moves as the rules' `generate`: the same walk
    /// (`walk_moves`), then the More-Squares rule.
    fn fill_moves(&self, out: &mut [RawMove]) -> usize {
        if self.outcome.is_some() || self.pending_rescue.is_some() {
            return 0;
        }
        let side = self.to_move;
        let mut n = 0;
        self.walk_moves(side, self.forbidden(side), |from, to, legal| {
            out[n] = RawMove { from, to };
            n += legal as usize;
            false
        });
        match self.chase.as_deref() {
            Some(chase) if chase.chaser == side => {
                let mut kept = 0;
                for i in 0..n {
                    let m = out[i];
                    if !chase.forbids(side, m.from, m.to, self) {
                        out[kept] = m;
                        kept += 1;
                    }
                }
                kept
            }
            _ => n,
        }
    }

    /// A uniformly random legal move of the side to move, for playouts (see
    /// `play_raw`); `None` when it has none (or a rescue is pending, or the
    /// game is over). On boards with a bit layout and no two-steppers, for a
    /// side with at least `BITBOARD_MOVERS` movable pieces, the bitboards
    /// count the moves of steppers and runners and draw one; a draw the
    /// two-squares or chase rule forbids is drawn again, so every legal move
    /// stays equally likely. After `REDRAWS` such draws, and otherwise,
    /// `fill_moves` lists the moves and one is drawn from the list:
    /// `scratch` must have been fitted to this game (`SampleScratch::fit`).
    pub(crate) fn sample_move(
        &self,
        rng: &mut impl Rng,
        scratch: &mut SampleScratch,
    ) -> Option<RawMove> {
        /// Draws before listing: one forbidden move among few legal ones
        /// must not cost long.
        const REDRAWS: usize = 8;
        if self.outcome.is_some() || self.pending_rescue.is_some() {
            return None;
        }
        let side = self.to_move;
        let geometry = &*self.geometry;
        if let Some(layout) = geometry
            .bits
            .as_ref()
            .filter(|_| !geometry.has_two_steppers)
            .filter(|_| self.mobile_alive[side.index()] >= BITBOARD_MOVERS)
        {
            let forbidden = self.forbidden(side);
            let chase = self.chase.as_deref().filter(|chase| chase.chaser == side);
            for _ in 0..REDRAWS {
                let (from, to) =
                    self.bitboards
                        .pick(layout, side.index(), &mut scratch.groups, rng)?;
                let barred = (from, to) == forbidden
                    || chase.is_some_and(|chase| chase.forbids(side, from, to, self));
                if !barred {
                    return Some(RawMove { from, to });
                }
            }
        }
        let count = self.fill_moves(&mut scratch.moves);
        (count > 0).then(|| scratch.moves[rng.random_range(0..count)])
    }

    /// `m` as squares.
    #[cfg(test)]
    pub(crate) fn move_of(&self, m: RawMove) -> Move {
        self.geometry.move_of(m.from, m.to)
    }

    /// Plays a move that `sample_move` or `fill_moves` just gave for this position,
    /// skipping the checks `play` makes. Whether the next side has a legal
    /// move is left to its own `sample_move`: when that finds none, the
    /// caller ends the game with `end_stuck` (the one ending `play` would
    /// have found at once; `random_playout` does this).
    pub(crate) fn play_raw(&mut self, m: RawMove) {
        debug_assert!(
            self.validate_move(self.geometry.move_of(m.from, m.to))
                .is_ok()
        );
        self.apply_move_with(m.from, m.to, false);
    }

    /// Ends the game for a side to move that `sample_move` found without a
    /// legal move (after `play_raw`): it loses, as `play` would have said.
    pub(crate) fn end_stuck(&mut self) {
        debug_assert!(!self.has_legal_move(self.to_move));
        self.outcome = Some(Outcome::Win {
            winner: self.to_move.opponent(),
            reason: WinReason::NoLegalMove,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::moves::Action;
    use crate::core::options::{GameOptions, TwoSquares};
    use crate::core::piece::Piece;
    use crate::core::setup::Placement;
    use crate::core::variant::builtin;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Plays up to `plies` uniformly random legal actions, as
    /// `playout::play_random` does (the same draws from `rng`).
    fn play_random(game: &mut Game, rng: &mut impl Rng, plies: usize) {
        for _ in 0..plies {
            let actions = game.position().legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.random_range(0..actions.len())];
            game.play(action).expect("generated actions are legal");
        }
    }

    /// Draws `sample_move` many times in `position` and checks that each
    /// draw is a legal move and that the legal moves come up equally often
    /// (a chi-squared statistic far beyond chance fails).
    fn assert_uniform(position: &Position, what: &str) {
        let legal = position.legal_moves();
        let mut scratch = SampleScratch::default();
        scratch.fit(position);
        let mut rng = ChaCha8Rng::seed_from_u64(legal.len() as u64);
        if legal.is_empty() {
            assert_eq!(position.sample_move(&mut rng, &mut scratch), None, "{what}");
            return;
        }
        let per_move = 200;
        let mut counts = vec![0u32; legal.len()];
        for _ in 0..per_move * legal.len() {
            let m = position
                .sample_move(&mut rng, &mut scratch)
                .unwrap_or_else(|| panic!("{what}: no move drawn"));
            let m = position.move_of(m);
            let Some(i) = legal.iter().position(|l| *l == m) else {
                panic!("{what}: drew {m:?}, not a legal move");
            };
            counts[i] += 1;
        }
        let expected = per_move as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        // Its mean is the degrees of freedom; allow eight standard deviations.
        let df = (legal.len() - 1) as f64;
        assert!(
            chi2 <= df + 8.0 * (2.0 * df).sqrt() + 10.0,
            "{what}: chi2 {chi2:.0} for {} moves: {counts:?}",
            legal.len()
        );
    }

    /// `attacks_into` gives the legal moves onto enemy pieces, each once.
    fn assert_attacks(position: &Position, what: &str) {
        let mut attacks = Vec::new();
        position.attacks_into(&mut attacks);
        let enemy = position.to_move().opponent();
        let mut expected: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|m| position.piece_at(m.to).is_some_and(|id| id.side == enemy))
            .collect();
        let key = |m: &Move| (m.from.row, m.from.col, m.to.row, m.to.col);
        attacks.sort_by_key(key);
        expected.sort_by_key(key);
        assert_eq!(attacks, expected, "{what}");
    }

    #[test]
    fn attacks_are_the_legal_moves_onto_enemy_pieces() {
        let mut with_attacks = 0;
        for variant in &builtin().variants {
            for seed in 0..20 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut game =
                    Game::random(variant.clone(), GameOptions::defaults(variant), &mut rng);
                while game.position().outcome().is_none() {
                    let what = format!("{} seed {seed} ply {}", variant.id, game.position().ply());
                    assert_attacks(game.position(), &what);
                    let mut attacks = Vec::new();
                    game.position().attacks_into(&mut attacks);
                    with_attacks += usize::from(!attacks.is_empty());
                    play_random(&mut game, &mut rng, 1);
                }
            }
        }
        assert!(
            with_attacks > 1000,
            "only {with_attacks} positions had attacks"
        );
    }

    #[test]
    fn sampled_moves_are_uniform_over_the_legal_moves() {
        for variant in &builtin().variants {
            for seed in 0..3 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut game =
                    Game::random(variant.clone(), GameOptions::defaults(variant), &mut rng);
                for plies in [0, 40, 160, 400] {
                    let played = game.position().ply() as usize;
                    play_random(&mut game, &mut rng, plies - played.min(plies));
                    let what = format!("{} seed {seed} ply {}", variant.id, game.position().ply());
                    assert_uniform(game.position(), &what);
                }
            }
        }
    }

    /// A position of `pieces` with eight Red Sergeants added on b2 to i2,
    /// so that Red's moves are drawn with the bitboards.
    fn arrange(variant: &str, options: GameOptions, pieces: &[(Side, &str, &str)]) -> Position {
        let variant = crate::core::variant::builtin_variant(variant).unwrap();
        let row_two = ["b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2"];
        let sergeants = row_two.map(|at| (Side::Red, at, "sergeant"));
        let list: Vec<_> = pieces
            .iter()
            .chain(&sergeants)
            .map(|&(side, at, kind)| {
                let piece = Piece::new(variant.kind_by_key(kind).unwrap());
                let square = at.parse().unwrap();
                (side, Placement { square, piece })
            })
            .collect();
        let position = Position::arrange(variant, options, &list, Side::Red).unwrap();
        assert!(position.movable_pieces(Side::Red) >= BITBOARD_MOVERS);
        position
    }

    fn play(position: &mut Position, from: &str, to: &str) {
        let m = Move::new(from.parse().unwrap(), to.parse().unwrap());
        position.play(Action::Move(m)).unwrap();
    }

    /// Classic with Red's Scout on e4 and Blue's `blue` pieces, after the
    /// Scout went e4-e5, e5-e4, e4-e5 while Blue played `blue_moves`: the
    /// two-squares rule (3 moves in classic) now bars e5-e4.
    fn scout_at_the_limit(blue: &[(&str, &str)], blue_moves: [[&str; 2]; 3]) -> Position {
        let variant = crate::core::variant::builtin_variant("classic").unwrap();
        let options = GameOptions::defaults(&variant);
        assert_eq!(options.two_squares, TwoSquares::Limit(3));
        let mut pieces = vec![(Side::Red, "a1", "flag"), (Side::Red, "e4", "scout")];
        pieces.extend(blue.iter().map(|&(at, kind)| (Side::Blue, at, kind)));
        let mut position = arrange("classic", options, &pieces);
        for (red, blue) in [["e4", "e5"], ["e5", "e4"], ["e4", "e5"]]
            .iter()
            .zip(blue_moves)
        {
            play(&mut position, red[0], red[1]);
            play(&mut position, blue[0], blue[1]);
        }
        let back = Move::new("e5".parse().unwrap(), "e4".parse().unwrap());
        assert!(
            !position.legal_moves().contains(&back),
            "the rule bars e5-e4"
        );
        position
    }

    /// The move back the two-squares rule bars is not drawn; the others stay
    /// equally likely.
    #[test]
    fn the_two_squares_rule_bars_a_drawn_move() {
        let position = scout_at_the_limit(
            &[
                ("j10", "flag"),
                ("j9", "bomb"),
                ("h10", "bomb"),
                ("a10", "sergeant"),
            ],
            [["a10", "a9"], ["a9", "a10"], ["a10", "a9"]],
        );
        assert!(position.legal_moves().len() >= 8);
        assert_uniform(&position, "two squares");
        assert_attacks(&position, "two squares");
    }

    /// The Scout may not go back even to attack the enemy that stepped in
    /// behind it: that capture is no attack on offer.
    #[test]
    fn a_capture_the_two_squares_rule_forbids_is_not_offered() {
        let position = scout_at_the_limit(
            &[("j10", "flag"), ("f4", "sergeant"), ("a10", "sergeant")],
            [["a10", "a9"], ["a9", "a10"], ["f4", "e4"]],
        );
        let mut attacks = vec![];
        position.attacks_into(&mut attacks);
        assert_eq!(attacks, vec![], "the rule bars e5-e4, the only capture");
        assert_attacks(&position, "two squares, capture");
    }

    /// The More-Squares rule forbids the chaser the move that closes a lap
    /// round the lake; the sampler never draws it.
    #[test]
    fn the_more_squares_rule_bars_a_drawn_move() {
        let variant = crate::core::variant::builtin_variant("classic").unwrap();
        let options = GameOptions {
            more_squares: true,
            ..GameOptions::defaults(&variant)
        };
        let mut position = arrange(
            "classic",
            options,
            &[
                (Side::Red, "a1", "flag"),
                (Side::Red, "a4", "marshal"),
                (Side::Red, "j1", "sergeant"),
                (Side::Blue, "a10", "flag"),
                (Side::Blue, "b5", "general"),
                (Side::Blue, "j10", "sergeant"),
            ],
        );
        const RING: [&str; 12] = [
            "b4", "b5", "b6", "b7", "c7", "d7", "e7", "e6", "e5", "e4", "d4", "c4",
        ];
        play(&mut position, "a4", RING[0]);
        for k in 1..RING.len() {
            play(&mut position, RING[k], RING[(k + 1) % RING.len()]);
            play(&mut position, RING[k - 1], RING[k]);
        }
        play(&mut position, RING[0], RING[1]);
        let closing = Move::new("c4".parse().unwrap(), "b4".parse().unwrap());
        assert!(!position.legal_moves().contains(&closing));
        assert_uniform(&position, "more squares");
    }
}
