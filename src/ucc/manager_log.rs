//! A game as the UCC manager logs it (its `-o` option,
//! `../shared/ucc-protocol.md`): the two setups, one line a move with its
//! outcome, why the game ended, and the result line. The move that ends a
//! game is logged with `VICTORY_FLAG` or `VICTORY_ATTRITION` in place of
//! its outcome, a resignation as `SURRENDER OK`, and a bot that died as an
//! empty move; when a bot's pipe breaks the manager adds `SIGPIPE` lines
//! and a second, wrong reason (the first is the true one). Otherwise read
//! strictly: a line that is none of these is refused with its number.

use super::protocol::{Outcome, RANKS, Rank, UccMove, parse_move_line};
use crate::core::side::Side;
use crate::core::square::Square;

/// The rows each colour sets up on, from the top: RED's 0..3, BLUE's 6..9.
const SETUP_ROWS: [u8; 2] = [0, 6];

/// One game's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManagerLog {
    /// The players' names, Red's (the protocol's RED) first.
    pub names: [String; 2],
    /// Each side's setup: every square of its four rows and the piece on it
    /// (`.` squares left empty are left out).
    pub setups: [Vec<(Square, Rank)>; 2],
    pub moves: Vec<LoggedMove>,
    /// Why the game ended, as the manager says it ("Destroyed all mobile
    /// enemy pieces", ...), when the log says.
    pub reason: Option<String>,
    pub result: Option<LoggedResult>,
}

/// One move line: `TURN COLOUR: X Y DIR [N] OUTCOME`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoggedMove {
    pub turn: u32,
    pub side: Side,
    pub ucc: UccMove,
    /// `Ok` for a move that ended the game (its `ending` says how).
    pub outcome: Outcome,
    pub ending: Option<Ending>,
}

/// How the move that ended the game ended it, as the log says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It took the flag.
    Flag,
    /// The other side has no piece left that can move.
    Attrition,
}

/// The result line: `NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE`, whose
/// name and colour are the player on turn when the game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedResult {
    pub side: Side,
    pub outcome: String,
    pub turn: u32,
}

impl LoggedResult {
    /// The side that won; `None` for a draw or an outcome the manager
    /// should not print (`INTERNAL_ERROR`).
    pub fn winner(&self) -> Option<Side> {
        match self.outcome.as_str() {
            "VICTORY" => Some(self.side),
            "SURRENDER" | "ILLEGAL" | "BAD_SETUP" => Some(self.side.opponent()),
            _ => None,
        }
    }
}

/// A line of a log that is not what the manager writes there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct LogError {
    pub line: usize,
    pub what: String,
}

/// Reads a log the manager wrote.
pub fn parse_log(text: &str) -> Result<ManagerLog, LogError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let mut names = [String::new(), String::new()];
    let mut setups = [Vec::new(), Vec::new()];
    for side in [Side::Red, Side::Blue] {
        let (number, header) = lines.next().ok_or(LogError {
            line: 0,
            what: format!("the log ends before {} setup", colour_word(side)),
        })?;
        let fail = |what: String| LogError { line: number, what };
        let name = header
            .strip_suffix(&format!(" {} SETUP", colour_word(side)))
            .ok_or_else(|| {
                fail(format!(
                    "expected \"NAME {} SETUP\", got \"{}\"",
                    colour_word(side),
                    header.escape_debug()
                ))
            })?;
        names[side.index()] = name.to_string();
        for row in 0..4 {
            let (number, line) = lines.next().ok_or(LogError {
                line: number,
                what: format!("{}'s setup has fewer than 4 rows", colour_word(side)),
            })?;
            setups[side.index()].extend(setup_row(line, SETUP_ROWS[side.index()] + row, number)?);
        }
    }
    let mut moves = Vec::new();
    let mut reason = None;
    let mut result = None;
    for (number, line) in lines {
        // A broken pipe's report (the bot that died is in the first reason).
        if line.is_empty() || line.starts_with("SIGPIPE") || line.starts_with('\t') {
            continue;
        }
        if result.is_some() {
            return Err(LogError {
                line: number,
                what: "a line after the result line".into(),
            });
        }
        if let Some(why) = line.strip_prefix("Game ends on ") {
            reason.get_or_insert_with(|| {
                why.split_once("REASON: ")
                    .map_or(why, |(_, r)| r)
                    .to_string()
            });
        } else if let Some((head, rest)) = line.split_once(": ") {
            if rest.trim() != "SURRENDER OK" {
                moves.push(move_line(head, rest, number)?);
            }
        } else if line.ends_with(':')
            && move_line(&line[..line.len() - 1], "0 0 UP OK", number).is_ok()
        {
            // A bot that died sent nothing.
        } else {
            result = Some(result_line(line, number)?);
        }
    }
    Ok(ManagerLog {
        names,
        setups,
        moves,
        reason,
        result,
    })
}

fn colour_word(side: Side) -> &'static str {
    match side {
        Side::Red => "RED",
        Side::Blue => "BLUE",
    }
}

/// One row of a setup: ten pieces or `.`.
fn setup_row(line: &str, y: u8, number: usize) -> Result<Vec<(Square, Rank)>, LogError> {
    let pieces: Vec<char> = line.chars().collect();
    if pieces.len() != 10 {
        return Err(LogError {
            line: number,
            what: format!("a setup row has 10 pieces, not {}", pieces.len()),
        });
    }
    let mut row = Vec::new();
    for (x, piece) in pieces.into_iter().enumerate() {
        match piece {
            '.' => {}
            p if RANKS.contains(&p) => row.push((Square::new(x as u8, y), p)),
            p => {
                return Err(LogError {
                    line: number,
                    what: format!("\"{}\" is not a piece (1-9, s, B or F)", p.escape_debug()),
                });
            }
        }
    }
    Ok(row)
}

/// `TURN COLOUR` before a move's `: `.
fn move_line(head: &str, rest: &str, number: usize) -> Result<LoggedMove, LogError> {
    let fail = |what: String| LogError { line: number, what };
    let (turn, colour) = head.split_once(' ').ok_or_else(|| {
        fail(format!(
            "expected \"TURN COLOUR\", got \"{}\"",
            head.escape_debug()
        ))
    })?;
    let turn = turn
        .parse()
        .map_err(|_| fail(format!("\"{}\" is not a turn number", turn.escape_debug())))?;
    let side = match colour {
        "RED" => Side::Red,
        "BLU" | "BLUE" => Side::Blue,
        other => {
            return Err(fail(format!(
                "\"{}\" is not a colour",
                other.escape_debug()
            )));
        }
    };
    let (rest, ending) = match rest.trim_end().rsplit_once(' ') {
        Some((before, "VICTORY_FLAG")) => (format!("{before} OK"), Some(Ending::Flag)),
        Some((before, "VICTORY_ATTRITION")) => (format!("{before} OK"), Some(Ending::Attrition)),
        _ => (rest.to_string(), None),
    };
    let (ucc, outcome) = parse_move_line(&rest).map_err(|e| fail(e.0))?;
    Ok(LoggedMove {
        turn,
        side,
        ucc,
        outcome,
        ending,
    })
}

/// `NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE` (the name may hold spaces).
fn result_line(line: &str, number: usize) -> Result<LoggedResult, LogError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let shape = || LogError {
        line: number,
        what: format!(
            "expected a move or \"NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE\", got \"{}\"",
            line.escape_debug()
        ),
    };
    let [_name @ .., colour, outcome, turn, _red, _blue] = words.as_slice() else {
        return Err(shape());
    };
    let side = match *colour {
        "RED" => Side::Red,
        "BLUE" => Side::Blue,
        _ => return Err(shape()),
    };
    Ok(LoggedResult {
        side,
        outcome: outcome.to_string(),
        turn: turn.parse().map_err(|_| shape())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) const SHORT: &str = "ffexpert RED SETUP
8678BFB943
52B36B9869
85B869s759
45B7794919
peternlewis BLUE SETUP
994s951799
5684599536
98B2683B84
7B7B76BFB8
1 RED: 9 3 DOWN 3 BOTHDIE 9 9
1 BLU: 0 6 UP 2 OK
Game ends on BLUE's turn - REASON: Destroyed all mobile enemy pieces
peternlewis BLUE VICTORY 1 0 45
";

    #[test]
    fn a_log_is_read_whole() {
        let log = parse_log(SHORT).unwrap();
        assert_eq!(
            log.names,
            ["ffexpert".to_string(), "peternlewis".to_string()]
        );
        assert_eq!(log.setups[0].len(), 40);
        assert_eq!(log.setups[1][0], (Square::new(0, 6), '9'));
        assert_eq!(log.moves.len(), 2);
        assert_eq!(log.moves[0].outcome, Outcome::BothDie('9', '9'));
        assert_eq!(log.moves[1].side, Side::Blue);
        assert_eq!(
            log.reason.as_deref(),
            Some("Destroyed all mobile enemy pieces")
        );
        assert_eq!(log.result.unwrap().winner(), Some(Side::Blue));
    }

    #[test]
    fn the_lines_that_end_a_game_are_read() {
        let flag = SHORT.replace(
            "1 BLU: 0 6 UP 2 OK\nGame ends on BLUE's turn - REASON: Destroyed all mobile enemy pieces\npeternlewis BLUE VICTORY 1 0 45",
            "1 BLU: 0 6 UP 2 VICTORY_FLAG\nGame ends on BLUE's turn - REASON: Captured the flag\nSIGPIPE - Broken pipe (AI program no longer running)\n\tStrange; the game ended\nGame ends on RED's turn - REASON: ILLEGAL\npeternlewis BLUE VICTORY 1 0 45",
        );
        let log = parse_log(&flag).unwrap();
        assert_eq!(log.moves[1].ending, Some(Ending::Flag));
        assert_eq!(log.moves[1].ucc.distance, 2);
        assert_eq!(
            log.reason.as_deref(),
            Some("Captured the flag"),
            "the first reason"
        );
        let resigned = SHORT.replace("1 BLU: 0 6 UP 2 OK", "1 BLU: SURRENDER OK");
        assert_eq!(parse_log(&resigned).unwrap().moves.len(), 1);
        let crashed = SHORT.replace("1 BLU: 0 6 UP 2 OK", "1 BLU: ");
        assert_eq!(parse_log(&crashed).unwrap().moves.len(), 1);
        let attrition = SHORT.replace("0 6 UP 2 OK", "0 6 UP 2 VICTORY_ATTRITION");
        assert_eq!(
            parse_log(&attrition).unwrap().moves[1].ending,
            Some(Ending::Attrition)
        );
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        let broken = SHORT.replace("1 BLU: 0 6 UP 2 OK", "1 BLU: 0 6 SIDEWAYS OK");
        assert_eq!(parse_log(&broken).unwrap_err().line, 12);
        let short_row = SHORT.replace("52B36B9869", "52B36");
        assert_eq!(parse_log(&short_row).unwrap_err().line, 3);
        assert_eq!(parse_log("").unwrap_err().line, 0);
        let after = format!("{SHORT}1 RED: 0 3 DOWN OK\n");
        assert!(
            parse_log(&after)
                .unwrap_err()
                .what
                .contains("after the result")
        );
    }

    #[test]
    fn who_won_follows_the_outcome_not_the_colour_on_turn() {
        let result = |outcome: &str| LoggedResult {
            side: Side::Red,
            outcome: outcome.into(),
            turn: 9,
        };
        assert_eq!(result("VICTORY").winner(), Some(Side::Red));
        assert_eq!(result("ILLEGAL").winner(), Some(Side::Blue));
        assert_eq!(result("SURRENDER").winner(), Some(Side::Blue));
        assert_eq!(result("DRAW_DEFAULT").winner(), None);
    }
}
