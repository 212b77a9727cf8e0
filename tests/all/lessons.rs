//! Lessons (issue 82): every built-in lesson reads, is legal for its
//! variant and is solved by its own line; the tutor answers wrong tries
//! with why; a broken lesson file is refused with every problem named.

use flagfall::core::{Action, Move, Side};
use flagfall::learn::builtin::load_builtin;
use flagfall::learn::challenge_lesson::{VERDICTS, load_builtin_challenges};
use flagfall::learn::solve::{solve, solve_challenges};
use flagfall::learn::{
    Answer, ChallengeLesson, ChallengeTutor, Lesson, Tutor, builtin_challenge_lessons,
    builtin_lessons, lessons_of,
};
use flagfall::referee::live::Challenge;
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
    // Every variant but free setup, which plays by classic's rules.
    for variant in crate::common::BUILT_IN {
        assert!(!lessons_of(variant).is_empty(), "no lesson for {variant}");
    }
    let classic: Vec<u32> = lessons_of("classic").iter().map(|l| l.order).collect();
    assert_eq!(classic, (1..=classic.len() as u32).collect::<Vec<_>>());
}

#[test]
fn the_referees_lesson_reads_and_every_verdict_but_the_rules_one_is_refused() {
    let loaded = load_builtin_challenges();
    let errors: Vec<String> = loaded
        .iter()
        .filter_map(|l| l.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join(""));
    let lessons = builtin_challenge_lessons();
    assert!(
        !lessons.is_empty(),
        "no lesson for the Stratego go go referee"
    );
    for lesson in lessons {
        if let Err(problems) = solve_challenges(lesson) {
            panic!("{}", problems.join("\n"));
        }
    }
    // The special roles each have a step: the Assassin's strike both ways,
    // the Trap, its Engineer, and the Trap that may not challenge.
    let verdicts: Vec<(String, String, Challenge)> = lessons[0]
        .steps
        .iter()
        .map(|step| {
            let name = |id| lessons[0].rules.role(id).id.clone();
            (name(step.challenger), name(step.challenged), step.verdict)
        })
        .collect();
    for (challenger, challenged, verdict) in [
        ("assassin", "monarch", Challenge::ChallengerWins),
        ("monarch", "assassin", Challenge::ChallengedWins),
        ("worker", "trap", Challenge::ChallengedWins),
        ("engineer", "trap", Challenge::ChallengerWins),
        ("trap", "worker", Challenge::NotAllowed),
    ] {
        assert!(
            verdicts.contains(&(challenger.to_string(), challenged.to_string(), verdict)),
            "no step where a {challenger} challenges a {challenged}"
        );
    }
}

#[test]
fn a_wrong_verdict_is_answered_with_why_and_the_right_one_with_the_referees_words() {
    let lesson = builtin_challenge_lessons()[0].clone();
    let mut tutor = ChallengeTutor::new(lesson.clone());
    let right = tutor.hint().unwrap();
    let wrong = VERDICTS.into_iter().find(|v| *v != right).unwrap();
    assert_eq!(
        tutor.try_verdict(wrong),
        Err(lesson.steps[0].why.en.clone())
    );
    assert!(!tutor.is_solved());
    let said = tutor.try_verdict(right).unwrap();
    // The resolver's own verdict, then the step's text.
    assert!(said.starts_with("Blacksmith defeats the Worker"), "{said}");
    assert!(said.ends_with(&lesson.steps[0].done.en), "{said}");
    assert_eq!(tutor.hint(), None);
    assert!(tutor.next_step());
    assert_eq!(tutor.step_index(), 1);
}

#[test]
fn a_challenge_lesson_that_contradicts_the_rules_is_refused_with_every_problem() {
    let text = r#"{
      "format": 1, "id": "wrong", "game": "stratego-go-go", "order": 1,
      "title": { "en": "t", "ja": "" }, "summary": { "en": "s", "ja": "s" },
      "steps": [
        { "say": { "en": "s", "ja": "s" }, "challenger": "monarch", "challenged": "assassin",
          "verdict": "challenger", "why": { "en": "w", "ja": "w" }, "done": { "en": "d", "ja": "d" } },
        { "say": { "en": "s", "ja": "s" }, "challenger": "dragon", "challenged": "trap",
          "verdict": "both", "why": { "en": "w", "ja": "w" }, "done": { "en": "d", "ja": "d" } },
        { "say": { "en": "s", "ja": "s" }, "challenger": "peer", "challenged": "peer",
          "verdict": "draw", "why": { "en": "w", "ja": "w" }, "done": { "en": "d", "ja": "" } }
      ]
    }"#;
    let text = ChallengeLesson::from_json("wrong.json", text)
        .unwrap_err()
        .to_string();
    for expected in [
        "wrong.json: title has no text in \"ja\"",
        "wrong.json: step 1: verdict says \"challenger\", but by the rules it is \"challenged\"",
        "wrong.json: step 2: challenger: \"dragon\" is not a role of the live game",
        "wrong.json: step 3: done has no text in \"ja\"",
        "wrong.json: step 3: verdict: \"draw\" is not one of",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
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
    assert!(tutor.next_step(), "the closing game follows");
    assert!(!tutor.next_step(), "not before it is won");
}

#[test]
fn a_closing_game_is_played_against_the_computer_and_lost_when_moves_run_out() {
    let mut tutor = Tutor::new(lesson("classic-move-and-attack"));
    let last = tutor.lesson().steps.len() - 1;
    for _ in 0..last {
        while let Some(action) = tutor.hint() {
            tutor.try_action(action);
        }
        assert!(tutor.next_step());
    }
    assert_eq!(tutor.moves_left(), Some(6));
    // Any legal move is played, and the computer answers it from its view.
    let wander = ["e6-f6", "f6-f7", "f7-e7", "e7-e6", "e6-f6", "f6-f7"];
    for (made, text) in wander.iter().enumerate() {
        match tutor.try_action(action(text)) {
            Answer::Played { reports, solved } => {
                assert!(!solved, "{text}");
                assert_eq!(reports.last().map(|r| r.side), Some(Side::Blue), "{text}");
                assert_eq!(tutor.moves_left(), Some(5 - made as u32));
            }
            Answer::Over { why, .. } => {
                assert_eq!(made + 1, wander.len(), "over early at {text}: {why}");
                assert!(why.contains("Out of moves"), "{why}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // Over: nothing more is played until the game starts again.
    assert!(matches!(
        tutor.try_action(action("e6-e7")),
        Answer::Wrong { .. }
    ));
    assert_eq!(tutor.hint(), None);
    tutor.restart_step();
    assert_eq!(tutor.moves_left(), Some(6));
    assert_eq!(tutor.hint(), Some(action("e6-e7")));
    // Off the line, the hint is the computer's move in the learner's place.
    tutor.try_action(action("e6-f6"));
    let hint = tutor.hint().expect("a hint off the line");
    assert!(tutor.view().legal_actions().contains(&hint), "{hint:?}");
}

#[test]
fn a_closing_game_needs_a_replayable_computer_and_a_line_that_wins_in_its_moves() {
    let step = |computer: &str, line: &str| {
        format!(
            r#"{{
      "format": 1, "id": "closing", "variant": "classic", "order": 1,
      "title": {{ "en": "t", "ja": "t" }}, "summary": {{ "en": "s", "ja": "s" }},
      "steps": [{{
        "say": {{ "en": "s", "ja": "s" }}, "goal": {{ "en": "g", "ja": "g" }},
        "position": {{ "red": {{ "e6": "major", "a1": "flag" }}, "blue": {{ "e10": "flag", "j9": "sergeant" }} }},
        "accept": "win", "computer": {computer}, "line": {line}, "battle": "won",
        "done": {{ "en": "d", "ja": "d" }}
      }}]
    }}"#
        )
    };
    let win = r#"["e6-e7", "e7-e8", "e8-e9", "e9-e10"]"#;
    assert!(
        Lesson::from_json(
            "ok.json",
            &step(r#"{ "level": "heuristic", "moves": 4 }"#, win)
        )
        .is_ok()
    );
    let problems = |computer: &str, line: &str| {
        Lesson::from_json("bad.json", &step(computer, line))
            .unwrap_err()
            .to_string()
    };
    let text = problems(r#"{ "level": "expert", "moves": 4 }"#, win);
    assert!(text.contains("plays \"random\" or \"heuristic\""), "{text}");
    let text = problems(r#"{ "level": "heuristic", "moves": 3 }"#, win);
    assert!(text.contains("the line takes 4 moves"), "{text}");
    let text = problems(
        r#"{ "level": "heuristic", "moves": 4 }"#,
        r#"["e6-e7", "e7-e8", "e8-e9"]"#,
    );
    assert!(text.contains("does not end in the learner's win"), "{text}");
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

#[test]
fn a_piece_lost_before_a_step_can_be_rescued_and_must_be_named_where_it_stood() {
    let file = |captured: &str| {
        format!(
            r#"{{
      "format": 1, "id": "lost", "variant": "classic", "order": 1,
      "title": {{ "en": "t", "ja": "t" }}, "summary": {{ "en": "s", "ja": "s" }},
      "options": {{ "rescue": true }},
      "steps": [{{
        "say": {{ "en": "s", "ja": "s" }}, "goal": {{ "en": "g", "ja": "g" }},
        "position": {{
          "red": {{ "a9": "sergeant", "b2": "scout", "a1": "flag" }},
          "blue": {{ "e10": "flag", "j9": "sergeant" }},
          "captured": [{captured}]
        }},
        "line": ["a9-a10", "rescue scout e4"],
        "done": {{ "en": "d", "ja": "d" }}
      }}]
    }}"#
        )
    };
    // Taken off before the step: the Scout is gone from b2, and the rescue
    // on Blue's back row brings it back.
    let lesson = Arc::new(Lesson::from_json("lost.json", &file(r#""b2""#)).unwrap());
    assert_eq!(lesson.steps[0].start.piece_at("b2".parse().unwrap()), None);
    assert_eq!(solve(&lesson), Ok(()));
    // Without it there is nothing to rescue, so the line's rescue fails.
    let text = Lesson::from_json("kept.json", &file(""))
        .unwrap_err()
        .to_string();
    assert!(text.contains("step 1: line 2"), "{text}");
    let text = Lesson::from_json("empty.json", &file(r#""h3""#))
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("step 1: position.captured h3: no piece stands there"),
        "{text}"
    );
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
fn a_lesson_that_says_it_teaches_a_rule_the_app_does_not_note_is_refused() {
    let text = r#"{
      "format": 1, "id": "castling", "variant": "classic", "order": 1,
      "title": { "en": "t", "ja": "t" }, "summary": { "en": "s", "ja": "s" },
      "teaches": ["battle", "castling"],
      "steps": [{
        "say": { "en": "s", "ja": "s" }, "goal": { "en": "g", "ja": "g" },
        "position": { "red": { "e9": "captain", "a1": "flag" }, "blue": { "e10": "flag", "j9": "sergeant" } },
        "accept": "win", "line": ["e9-e10"], "battle": "won",
        "done": { "en": "d", "ja": "d" }
      }]
    }"#;
    let text = Lesson::from_json("castling.json", text)
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("teaches: \"castling\" is not a rule the app notes in play"),
        "{text}"
    );
    assert!(!text.contains("\"battle\" is not"), "{text}");
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

#[test]
fn every_deal_lesson_reads_and_every_answer_but_the_rules_one_is_refused() {
    use flagfall::learn::deal_lesson::{Purpose, Question, load_builtin_deals};
    use flagfall::learn::solve::solve_deals;
    let loaded = load_builtin_deals();
    let errors: Vec<String> = loaded
        .iter()
        .filter_map(|l| l.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join(""));
    let lessons = flagfall::learn::builtin_deal_lessons();
    for lesson in lessons {
        if let Err(problems) = solve_deals(lesson) {
            panic!("{}", problems.join("\n"));
        }
    }
    // The deal both ways, a stone stood to attack and to defend, and the
    // discards.
    let questions: Vec<&Question> = lessons
        .iter()
        .flat_map(|l| l.steps.iter().map(|s| &s.question))
        .collect();
    let reshuffles: Vec<bool> = lessons
        .iter()
        .flat_map(|l| &l.steps)
        .filter(|s| matches!(s.question, Question::Reshuffle { .. }))
        .map(|s| s.answer == 1)
        .collect();
    assert!(reshuffles.contains(&true) && reshuffles.contains(&false));
    for purpose in [Purpose::Attack, Purpose::Defend] {
        assert!(
            questions
                .iter()
                .any(|q| matches!(q, Question::Stand { to, .. } if *to == purpose))
        );
    }
    assert!(
        questions
            .iter()
            .any(|q| matches!(q, Question::Discard { .. }))
    );
}

#[test]
fn a_deal_lesson_that_contradicts_the_rules_is_refused_with_every_problem_named() {
    use flagfall::learn::DealLesson;
    let stones: Vec<String> = (0..=6)
        .flat_map(|a| (a..=6).map(move |b| format!("\"{a}-{b}\"")))
        .collect();
    // Without the 6-6 and three more; one short of a hand.
    let without_six = stones[..27].iter().skip(3).cloned().collect::<Vec<_>>();
    let short = stones[..23].to_vec();
    let text = |en: &str| format!("{{ \"en\": \"{en}\", \"ja\": \"{en}\" }}");
    let step = |question: &str, answer: &str| {
        format!(
            "{{ \"say\": {}, \"question\": {question}, \"answer\": \"{answer}\", \"why\": {}, \"done\": {} }}",
            text("say"),
            text("why"),
            text("done")
        )
    };
    let json = format!(
        "{{ \"format\": 1, \"id\": \"broken\", \"variant\": \"domino\", \"order\": 1, \
         \"title\": {{ \"en\": \"Broken\" }}, \"summary\": {}, \"steps\": [{}, {}, {}, {}, {}] }}",
        text("summary"),
        step(
            &format!(
                "{{ \"reshuffle\": {{ \"hand\": [{}] }} }}",
                without_six.join(",")
            ),
            "play"
        ),
        step(
            &format!("{{ \"reshuffle\": {{ \"hand\": [{}] }} }}", short.join(",")),
            "reshuffle"
        ),
        step(
            "{ \"stand\": { \"stone\": \"2-5\", \"facing\": \"3-4\", \"to\": \"attack\" } }",
            "2-5"
        ),
        step(
            "{ \"discard\": { \"flag\": \"red\" } }",
            "null/yellow ace/red"
        ),
        step(
            "{ \"stand\": { \"stone\": \"2-5\", \"facing\": \"3-4\", \"to\": \"defend\" } }",
            "sideways"
        ),
    );
    let error = DealLesson::from_json("broken.json", &json).unwrap_err();
    let problems = error.problems.join("\n");
    for expected in [
        "title has no text in \"ja\"",
        "step 1: answer says \"play\", but by the rules the right answers are \"reshuffle\"",
        "step 2: hand: the hand holds 23 stones; 24 are dealt",
        "step 3: answer says \"2-5\", but by the rules the right answers are \"5-2\"",
        "step 4: domino has no discards",
        "step 5: answer: \"sideways\" is not one of \"2-5\", \"5-2\"",
    ] {
        assert!(
            problems.contains(expected),
            "{expected} not in:\n{problems}"
        );
    }
    assert_eq!(error.problems.len(), 6, "{problems}");
}

#[test]
fn a_variants_lessons_are_listed_together_its_deal_first() {
    use flagfall::learn::{LessonEntry, all_lessons};
    let games: Vec<&str> = all_lessons().iter().map(|l| l.game_name()).collect();
    let mut seen: Vec<&str> = Vec::new();
    for game in &games {
        if seen.last() != Some(game) {
            assert!(!seen.contains(game), "{game}'s lessons apart: {games:?}");
            seen.push(game);
        }
    }
    for variant in ["domino", "piecepack"] {
        let first = all_lessons()
            .iter()
            .find(|l| l.variant_id() == Some(variant))
            .unwrap();
        assert!(
            matches!(first, LessonEntry::Deal(_)),
            "{variant}: {}",
            first.id()
        );
    }
    assert_eq!(games.first(), Some(&"Classic"));
    assert!(matches!(
        all_lessons().last(),
        Some(LessonEntry::Challenge(_))
    ));
}
