//! The UCC bot's own record of a game: fed only what the manager tells a
//! player (its moves and their outcomes), it shows the player exactly the
//! view the rules engine gives that player of the real game, at every ply.
//! So the bot decides from the same view as the app's computer player, and
//! what `ai_players` proves of views (hidden pieces never change a move)
//! holds for the bot.

use flagfall::core::battle::BattleResult;
use flagfall::core::deal::Deal;
use flagfall::core::playout::random_action;
use flagfall::core::view::PlayerView;
use flagfall::core::{Action, Game, Setup, Side};
use flagfall::session::ai::{Level, choose, setup_for};
use flagfall::session::ucc::{Outcome, UccGame, UccMove, rank_of, ucc_rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a player sees of each square and each captured piece, leaving out
/// the ids the two games number differently.
fn seen(view: &PlayerView) -> Vec<String> {
    let mut out: Vec<String> = view
        .squares
        .iter()
        .map(|s| match s {
            None => ".".to_string(),
            Some(p) => format!("{:?}{:?}{}{}", p.owner, p.piece, p.moved, p.revealed),
        })
        .collect();
    for side in Side::BOTH {
        let mut captured: Vec<String> = view.captured[side.index()]
            .iter()
            .map(|p| format!("{:?}", p.piece))
            .collect();
        captured.sort();
        out.push(captured.join(","));
    }
    out.push(format!(
        "{:?} {} {:?} {:?}",
        view.to_move, view.ply, view.outcome, view.legal_moves
    ));
    out
}

/// A game between two of `best`'s setups under the manager's rules, played
/// by `mover` until it ends or `plies` have passed, with the record of
/// `side` kept beside it.
fn check_game(seed: u64, side: Side, plies: usize, mut mover: impl FnMut(&Game, u64) -> Action) {
    let (variant, options) = ucc_rules();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let setups: Vec<Setup> = Side::BOTH
        .iter()
        .map(|s| setup_for(Level::Best, &variant, *s, &Deal::Fixed, &mut rng))
        .collect();
    let mut game = Game::new(
        variant.clone(),
        options,
        (Deal::Fixed, setups[0].clone()),
        (Deal::Fixed, setups[1].clone()),
    )
    .unwrap();
    let mut record = UccGame::new(side, setups[side.index()].clone()).unwrap();
    for ply in 0..plies {
        if game.position().outcome().is_some() {
            // Both armies are shown once the game is over: only the
            // ending must agree (the record's stand-in pieces show then).
            assert_eq!(record.view().outcome, game.view(side).outcome);
            return;
        }
        assert_eq!(
            seen(&record.view()),
            seen(&game.view(side)),
            "seed {seed}, {side:?}'s record at ply {ply}"
        );
        let action = mover(&game, ply as u64);
        let Action::Move(m) = action else {
            panic!("classic has only moves")
        };
        let report = game.play(action).unwrap();
        // What the manager tells both bots: the move, and ranks after a battle.
        let outcome = match report.battle {
            None => Outcome::Ok,
            Some(b) => {
                let (a, d) = (
                    rank_of(&variant, b.attacker_piece.kind),
                    rank_of(&variant, b.defender_piece.kind),
                );
                match b.result {
                    BattleResult::AttackerWins => Outcome::Kills(a, d),
                    BattleResult::DefenderWins => Outcome::Dies(a, d),
                    BattleResult::BothRemoved => Outcome::BothDie(a, d),
                }
            }
        };
        record
            .apply(UccMove::between(m.from, m.to).unwrap(), outcome)
            .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: {e}"));
    }
}

#[test]
fn the_record_shows_each_side_its_view_of_random_games() {
    for seed in 0..40 {
        for side in Side::BOTH {
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 2 + side.index() as u64);
            let mut buffer = Vec::new();
            check_game(seed, side, 3_000, |game, _| {
                random_action(game.position(), &mut rng, &mut buffer).unwrap()
            });
        }
    }
}

#[test]
fn the_record_shows_each_side_its_view_of_games_between_computer_players() {
    for seed in 0..4 {
        for side in Side::BOTH {
            check_game(seed, side, 400, |game, ply| {
                let to_move = game.position().to_move();
                choose(Level::Heuristic, &game.view(to_move), seed ^ ply).unwrap()
            });
        }
    }
}
