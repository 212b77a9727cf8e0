//! Gravon's rules, by which its records are replayed (docs/rules.md, "Gravon's
//! rules"): a side left unable to move by any move loses at once (both at
//! once: a draw), the two-squares rule included; no quiet-ply draw; the
//! two-squares limit of the month the game was played in; rescues written
//! inside moves; a game that never started.

use flagfall::core::Side::{Blue, Red};
use flagfall::core::gravon::{self, GravonRules};
use flagfall::core::{
    DrawReason, GameOptions, Outcome, Position, QuietPlies, Side, StuckRule, TwoSquares, WinReason,
};

use crate::common;
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

/// Red's last free piece, a Sergeant on b3 walled in by its own bombs, can
/// only step between b3 and c3. Its third move there leaves it no legal
/// move under the three-move limit, and Gravon scores that at once
/// (classic-2014.5-408: Blue's Major, walled in by its own bombs, made its
/// third move between j7 and j8 and lost on it).
fn red_shuttles_in_a_corridor(stuck: StuckRule) -> Position {
    arrange(
        "classic",
        GameOptions {
            two_squares: TwoSquares::Limit(3),
            ..options(stuck)
        },
        &[
            (Red, "a1", "flag"),
            (Red, "b3", "sergeant"),
            (Red, "a3", "bomb"),
            (Red, "b2", "bomb"),
            (Red, "b4", "bomb"),
            (Red, "c2", "bomb"),
            (Red, "c4", "bomb"),
            (Red, "d3", "bomb"),
            (Blue, "j10", "flag"),
            (Blue, "h9", "sergeant"),
        ],
        Side::Red,
    )
}

#[test]
fn gravon_a_side_the_two_squares_rule_leaves_without_a_move_loses_on_that_move() {
    let mut p = red_shuttles_in_a_corridor(StuckRule::AfterAnyMove);
    for (red, blue) in [(("b3", "c3"), ("h9", "h8")), (("c3", "b3"), ("h8", "h9"))] {
        assert_eq!(play(&mut p, red.0, red.1).outcome, None);
        assert_eq!(play(&mut p, blue.0, blue.1).outcome, None);
    }
    // The third move between b3 and c3: a fourth would be illegal, and
    // the Sergeant has nowhere else to go.
    assert_eq!(
        play(&mut p, "b3", "c3").outcome,
        Some(Outcome::Win {
            winner: Blue,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn by_the_rule_texts_the_two_squares_rule_stops_a_side_only_on_its_turn() {
    let mut p = red_shuttles_in_a_corridor(StuckRule::OnItsTurn);
    for (red, blue) in [(("b3", "c3"), ("h9", "h8")), (("c3", "b3"), ("h8", "h9"))] {
        play(&mut p, red.0, red.1);
        play(&mut p, blue.0, blue.1);
    }
    assert_eq!(play(&mut p, "b3", "c3").outcome, None);
    assert_eq!(
        play(&mut p, "h9", "h8").outcome,
        Some(Outcome::Win {
            winner: Blue,
            reason: WinReason::NoLegalMove
        })
    );
}

/// A Gravon record of `moves` from the barrage field below, after October
/// 2013: Red's Scout on a4 and Blue's Scout on b10 shuttle side by side.
fn shuttling_record(shuttles: usize) -> gravon::GravonGame {
    let mut cells: Vec<char> = (0..100).map(|_| 'A').collect();
    for lake in [42, 43, 46, 47, 52, 53, 56, 57] {
        cells[lake] = '_';
    }
    for (at, letter) in [
        (30, 'D'),
        (11, 'M'),
        (12, 'B'),
        (13, 'C'),
        (14, 'D'),
        (15, 'E'),
        (16, 'K'),
        (17, 'L'),
    ] {
        cells[at] = letter;
    }
    for (at, letter) in [
        (60, 'Y'),
        (91, 'P'),
        (92, 'N'),
        (93, 'O'),
        (94, 'P'),
        (95, 'Q'),
        (96, 'W'),
        (97, 'X'),
    ] {
        cells[at] = letter;
    }
    let field: String = cells.into_iter().collect();
    let mut xml = format!("<stratego><game type=\"barrage\"><field content=\"{field}\"/>");
    let (red, blue) = (["A4", "A5"], ["B:", "B9"]);
    for i in 0..shuttles * 2 {
        let (pair, k) = if i % 2 == 0 {
            (red, i / 2)
        } else {
            (blue, i / 2)
        };
        let (from, to) = if k % 2 == 0 {
            (pair[0], pair[1])
        } else {
            (pair[1], pair[0])
        };
        xml += &format!("<move id=\"{}\" source=\"{from}\" target=\"{to}\"/>", i + 1);
    }
    xml += "<result type=\"3\" winner=\"1\"/></game></stratego>";
    gravon::parse(&xml).unwrap()
}

/// After October 2013 the limit is 3, but a record that moves a piece a 4th
/// or 5th time was played under the old limit, 5 (8 of 13,339 records do,
/// never a 6th time): it replays under 5, and a 6th move is still illegal.
#[test]
fn a_record_after_the_change_that_needs_the_old_limit_is_replayed_with_it() {
    use flagfall::core::replay::RecordVerdict;
    let rules = GravonRules::of_month(Some((2014, 3)));
    assert_eq!(rules.two_squares, TwoSquares::Limit(3));
    for shuttles in [3, 4, 5] {
        assert_eq!(
            gravon::check(&shuttling_record(shuttles), &rules),
            RecordVerdict::Ok,
            "{shuttles} moves each"
        );
    }
    assert!(matches!(
        gravon::check(&shuttling_record(6), &rules),
        RecordVerdict::Illegal {
            move_number: 11,
            ..
        }
    ));
    // A limit given for checking is the only one.
    let strict = GravonRules {
        two_squares_also: None,
        ..rules
    };
    assert!(matches!(
        gravon::check(&shuttling_record(4), &strict),
        RecordVerdict::Illegal { move_number: 7, .. }
    ));
}

/// A game resigned before anyone set up: a result, no setup, no moves.
#[test]
fn a_record_with_a_result_but_no_setup_never_started() {
    use flagfall::core::replay::RecordVerdict;
    let xml = "<stratego><game type=\"classic\"><player id=\"1\">A</player>\
               <result type=\"3\" winner=\"1\"/></game></stratego>";
    let record = gravon::parse(xml).unwrap();
    assert!(matches!(
        gravon::check(&record, &GravonRules::of_month(Some((2014, 9)))),
        RecordVerdict::NotStarted { .. }
    ));
    // Without a result, or with moves, a record without a setup is unreadable.
    assert!(gravon::parse("<stratego><game type=\"classic\"></game></stratego>").is_err());
    assert!(
        gravon::parse(
            "<stratego><game type=\"classic\"><move id=\"1\" source=\"A4\" target=\"A5\"/>\
             <result type=\"3\" winner=\"1\"/></game></stratego>"
        )
        .is_err()
    );
}
