//! Why a code or an action is refused: `LinkError`, shown on the codes
//! screen, and `Refusal`, what in the other device's code breaks the rules
//! (or keeps a game from starting). Each is a value where it arises and is
//! put into words, in the player's language, when it is shown.

use super::message::CodeError;
use super::public_setup::PublicSetupError;
use super::replay::ReplayError;
use super::stand_in::NoArmyFits;
use crate::core::moves::{Action, IllegalMove, Move};
use crate::core::square::Square;

/// Why a code or an action is refused (shown on the codes screen).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error(transparent)]
    Code(#[from] CodeError),
    WrongGame,
    OwnCode,
    AlreadyRead(u16),
    OutOfOrder {
        got: u16,
        expected: u16,
    },
    Invitation,
    Transfer,
    NotInvitation,
    /// An invitation to a game two devices cannot play (free setup), by
    /// the game's name in the player's language.
    NotForTwoDevices(String),
    Finished,
    Refused(Refusal),
    Illegal(#[from] IllegalMove),
    NotYourTurn,
    NotAbandoned,
    YourCodeFirst,
    SetUpFirst,
    NotOffered,
    OfferWaiting,
    OutOfTime,
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            LinkError::Code(e) => return std::fmt::Display::fmt(e, f),
            LinkError::WrongGame => crate::tr!("this code belongs to another game"),
            LinkError::OwnCode => {
                crate::tr!("this is this device's own code: show it to the other player's device")
            }
            LinkError::AlreadyRead(seq) => {
                crate::tr!("code number {} was read already; nothing changed", seq)
            }
            LinkError::OutOfOrder { got, expected } => crate::tr!(
                "this is code number {}, but code number {} comes first; read that one",
                got,
                expected
            ),
            LinkError::Invitation => {
                crate::tr!("this is an invitation to a new game; open it from the home screen")
            }
            LinkError::Transfer => crate::tr!(
                "this code moves a whole game to this device; open it from the home screen"
            ),
            LinkError::NotInvitation => crate::tr!("this code is not an invitation to a game"),
            LinkError::NotForTwoDevices(game) => crate::tr!(
                "{} cannot be played between two devices: both armies choose from the same \
                 squares, and a device cannot see the other's setup. Play it on one device.",
                game
            ),
            LinkError::Finished => crate::tr!("the game is over: there are no more codes to read"),
            LinkError::Refused(why) => {
                crate::tr!("the other device's code breaks the rules: {}", why)
            }
            LinkError::Illegal(e) => return std::fmt::Display::fmt(e, f),
            LinkError::NotYourTurn => crate::tr!("wait for the other device's code"),
            LinkError::NotAbandoned => crate::tr!(
                "it is this player's turn: the game waits for this device, not the other"
            ),
            LinkError::YourCodeFirst => {
                crate::tr!("show this device's code to the other device first")
            }
            LinkError::SetUpFirst => {
                crate::tr!("set up first: this device's next code carries its setup")
            }
            LinkError::NotOffered => {
                crate::tr!("the other player has not offered a draw: there is none to answer")
            }
            LinkError::OfferWaiting => {
                crate::tr!("the other player offers a draw: accept it, or decline it by playing on")
            }
            LinkError::OutOfTime => crate::tr!("this player's time has run out"),
        };
        f.write_str(&text)
    }
}

/// What in the other device's code breaks the rules (`LinkError::Refused`),
/// or keeps a game from starting on this device.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Joining with a setup an invitation whose deal is chance.
    DealIsChance,
    /// Joining by the fair deal an invitation whose deal is not chance.
    DealIsNotChance,
    /// This device's setup is not made from the hand the fair deal gave.
    NotTheDealtHand,
    /// A code of the fair deal that plays.
    PlaysBeforeTheDeal,
    /// The joiner's first code without its deal commitment and number.
    NoDealCommitment,
    /// The inviter's deal step without its number and setup.
    NoDealNumber,
    /// A step of the fair deal once the deal is done.
    DealAfterTheDeal,
    /// The setup it showed cannot stand.
    Setup(PublicSetupError),
    /// Its first code without its setup.
    NoSetup,
    /// An invitation (of an older app) that shows the inviter's setup before
    /// the joiner has committed to its own.
    SetupShownFirst,
    /// A setup shown with another commitment than its invitation's.
    NotAsCommitted,
    /// A move, answer, offer or opening before it has seen this device's setup.
    PlaysBeforeSetup,
    /// Its setup shown a second time.
    SetupAgain,
    /// This device's attack left unanswered.
    Unanswered(Move),
    /// An answer to an attack this device did not make.
    AnswerUnasked,
    /// A defender shown that Silent Defense hides.
    DefenderShown,
    /// A defender hidden, on this square, that the rules show.
    DefenderHidden(Square),
    /// A move while this player may still rescue a piece.
    MovedBeforeRescue,
    /// A move when it was not its turn.
    OutOfTurn,
    /// Its turn, and no move in it.
    NoMove,
    /// A move from a square where it has no piece.
    NoPiece(Move),
    /// A move that the rules show, without the piece.
    PieceNotShown(Move),
    /// An attack with more after it in the same code.
    MoveAfterAttack(Move),
    /// A rescue of a piece number it never had.
    NoSuchPiece(u8),
    /// A draw accepted that this player did not offer in its last code.
    DrawNotOffered,
    /// A draw accepted after playing on.
    DrawAfterPlaying,
    /// A draw offered without a turn played.
    OfferWithoutTurn,
    /// A timed game's code that does not say how long its clock ran.
    NoTimeUsed,
    /// A time used in a game without a clock.
    TimeWithoutClock,
    /// Time used while its clock could not run (not its turn).
    TimeOutOfTurn(std::time::Duration),
    /// Its time ran out on this device while it waited for this code.
    CameAfterItsTime,
    /// The game cannot go on with all that is known.
    Unplayable(Unplayable),
    /// This ply of its cannot be played with all that is known.
    Ply(Action, Unplayable),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Refusal::DealIsChance => {
                crate::tr!("its deal is chance: the game starts with the fair deal")
            }
            Refusal::DealIsNotChance => crate::tr!("its deal is not chance: join it with a setup"),
            Refusal::NotTheDealtHand => {
                crate::tr!("this setup is not made from the hand the fair deal gave")
            }
            Refusal::PlaysBeforeTheDeal => crate::tr!("it plays before the deal is done"),
            Refusal::NoDealCommitment => {
                crate::tr!("its first code lacks its deal commitment and number")
            }
            Refusal::NoDealNumber => {
                crate::tr!("its code lacks its number for the deal and its setup")
            }
            Refusal::DealAfterTheDeal => crate::tr!("it sends a step of the deal after the deal"),
            Refusal::Setup(e) => return std::fmt::Display::fmt(e, f),
            Refusal::NoSetup => crate::tr!("its first code lacks its setup"),
            Refusal::SetupShownFirst => crate::tr!(
                "its invitation shows the inviter's setup before this player sets up (an older \
                 version of Flagfall); both devices need this version"
            ),
            Refusal::NotAsCommitted => {
                crate::tr!("its setup is not the one its invitation committed to")
            }
            Refusal::PlaysBeforeSetup => {
                crate::tr!("it plays before it has seen this device's setup")
            }
            Refusal::SetupAgain => crate::tr!("it sent its setup a second time"),
            Refusal::Unanswered(attack) => crate::tr!("it does not answer the attack {}", attack),
            Refusal::AnswerUnasked => crate::tr!("it answers an attack that was not made"),
            Refusal::DefenderShown => crate::tr!("it showed a defender Silent Defense hides"),
            Refusal::DefenderHidden(square) => crate::tr!("it hid its piece on {}", square),
            Refusal::MovedBeforeRescue => {
                crate::tr!("it moved while this player may still rescue a piece")
            }
            Refusal::OutOfTurn => crate::tr!("it moved out of turn"),
            Refusal::NoMove => crate::tr!("it holds no move"),
            Refusal::NoPiece(mv) => crate::tr!("{}: it has no piece on {}", mv, mv.from),
            Refusal::PieceNotShown(mv) => {
                crate::tr!("{}: the rules show this piece, and it did not", mv)
            }
            Refusal::MoveAfterAttack(mv) => {
                crate::tr!("{}: nothing may follow an attack in one code", mv)
            }
            Refusal::NoSuchPiece(piece) => {
                crate::tr!("it rescued piece number {}, which it never had", piece)
            }
            Refusal::DrawNotOffered => crate::tr!("it accepts a draw this player did not offer"),
            Refusal::DrawAfterPlaying => crate::tr!("it accepts a draw after playing on"),
            Refusal::OfferWithoutTurn => {
                crate::tr!("it offers a draw without playing its turn")
            }
            Refusal::NoTimeUsed => {
                crate::tr!("it does not say how long its clock ran, and the game is on a clock")
            }
            Refusal::TimeWithoutClock => {
                crate::tr!("it says how long its clock ran, in a game without clocks")
            }
            Refusal::TimeOutOfTurn(used) => crate::tr!(
                "it claims {} s on its clock when it was not its turn",
                used.as_secs_f64()
            ),
            Refusal::CameAfterItsTime => crate::tr!(
                "its time ran out on this device while this device waited for it, so the game ended before this code came"
            ),
            Refusal::Unplayable(why) => return std::fmt::Display::fmt(why, f),
            Refusal::Ply(action, why) => crate::tr!("{}: {}", describe(*action), why),
        };
        f.write_str(&text)
    }
}

impl From<PublicSetupError> for Refusal {
    fn from(e: PublicSetupError) -> Refusal {
        Refusal::Setup(e)
    }
}

impl From<Unplayable> for Refusal {
    fn from(e: Unplayable) -> Refusal {
        Refusal::Unplayable(e)
    }
}

/// Why the game cannot be played again on all this device knows of the
/// other's army (`LinkedGame::rebuild`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// No stand-in army fits what the other device has shown.
    NoArmy(NoArmyFits),
    /// The plies do not replay.
    Replay(ReplayError),
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unplayable::NoArmy(e) => std::fmt::Display::fmt(e, f),
            Unplayable::Replay(e) => std::fmt::Display::fmt(e, f),
        }
    }
}

impl From<NoArmyFits> for Unplayable {
    fn from(e: NoArmyFits) -> Unplayable {
        Unplayable::NoArmy(e)
    }
}

impl From<ReplayError> for Unplayable {
    fn from(e: ReplayError) -> Unplayable {
        Unplayable::Replay(e)
    }
}

/// A ply of the other device's, in words.
fn describe(action: Action) -> String {
    match action {
        Action::Move(m) => m.to_string(),
        Action::Rescue { to, .. } => crate::tr!("the rescue onto {}", to),
        Action::SkipRescue => crate::tr!("declining the rescue"),
        Action::Resign(_) => crate::tr!("resigning"),
        Action::OutOfTime(_) => crate::tr!("running out of time"),
        Action::AgreeDraw => crate::tr!("the draw"),
    }
}
