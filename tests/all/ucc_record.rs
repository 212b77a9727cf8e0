//! The UCC bot's own record of a game: fed only what the manager tells a
//! player (its moves and their outcomes), it shows the player exactly the
//! view the rules engine gives that player of the real game, at every ply.
//! So the bot decides from the same view as the app's computer player, and
//! what `ai_players` proves of views (hidden pieces never change a move)
//! holds for the bot.

use flagfall::ai::{Level, choose, setup_for};
use flagfall::core::battle::BattleResult;
use flagfall::core::deal::Deal;
use flagfall::core::playout::random_action;
use flagfall::core::position::PlyReport;
use flagfall::core::variant::Mobility;
use flagfall::core::view::PlayerView;
use flagfall::core::{Action, Game, Setup, Side, Square, Variant};
use flagfall::ucc::{Outcome, UccGame, UccGameError, UccMove, rank_of, ucc_rules};
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

/// A game between two of `best`'s setups under the manager's rules (see
/// `game_and_record`), played by `mover` until it ends or `plies` have
/// passed, with the record of `side` kept beside it.
fn check_game(seed: u64, side: Side, plies: usize, mut mover: impl FnMut(&Game, u64) -> Action) {
    let variant = ucc_rules().0;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut game, mut record) = game_and_record(side, &mut rng);
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
        record
            .apply(
                UccMove::between(m.from, m.to).unwrap(),
                manager_outcome(&variant, &report),
            )
            .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: {e}"));
    }
}

/// A game between two of `best`'s setups under the manager's rules, and
/// the record `side`'s bot keeps of it.
fn game_and_record(side: Side, rng: &mut ChaCha8Rng) -> (Game, UccGame) {
    let (variant, options) = ucc_rules();
    let setups: Vec<Setup> = Side::BOTH
        .iter()
        .map(|s| setup_for(Level::Best, &variant, *s, &Deal::Fixed, rng))
        .collect();
    let game = Game::new(
        variant,
        options,
        (Deal::Fixed, setups[0].clone()),
        (Deal::Fixed, setups[1].clone()),
    )
    .unwrap();
    let record = UccGame::new(side, setups[side.index()].clone()).unwrap();
    (game, record)
}

/// What the manager tells both bots of a ply: the move's outcome, with
/// both ranks after a battle.
fn manager_outcome(variant: &Variant, report: &PlyReport) -> Outcome {
    match report.battle {
        None => Outcome::Ok,
        Some(b) => {
            let (a, d) = (
                rank_of(variant, b.attacker_piece.kind),
                rank_of(variant, b.defender_piece.kind),
            );
            match b.result {
                BattleResult::AttackerWins => Outcome::Kills(a, d),
                BattleResult::DefenderWins => Outcome::Dies(a, d),
                BattleResult::BothRemoved => Outcome::BothDie(a, d),
            }
        }
    }
}

/// A manager that reports a long move by an enemy piece a battle has shown
/// to be no scout contradicts itself: the record says so instead of
/// quietly making the piece a scout.
#[test]
fn a_long_move_by_a_piece_shown_to_be_no_scout_is_refused() {
    let variant = ucc_rules().0;
    let side = Side::Red;
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut game, mut record) = game_and_record(side, &mut rng);
        let mut buffer = Vec::new();
        while let Some(action) = random_action(game.position(), &mut rng, &mut buffer) {
            let Action::Move(m) = action else { continue };
            let report = game.play(action).unwrap();
            record
                .apply(
                    UccMove::between(m.from, m.to).unwrap(),
                    manager_outcome(&variant, &report),
                )
                .unwrap();
            let position = game.position();
            if position.to_move() == side {
                continue;
            }
            // An enemy piece that a battle showed, that steps but does not
            // run, with two empty squares ahead of it.
            let long_move = position.pieces(side.opponent()).find_map(|(id, state)| {
                let kind = variant.kind(state.piece.kind);
                let from = position.square_of(id)?;
                if !state.revealed || kind.mobility != Mobility::Step {
                    return None;
                }
                [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
                    .into_iter()
                    .find_map(|(dx, dy)| {
                        let at = |k: i8| {
                            let (c, r) = (from.col as i8 + dx * k, from.row as i8 + dy * k);
                            (c >= 0 && r >= 0).then(|| Square::new(c as u8, r as u8))
                        };
                        let (one, two) = (at(1)?, at(2)?);
                        let free = |sq: Square| {
                            variant.board.contains(sq)
                                && !variant.board.is_blocked(sq)
                                && position.piece_at(sq).is_none()
                        };
                        (free(one) && free(two)).then(|| (from, two, kind.name.clone()))
                    })
            });
            if let Some((from, to, name)) = long_move {
                let error = record
                    .apply(UccMove::between(from, to).unwrap(), Outcome::Ok)
                    .expect_err("a long move by a piece shown to be no scout");
                assert!(
                    matches!(error, UccGameError::ShownAsTwoRanks { .. }),
                    "seed {seed}: the {name} from {from}: {error}"
                );
                assert!(error.to_string().contains("was shown as"), "{error}");
                return;
            }
        }
    }
    panic!("no random game showed an enemy stepping piece with room to run");
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
