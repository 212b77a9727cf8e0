//! Rules where they bite (issue 82 item 3): what a player met in a real
//! game is found from what that player saw, the most particular rule first,
//! for every kind of battle and move that teaches one; each rule a note can
//! name has a lesson teaching it.

use crate::common::*;
use flagfall::core::Side::{Blue, Red};
use flagfall::core::{GameOptions, Position, Side, TwoSquares};
use flagfall::learn::{
    LessonEntry, RuleMoment, all_lessons, lesson_teaching, note_for_refusal, notes_in,
};

/// The rules `viewer` meets when `from`-`to` is played on `position`.
fn met(mut position: Position, from: &str, to: &str, viewer: Side) -> Vec<RuleMoment> {
    let report = play(&mut position, from, to);
    let ply = report.seen_by(viewer, &position);
    notes_in(
        position.variant(),
        position.options(),
        viewer,
        &[ply],
        false,
    )
    .into_iter()
    .map(|note| note.moment)
    .collect()
}

/// A classic duel: Red's `attacker` on e4 against Blue's `defender` on e5,
/// both flags far off.
fn classic(options: GameOptions, attacker: &str, defender: &str) -> Position {
    arrange(
        "classic",
        options,
        &[
            (Red, "a1", "flag"),
            (Red, "b1", "sergeant"),
            (Blue, "a10", "flag"),
            (Blue, "b10", "sergeant"),
            (Red, "e4", attacker),
            (Blue, "e5", defender),
        ],
        Red,
    )
}

fn defaults() -> GameOptions {
    GameOptions::defaults(&variant("classic"))
}

#[test]
fn a_battle_of_ranks_teaches_the_battle_rule_to_both_sides() {
    for viewer in [Red, Blue] {
        let moments = met(
            classic(defaults(), "captain", "sergeant"),
            "e4",
            "e5",
            viewer,
        );
        assert_eq!(moments, [RuleMoment::Battle], "{viewer}");
    }
}

#[test]
fn the_spy_taking_the_marshal_comes_before_the_battle_rule_and_only_when_the_spy_attacks() {
    let moments = met(classic(defaults(), "spy", "marshal"), "e4", "e5", Red);
    assert_eq!(moments, [RuleMoment::SpyStrikes, RuleMoment::Battle]);
    // The Marshal attacking the Spy is a plain battle.
    let moments = met(classic(defaults(), "marshal", "spy"), "e4", "e5", Red);
    assert_eq!(moments, [RuleMoment::Battle]);
}

#[test]
fn bombs_hold_against_most_pieces_and_fall_to_miners() {
    let moments = met(classic(defaults(), "sergeant", "bomb"), "e4", "e5", Blue);
    assert_eq!(moments, [RuleMoment::BombHolds, RuleMoment::Battle]);
    let moments = met(classic(defaults(), "miner", "bomb"), "e4", "e5", Red);
    assert_eq!(moments, [RuleMoment::BombDefused, RuleMoment::Battle]);
}

#[test]
fn an_ultimate_lightning_bomb_goes_off_once_and_its_scouts_defuse() {
    let duel = |attacker| {
        pos(
            "ultimate-lightning",
            &[
                (Red, "a1", "flag"),
                (Red, "b1", "sergeant"),
                (Blue, "a10", "flag"),
                (Blue, "b10", "sergeant"),
                (Red, "e4", attacker),
                (Blue, "e5", "bomb"),
            ],
            Red,
        )
    };
    let moments = met(duel("sergeant"), "e4", "e5", Red);
    assert_eq!(moments, [RuleMoment::BombGoesOff, RuleMoment::Battle]);
    let moments = met(duel("scout"), "e4", "e5", Red);
    assert_eq!(moments, [RuleMoment::BombDefused, RuleMoment::Battle]);
}

#[test]
fn a_tie_won_by_the_attacker_teaches_aggressor_advantage_only_under_it() {
    let mut options = defaults();
    options.aggressor_advantage = true;
    let moments = met(classic(options, "major", "major"), "e4", "e5", Blue);
    assert_eq!(
        moments,
        [RuleMoment::AggressorAdvantage, RuleMoment::Battle]
    );
    let moments = met(classic(defaults(), "major", "major"), "e4", "e5", Blue);
    assert_eq!(moments, [RuleMoment::Battle]);
}

#[test]
fn a_hidden_winning_defender_teaches_silent_defense_to_the_attacker_only() {
    let mut options = defaults();
    options.silent_defense = true;
    let moments = met(classic(options, "sergeant", "major"), "e4", "e5", Red);
    assert_eq!(moments, [RuleMoment::SilentDefense, RuleMoment::Battle]);
    // The defender knows its own piece: nothing silent about it for Blue.
    let moments = met(classic(options, "sergeant", "major"), "e4", "e5", Blue);
    assert_eq!(moments, [RuleMoment::Battle]);
}

#[test]
fn a_long_run_names_the_only_kind_that_can_make_it() {
    let position = pos(
        "classic",
        &[
            (Red, "a1", "flag"),
            (Red, "b1", "sergeant"),
            (Blue, "a10", "flag"),
            (Blue, "e9", "scout"),
        ],
        Blue,
    );
    let mut after = position.clone();
    let report = play(&mut after, "e9", "e5");
    let seen = report.seen_by(Red, &after);
    let notes = notes_in(after.variant(), after.options(), Red, &[seen], false);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].moment, RuleMoment::LongRun);
    assert!(notes[0].text.contains("e9") && notes[0].text.contains("e5"));
    assert!(notes[0].text.contains("Scout"), "{}", notes[0].text);
    // Its own player is told the opponent now knows.
    let moments = met(position.clone(), "e9", "e5", Blue);
    assert_eq!(moments, [RuleMoment::LongRun]);
    // One square tells nothing.
    assert!(met(position, "e9", "e8", Red).is_empty());
}

#[test]
fn a_piecepack_pawns_run_tells_nothing_new_for_everyone_sees_pawns() {
    let position = pos(
        "piecepack",
        &[
            (Red, "a1", "red flag"),
            (Red, "b1", "yellow miner"),
            (Blue, "a6", "blue flag"),
            (Blue, "f6", "black scout"),
        ],
        Blue,
    );
    assert!(met(position, "f6", "f3", Red).is_empty());
}

#[test]
fn stones_and_coins_have_their_own_battle_rules() {
    let stones = |attacker, defender| {
        pos(
            "domino",
            &[
                (Red, "a1", "6/6"),
                (Red, "b1", "1/2"),
                (Blue, "a8", "6/6"),
                (Blue, "b8", "1/2"),
                (Red, "d4", attacker),
                (Blue, "d5", defender),
            ],
            Red,
        )
    };
    let moments = met(stones("5/2", "3/4"), "d4", "d5", Blue);
    assert_eq!(moments, [RuleMoment::StoneBattle]);
    let position = pos(
        "domino",
        &[
            (Red, "a1", "6/6"),
            (Red, "d4", "0/0"),
            (Blue, "b8", "1/2"),
            (Blue, "d5", "6/6"),
        ],
        Red,
    );
    let moments = met(position, "d4", "d5", Red);
    assert_eq!(moments, [RuleMoment::FlagSlayer, RuleMoment::StoneBattle]);
    let coins = pos(
        "piecepack",
        &[
            (Red, "a1", "red flag"),
            (Red, "e2", "yellow sergeant"),
            (Blue, "a6", "blue flag"),
            (Blue, "e3", "black miner"),
        ],
        Red,
    );
    assert_eq!(met(coins, "e2", "e3", Blue), [RuleMoment::CoinBattle]);
}

#[test]
fn a_shuttle_the_two_squares_rule_refuses_is_explained_with_its_limit() {
    let mut options = defaults();
    options.two_squares = TwoSquares::Limit(3);
    let mut position = arrange(
        "classic",
        options,
        &[
            (Red, "a1", "flag"),
            (Red, "e4", "sergeant"),
            (Blue, "a10", "flag"),
            (Blue, "j10", "sergeant"),
        ],
        Red,
    );
    for (red, blue) in [
        (("e4", "e5"), ("j10", "j9")),
        (("e5", "e4"), ("j9", "j10")),
        (("e4", "e5"), ("j10", "j9")),
    ] {
        play(&mut position, red.0, red.1);
        play(&mut position, blue.0, blue.1);
    }
    let refusal = refused(&mut position, "e5", "e4");
    let note = note_for_refusal(&refusal).expect("a note for the two-squares rule");
    assert_eq!(note.moment, RuleMoment::TwoSquares);
    assert!(note.text.contains('3'), "{}", note.text);
    // Other refusals say why already; they bring no note.
    assert!(note_for_refusal(&refused(&mut position, "e5", "f6")).is_none());
}

#[test]
fn a_rescue_on_offer_is_a_rule_met() {
    let position = pos(
        "classic",
        &[(Red, "a1", "flag"), (Blue, "a10", "flag")],
        Red,
    );
    let notes = notes_in(position.variant(), position.options(), Red, &[], true);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].moment, RuleMoment::Rescue);
}

#[test]
fn every_rule_a_note_names_has_a_lesson_that_teaches_it() {
    for moment in RuleMoment::ALL {
        let found = BUILT_IN
            .iter()
            .find_map(|variant| lesson_teaching(moment, variant));
        assert!(found.is_some(), "no lesson teaches {}", moment.key());
    }
    // A variant's own lesson comes first: Ultimate Lightning's bombs.
    let variant_of = |moment, variant| {
        let index = lesson_teaching(moment, variant).unwrap();
        all_lessons()[index].variant_id().unwrap().to_string()
    };
    assert_eq!(
        variant_of(RuleMoment::BombDefused, "ultimate-lightning"),
        "ultimate-lightning"
    );
    // Else classic's: Barrage has no battle lesson of its own.
    assert_eq!(variant_of(RuleMoment::Battle, "barrage"), "classic");
    // A stone turned and a discard are met before the first move: the
    // lessons on the deal teach them.
    for (moment, variant) in [
        (RuleMoment::StoneTurned, "domino"),
        (RuleMoment::Discard, "piecepack"),
    ] {
        let index = lesson_teaching(moment, variant).unwrap();
        assert!(
            matches!(all_lessons()[index], LessonEntry::Deal(_)),
            "{variant}: {}",
            all_lessons()[index].id()
        );
    }
}
