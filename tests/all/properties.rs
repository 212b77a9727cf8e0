//! Property tests: many random games per variant from random deals and
//! setups, checking invariants after every ply.

use flagfall::core::playout::random_action;
use flagfall::core::position::Position;
use flagfall::core::record::GameRecord;
use flagfall::core::variant::{Variant, builtin_variant};
use flagfall::core::{Action, Game, GameOptions, PlayerView, Side, StuckRule, TwoSquares};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Every battle removes a piece and at most `per_player` rescues return one
/// each, so a game with a quiet-ply limit cannot outlast this many plies.
fn ply_bound(variant: &Variant, position: &Position) -> u32 {
    let pieces: u32 = Side::BOTH
        .iter()
        .map(|s| position.pieces(*s).count() as u32)
        .sum();
    let rescues = 2 * variant.rules.rescue.per_player as u32;
    let quiet = variant
        .rules
        .quiet_ply_limit
        .expect("built-in variants have a quiet-ply limit");
    (pieces + rescues + 1) * (quiet + 1)
}

fn check_invariants(position: &Position, before: &Position, action: Action) {
    let variant = position.variant();
    for side in Side::BOTH {
        let total = position.pieces(side).count();
        let on_board = position
            .pieces(side)
            .filter(|(id, _)| position.square_of(*id).is_some())
            .count();
        let captured = position.captured(side).count();
        assert_eq!(on_board + captured, total, "{side}'s pieces are conserved");
        for (id, _) in position.pieces(side) {
            if let Some(sq) = position.square_of(id) {
                assert!(
                    !variant.board.is_blocked(sq),
                    "{sq} is water but holds a piece"
                );
                assert_eq!(
                    position.piece_at(sq),
                    Some(id),
                    "board and piece table agree on {sq}"
                );
            }
        }
    }
    // Only the mover's pieces move (a rescue puts one back; captures take pieces off).
    let mover = before.to_move();
    for side in Side::BOTH {
        for (id, _) in position.pieces(side) {
            let (was, now) = (before.square_of(id), position.square_of(id));
            if was != now && now.is_some() {
                assert_eq!(
                    side, mover,
                    "{side}'s piece moved on {mover}'s turn ({action:?})"
                );
            }
        }
    }
    for viewer in Side::BOTH {
        check_view(position, viewer);
    }
}

/// A view shows an enemy piece's identity only if the rules revealed it.
fn check_view(position: &Position, viewer: Side) {
    let view = PlayerView::new(position, viewer);
    let variant = position.variant();
    let over = position.outcome().is_some();
    let enemy_pieces = view
        .squares
        .iter()
        .flatten()
        .chain(view.captured.iter().flatten());
    for seen in enemy_pieces.filter(|p| p.owner != viewer) {
        let state = position.piece(seen.id);
        let allowed = state.revealed || variant.kind(state.piece.kind).public || over;
        if seen.piece.is_some() {
            assert!(allowed, "{viewer} sees hidden enemy piece {:?}", seen.id);
            assert_eq!(seen.piece, Some(state.piece));
        } else {
            assert!(
                !allowed,
                "{viewer} is not shown revealed piece {:?}",
                seen.id
            );
        }
        assert_eq!(seen.suit, state.piece.suit, "suits are public");
    }
    if !over && view.to_move != viewer {
        assert!(view.legal_moves.is_empty(), "a view holds no enemy moves");
    }
    if !over && view.to_move == viewer {
        use std::collections::HashSet;
        let from_view: HashSet<Action> = view.legal_actions().into_iter().collect();
        let from_engine: HashSet<Action> = position.legal_actions().into_iter().collect();
        assert_eq!(
            from_view, from_engine,
            "the view knows exactly the legal actions"
        );
    }
}

fn play_random_game(variant_id: &str, options: impl Fn(&Variant) -> GameOptions, seed: u64) {
    let variant: Arc<Variant> = builtin_variant(variant_id).expect("built-in variant");
    let options = options(&variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::random(Arc::clone(&variant), options, &mut rng);
    let bound = ply_bound(&variant, game.position());
    let mut buffer = Vec::new();
    while let Some(action) = random_action(game.position(), &mut rng, &mut buffer) {
        let before = game.position().clone();
        game.play(action).expect("random actions are legal");
        check_invariants(game.position(), &before, action);
        assert!(
            game.position().ply() <= bound,
            "game exceeded {bound} plies"
        );
    }
    assert!(game.position().outcome().is_some(), "every game ends");
    // The record replays to the same game.
    let record = GameRecord::from_game(&game);
    let replayed = GameRecord::from_json(&record.to_json())
        .and_then(|r| r.replay())
        .expect("record replays");
    assert_eq!(replayed.actions(), game.actions());
    assert_eq!(replayed.position().outcome(), game.position().outcome());
}

fn defaults(variant: &Variant) -> GameOptions {
    GameOptions::defaults(variant)
}

fn tournament(variant: &Variant) -> GameOptions {
    GameOptions {
        two_squares: TwoSquares::Limit(3),
        aggressor_advantage: true,
        silent_defense: true,
        rescue: true,
        ..GameOptions::defaults(variant)
    }
}

/// The More-Squares rule, and Gravon's "no move possible" after any move.
fn chases_and_gravon_endings(variant: &Variant) -> GameOptions {
    GameOptions {
        more_squares: true,
        stuck: StuckRule::AfterAnyMove,
        ..GameOptions::defaults(variant)
    }
}

fn rescue_only(variant: &Variant) -> GameOptions {
    GameOptions {
        rescue: true,
        two_squares: TwoSquares::Off,
        ..GameOptions::defaults(variant)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn classic_random_games(seed in any::<u64>()) { play_random_game("classic", defaults, seed) }

    #[test]
    fn classic_tournament_random_games(seed in any::<u64>()) { play_random_game("classic", tournament, seed) }

    #[test]
    fn classic_rescue_random_games(seed in any::<u64>()) { play_random_game("classic", rescue_only, seed) }

    #[test]
    fn small_random_games(seed in any::<u64>()) { play_random_game("small", defaults, seed) }

    #[test]
    fn barrage_random_games(seed in any::<u64>()) { play_random_game("barrage", defaults, seed) }

    #[test]
    fn duell_random_games(seed in any::<u64>()) { play_random_game("duell", defaults, seed) }

    #[test]
    fn domino_random_games(seed in any::<u64>()) { play_random_game("domino", defaults, seed) }

    #[test]
    fn piecepack_random_games(seed in any::<u64>()) { play_random_game("piecepack", defaults, seed) }

    #[test]
    fn ultimate_lightning_random_games(seed in any::<u64>()) { play_random_game("ultimate-lightning", defaults, seed) }

    #[test]
    fn free_setup_random_games(seed in any::<u64>()) { play_random_game("free", defaults, seed) }

    #[test]
    fn classic_more_squares_random_games(seed in any::<u64>()) { play_random_game("classic", chases_and_gravon_endings, seed) }

    #[test]
    fn barrage_more_squares_random_games(seed in any::<u64>()) { play_random_game("barrage", chases_and_gravon_endings, seed) }
}

/// The random games above must actually reach the rare rules, or their
/// invariants would hold vacuously.
#[test]
fn random_games_reach_every_ending_and_special() {
    use flagfall::core::{DrawReason, Outcome, WinReason};
    use std::collections::BTreeSet;
    let ending = |outcome: Outcome| match outcome {
        Outcome::Win { reason, .. } => format!("win by {reason:?}"),
        Outcome::Draw { reason } => format!("draw by {reason:?}"),
    };
    let mut endings = BTreeSet::new();
    let (mut rescues, mut hidden_defenders) = (0, 0);
    let mut buffer = Vec::new();
    for (variant_id, options) in [
        ("classic", tournament as fn(&Variant) -> GameOptions),
        ("barrage", defaults),
        ("domino", defaults),
    ] {
        let variant = builtin_variant(variant_id).unwrap();
        for seed in 0..400 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::random(Arc::clone(&variant), options(&variant), &mut rng);
            while let Some(action) = random_action(game.position(), &mut rng, &mut buffer) {
                let report = game.play(action).unwrap();
                rescues += matches!(action, Action::Rescue { .. }) as u32;
                hidden_defenders += report.battle.is_some_and(|b| !b.defender_revealed) as u32;
            }
            endings.insert(ending(game.position().outcome().expect("game over")));
        }
    }
    assert!(rescues > 0, "no rescue happened");
    assert!(hidden_defenders > 0, "Silent Defense never hid a defender");
    for expected in [
        ending(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::FlagCaptured,
        }),
        ending(Outcome::Win {
            winner: Side::Red,
            reason: WinReason::NoLegalMove,
        }),
        ending(Outcome::Draw {
            reason: DrawReason::QuietPlies,
        }),
        ending(Outcome::Draw {
            reason: DrawReason::BothImmobile,
        }),
    ] {
        assert!(
            endings.contains(&expected),
            "no random game ended by {expected}: {endings:?}"
        );
    }
}
