//! Gravon's Ultimate Lightning (Gravopedia, "Stratego UL"; RULES.md) and
//! free setup: 20 pieces each; Captains move one square or two (straight on,
//! or turning once); Scouts defuse bombs and Miners do not; a bomb goes off
//! once; the attacker wins ties; two rescues each, never by a Scout, Bombs
//! too. Free setup: the classic army anywhere on the board.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::battle::BattleResult;
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Action, Deal, Game, GameOptions, IllegalMove, Placement, Position, Setup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

use crate::common;
use common::*;

const UL: &str = "ultimate-lightning";

fn ul(extra: &[Spec]) -> Position {
    let mut list: Vec<Spec> = vec![
        (Red, "a1", "flag"),
        (Blue, "j10", "flag"),
        (Blue, "j9", "sergeant"),
    ];
    list.extend_from_slice(extra);
    pos(UL, &list, Red)
}

#[test]
fn the_army_is_twenty_pieces() {
    let v = variant(UL);
    let count = |key: &str| v.kind(v.kind_by_key(key).unwrap()).count;
    let army = [
        ("marshal", 1),
        ("general", 1),
        ("colonel", 1),
        ("major", 1),
        ("captain", 2),
        ("lieutenant", 2),
        ("sergeant", 2),
        ("miner", 2),
        ("scout", 4),
        ("spy", 1),
        ("bomb", 2),
        ("flag", 1),
    ];
    for (key, n) in army {
        assert_eq!(count(key), n, "{key}");
    }
    assert_eq!(v.kinds.iter().map(|k| k.count).sum::<u32>(), 20);
    assert_eq!((v.setup.rows, v.setup.must_fill), (4, false));
}

#[test]
fn a_captain_moves_one_or_two_squares_straight_or_turning_once() {
    let p = ul(&[(Red, "e4", "captain"), (Red, "f4", "sergeant")]);
    let mut targets: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq("e4"))
        .map(|m| m.to.to_string())
        .collect();
    targets.sort();
    // f4 is its own piece: no f4, no g4 through it; the turns to f3 and f5
    // go round it through e3 and e5. d5 is a lake.
    let mut expected = vec!["e5", "e6", "e3", "e2", "d4", "c4", "f5", "d3", "f3"];
    expected.sort();
    assert_eq!(targets, expected);
}

#[test]
fn a_captain_cannot_go_three_squares_or_through_pieces() {
    let mut p = ul(&[
        (Red, "e2", "captain"),
        (Red, "e3", "sergeant"),
        (Red, "d2", "sergeant"),
    ]);
    let too_far = mv(&mut p, "e2", "e5").unwrap_err();
    assert!(
        matches!(too_far, IllegalMove::TwoStepsAtMost { .. }),
        "{too_far}"
    );
    // Both ways to d3 are blocked by its own sergeants, and e4 lies behind one.
    for target in ["d3", "e4"] {
        assert!(matches!(
            mv(&mut p, "e2", target).unwrap_err(),
            IllegalMove::TwoStepsAtMost { .. }
        ));
    }
    play(&mut p, "e2", "f3");
}

#[test]
fn a_captain_may_attack_at_the_end_of_two_squares() {
    let mut p = ul(&[(Red, "e4", "captain"), (Blue, "f5", "sergeant")]);
    let report = play(&mut p, "e4", "f5");
    assert_eq!(report.battle.unwrap().result, BattleResult::AttackerWins);
}

#[test]
fn a_turning_move_shows_a_captain_and_a_straight_two_does_not() {
    let mut p = ul(&[
        (Red, "e4", "captain"),
        (Red, "b4", "scout"),
        (Blue, "h9", "sergeant"),
    ]);
    let captain = p.piece_at(sq("e4")).unwrap();
    let scout = p.piece_at(sq("b4")).unwrap();
    play(&mut p, "e4", "e6");
    assert!(!p.piece(captain).revealed, "a Scout could have gone e4-e6");
    play(&mut p, "h9", "h8");
    play(&mut p, "e6", "f7");
    assert!(p.piece(captain).revealed, "only a Captain turns");
    play(&mut p, "h8", "h9");
    play(&mut p, "b4", "b7");
    assert!(p.piece(scout).revealed, "only a Scout goes three squares");
}

#[test]
fn a_bomb_goes_off_once_and_scouts_defuse_bombs_not_miners() {
    let battle = |attacker: &str| {
        let mut p = ul(&[(Red, "e4", attacker), (Blue, "e5", "bomb")]);
        play(&mut p, "e4", "e5").battle.unwrap().result
    };
    assert_eq!(battle("sergeant"), BattleResult::BothRemoved);
    assert_eq!(battle("miner"), BattleResult::BothRemoved);
    assert_eq!(battle("marshal"), BattleResult::BothRemoved);
    assert_eq!(battle("scout"), BattleResult::AttackerWins);
    // In the classic game the bomb stays and the miner defuses it.
    let classic = |attacker: &str| {
        let mut p = pos(
            "classic",
            &[
                (Red, "a1", "flag"),
                (Blue, "j10", "flag"),
                (Blue, "j9", "sergeant"),
                (Red, "e4", attacker),
                (Blue, "e5", "bomb"),
            ],
            Red,
        );
        play(&mut p, "e4", "e5").battle.unwrap().result
    };
    assert_eq!(classic("sergeant"), BattleResult::DefenderWins);
    assert_eq!(classic("miner"), BattleResult::AttackerWins);
}

#[test]
fn the_attacker_wins_ties_by_default() {
    let mut p = ul(&[(Red, "e4", "major"), (Blue, "e5", "major")]);
    assert!(GameOptions::defaults(&variant(UL)).aggressor_advantage);
    assert_eq!(
        play(&mut p, "e4", "e5").battle.unwrap().result,
        BattleResult::AttackerWins
    );
}

#[test]
fn a_scout_never_rescues_and_a_bomb_can_come_back() {
    // A Red Bomb went off on d2; a Red Scout and a Red Sergeant can reach
    // Blue's back row.
    let start = || {
        let mut p = ul(&[
            (Red, "d2", "bomb"),
            (Red, "c1", "sergeant"),
            (Red, "a9", "scout"),
            (Red, "b9", "sergeant"),
            (Blue, "d3", "sergeant"),
            (Blue, "h8", "lieutenant"),
        ]);
        play(&mut p, "c1", "c2");
        play(&mut p, "d3", "d2"); // both go
        p
    };
    let mut p = start();
    let report = play(&mut p, "a9", "a10");
    assert!(!report.rescue_offered, "a Scout may not rescue");
    let mut p = start();
    let report = play(&mut p, "b9", "b10");
    assert!(report.rescue_offered);
    let bomb = p
        .rescue_choices()
        .into_iter()
        .find(|a| matches!(a, Action::Rescue { piece, .. } if p.variant().kind(p.piece(*piece).piece.kind).key == "bomb"))
        .expect("the Bomb can be rescued");
    p.play(bomb).unwrap();
}

#[test]
fn free_setup_places_the_classic_army_anywhere() {
    let v = builtin_variant("free").unwrap();
    assert!(v.setup.anywhere);
    assert!(v.in_setup_zone(Red, sq("e9")) && v.in_setup_zone(Blue, sq("e2")));
    assert_eq!(v.setup_squares(Red).len(), 92, "every square but the lakes");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        let game = Game::random(Arc::clone(&v), GameOptions::defaults(&v), &mut rng);
        assert_eq!(game.position().pieces(Red).count(), 40);
        assert_eq!(game.position().pieces(Blue).count(), 40);
    }
}

#[test]
fn free_setups_that_take_the_same_square_are_refused_with_the_square() {
    let v = builtin_variant("free").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let red = Setup::random(&v, Red, &Deal::Fixed, &mut rng).unwrap();
    let mut blue = Setup::random_avoiding(
        &v,
        Blue,
        &Deal::Fixed,
        &red.placements.iter().map(|p| p.square).collect::<Vec<_>>(),
        &mut rng,
    )
    .unwrap();
    let clash = red.placements[0].square;
    blue.placements[0] = Placement {
        square: clash,
        ..blue.placements[0]
    };
    let error = Game::new(
        Arc::clone(&v),
        GameOptions::defaults(&v),
        (Deal::Fixed, red),
        (Deal::Fixed, blue),
    )
    .unwrap_err();
    assert_eq!(error.clashes, vec![clash]);
    assert!(
        error
            .to_string()
            .contains(&format!("{clash} was chosen by both armies")),
        "{error}"
    );
}
