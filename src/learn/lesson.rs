//! A checked lesson: every step's board is legal for its variant, every
//! action of its solution is legal where it is played, every text is in
//! both languages. `Lesson::from_json` reports every problem of a file at
//! once, each with the step and field it is in.

use super::closing_game::ClosingGame;
use super::notation::{parse_action, parse_piece, parse_square, side_key};
use super::rule_moment::RuleMoment;
use super::spec::{Accept, BattleSpec, FORMAT, LEARNER, LessonSpec, PositionSpec, StepSpec};
use super::text::Text;
use crate::core::battle::BattleResult;
use crate::core::{
    Action, GameOptions, Piece, Placement, Position, Side, TwoSquares, Variant, builtin_variant,
};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Lesson {
    pub id: String,
    pub order: u32,
    pub variant: Arc<Variant>,
    pub options: GameOptions,
    pub title: Text,
    pub summary: Text,
    /// The rules met in play it teaches.
    pub teaches: Vec<RuleMoment>,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone)]
pub struct Step {
    pub say: Text,
    pub goal: Text,
    /// The board when the step starts (the last step's end when the file
    /// gave none), the learner to move.
    pub start: Position,
    pub accept: Accept,
    /// The solution: the learner's actions, each followed by the
    /// opponent's answer where the opponent is to move next.
    pub line: Vec<Action>,
    /// Actions that do not solve the step, each with why.
    pub wrong: Vec<(Action, Text)>,
    pub done: Text,
    /// A closing game against the computer: `line` is the learner's
    /// actions alone, and the computer answers.
    pub game: Option<ClosingGame>,
}

/// Why a lesson file could not be used: every problem, each saying where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LessonError {
    pub file: String,
    pub problems: Vec<String>,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for problem in &self.problems {
            writeln!(f, "{}: {}", self.file, problem)?;
        }
        Ok(())
    }
}

impl LessonError {
    /// The `problems` of the lesson file `source`.
    pub fn new(source: &str, problems: Vec<String>) -> LessonError {
        LessonError {
            file: source.to_string(),
            problems,
        }
    }
}

/// The lesson file `source`'s JSON `text` read as `T`, or where it breaks.
pub(super) fn read_json<T: serde::de::DeserializeOwned>(
    source: &str,
    text: &str,
) -> Result<T, LessonError> {
    serde_json::from_str(text).map_err(|e| {
        let at = format!("line {} column {}: {e}", e.line(), e.column());
        LessonError::new(source, vec![at])
    })
}

impl Lesson {
    /// Reads and checks the lesson in `text` (from the file `source`).
    pub fn from_json(source: &str, text: &str) -> Result<Lesson, LessonError> {
        let spec: LessonSpec = read_json(source, text)?;
        Lesson::from_spec(spec).map_err(|problems| LessonError::new(source, problems))
    }

    fn from_spec(spec: LessonSpec) -> Result<Lesson, Vec<String>> {
        let mut problems = Vec::new();
        if spec.format != FORMAT {
            problems.push(format!(
                "format {} is not one this app reads ({FORMAT})",
                spec.format
            ));
        }
        let Some(variant) = builtin_variant(&spec.variant) else {
            problems.push(format!("\"{}\" is not a built-in variant", spec.variant));
            return Err(problems);
        };
        for (field, text) in [("title", &spec.title), ("summary", &spec.summary)] {
            missing_text(&mut problems, field, text);
        }
        let options = options(&variant, &spec, &mut problems);
        let teaches = teaches(&spec.teaches, &mut problems);
        if spec.steps.is_empty() {
            problems.push("a lesson needs at least one step".to_string());
        }
        let mut steps = Vec::new();
        let mut board: Option<Position> = None;
        for (index, step) in spec.steps.iter().enumerate() {
            let at = format!("step {}", index + 1);
            match read_step(&variant, options, step, board.as_ref(), &at, &mut problems) {
                Some((step, end)) => {
                    steps.push(step);
                    board = Some(end);
                }
                // The steps after a broken one may still be read when they
                // bring their own board.
                None => board = None,
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Lesson {
            id: spec.id,
            order: spec.order,
            variant,
            options,
            title: spec.title,
            summary: spec.summary,
            teaches,
            steps,
        })
    }
}

fn missing_text(problems: &mut Vec<String>, field: &str, text: &Text) {
    text.check(field, problems);
}

/// The rules the lesson says it teaches; a name the app does not know is a
/// problem (a player would never be offered the lesson for it).
/// The rules a lesson file says it teaches, by their keys.
pub(super) fn teaches(keys: &[String], problems: &mut Vec<String>) -> Vec<RuleMoment> {
    let mut moments = Vec::new();
    for key in keys {
        match RuleMoment::from_key(key) {
            Some(moment) => moments.push(moment),
            None => problems.push(format!(
                "teaches: \"{key}\" is not a rule the app notes in play ({})",
                RuleMoment::ALL.map(RuleMoment::key).join(", ")
            )),
        }
    }
    moments
}

fn options(variant: &Variant, spec: &LessonSpec, problems: &mut Vec<String>) -> GameOptions {
    let mut options = GameOptions::defaults(variant);
    let asked = &spec.options;
    if let Some(on) = asked.aggressor_advantage {
        options.aggressor_advantage = on;
    }
    if let Some(on) = asked.silent_defense {
        options.silent_defense = on;
    }
    if let Some(on) = asked.rescue {
        options.rescue = on;
    }
    if let Some(text) = &asked.two_squares {
        match text.parse::<TwoSquares>() {
            Ok(rule) => options.two_squares = rule,
            Err(e) => problems.push(format!("options.two_squares: {e}")),
        }
    }
    problems.extend(
        options
            .problems(variant)
            .into_iter()
            .map(|p| format!("options: {p}")),
    );
    options
}

/// The step, and the board its solution leaves.
fn read_step(
    variant: &Arc<Variant>,
    options: GameOptions,
    spec: &StepSpec,
    board: Option<&Position>,
    at: &str,
    problems: &mut Vec<String>,
) -> Option<(Step, Position)> {
    for (field, text) in [
        ("say", &spec.say),
        ("goal", &spec.goal),
        ("done", &spec.done),
    ] {
        missing_text(problems, &format!("{at}: {field}"), text);
    }
    let start = match (&spec.position, board) {
        (Some(position), _) => arrange(variant, options, position, at, problems)?,
        (None, Some(board)) => board.clone(),
        (None, None) => {
            problems.push(format!(
                "{at}: no position, and no earlier step ends on a board"
            ));
            return None;
        }
    };
    if start.outcome().is_some() {
        problems.push(format!("{at}: the game is already over at the start"));
        return None;
    }
    if start.to_move() != LEARNER {
        problems.push(format!(
            "{at}: it starts with {} to move (the last step's line ends on the learner's action)",
            start.to_move()
        ));
        return None;
    }
    if spec.line.is_empty() {
        problems.push(format!("{at}: the line (the solution) is empty"));
    }
    let game = match &spec.computer {
        Some(computer) => match ClosingGame::new(&computer.level, computer.moves) {
            Ok(game) => Some(game),
            Err(problem) => {
                problems.push(format!("{at}: computer: {problem}"));
                return None;
            }
        },
        None => None,
    };
    let mut end = start.clone();
    let mut line = Vec::new();
    let mut learners = Vec::new();
    let mut learner_last = false;
    let mut last_battle = None;
    // A closing game's plies, the computer's answers among them: what its
    // author needs to see when the line goes wrong.
    let mut plies: Vec<String> = Vec::new();
    let so_far = |plies: &[String]| {
        if game.is_some() && !plies.is_empty() {
            format!(" (played: {})", plies.join(", "))
        } else {
            String::new()
        }
    };
    for (place, text) in spec.line.iter().enumerate() {
        let where_ = format!("{at}: line {} (\"{text}\")", place + 1);
        if end.outcome().is_some() {
            problems.push(format!("{where_} comes after the game ended"));
            return None;
        }
        let action = parse_action(variant, &end, text, &where_, problems)?;
        learner_last = end.to_move() == LEARNER;
        if learner_last {
            learners.push(action);
        }
        match end.play(action) {
            Ok(report) if learner_last => last_battle = Some(report.battle.map(|b| b.result)),
            Ok(_) => {}
            Err(e) => {
                problems.push(format!(
                    "{where_} is not legal there: {e}{}",
                    so_far(&plies)
                ));
                return None;
            }
        }
        line.push(action);
        plies.push(text.clone());
        if let Some(game) = game {
            if !learner_last {
                problems.push(format!(
                    "{where_}: in a closing game the line holds the learner's actions only"
                ));
                return None;
            }
            // The line's last action is the learner's unless the
            // computer answered it.
            let answer = game.answer(&mut end);
            if let Some(Action::Move(m)) = answer.as_ref().map(|a| a.action) {
                plies.push(format!("{:?} {m}", LEARNER.opponent()));
            }
            learner_last = answer.is_none();
        }
    }
    if let Some(game) = game {
        if spec.accept != Accept::Win {
            problems.push(format!(
                "{at}: a closing game is won: say \"accept\": \"win\""
            ));
        }
        if learners.len() as u32 > game.moves {
            problems.push(format!(
                "{at}: the line takes {} moves, and the closing game allows {}",
                learners.len(),
                game.moves
            ));
        }
    }
    // A closing game may also be won by the computer's own move (an
    // attack on the one stone that beats it, its last piece lost).
    let won = end.outcome().and_then(|o| o.winner()) == Some(LEARNER);
    if spec.accept == Accept::Win && !(won && (learner_last || game.is_some())) {
        problems.push(format!(
            "{at}: accept is \"win\", but the line does not end in the learner's win{}",
            so_far(&plies)
        ));
    }
    check_battle(spec.battle, last_battle.flatten(), at, problems);
    let mut wrong = Vec::new();
    for (place, item) in spec.wrong.iter().enumerate() {
        let where_ = format!("{at}: wrong {} (\"{}\")", place + 1, item.action);
        missing_text(problems, &format!("{where_}: why"), &item.why);
        if let Some(action) = parse_action(variant, &start, &item.action, &where_, problems) {
            if learners.contains(&action) {
                problems.push(format!("{where_} is an action of the line itself"));
            }
            wrong.push((action, item.why.clone()));
        }
    }
    let step = Step {
        say: spec.say.clone(),
        goal: spec.goal.clone(),
        start,
        accept: spec.accept,
        line,
        wrong,
        done: spec.done.clone(),
        game,
    };
    Some((step, end))
}

/// Whether the step's `battle` says what the rules made of the learner's
/// last attack.
fn check_battle(
    said: Option<BattleSpec>,
    fought: Option<BattleResult>,
    at: &str,
    problems: &mut Vec<String>,
) {
    let happened = fought.map(|result| match result {
        BattleResult::AttackerWins => BattleSpec::Won,
        BattleResult::DefenderWins => BattleSpec::Lost,
        BattleResult::BothRemoved => BattleSpec::Both,
    });
    match (said, happened) {
        (None, None) => {}
        (Some(said), None) => problems.push(format!(
            "{at}: battle says {said:?}, but the learner's last action fights no battle"
        )),
        (None, Some(happened)) => problems.push(format!(
            "{at}: the learner's last action is an attack ({happened:?}): say so in \"battle\""
        )),
        (Some(said), Some(happened)) if said != happened => problems.push(format!(
            "{at}: battle says {said:?}, but by the rules the learner's piece {happened:?}"
        )),
        _ => {}
    }
}

/// The board of `spec`, the learner to move, or `None` with its problems.
fn arrange(
    variant: &Arc<Variant>,
    options: GameOptions,
    spec: &PositionSpec,
    at: &str,
    problems: &mut Vec<String>,
) -> Option<Position> {
    let before = problems.len();
    let mut pieces = Vec::new();
    // How many of each piece a side has on the board, against its army.
    let mut counts: BTreeMap<(Side, Piece), u32> = BTreeMap::new();
    for (side, list) in [(Side::Red, &spec.red), (Side::Blue, &spec.blue)] {
        for (square, name) in list {
            let where_ = format!("{at}: position.{} {square}", side_key(side));
            let Some(square) = parse_square(square, &where_, problems) else {
                continue;
            };
            let Some(piece) = parse_piece(variant, side, name, &where_, problems) else {
                continue;
            };
            let unturned = Piece {
                flipped: false,
                ..piece
            };
            *counts.entry((side, unturned)).or_default() += 1;
            pieces.push((side, Placement { square, piece }));
        }
    }
    for ((side, piece), count) in counts {
        let army = variant.kind(piece.kind).count;
        if count > army {
            problems.push(format!(
                "{at}: {} has {count} of {}, but an army has {army}",
                side_key(side),
                piece.describe(variant)
            ));
        }
    }
    // The board's own problems too, so that every one is named at once.
    let mut position = match Position::arrange(variant.clone(), options, &pieces, LEARNER) {
        Ok(position) if problems.len() == before => position,
        Ok(_) => return None,
        Err(found) => {
            problems.extend(found.iter().map(|p| format!("{at}: position: {p}")));
            return None;
        }
    };
    for (list, shown, field) in [(&spec.shown, true, "shown"), (&spec.moved, false, "moved")] {
        for square in list {
            let where_ = format!("{at}: position.{field} {square}");
            if let Some(sq) = parse_square(square, &where_, problems)
                && !position.mark_known(sq, shown, !shown)
            {
                problems.push(format!("{where_}: no piece stands there"));
            }
        }
    }
    for square in &spec.captured {
        let where_ = format!("{at}: position.captured {square}");
        if let Some(sq) = parse_square(square, &where_, problems)
            && !position.mark_captured(sq)
        {
            problems.push(format!("{where_}: no piece stands there"));
        }
    }
    (problems.len() == before).then_some(position)
}
