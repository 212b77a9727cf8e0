//! The conversation of a UCC bot with the manager, step by step as
//! `../shared/ucc-protocol.md` gives it: the colour line and the four setup
//! rows, then for each turn the opponent's move, the board, our move and
//! its echo, until `QUIT`, which may come in place of any line.

use super::game::{UccGame, rank_of, ucc_rules};
use super::memory_file::OpponentMemories;
use super::own_two_squares::{self, OwnTwoSquares};
use super::protocol::{self, LineError, Outcome, SIZE, UccMove, is_quit, parse_board_line};
use crate::ai::{Budget, Level, choose_remembering, setup_for};
use crate::core::deal::Deal;
use crate::core::moves::Action;
use crate::core::setup::Setup;
use crate::core::side::Side;
use crate::core::square::Square;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Read, Write};

/// The longest line the bot reads (a board row is 10 bytes, a move line a
/// few dozen): anything longer is refused rather than buffered.
const LONGEST_LINE: u64 = 4_096;

/// How the bot plays.
#[derive(Debug, Clone, Copy)]
pub struct BotConfig {
    pub level: Level,
    /// The think budget of a move, in milliseconds (the expert's).
    pub think_ms: u64,
    /// Makes setups and moves repeatable.
    pub seed: u64,
}

/// Why the bot stopped before `QUIT`: the line (counted from 1) and what
/// was wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct BotError {
    pub line: u64,
    pub message: String,
}

/// What the manager sent: a line, or the end of the game.
enum Received {
    Line(String),
    Quit,
}

/// The manager's lines, read one at a time with a bound on their length.
struct Lines<R> {
    input: R,
    count: u64,
}

impl<R: BufRead> Lines<R> {
    fn next(&mut self) -> Result<Received, BotError> {
        self.count += 1;
        let mut bytes = Vec::new();
        let read = (&mut self.input)
            .take(LONGEST_LINE + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| self.error(format!("could not read: {e}")))?;
        if read == 0 {
            return Err(self.error("the input ended before the manager's QUIT"));
        }
        if bytes.last() != Some(&b'\n') {
            return Err(self.error(if read as u64 > LONGEST_LINE {
                format!("a line longer than {LONGEST_LINE} bytes")
            } else {
                "the input ended in the middle of a line".into()
            }));
        }
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let line =
            String::from_utf8(bytes).map_err(|_| self.error("the line is not UTF-8 text"))?;
        Ok(if is_quit(&line) {
            Received::Quit
        } else {
            Received::Line(line)
        })
    }

    /// `why` the line just read could not be used, with its number.
    fn error(&self, why: impl ToString) -> BotError {
        BotError {
            line: self.count,
            message: why.to_string(),
        }
    }
}

/// Plays one game on `input` and `output`. `Ok` once the manager sends
/// `QUIT` (read through its end); an error for a line the bot cannot use,
/// input that ends early, or output that fails.
///
/// With `memories`, the bot believes the opponent the manager names sets
/// up as it was seen to before, and writes what this game has shown of
/// that setup to the memory file whenever it shows more (a failed write is
/// a warning on stderr, once).
pub fn play(
    config: BotConfig,
    input: impl BufRead,
    mut output: impl Write,
    mut memories: Option<&mut OpponentMemories>,
) -> Result<(), BotError> {
    let mut lines = Lines { input, count: 0 };
    let mut send = |text: &str, lines: &Lines<_>| -> Result<(), BotError> {
        writeln!(output, "{text}")
            .and_then(|()| output.flush())
            .map_err(|e| lines.error(format!("could not write: {e}")))
    };
    let Received::Line(first) = lines.next()? else {
        return Ok(());
    };
    let side = protocol::parse_colour(&first).map_err(|e| lines.error(e.0))?;
    let opponent = protocol::opponent_name(&first).to_string();
    let memory = memories.as_deref().and_then(|m| m.of(&opponent)).cloned();
    let mut shown = 0;
    let mut remember = |game: &UccGame| {
        let Some(memories) = memories.as_deref_mut() else {
            return;
        };
        let now = game.known_starts().count();
        if now > shown {
            shown = now;
            let enemy = side.opponent();
            if let Err(e) =
                memories.record_game(&opponent, game.variant(), enemy, game.known_starts())
            {
                eprintln!("ucc-bot: the memory could not be saved: {e}");
                shown = usize::MAX;
            }
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let (variant, _) = ucc_rules();
    let setup = setup_for(config.level, &variant, side, &Deal::Fixed, &mut rng);
    for row in setup_rows(&setup) {
        send(&row, &lines)?;
    }
    let mut game = UccGame::new(side, setup).map_err(|e| lines.error(e))?;
    let mut first_turn = side == Side::Red;
    let mut moves_made = 0u64;
    let mut two_squares = OwnTwoSquares::default();
    loop {
        // The opponent's move (or RED's START).
        let Received::Line(line) = lines.next()? else {
            return Ok(());
        };
        if first_turn {
            if line.trim() != "START" {
                return Err(lines.error(format!("expected START, got \"{}\"", line.escape_debug())));
            }
            first_turn = false;
        } else {
            let (m, outcome) = protocol::parse_move_line(&line).map_err(|e| lines.error(e.0))?;
            game.apply(m, outcome).map_err(|e| lines.error(e))?;
            remember(&game);
        }
        // The board, checked against the bot's own record.
        for y in 0..SIZE {
            let Received::Line(line) = lines.next()? else {
                return Ok(());
            };
            let row = parse_board_line(&line, y).map_err(|e| lines.error(e.0))?;
            game.check_row(y, &row).map_err(|e| lines.error(e))?;
        }
        // Our move, from our view alone, by the two-squares rule.
        let mut view = game.view();
        view.legal_moves = two_squares.allowed(&view.legal_moves);
        view.options.two_squares = own_two_squares::SETTING;
        let seed = config.seed ^ moves_made.wrapping_mul(0x2545_f491_4f6c_dd1d);
        moves_made += 1;
        let chosen = match view.outcome {
            Some(_) => None,
            None => {
                choose_remembering(
                    config.level,
                    &view,
                    seed,
                    Budget::millis(config.think_ms, &view.variant),
                    memory.as_ref(),
                )
                .action
            }
        };
        let Some(Action::Move(m)) = chosen else {
            // No legal move: the manager has no such rule, so resign.
            send("SURRENDER", &lines)?;
            return match lines.next()? {
                Received::Quit => Ok(()),
                Received::Line(line) => Err(lines.error(format!(
                    "expected QUIT after SURRENDER, got \"{}\"",
                    line.escape_debug()
                ))),
            };
        };
        let ours = UccMove::between(m.from, m.to)
            .ok_or_else(|| lines.error(format!("the move {m} is not in a straight line")))?;
        let sent = ours.to_string();
        send(&sent, &lines)?;
        two_squares.record(m);
        // The echo: our line as sent, and its outcome.
        let Received::Line(echo) = lines.next()? else {
            return Ok(());
        };
        let outcome = echo_outcome(&echo, &sent).map_err(|e| lines.error(e))?;
        game.apply(ours, outcome).map_err(|e| lines.error(e))?;
        remember(&game);
    }
}

/// The outcome the manager appended to our move line.
fn echo_outcome(echo: &str, sent: &str) -> Result<Outcome, LineError> {
    let (m, outcome) = protocol::parse_move_line(echo)?;
    if !echo.starts_with(sent) || m.to_string() != sent {
        return Err(LineError(format!(
            "expected the echo of \"{sent}\", got \"{}\"",
            echo.escape_debug()
        )));
    }
    Ok(outcome)
}

/// The four rows of a setup as the manager reads them, top row first (for
/// BLUE that is its front row).
pub fn setup_rows(setup: &Setup) -> Vec<String> {
    let (variant, _) = ucc_rules();
    let rows: Vec<u8> = match setup.side {
        Side::Red => (0..4).collect(),
        Side::Blue => (SIZE - 4..SIZE).collect(),
    };
    rows.into_iter()
        .map(|y| {
            (0..SIZE)
                .map(|x| {
                    setup
                        .placements
                        .iter()
                        .find(|p| p.square == Square::new(x, y))
                        .map_or('.', |p| rank_of(&variant, p.piece.kind))
                })
                .collect()
        })
        .collect()
}
