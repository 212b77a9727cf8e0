//! Per-player views hold no hidden enemy information: two games that differ
//! only in the enemy's hidden pieces look the same to the viewer.

use flagfall::core::deal::Deal;
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Action, Game, GameOptions, Move, PlayerView, Setup, Side, Square};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Two classic games whose Blue setups differ only by swapping the pieces on
/// `a` and `b`.
fn twin_games(a: &str, b: &str) -> (Game, Game) {
    let variant = builtin_variant("classic").unwrap();
    let options = GameOptions::defaults(&variant);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let red = Setup::random(&variant, Side::Red, &Deal::Fixed, &mut rng).unwrap();
    let blue = Setup::random(&variant, Side::Blue, &Deal::Fixed, &mut rng).unwrap();
    let mut swapped = blue.clone();
    let (i, j) = (
        swapped
            .placements
            .iter()
            .position(|p| p.square == sq(a))
            .unwrap(),
        swapped
            .placements
            .iter()
            .position(|p| p.square == sq(b))
            .unwrap(),
    );
    let (pi, pj) = (swapped.placements[i].piece, swapped.placements[j].piece);
    assert_ne!(pi, pj, "choose two different pieces");
    swapped.placements[i].piece = pj;
    swapped.placements[j].piece = pi;
    let game = |blue| {
        Game::new(
            variant.clone(),
            options,
            (Deal::Fixed, red.clone()),
            (Deal::Fixed, blue),
        )
        .unwrap()
    };
    (game(blue), game(swapped))
}

fn different_pair(game: &Game) -> (String, String) {
    let p = game.position();
    for a in ["a10", "b10", "c10", "d10", "e10"] {
        for b in ["f10", "g10", "h10", "i10", "j10"] {
            let kind = |s: &str| p.piece(p.piece_at(sq(s)).unwrap()).piece;
            if kind(a) != kind(b) {
                return (a.into(), b.into());
            }
        }
    }
    unreachable!("a classic back row has two different pieces")
}

#[test]
fn hidden_enemy_pieces_do_not_change_the_view() {
    let probe = twin_games("a10", "a9").0;
    let (a, b) = different_pair(&probe);
    let (mut one, mut two) = twin_games(&a, &b);
    assert_eq!(one.view(Side::Red), two.view(Side::Red));
    assert_ne!(
        one.view(Side::Blue),
        two.view(Side::Blue),
        "Blue sees its own pieces"
    );
    // Play the same quiet moves in both games; Red still cannot tell them apart.
    for _ in 0..6 {
        let m = one
            .view(one.position().to_move())
            .legal_moves
            .into_iter()
            .find(|m| {
                one.position().piece_at(m.to).is_none() && two.position().check_move(*m).is_ok()
            });
        let Some(m) = m else { break };
        one.play(Action::Move(m)).unwrap();
        two.play(Action::Move(m)).unwrap();
        assert_eq!(one.view(Side::Red), two.view(Side::Red));
    }
}

#[test]
fn enemy_kinds_are_hidden_until_revealed() {
    let (game, _) = twin_games("a10", "b10");
    let view = game.view(Side::Red);
    let enemies: Vec<_> = view
        .squares
        .iter()
        .flatten()
        .filter(|p| p.owner == Side::Blue)
        .collect();
    assert_eq!(enemies.len(), 40);
    assert!(
        enemies
            .iter()
            .all(|p| p.piece.is_none() && !p.moved && !p.revealed)
    );
    let own: Vec<_> = view
        .squares
        .iter()
        .flatten()
        .filter(|p| p.owner == Side::Red)
        .collect();
    assert!(own.iter().all(|p| p.piece.is_some()));
    assert!(
        view.legal_moves
            .iter()
            .all(|m| game.position().piece_at(m.from).unwrap().side == Side::Red)
    );
    assert!(
        game.view(Side::Blue).legal_moves.is_empty(),
        "not Blue's turn"
    );
}

#[test]
fn piecepack_suits_and_pawns_are_public_values_are_not() {
    let variant = builtin_variant("piecepack").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
    let view = game.view(Side::Red);
    let scout = variant.kind_by_key("scout").unwrap();
    for seen in view
        .squares
        .iter()
        .flatten()
        .filter(|p| p.owner == Side::Blue)
    {
        let real = game.position().piece(seen.id).piece;
        assert_eq!(seen.suit, real.suit, "suit is public");
        assert!(["blue", "black"].contains(&variant.suit(seen.suit.unwrap()).key.as_str()));
        if real.kind == scout {
            assert_eq!(seen.piece, Some(real), "pawns are public");
        } else {
            assert_eq!(seen.piece, None, "coin values are hidden");
        }
    }
}

#[test]
fn domino_deals_are_secret_and_the_game_end_reveals_all() {
    let variant = builtin_variant("domino").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
    let red_view = game.view(Side::Red);
    assert!(
        red_view
            .squares
            .iter()
            .flatten()
            .filter(|p| p.owner == Side::Blue)
            .all(|p| p.piece.is_none())
    );
    game.play(Action::Resign(Side::Blue)).unwrap();
    let after = game.view(Side::Red);
    assert!(
        after.squares.iter().flatten().all(|p| p.piece.is_some()),
        "game over: both armies shown"
    );
}

#[test]
fn a_battle_reveals_both_pieces_to_both_players() {
    let variant = builtin_variant("barrage").unwrap();
    let options = GameOptions::defaults(&variant);
    let piece = |key: &str| flagfall::core::Piece::new(variant.kind_by_key(key).unwrap());
    let place = |s: &str, key: &str| flagfall::core::Placement {
        square: sq(s),
        piece: piece(key),
    };
    let red = Setup {
        side: Side::Red,
        placements: vec![
            place("e4", "general"),
            place("a1", "flag"),
            place("b1", "bomb"),
            place("c1", "spy"),
            place("d1", "scout"),
            place("e1", "scout"),
            place("f1", "miner"),
            place("g1", "marshal"),
        ],
    };
    let blue = Setup {
        side: Side::Blue,
        placements: vec![
            place("e7", "miner"),
            place("a10", "flag"),
            place("b10", "bomb"),
            place("c10", "spy"),
            place("d10", "scout"),
            place("e10", "scout"),
            place("f10", "general"),
            place("g10", "marshal"),
        ],
    };
    let mut game = Game::new(
        variant.clone(),
        options,
        (Deal::Fixed, red),
        (Deal::Fixed, blue),
    )
    .unwrap();
    for (from, to) in [("e4", "e5"), ("e7", "e6"), ("e5", "e6")] {
        let report = game
            .play(Action::Move(Move::new(sq(from), sq(to))))
            .unwrap();
        if let Some(battle) = report.battle {
            let seen = report.seen_by(Side::Blue, game.position());
            let battle_seen = seen.battle.unwrap();
            assert_eq!(battle_seen.attacker.piece, Some(battle.attacker_piece));
            assert_eq!(battle_seen.defender.piece, Some(battle.defender_piece));
        }
    }
    let general = game.position().piece_at(sq("e6")).unwrap();
    let red_general_seen_by_blue = PlayerView::new(game.position(), Side::Blue);
    let seen = red_general_seen_by_blue.at(sq("e6")).unwrap();
    assert_eq!(
        (seen.id, seen.piece, seen.moved, seen.revealed),
        (general, Some(piece("general")), true, true)
    );
    let captured = &red_general_seen_by_blue.captured[Side::Blue.index()];
    assert_eq!(captured.len(), 1);
    assert_eq!(captured[0].piece, Some(piece("miner")));
}
