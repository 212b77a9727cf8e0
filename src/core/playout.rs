//! Random playouts: uniformly random legal actions until the game ends.
//! The computer opponents and the benchmarks run many of these.

use super::game::Game;
use super::moves::{Action, Move};
use super::position::{Position, SampleScratch};
use rand::{Rng, RngExt};

/// A uniformly random legal action (a move, or a rescue choice while one
/// is pending); `None` once the game is over.
pub fn random_action(
    position: &Position,
    rng: &mut impl Rng,
    buffer: &mut Vec<Move>,
) -> Option<Action> {
    if position.outcome().is_some() {
        return None;
    }
    if position.pending_rescue().is_some() {
        let choices = position.rescue_choices();
        return Some(choices[rng.random_range(0..choices.len())]);
    }
    position.legal_moves_into(buffer);
    // A game that is not over always has a legal move for the side to move.
    Some(Action::Move(buffer[rng.random_range(0..buffer.len())]))
}

/// Scratch space for `random_playout`, reused across playouts.
#[derive(Debug, Default)]
pub struct MoveBuffer(SampleScratch);

/// Plays uniformly random legal actions until the game ends; returns the
/// plies played.
pub fn random_playout(position: &mut Position, rng: &mut impl Rng, buffer: &mut MoveBuffer) -> u32 {
    let start = position.ply();
    buffer.0.fit(position);
    while position.outcome().is_none() {
        if position.pending_rescue().is_some() {
            let choices = position.rescue_choices();
            let choice = choices[rng.random_range(0..choices.len())];
            position
                .play(choice)
                .expect("generated rescue choices are legal");
            continue;
        }
        match position.sample_move(rng, &mut buffer.0) {
            Some(m) => {
                position.play_raw(m);
            }
            None => {
                // `play_raw` leaves this ending to the next draw.
                position.end_stuck();
                break;
            }
        }
    }
    position.ply() - start
}

/// Plays up to `max_plies` uniformly random legal actions on a game,
/// recording them; returns how many were played.
pub fn play_random(game: &mut Game, rng: &mut impl Rng, max_plies: usize) -> usize {
    let mut buffer = Vec::new();
    let mut played = 0;
    while played < max_plies {
        let Some(action) = random_action(game.position(), rng, &mut buffer) else {
            break;
        };
        game.play(action).expect("generated actions are legal");
        played += 1;
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::options::{GameOptions, TwoSquares};
    use crate::core::piece::Piece;
    use crate::core::position::BITBOARD_MOVERS;
    use crate::core::setup::Placement;
    use crate::core::side::Side;
    use crate::core::variant::builtin;
    use crate::core::view::PlayerView;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The fast path (`sample_move`, `play_raw`, `end_stuck`) plays legal
    /// moves and reaches the endings the rules give: every move it draws is
    /// replayed through the checked `play`, and both copies end alike.
    #[test]
    fn playouts_play_the_games_the_rules_play() {
        let mut scratch = SampleScratch::default();
        for variant in &builtin().variants {
            for seed in 0..60 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let options = GameOptions {
                    rescue: variant.rules.rescue.offered && seed % 2 == 0,
                    ..GameOptions::defaults(variant)
                };
                let game = Game::random(variant.clone(), options, &mut rng);
                let mut fast = game.position().clone();
                let mut checked = fast.clone();
                scratch.fit(&fast);
                let (mut fast_rng, mut playout_rng) = (
                    ChaCha8Rng::seed_from_u64(seed),
                    ChaCha8Rng::seed_from_u64(seed),
                );
                let mut whole = fast.clone();
                let plies =
                    random_playout(&mut whole, &mut playout_rng, &mut MoveBuffer::default());
                let id = &variant.id;
                while fast.outcome().is_none() {
                    if fast.pending_rescue().is_some() {
                        let choices = fast.rescue_choices();
                        let choice = choices[fast_rng.random_range(0..choices.len())];
                        fast.play(choice).unwrap();
                        checked.play(choice).unwrap();
                        continue;
                    }
                    match fast.sample_move(&mut fast_rng, &mut scratch) {
                        Some(m) => {
                            let action = Action::Move(fast.move_of(m));
                            fast.play_raw(m);
                            if let Err(e) = checked.play(action) {
                                panic!("{id} {seed}: drew the illegal {action:?}: {e}");
                            }
                        }
                        None => fast.end_stuck(),
                    }
                }
                assert_eq!(fast.outcome(), checked.outcome(), "{id} {seed}");
                assert_eq!(fast.ply(), checked.ply(), "{id} {seed}");
                // `random_playout` is this loop.
                assert_eq!(plies, fast.ply() - game.position().ply(), "{id} {seed}");
                assert_eq!(whole.outcome(), fast.outcome(), "{id} {seed}");
                for side in Side::BOTH {
                    assert_eq!(
                        PlayerView::new(&fast, side),
                        PlayerView::new(&checked, side),
                        "{id} {seed}"
                    );
                }
            }
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
