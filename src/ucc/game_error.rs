//! Why the bot's record of a UCC game cannot follow what the manager says:
//! a move or battle the rules do not give, a board that differs from the
//! record, or enemy pieces no army fits. Worded for the log of a
//! competition's manager, in English as its protocol is.

use super::protocol::{Outcome, Rank, Shown, UccMove};
use crate::core::deal::DealError;
use crate::core::game::StartError;
use crate::core::moves::IllegalMove;
use crate::core::side::Side;
use crate::core::square::Square;

#[derive(Debug, thiserror::Error)]
pub enum UccGameError {
    #[error("the move \"{0}\" leaves the board")]
    LeavesBoard(UccMove),
    #[error("the move \"{m}\" starts where {} has no piece", side_word(*mover))]
    NoPieceToMove { m: UccMove, mover: Side },
    #[error("the game has no scouts")]
    NoScouts,
    #[error("the move \"{0}\" is reported as a battle, but no enemy piece is there")]
    NoEnemyThere(UccMove),
    #[error("'{0}' is not a piece")]
    NotAPiece(Rank),
    #[error(
        "the manager says our piece at {} is '{said}', but it is '{is}'",
        ucc_square(*square)
    )]
    NotOurRank {
        square: Square,
        said: Rank,
        is: Rank,
    },
    #[error("the move \"{m}\" is illegal here: {reason}")]
    Illegal { m: UccMove, reason: IllegalMove },
    #[error("the manager reports \"{m}\" as {outcome:?}, which the rules do not give")]
    OutcomeNotGiven { m: UccMove, outcome: Outcome },
    #[error(
        "board row {y}, column {x}: the manager shows {} where this bot's record of the game has {}",
        shown_word(*shown),
        shown_word(*expected)
    )]
    BoardDiffers {
        x: usize,
        y: u8,
        shown: Shown,
        expected: Shown,
    },
    #[error(
        "the enemy piece from {} was shown as '{before}' and now as '{now}'",
        ucc_square(*start)
    )]
    ShownAsTwoRanks {
        start: Square,
        before: Rank,
        now: Rank,
    },
    #[error("the enemy has shown more pieces '{0}' than an army has")]
    MoreThanAnArmy(Rank),
    #[error("no army fits what the enemy's pieces have done")]
    NoArmyFits,
    #[error("the game so far does not replay with what was learned: {0}")]
    NoReplay(IllegalMove),
    #[error("the armies do not make a game: {0}")]
    NoGame(StartError),
    #[error(transparent)]
    NoStandIn(#[from] DealError),
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Red => "RED",
        Side::Blue => "BLUE",
    }
}

/// A square as the manager writes it: column, then row.
fn ucc_square(square: Square) -> String {
    format!("({} {})", square.col, square.row)
}

fn shown_word(shown: Shown) -> String {
    match shown {
        Shown::Empty => "an empty square".into(),
        Shown::Lake => "a lake".into(),
        Shown::Enemy => "an enemy piece".into(),
        Shown::Own(rank) => format!("our '{rank}'"),
    }
}
