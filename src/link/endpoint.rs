//! One device's end of a two-device game: which game its codes belong to,
//! the side this device plays, the variant and options the invitation
//! agreed, and the secret salt of its commitments. The session, the fair
//! deal (`deal_handshake`) and the game (`device`) each keep one; the
//! deal and the game seal their codes and open the other device's with it,
//! so the header's checks are made in one place.

use super::error::LinkError;
use super::message::{CodeKind, Envelope, Header};
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use std::sync::Arc;

/// Made once for a game (`crate::games::TwoDeviceGame` keeps it and saves
/// its salt) and read through its accessors.
#[derive(Debug, Clone)]
pub struct Endpoint {
    variant: Arc<Variant>,
    options: GameOptions,
    me: Side,
    game_id: u32,
    /// Secret: it makes the commitments unguessable.
    salt: [u8; 16],
}

impl Endpoint {
    pub fn new(
        variant: Arc<Variant>,
        options: GameOptions,
        me: Side,
        game_id: u32,
        salt: [u8; 16],
    ) -> Endpoint {
        Endpoint {
            variant,
            options,
            me,
            game_id,
            salt,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The side this device plays.
    pub fn side(&self) -> Side {
        self.me
    }

    pub fn game_id(&self) -> u32 {
        self.game_id
    }

    /// The secret salt of this device's commitments: the crate's only (the
    /// protocol seals with it; the game saves it).
    pub(crate) fn salt(&self) -> &[u8; 16] {
        &self.salt
    }

    /// The text of this device's code numbered `seq`, holding `body`.
    pub(super) fn seal(&self, kind: CodeKind, format: u8, seq: u16, body: Vec<u8>) -> String {
        let envelope = Envelope {
            header: Header {
                format,
                kind,
                sender: self.me,
                game_id: self.game_id,
                seq,
            },
            body,
        };
        envelope.to_text()
    }

    /// Opens a code that should be the other device's next in this game:
    /// refused when it is an invitation (this game's again, or another),
    /// a whole game moved, another game's code, or this device's own.
    pub(super) fn open(&self, text: &str) -> Result<Envelope, LinkError> {
        let envelope = Envelope::from_text(text)?;
        let header = envelope.header;
        match header.kind {
            CodeKind::Turn => {}
            CodeKind::Invite if header.game_id == self.game_id && header.sender == self.me => {
                return Err(LinkError::OwnCode);
            }
            CodeKind::Invite if header.game_id == self.game_id => {
                return Err(LinkError::AlreadyRead(header.seq));
            }
            CodeKind::Invite => return Err(LinkError::Invitation),
            CodeKind::Transfer | CodeKind::Handover => return Err(LinkError::Transfer),
        }
        if header.game_id != self.game_id {
            return Err(LinkError::WrongGame);
        }
        if header.sender == self.me {
            return Err(LinkError::OwnCode);
        }
        Ok(envelope)
    }
}

/// Whether the code numbered `got` is the one expected next: else it was
/// read before, or codes between were skipped.
pub(super) fn in_order(got: u16, expected: u16) -> Result<(), LinkError> {
    if got < expected {
        return Err(LinkError::AlreadyRead(got));
    }
    if got > expected {
        return Err(LinkError::OutOfOrder { got, expected });
    }
    Ok(())
}
