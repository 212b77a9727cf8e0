//! The project's own game record (JSON), for every variant: options, deals,
//! setups, every action and the result. Reading one replays it through the
//! rules, so a record is never trusted.

use super::deal::Deal;
use super::game::{Game, StartError};
use super::moves::{Action, IllegalMove, Move, Outcome, ParseMoveError};
use super::options::GameOptions;
use super::piece::{Piece, PieceId};
use super::setup::{Placement, Setup};
use super::side::Side;
use super::square::{ParseSquareError, Square};
use super::variant::{Variant, builtin_variant};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

pub const RECORD_FORMAT: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format: u32,
    pub variant: String,
    pub options: GameOptions,
    pub red: SideRecord,
    pub blue: SideRecord,
    /// "e4-e5", "rescue a2 to c3" (the piece by its starting square),
    /// "skip-rescue", "resign red", "draw".
    pub actions: Vec<String>,
    #[serde(default)]
    pub result: Option<Outcome>,
    /// A game against the computer: its side and level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerRecord>,
}

/// The computer player of a solo game, as its record keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerRecord {
    pub side: Side,
    /// The level's saved name ("expert").
    pub level: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<DealRecord>,
    pub setup: Vec<PlacementRecord>,
}

impl SideRecord {
    /// A side's deal and (possibly unfinished) setup, by name.
    pub fn new(variant: &Variant, deal: &Deal, placements: &[Placement]) -> SideRecord {
        SideRecord {
            deal: deal_record(variant, deal),
            setup: placements
                .iter()
                .map(|p| PlacementRecord {
                    square: p.square,
                    piece: variant.kind(p.piece.kind).key.clone(),
                    suit: p.piece.suit.map(|s| variant.suit(s).key.clone()),
                    flipped: p.piece.flipped,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "type", rename_all = "lowercase")]
pub enum DealRecord {
    Domino {
        hand: Vec<String>,
        set_aside: Vec<String>,
        redraws: u32,
    },
    /// Which suit discarded which kind, e.g. {"flag": "yellow", "captain": "red"}.
    Discard { discards: BTreeMap<String, String> },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementRecord {
    pub square: Square,
    pub piece: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flipped: bool,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    Json(String),
    Format(u32),
    UnknownVariant(String),
    /// Something in one side's deal or setup names what the variant has not.
    Field {
        side: Side,
        what: FieldProblem,
    },
    Start(StartError),
    BadAction {
        number: usize,
        text: String,
        reason: ParseActionError,
    },
    Illegal {
        number: usize,
        text: String,
        reason: IllegalMove,
    },
}

/// What is wrong in a side's deal or setup of a record; the keys and suits
/// as the record wrote them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldProblem {
    UnknownStone(String),
    NotDiscards,
    NoDiscard(String),
    UnknownDiscardSuit(String),
    UnknownPiece { piece: String, square: Square },
    UnknownSuit { suit: String, square: Square },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            RecordError::Json(e) => crate::tr!("not a game record: {}", e),
            RecordError::Format(found) => crate::tr!(
                "record format {} is not supported (this app reads format {})",
                found,
                RECORD_FORMAT
            ),
            RecordError::UnknownVariant(id) => crate::tr!("unknown variant \"{}\"", id),
            RecordError::Field { side, what } => match what {
                FieldProblem::UnknownStone(key) => {
                    crate::tr!("{}'s deal names an unknown stone \"{}\"", side, key)
                }
                FieldProblem::NotDiscards => crate::tr!(
                    "{}'s deal is a choice of discards, which this variant has not",
                    side
                ),
                FieldProblem::NoDiscard(key) => {
                    crate::tr!("{}'s discards do not say which suit lost its {}", side, key)
                }
                FieldProblem::UnknownDiscardSuit(suit) => {
                    crate::tr!("{}'s discards name an unknown suit \"{}\"", side, suit)
                }
                FieldProblem::UnknownPiece { piece, square } => crate::tr!(
                    "{}'s setup has an unknown piece \"{}\" on {}",
                    side,
                    piece,
                    square
                ),
                FieldProblem::UnknownSuit { suit, square } => crate::tr!(
                    "{}'s setup has an unknown suit \"{}\" on {}",
                    side,
                    suit,
                    square
                ),
            },
            RecordError::Start(e) => e.to_string(),
            RecordError::BadAction {
                number,
                text,
                reason,
            } => crate::tr!("action {} \"{}\" cannot be read: {}", number, text, reason),
            RecordError::Illegal {
                number,
                text,
                reason,
            } => crate::tr!("move {} ({}) is illegal: {}", number, text, reason),
        };
        f.write_str(&text)
    }
}

impl GameRecord {
    pub fn from_game(game: &Game) -> GameRecord {
        let variant = game.variant();
        let side_record = |side: Side| {
            let setup = game.setup(side);
            SideRecord::new(variant, setup.deal(), setup.placements())
        };
        let start = game.position_after(0);
        GameRecord {
            format: RECORD_FORMAT,
            variant: variant.id.clone(),
            options: *game.options(),
            red: side_record(Side::Red),
            blue: side_record(Side::Blue),
            actions: game
                .actions()
                .iter()
                .map(|a| action_text(&start, *a))
                .collect(),
            result: game.position().outcome(),
            computer: None,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let record: GameRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format(record.format));
        }
        Ok(record)
    }

    /// Replays the record through the rules of a built-in variant.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let variant = builtin_variant(&self.variant)
            .ok_or_else(|| RecordError::UnknownVariant(self.variant.clone()))?;
        self.replay_with(variant)
    }

    pub fn replay_with(&self, variant: Arc<Variant>) -> Result<Game, RecordError> {
        match self.replay_partly(variant)? {
            (game, None) => Ok(game),
            (_, Some(error)) => Err(error),
        }
    }

    /// Replays the record as far as the rules accept it: the game up to
    /// the last accepted action, and the error that stopped it there.
    /// `Err` when the game cannot even start.
    pub fn replay_partly(
        &self,
        variant: Arc<Variant>,
    ) -> Result<(Game, Option<RecordError>), RecordError> {
        if variant.id != self.variant {
            return Err(RecordError::UnknownVariant(self.variant.clone()));
        }
        let red = side_start(&variant, Side::Red, &self.red)?;
        let blue = side_start(&variant, Side::Blue, &self.blue)?;
        let mut game = Game::new(variant, self.options, red, blue).map_err(RecordError::Start)?;
        let start = game.position_after(0);
        for (i, text) in self.actions.iter().enumerate() {
            let number = i + 1;
            let played = parse_action(&start, text)
                .map_err(|reason| RecordError::BadAction {
                    number,
                    text: text.clone(),
                    reason,
                })
                .and_then(|action| {
                    game.play(action).map_err(|reason| RecordError::Illegal {
                        number,
                        text: text.clone(),
                        reason,
                    })
                });
            if let Err(error) = played {
                return Ok((game, Some(error)));
            }
        }
        Ok((game, None))
    }
}

pub fn deal_record(variant: &Variant, deal: &Deal) -> Option<DealRecord> {
    let names = |stones: &[super::variant::KindId]| {
        stones
            .iter()
            .map(|k| variant.kind(*k).key.clone())
            .collect()
    };
    match deal {
        Deal::Fixed => None,
        Deal::Domino {
            hand,
            set_aside,
            redraws,
        } => Some(DealRecord::Domino {
            hand: names(hand),
            set_aside: names(set_aside),
            redraws: *redraws,
        }),
        Deal::Discard { first_loss_suit } => {
            let super::variant::ArmyRule::Suited {
                first_loss,
                second_loss,
            } = variant.army
            else {
                return None;
            };
            let side = variant.suit(*first_loss_suit).side;
            let other = variant.suits_of(side).find(|s| s != first_loss_suit)?;
            let mut discards = BTreeMap::new();
            discards.insert(
                variant.kind(first_loss).key.clone(),
                variant.suit(*first_loss_suit).key.clone(),
            );
            discards.insert(
                variant.kind(second_loss).key.clone(),
                variant.suit(other).key.clone(),
            );
            Some(DealRecord::Discard { discards })
        }
    }
}

pub fn side_start(
    variant: &Variant,
    side: Side,
    record: &SideRecord,
) -> Result<(Deal, Setup), RecordError> {
    let field = |what: FieldProblem| RecordError::Field { side, what };
    let stone = |key: &String| {
        variant
            .kind_by_key(key)
            .ok_or_else(|| field(FieldProblem::UnknownStone(key.clone())))
    };
    let deal = match &record.deal {
        None => Deal::Fixed,
        Some(DealRecord::Domino {
            hand,
            set_aside,
            redraws,
        }) => Deal::Domino {
            hand: hand.iter().map(stone).collect::<Result<_, _>>()?,
            set_aside: set_aside.iter().map(stone).collect::<Result<_, _>>()?,
            redraws: *redraws,
        },
        Some(DealRecord::Discard { discards }) => {
            let super::variant::ArmyRule::Suited { first_loss, .. } = variant.army else {
                return Err(field(FieldProblem::NotDiscards));
            };
            let key = &variant.kind(first_loss).key;
            let suit = discards
                .get(key)
                .ok_or_else(|| field(FieldProblem::NoDiscard(key.clone())))?;
            let suit = variant
                .suit_by_key(suit)
                .ok_or_else(|| field(FieldProblem::UnknownDiscardSuit(suit.clone())))?;
            Deal::Discard {
                first_loss_suit: suit,
            }
        }
    };
    let mut placements = Vec::new();
    for p in &record.setup {
        let kind = variant.kind_by_key(&p.piece).ok_or_else(|| {
            field(FieldProblem::UnknownPiece {
                piece: p.piece.clone(),
                square: p.square,
            })
        })?;
        let suit = match &p.suit {
            None => None,
            Some(key) => Some(variant.suit_by_key(key).ok_or_else(|| {
                field(FieldProblem::UnknownSuit {
                    suit: key.clone(),
                    square: p.square,
                })
            })?),
        };
        placements.push(Placement {
            square: p.square,
            piece: Piece {
                kind,
                suit,
                flipped: p.flipped,
            },
        });
    }
    Ok((deal, Setup { side, placements }))
}

/// The record text of an action; rescued pieces are named by their starting square.
pub fn action_text(start: &super::position::Position, action: Action) -> String {
    match action {
        Action::Move(m) => m.to_string(),
        Action::Rescue { piece, to } => format!("rescue {} to {to}", start.piece(piece).start()),
        Action::SkipRescue => "skip-rescue".into(),
        Action::Resign(side) => format!("resign {}", side.name().to_lowercase()),
        Action::OutOfTime(side) => format!("time {}", side.name().to_lowercase()),
        Action::AgreeDraw => "draw".into(),
    }
}

/// An action as a replay lists it: a move in its notation, the rest in
/// words in the current language ("Blue resigns", not the record's
/// "resign blue").
pub fn action_label(start: &super::position::Position, action: Action) -> String {
    match action {
        Action::Move(m) => m.to_string(),
        Action::Rescue { piece, to } => {
            crate::tr!("rescue {} to {}", start.piece(piece).start(), to)
        }
        Action::SkipRescue => crate::tr!("no rescue"),
        Action::Resign(Side::Red) => crate::tr!("Red resigns"),
        Action::Resign(Side::Blue) => crate::tr!("Blue resigns"),
        Action::OutOfTime(Side::Red) => crate::tr!("Red's time ran out"),
        Action::OutOfTime(Side::Blue) => crate::tr!("Blue's time ran out"),
        Action::AgreeDraw => crate::tr!("draw agreed"),
    }
}

/// Whether an action written as `action_text` writes it is a piece's move
/// on the board (not a rescue, a resignation, a clock's fall or a draw):
/// what a game's length counts.
pub fn is_board_move(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    !["skip-rescue", "draw", "resign", "time", "rescue", ""].contains(&first)
}

/// Why a text is not an action of a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// A rescue's square is no square.
    Square(#[from] ParseSquareError),
    /// A rescue names a square no piece started on.
    NoPieceOn(Square),
    /// A move that is not one.
    Move(#[from] ParseMoveError),
    /// None of the forms an action is written in.
    Unknown,
}

impl std::fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseActionError::Square(e) => e.fmt(f),
            ParseActionError::NoPieceOn(square) => {
                f.write_str(&crate::tr!("no piece started on {}", square))
            }
            ParseActionError::Move(e) => e.fmt(f),
            ParseActionError::Unknown => f.write_str(&crate::tr!(
                "expected a move like e4-e5, \"rescue a2 to c3\", \"skip-rescue\", \"resign red\" or \"draw\""
            )),
        }
    }
}

/// Reads an action as `action_text` writes it; `start` is the game's
/// first position (a rescue names the piece by the square it started on).
pub fn parse_action(
    start: &super::position::Position,
    text: &str,
) -> Result<Action, ParseActionError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["skip-rescue"] => Ok(Action::SkipRescue),
        ["draw"] => Ok(Action::AgreeDraw),
        ["resign", "red"] => Ok(Action::Resign(Side::Red)),
        ["resign", "blue"] => Ok(Action::Resign(Side::Blue)),
        ["time", "red"] => Ok(Action::OutOfTime(Side::Red)),
        ["time", "blue"] => Ok(Action::OutOfTime(Side::Blue)),
        ["rescue", from, "to", to] => {
            let from: Square = from.parse()?;
            let to: Square = to.parse()?;
            let piece: PieceId = start
                .piece_at(from)
                .ok_or(ParseActionError::NoPieceOn(from))?;
            Ok(Action::Rescue { piece, to })
        }
        [single] => Ok(Action::Move(single.parse::<Move>()?)),
        _ => Err(ParseActionError::Unknown),
    }
}
