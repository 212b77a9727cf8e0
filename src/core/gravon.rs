//! Gravon game records (XML, one game a file): classic, barrage, duell,
//! classicfree and ultimate lightning, replayed by Gravon's rules of the
//! month they were played in. The field is 100 characters, square (row-1)*10 + column;
//! moves name columns A..K without J and write row 10 as ':'.

use super::deal::Deal;
use super::game::Game;
use super::moves::{Action, DrawReason, IllegalMove, Move, Outcome, WinReason};
use super::options::{GameOptions, QuietPlies, StuckRule, TwoSquares};
use super::piece::Piece;
use super::replay::{RecordVerdict, Replay};
use super::setup::{Placement, Setup};
use super::side::Side;
use super::square::Square;
use super::variant::{Variant, builtin_variant};
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GravonMove {
    pub number: usize,
    pub source: String,
    pub target: String,
    /// An Ultimate Lightning rescue made with this move.
    pub rescue: Option<GravonRescue>,
}

/// `<rescue rescuefield rescuepiece>` inside a `<move>`: the square the
/// piece came back to, and the piece as a field letter's place in the
/// alphabet (`A` 0): Red's letters, or either side's in the older records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GravonRescue {
    pub square: String,
    pub piece: u32,
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

/// The Gravon piece letters for Red, weakest to strongest special order as
/// the archive uses (Blue's are the same twelve from `N`).
pub const RED_LETTERS: &str = "BCDEFGHIJKLM";
/// The classic kinds the letters stand for, in the letters' order.
pub const KIND_KEYS: [&str; 12] = [
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

/// Why a Gravon record cannot be read, set up or replayed. The texts of
/// quick-xml's errors are kept as it words them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GravonError {
    // Reading the XML (`parse`).
    /// The XML itself is broken, at this byte.
    Xml {
        at: u64,
        error: String,
    },
    Attribute(String),
    AttributeValue {
        name: String,
        error: String,
    },
    NoGame,
    NoField,
    FieldWithoutContent,
    MoveId(String),
    MoveWithoutSource,
    MoveWithoutTarget,
    RescueWithoutField,
    RescueWithoutPiece,
    RescuePiece(String),
    RescueBeforeMove,
    ResultWithout(&'static str),
    ResultNotANumber {
        name: &'static str,
        value: String,
    },
    // A square of a move or a rescue (`parse_square`).
    NotASquare(String),
    // The setups in the field.
    /// The field's length is not the board's square count.
    FieldSize {
        found: usize,
        expected: usize,
    },
    /// The field's `number`th character (from 1) is no piece letter.
    NotAPiece {
        number: usize,
        square: Square,
        letter: char,
    },
    /// The variant (its data name) has no kind of this key.
    NoSuchKind {
        variant: String,
        key: &'static str,
    },
    // A rescue made with a move.
    RescueNotEarned,
    /// `rescuepiece` is no piece letter's place (1 to 24).
    RescueNamesNoPiece(u32),
    NothingToRescue {
        side: Side,
        key: &'static str,
    },
    /// The rules refuse the rescue the record made.
    RescueRefused(IllegalMove),
}

impl fmt::Display for GravonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            GravonError::Xml { at, error } => crate::tr!("XML error at byte {}: {}", at, error),
            GravonError::Attribute(error) => crate::tr!("bad attribute: {}", error),
            GravonError::AttributeValue { name, error } => {
                crate::tr!("bad attribute {}: {}", name, error)
            }
            GravonError::NoGame => crate::tr!("no <game> element"),
            GravonError::NoField => crate::tr!("no <field> with the setup"),
            GravonError::FieldWithoutContent => crate::tr!("<field> has no content"),
            GravonError::MoveId(id) => crate::tr!("move id \"{}\" is not a number", id),
            GravonError::MoveWithoutSource => crate::tr!("a <move> has no source"),
            GravonError::MoveWithoutTarget => crate::tr!("a <move> has no target"),
            GravonError::RescueWithoutField => crate::tr!("a <rescue> has no rescuefield"),
            GravonError::RescueWithoutPiece => crate::tr!("a <rescue> has no rescuepiece"),
            GravonError::RescuePiece(piece) => {
                crate::tr!("rescuepiece \"{}\" is not a number", piece)
            }
            GravonError::RescueBeforeMove => crate::tr!("a <rescue> comes before any <move>"),
            GravonError::ResultWithout(name) => crate::tr!("<result> has no {}", name),
            GravonError::ResultNotANumber { name, value } => {
                crate::tr!("result {} \"{}\" is not a number", name, value)
            }
            GravonError::NotASquare(text) => {
                crate::tr!("\"{}\" is not a Gravon square (A..K, then 1..9 or :)", text)
            }
            GravonError::FieldSize { found, expected } => {
                crate::tr!("the field has {} squares, not {}", found, expected)
            }
            GravonError::NotAPiece {
                number,
                square,
                letter,
            } => crate::tr!(
                "field square {} ({}) holds '{}', which is no piece",
                number,
                square,
                letter
            ),
            GravonError::NoSuchKind { variant, key } => {
                crate::tr!("{} has no {}", crate::i18n::translate(variant), key)
            }
            GravonError::RescueNotEarned => {
                crate::tr!("the record rescues a piece, but this move earns no rescue")
            }
            GravonError::RescueNamesNoPiece(n) => crate::tr!("rescuepiece {} names no piece", n),
            GravonError::NothingToRescue { side, key } => {
                crate::tr!("{} has no captured {} to rescue", side, key)
            }
            GravonError::RescueRefused(e) => crate::tr!("the rescue: {}", e),
        };
        f.write_str(&text)
    }
}

pub fn parse(text: &str) -> Result<GravonGame, GravonError> {
    let mut reader = Reader::from_str(text);
    let mut game = GravonGame {
        game_type: String::new(),
        field: String::new(),
        moves: Vec::new(),
        result: None,
    };
    let mut saw_game = false;
    loop {
        let event = reader.read_event().map_err(|e| GravonError::Xml {
            at: reader.error_position(),
            error: e.to_string(),
        })?;
        match event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                "game" => {
                    saw_game = true;
                    game.game_type = attribute(&e, "type")?.unwrap_or_default();
                }
                "field" => {
                    game.field =
                        attribute(&e, "content")?.ok_or(GravonError::FieldWithoutContent)?
                }
                "move" => {
                    let number = match attribute(&e, "id")? {
                        Some(id) => id.parse().map_err(|_| GravonError::MoveId(id))?,
                        None => game.moves.len() + 1,
                    };
                    let source = attribute(&e, "source")?.ok_or(GravonError::MoveWithoutSource)?;
                    let target = attribute(&e, "target")?.ok_or(GravonError::MoveWithoutTarget)?;
                    game.moves.push(GravonMove {
                        number,
                        source,
                        target,
                        rescue: None,
                    });
                }
                "rescue" => {
                    let square =
                        attribute(&e, "rescuefield")?.ok_or(GravonError::RescueWithoutField)?;
                    let piece =
                        attribute(&e, "rescuepiece")?.ok_or(GravonError::RescueWithoutPiece)?;
                    let piece = piece.parse().map_err(|_| GravonError::RescuePiece(piece))?;
                    let last = game.moves.last_mut().ok_or(GravonError::RescueBeforeMove)?;
                    last.rescue = Some(GravonRescue { square, piece });
                }
                "result" => {
                    let number = |name: &'static str| -> Result<u32, GravonError> {
                        let value = attribute(&e, name)?.ok_or(GravonError::ResultWithout(name))?;
                        value
                            .parse()
                            .map_err(|_| GravonError::ResultNotANumber { name, value })
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
        return Err(GravonError::NoGame);
    }
    // A game that ended before anyone set up (a resignation or time-out)
    // has a result and neither setup nor moves: `replay` says it never
    // started. A record with moves needs the setup they start from.
    if game.field.is_empty() && (!game.moves.is_empty() || game.result.is_none()) {
        return Err(GravonError::NoField);
    }
    Ok(game)
}

fn attribute(element: &BytesStart, name: &str) -> Result<Option<String>, GravonError> {
    for attr in element.attributes() {
        let attr = attr.map_err(|e| GravonError::Attribute(e.to_string()))?;
        if attr.key.as_ref() == name {
            let value = attr
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| GravonError::AttributeValue {
                    name: name.to_string(),
                    error: e.to_string(),
                })?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

/// A square in move notation: "A1".."K:". The tenth column is also read
/// as `J`: the Ultimate Lightning records write it so in a move that
/// rescues a piece, as A..J would (all 9 such moves, e.g.
/// ultimate-lightning-2014.3-1482 move 65, "J9"-"J:" right after Red's
/// piece stepped onto K9, and move 96, "J2"-"J1" after Blue's onto K2),
/// and `J` names no other column.
pub fn parse_square(text: &str) -> Result<Square, GravonError> {
    let bad = || GravonError::NotASquare(text.to_string());
    let mut chars = text.chars();
    let col = match chars.next() {
        Some('J') => Some(9),
        c => c.and_then(|c| COLUMNS.find(c)),
    }
    .ok_or_else(bad)?;
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

/// The rules a Gravon record was played under; `check-games` may override each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GravonRules {
    pub two_squares: TwoSquares,
    /// The looser two-squares limit some games of the time were still
    /// played under: a record that breaks `two_squares` is replayed with it.
    pub two_squares_also: Option<TwoSquares>,
    pub quiet_plies: QuietPlies,
    pub stuck: StuckRule,
}

/// The first month whose records show Gravon's three-move two-squares rule
/// (docs/rules.md, "Gravon's rules"): from then on 13,331 of the 13,339 classic,
/// barrage and duell records never move a piece a 4th time between two
/// squares, while before it a third of them do, up to 5 times, never 6.
pub const THREE_MOVE_RULE_FROM: (u16, u8) = (2013, 10);

impl GravonRules {
    /// Gravon's rules in the month a game was played: no quiet-ply draw, a
    /// side that cannot move loses as soon as any move leaves it so, and the
    /// two-squares limit of the time: 5 before `THREE_MOVE_RULE_FROM` and
    /// for records without a date, whose limit is unknown (the looser one
    /// refuses no game played under the stricter); 3 from then on, or 5
    /// for a record that moves a piece a 4th time (the other 8 records:
    /// they go to 4 and 5 and never 6, as the older games did, so some
    /// games were still played under the old limit, and a record does not
    /// say which).
    pub fn of_month(played: Option<(u16, u8)>) -> GravonRules {
        let (limit, also) = match played {
            Some(month) if month >= THREE_MOVE_RULE_FROM => (3, Some(TwoSquares::Limit(5))),
            _ => (5, None),
        };
        GravonRules {
            two_squares: TwoSquares::Limit(limit),
            two_squares_also: also,
            quiet_plies: QuietPlies::Off,
            stuck: StuckRule::AfterAnyMove,
        }
    }
}

/// The year and month in a Gravon archive file name such as
/// `classic-2006.7-3300.xml`.
pub fn month_played(file_name: &str) -> Option<(u16, u8)> {
    file_name.split('-').find_map(|part| {
        let (year, month) = part.split_once('.')?;
        let year: u16 = year.parse().ok()?;
        let month: u8 = month.parse().ok()?;
        ((1990..=2100).contains(&year) && (1..=12).contains(&month)).then_some((year, month))
    })
}

/// The built-in variant a Gravon game type is played as, and whether its
/// armies may be any part of the classic army (free setup).
fn variant_of(game_type: &str) -> Option<(&'static str, bool)> {
    Some(match game_type {
        "classic" => ("classic", false),
        "classicfree" | "free" => ("free", true),
        "barrage" => ("barrage", false),
        "duell" => ("duell", false),
        "ultimate lightning" | "ultimate-lightning" | "ultimatelightning" => {
            ("ultimate-lightning", false)
        }
        _ => return None,
    })
}

/// Both setups of a record, as the field gives them.
fn setups(record: &GravonGame, variant: &Variant) -> Result<[Setup; 2], GravonError> {
    let cells: Vec<char> = record.field.chars().collect();
    let size = variant.board.columns as usize * variant.board.rows as usize;
    if cells.len() != size {
        return Err(GravonError::FieldSize {
            found: cells.len(),
            expected: size,
        });
    }
    let mut setups = [Setup::new(Side::Red), Setup::new(Side::Blue)];
    for (i, c) in cells.into_iter().enumerate() {
        let square = Square::new((i % 10) as u8, (i / 10) as u8);
        let (side, letter) = match c {
            'A' | '_' => continue,
            'B'..='M' => (Side::Red, c),
            'N'..='Y' => (Side::Blue, (c as u8 - b'N' + b'B') as char),
            _ => {
                return Err(GravonError::NotAPiece {
                    number: i + 1,
                    square,
                    letter: c,
                });
            }
        };
        let key = KIND_KEYS[RED_LETTERS.find(letter).expect("letter in range")];
        let kind = variant
            .kind_by_key(key)
            .ok_or_else(|| GravonError::NoSuchKind {
                variant: variant.name.clone(),
                key,
            })?;
        setups[side.index()].placements.push(Placement {
            square,
            piece: Piece::new(kind),
        });
    }
    Ok(setups)
}

/// The sides whose setup in the record is not the variant's whole army.
fn unfinished_setups(variant: &Variant, setups: &[Setup; 2]) -> Vec<Side> {
    Side::BOTH
        .into_iter()
        .filter(|side| {
            variant.kind_ids().any(|kind| {
                let placed = setups[side.index()]
                    .placements
                    .iter()
                    .filter(|p| p.piece.kind == kind)
                    .count();
                placed != variant.kind(kind).count as usize
            })
        })
        .collect()
}

/// Builds the game a Gravon record starts from. `Err` is the verdict on a
/// record that cannot start: unreadable, or a setup the rules refuse.
pub fn start(record: &GravonGame, rules: &GravonRules) -> Result<Game, RecordVerdict> {
    let unreadable = |reason: String| RecordVerdict::Unreadable { reason };
    let (variant_id, free) = variant_of(&record.game_type)
        .ok_or_else(|| unreadable(crate::tr!("unknown game type \"{}\"", record.game_type)))?;
    let variant = builtin_variant(variant_id)
        .ok_or_else(|| unreadable(crate::tr!("built-in variant missing")))?;
    let mut options = GameOptions::defaults(&variant);
    options.check_army = !free;
    options.two_squares = rules.two_squares;
    options.quiet_plies = rules.quiet_plies;
    options.stuck = rules.stuck;
    let [red, blue] = setups(record, &variant).map_err(|e| unreadable(e.to_string()))?;
    Game::new(variant, options, (Deal::Fixed, red), (Deal::Fixed, blue)).map_err(|e| {
        RecordVerdict::Illegal {
            move_number: 0,
            reason: e.to_string(),
        }
    })
}

/// Replays a record and compares its stated ending with the engine's.
pub fn replay(record: &GravonGame, rules: &GravonRules) -> Replay {
    let (replay, broke_two_squares) = replay_under(record, rules);
    match rules.two_squares_also {
        Some(looser) if broke_two_squares => {
            let looser = GravonRules {
                two_squares: looser,
                two_squares_also: None,
                ..*rules
            };
            replay_under(record, &looser).0
        }
        _ => replay,
    }
}

/// `replay` under one two-squares limit; also whether the record broke it.
fn replay_under(record: &GravonGame, rules: &GravonRules) -> (Replay, bool) {
    if record.moves.is_empty()
        && let Some(verdict) = never_started(record)
    {
        return (
            Replay {
                game: None,
                verdict,
            },
            false,
        );
    }
    let mut game = match start(record, rules) {
        Ok(game) => game,
        Err(verdict) => {
            return (
                Replay {
                    game: None,
                    verdict,
                },
                false,
            );
        }
    };
    let mut broke_two_squares = false;
    let mut ended_at = 0;
    for m in &record.moves {
        let illegal = |reason: String| RecordVerdict::Illegal {
            move_number: m.number,
            reason,
        };
        let problem = if let Some(outcome) = game.position().outcome() {
            Some(illegal(crate::tr!(
                "the game was already over after move {}: {}",
                ended_at,
                outcome
            )))
        } else {
            match (parse_square(&m.source), parse_square(&m.target)) {
                (Ok(from), Ok(to)) => game.play(Action::Move(Move::new(from, to))).err().map(|e| {
                    broke_two_squares = matches!(e, IllegalMove::TwoSquares { .. });
                    illegal(crate::tr!("{}: {}", Move::new(from, to), e))
                }),
                (Err(e), _) | (_, Err(e)) => Some(illegal(e.to_string())),
            }
        };
        if let Some(verdict) = problem {
            return (
                Replay {
                    game: Some(game),
                    verdict,
                },
                broke_two_squares,
            );
        }
        // A rescue the engine offers is declined unless the move records one.
        let rescue = match &m.rescue {
            Some(rescue) => Some(rescue_action(&game, rescue)),
            None => game
                .position()
                .pending_rescue()
                .map(|_| Ok(Action::SkipRescue)),
        };
        if let Some(Err(e)) = rescue.map(|action| {
            action.and_then(|action| {
                game.play(action)
                    .map(|_| ())
                    .map_err(GravonError::RescueRefused)
            })
        }) {
            return (
                Replay {
                    game: Some(game),
                    verdict: RecordVerdict::Illegal {
                        move_number: m.number,
                        reason: e.to_string(),
                    },
                },
                false,
            );
        }
        ended_at = m.number;
    }
    let last = record.moves.last().map_or(0, |m| m.number);
    let engine = game.position().outcome();
    let verdict = match stated_mismatch(record.result, engine) {
        None => RecordVerdict::Ok,
        Some(reason) => RecordVerdict::ResultMismatch {
            move_number: last,
            reason,
        },
    };
    (
        Replay {
            game: Some(game),
            verdict,
        },
        false,
    )
}

/// The rescue a record's move made, as the engine's action.
fn rescue_action(game: &Game, rescue: &GravonRescue) -> Result<Action, GravonError> {
    let position = game.position();
    let side = position
        .pending_rescue()
        .ok_or(GravonError::RescueNotEarned)?
        .side;
    let to = parse_square(&rescue.square)?;
    let letter = match rescue.piece {
        n @ 1..=12 => n - 1,
        n @ 13..=24 => n - 13,
        n => return Err(GravonError::RescueNamesNoPiece(n)),
    };
    let key = KIND_KEYS[letter as usize];
    let variant = position.variant();
    position
        .captured(side)
        .find(|id| variant.kind(position.piece(*id).piece.kind).key == key)
        .map(|piece| Action::Rescue { piece, to })
        .ok_or(GravonError::NothingToRescue { side, key })
}

/// Replays a record and compares its stated ending with the engine's.
pub fn check(record: &GravonGame, rules: &GravonRules) -> RecordVerdict {
    replay(record, rules).verdict
}

/// The verdict on a record without moves whose setup was never finished,
/// or never begun (a time-out or resignation while setting up): not
/// started, if the stated result agrees. `None` when the setups are whole
/// (or cannot be read).
fn never_started(record: &GravonGame) -> Option<RecordVerdict> {
    let (variant_id, _) = variant_of(&record.game_type)?;
    let variant = builtin_variant(variant_id)?;
    let why = if record.field.is_empty() {
        crate::tr!("no setup was made")
    } else {
        let setups = setups(record, &variant).ok()?;
        let unfinished = unfinished_setups(&variant, &setups);
        crate::tr!("{}'s setup was never finished", unfinished.first()?)
    };
    Some(match record.result {
        None | Some((3 | 10..=14, _)) => RecordVerdict::NotStarted { reason: why },
        Some((kind, _)) => RecordVerdict::ResultMismatch {
            move_number: 0,
            reason: crate::tr!(
                "record says result type {}, but no move was made: {}",
                kind,
                why
            ),
        },
    })
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
        || crate::tr!("the game goes on after the last move"),
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
        _ => return Some(crate::tr!("unknown result type {}", kind)),
    };
    let Some(expected) = expected else {
        return Some(crate::tr!(
            "result type {} needs winner 1 or 2, not {}",
            kind,
            code
        ));
    };
    (expected != engine).then(|| {
        let stated = match expected {
            Some(outcome) => outcome.to_string(),
            None => crate::tr!("the game ended off the board (result type {})", kind),
        };
        crate::tr!("record says {}, engine says {}", stated, engine_says)
    })
}
