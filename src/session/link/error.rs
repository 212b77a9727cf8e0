//! Why a code or an action is refused, in words shown on the codes screen.

use super::message::CodeError;
use crate::core::moves::IllegalMove;

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
    Finished,
    Refused(String),
    Illegal(#[from] IllegalMove),
    NotYourTurn,
    NotAbandoned,
    YourCodeFirst,
    SetUpFirst,
    NotOffered,
    OfferWaiting,
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
        };
        f.write_str(&text)
    }
}
