//! Where the computer thinks: at once on the caller's thread (tests and
//! screenshots, which run no event loop), on a worker thread (the app on a
//! computer or a phone), or in a place the platform gives (a browser
//! page's Web Worker, for a page has no threads to share). The game's
//! screen goes on while it thinks, and takes the answer when it comes.
//!
//! Whatever the place, the computer is asked a `Question`: one player's
//! view and what it may think with, nothing more; a place elsewhere gets
//! it as text (`Question::to_text`) and answers with text (`answer_text`).

use crate::ai::setup_memory::SetupMemory;
use crate::ai::{Level, ThinkMillis, choose_remembering};
use crate::core::ViewProblem;
use crate::core::moves::Action;
use crate::core::view::PlayerView;
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

/// What a computer player is asked: the move `level` makes in `view`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Question {
    pub level: Level,
    /// The computer's own view of the game: all it may know of it.
    pub view: PlayerView,
    pub seed: u64,
    /// How long it may think, counted from when it starts.
    #[serde(rename = "millis")]
    pub think: ThinkMillis,
    /// The player's setups the computer saw in earlier games, when it learns them.
    #[serde(with = "shared_memory")]
    pub memory: Option<Arc<SetupMemory>>,
}

/// The longest a question may ask the computer to think, in ms: ten times
/// the longest think time the app offers (`ThinkTime::Long`).
pub const LONGEST_THINK_MS: u64 = 10_000;

/// Why a question written elsewhere is not answered (the place that asked
/// gets no move, and says so).
#[derive(Debug, thiserror::Error)]
pub enum QuestionError {
    #[error("it is not a question: {0}")]
    Json(#[from] serde_json::Error),
    #[error("its view is not one a game makes: {}", join(.0))]
    View(Vec<ViewProblem>),
    #[error(
        "it asks for {0} ms of thinking, more than the {LONGEST_THINK_MS} ms any level is given"
    )]
    TooLong(u64),
}

fn join(problems: &[ViewProblem]) -> String {
    let words: Vec<String> = problems.iter().map(ToString::to_string).collect();
    words.join("; ")
}

impl Question {
    /// A question written by `to_text`, checked: its view must be one a
    /// game makes and its think time bounded, since the text may say
    /// anything.
    pub fn from_text(text: &str) -> Result<Question, QuestionError> {
        let question: Question = serde_json::from_str(text)?;
        if question.think.0 > LONGEST_THINK_MS {
            return Err(QuestionError::TooLong(question.think.0));
        }
        let problems = question.view.problems();
        if !problems.is_empty() {
            return Err(QuestionError::View(problems));
        }
        Ok(question)
    }

    /// The action chosen, thinking from now for the question's time.
    pub fn answer(&self) -> Option<Action> {
        let budget = self.think.budget(&self.view.variant);
        choose_remembering(
            self.level,
            &self.view,
            self.seed,
            budget,
            self.memory.as_deref(),
        )
        .action
    }

    /// The question as text (JSON), for a place elsewhere.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a question is plain data")
    }
}

/// What a place elsewhere runs: the answer, as text, to a question written
/// by `Question::to_text`; `read_answer` reads it.
pub fn answer_text(question: &str) -> Result<String, QuestionError> {
    let question = Question::from_text(question)?;
    Ok(serde_json::to_string(&question.answer())?)
}

/// The action in an answer `answer_text` wrote (none for no move, or for
/// text it did not write).
pub fn read_answer(answer: &str) -> Option<Action> {
    serde_json::from_str(answer).ok().flatten()
}

/// A place the platform gives the computer to think in, away from the
/// page that draws the app (a browser's Web Worker).
pub trait ThinkElsewhere {
    /// Works out `question`'s answer and sends it on `answer` once known
    /// (dropping `answer` if it cannot: the game then waits for no answer).
    fn think(&self, question: Question, answer: Sender<Option<Action>>);
}

/// Where the computer thinks.
#[derive(Clone, Default)]
pub enum Thinker {
    /// On the caller's thread, before `ask` returns.
    #[default]
    AtOnce,
    /// On a worker thread of its own.
    OnAThread,
    /// Where the platform says.
    Elsewhere(Rc<dyn ThinkElsewhere>),
}

impl Thinker {
    /// Starts working out `question`'s answer, which the receiver brings.
    pub fn ask(&self, question: Question) -> Receiver<Option<Action>> {
        let (sender, receiver) = channel();
        match self {
            Thinker::AtOnce => {
                let _ = sender.send(question.answer());
            }
            Thinker::OnAThread => {
                std::thread::spawn(move || {
                    let _ = sender.send(question.answer());
                });
            }
            Thinker::Elsewhere(place) => place.think(question, sender),
        }
        receiver
    }

    /// Whether `ask`'s receiver holds the answer when `ask` returns.
    pub fn answers_at_once(&self) -> bool {
        matches!(self, Thinker::AtOnce)
    }

    /// Whether other work (reading a picture) may go to worker threads too.
    pub fn has_threads(&self) -> bool {
        matches!(self, Thinker::OnAThread)
    }
}

/// The setup memory, shared with the games while it is asked about, and
/// written out in full.
mod shared_memory {
    use super::SetupMemory;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(
        memory: &Option<Arc<SetupMemory>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        memory.as_deref().serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Arc<SetupMemory>>, D::Error> {
        Ok(Option::<SetupMemory>::deserialize(deserializer)?.map(Arc::new))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::options::GameOptions;
    use crate::core::side::Side;
    use crate::core::variant::builtin;
    use rand::SeedableRng;
    use std::cell::RefCell;

    fn views() -> Vec<PlayerView> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut views = Vec::new();
        for variant in &builtin().variants {
            let mut game = Game::random(variant.clone(), GameOptions::defaults(variant), &mut rng);
            // Some plies in, so that battles have revealed and taken pieces.
            for ply in 0..40u64 {
                let view = game.view(game.position().to_move());
                let Some(action) = crate::ai::choose(Level::Random, &view, ply) else {
                    break;
                };
                if game.play(action).is_err() {
                    break;
                }
            }
            views.push(game.view(Side::Red));
            views.push(game.view(Side::Blue));
        }
        views
    }

    /// A question about the first built-in variant's view, at once.
    fn question(level: Level, seed: u64) -> Question {
        Question {
            level,
            view: views().remove(0),
            seed,
            think: ThinkMillis(0),
            memory: None,
        }
    }

    /// A view written as text reads back the same, in every variant: the
    /// worker thinks about exactly the view the game gave.
    #[test]
    fn a_question_reads_back_as_it_was_asked() {
        for view in views() {
            let question = Question {
                level: Level::Expert,
                view,
                seed: 5,
                think: ThinkMillis(100),
                memory: Some(Arc::new(SetupMemory::default())),
            };
            let read: Question = serde_json::from_str(&question.to_text()).unwrap();
            assert_eq!(read, question, "{}", question.view.variant.id);
        }
    }

    /// A question answered as text elsewhere gives the move it gives here.
    #[test]
    fn an_answer_elsewhere_is_the_answer_here() {
        let question = question(Level::Heuristic, 9);
        let here = question.answer();
        assert!(here.is_some());
        let text = answer_text(&question.to_text()).unwrap();
        assert_eq!(read_answer(&text), here);
    }

    #[test]
    fn a_question_not_written_by_a_question_is_refused() {
        assert!(answer_text("{\"level\":\"expert\"}").is_err());
        let question = question(Level::Random, 1);
        let variant = format!("\"{}\"", question.view.variant.id);
        let text = question.to_text().replace(&variant, "\"no-such-game\"");
        let refused = answer_text(&text).unwrap_err().to_string();
        assert!(refused.contains("no-such-game"), "{refused}");
        assert_eq!(read_answer("not an answer"), None);
    }

    /// Issue 77: a worker reads its question as text, which may say
    /// anything. Each hostile question the red team sent is refused with
    /// its reason instead of panicking or thinking for ever.
    #[test]
    fn a_hostile_question_is_refused_with_its_reason() {
        let honest = question(Level::Expert, 2);
        let json = |q: &Question| serde_json::to_value(q).unwrap();
        let refused = |value: serde_json::Value| {
            answer_text(&value.to_string())
                .expect_err("refused")
                .to_string()
        };
        let mut short = json(&honest);
        short["view"]["squares"].as_array_mut().unwrap().truncate(3);
        assert!(refused(short).contains("squares"));

        let mut far = json(&honest);
        let squares = far["view"]["squares"].as_array_mut().unwrap();
        let piece = squares.iter_mut().find(|s| !s.is_null()).unwrap();
        piece["id"]["index"] = 250.into();
        assert!(refused(far).contains("beyond its army"));

        let mut unknown = json(&honest);
        let viewer = unknown["view"]["viewer"].clone();
        let squares = unknown["view"]["squares"].as_array_mut().unwrap();
        let own = squares.iter_mut().find(|s| s["owner"] == viewer).unwrap();
        own["piece"] = serde_json::Value::Null;
        assert!(refused(unknown).contains("not known"));

        let mut kind = json(&honest);
        let squares = kind["view"]["squares"].as_array_mut().unwrap();
        let piece = squares.iter_mut().find(|s| !s["piece"].is_null()).unwrap();
        piece["piece"]["kind"] = 99.into();
        assert!(refused(kind).contains("kind"));

        let mut forever = json(&honest);
        forever["millis"] = u64::MAX.into();
        assert!(refused(forever).contains("ms of thinking"));

        let mut moves = json(&honest);
        moves["view"]["legal_moves"] =
            serde_json::json!([{"from": {"col": 0, "row": 5}, "to": {"col": 9, "row": 9}}]);
        let _ = answer_text(&moves.to_string());
    }

    /// The JSON pointer of every number (and null) in `value`.
    fn numbers(value: &serde_json::Value, at: String, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Number(_) | serde_json::Value::Null => out.push(at),
            serde_json::Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    numbers(v, format!("{at}/{i}"), out);
                }
            }
            serde_json::Value::Object(fields) => {
                for (key, v) in fields {
                    numbers(v, format!("{at}/{key}"), out);
                }
            }
            _ => {}
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 400, failure_persistence: None, ..Default::default() })]

        /// Whatever numbers a question's text is made to hold (extreme ones,
        /// or a number where nothing was), the answer is an answer or a
        /// refusal, never a panic.
        #[test]
        fn a_question_with_changed_numbers_never_panics(
            which in 0usize..14,
            level in 0usize..3,
            edits in proptest::collection::vec((proptest::prelude::any::<usize>(), proptest::sample::select(vec![0u64, 1, 2, 9, 10, 39, 40, 99, 200, 255, 256, 65_535, u64::from(u32::MAX), u64::MAX])), 1..4),
        ) {
            let mut view = views().swap_remove(which);
            view.legal_moves.truncate(8);
            let question = Question {
                level: [Level::Random, Level::Heuristic, Level::Best][level],
                view,
                seed: 1,
                think: ThinkMillis(1),
                memory: None,
            };
            let mut value = serde_json::to_value(&question).unwrap();
            let mut places = Vec::new();
            numbers(&value, String::new(), &mut places);
            for (at, number) in edits {
                if let Some(leaf) = value.pointer_mut(&places[at % places.len()]) {
                    *leaf = number.into();
                }
            }
            let _ = answer_text(&value.to_string());
        }
    }

    /// A place elsewhere is handed the question, and its answer arrives.
    #[test]
    fn a_place_elsewhere_answers_through_the_receiver() {
        #[derive(Default)]
        struct Later(RefCell<Vec<(String, Sender<Option<Action>>)>>);
        impl ThinkElsewhere for Later {
            fn think(&self, question: Question, answer: Sender<Option<Action>>) {
                self.0.borrow_mut().push((question.to_text(), answer));
            }
        }
        let later = Rc::new(Later::default());
        let thinker = Thinker::Elsewhere(later.clone());
        let question = question(Level::Heuristic, 3);
        let receiver = thinker.ask(question.clone());
        assert!(receiver.try_recv().is_err(), "nothing yet");
        let (text, sender) = later.0.borrow_mut().remove(0);
        sender
            .send(read_answer(&answer_text(&text).unwrap()))
            .unwrap();
        assert_eq!(receiver.try_recv().unwrap(), question.answer());
    }
}
