//! What a player can do on their turn, what ends a game, and why a move is illegal.

use super::piece::PieceId;
use super::side::Side;
use super::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One piece from one square to another (a scout may go far; landing on an
/// enemy piece attacks it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

impl FromStr for Move {
    type Err = String;

    fn from_str(text: &str) -> Result<Move, String> {
        let (from, to) = text
            .split_once(['-', 'x'])
            .ok_or_else(|| format!("\"{text}\" is not a move (write it like e4-e5)"))?;
        Ok(Move::new(
            from.parse()
                .map_err(|e: super::square::ParseSquareError| e.to_string())?,
            to.parse()
                .map_err(|e: super::square::ParseSquareError| e.to_string())?,
        ))
    }
}

/// Everything that can happen in a game, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
        match self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent();
                match reason {
                    WinReason::FlagCaptured => {
                        write!(f, "{winner} wins: {loser}'s flag was captured")
                    }
                    WinReason::NoLegalMove => write!(f, "{winner} wins: {loser} has no legal move"),
                    WinReason::Resignation => write!(f, "{winner} wins: {loser} resigned"),
                }
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::BothImmobile => {
                    f.write_str("draw: neither side has a piece that can move")
                }
                DrawReason::QuietPlies => f.write_str("draw: too many moves without a battle"),
                DrawReason::Agreed => f.write_str("draw by agreement"),
                DrawReason::BothFlagsLost => {
                    f.write_str("draw: both flags fell in the same battle")
                }
            },
        }
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("first choose a piece to rescue, or decline the rescue")]
    RescuePending,
    #[error("no rescue is on offer now")]
    NoRescuePending,
    #[error("{0} is not on the board")]
    OffBoard(Square),
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {square} is {owner}'s, and it is {owner_to_move}'s turn", owner_to_move = owner.opponent())]
    NotYourPiece { square: Square, owner: Side },
    #[error("a {piece} never moves")]
    Immobile { piece: String },
    #[error("{square} is a {what}: no piece may enter or cross it")]
    Blocked { square: Square, what: String },
    #[error("your own piece stands on {0}")]
    OwnPiece(Square),
    #[error("the piece must move to another square")]
    SameSquare,
    #[error("pieces move along a row or a column, never diagonally")]
    NotStraight,
    #[error("a {piece} moves one square at a time")]
    TooFar { piece: String },
    #[error("a {piece} cannot jump: {square} is in the way")]
    PathBlocked { piece: String, square: Square },
    #[error("two-squares rule: this piece has moved between {a} and {b} {times} times", times = number_word(*limit))]
    TwoSquares { a: Square, b: Square, limit: u8 },
    #[error(
        "More-Squares rule: in this chase, that move would bring back a position the chase has already had"
    )]
    MoreSquares,
    #[error(
        "a {piece} moves one square, or two through an empty first square (straight on or turning once)"
    )]
    TwoStepsAtMost { piece: String },
    #[error("that piece is not among your captured pieces")]
    NotCaptured,
    #[error("a {piece} can never be rescued")]
    CannotRescue { piece: String },
    #[error("a rescued piece must go on an empty square of your own half; {0} is not one")]
    RescueSquare(Square),
    #[error("it is not {0}'s turn")]
    NotYourTurn(Side),
}

fn number_word(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map(|w| w.to_string())
        .unwrap_or_else(|| n.to_string())
}
