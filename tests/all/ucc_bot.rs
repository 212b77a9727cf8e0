//! `flagfall ucc-bot` speaks the UCC 2012 Stratego competition protocol on
//! stdin/stdout. A small manager written here (it keeps the true board and
//! applies the manager's rules, stratego.cpp's MovePiece) plays two bot
//! processes against each other line by line, and checks every line they
//! send: the setups, the moves (legal, written as `X Y DIR [N]`), the end of
//! the game by `QUIT` in each place the manager can send it, a clean exit 1
//! with a `ucc-bot:` message on malformed input or early end of input, the
//! setups' dependence on `--seed`, and the help text.
//!
//! Every read waits at most [`TIMEOUT`], so a hung bot fails the test instead
//! of hanging it, and a bot still running when a test fails is killed.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_flagfall");

/// The longest wait for one line or for an exit: far beyond what a healthy
/// bot needs, short enough that a hung bot fails the test.
const TIMEOUT: Duration = Duration::from_secs(20);

/// The manager's turn limit (`-m`) in these games: a turn is a RED move and a
/// BLUE move, counted from 1; reaching the limit is a `DRAW_DEFAULT`.
const MAX_TURNS: u32 = 150;

// ---------------------------------------------------------------------------
// A bot process
// ---------------------------------------------------------------------------

/// A `flagfall` process with piped stdin, stdout (read line by line on a
/// thread) and stderr (collected on a thread). Dropping it kills the process
/// if it has not been waited for.
struct Bot {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    /// The stdout lines as written, each with its `\n` (a last line without
    /// one comes without it).
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_thread: Option<JoinHandle<()>>,
    reaped: bool,
}

/// How a bot ended.
struct Finished {
    status: ExitStatus,
    /// Everything it wrote on stdout that had not been read yet.
    rest: Vec<String>,
    stderr: String,
}

impl Bot {
    fn spawn(label: &str, args: &[&str]) -> Bot {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{label}: cannot start {BIN} {args:?}: {e}"));
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut raw = Vec::new();
                match reader.read_until(b'\n', &mut raw) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if sender
                            .send(String::from_utf8_lossy(&raw).into_owned())
                            .is_err()
                        {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let stderr_thread = {
            let stderr = Arc::clone(&stderr);
            let mut pipe = child.stderr.take().expect("piped stderr");
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                loop {
                    match pipe.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => stderr.lock().unwrap().extend_from_slice(&buf[..n]),
                    }
                }
            })
        };
        let stdin = child.stdin.take();
        Bot {
            label: label.to_string(),
            child,
            stdin,
            lines,
            stderr,
            stderr_thread: Some(stderr_thread),
            reaped: false,
        }
    }

    /// A `ucc-bot` at `level` with a fixed seed (the expert thinks 2 ms a move).
    fn ucc(label: &str, level: &str, seed: u64) -> Bot {
        Bot::ucc_with(label, level, seed, &[])
    }

    /// `ucc`, with `extra` arguments as well.
    fn ucc_with(label: &str, level: &str, seed: u64, extra: &[&str]) -> Bot {
        let seed = seed.to_string();
        let mut args = vec!["ucc-bot", "--level", level, "--seed", seed.as_str()];
        if level == "expert" {
            args.extend(["--think-ms", "2"]);
        }
        args.extend(extra);
        Bot::spawn(&format!("{label} ({level}, seed {seed})"), &args)
    }

    fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Kills the bot, then fails the test with `message` and the bot's stderr.
    fn fail(&mut self, message: &str) -> ! {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
        if let Some(thread) = self.stderr_thread.take() {
            let _ = thread.join();
        }
        panic!(
            "{}: {message}\n--- its stderr ---\n{}",
            self.label,
            self.stderr_text()
        );
    }

    /// Sends one line (the `\n` is added) and flushes.
    fn send(&mut self, line: &str) {
        let Some(stdin) = self.stdin.as_mut() else {
            self.fail(&format!("cannot send {line:?}: stdin already closed"))
        };
        let result = stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| stdin.flush());
        if let Err(e) = result {
            self.fail(&format!("cannot send {line:?}: {e}"));
        }
    }

    fn send_board(&mut self, board: &Board, colour: Colour) {
        for row in board.view(colour) {
            self.send(&row);
        }
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next stdout line without its `\n` (a `\r` stays, for the checks to
    /// see); fails if none comes within [`TIMEOUT`] or stdout closes.
    fn recv(&mut self, what: &str) -> String {
        match self.lines.recv_timeout(TIMEOUT) {
            Ok(raw) => match raw.strip_suffix('\n') {
                Some(line) => line.to_string(),
                None => self.fail(&format!(
                    "wrote {raw:?} without a newline and closed stdout, waiting for {what}"
                )),
            },
            Err(RecvTimeoutError::Timeout) => {
                self.fail(&format!("no {what} within {} s", TIMEOUT.as_secs()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.fail(&format!("stdout closed while waiting for {what}"))
            }
        }
    }

    /// Waits (at most [`TIMEOUT`]) for the bot to exit on its own, stdin still
    /// open, and collects what is left of its stdout and its whole stderr.
    fn finish(&mut self) -> Finished {
        let deadline = Instant::now() + TIMEOUT;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) => self.fail(&format!(
                    "still running {} s after its last input (killed)",
                    TIMEOUT.as_secs()
                )),
                Err(e) => self.fail(&format!("cannot wait for it: {e}")),
            }
        };
        self.reaped = true;
        self.stdin = None;
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(TIMEOUT) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    panic!("{}: stdout still open after it exited", self.label)
                }
            }
        }
        if let Some(thread) = self.stderr_thread.take() {
            let _ = thread.join();
        }
        Finished {
            status,
            rest,
            stderr: self.stderr_text(),
        }
    }

    /// After `QUIT`: exit status 0 and nothing more on stdout.
    fn expect_clean_quit(&mut self, case: &str) {
        let label = self.label.clone();
        let done = self.finish();
        assert_eq!(
            done.status.code(),
            Some(0),
            "{case}: {label} should exit 0 after QUIT, got {:?}\n--- stderr ---\n{}",
            done.status,
            done.stderr
        );
        assert!(
            done.rest.is_empty(),
            "{case}: {label} wrote {:?} after QUIT",
            done.rest
        );
    }

    /// After bad input: exit status 1 (not a panic's 101, not a signal), a
    /// `ucc-bot:` message on stderr, nothing more on stdout.
    fn expect_rejection(&mut self, case: &str) {
        let label = self.label.clone();
        let done = self.finish();
        assert_eq!(
            done.status.code(),
            Some(1),
            "{case}: {label} should exit 1, got {:?}\n--- stderr ---\n{}",
            done.status,
            done.stderr
        );
        assert!(
            done.stderr.contains("ucc-bot:") && !done.stderr.contains("panicked"),
            "{case}: {label} should say what went wrong on stderr, said {:?}",
            done.stderr
        );
        assert!(
            done.stderr.trim_start().starts_with("ucc-bot: "),
            "{case}: {label}'s stderr should start with `ucc-bot: `: {:?}",
            done.stderr
        );
        assert!(
            done.rest.is_empty(),
            "{case}: {label} wrote {:?} on stdout after its setup",
            done.rest
        );
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

// ---------------------------------------------------------------------------
// The manager's board and rules
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Colour {
    Red,
    Blue,
}

impl Colour {
    fn word(self) -> &'static str {
        match self {
            Colour::Red => "RED",
            Colour::Blue => "BLUE",
        }
    }

    fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    fn index(self) -> usize {
        match self {
            Colour::Red => 0,
            Colour::Blue => 1,
        }
    }
}

/// The classic army: piece character and count (`Piece::maxUnits`).
const ARMY: [(char, usize); 12] = [
    ('1', 1),
    ('2', 1),
    ('3', 2),
    ('4', 3),
    ('5', 4),
    ('6', 4),
    ('7', 4),
    ('8', 5),
    ('9', 8),
    ('s', 1),
    ('B', 6),
    ('F', 1),
];

/// `Piece::Type`: the higher wins a fight.
fn strength(piece: char) -> u8 {
    match piece {
        'B' => 13,
        '1' => 12,
        '2' => 11,
        '3' => 10,
        '4' => 9,
        '5' => 8,
        '6' => 7,
        '7' => 6,
        '8' => 5,
        '9' => 4,
        's' => 3,
        'F' => 2,
        other => panic!("not a piece: {other:?}"),
    }
}

/// The piece values of the result line (a full army is worth 148).
fn value(piece: char) -> u32 {
    match piece {
        '1' => 10,
        '2' => 9,
        '3' => 8,
        '4' => 7,
        '5' => 6,
        '6' => 5,
        '7' => 4,
        '8' => 3,
        '9' => 2,
        's' => 1,
        _ => 0,
    }
}

fn movable(piece: char) -> bool {
    piece != 'B' && piece != 'F'
}

fn is_lake(x: i32, y: i32) -> bool {
    matches!(x, 2 | 3 | 6 | 7) && matches!(y, 4 | 5)
}

fn on_board(x: i32, y: i32) -> bool {
    (0..10).contains(&x) && (0..10).contains(&y)
}

/// The manager's setup check: 4 rows of exactly 10 piece characters, the
/// whole army in exact counts.
fn check_setup(rows: &[String]) -> Result<(), String> {
    if rows.len() != 4 {
        return Err(format!("{} rows instead of 4", rows.len()));
    }
    let mut counts = [0usize; 12];
    for (i, row) in rows.iter().enumerate() {
        if row.contains('\r') {
            return Err(format!("row {} {row:?} ends with \\r", i + 1));
        }
        if row.chars().count() != 10 {
            return Err(format!("row {} {row:?} is not 10 characters", i + 1));
        }
        for ch in row.chars() {
            match ARMY.iter().position(|&(piece, _)| piece == ch) {
                Some(k) => counts[k] += 1,
                None => return Err(format!("row {} {row:?} has {ch:?}", i + 1)),
            }
        }
    }
    for (k, &(piece, count)) in ARMY.iter().enumerate() {
        if counts[k] != count {
            return Err(format!("{} of {piece:?} instead of {count}", counts[k]));
        }
    }
    Ok(())
}

/// A fixed valid setup for a scripted opponent. RED's rows are y = 0..3 and
/// BLUE's y = 6..9, front row first, so both have scouts on their front row
/// (RED's scout at (0,3) may step `0 3 DOWN`).
fn fixed_setup(colour: Colour) -> Vec<String> {
    let mut rows: Vec<String> = ["FBB1233444", "BBB5555666", "6777788888", "99999999sB"]
        .iter()
        .map(|row| row.to_string())
        .collect();
    if colour == Colour::Blue {
        rows.reverse();
    }
    rows
}

/// What a legal move did.
struct Applied {
    /// `OK`, `KILLS A D`, `DIES A D` or `BOTHDIE A D`.
    outcome: String,
    flag_taken: bool,
}

/// The true board: `cells[y][x]`, y = 0 at the top (RED's back row).
struct Board {
    cells: [[Option<(Colour, char)>; 10]; 10],
}

impl Board {
    fn new() -> Board {
        Board {
            cells: [[None; 10]; 10],
        }
    }

    /// Places a checked setup: RED's rows at y = 0..3, BLUE's at y = 6..9.
    fn place(&mut self, colour: Colour, rows: &[String]) {
        let top = match colour {
            Colour::Red => 0,
            Colour::Blue => 6,
        };
        for (i, row) in rows.iter().enumerate() {
            for (x, piece) in row.chars().enumerate() {
                self.cells[top + i][x] = Some((colour, piece));
            }
        }
    }

    /// The 10 board lines a colour is sent: its pieces by character, every
    /// enemy piece `#`, lakes `+`, empty squares `.`.
    fn view(&self, colour: Colour) -> Vec<String> {
        (0..10)
            .map(|y| {
                (0..10)
                    .map(|x| match self.cells[y][x] {
                        _ if is_lake(x as i32, y as i32) => '+',
                        None => '.',
                        Some((owner, piece)) if owner == colour => piece,
                        Some(_) => '#',
                    })
                    .collect::<String>()
            })
            .collect()
    }

    /// Both armies, for failure messages (`r`/`b` + piece).
    fn render(&self) -> String {
        let mut out = String::new();
        for y in 0..10 {
            for x in 0..10 {
                let cell = match self.cells[y][x] {
                    _ if is_lake(x as i32, y as i32) => "++".to_string(),
                    None => "..".to_string(),
                    Some((Colour::Red, piece)) => format!("r{piece}"),
                    Some((Colour::Blue, piece)) => format!("b{piece}"),
                };
                out.push_str(&cell);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    fn has_movable(&self, colour: Colour) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|cell| matches!(*cell, Some((owner, piece)) if owner == colour && movable(piece)))
    }

    fn value(&self, colour: Colour) -> u32 {
        self.cells
            .iter()
            .flatten()
            .filter_map(|cell| match *cell {
                Some((owner, piece)) if owner == colour => Some(value(piece)),
                _ => None,
            })
            .sum()
    }

    /// Checks `line` as `mover`'s move (MovePiece's rules) and plays it.
    fn apply(&mut self, mover: Colour, line: &str) -> Result<Applied, String> {
        let (x, y, (dx, dy), n) = parse_move(line)?;
        if !on_board(x, y) {
            return Err(format!("({x},{y}) is off the board"));
        }
        let (owner, piece) =
            self.cells[y as usize][x as usize].ok_or_else(|| format!("no piece on ({x},{y})"))?;
        if owner != mover {
            return Err(format!("({x},{y}) holds an enemy piece"));
        }
        if !movable(piece) {
            return Err(format!("{piece:?} on ({x},{y}) cannot move"));
        }
        if n < 1 {
            return Err(format!("distance {n}"));
        }
        if n > 1 && piece != '9' {
            return Err(format!(
                "{piece:?} is not a scout and cannot move {n} squares"
            ));
        }
        for step in 1..=n {
            let (sx, sy) = (x + dx * step, y + dy * step);
            if !on_board(sx, sy) {
                return Err(format!("({sx},{sy}) is off the board"));
            }
            if is_lake(sx, sy) {
                return Err(format!("({sx},{sy}) is a lake"));
            }
            if step < n && self.cells[sy as usize][sx as usize].is_some() {
                return Err(format!("the scout's path is blocked at ({sx},{sy})"));
            }
        }
        let (tx, ty) = ((x + dx * n) as usize, (y + dy * n) as usize);
        let attacker = (mover, piece);
        self.cells[y as usize][x as usize] = None;
        let applied = match self.cells[ty][tx] {
            None => {
                self.cells[ty][tx] = Some(attacker);
                Applied {
                    outcome: "OK".to_string(),
                    flag_taken: false,
                }
            }
            Some((defender_owner, _)) if defender_owner == mover => {
                self.cells[y as usize][x as usize] = Some(attacker);
                return Err(format!("({tx},{ty}) holds its own piece"));
            }
            Some((_, defender)) => {
                let attacker_wins = (piece == 's' && defender == '1')
                    || (piece == '8' && defender == 'B')
                    || strength(piece) > strength(defender);
                let outcome = if attacker_wins {
                    self.cells[ty][tx] = Some(attacker);
                    "KILLS"
                } else if strength(piece) == strength(defender) {
                    self.cells[ty][tx] = None;
                    "BOTHDIE"
                } else {
                    "DIES"
                };
                Applied {
                    outcome: format!("{outcome} {piece} {defender}"),
                    flag_taken: defender == 'F',
                }
            }
        };
        Ok(applied)
    }
}

/// `X Y DIR [N]`, written exactly so: single spaces, nothing else.
fn parse_move(line: &str) -> Result<(i32, i32, (i32, i32), i32), String> {
    let tokens: Vec<&str> = line.split(' ').collect();
    if !(3..=4).contains(&tokens.len()) {
        return Err("not `X Y DIR [N]`".to_string());
    }
    let number = |token: &str| {
        token
            .parse::<i32>()
            .map_err(|_| format!("{token:?} is not a number"))
    };
    let x = number(tokens[0])?;
    let y = number(tokens[1])?;
    let direction = match tokens[2] {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        other => return Err(format!("{other:?} is not a direction")),
    };
    let n = match tokens.get(3) {
        Some(&token) => number(token)?,
        None => 1,
    };
    let mut canonical = format!("{x} {y} {}", tokens[2]);
    if tokens.len() == 4 {
        canonical.push_str(&format!(" {n}"));
    }
    if canonical != line {
        return Err(
            "not written as `X Y DIR [N]` with single spaces and plain numbers".to_string(),
        );
    }
    Ok((x, y, direction, n))
}

/// Reads and checks a bot's 4 setup rows.
fn read_setup(bot: &mut Bot) -> Vec<String> {
    let mut rows = Vec::new();
    for i in 1..=4 {
        rows.push(bot.recv(&format!("setup row {i}")));
    }
    if let Err(problem) = check_setup(&rows) {
        bot.fail(&format!("invalid setup {rows:?}: {problem}"));
    }
    rows
}

// ---------------------------------------------------------------------------
// A whole game
// ---------------------------------------------------------------------------

#[derive(Debug, PartialEq)]
enum Ending {
    FlagTaken {
        by: Colour,
    },
    /// A side has no movable piece left: the other wins, or neither.
    Attrition {
        winner: Option<Colour>,
    },
    Surrender {
        by: Colour,
    },
    TurnLimit,
}

struct Game {
    ending: Ending,
    result: String,
    plies: u32,
    setups: [Vec<String>; 2],
}

/// Plays `red` (botA) against `blue` (botB) as the manager does and sends both
/// `QUIT <result>`; both must then exit 0.
fn play_game(red: (&str, u64), blue: (&str, u64)) -> Game {
    play_game_with(red, blue, &[], &mut || {})
}

/// `play_game`, RED started with `red_extra` arguments as well, and
/// `before_quit` run once the game is over, before either bot hears `QUIT`.
fn play_game_with(
    red: (&str, u64),
    blue: (&str, u64),
    red_extra: &[&str],
    before_quit: &mut dyn FnMut(),
) -> Game {
    let names = ["botA", "botB"];
    let mut bots = [
        Bot::ucc_with("botA as RED", red.0, red.1, red_extra),
        Bot::ucc("botB as BLUE", blue.0, blue.1),
    ];
    bots[0].send("RED botB 10 10");
    bots[1].send("BLUE botA 10 10");
    let setups = [read_setup(&mut bots[0]), read_setup(&mut bots[1])];
    let mut board = Board::new();
    board.place(Colour::Red, &setups[0]);
    board.place(Colour::Blue, &setups[1]);

    let mut turn = 1u32;
    let mut plies = 0u32;
    let mut log: Vec<String> = Vec::new();
    let mut mover = Colour::Red;
    bots[0].send("START");
    bots[0].send_board(&board, Colour::Red);
    let (ending, on_turn) = loop {
        let (m, o) = (mover.index(), mover.other().index());
        let line = bots[m].recv(&format!("a move on turn {turn}"));
        if line == "SURRENDER" {
            break (Ending::Surrender { by: mover }, mover);
        }
        let applied = match board.apply(mover, &line) {
            Ok(applied) => applied,
            Err(problem) => {
                let recent = log[log.len().saturating_sub(8)..].join("\n");
                bots[m].fail(&format!(
                    "illegal move {line:?} on turn {turn}: {problem}\n\
                     --- last plies ---\n{recent}\n--- board ---\n{}",
                    board.render()
                ))
            }
        };
        plies += 1;
        log.push(format!(
            "{turn} {}: {line} {}",
            mover.word(),
            applied.outcome
        ));
        // A move that takes the flag gets no echo: QUIT comes instead.
        if applied.flag_taken {
            break (Ending::FlagTaken { by: mover }, mover);
        }
        let echo = format!("{line} {}", applied.outcome);
        bots[m].send(&echo);
        // Attrition: QUIT comes after the opponent's move line, before the board.
        let attrition = match (
            board.has_movable(Colour::Red),
            board.has_movable(Colour::Blue),
        ) {
            (true, true) => None,
            (false, false) => Some(None),
            (true, false) => Some(Some(Colour::Red)),
            (false, true) => Some(Some(Colour::Blue)),
        };
        if let Some(winner) = attrition {
            bots[o].send(&echo);
            break (Ending::Attrition { winner }, mover);
        }
        // The turn limit: QUIT comes after BLUE's echo.
        if mover == Colour::Blue {
            turn += 1;
            if turn >= MAX_TURNS {
                break (Ending::TurnLimit, mover);
            }
        }
        bots[o].send(&echo);
        bots[o].send_board(&board, mover.other());
        mover = mover.other();
    };

    let (who, outcome) = match ending {
        Ending::FlagTaken { by } => (by, "VICTORY"),
        Ending::Attrition {
            winner: Some(winner),
        } => (winner, "VICTORY"),
        Ending::Attrition { winner: None } => (on_turn, "DRAW"),
        Ending::Surrender { by } => (by, "SURRENDER"),
        Ending::TurnLimit => (on_turn, "DRAW_DEFAULT"),
    };
    let result = format!(
        "{} {} {outcome} {turn} {} {}",
        names[who.index()],
        who.word(),
        board.value(Colour::Red),
        board.value(Colour::Blue)
    );
    before_quit();
    let quit = format!("QUIT {result}");
    for bot in &mut bots {
        bot.send(&quit);
    }
    for bot in &mut bots {
        bot.expect_clean_quit(&format!("game {red:?} vs {blue:?}"));
    }
    Game {
        ending,
        result,
        plies,
        setups,
    }
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[test]
fn two_bots_play_a_whole_game_through_the_protocol() {
    let pairings = [
        (("random", 11), ("expert", 12)),
        (("heuristic", 21), ("best", 22)),
        (("expert", 31), ("random", 32)),
    ];
    for (red, blue) in pairings {
        let game = play_game(red, blue);
        println!(
            "{red:?} vs {blue:?}: {:?} after {} plies, result {}",
            game.ending, game.plies, game.result
        );
        for (colour, rows) in [Colour::Red, Colour::Blue].iter().zip(&game.setups) {
            assert_eq!(check_setup(rows), Ok(()), "{colour:?}'s setup {rows:?}");
        }
        assert!(game.plies <= 2 * (MAX_TURNS - 1), "{} plies", game.plies);
        if game.ending == Ending::TurnLimit {
            assert_eq!(game.plies, 2 * (MAX_TURNS - 1), "the turn limit came early");
        }
    }
}

/// The manager kills both bots microseconds after its `QUIT`, so a bot
/// given `--memory` has written what the game showed of its opponent by
/// the time the game ends, before `QUIT` comes: one game, by the name the
/// colour line gave the opponent.
#[test]
fn a_bot_with_a_memory_has_written_it_before_quit() {
    let dir = common::fresh_dir("ucc-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("memory.json");
    let path = file.to_str().unwrap();
    let mut written = String::new();
    play_game_with(
        ("random", 41),
        ("random", 42),
        &["--memory", path],
        &mut || written = std::fs::read_to_string(&file).unwrap_or_default(),
    );
    let memory: serde_json::Value = serde_json::from_str(&written)
        .unwrap_or_else(|e| panic!("no memory written before QUIT ({e}): {written:?}"));
    let classic = &memory["opponents"]["botB"]["variants"][0];
    assert_eq!(classic["variant"], "classic", "{memory}");
    assert_eq!(classic["games"], 1, "{memory}");
    assert!(
        classic["seen"]
            .as_array()
            .is_some_and(|seen| !seen.is_empty()),
        "{memory}"
    );
}

/// A bot's setup as `colour`, after which it gets `QUIT x` and exits 0.
fn setup_of(level: &str, seed: u64, colour: Colour) -> Vec<String> {
    let mut bot = Bot::ucc(&format!("bot as {}", colour.word()), level, seed);
    bot.send(&format!("{} x 10 10", colour.word()));
    let rows = read_setup(&mut bot);
    bot.send("QUIT x");
    bot.expect_clean_quit("setup only");
    rows
}

#[test]
fn setups_vary_between_games() {
    let first = setup_of("expert", 1, Colour::Red);
    let second = setup_of("expert", 2, Colour::Red);
    assert_ne!(first, second, "seeds 1 and 2 gave the same setup");
    assert_eq!(
        first,
        setup_of("expert", 1, Colour::Red),
        "seed 1 twice gave different setups"
    );
    let blue = setup_of("expert", 3, Colour::Blue);
    assert_eq!(
        blue,
        setup_of("expert", 3, Colour::Blue),
        "seed 3 as BLUE twice differed"
    );
}

#[test]
fn a_malformed_line_gets_a_message_and_a_clean_exit() {
    // (a) An unknown colour.
    let mut bot = Bot::ucc("bot told PURPLE", "random", 1);
    bot.send("PURPLE x 10 10");
    bot.expect_rejection("colour PURPLE");

    // (b) A board line of the wrong length.
    let mut bot = Bot::ucc("bot as RED", "heuristic", 2);
    bot.send("RED x 10 10");
    let rows = read_setup(&mut bot);
    let mut board = Board::new();
    board.place(Colour::Red, &rows);
    board.place(Colour::Blue, &fixed_setup(Colour::Blue));
    bot.send("START");
    let view = board.view(Colour::Red);
    bot.send(&view[0]);
    bot.send(&view[1][..7]);
    bot.expect_rejection("a 7-character board line");

    // (c) An opponent's move with a bad direction.
    let mut bot = Bot::ucc("bot as BLUE", "expert", 3);
    bot.send("BLUE x 10 10");
    read_setup(&mut bot);
    bot.send("0 3 SIDEWAYS OK");
    bot.expect_rejection("direction SIDEWAYS");

    // (d) An opponent's move from a square with no enemy piece.
    let mut bot = Bot::ucc("bot as BLUE", "best", 4);
    bot.send("BLUE x 10 10");
    read_setup(&mut bot);
    bot.send("5 5 DOWN OK");
    bot.expect_rejection("a move from the empty square (5,5)");

    // (e) End of input right after the colour line: the setup, then exit 1.
    let mut bot = Bot::ucc("bot as RED", "random", 5);
    bot.send("RED x 10 10");
    bot.close_stdin();
    read_setup(&mut bot);
    bot.expect_rejection("end of input after the colour line");

    // (f) End of input while BLUE waits for RED's first move.
    let mut bot = Bot::ucc("bot as BLUE", "expert", 6);
    bot.send("BLUE x 10 10");
    read_setup(&mut bot);
    bot.close_stdin();
    bot.expect_rejection("end of input before RED's first move");
}

#[test]
fn quit_can_come_in_place_of_any_line() {
    let quit = "QUIT botB BLUE SURRENDER 1 148 148";

    // RED: in place of START.
    let mut bot = Bot::ucc("bot as RED", "expert", 7);
    bot.send("RED botB 10 10");
    read_setup(&mut bot);
    bot.send(quit);
    bot.expect_clean_quit("RED, QUIT in place of START");

    // BLUE: in place of RED's first move.
    let mut bot = Bot::ucc("bot as BLUE", "expert", 8);
    bot.send("BLUE botA 10 10");
    read_setup(&mut bot);
    bot.send(quit);
    bot.expect_clean_quit("BLUE, QUIT in place of RED's first move");

    // RED: in place of the echo of its own move, then (another game) in place
    // of BLUE's move after the echo.
    for after_echo in [false, true] {
        let case = if after_echo {
            "RED, QUIT in place of BLUE's move"
        } else {
            "RED, QUIT in place of its move's echo"
        };
        let mut bot = Bot::ucc("bot as RED", "heuristic", 9);
        bot.send("RED botB 10 10");
        let rows = read_setup(&mut bot);
        let mut board = Board::new();
        board.place(Colour::Red, &rows);
        board.place(Colour::Blue, &fixed_setup(Colour::Blue));
        bot.send("START");
        bot.send_board(&board, Colour::Red);
        let line = bot.recv("RED's first move");
        if line != "SURRENDER" {
            match board.apply(Colour::Red, &line) {
                Ok(applied) if after_echo => bot.send(&format!("{line} {}", applied.outcome)),
                Ok(_) => {}
                Err(problem) => bot.fail(&format!("illegal first move {line:?}: {problem}")),
            }
        }
        bot.send(quit);
        bot.expect_clean_quit(case);
    }

    // BLUE: after RED's move line and before the board; in place of the echo
    // of its own move.
    for before_board in [true, false] {
        let case = if before_board {
            "BLUE, QUIT after RED's move line, before the board"
        } else {
            "BLUE, QUIT in place of its move's echo"
        };
        let mut bot = Bot::ucc("bot as BLUE", "random", 10);
        bot.send("BLUE botA 10 10");
        let rows = read_setup(&mut bot);
        let mut board = Board::new();
        board.place(Colour::Red, &fixed_setup(Colour::Red));
        board.place(Colour::Blue, &rows);
        let red_move = "0 3 DOWN";
        let applied = board
            .apply(Colour::Red, red_move)
            .expect("the scripted RED move is legal");
        bot.send(&format!("{red_move} {}", applied.outcome));
        if !before_board {
            bot.send_board(&board, Colour::Blue);
            let line = bot.recv("BLUE's first move");
            if line != "SURRENDER"
                && let Err(problem) = board.apply(Colour::Blue, &line)
            {
                bot.fail(&format!("illegal first move {line:?}: {problem}"));
            }
        }
        bot.send(quit);
        bot.expect_clean_quit(case);
    }
}

#[test]
fn the_strongest_level_is_named_in_help() {
    let mut help = Bot::spawn("ucc-bot --help", &["ucc-bot", "--help"]);
    help.close_stdin();
    let done = help.finish();
    assert_eq!(
        done.status.code(),
        Some(0),
        "--help failed: {}",
        done.stderr
    );
    // Collapsed whitespace, in case the help text is wrapped.
    let text = done
        .rest
        .concat()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let strongest = flagfall::ai::Level::STRONGEST.name();
    assert!(
        text.contains(&format!("the strongest level is {strongest}")),
        "ucc-bot --help does not name the strongest level:\n{}",
        done.rest.concat()
    );
}

#[test]
fn the_managers_rules_in_this_test_are_the_documented_ones() {
    // The test's own manager, checked against the protocol document's examples.
    for colour in [Colour::Red, Colour::Blue] {
        assert_eq!(check_setup(&fixed_setup(colour)), Ok(()));
    }
    let mut board = Board::new();
    board.place(Colour::Red, &fixed_setup(Colour::Red));
    board.place(Colour::Blue, &fixed_setup(Colour::Blue));
    assert_eq!(board.value(Colour::Red), 148);
    assert_eq!(board.view(Colour::Red)[4], "..++..++..");
    assert_eq!(board.view(Colour::Red)[6], "##########");
    assert_eq!(board.view(Colour::Blue)[6], "99999999sB");
    // A scout runs down the open first file and attacks in the same move.
    let applied = board
        .apply(Colour::Red, "0 3 DOWN 3")
        .expect("legal scout move");
    assert_eq!(applied.outcome, "BOTHDIE 9 9");
    // Through a lake, off the board, a bomb, a long non-scout move, sloppy text.
    assert!(board.apply(Colour::Red, "2 3 DOWN").is_err());
    assert!(board.apply(Colour::Red, "0 0 UP").is_err());
    assert!(board.apply(Colour::Red, "9 3 DOWN").is_err());
    assert!(board.apply(Colour::Red, "1 2 DOWN 2").is_err());
    assert!(board.apply(Colour::Red, "1 3  DOWN").is_err());
    assert!(board.apply(Colour::Red, "1 3 DOWN\r").is_err());
    assert!(board.apply(Colour::Blue, "1 3 DOWN").is_err());
    // Spy takes marshal, miner takes bomb, anything else dies on a bomb.
    let mut board = Board::new();
    board.cells[0][0] = Some((Colour::Red, 's'));
    board.cells[0][1] = Some((Colour::Blue, '1'));
    board.cells[1][0] = Some((Colour::Red, '8'));
    board.cells[2][0] = Some((Colour::Blue, 'B'));
    board.cells[1][1] = Some((Colour::Red, '2'));
    board.cells[2][1] = Some((Colour::Blue, 'B'));
    assert_eq!(
        board.apply(Colour::Red, "0 0 RIGHT").unwrap().outcome,
        "KILLS s 1"
    );
    assert_eq!(
        board.apply(Colour::Red, "0 1 DOWN").unwrap().outcome,
        "KILLS 8 B"
    );
    assert_eq!(
        board.apply(Colour::Red, "1 1 DOWN").unwrap().outcome,
        "DIES 2 B"
    );
    assert_eq!(board.cells[1][1], None);
    assert_eq!(board.cells[2][1], Some((Colour::Blue, 'B')));
}
