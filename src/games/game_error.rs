//! Why an action on a game on this device was refused, for every kind of
//! game; put into words (in the player's language) where it is shown.

use crate::core::game::StartError;
use crate::core::moves::IllegalMove;
use crate::core::setup::SetupProblem;
use crate::link::LinkError;

/// Why an action on a game was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The rules refuse the move.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// Two devices: the other device's code, or this action, is refused.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// What is still wrong with the setup.
    #[error("{}", problem_lines(.0))]
    Setup(Vec<SetupProblem>),
    /// Both setups are ready, but they do not make a game.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A deal was asked for outside the deal.
    #[error("{}", crate::tr!("no deal is under way"))]
    NoDeal,
    /// Piecepack: the deal goes on only once the discards are chosen.
    #[error("{}", crate::tr!("choose your discards first"))]
    NoDiscards,
    /// The discards chosen do not make an army.
    #[error(transparent)]
    Discards(#[from] crate::core::deal::DealError),
    /// A setup was asked for outside the setup.
    #[error("{}", crate::tr!("no setup is under way"))]
    NoSetup,
    /// The game was moved to another device, or is still arriving from one.
    #[error("{}", crate::tr!("this game is on another device: it was moved there, or the device it comes from has not let go of it yet"))]
    Handed,
    /// Only a solo game's player may take a move back, after one of its own.
    #[error("{}", crate::tr!("there is no move of yours to take back"))]
    NothingToTakeBack,
    /// A timed game is played as it went: no move is taken back.
    #[error("{}", crate::tr!("a timed game has no take-back: it is played as it went"))]
    TimedGame,
}

fn problem_lines(problems: &[SetupProblem]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}
