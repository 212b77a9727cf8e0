//! A game keeps its history: replay from the start, review, undo, and an
//! illegal action that changes nothing.

use flagfall::core::playout::play_random;
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Action, Game, GameOptions, IllegalMove, Move, PlayerView, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn game_with_moves(plies: usize) -> Game {
    let variant = builtin_variant("classic").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
    assert_eq!(play_random(&mut game, &mut rng, plies), plies);
    game
}

fn views(game_position: &flagfall::core::Position) -> [PlayerView; 2] {
    Side::BOTH.map(|s| PlayerView::new(game_position, s))
}

#[test]
fn replaying_the_history_gives_the_same_position() {
    let game = game_with_moves(120);
    let replayed = game.position_after(game.actions().len());
    assert_eq!(views(&replayed), views(game.position()));
    assert_eq!(game.position_after(0).ply(), 0);
    assert_eq!(game.position_after(50).ply(), 50);
}

#[test]
fn undo_takes_back_moves() {
    let mut game = game_with_moves(60);
    let earlier = game.position_after(58);
    game.undo(2);
    assert_eq!(game.actions().len(), 58);
    assert_eq!(views(game.position()), views(&earlier));
    game.undo(1000);
    assert_eq!(game.actions().len(), 0);
    assert_eq!(game.position().ply(), 0);
}

#[test]
fn an_illegal_action_leaves_the_game_unchanged() {
    let mut game = game_with_moves(10);
    let before = views(game.position());
    let actions = game.actions().len();
    let to_move = game.position().to_move();
    let enemy_piece = game
        .position()
        .pieces(to_move.opponent())
        .find_map(|(id, _)| game.position().square_of(id))
        .unwrap();
    let error = game
        .play(Action::Move(Move::new(enemy_piece, enemy_piece)))
        .unwrap_err();
    assert!(matches!(error, IllegalMove::NotYourPiece { .. }), "{error}");
    assert_eq!(
        game.play(Action::SkipRescue).unwrap_err(),
        IllegalMove::NoRescuePending
    );
    assert_eq!(views(game.position()), before);
    assert_eq!(game.actions().len(), actions);
}

/// The history as one player saw it: a ply per action, in order, each
/// battle with the attacker shown and (without Silent Defense) the defender.
#[test]
fn the_history_as_a_player_saw_it_names_each_battle() {
    let game = game_with_moves(300);
    for viewer in Side::BOTH {
        let seen = game.plies_seen_by(viewer);
        assert_eq!(seen.len(), game.actions().len());
        let mut battles = 0;
        for (ply, action) in seen.iter().zip(game.actions()) {
            assert_eq!(ply.action, *action);
            if let Some(battle) = &ply.battle {
                battles += 1;
                assert!(battle.attacker.piece.is_some(), "an attacker is shown");
                // Without Silent Defense the defender is shown too.
                assert!(battle.defender.piece.is_some(), "the defender is shown");
            }
        }
        assert!(battles > 0, "300 random plies with no battle");
    }
}
