//! Computer players decide from their own view and seed alone, and play
//! legal, sensible games.

use crate::common;

use flagfall::ai::{Budget, Level, boxed_in, choose, choose_within, sensible_setup, setup_for};
use flagfall::core::deal::Deal;
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Action, Game, GameOptions, Setup, Side, Square, Variant};
use flagfall::tools::matches::play_match;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Two classic games whose Blue armies differ only in hidden pieces.
fn twin_games(seed: u64) -> (Game, Game) {
    let variant = builtin_variant("classic").unwrap();
    let options = GameOptions::defaults(&variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = Setup::random(&variant, Side::Red, &Deal::Fixed, &mut rng).unwrap();
    let blue = Setup::random(&variant, Side::Blue, &Deal::Fixed, &mut rng).unwrap();
    let mut other = blue.clone();
    // Swap two different pieces of Blue's back row: hidden from Red until they fight.
    let back: Vec<usize> = (0..other.placements.len())
        .filter(|&i| other.placements[i].square.row == 9)
        .collect();
    let j = back
        .iter()
        .copied()
        .find(|&j| other.placements[j].piece != other.placements[back[0]].piece)
        .unwrap();
    let (a, b) = (other.placements[back[0]].piece, other.placements[j].piece);
    other.placements[back[0]].piece = b;
    other.placements[j].piece = a;
    let make = |blue| {
        Game::new(
            variant.clone(),
            options,
            (Deal::Fixed, red.clone()),
            (Deal::Fixed, blue),
        )
        .unwrap()
    };
    (make(blue), make(other))
}

#[test]
fn the_same_view_and_seed_give_the_same_move_whatever_the_hidden_pieces() {
    for level in Level::ALL {
        let (mut one, mut two) = twin_games(3);
        for ply in 0..30 {
            let side = one.position().to_move();
            let (v1, v2) = (one.view(side), two.view(side));
            if v1 != v2 {
                break; // a battle revealed the swapped pieces
            }
            let (a1, a2) = (choose(level, &v1, 42), choose(level, &v2, 42));
            if side == Side::Red {
                assert_eq!(a1, a2, "{} chose differently at ply {ply}", level.name());
            }
            let (Some(a1), Some(a2)) = (a1, a2) else {
                break;
            };
            // Blue plays the same moves in both games (its own views differ).
            let action: Action = if side == Side::Red { a1 } else { a2 };
            if one.play(action).is_err() || two.play(action).is_err() {
                break;
            }
        }
    }
}

#[test]
fn every_level_plays_whole_legal_games_in_every_variant() {
    // Free setup too: there Blue sets up round Red's pieces.
    for id in common::BUILT_IN.into_iter().chain(["free"]) {
        let variant = builtin_variant(id).unwrap();
        for (a, b) in [
            (Level::Best, Level::Random),
            (Level::Heuristic, Level::Best),
            (Level::Expert, Level::Heuristic),
        ] {
            let result = play_match(&variant, a, b, 2, 5, || Budget::work(20_000), |_| {});
            assert_eq!(
                result.first_wins + result.second_wins + result.draws,
                2,
                "{id}"
            );
            // Each game's ending agrees with the tally.
            assert_eq!(result.endings.len(), 2, "{id}");
            let first_won = result
                .endings
                .iter()
                .filter(|e| {
                    e.outcome
                        .and_then(|o| o.winner())
                        .is_some_and(|w| (w == Side::Red) == e.first_is_red)
                })
                .count();
            assert_eq!(first_won as u32, result.first_wins, "{id}");
            assert_eq!(result.plies.len(), 2, "{id}");
        }
    }
}

fn flag_square(variant: &Variant, setup: &Setup) -> Square {
    setup
        .placements
        .iter()
        .find(|p| variant.kind(p.piece.kind).is_flag)
        .expect("a flag in the setup")
        .square
}

#[test]
fn sensible_setups_guard_the_flag_with_bombs() {
    let variant = builtin_variant("classic").unwrap();
    let options = GameOptions::defaults(&variant);
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let setup = sensible_setup(&variant, Side::Blue, &Deal::Fixed, &mut rng);
        let flag = flag_square(&variant, &setup);
        assert_eq!(flag.row, 9, "the flag stands on Blue's back row");
        let guards = setup
            .placements
            .iter()
            .filter(|p| p.square.distance(flag) == 1)
            .all(|p| variant.kind(p.piece.kind).key == "bomb");
        assert!(guards, "bombs around the flag");
        assert!(
            setup
                .clone()
                .check(&variant, &Deal::Fixed, &options)
                .is_ok()
        );
    }
}

#[test]
fn best_beats_random_in_classic() {
    let variant = builtin_variant("classic").unwrap();
    let result = play_match(
        &variant,
        Level::Best,
        Level::Random,
        6,
        9,
        || Budget::work(0),
        |_| {},
    );
    assert!(
        result.first_wins >= 5,
        "best won {} of 6",
        result.first_wins
    );
}

#[test]
fn no_setup_past_random_walls_in_a_movable_piece() {
    for id in common::BUILT_IN {
        let variant = builtin_variant(id).unwrap();
        for level in [Level::Heuristic, Level::Best, Level::Expert] {
            for seed in 0..150 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                for side in Side::BOTH {
                    let deal = flagfall::core::deal::random_deal(&variant, side, &mut rng);
                    let setup = setup_for(level, &variant, side, &deal, &mut rng);
                    let boxed = boxed_in(&variant, &setup);
                    assert!(
                        boxed.is_empty(),
                        "{id}, {}, seed {seed}: walled in at {boxed:?}",
                        level.name()
                    );
                }
            }
        }
    }
}

#[test]
fn a_piece_behind_its_own_bombs_is_walled_in() {
    let variant = builtin_variant("classic").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut setup = sensible_setup(&variant, Side::Red, &Deal::Fixed, &mut rng);
    let kind = |key: &str| {
        variant
            .kind_ids()
            .find(|k| variant.kind(*k).key == key)
            .unwrap()
    };
    let place = |setup: &mut Setup, at: &str, key: &str| {
        let square: Square = at.parse().unwrap();
        let here = setup
            .placements
            .iter()
            .position(|p| p.square == square)
            .unwrap();
        // Swap with a piece of that kind off the corner, keeping the army whole.
        let corner: Vec<Square> = ["a1", "b1", "a2"].map(|s| s.parse().unwrap()).to_vec();
        let there = setup
            .placements
            .iter()
            .position(|p| p.piece.kind == kind(key) && !corner.contains(&p.square))
            .unwrap();
        let piece = setup.placements[here].piece;
        setup.placements[here].piece = setup.placements[there].piece;
        setup.placements[there].piece = piece;
    };
    // A sergeant in the corner with bombs on both its neighbours.
    place(&mut setup, "a1", "sergeant");
    place(&mut setup, "b1", "bomb");
    place(&mut setup, "a2", "bomb");
    let boxed = boxed_in(&variant, &setup);
    assert!(boxed.contains(&"a1".parse().unwrap()), "{boxed:?}");
    // With one bomb swapped for a captain, the way out is open.
    place(&mut setup, "a2", "captain");
    assert!(!boxed_in(&variant, &setup).contains(&"a1".parse().unwrap()));
}

#[test]
fn the_expert_always_has_a_move_when_time_is_up() {
    let variant = builtin_variant("classic").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
    let view = game.view(Side::Red);
    let out_of_time = Budget {
        work: u64::MAX,
        deadline: Some(std::time::Instant::now()),
    };
    let started = std::time::Instant::now();
    let action = choose_within(Level::Expert, &view, 1, out_of_time);
    assert!(action.is_some_and(|a| view.legal_actions().contains(&a)));
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    // No work at all still gives a legal move.
    let action = choose_within(Level::Expert, &view, 1, Budget::work(0));
    assert!(action.is_some_and(|a| view.legal_actions().contains(&a)));
}

#[test]
fn the_experts_move_depends_on_its_work_budget_not_the_clock() {
    let variant = builtin_variant("classic").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
    for ply in 0..12 {
        let side = game.position().to_move();
        let view = game.view(side);
        let budget = Budget::work(30_000);
        let first = choose_within(Level::Expert, &view, ply, budget);
        assert_eq!(
            first,
            choose_within(Level::Expert, &view, ply, budget),
            "ply {ply}"
        );
        game.play(first.unwrap()).unwrap();
    }
}

/// Piecepack hides which suit discarded its flag: every sample must still
/// put exactly one flag on a hidden coin of a suit that may hold it.
#[test]
fn piecepack_samples_always_hold_the_enemy_flag() {
    use flagfall::ai::Belief;
    use flagfall::core::deal::random_deal;
    let variant = builtin_variant("piecepack").unwrap();
    let options = GameOptions::defaults(&variant);
    for seed in 0..6 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let [red, blue] = Side::BOTH.map(|side| {
            let deal = random_deal(&variant, side, &mut rng);
            let setup = sensible_setup(&variant, side, &deal, &mut rng);
            (deal, setup)
        });
        let mut game = Game::new(variant.clone(), options, red, blue).unwrap();
        for ply in 0..80 {
            if game.position().outcome().is_some() {
                break;
            }
            let side = game.position().to_move();
            let view = game.view(side);
            let belief = Belief::new(&view);
            for _ in 0..8 {
                let sample = belief.sample(&variant, &mut rng);
                let flags = sample
                    .iter()
                    .filter(|(_, p)| variant.kind(p.kind).is_flag)
                    .count();
                assert_eq!(flags, 1, "seed {seed} ply {ply}: {flags} flags sampled");
                assert!(sample.iter().all(|(h, p)| h.suit == p.suit));
            }
            let Some(action) = choose(Level::Random, &view, seed + ply) else {
                break;
            };
            game.play(action).unwrap();
        }
    }
}

/// Barrage has one bomb: `best` puts its flag in a back corner with every
/// neighbour filled, by the bomb and by a piece a scout cannot beat.
#[test]
fn best_encloses_its_barrage_flag() {
    use flagfall::ai::setup_for;
    let variant = builtin_variant("barrage").unwrap();
    let options = GameOptions::defaults(&variant);
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for side in Side::BOTH {
            let setup = setup_for(Level::Best, &variant, side, &Deal::Fixed, &mut rng);
            let flag = flag_square(&variant, &setup);
            let back = if side == Side::Red { 0 } else { 9 };
            assert_eq!(flag.row, back, "seed {seed}");
            assert!(
                flag.col == 0 || flag.col == 9,
                "seed {seed}: flag in a corner"
            );
            let guards: Vec<_> = setup
                .placements
                .iter()
                .filter(|p| p.square.distance(flag) == 1)
                .map(|p| variant.kind(p.piece.kind))
                .collect();
            assert_eq!(guards.len(), 2, "seed {seed}: both neighbours filled");
            assert!(guards.iter().any(|k| k.key == "bomb"));
            assert!(guards.iter().all(|k| k.key == "bomb" || k.rank > 2));
            assert!(setup.check(&variant, &Deal::Fixed, &options).is_ok());
        }
    }
}

/// Free setup: Blue sets up second among Red's pieces. `best` and the
/// expert put no piece on a square Red took, and their flag where every
/// neighbour is theirs and a bomb; both sides fill every square within 3
/// steps of their flag that the other army did not take.
#[test]
fn free_setups_hide_and_crowd_the_flag() {
    use flagfall::ai::setup_around;
    let variant = builtin_variant("free").unwrap();
    let options = GameOptions::defaults(&variant);
    for level in [Level::Best, Level::Expert] {
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // Against random, and against itself.
            let red = if seed % 2 == 0 {
                Setup::random(&variant, Side::Red, &Deal::Fixed, &mut rng).unwrap()
            } else {
                setup_around(level, &variant, Side::Red, &Deal::Fixed, &[], &mut rng)
            };
            let taken: Vec<Square> = red.placements.iter().map(|p| p.square).collect();
            let blue = setup_around(level, &variant, Side::Blue, &Deal::Fixed, &taken, &mut rng);
            assert!(
                blue.placements.iter().all(|p| !taken.contains(&p.square)),
                "seed {seed}: a Blue piece on a square Red took"
            );
            let flag = flag_square(&variant, &blue);
            for n in variant.board.neighbours(flag) {
                let guard = blue.placements.iter().find(|p| p.square == n);
                assert!(
                    variant.board.is_blocked(n)
                        || guard.is_some_and(|p| variant.kind(p.piece.kind).key == "bomb"),
                    "seed {seed}: {n} beside the flag at {flag} is not a Blue bomb"
                );
            }
            let mut sides = vec![(&blue, taken.clone())];
            if seed % 2 == 1 {
                sides.push((&red, Vec::new()));
            }
            for (setup, taken) in sides {
                let flag = flag_square(&variant, setup);
                for square in within_steps(&variant, flag, 3) {
                    assert!(
                        taken.contains(&square)
                            || setup.placements.iter().any(|p| p.square == square),
                        "seed {seed}: {square}, near {:?}'s flag at {flag}, left empty",
                        setup.side
                    );
                }
                assert!(boxed_in(&variant, setup).is_empty(), "seed {seed}");
            }
            Game::new(
                Arc::clone(&variant),
                options,
                (Deal::Fixed, red),
                (Deal::Fixed, blue),
            )
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
}

/// The squares `steps` or fewer steps from `from` round the lakes.
fn within_steps(variant: &Variant, from: Square, steps: u32) -> Vec<Square> {
    let mut reached = vec![from];
    let mut edge = vec![from];
    for _ in 0..steps {
        let next: Vec<Square> = edge
            .iter()
            .flat_map(|sq| variant.board.neighbours(*sq).collect::<Vec<_>>())
            .filter(|n| !variant.board.is_blocked(*n) && !reached.contains(n))
            .collect();
        edge.clear();
        for n in next {
            if !reached.contains(&n) {
                reached.push(n);
                edge.push(n);
            }
        }
    }
    reached
}

/// The app's computer sets up the same way: in a solo free game it plays
/// Blue round the player's pieces, its flag ringed by its own bombs.
#[test]
fn the_computer_in_a_solo_free_game_sets_up_round_the_player() {
    use flagfall::games::Computer;
    use flagfall::games::PassAndPlay;
    let variant = builtin_variant("free").unwrap();
    for seed in 0..10 {
        let computer = Computer {
            side: Side::Blue,
            level: Level::Expert,
        };
        let mut session = PassAndPlay::solo(
            Arc::clone(&variant),
            GameOptions::defaults(&variant),
            seed,
            computer,
        );
        session.fill_for_me();
        session.setup_ready().expect("the player's random setup");
        let position = session.game().expect("both armies set up").position();
        let flag = position
            .pieces(Side::Blue)
            .find(|(_, p)| variant.kind(p.piece.kind).is_flag)
            .and_then(|(id, _)| position.square_of(id))
            .unwrap();
        for n in variant.board.neighbours(flag) {
            if variant.board.is_blocked(n) {
                continue;
            }
            let guard = position.piece_at(n).map(|id| (id.side, position.piece(id)));
            assert!(
                guard.is_some_and(
                    |(side, p)| side == Side::Blue && variant.kind(p.piece.kind).key == "bomb"
                ),
                "seed {seed}: {n} beside the flag at {flag} is not a Blue bomb"
            );
        }
    }
}

/// Domino: `best` stands every stone holding a 6 to attack with it (the
/// stones that can take the enemy 6-6), none of them on the front row, and
/// the 0-0 on the back row.
#[test]
fn best_turns_every_domino_six_to_attack() {
    use flagfall::ai::setup_for;
    use flagfall::core::deal::random_deal;
    let variant = builtin_variant("domino").unwrap();
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for side in Side::BOTH {
            let deal = random_deal(&variant, side, &mut rng);
            let setup = setup_for(Level::Best, &variant, side, &deal, &mut rng);
            let front = if side == Side::Red { 2 } else { 7 };
            let back = if side == Side::Red { 0 } else { 9 };
            for p in &setup.placements {
                if variant.kind(p.piece.kind).key == "0-0" {
                    assert_eq!(p.square.row, back, "seed {seed}: the 0-0 at {}", p.square);
                }
                let (low, high) = variant.kind(p.piece.kind).pips.unwrap();
                if high == 6 && low != 6 {
                    let (attack, _) = p.piece.domino_face(&variant).unwrap();
                    assert_eq!(
                        attack,
                        6,
                        "seed {seed}: {} at {}",
                        variant.kind(p.piece.kind).key,
                        p.square
                    );
                    assert_ne!(
                        p.square.row, front,
                        "seed {seed}: a killer on the front row"
                    );
                }
            }
        }
    }
}

/// A domino position, Red to move: `(side, square, stone, shown to the
/// enemy)`; a stone is "low-high", turned to attack with the high number
/// when written "high/low" (e.g. "6/2" is the 2-6 attacking with 6).
fn domino_view(stones: &[(Side, &str, &str, bool)]) -> flagfall::core::view::PlayerView {
    use flagfall::core::{Piece, Placement};
    let variant = builtin_variant("domino").unwrap();
    let stone = |face: &str| {
        let (a, d) = face.split_once('/').unwrap();
        let (low, high) = if a <= d { (a, d) } else { (d, a) };
        Piece {
            flipped: a > d,
            ..Piece::new(variant.kind_by_key(&format!("{low}-{high}")).unwrap())
        }
    };
    let pieces: Vec<_> = stones
        .iter()
        .map(|&(side, square, face, _)| {
            let square = square_named(square);
            (
                side,
                Placement {
                    square,
                    piece: stone(face),
                },
            )
        })
        .collect();
    let mut view = view_of(&variant, &pieces, Side::Red);
    // Stones shown in earlier battles: Red knows Blue's, and its own are marked seen.
    for &(_, square, face, shown) in stones {
        if shown {
            let seen = seen_mut(&mut view, square);
            seen.piece = Some(stone(face));
            seen.revealed = true;
        }
    }
    view
}

/// "d4" -> column d, row 4.
fn square_named(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', name[1..].parse::<u8>().unwrap() - 1)
}

/// Domino: a killer the enemy has not seen walks to the enemy 6-6 it has
/// seen (that 6-6 cannot tell it from a stone that would take it), rather
/// than show itself by taking a stone on the way, and takes the 6-6 once
/// next to it.
#[test]
fn best_walks_an_unseen_killer_to_the_seen_enemy_six_six() {
    use flagfall::core::Move;
    let with_killer_at = |killer| {
        domino_view(&[
            (Side::Red, "a1", "6/6", false),
            (Side::Red, killer, "6/2", false),
            (Side::Red, "a3", "6/5", false),
            (Side::Red, "b3", "6/4", false),
            (Side::Red, "c2", "6/3", false),
            (Side::Blue, "d9", "6/6", true),
            (Side::Blue, "e4", "5/5", true),
            (Side::Blue, "h10", "1/2", false),
        ])
    };
    let at = square_named;
    let step = choose(Level::Best, &with_killer_at("d4"), 7);
    assert_eq!(step, Some(Action::Move(Move::new(at("d4"), at("d5")))));
    let take = choose(Level::Best, &with_killer_at("d8"), 7);
    assert_eq!(take, Some(Action::Move(Move::new(at("d8"), at("d9")))));
}

/// Domino: with only seen killers left, the second one comes to stand two
/// steps from the seen enemy 6-6 next to the first, so that one can step
/// next to the 6-6 covered by the other (the 6-6 that takes it is taken).
#[test]
fn best_gathers_two_seen_killers_by_the_seen_enemy_six_six() {
    let view = domino_view(&[
        (Side::Red, "a1", "6/6", false),
        (Side::Red, "b1", "2/3", false),
        (Side::Red, "a2", "1/4", false),
        (Side::Red, "d7", "6/1", true),
        (Side::Red, "h3", "6/3", true),
        (Side::Blue, "d9", "6/6", true),
        (Side::Blue, "h10", "1/2", false),
    ]);
    // From h3 to c8 or e8 (two steps from d9, two from d7): first h4 or g3.
    let first_steps = [square_named("h4"), square_named("g3")];
    for seed in 0..6 {
        match choose(Level::Best, &view, seed) {
            Some(Action::Move(m)) if m.from == square_named("h3") => {
                assert!(first_steps.contains(&m.to), "seed {seed}: {m:?}")
            }
            other => panic!("seed {seed}: the second killer should come, not {other:?}"),
        }
    }
}

/// Domino: the 0-0 beats nothing but the 6-6, so it does not spend itself on
/// a stone that is the enemy 6-6 only one time in four; near a draw by the
/// quiet-ply rule it takes that chance.
#[test]
fn best_keeps_the_zero_zero_for_the_found_six_six() {
    use flagfall::core::Move;
    let mut view = domino_view(&[
        (Side::Red, "a1", "6/6", false),
        (Side::Red, "b1", "2/3", false),
        (Side::Red, "d5", "0/0", false),
        (Side::Red, "g2", "1/4", false),
        (Side::Blue, "d6", "1/2", false),
        (Side::Blue, "b9", "6/6", false),
        (Side::Blue, "f9", "3/4", false),
        (Side::Blue, "h10", "2/5", false),
    ]);
    let gamble = Action::Move(Move::new(square_named("d5"), square_named("d6")));
    for seed in 0..6 {
        assert_ne!(
            choose(Level::Best, &view, seed),
            Some(gamble),
            "seed {seed}"
        );
    }
    view.quiet_plies = 170;
    assert_eq!(choose(Level::Best, &view, 1), Some(gamble));
}

/// A piece of kind `key` of `variant` for `side` on `square`, for
/// `Position::arrange`.
fn placed(
    variant: &Variant,
    side: Side,
    square: &str,
    key: &str,
) -> (Side, flagfall::core::Placement) {
    let piece = flagfall::core::Piece::new(variant.kind_by_key(key).unwrap());
    let square = square.parse().unwrap();
    (side, flagfall::core::Placement { square, piece })
}

/// `side`'s view of `pieces` arranged on `variant`'s board with `side` to move.
fn view_of(
    variant: &Arc<Variant>,
    pieces: &[(Side, flagfall::core::Placement)],
    side: Side,
) -> flagfall::core::view::PlayerView {
    let options = GameOptions::defaults(variant);
    let position =
        flagfall::core::Position::arrange(variant.clone(), options, pieces, side).unwrap();
    flagfall::core::view::PlayerView::new(&position, side)
}

/// What `view` shows on the square named `square`, to change for a test.
fn seen_mut<'a>(
    view: &'a mut flagfall::core::view::PlayerView,
    square: &str,
) -> &'a mut flagfall::core::view::ViewPiece {
    let square = square_named(square);
    let columns = view.variant.board.columns as usize;
    view.squares[square.row as usize * columns + square.col as usize]
        .as_mut()
        .expect("a piece on the square")
}

#[test]
fn the_expert_answers_a_forced_move_at_once() {
    let variant = builtin_variant("classic").unwrap();
    let at = |side, square: &str, key: &str| placed(&variant, side, square, key);
    // Red's marshal in the corner beside its own bomb has one step: a1-a2.
    let pieces = [
        at(Side::Red, "a1", "marshal"),
        at(Side::Red, "b1", "bomb"),
        at(Side::Red, "j1", "flag"),
        at(Side::Blue, "j10", "flag"),
        at(Side::Blue, "e8", "sergeant"),
    ];
    let view = view_of(&variant, &pieces, Side::Red);
    assert_eq!(view.legal_moves.len(), 1);
    // Unlimited work: only the forced-move rule lets it answer.
    let budget = Budget {
        work: u64::MAX,
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(30)),
    };
    let started = std::time::Instant::now();
    let action = choose_within(Level::Expert, &view, 3, budget);
    assert_eq!(action, Some(Action::Move(view.legal_moves[0])));
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
}

/// With one miner left and enemy bombs still standing, the expert saves
/// its miner before a lieutenant when enemy captains threaten both: without
/// a miner no bomb around the enemy flag can ever be opened. By rank the
/// lieutenant is worth more, and it stands nearer Red's flag, so without
/// the last miners' worth (`last_miners.rs`) the expert saves it instead.
#[test]
fn the_expert_saves_its_last_miner_before_a_lieutenant() {
    let variant = builtin_variant("classic").unwrap();
    let at = |side, square: &str, key: &str| placed(&variant, side, square, key);
    let pieces = [
        at(Side::Red, "a1", "flag"),
        at(Side::Red, "i4", "miner"),
        at(Side::Red, "b4", "lieutenant"),
        at(Side::Blue, "i5", "captain"),
        at(Side::Blue, "b5", "captain"),
        at(Side::Blue, "i10", "bomb"),
        at(Side::Blue, "j9", "bomb"),
        at(Side::Blue, "j10", "flag"),
    ];
    let mut view = view_of(&variant, &pieces, Side::Red);
    for (square, key) in [
        ("i5", "captain"),
        ("b5", "captain"),
        ("i10", "bomb"),
        ("j9", "bomb"),
    ] {
        let seen = seen_mut(&mut view, square);
        seen.piece = Some(flagfall::core::Piece::new(
            variant.kind_by_key(key).unwrap(),
        ));
        seen.revealed = true;
        seen.moved = key == "captain";
    }
    // Blue has seen both threatened pieces, so its captains know they win.
    for square in ["i4", "b4"] {
        let seen = seen_mut(&mut view, square);
        seen.revealed = true;
        seen.moved = true;
    }
    let miner = square_named("i4");
    for seed in 1..=4 {
        let Some(Action::Move(m)) = choose(Level::Expert, &view, seed) else {
            panic!("seed {seed}: no move");
        };
        assert_eq!(m.from, miner, "seed {seed}: {m:?}");
    }
}

#[test]
fn the_expert_walks_toward_the_enemy_flag_beyond_its_rollouts() {
    let variant = builtin_variant("barrage").unwrap();
    let at = |side, square: &str, key: &str| placed(&variant, side, square, key);
    // Blue's flag stands on a2, in Red's home rows, six steps behind Red's
    // general; Blue's other piece has moved, so the flag can only be a2.
    // Every step back toward it is a step away from the enemy's side,
    // which the heuristic's own score counts against.
    let pieces = [
        at(Side::Red, "j1", "flag"),
        at(Side::Red, "a8", "general"),
        at(Side::Blue, "a2", "flag"),
        at(Side::Blue, "j10", "scout"),
    ];
    let mut view = view_of(&variant, &pieces, Side::Red);
    seen_mut(&mut view, "j10").moved = true;
    let toward = flagfall::core::Move::new(square_named("a8"), square_named("a7"));
    for seed in 1..=4 {
        assert_eq!(
            choose(Level::Expert, &view, seed),
            Some(Action::Move(toward)),
            "seed {seed}"
        );
    }
}
