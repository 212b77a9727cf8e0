//! A Stratego go go lesson for the referee (`variants/live/lessons/`): each
//! step a challenge between two roles and the question a referee answers on
//! the field, who leaves it. Each step's verdict is checked against the
//! referee's own challenge table (`LiveRules::challenge`), so a lesson
//! cannot teach a verdict the app's resolver would not give.

use super::lesson::{LessonError, read_json};
use super::spec::FORMAT;
use super::text::Text;
use crate::referee::live::{Challenge, LiveRules, RoleId};
use serde::Deserialize;
use std::sync::{Arc, OnceLock};

/// The live game the lessons teach, as their files name it.
const GAME: &str = "stratego-go-go";

/// The challenge lessons that come with the app, by file.
const BUILT_IN: [(&str, &str); 1] = [(
    "variants/live/lessons/go-go-1-challenges.json",
    include_str!("../../variants/live/lessons/go-go-1-challenges.json"),
)];

/// Every verdict, in the order a learner is offered them.
pub const VERDICTS: [Challenge; 4] = [
    Challenge::ChallengedWins,
    Challenge::ChallengerWins,
    Challenge::BothOut,
    Challenge::NotAllowed,
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeLessonSpec {
    format: u32,
    id: String,
    /// Always "stratego-go-go".
    game: String,
    order: u32,
    title: Text,
    summary: Text,
    steps: Vec<ChallengeStepSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeStepSpec {
    say: Text,
    /// Role ids of the rules file (`variants/live/stratego-go-go.json`).
    challenger: String,
    challenged: String,
    /// The referee's table's word: "challenger", "challenged", "both" or
    /// "not allowed" (who wins, as `Challenge::cell` writes it).
    verdict: String,
    /// Said when the learner gives another verdict.
    why: Text,
    /// Said when the learner gives this one.
    done: Text,
}

/// A lesson of challenges, read and checked.
#[derive(Debug, Clone)]
pub struct ChallengeLesson {
    pub id: String,
    pub order: u32,
    pub title: Text,
    pub summary: Text,
    pub rules: Arc<LiveRules>,
    pub steps: Vec<ChallengeStep>,
}

/// One challenge to settle.
#[derive(Debug, Clone)]
pub struct ChallengeStep {
    pub say: Text,
    pub challenger: RoleId,
    pub challenged: RoleId,
    /// What the rules say, which the file agrees with.
    pub verdict: Challenge,
    pub why: Text,
    pub done: Text,
}

impl ChallengeLesson {
    /// Reads and checks the lesson in `text` (from the file `source`)
    /// against the built-in rules of the live game.
    pub fn from_json(source: &str, text: &str) -> Result<ChallengeLesson, LessonError> {
        let spec: ChallengeLessonSpec = read_json(source, text)?;
        ChallengeLesson::from_spec(spec, LiveRules::built_in())
            .map_err(|problems| LessonError::new(source, problems))
    }

    fn from_spec(
        spec: ChallengeLessonSpec,
        rules: Arc<LiveRules>,
    ) -> Result<ChallengeLesson, Vec<String>> {
        let mut problems = Vec::new();
        if spec.format != FORMAT {
            problems.push(format!(
                "format {} is not one this app reads ({FORMAT})",
                spec.format
            ));
        }
        if spec.game != GAME {
            problems.push(format!(
                "\"{}\" is not a live game the app referees (\"{GAME}\")",
                spec.game
            ));
        }
        spec.title.check("title", &mut problems);
        spec.summary.check("summary", &mut problems);
        if spec.steps.is_empty() {
            problems.push("a lesson needs at least one step".to_string());
        }
        let steps: Vec<ChallengeStep> = spec
            .steps
            .into_iter()
            .enumerate()
            .filter_map(|(index, step)| read_step(&rules, step, index + 1, &mut problems))
            .collect();
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(ChallengeLesson {
            id: spec.id,
            order: spec.order,
            title: spec.title,
            summary: spec.summary,
            rules,
            steps,
        })
    }
}

fn read_step(
    rules: &LiveRules,
    step: ChallengeStepSpec,
    number: usize,
    problems: &mut Vec<String>,
) -> Option<ChallengeStep> {
    let at = format!("step {number}");
    for (field, text) in [("say", &step.say), ("why", &step.why), ("done", &step.done)] {
        text.check(&format!("{at}: {field}"), problems);
    }
    let mut role = |field: &str, id: &str| {
        let found = rules.role_ids().find(|&r| rules.role(r).id == id);
        if found.is_none() {
            problems.push(format!(
                "{at}: {field}: \"{id}\" is not a role of the live game"
            ));
        }
        found
    };
    let challenger = role("challenger", &step.challenger);
    let challenged = role("challenged", &step.challenged);
    let said = VERDICTS.into_iter().find(|v| v.cell() == step.verdict);
    if said.is_none() {
        problems.push(format!(
            "{at}: verdict: \"{}\" is not one of \"challenger\", \"challenged\", \"both\" or \"not allowed\"",
            step.verdict
        ));
    }
    let (challenger, challenged, said) = (challenger?, challenged?, said?);
    let verdict = rules.challenge(challenger, challenged);
    if said != verdict {
        problems.push(format!(
            "{at}: verdict says \"{}\", but by the rules it is \"{}\"",
            said.cell(),
            verdict.cell()
        ));
        return None;
    }
    Some(ChallengeStep {
        say: step.say,
        challenger,
        challenged,
        verdict,
        why: step.why,
        done: step.done,
    })
}

/// Every built-in challenge lesson file, read and checked.
pub fn load_builtin_challenges() -> Vec<Result<Arc<ChallengeLesson>, LessonError>> {
    BUILT_IN
        .iter()
        .map(|(name, text)| ChallengeLesson::from_json(name, text).map(Arc::new))
        .collect()
}

/// The built-in challenge lessons that read cleanly (a test makes sure all
/// do), in their order.
pub fn builtin_challenge_lessons() -> &'static [Arc<ChallengeLesson>] {
    static LESSONS: OnceLock<Vec<Arc<ChallengeLesson>>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        let mut lessons: Vec<_> = load_builtin_challenges().into_iter().flatten().collect();
        lessons.sort_by_key(|lesson| lesson.order);
        lessons
    })
}
