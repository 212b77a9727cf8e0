//! What a player can do on their turn, what ends a game, and why a move is illegal.

use super::piece::PieceId;
use super::side::Side;
use super::square::{ParseSquareError, Square};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One piece from one square to another (a scout may go far; landing on an
/// enemy piece attacks it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Why a text is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// No two squares joined by '-' or 'x'.
    NotAMove(String),
    /// One of its squares is no square.
    Square(#[from] ParseSquareError),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::NotAMove(text) => f.write_str(&crate::tr!(
                "\"{}\" is not a move (write it like e4-e5)",
                text
            )),
            ParseMoveError::Square(e) => e.fmt(f),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let (from, to) = text
            .split_once(['-', 'x'])
            .ok_or_else(|| ParseMoveError::NotAMove(text.to_string()))?;
        Ok(Move::new(from.parse()?, to.parse()?))
    }
}

/// Everything that can happen in a game, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Move(Move),
    /// After a move onto the enemy's back row (Rescue option): bring back a
    /// captured piece onto an empty square of the own half.
    Rescue {
        piece: PieceId,
        to: Square,
    },
    /// Decline the rescue that was offered.
    SkipRescue,
    /// Either player may resign at any time.
    Resign(Side),
    /// Under a time control, this side's time ran out (`core::clock`): it loses.
    OutOfTime(Side),
    /// Both players agreed to a draw.
    AgreeDraw,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// The loser's flag was taken (domino: its 6-6 was beaten).
    FlagCaptured,
    /// The loser had no legal move on their turn.
    NoLegalMove,
    Resignation,
    /// The loser's time ran out under a time control.
    Time,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// One battle removed the last movable pieces of both sides.
    BothImmobile,
    /// Too many consecutive plies without a battle.
    QuietPlies,
    Agreed,
    /// Both flags fell in one battle (domino: the two 6-6s).
    BothFlagsLost,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "result")]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent();
                match reason {
                    WinReason::FlagCaptured => {
                        crate::tr!("{} wins: {}'s flag was captured", winner, loser)
                    }
                    WinReason::NoLegalMove => {
                        crate::tr!("{} wins: {} has no legal move", winner, loser)
                    }
                    WinReason::Resignation => crate::tr!("{} wins: {} resigned", winner, loser),
                    WinReason::Time => crate::tr!("{} wins: {}'s time ran out", winner, loser),
                }
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::BothImmobile => {
                    crate::tr!("draw: neither side has a piece that can move")
                }
                DrawReason::QuietPlies => crate::tr!("draw: too many moves without a battle"),
                DrawReason::Agreed => crate::tr!("draw by agreement"),
                DrawReason::BothFlagsLost => {
                    crate::tr!("draw: both flags fell in the same battle")
                }
            },
        };
        f.write_str(&text)
    }
}

/// Why an action was refused. The game is unchanged. Piece names and the
/// blocked squares' name are the variant's (English) data names, translated
/// when shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    GameOver,
    RescuePending,
    NoRescuePending,
    OffBoard(Square),
    NoPiece(Square),
    NotYourPiece { square: Square, owner: Side },
    Immobile { piece: String },
    Blocked { square: Square, what: String },
    OwnPiece(Square),
    SameSquare,
    NotStraight,
    TooFar { piece: String },
    PathBlocked { piece: String, square: Square },
    TwoSquares { a: Square, b: Square, limit: u8 },
    MoreSquares,
    TwoStepsAtMost { piece: String },
    NotCaptured,
    CannotRescue { piece: String },
    RescueSquare(Square),
    NotYourTurn(Side),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::i18n::translate;
        let text = match self {
            IllegalMove::GameOver => crate::tr!("the game is over"),
            IllegalMove::RescuePending => {
                crate::tr!("first choose a piece to rescue, or decline the rescue")
            }
            IllegalMove::NoRescuePending => crate::tr!("no rescue is on offer now"),
            IllegalMove::OffBoard(square) => crate::tr!("{} is not on the board", square),
            IllegalMove::NoPiece(square) => crate::tr!("there is no piece on {}", square),
            IllegalMove::NotYourPiece { square, owner } => crate::tr!(
                "the piece on {} is {}'s, and it is {}'s turn",
                square,
                owner,
                owner.opponent()
            ),
            IllegalMove::Immobile { piece } => crate::tr!("a {} never moves", translate(piece)),
            IllegalMove::Blocked { square, what } => crate::tr!(
                "{} is a {}: no piece may enter or cross it",
                square,
                translate(what)
            ),
            IllegalMove::OwnPiece(square) => crate::tr!("your own piece stands on {}", square),
            IllegalMove::SameSquare => crate::tr!("the piece must move to another square"),
            IllegalMove::NotStraight => {
                crate::tr!("pieces move along a row or a column, never diagonally")
            }
            IllegalMove::TooFar { piece } => {
                crate::tr!("a {} moves one square at a time", translate(piece))
            }
            IllegalMove::PathBlocked { piece, square } => crate::tr!(
                "a {} cannot jump: {} is in the way",
                translate(piece),
                square
            ),
            IllegalMove::TwoSquares { a, b, limit } => crate::tr!(
                "two-squares rule: this piece has moved between {} and {} {} times",
                a,
                b,
                number_word(*limit)
            ),
            IllegalMove::MoreSquares => crate::tr!(
                "More-Squares rule: in this chase, that move would bring back a position the chase has already had"
            ),
            IllegalMove::TwoStepsAtMost { piece } => crate::tr!(
                "a {} moves one square, or two through an empty first square (straight on or turning once)",
                translate(piece)
            ),
            IllegalMove::NotCaptured => {
                crate::tr!("that piece is not among your captured pieces")
            }
            IllegalMove::CannotRescue { piece } => {
                crate::tr!("a {} can never be rescued", translate(piece))
            }
            IllegalMove::RescueSquare(square) => crate::tr!(
                "a rescued piece must go on an empty square of your own half; {} is not one",
                square
            ),
            IllegalMove::NotYourTurn(side) => crate::tr!("it is not {}'s turn", side),
        };
        f.write_str(&text)
    }
}

/// A count in words ("three"), in the player's language.
fn number_word(n: u8) -> String {
    const WORDS: [&str; 11] = [
        crate::tr_noop!("zero"),
        crate::tr_noop!("one"),
        crate::tr_noop!("two"),
        crate::tr_noop!("three"),
        crate::tr_noop!("four"),
        crate::tr_noop!("five"),
        crate::tr_noop!("six"),
        crate::tr_noop!("seven"),
        crate::tr_noop!("eight"),
        crate::tr_noop!("nine"),
        crate::tr_noop!("ten"),
    ];
    WORDS
        .get(n as usize)
        .map(|w| crate::i18n::translate(w))
        .unwrap_or_else(|| n.to_string())
}
