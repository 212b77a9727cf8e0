//! Gravon's rules, by which its records are replayed (README, "Gravon's
//! rules"): a side left unable to move by any move loses at once (both at
//! once: a draw), no quiet-ply draw, and the two-squares limit of the month
//! the game was played in; rescues written inside moves.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::gravon::{self, GravonRules};
use flagfall::core::{
    DrawReason, GameOptions, Outcome, Position, QuietPlies, Side, StuckRule, TwoSquares, WinReason,
};

mod common;
use common::*;

fn options(stuck: StuckRule) -> GameOptions {
    GameOptions {
        stuck,
        ..GameOptions::defaults(&variant("classic"))
    }
}

/// Red's Sergeant on b1 is walled in by its own Flag and Bombs; Red's Scout
/// on e4 is its only free piece, about to die attacking Blue's Marshal.
fn red_walls_itself_in(stuck: StuckRule) -> Position {
    arrange(
        "classic",
        options(stuck),
        &[
            (Red, "a1", "flag"),
            (Red, "b1", "sergeant"),
            (Red, "c1", "bomb"),
            (Red, "b2", "bomb"),
            (Red, "a2", "bomb"),
            (Red, "e4", "scout"),
            (Blue, "j10", "flag"),
            (Blue, "e6", "marshal"),
            (Blue, "h9", "sergeant"),
        ],
        Side::Red,
    )
}

#[test]
fn gravon_a_side_that_walls_itself_in_loses_at_once() {
    let mut p = red_walls_itself_in(StuckRule::AfterAnyMove);
    let report = play(&mut p, "e4", "e6");
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Blue,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn by_the_rule_texts_it_loses_only_when_its_turn_comes() {
    let mut p = red_walls_itself_in(StuckRule::OnItsTurn);
    assert_eq!(play(&mut p, "e4", "e6").outcome, None);
    assert_eq!(
        play(&mut p, "h9", "h8").outcome,
        Some(Outcome::Win {
            winner: Blue,
            reason: WinReason::NoLegalMove
        })
    );
}

/// Both sides' last free pieces, two Scouts, meet in one battle and both
/// fall; each side still has a walled-in Sergeant.
fn both_wall_in(stuck: StuckRule) -> Position {
    arrange(
        "classic",
        options(stuck),
        &[
            (Red, "a1", "flag"),
            (Red, "b1", "sergeant"),
            (Red, "c1", "bomb"),
            (Red, "b2", "bomb"),
            (Red, "a2", "bomb"),
            (Red, "e4", "scout"),
            (Blue, "a10", "flag"),
            (Blue, "b10", "sergeant"),
            (Blue, "c10", "bomb"),
            (Blue, "b9", "bomb"),
            (Blue, "a9", "bomb"),
            (Blue, "e7", "scout"),
        ],
        Side::Red,
    )
}

#[test]
fn gravon_both_sides_unable_to_move_at_once_is_a_draw() {
    let mut p = both_wall_in(StuckRule::AfterAnyMove);
    assert_eq!(
        play(&mut p, "e4", "e7").outcome,
        Some(Outcome::Draw {
            reason: DrawReason::BothImmobile
        })
    );
    // By the rule texts the side to move is the one without a move.
    let mut p = both_wall_in(StuckRule::OnItsTurn);
    assert_eq!(
        play(&mut p, "e4", "e7").outcome,
        Some(Outcome::Win {
            winner: Red,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn without_the_quiet_ply_draw_a_long_quiet_game_goes_on() {
    let quiet = |quiet_plies| GameOptions {
        quiet_plies,
        two_squares: TwoSquares::Off,
        ..GameOptions::defaults(&variant("classic"))
    };
    for (rule, ends) in [(QuietPlies::Variant, true), (QuietPlies::Off, false)] {
        let mut p = arrange(
            "classic",
            quiet(rule),
            &[
                (Red, "a1", "flag"),
                (Red, "e4", "sergeant"),
                (Blue, "j10", "flag"),
                (Blue, "e7", "sergeant"),
            ],
            Side::Red,
        );
        for i in 0..100 {
            let (red, blue) = if i % 2 == 0 {
                (("e4", "f4"), ("e7", "f7"))
            } else {
                (("f4", "e4"), ("f7", "e7"))
            };
            play(&mut p, red.0, red.1);
            if p.outcome().is_some() {
                break;
            }
            play(&mut p, blue.0, blue.1);
        }
        assert_eq!(
            p.outcome().is_some(),
            ends,
            "{rule}: 200 quiet plies {}",
            if ends { "draw" } else { "do not draw" }
        );
    }
}

#[test]
fn the_month_in_the_file_name_picks_the_two_squares_limit() {
    assert_eq!(
        gravon::month_played("classic-2006.7-3300.xml"),
        Some((2006, 7))
    );
    assert_eq!(
        gravon::month_played("ultimate-lightning-2014.11-1.xml"),
        Some((2014, 11))
    );
    assert_eq!(gravon::month_played("game.xml"), None);
    let limit = |month| GravonRules::of_month(month).two_squares;
    assert_eq!(limit(Some((2006, 7))), TwoSquares::Limit(5));
    assert_eq!(limit(Some((2013, 9))), TwoSquares::Limit(5));
    assert_eq!(limit(Some((2013, 10))), TwoSquares::Limit(3));
    assert_eq!(limit(Some((2015, 1))), TwoSquares::Limit(3));
    assert_eq!(limit(None), TwoSquares::Limit(5));
    let rules = GravonRules::of_month(Some((2014, 1)));
    assert_eq!(
        (rules.quiet_plies, rules.stuck),
        (QuietPlies::Off, StuckRule::AfterAnyMove)
    );
}

#[test]
fn a_rescue_is_read_from_inside_its_move() {
    let xml = "<stratego><game type=\"ultimate lightning\"><field content=\"x\"/>\
        <move id=\"1\" source=\"A1\" target=\"A2\"/>\
        <move id=\"2\" source=\"F9\" target=\"F:\">   <rescue rescuefield=\"I4\" rescuepiece=\"9\"/>\n  </move>\
        </game></stratego>";
    let record = gravon::parse(xml).unwrap();
    assert_eq!(record.moves[0].rescue, None);
    let rescue = record.moves[1].rescue.as_ref().unwrap();
    assert_eq!((rescue.square.as_str(), rescue.piece), ("I4", 9));
    let early = "<stratego><game type=\"classic\"><field content=\"x\"/>\
        <rescue rescuefield=\"I4\" rescuepiece=\"9\"/></game></stratego>";
    assert!(
        gravon::parse(early)
            .unwrap_err()
            .to_string()
            .contains("before any <move>")
    );
}
