//! Lessons (issue 82): every built-in lesson reads, is legal for its
//! variant and is solved by its own line; the tutor answers wrong tries
//! with why; a broken lesson file is refused with every problem named.

use flagfall::core::{Action, Move, Side};
use flagfall::learn::builtin::load_builtin;
use flagfall::learn::solve::solve;
use flagfall::learn::{Answer, Lesson, Tutor, builtin_lessons, lessons_of};
use std::sync::Arc;

fn action(text: &str) -> Action {
    Action::Move(text.parse::<Move>().unwrap())
}

#[test]
fn every_built_in_lesson_reads_and_is_solved_by_its_line() {
    let loaded = load_builtin();
    let errors: Vec<String> = loaded
        .iter()
        .filter_map(|l| l.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join(""));
    for lesson in builtin_lessons() {
        if let Err(problems) = solve(lesson) {
            panic!("{}", problems.join("\n"));
        }
    }
    for variant in [
        "classic",
        "small",
        "barrage",
        "duell",
        "ultimate-lightning",
        "domino",
        "piecepack",
    ] {
        assert!(!lessons_of(variant).is_empty(), "no lesson for {variant}");
    }
    let classic: Vec<u32> = lessons_of("classic").iter().map(|l| l.order).collect();
    assert_eq!(classic, (1..=classic.len() as u32).collect::<Vec<_>>());
}

fn lesson(id: &str) -> Arc<Lesson> {
    builtin_lessons()
        .iter()
        .find(|l| l.id == id)
        .cloned()
        .unwrap_or_else(|| panic!("no lesson {id}"))
}

#[test]
fn the_tutor_answers_each_try_with_why_and_plays_the_reply() {
    let mut tutor = Tutor::new(lesson("classic-move-and-attack"));
    let Answer::Illegal { why } = tutor.try_action(action("e4-f5")) else {
        panic!("a diagonal move was not refused");
    };
    assert!(why.contains("never diagonally"), "{why}");
    let Answer::Wrong { why } = tutor.try_action(action("e4-d4")) else {
        panic!("a legal move off the lesson was not answered as wrong");
    };
    assert!(why.contains("Move your Captain from e4 to e5"), "{why}");
    assert_eq!(tutor.hint(), Some(action("e4-e5")));
    // Blue's piece stays hidden from the learner until it fights.
    assert!(
        tutor
            .view()
            .at("e7".parse().unwrap())
            .unwrap()
            .piece
            .is_none()
    );
    let Answer::Played { reports, solved } = tutor.try_action(action("e4-e5")) else {
        panic!("the line's move was refused");
    };
    assert!(solved);
    assert_eq!(reports.len(), 2, "Blue's scripted answer follows");
    assert_eq!(reports[1].side, Side::Blue);
    assert!(tutor.next_step());
    let Answer::Played { reports, .. } = tutor.try_action(action("e5-e6")) else {
        panic!("the attack was refused");
    };
    assert!(reports[0].battle.is_some());
    assert!(!tutor.next_step(), "the lesson has two steps");
}

#[test]
fn the_two_squares_rule_and_rescue_are_played_by_the_real_rules() {
    let mut tutor = Tutor::new(lesson("classic-two-squares"));
    while let Some(next) = tutor.hint() {
        assert!(matches!(tutor.try_action(next), Answer::Played { .. }));
    }
    assert!(tutor.next_step());
    let Answer::Illegal { why } = tutor.try_action(action("a5-a4")) else {
        panic!("a fourth move between a4 and a5 was allowed");
    };
    assert!(why.contains("fourth move"), "{why}");
    let mut tutor = Tutor::new(lesson("classic-rescue"));
    while let Some(next) = tutor.hint() {
        tutor.try_action(next);
    }
    assert!(tutor.next_step());
    tutor.try_action(action("a9-a10"));
    assert!(matches!(tutor.hint(), Some(Action::Rescue { .. })));
}

const BROKEN: &str = r#"{
  "format": 1, "id": "broken", "variant": "classic", "order": 1,
  "title": { "en": "Broken", "ja": "" },
  "summary": { "en": "s", "ja": "s" },
  "steps": [
    {
      "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
      "position": {
        "red": { "e4": "captain", "a1": "flag", "b1": "marshal", "b2": "marshal", "c5": "scout", "z9": "scout", "d1": "dragon" },
        "blue": { "j10": "flag", "j9": "sergeant" }
      },
      "line": ["e4-e5"], "done": { "en": "d", "ja": "d" }
    },
    {
      "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
      "position": { "red": { "e4": "captain", "a1": "flag" }, "blue": { "j10": "flag", "j9": "sergeant" } },
      "line": ["e4-e6"], "done": { "en": "d", "ja": "d" }
    },
    {
      "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
      "position": { "red": { "e9": "captain", "a1": "flag" }, "blue": { "e10": "flag", "j9": "sergeant" } },
      "accept": "win",
      "line": ["e9-e10"],
      "wrong": [{ "move": "e9-d9", "why": { "en": "w", "ja": "" } }],
      "battle": "won",
      "done": { "en": "d", "ja": "d" }
    },
    {
      "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
      "position": { "red": { "e5": "scout", "a1": "flag" }, "blue": { "e6": "marshal", "j10": "flag", "j9": "sergeant" } },
      "line": ["e5-e6"], "battle": "won", "done": { "en": "Your Scout beat the Marshal", "ja": "d" }
    },
    {
      "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
      "position": { "red": { "e5": "scout", "a1": "flag" }, "blue": { "e6": "marshal", "j10": "flag", "j9": "sergeant" } },
      "line": ["e5-e6"], "done": { "en": "d", "ja": "d" }
    }
  ]
}"#;

#[test]
fn a_broken_lesson_file_is_refused_with_every_problem_and_where() {
    let error = Lesson::from_json("broken.json", BROKEN).unwrap_err();
    let text = error.to_string();
    for expected in [
        "title has no text in \"ja\"",
        "step 1: red has 2 of Marshal, but an army has 1",
        "step 1: position: c5 is a lake",
        "step 1: position.red z9",
        "step 1: position.red d1: \"dragon\" is not a piece of classic",
        "step 2: line 1 (\"e4-e6\") is not legal there",
        "step 3: wrong 1 (\"e9-d9\"): why has no text in \"ja\"",
        // A text may not tell of a battle the rules decide otherwise.
        "step 4: battle says Won, but by the rules the learner's piece Lost",
        "step 5: the learner's last action is an attack (Lost): say so in \"battle\"",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    assert!(text.lines().all(|l| l.starts_with("broken.json: ")));
}

#[test]
fn a_wrong_try_that_solves_the_step_fails_the_check() {
    // The "wrong" try takes the flag too, so a learner would be told a
    // winning move is wrong: the check must catch the lesson, not pass it.
    let text = r#"{
      "format": 1, "id": "two-ways", "variant": "classic", "order": 1,
      "title": { "en": "t", "ja": "t" }, "summary": { "en": "s", "ja": "s" },
      "steps": [{
        "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
        "position": { "red": { "e9": "captain", "d10": "major", "a1": "flag" }, "blue": { "e10": "flag", "j9": "sergeant" } },
        "accept": "win",
        "line": ["e9-e10"],
        "wrong": [{ "move": "d10-e10", "why": { "en": "w", "ja": "w" } }],
        "battle": "won",
        "done": { "en": "d", "ja": "d" }
      }]
    }"#;
    let lesson = Arc::new(Lesson::from_json("two-ways.json", text).unwrap());
    let problems = solve(&lesson).unwrap_err();
    assert!(problems[0].contains("was accepted"), "{problems:?}");
}
