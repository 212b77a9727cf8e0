//! The play controller without a window: taps on the board become moves
//! (or say why not), and the screen's model shows the game from the
//! viewer's side only.

use super::*;
use crate::ai::hint::HintWorker;
use crate::ai::{Level, ThinkTime};
use crate::app::Numbering;
use crate::core::options::GameOptions;
use crate::core::variant::builtin_variant;
use crate::games::Computer;
use crate::games::PassAndPlay;
use crate::games::TwoDeviceGame;
use crate::games::game::hand_off;

fn display(viewer: Side) -> Display {
    Display {
        viewer,
        numbering: Numbering::Modern,
        memory_aid: true,
    }
}

/// Both setups filled and ready: Red to move, the device in Red's hands.
fn set_up(game: impl Into<GameOnDevice>) -> GameOnDevice {
    let mut game = game.into();
    while game.game().view().is_none() {
        hand_off(&mut game, |h| h.take_device());
        if matches!(game.game().stage(), Stage::Deal(_)) {
            let suit = game.game().variant().suits_of(game.game().viewer()).next();
            if let Some(suit) = suit {
                game.game_mut().choose_discards(suit).unwrap();
            }
            game.game_mut().accept_deal().unwrap();
            continue;
        }
        game.game_mut().fill_setup();
        game.game_mut().setup_ready().unwrap();
    }
    hand_off(&mut game, |h| h.take_device());
    game
}

fn pass_and_play(variant: &str) -> GameOnDevice {
    let v = builtin_variant(variant).unwrap();
    set_up(PassAndPlay::new(
        Arc::clone(&v),
        GameOptions::defaults(&v),
        3,
    ))
}

/// A legal one-square move of the viewer's that attacks nothing (so it
/// shows nothing of the piece).
fn quiet_move(game: &GameOnDevice) -> Move {
    let view = game.game().view().unwrap();
    *view
        .legal_moves
        .iter()
        .find(|m| view.at(m.to).is_none() && m.from.distance(m.to) == 1)
        .expect("a quiet move")
}

#[test]
fn a_tap_picks_a_piece_a_second_tap_moves_it() {
    let mut game = pass_and_play("classic");
    let mut play = PlayController::unbound();
    let m = quiet_move(&game);
    assert!(play.tap(&mut game, m.from).is_empty());
    let model = play.model(&game, display(Side::Red)).unwrap();
    let cell_of = |square: Square| {
        (0..model.cells.len())
            .find(|i| board_cells::square_at(&model.variant, Side::Red, *i) == square)
            .map(|i| model.cells[i].clone())
            .unwrap()
    };
    assert!(cell_of(m.from).selected);
    assert!(cell_of(m.to).target, "the legal destination is marked");
    let effects = play.tap(&mut game, m.to);
    assert!(matches!(effects[..], [Effect::Moved(GameView::Auto)]));
    assert_eq!(game.game().plies(), vec![(Side::Red, Action::Move(m))]);
    assert_eq!(play.pick, None, "nothing stays picked up after the move");
}

#[test]
fn tapping_the_picked_piece_again_puts_it_down() {
    let mut game = pass_and_play("classic");
    let mut play = PlayController::unbound();
    let m = quiet_move(&game);
    play.tap(&mut game, m.from);
    play.tap(&mut game, m.from);
    assert_eq!(play.pick, None);
    assert!(game.game().plies().is_empty());
}

#[test]
fn an_illegal_move_is_refused_with_the_rules_reason_and_changes_nothing() {
    let mut game = pass_and_play("classic");
    let mut play = PlayController::unbound();
    // A front-row piece onto its own neighbour behind it.
    let m = quiet_move(&game);
    let behind = Square::new(m.from.col, m.from.row - 1);
    let effects = play.drag(&mut game, m.from, behind);
    let [Effect::Refuse(why)] = &effects[..] else {
        panic!("not refused: {effects:?}");
    };
    assert_eq!(
        *why,
        crate::core::moves::IllegalMove::OwnPiece(behind).to_string()
    );
    assert!(game.game().plies().is_empty(), "the game is unchanged");
}

#[test]
fn the_model_shows_whose_turn_and_the_moves_from_the_viewers_side() {
    let mut game = pass_and_play("classic");
    let play = PlayController::unbound();
    let model = play.model(&game, display(Side::Red)).unwrap();
    assert_eq!(model.status, "Red ▲: your turn");
    assert!(model.moves.is_empty());
    assert!(!model.solo && !model.two_devices);
    let m = quiet_move(&game);
    game.game_mut().play(Action::Move(m)).unwrap();
    hand_off(&mut game, |h| h.take_device());
    let model = play.model(&game, display(Side::Blue)).unwrap();
    assert_eq!(model.status, "Blue ●: your turn");
    assert_eq!(model.moves, vec![format!("1. Red: {m}")]);
    assert_eq!(model.notice, format!("Red moved {m}."));
    // No piece of Red's is shown to Blue but those the rules showed.
    let hidden = model
        .cells
        .iter()
        .filter(|c| c.content == 2 && !c.shown)
        .count();
    assert_eq!(hidden, 40, "Blue sees none of Red's ranks");
}

#[test]
fn a_battle_is_shown_to_the_mover_before_the_board_changes() {
    let mut game = pass_and_play("small");
    let play = PlayController::unbound();
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    // Play random quiet moves until an attack is legal, then attack.
    use rand::{RngExt, SeedableRng};
    for _ in 0..400 {
        let view = game.game().view().unwrap();
        if let Some(attack) = view
            .legal_moves
            .iter()
            .find(|m| view.at(m.to).is_some_and(|p| p.owner != view.viewer))
        {
            let mover = view.viewer;
            game.game_mut().play(Action::Move(*attack)).unwrap();
            let model = play.model(&game, display(mover)).unwrap();
            if game.game().battle_on_show().is_none() {
                // The game ended, or a rescue came of it: no battle screen.
                assert!(game.game().is_over() || game.game().view().unwrap().rescue_pending);
                return;
            }
            assert!(model.status.ends_with("your move led to a battle"));
            let battle = model.battle.expect("the battle is shown");
            assert!(!battle.text.is_empty());
            // Both pieces drawn, as the mover saw them: the attacker's face.
            assert!(battle.attacker.shown && battle.attacker.own);
            assert!(!battle.defender.own && battle.defender.content >= 2);
            let attacker = (0..model.cells.len())
                .find(|i| board_cells::square_at(&model.variant, mover, *i) == attack.from)
                .unwrap();
            assert!(
                model.cells[attacker].selected,
                "the attacker is still on its square, picked up"
            );
            return;
        }
        let moves = &view.legal_moves;
        let m = moves[rng.random_range(0..moves.len())];
        game.game_mut().play(Action::Move(m)).unwrap();
        hand_off(&mut game, |h| h.battle_seen());
        hand_off(&mut game, |h| h.take_device());
    }
    panic!("no attack in 400 plies");
}

/// An 8x8 game begun at `started` and played at random (from `seed`)
/// until one side attacks: the defender's turn begins. The attack and
/// the defender.
fn to_their_battle(seed: u64, started: u64) -> (GameOnDevice, Move, Side) {
    use rand::{RngExt, SeedableRng};
    let mut game = pass_and_play("small");
    if let GameOnDevice::OneDevice(one) = &mut game {
        one.set_started(started);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..400 {
        let view = game.game().view().unwrap();
        let attack = view
            .legal_moves
            .iter()
            .copied()
            .find(|m| view.at(m.to).is_some_and(|p| p.owner != view.viewer));
        let m =
            attack.unwrap_or_else(|| view.legal_moves[rng.random_range(0..view.legal_moves.len())]);
        let mover = view.viewer;
        game.game_mut().play(Action::Move(m)).unwrap();
        hand_off(&mut game, |h| h.battle_seen());
        assert!(!game.game().is_over() && !game.game().view().unwrap().rescue_pending);
        hand_off(&mut game, |h| h.take_device());
        if let Some(attack) = attack {
            return (game, attack, mover.opponent());
        }
    }
    panic!("no attack in 400 plies");
}

#[test]
fn the_other_players_battle_is_shown_as_the_turn_begins_and_marked_in_the_moves() {
    let (mut game, attack, defender) = to_their_battle(9, 1);
    let mut play = PlayController::unbound();
    let model = play.model(&game, display(defender)).unwrap();
    let battle = model.battle.expect("the other player's battle is shown");
    assert_eq!(battle.heading, format!("{} attacked", defender.opponent()));
    assert!(battle.text.contains(" attacked "), "{}", battle.text);
    assert!(battle.defender.own && battle.defender.shown);
    // The move list names both pieces and who won.
    let line = &model.moves[0];
    assert!(line.contains(&attack.to_string()), "{line}");
    assert!(line.contains(" × "), "{line}");
    assert!(
        line.contains(" wins") || line.contains("both out"),
        "{line}"
    );
    // Put away, it stays away this turn.
    play.battle_continue(&mut game);
    assert!(
        play.model(&game, display(defender))
            .unwrap()
            .battle
            .is_none()
    );
}

#[test]
fn a_battle_picture_put_away_in_one_game_is_still_shown_in_another() {
    // Two games played alike: the same attack at the same ply.
    let (mut first, _, defender) = to_their_battle(9, 1);
    let (second, _, _) = to_their_battle(9, 2);
    let mut play = PlayController::unbound();
    let shown = |play: &PlayController, game: &GameOnDevice| {
        play.model(game, display(defender))
            .unwrap()
            .battle
            .is_some()
    };
    play.battle_continue(&mut first);
    assert!(!shown(&play, &first));
    assert!(shown(&play, &second), "the other game's picture is its own");
    assert!(
        !shown(&play, &first),
        "back in the first game it stays away"
    );
}

/// A solo game with a hint shown: the controller and the hinted move.
fn hinted_game() -> (GameOnDevice, PlayController, Move) {
    let v = builtin_variant("classic").unwrap();
    let game = set_up(PassAndPlay::solo(
        Arc::clone(&v),
        GameOptions::defaults(&v),
        11,
        Computer {
            side: Side::Blue,
            level: Level::Random,
        },
    ));
    let mut play = PlayController::unbound();
    let mut hint = HintWorker::default();
    hint.ask(
        game.game().hint_view().unwrap(),
        1,
        ThinkTime::Quick,
        &crate::ai::thinking::Thinker::AtOnce,
    );
    play.show_hint(hint.collect(Some(game.game().view().unwrap().ply)).unwrap());
    let Some(hint) = play.hint else {
        panic!("a hint");
    };
    (game, play, hint)
}

#[test]
fn solo_hint_marks_both_squares_and_says_the_move() {
    let (game, play, hint) = hinted_game();
    // Nothing is picked up: a tap on the piece must pick it, not drop it.
    assert_eq!(play.pick, None);
    let model = play.model(&game, display(Side::Red)).unwrap();
    assert!(model.solo);
    assert_eq!(model.notice, format!("Hint: {hint}"));
    // A cell says its square first ("b4, your Scout").
    let mut marked: Vec<String> = model
        .cells
        .iter()
        .filter(|c| c.target)
        .filter_map(|c| c.a11y.split(',').next().map(str::to_string))
        .collect();
    marked.sort();
    let mut hinted = vec![hint.from.to_string(), hint.to.to_string()];
    hinted.sort();
    assert_eq!(marked, hinted);
}

#[test]
fn a_hint_is_played_by_tapping_its_squares_as_the_notice_says() {
    let (mut game, mut play, hint) = hinted_game();
    let before = game.game().view().unwrap().ply;
    play.tap(&mut game, hint.from);
    assert_eq!(play.pick, Some(hint.from));
    play.tap(&mut game, hint.to);
    assert_eq!(game.game().history()[0].action, Action::Move(hint));
    assert!(game.game().view().unwrap().ply > before);
    // Playing it forgets the hint.
    assert_eq!(play.hint, None);
}

#[test]
fn a_hint_is_played_by_a_tap_on_its_destination_or_a_drag() {
    let (mut game, mut play, hint) = hinted_game();
    play.tap(&mut game, hint.to);
    assert_eq!(game.game().history()[0].action, Action::Move(hint));
    assert_eq!(play.hint, None);

    let (mut game, mut play, hint) = hinted_game();
    play.drag(&mut game, hint.from, hint.to);
    assert_eq!(game.game().history()[0].action, Action::Move(hint));
}

#[test]
fn resigning_asks_first_and_ends_the_game() {
    let mut game = pass_and_play("classic");
    let mut play = PlayController::unbound();
    play.confirm_resign = true;
    assert!(play.resign_answer(&mut game, false).is_empty());
    assert!(!play.confirm_resign);
    assert!(!game.game().is_over());
    let effects = play.resign_answer(&mut game, true);
    assert!(matches!(effects[..], [Effect::Moved(_)]));
    assert!(game.game().is_over());
}

#[test]
fn two_devices_wait_for_the_other_code_after_a_move_and_carry_a_draw_offer() {
    let v = builtin_variant("classic").unwrap();
    let red = TwoDeviceGame::create(Arc::clone(&v), GameOptions::defaults(&v), Side::Red, 1);
    let mut red: GameOnDevice = red.into();
    red.game_mut().fill_setup();
    red.game_mut().setup_ready().unwrap();
    let code_on_show = |game: &GameOnDevice| {
        let link = game.game().link().expect("a two-device game");
        link.code_on_show().expect("a code on show").to_string()
    };
    let invitation = code_on_show(&red);
    let mut blue: GameOnDevice = TwoDeviceGame::join(&invitation, 2).unwrap().into();
    blue.game_mut().fill_setup();
    blue.game_mut().setup_ready().unwrap();
    let answer = code_on_show(&blue);
    red.game_mut().link_mut().unwrap().read(&answer).unwrap();
    assert_eq!(red.game().stage(), Stage::Play);

    let mut play = PlayController::unbound();
    assert!(play.offer_draw(&mut red).is_empty());
    let model = play.model(&red, display(Side::Red)).unwrap();
    assert!(model.two_devices);
    assert_eq!(
        model.notice,
        "You offer a draw: the offer goes with your move."
    );
    let m = quiet_move(&red);
    play.tap(&mut red, m.from);
    play.tap(&mut red, m.to);
    assert_eq!(red.game().stage(), Stage::Waiting);
    let model = play.model(&red, display(Side::Red)).unwrap();
    assert_eq!(model.status, "Red ▲: waiting for the other device's code");
    assert!(model.notice.contains("You offered a draw"));
    // Not this player's turn: a move is refused, and says so.
    let m2 = quiet_move_any(&red);
    let effects = play.drag(&mut red, m2.0, m2.1);
    assert!(
        matches!(&effects[..], [Effect::Refuse(why)] if why == "wait for the other device's code"),
        "{effects:?}"
    );
}

/// Any own piece and an empty square next to it (the move need not be legal now).
fn quiet_move_any(game: &GameOnDevice) -> (Square, Square) {
    let view = game.game().view().unwrap();
    let variant = &view.variant;
    for row in 0..variant.board.rows {
        for col in 0..variant.board.columns {
            let from = Square::new(col, row);
            if view.at(from).is_some_and(|p| p.owner == view.viewer) {
                for to in [
                    Square::new(col, row + 1),
                    Square::new(col, row.wrapping_sub(1)),
                ] {
                    if to.row < variant.board.rows && view.at(to).is_none() {
                        return (from, to);
                    }
                }
            }
        }
    }
    panic!("no own piece with an empty square beside it");
}
