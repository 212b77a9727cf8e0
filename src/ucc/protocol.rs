//! The lines of the UCC 2012 Stratego protocol (`../shared/ucc-protocol.md`)
//! as data: what the manager sends, read strictly with a message saying
//! what was wrong, and what the bot sends, written exactly.

use crate::core::side::Side;
use crate::core::square::Square;
use std::fmt;

/// The protocol's board: 10 by 10, `x` the column from the left and `y`
/// the row from the top, where RED (our Red) sets up.
pub const SIZE: u8 = 10;

/// A piece as the protocol writes it (`1` Marshal .. `9` Scout, `s`, `B`, `F`).
pub type Rank = char;

/// The piece characters, strongest first.
pub const RANKS: [Rank; 12] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 's', 'B', 'F'];

/// A line the bot could not use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LineError(pub String);

fn bad(text: impl Into<String>) -> LineError {
    LineError(text.into())
}

/// The first line: the bot's colour, the opponent's name and the board size.
pub fn parse_colour(line: &str) -> Result<Side, LineError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let side = match words.first() {
        Some(&"RED") => Side::Red,
        Some(&"BLUE") => Side::Blue,
        _ => {
            return Err(bad(format!(
                "expected \"RED|BLUE <opponent> 10 10\", got \"{}\"",
                line.escape_debug()
            )));
        }
    };
    match words.as_slice() {
        [_, _, "10", "10"] => Ok(side),
        [_, _, w, h] => Err(bad(format!(
            "this bot plays the classic 10x10 board, not {w}x{h}"
        ))),
        _ => Err(bad(format!(
            "expected \"RED|BLUE <opponent> 10 10\", got \"{}\"",
            line.escape_debug()
        ))),
    }
}

/// The opponent's name in the colour line (`RED <opponent> 10 10`): what
/// the bot remembers it by; empty when the line has none.
pub fn opponent_name(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

/// One square of a board line as the bot is shown it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    Empty,
    Lake,
    Enemy,
    Own(Rank),
}

/// Row `y` of the board the manager shows before each move.
pub fn parse_board_line(line: &str, y: u8) -> Result<Vec<Shown>, LineError> {
    let cells: Vec<char> = line.chars().collect();
    if cells.len() != SIZE as usize {
        return Err(bad(format!(
            "board row {y}: expected 10 characters, got {} (\"{}\")",
            cells.len(),
            line.escape_debug()
        )));
    }
    cells
        .into_iter()
        .enumerate()
        .map(|(x, c)| match c {
            '.' => Ok(Shown::Empty),
            '+' => Ok(Shown::Lake),
            '#' => Ok(Shown::Enemy),
            c if RANKS.contains(&c) => Ok(Shown::Own(c)),
            c => Err(bad(format!(
                "board row {y}, column {x}: '{}' is not a square of the board",
                c.escape_debug()
            ))),
        })
        .collect()
}

/// A direction of the protocol (`UP` is toward row 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    fn word(self) -> &'static str {
        match self {
            Direction::Up => "UP",
            Direction::Down => "DOWN",
            Direction::Left => "LEFT",
            Direction::Right => "RIGHT",
        }
    }
}

/// A move as the protocol writes it: a square, a direction and a distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UccMove {
    pub from: Square,
    pub direction: Direction,
    pub distance: u8,
}

impl UccMove {
    /// The move from `from` to `to` in a straight line; `None` otherwise.
    pub fn between(from: Square, to: Square) -> Option<UccMove> {
        let (dx, dy) = (
            i16::from(to.col) - i16::from(from.col),
            i16::from(to.row) - i16::from(from.row),
        );
        let (direction, distance) = match (dx, dy) {
            (0, d) if d < 0 => (Direction::Up, -d),
            (0, d) if d > 0 => (Direction::Down, d),
            (d, 0) if d < 0 => (Direction::Left, -d),
            (d, 0) if d > 0 => (Direction::Right, d),
            _ => return None,
        };
        Some(UccMove {
            from,
            direction,
            distance: distance as u8,
        })
    }

    /// The square the move ends on, if it is on the board.
    pub fn to(&self) -> Option<Square> {
        let d = i16::from(self.distance);
        let (x, y) = (i16::from(self.from.col), i16::from(self.from.row));
        let (x, y) = match self.direction {
            Direction::Up => (x, y - d),
            Direction::Down => (x, y + d),
            Direction::Left => (x - d, y),
            Direction::Right => (x + d, y),
        };
        let on = |v: i16| (0..i16::from(SIZE)).contains(&v);
        (on(x) && on(y)).then(|| Square::new(x as u8, y as u8))
    }
}

impl fmt::Display for UccMove {
    /// `X Y DIR`, with the distance only when it is more than one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.from.col,
            self.from.row,
            self.direction.word()
        )?;
        if self.distance > 1 {
            write!(f, " {}", self.distance)?;
        }
        Ok(())
    }
}

/// What a move did, as the manager reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// To an empty square.
    Ok,
    /// The attacker (first rank) beat the defender (second) and moved in.
    Kills(Rank, Rank),
    /// The attacker died; the defender stays.
    Dies(Rank, Rank),
    /// Equal ranks: both removed.
    BothDie(Rank, Rank),
}

impl Outcome {
    /// The attacker's and the defender's ranks, after a battle.
    pub fn ranks(self) -> Option<(Rank, Rank)> {
        match self {
            Outcome::Ok => None,
            Outcome::Kills(a, d) | Outcome::Dies(a, d) | Outcome::BothDie(a, d) => Some((a, d)),
        }
    }
}

/// A move line with its outcome: `X Y DIR [N] [anything] OUTCOME`.
pub fn parse_move_line(line: &str) -> Result<(UccMove, Outcome), LineError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let shape = || {
        bad(format!(
            "expected a move and its outcome (\"X Y DIR [N] OUTCOME\"), got \"{}\"",
            line.escape_debug()
        ))
    };
    let rank = |word: &str| -> Result<Rank, LineError> {
        let mut chars = word.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if RANKS.contains(&c) => Ok(c),
            _ => Err(bad(format!(
                "\"{}\" is not a piece (1-9, s, B or F) in \"{}\"",
                word.escape_debug(),
                line.escape_debug()
            ))),
        }
    };
    let (outcome, rest) = match words.as_slice() {
        [rest @ .., "OK"] => (Outcome::Ok, rest),
        [_, .., "ILLEGAL"] => {
            return Err(bad(
                "the manager reported an illegal move that lost its turn (its -i option), \
                 which this bot does not play by",
            ));
        }
        [rest @ .., word, a, d] if matches!(*word, "KILLS" | "DIES" | "BOTHDIE") => {
            let (a, d) = (rank(a)?, rank(d)?);
            let outcome = match *word {
                "KILLS" => Outcome::Kills(a, d),
                "DIES" => Outcome::Dies(a, d),
                _ => Outcome::BothDie(a, d),
            };
            (outcome, rest)
        }
        _ => return Err(shape()),
    };
    let [x, y, direction, tail @ ..] = rest else {
        return Err(shape());
    };
    let coordinate = |word: &str, name: &str| -> Result<u8, LineError> {
        word.parse::<u8>()
            .ok()
            .filter(|v| *v < SIZE)
            .ok_or_else(|| {
                bad(format!(
                    "{name} \"{}\" is not 0 to 9 in \"{}\"",
                    word.escape_debug(),
                    line.escape_debug()
                ))
            })
    };
    let from = Square::new(coordinate(x, "x")?, coordinate(y, "y")?);
    let direction = match *direction {
        "UP" => Direction::Up,
        "DOWN" => Direction::Down,
        "LEFT" => Direction::Left,
        "RIGHT" => Direction::Right,
        other => {
            return Err(bad(format!(
                "\"{}\" is not a direction (UP, DOWN, LEFT or RIGHT) in \"{}\"",
                other.escape_debug(),
                line.escape_debug()
            )));
        }
    };
    // As the manager reads it: the word after the direction is the
    // distance when it is a number; anything else after it is ignored.
    let distance = match tail.first().and_then(|w| w.parse::<i64>().ok()) {
        None => 1,
        Some(n) if (1..i64::from(SIZE)).contains(&n) => n as u8,
        Some(n) => {
            return Err(bad(format!(
                "distance {n} is not 1 to 9 in \"{}\"",
                line.escape_debug()
            )));
        }
    };
    Ok((
        UccMove {
            from,
            direction,
            distance,
        },
        outcome,
    ))
}

/// Whether the manager ended the game (it may send `QUIT ...` in place of any line).
pub fn is_quit(line: &str) -> bool {
    line == "QUIT" || line.starts_with("QUIT ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines_read_as_the_manager_writes_them() {
        let (m, o) = parse_move_line("0 3 DOWN 3 BOTHDIE 9 9").unwrap();
        assert_eq!(m.to(), Some(Square::new(0, 6)));
        assert_eq!(o, Outcome::BothDie('9', '9'));
        let (m, o) = parse_move_line("1 8 LEFT 1 KILLS 8 B").unwrap();
        assert_eq!((m.from, m.distance), (Square::new(1, 8), 1));
        assert_eq!(o, Outcome::Kills('8', 'B'));
        // A stray carriage return from the opponent is echoed back to us.
        let (m, o) = parse_move_line("0 3 DOWN\r OK").unwrap();
        assert_eq!((m.direction, o), (Direction::Down, Outcome::Ok));
        assert_eq!(
            parse_move_line("4 5 UP 1 junk DIES 9 6").unwrap().1,
            Outcome::Dies('9', '6')
        );
    }

    #[test]
    fn bad_move_lines_say_what_is_wrong() {
        for (line, words) in [
            ("0 3 SIDEWAYS OK", "not a direction"),
            ("0 10 UP OK", "not 0 to 9"),
            ("0 3 UP KILLS 9 X", "not a piece"),
            ("0 3 UP", "expected a move"),
            ("", "expected a move"),
            ("0 3 UP 12 OK", "distance 12"),
            ("0 3 UP ILLEGAL", "-i option"),
        ] {
            let error = parse_move_line(line).unwrap_err().to_string();
            assert!(error.contains(words), "{line:?}: {error}");
        }
    }

    #[test]
    fn moves_are_written_with_a_distance_only_when_it_is_more_than_one() {
        let step = UccMove::between(Square::new(4, 3), Square::new(4, 4)).unwrap();
        assert_eq!(step.to_string(), "4 3 DOWN");
        let run = UccMove::between(Square::new(9, 6), Square::new(9, 1)).unwrap();
        assert_eq!(run.to_string(), "9 6 UP 5");
        assert_eq!(UccMove::between(Square::new(0, 0), Square::new(1, 1)), None);
    }

    #[test]
    fn the_colour_line_names_the_side_and_the_board() {
        assert_eq!(parse_colour("RED ./bot 10 10"), Ok(Side::Red));
        assert_eq!(parse_colour("BLUE x 10 10"), Ok(Side::Blue));
        assert!(parse_colour("PURPLE x 10 10").is_err());
        assert!(parse_colour("RED x 8 8").unwrap_err().0.contains("8x8"));
        assert_eq!(opponent_name("BLUE ./bots/celsius 10 10"), "./bots/celsius");
    }
}
