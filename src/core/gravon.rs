//! Gravon game records (XML, one game a file): classic, barrage, duell and
//! classicfree. The field is 100 characters, square (row-1)*10 + column;
//! moves name columns A..K without J and write row 10 as ':'.

use super::check::Verdict;
use super::deal::Deal;
use super::game::Game;
use super::moves::{Action, DrawReason, Move, Outcome, WinReason};
use super::options::{GameOptions, TwoSquares};
use super::piece::Piece;
use super::setup::{Placement, Setup};
use super::side::Side;
use super::square::Square;
use super::variant::builtin_variant;
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GravonMove {
    pub number: usize,
    pub source: String,
    pub target: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GravonGame {
    pub game_type: String,
    pub field: String,
    pub moves: Vec<GravonMove>,
    /// (type, winner) as written: type 0 no move possible, 1 flag captured,
    /// 2 both unable to move, 3 resigned, 4 agreed draw, 10-14 time-out or
    /// absence; winner 1 Red, 2 Blue, 3 draw.
    pub result: Option<(u32, u32)>,
}

/// The Gravon piece letters for Red, weakest to strongest special order as the archive uses.
const RED_LETTERS: &str = "BCDEFGHIJKLM";
const KIND_KEYS: [&str; 12] = [
    "bomb",
    "spy",
    "scout",
    "miner",
    "sergeant",
    "lieutenant",
    "captain",
    "major",
    "colonel",
    "general",
    "marshal",
    "flag",
];
const COLUMNS: &str = "ABCDEFGHIK";

pub fn parse(text: &str) -> Result<GravonGame, String> {
    let mut reader = Reader::from_str(text);
    let mut game = GravonGame {
        game_type: String::new(),
        field: String::new(),
        moves: Vec::new(),
        result: None,
    };
    let mut saw_game = false;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("XML error at byte {}: {e}", reader.error_position()))?;
        match event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                "game" => {
                    saw_game = true;
                    game.game_type = attribute(&e, "type")?.unwrap_or_default();
                }
                "field" => {
                    game.field = attribute(&e, "content")?.ok_or("<field> has no content")?
                }
                "move" => {
                    let number = match attribute(&e, "id")? {
                        Some(id) => id
                            .parse()
                            .map_err(|_| format!("move id \"{id}\" is not a number"))?,
                        None => game.moves.len() + 1,
                    };
                    let source = attribute(&e, "source")?.ok_or("a <move> has no source")?;
                    let target = attribute(&e, "target")?.ok_or("a <move> has no target")?;
                    game.moves.push(GravonMove {
                        number,
                        source,
                        target,
                    });
                }
                "result" => {
                    let number = |name: &str| -> Result<u32, String> {
                        let value =
                            attribute(&e, name)?.ok_or(format!("<result> has no {name}"))?;
                        value
                            .parse()
                            .map_err(|_| format!("result {name} \"{value}\" is not a number"))
                    };
                    game.result = Some((number("type")?, number("winner")?));
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    if !saw_game {
        return Err("no <game> element".into());
    }
    if game.field.is_empty() {
        return Err("no <field> with the setup".into());
    }
    Ok(game)
}

fn attribute(element: &BytesStart, name: &str) -> Result<Option<String>, String> {
    for attr in element.attributes() {
        let attr = attr.map_err(|e| format!("bad attribute: {e}"))?;
        if attr.key.as_ref() == name {
            let value = attr
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| format!("bad attribute {name}: {e}"))?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

/// A square in move notation: "A1".."K:".
pub fn parse_square(text: &str) -> Result<Square, String> {
    let bad = || format!("\"{text}\" is not a Gravon square (A..K without J, then 1..9 or :)");
    let mut chars = text.chars();
    let col = chars.next().and_then(|c| COLUMNS.find(c)).ok_or_else(bad)?;
    let row = match chars.as_str() {
        ":" => 9,
        digit if digit.len() == 1 => {
            digit
                .parse::<u8>()
                .ok()
                .filter(|d| *d >= 1)
                .ok_or_else(bad)?
                - 1
        }
        _ => return Err(bad()),
    };
    Ok(Square::new(col as u8, row))
}

/// Builds the game a Gravon record starts from; `two_squares` overrides the variant default.
pub fn start(record: &GravonGame, two_squares: Option<TwoSquares>) -> Result<Game, String> {
    let (variant_id, free) = match record.game_type.as_str() {
        "classic" => ("classic", false),
        "classicfree" | "free" => ("classic", true),
        "barrage" => ("barrage", false),
        "duell" => ("duell", false),
        other => return Err(format!("unknown game type \"{other}\"")),
    };
    let variant = builtin_variant(variant_id).ok_or("built-in variant missing")?;
    let mut options = GameOptions::defaults(&variant);
    options.check_army = !free;
    if let Some(rule) = two_squares {
        options.two_squares = rule;
    }
    let cells: Vec<char> = record.field.chars().collect();
    let size = variant.board.columns as usize * variant.board.rows as usize;
    if cells.len() != size {
        return Err(format!("the field has {} squares, not {size}", cells.len()));
    }
    let mut setups = [Setup::new(Side::Red), Setup::new(Side::Blue)];
    for (i, c) in cells.into_iter().enumerate() {
        let square = Square::new((i % 10) as u8, (i / 10) as u8);
        let (side, letter) = match c {
            'A' | '_' => continue,
            'B'..='M' => (Side::Red, c),
            'N'..='Y' => (Side::Blue, (c as u8 - b'N' + b'B') as char),
            _ => {
                return Err(format!(
                    "field square {} ({square}) holds '{c}', which is no piece",
                    i + 1
                ));
            }
        };
        let key = KIND_KEYS[RED_LETTERS.find(letter).expect("letter in range")];
        let kind = variant
            .kind_by_key(key)
            .ok_or_else(|| format!("{} has no {key}", variant.name))?;
        setups[side.index()].placements.push(Placement {
            square,
            piece: Piece::new(kind),
        });
    }
    let [red, blue] = setups;
    Game::new(variant, options, (Deal::Fixed, red), (Deal::Fixed, blue)).map_err(|e| e.to_string())
}

/// Replays a record and compares its stated ending with the engine's.
pub fn check(record: &GravonGame, two_squares: Option<TwoSquares>) -> Verdict {
    let mut game = match start(record, two_squares) {
        Ok(game) => game,
        Err(reason) => {
            return Verdict::Illegal {
                move_number: 0,
                reason,
            };
        }
    };
    let mut ended_at = 0;
    for m in &record.moves {
        let illegal = |reason: String| Verdict::Illegal {
            move_number: m.number,
            reason,
        };
        if let Some(outcome) = game.position().outcome() {
            return illegal(format!(
                "the game was already over after move {ended_at}: {outcome}"
            ));
        }
        let (from, to) = match (parse_square(&m.source), parse_square(&m.target)) {
            (Ok(from), Ok(to)) => (from, to),
            (Err(e), _) | (_, Err(e)) => return illegal(e),
        };
        if let Err(e) = game.play(Action::Move(Move::new(from, to))) {
            return illegal(format!("{from}-{to}: {e}"));
        }
        // Gravon has no rescue, so no action is ever pending here.
        ended_at = m.number;
    }
    let last = record.moves.last().map_or(0, |m| m.number);
    let engine = game.position().outcome();
    match stated_mismatch(record.result, engine) {
        None => Verdict::Ok,
        Some(reason) => Verdict::ResultMismatch {
            move_number: last,
            reason,
        },
    }
}

fn winner(code: u32) -> Option<Side> {
    match code {
        1 => Some(Side::Red),
        2 => Some(Side::Blue),
        _ => None,
    }
}

/// Why the stated result disagrees with the engine's outcome, if it does.
fn stated_mismatch(result: Option<(u32, u32)>, engine: Option<Outcome>) -> Option<String> {
    let (kind, code) = result?;
    let engine_says = engine.map_or_else(
        || "the game goes on after the last move".to_string(),
        |o| o.to_string(),
    );
    let expected = match kind {
        0 => winner(code).map(|w| {
            Some(Outcome::Win {
                winner: w,
                reason: WinReason::NoLegalMove,
            })
        }),
        1 => winner(code).map(|w| {
            Some(Outcome::Win {
                winner: w,
                reason: WinReason::FlagCaptured,
            })
        }),
        2 => Some(Some(Outcome::Draw {
            reason: DrawReason::BothImmobile,
        })),
        // Resignation, agreed draw, time-out, absence: the board decided nothing.
        3 | 4 | 10..=14 => Some(None),
        _ => return Some(format!("unknown result type {kind}")),
    };
    let Some(expected) = expected else {
        return Some(format!(
            "result type {kind} needs winner 1 or 2, not {code}"
        ));
    };
    (expected != engine).then(|| {
        let stated = match expected {
            Some(outcome) => outcome.to_string(),
            None => format!("the game ended off the board (result type {kind})"),
        };
        format!("record says {stated}, engine says {engine_says}")
    })
}
