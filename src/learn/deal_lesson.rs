//! A lesson on what happens before the first move (`variants/lessons/deals/`):
//! Domino Stratego's deal and reshuffle and which way a stone stands,
//! Piecepack Stratego's secret discard. Each step shows the learner's
//! pieces on two cards and asks a question with a few answers; the file's
//! answer is checked against the game's own rules (`Deal::army` for a deal
//! and for discards, `battle::resolve` for a stone's orientation), so a
//! lesson cannot teach what the game would not do.

use super::lesson::{LessonError, read_json, teaches};
use super::notation::parse_piece;
use super::rule_moment::RuleMoment;
use super::spec::{FORMAT, LEARNER};
use super::text::Text;
use crate::core::battle::{BattleResult, resolve};
use crate::core::deal::{Deal, DealError};
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::variant::{ArmyRule, KindId, SuitId, Variant, builtin_variant};
use serde::Deserialize;
use std::sync::{Arc, OnceLock};

include!(concat!(env!("OUT_DIR"), "/builtin_deal_lessons.rs"));

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DealLessonSpec {
    format: u32,
    id: String,
    variant: String,
    /// Its place among the variant's lessons, board lessons included.
    order: u32,
    title: Text,
    summary: Text,
    /// The rules met in play it teaches (`RuleMoment::key`).
    #[serde(default)]
    teaches: Vec<String>,
    steps: Vec<DealStepSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DealStepSpec {
    say: Text,
    /// `{ "reshuffle": {...} }`, `{ "stand": {...} }` or `{ "discard": {...} }`.
    question: AskSpec,
    /// The answer, as `Choice::key` writes it: "play" or
    /// "reshuffle"; a stone's way round ("5-2"); "null/red ace/yellow".
    answer: String,
    /// Said when the learner chooses another answer.
    why: Text,
    /// Said when the learner chooses this one.
    done: Text,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum AskSpec {
    /// The stones drawn: play them, or reshuffle all?
    Reshuffle { hand: Vec<String> },
    /// Which way round `stone` stands to win its battle with Blue's shown
    /// stone `facing`, attacking it (`to` "attack") or attacked by it
    /// ("defend").
    Stand {
        stone: String,
        facing: String,
        to: Purpose,
    },
    /// Which null and which ace to discard, for the flag (the null kept)
    /// to be of the suit `flag`.
    Discard { flag: String },
}

/// What a stone's way round is for: to win when it attacks, or to hold
/// when it is attacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Purpose {
    Attack,
    Defend,
}

/// A deal lesson, read and checked.
#[derive(Debug, Clone)]
pub struct DealLesson {
    pub id: String,
    pub order: u32,
    pub variant: Arc<Variant>,
    pub title: Text,
    pub summary: Text,
    /// The rules met in play it teaches.
    pub teaches: Vec<RuleMoment>,
    pub steps: Vec<DealStep>,
}

/// One question.
#[derive(Debug, Clone)]
pub struct DealStep {
    pub say: Text,
    pub question: Question,
    /// The right one of `question.choices`.
    pub answer: usize,
    pub why: Text,
    pub done: Text,
}

/// What a step asks, with what the learner sees to answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// The learner's stones drawn (`hand`) and the ones set aside unseen.
    Reshuffle {
        hand: Vec<KindId>,
        set_aside: Vec<KindId>,
    },
    /// `stone` (either way round) meets Blue's shown `facing`.
    Stand {
        stone: KindId,
        facing: Piece,
        to: Purpose,
    },
    /// The learner's two suits, the flag wanted in `flag`.
    Discard { suits: [SuitId; 2], flag: SuitId },
}

/// One answer a question offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Play,
    Reshuffle,
    /// The stone standing this way round.
    Stand(Piece),
    /// The first loss (the null) from `null`, the second (the ace) from `ace`.
    Discard {
        null: SuitId,
        ace: SuitId,
    },
}

impl Question {
    /// The answers offered, in the order shown.
    pub fn choices(&self) -> Vec<Choice> {
        match self {
            Question::Reshuffle { .. } => vec![Choice::Play, Choice::Reshuffle],
            Question::Stand { stone, .. } => [false, true]
                .map(|flipped| {
                    Choice::Stand(Piece {
                        flipped,
                        ..Piece::new(*stone)
                    })
                })
                .to_vec(),
            Question::Discard { suits: [a, b], .. } => [(*a, *b), (*b, *a), (*a, *a), (*b, *b)]
                .map(|(null, ace)| Choice::Discard { null, ace })
                .to_vec(),
        }
    }

    /// Whether `choice` is right by the rules, with the rules' words for
    /// a deal: what `Deal::army` says of the hand or the discards.
    pub fn judge(&self, variant: &Variant, choice: Choice) -> (bool, Option<DealError>) {
        match (self, choice) {
            (Question::Reshuffle { hand, set_aside }, Choice::Play | Choice::Reshuffle) => {
                let deal = Deal::Domino {
                    hand: hand.clone(),
                    set_aside: set_aside.clone(),
                    redraws: 0,
                };
                let fault = deal.army(variant, LEARNER).err();
                let must_redraw = matches!(fault, Some(DealError::MissingStone(_)));
                (must_redraw == (choice == Choice::Reshuffle), fault)
            }
            (Question::Stand { facing, to, .. }, Choice::Stand(stone)) => {
                let options = GameOptions::defaults(variant);
                let wins = match to {
                    Purpose::Attack => {
                        resolve(variant, &options, stone, *facing) == BattleResult::AttackerWins
                    }
                    Purpose::Defend => {
                        resolve(variant, &options, *facing, stone) == BattleResult::DefenderWins
                    }
                };
                (wins, None)
            }
            (Question::Discard { flag, .. }, Choice::Discard { null, ace }) if null != ace => {
                let deal = Deal::Discard {
                    first_loss_suit: null,
                };
                let army = deal.army(variant, LEARNER);
                let flag_kept = army.as_ref().is_ok_and(|army| {
                    army.iter()
                        .any(|p| Some(p.kind) == first_loss(variant) && p.suit == Some(*flag))
                });
                (flag_kept, army.err())
            }
            _ => (false, None),
        }
    }
}

/// The kind a suited army discards from one suit (piecepack: the null, its
/// flag).
fn first_loss(variant: &Variant) -> Option<KindId> {
    match variant.army {
        ArmyRule::Suited { first_loss, .. } => Some(first_loss),
        _ => None,
    }
}

impl Choice {
    /// How a lesson file writes it: "play", "reshuffle", "5-2",
    /// "null/red ace/yellow".
    pub fn key(self, variant: &Variant) -> String {
        match self {
            Choice::Play => "play".to_string(),
            Choice::Reshuffle => "reshuffle".to_string(),
            Choice::Stand(stone) => {
                let (attack, defense) = stone.domino_face(variant).unwrap_or_default();
                format!("{attack}-{defense}")
            }
            Choice::Discard { null, ace } => format!(
                "null/{} ace/{}",
                variant.suit(null).key,
                variant.suit(ace).key
            ),
        }
    }
}

impl DealLesson {
    /// Reads and checks the lesson in `text` (from the file `source`).
    pub fn from_json(source: &str, text: &str) -> Result<DealLesson, LessonError> {
        let spec: DealLessonSpec = read_json(source, text)?;
        DealLesson::from_spec(spec).map_err(|problems| LessonError::new(source, problems))
    }

    fn from_spec(spec: DealLessonSpec) -> Result<DealLesson, Vec<String>> {
        let mut problems = Vec::new();
        if spec.format != FORMAT {
            problems.push(format!(
                "format {} is not one this app reads ({FORMAT})",
                spec.format
            ));
        }
        spec.title.check("title", &mut problems);
        spec.summary.check("summary", &mut problems);
        let teaches = teaches(&spec.teaches, &mut problems);
        let Some(variant) = builtin_variant(&spec.variant) else {
            problems.push(format!("\"{}\" is not a built-in variant", spec.variant));
            return Err(problems);
        };
        if spec.steps.is_empty() {
            problems.push("a lesson needs at least one step".to_string());
        }
        let steps: Vec<DealStep> = spec
            .steps
            .into_iter()
            .enumerate()
            .filter_map(|(index, step)| read_step(&variant, step, index + 1, &mut problems))
            .collect();
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(DealLesson {
            id: spec.id,
            order: spec.order,
            variant,
            title: spec.title,
            summary: spec.summary,
            teaches,
            steps,
        })
    }
}

fn read_step(
    variant: &Variant,
    step: DealStepSpec,
    number: usize,
    problems: &mut Vec<String>,
) -> Option<DealStep> {
    let at = format!("step {number}");
    for (field, text) in [("say", &step.say), ("why", &step.why), ("done", &step.done)] {
        text.check(&format!("{at}: {field}"), problems);
    }
    let question = read_question(variant, step.question, &at, problems)?;
    let choices = question.choices();
    let Some(answer) = choices.iter().position(|c| c.key(variant) == step.answer) else {
        let keys: Vec<String> = choices.iter().map(|c| c.key(variant)).collect();
        problems.push(format!(
            "{at}: answer: \"{}\" is not one of \"{}\"",
            step.answer,
            keys.join("\", \"")
        ));
        return None;
    };
    let right: Vec<usize> = (0..choices.len())
        .filter(|&i| question.judge(variant, choices[i]).0)
        .collect();
    if right != [answer] {
        let keys: Vec<String> = right.iter().map(|&i| choices[i].key(variant)).collect();
        problems.push(format!(
            "{at}: answer says \"{}\", but by the rules the right answers are \"{}\"",
            step.answer,
            keys.join("\", \"")
        ));
        return None;
    }
    Some(DealStep {
        say: step.say,
        question,
        answer,
        why: step.why,
        done: step.done,
    })
}

fn read_question(
    variant: &Variant,
    ask: AskSpec,
    at: &str,
    problems: &mut Vec<String>,
) -> Option<Question> {
    let is_domino = matches!(variant.army, ArmyRule::Domino { .. });
    let is_suited = matches!(variant.army, ArmyRule::Suited { .. });
    match ask {
        AskSpec::Reshuffle { .. } | AskSpec::Stand { .. } if !is_domino => {
            problems.push(format!("{at}: {} deals no stones", variant.id));
            None
        }
        AskSpec::Discard { .. } if !is_suited => {
            problems.push(format!("{at}: {} has no discards", variant.id));
            None
        }
        AskSpec::Reshuffle { hand } => {
            let pieces: Vec<Piece> = hand
                .iter()
                .filter_map(|text| {
                    parse_piece(variant, LEARNER, text, &format!("{at}: hand"), problems)
                })
                .collect();
            if pieces.len() != hand.len() {
                return None;
            }
            let mut hand: Vec<KindId> = pieces.iter().map(|p| p.kind).collect();
            hand.sort();
            let set_aside: Vec<KindId> = variant.kind_ids().filter(|k| !hand.contains(k)).collect();
            let question = Question::Reshuffle { hand, set_aside };
            // A hand the rules refuse for another reason than a missing
            // stone (too few, one twice) is the file's mistake.
            if let (_, Some(fault)) = question.judge(variant, Choice::Play)
                && !matches!(fault, DealError::MissingStone(_))
            {
                problems.push(format!("{at}: hand: {fault}"));
                return None;
            }
            Some(question)
        }
        AskSpec::Stand { stone, facing, to } => {
            let stone = parse_piece(variant, LEARNER, &stone, &format!("{at}: stone"), problems);
            let facing = parse_piece(
                variant,
                LEARNER.opponent(),
                &facing,
                &format!("{at}: facing"),
                problems,
            );
            Some(Question::Stand {
                stone: stone?.kind,
                facing: facing?,
                to,
            })
        }
        AskSpec::Discard { flag } => {
            let suits: Vec<SuitId> = variant.suits_of(LEARNER).collect();
            let found = variant.suit_by_key(&flag).filter(|s| suits.contains(s));
            if found.is_none() {
                problems.push(format!(
                    "{at}: flag: \"{flag}\" is not a suit of red's army"
                ));
            }
            let suits: [SuitId; 2] = suits.try_into().ok()?;
            Some(Question::Discard {
                suits,
                flag: found?,
            })
        }
    }
}

/// Every built-in deal lesson file, read and checked.
pub fn load_builtin_deals() -> Vec<Result<Arc<DealLesson>, LessonError>> {
    BUILTIN_FILES
        .iter()
        .map(|(name, text)| DealLesson::from_json(name, text).map(Arc::new))
        .collect()
}

/// The built-in deal lessons that read cleanly (a test makes sure all do).
pub fn builtin_deal_lessons() -> &'static [Arc<DealLesson>] {
    static LESSONS: OnceLock<Vec<Arc<DealLesson>>> = OnceLock::new();
    LESSONS.get_or_init(|| load_builtin_deals().into_iter().flatten().collect())
}
