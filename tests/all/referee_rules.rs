//! Stratego go go, the referee's rules (seed 000; RULES.md "Stratego go go"):
//! the whole challenge table pair by pair, entering the field, the flag, the
//! rounds, clusters; the counts conserved over random events; the clocks by
//! a fake clock.

use crate::common;

use flagfall::platform::Signal;
use flagfall::referee::clock::RefereeClock;
use flagfall::referee::companion::RefereeCompanion;
use flagfall::referee::live::cluster::{Cluster, FirstChoice, first_choice};
use flagfall::referee::live::{
    Challenge, LiveMatch, LiveRules, MatchSettings, RefereeError, RoleId, RoundEnd,
    SettingsProblem, Team,
};
use proptest::prelude::*;
use std::time::Duration;

fn rules() -> std::sync::Arc<LiveRules> {
    LiveRules::built_in()
}

fn role(name: &str) -> RoleId {
    let rules = rules();
    rules
        .role_ids()
        .find(|&r| rules.role(r).name == name)
        .unwrap_or_else(|| panic!("no role {name}"))
}

const ROLES: [(&str, Option<u8>, u8); 10] = [
    ("Monarch", Some(9), 1),
    ("Peer", Some(8), 2),
    ("Merchant", Some(7), 2),
    ("Soldier", Some(6), 2),
    ("Blacksmith", Some(5), 3),
    ("Worker", Some(4), 3),
    ("Conscript", Some(3), 3),
    ("Assassin", Some(0), 2),
    ("Trap", None, 2),
    ("Engineer", Some(0), 3),
];

#[test]
fn the_deck_is_the_seeds_23_roles() {
    let rules = rules();
    let deck: Vec<(&str, Option<u8>, u8)> = rules
        .roles
        .iter()
        .map(|r| (r.name.as_str(), r.strength, r.count))
        .collect();
    assert_eq!(deck, ROLES);
    assert_eq!(rules.deck_size(), 23);
    assert_eq!(
        (rules.rounds, rules.round_minutes, rules.field_limit),
        (3, 20, 7)
    );
    assert_eq!(
        [rules.teams[0].name.as_str(), rules.teams[1].name.as_str()],
        ["Red", "Blue"]
    );
}

/// The table as RULES.md words it, for every pair.
fn expected(challenger: &str, challenged: &str) -> Challenge {
    let strength = |name: &str| ROLES.iter().find(|r| r.0 == name).unwrap().1;
    match (challenger, challenged) {
        ("Trap", _) => Challenge::NotAllowed,
        ("Engineer", "Trap") => Challenge::ChallengerWins,
        (_, "Trap") => Challenge::ChallengedWins,
        ("Assassin", "Monarch") => Challenge::ChallengerWins,
        ("Monarch", "Assassin") => Challenge::ChallengedWins,
        (a, d) => match strength(a).cmp(&strength(d)) {
            std::cmp::Ordering::Greater => Challenge::ChallengerWins,
            std::cmp::Ordering::Less => Challenge::ChallengedWins,
            std::cmp::Ordering::Equal => Challenge::BothOut,
        },
    }
}

#[test]
fn every_pair_of_the_challenge_table_follows_the_rules() {
    let rules = rules();
    for (a, _, _) in ROLES {
        for (d, _, _) in ROLES {
            assert_eq!(
                rules.challenge(role(a), role(d)),
                expected(a, d),
                "{a} challenges {d}"
            );
        }
    }
    // The pairs the seed leaves in doubt, spelled out.
    let c = |a, d| rules.challenge(role(a), role(d));
    assert_eq!(c("Assassin", "Monarch"), Challenge::ChallengerWins);
    assert_eq!(c("Monarch", "Assassin"), Challenge::ChallengedWins);
    assert_eq!(c("Assassin", "Conscript"), Challenge::ChallengedWins);
    assert_eq!(c("Assassin", "Engineer"), Challenge::BothOut);
    assert_eq!(c("Engineer", "Engineer"), Challenge::BothOut);
    assert_eq!(c("Assassin", "Assassin"), Challenge::BothOut);
    assert_eq!(c("Engineer", "Trap"), Challenge::ChallengerWins);
    assert_eq!(c("Monarch", "Trap"), Challenge::ChallengedWins);
    assert_eq!(c("Trap", "Conscript"), Challenge::NotAllowed);
}

#[test]
fn the_table_as_csv() {
    let csv = rules().table_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(
        lines[0],
        "challenger,Monarch,Peer,Merchant,Soldier,Blacksmith,Worker,Conscript,Assassin,Trap,Engineer"
    );
    assert_eq!(
        lines[8],
        "Assassin,challenger,challenged,challenged,challenged,challenged,challenged,challenged,both,challenged,both"
    );
    assert!(lines[9].starts_with("Trap,not allowed,"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_flagfall"))
        .arg("referee-table")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), csv);
}

fn new_match() -> LiveMatch {
    let rules = rules();
    LiveMatch::new(&rules, MatchSettings::from_rules(&rules))
}

#[test]
fn a_match_needs_teams_told_apart_by_name_and_colour() {
    let rules = rules();
    let mut settings = MatchSettings::from_rules(&rules);
    assert_eq!(settings.problems(&rules), []);
    settings.teams[1].colour = settings.teams[0].colour.clone();
    assert_eq!(settings.problems(&rules), [SettingsProblem::SameColours]);
    settings.teams[1].name = format!(" {} ", settings.teams[0].name);
    settings.rounds = 0;
    assert_eq!(
        settings.problems(&rules),
        [
            SettingsProblem::SameNames,
            SettingsProblem::SameColours,
            SettingsProblem::Rounds(0)
        ]
    );
}

#[test]
fn the_eighth_player_is_refused_with_the_reason() {
    let mut game = new_match();
    for _ in 0..7 {
        game.enter(Team::First).unwrap();
    }
    let refused = game.enter(Team::First).unwrap_err();
    assert_eq!(
        refused,
        RefereeError::FieldFull {
            team: "Red".into(),
            on_field: 7
        }
    );
    assert_eq!(
        refused.to_string(),
        "Red already has 7 players on the field, the limit"
    );
    assert_eq!(game.deck(Team::First).on_field(), 7);
    assert_eq!(game.deck(Team::First).at_base(), 16);
}

#[test]
fn a_defeated_player_loses_the_card_and_may_enter_again_while_cards_remain() {
    let rules = rules();
    let mut game = new_match();
    game.enter(Team::First).unwrap();
    game.enter(Team::Second).unwrap();
    let verdict = game
        .challenge(&rules, Team::First, role("Assassin"), role("Monarch"))
        .unwrap();
    assert_eq!(
        verdict.text,
        "Assassin defeats the Monarch: the Monarch (Blue) is out."
    );
    let blue = game.deck(Team::Second);
    assert_eq!(
        (blue.on_field(), blue.at_base(), blue.lost_total()),
        (0, 22, 1)
    );
    assert_eq!(blue.held(role("Monarch")), 0);
    // Blue has no Monarch left this round.
    game.enter(Team::Second).unwrap();
    let refused = game
        .judge(&rules, Team::First, role("Peer"), role("Monarch"))
        .unwrap_err();
    assert_eq!(
        refused,
        RefereeError::RoleLost {
            team: "Blue".into(),
            role: "Monarch".into()
        }
    );
    assert_eq!(
        refused.to_string(),
        "Blue has no Monarch left: every one was lost this round"
    );
    let verdict = game
        .challenge(&rules, Team::Second, role("Engineer"), role("Assassin"))
        .unwrap();
    assert_eq!(
        verdict.text,
        "Engineer and Assassin are equal: both are out, the Engineer (Blue) and the Assassin (Red)."
    );
    // Issue 47: no possessive to go wrong on a team named with an s.
    let owls = flagfall::referee::live::game::verdict(
        &rules,
        role("Assassin"),
        role("Monarch"),
        "Hawks",
        "Owls",
    );
    assert_eq!(
        owls.text,
        "Assassin defeats the Monarch: the Monarch (Owls) is out."
    );
    assert_eq!(game.deck(Team::First).on_field(), 0);
    assert_eq!(game.deck(Team::Second).on_field(), 0);
}

#[test]
fn a_trap_cannot_challenge_or_take_the_flag() {
    let rules = rules();
    let mut game = new_match();
    // Nobody on the field takes the flag; asking changes nothing.
    let refused = game
        .may_take_flag(&rules, Team::First, role("Worker"))
        .unwrap_err();
    assert_eq!(refused, RefereeError::NobodyOnField { team: "Red".into() });
    assert_eq!(refused.to_string(), "Red has no player on the field");
    game.enter(Team::First).unwrap();
    game.enter(Team::Second).unwrap();
    // The resolver asks before the referee confirms: the same rule as the touch.
    let trap = RefereeError::MayNotTakeFlag {
        role: "Trap".into(),
    };
    assert_eq!(
        game.may_take_flag(&rules, Team::First, role("Trap"))
            .unwrap_err(),
        trap
    );
    assert_eq!(
        trap.to_string(),
        "a Trap may not take the flag: the round goes on"
    );
    assert!(
        game.may_take_flag(&rules, Team::First, role("Worker"))
            .is_ok()
    );
    assert!(!game.round_over());
    let refused = game
        .challenge(&rules, Team::First, role("Trap"), role("Worker"))
        .unwrap_err();
    assert_eq!(
        refused,
        RefereeError::CannotChallenge {
            role: "Trap".into()
        }
    );
    assert_eq!(refused.to_string(), "A Trap cannot challenge.");
    assert_eq!(
        game.touch_flag(&rules, Team::First, role("Trap"))
            .unwrap_err(),
        trap
    );
    assert!(!game.round_over());
    game.touch_flag(&rules, Team::First, role("Worker"))
        .unwrap();
    assert_eq!(game.results(), &[RoundEnd::Flag(Team::First)]);
    assert_eq!(
        game.enter(Team::Second),
        Err(RefereeError::RoundOver { round: 1 }),
        "the round is over"
    );
}

#[test]
fn rounds_start_with_full_decks_and_the_score_adds_up() {
    let rules = rules();
    let mut game = new_match();
    game.enter(Team::First).unwrap();
    game.enter(Team::Second).unwrap();
    game.challenge(&rules, Team::First, role("Peer"), role("Worker"))
        .unwrap();
    game.touch_flag(&rules, Team::First, role("Peer")).unwrap();
    game.next_round(&rules).unwrap();
    assert_eq!(game.round(), 2);
    assert_eq!(game.deck(Team::Second).at_base(), 23);
    game.time_up().unwrap();
    game.next_round(&rules).unwrap();
    game.enter(Team::Second).unwrap();
    game.touch_flag(&rules, Team::Second, role("Monarch"))
        .unwrap();
    assert!(game.finished());
    assert_eq!(game.next_round(&rules), Err(RefereeError::MatchOver));
    assert_eq!(
        (
            game.wins(Team::First),
            game.wins(Team::Second),
            game.draws()
        ),
        (1, 1, 1)
    );
    assert_eq!(game.lost_in_match(Team::Second, role("Worker")), 1);
}

#[test]
fn a_cluster_is_chosen_by_the_bigger_team_then_in_turns() {
    assert_eq!(first_choice([3, 2]), FirstChoice::Team(Team::First));
    assert_eq!(first_choice([1, 4]), FirstChoice::Team(Team::Second));
    assert_eq!(first_choice([2, 2]), FirstChoice::CoinToss);
    let mut cluster = Cluster::new([2, 3]);
    assert_eq!(cluster.chooser, Some(Team::Second));
    // The second team's challenger is beaten: it has 2 left, the first 2.
    assert!(cluster.resolved_one(Team::Second, Challenge::ChallengedWins));
    assert_eq!(cluster.players, [2, 2]);
    assert_eq!(cluster.chooser, Some(Team::First));
    // A Trap may not challenge: no one is out, the turn passes.
    assert!(cluster.resolved_one(Team::First, Challenge::NotAllowed));
    assert_eq!(
        (cluster.players, cluster.chooser),
        ([2, 2], Some(Team::Second))
    );
    assert!(cluster.resolved_one(Team::Second, Challenge::BothOut));
    assert_eq!(cluster.players, [1, 1]);
    // The first team's last player is beaten: no one is left to choose or
    // to be challenged, and the cluster is over.
    assert!(!cluster.resolved_one(Team::First, Challenge::ChallengedWins));
    assert_eq!(cluster.players, [0, 1]);
    let mut tied = Cluster::new([2, 2]);
    assert_eq!(tied.chooser, None);
    tied.toss(false);
    assert_eq!(tied.chooser, Some(Team::Second));
}

#[derive(Debug, Clone)]
enum Event {
    Enter(bool),
    Challenge(bool, u8, u8),
    Flag(bool, u8),
    TimeUp,
    NextRound,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        4 => any::<bool>().prop_map(Event::Enter),
        4 => (any::<bool>(), 0..10u8, 0..10u8).prop_map(|(t, a, d)| Event::Challenge(t, a, d)),
        1 => (any::<bool>(), 0..10u8).prop_map(|(t, r)| Event::Flag(t, r)),
        1 => Just(Event::TimeUp),
        1 => Just(Event::NextRound),
    ]
}

fn team(first: bool) -> Team {
    if first { Team::First } else { Team::Second }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn counts_never_go_wrong(events in prop::collection::vec(event(), 0..300)) {
        let rules = rules();
        let mut game = new_match();
        for e in events {
            let before = game.clone();
            let result = match e {
                Event::Enter(t) => game.enter(team(t)),
                Event::Challenge(t, a, d) => game.challenge(&rules, team(t), RoleId(a), RoleId(d)).map(|_| ()),
                Event::Flag(t, r) => game.touch_flag(&rules, team(t), RoleId(r)),
                Event::TimeUp => game.time_up(),
                Event::NextRound => game.next_round(&rules),
            };
            if result.is_err() {
                prop_assert_eq!(&game, &before, "a refused event changes nothing");
            }
            prop_assert!(game.fits(&rules));
            for t in Team::BOTH {
                let deck = game.deck(t);
                prop_assert!(deck.on_field() <= game.settings.field_limit);
                prop_assert_eq!(deck.held_total() + deck.lost_total(), 23);
                prop_assert_eq!(deck.at_base() + deck.on_field() as u32, deck.held_total());
                for r in rules.role_ids() {
                    prop_assert_eq!(
                        deck.held(r) as u32 + deck.lost(r) as u32,
                        rules.role(r).count as u32
                    );
                }
            }
        }
    }
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

#[test]
fn the_countdown_calls_three_two_one_step_at_every_interval() {
    // A step every 6 s, counted 3 s before: 3 at 3 s, 2 at 4 s, 1 at 5 s, step at 6 s.
    let mut clock = RefereeClock::new(6, 3, 20, 60);
    assert!(clock.tick(secs(100)).is_empty(), "nothing before the start");
    clock.start(secs(100));
    let mut calls = Vec::new();
    for t in 100..=113 {
        for signal in clock.tick(secs(t)) {
            calls.push((t - 100, signal));
        }
    }
    assert_eq!(
        calls,
        [
            (3, Signal::Count(3)),
            (4, Signal::Count(2)),
            (5, Signal::Count(1)),
            (6, Signal::Step),
            (9, Signal::Count(3)),
            (10, Signal::Count(2)),
            (11, Signal::Count(1)),
            (12, Signal::Step),
        ]
    );
    assert_eq!(clock.showing(secs(103)), Some(3));
}

#[test]
fn steps_wait_during_a_challenge_and_the_pause_stops_both_clocks() {
    let mut clock = RefereeClock::new(6, 3, 20, 60);
    clock.start(secs(0));
    clock.tick(secs(4));
    clock.hold_steps(secs(4));
    assert!(
        clock.tick(secs(30)).is_empty(),
        "no steps while a challenge is resolved"
    );
    assert_eq!(
        clock.round_elapsed(secs(30)),
        secs(30),
        "the round time runs on"
    );
    clock.release_steps(secs(30));
    assert!(clock.tick(secs(32)).is_empty());
    assert_eq!(
        clock.tick(secs(33)),
        [Signal::Count(3)],
        "a new interval after the challenge"
    );
    clock.pause(secs(34));
    assert!(clock.tick(secs(500)).is_empty());
    assert_eq!(clock.round_elapsed(secs(500)), secs(34));
    clock.start(secs(500));
    assert_eq!(clock.round_elapsed(secs(510)), secs(44));
}

#[test]
fn the_round_warns_a_minute_before_the_end_and_then_ends_in_a_draw() {
    let rules = rules();
    let mut settings = MatchSettings::from_rules(&rules);
    settings.round_minutes = 2;
    let mut session = RefereeCompanion::new(rules, settings);
    session.start_or_pause(secs(0));
    let mut calls = Vec::new();
    for t in 0..=130 {
        for s in session.tick(secs(t)) {
            if !matches!(s, Signal::Count(_) | Signal::Step) {
                calls.push((t, s));
            }
        }
    }
    assert_eq!(
        calls,
        [(60, Signal::RoundWarning), (120, Signal::RoundOver)]
    );
    assert_eq!(session.game().results(), &[RoundEnd::TimeUp]);
    assert!(!session.clock().running());
}

#[test]
fn after_a_long_sleep_only_the_latest_call_is_made() {
    let mut clock = RefereeClock::new(6, 3, 20, 60);
    clock.start(secs(0));
    assert_eq!(clock.tick(secs(60)), [Signal::Step]);
}

#[test]
fn the_referee_can_undo_a_mistaken_entry() {
    let rules = rules();
    let mut session = RefereeCompanion::new(rules.clone(), MatchSettings::from_rules(&rules));
    session.enter(Team::First).unwrap();
    session.enter(Team::First).unwrap();
    assert!(session.undo());
    assert_eq!(session.game().deck(Team::First).on_field(), 1);
}

#[test]
fn the_referees_match_is_saved_and_a_damaged_file_is_moved_aside() {
    use flagfall::store::Storage;
    let dir = common::fresh_dir("referee");
    let storage = Storage::open(&dir).unwrap();
    let rules = rules();
    assert!(storage.referee(&rules).0.is_none(), "nothing saved yet");
    let mut session = RefereeCompanion::new(rules.clone(), MatchSettings::from_rules(&rules));
    session.enter(Team::Second).unwrap();
    session.start_or_pause(secs(0));
    session.tick(secs(90));
    storage.save_referee(&session).unwrap();
    let (read, problem) = storage.referee(&rules);
    let read = read.expect("the saved match");
    assert_eq!(problem, None);
    assert_eq!(read.game(), session.game());
    assert!(
        !read.clock().running(),
        "a resumed match waits for the referee"
    );
    assert_eq!(
        read.clock().round_elapsed(secs(0)),
        secs(90),
        "its time is kept"
    );

    std::fs::write(dir.join("referee.json"), b"{\"format\": 1, \"game\": ").unwrap();
    let (read, problem) = storage.referee(&rules);
    assert!(read.is_none());
    let problem = problem.unwrap();
    assert!(
        problem.starts_with("the referee's match could not be read"),
        "{problem}"
    );
    assert!(
        !dir.join("referee.json").exists(),
        "the damaged file was moved aside"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_rules_file_is_refused_with_every_problem() {
    let text = include_str!("../../variants/live/stratego-go-go.json")
        .replace("\"count\": 1 }", "\"count\": 0 }")
        .replace("\"field_limit\": 7", "\"field_limit\": 0")
        .replace("\"defeats\": \"monarch\"", "\"defeats\": \"king\"");
    let problems = LiveRules::from_json(&text).unwrap_err().0;
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("a count of 0")));
    assert!(
        problems
            .iter()
            .any(|p| p.contains("field_limit must be at least 1"))
    );
    assert!(problems.iter().any(|p| p.contains("no role \"king\"")));
    assert!(LiveRules::from_json("{").is_err());
}

#[test]
fn a_cluster_ends_when_a_team_has_no_one_left_in_it() {
    let rules = rules();
    let mut session = RefereeCompanion::new(rules.clone(), MatchSettings::from_rules(&rules));
    session.enter(Team::First).unwrap();
    session.enter(Team::Second).unwrap();
    session.start_or_pause(secs(0));
    session.start_cluster(secs(5), [1, 1]).unwrap();
    session.toss(true);
    let roles = || (0..rules.roles.len() as u8).map(RoleId);
    let (role, target) = roles()
        .flat_map(|a| roles().map(move |b| (a, b)))
        .find(|(a, b)| {
            session
                .judge(Team::First, *a, *b)
                .is_ok_and(|v| v.result == Challenge::ChallengerWins)
        })
        .expect("a role that beats another");
    session
        .challenge(secs(10), Team::First, role, target)
        .unwrap();
    assert!(
        session.cluster().is_none(),
        "the second team's one player in the cluster is out: no one is left to choose"
    );
}
