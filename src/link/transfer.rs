//! A whole game moved to another device (phone to tablet): the saved
//! game, compressed and cut into as few codes as a camera reads well.
//! It holds both armies, which the screen that shows it says.
//!
//! The hand-over makes it a move, not a copy: the receiving device keeps
//! the game locked and shows a receipt (a random number of its own, for
//! this move's id); the sending device, on reading it, keeps its copy only
//! as moved away (read-only) and shows a release with the same number; the
//! receiving device plays on once it reads the release. A device that gave
//! up the move (left its codes unread) never releases, so the game is never
//! played on from two devices.

use super::message::{CodeError, CodeKind, Envelope, FIRST_CODE_FORMAT, Header};
use crate::core::side::Side;
use crate::link::codes::wire::{Reader, Writer};
use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use sha2::{Digest, Sha256};
use std::io::{Read, Write};

/// Bytes of compressed game per code: a QR code of version 15 or so.
const PART_BYTES: usize = 320;
/// A saved game is small; refuse to inflate anything much larger.
const MAX_SESSION_BYTES: u64 = 4 << 20;
/// The most parts a moved game may have: 80 KB compressed, far more than the
/// longest game needs (a test moves one of the longest); a code claiming
/// more is refused before anything is kept or listed.
pub const MAX_PARTS: usize = 255;

/// Why a code of a game being moved is refused (shown on the codes screen).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransferError {
    #[error(transparent)]
    Code(#[from] CodeError),
    NotTransfer,
    OtherTransfer,
    AlreadyRead(u16),
    Broken(String),
    /// A hand-over code of another move, or not the one awaited.
    NotThisMove,
}

impl std::fmt::Display for TransferError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            TransferError::Code(e) => return std::fmt::Display::fmt(e, f),
            TransferError::NotTransfer => {
                crate::tr!("this code is part of a two-device game, not a game being moved")
            }
            TransferError::OtherTransfer => crate::tr!(
                "this code belongs to another game being moved; finish that one or start again"
            ),
            TransferError::AlreadyRead(part) => crate::tr!("part {} was read already", part),
            TransferError::Broken(why) => {
                crate::tr!("the codes do not make a whole game: {}", why)
            }
            TransferError::NotThisMove => {
                crate::tr!("this code belongs to another move of a game, or not to this step of it")
            }
        };
        f.write_str(&text)
    }
}

/// The codes (text) that carry `game` (a game's saved form, which the
/// protocol need not know), in order.
pub fn transfer_codes<T: serde::Serialize>(game: &T) -> Vec<String> {
    let json = serde_json::to_vec(game).expect("a saved game always serializes");
    let mut encoder = DeflateEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(&json).expect("writing to memory");
    let packed = encoder.finish().expect("writing to memory");
    let digest = Sha256::digest(&packed);
    let id = u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]]);
    let chunks: Vec<&[u8]> = packed.chunks(PART_BYTES).collect();
    chunks
        .iter()
        .enumerate()
        .map(|(i, chunk)| {
            let mut body = Writer::default();
            body.u16(chunks.len() as u16).bytes(chunk);
            Envelope {
                header: Header {
                    format: FIRST_CODE_FORMAT,
                    kind: CodeKind::Transfer,
                    sender: Side::Red,
                    game_id: id,
                    seq: i as u16,
                },
                body: body.finish(),
            }
            .to_text()
        })
        .collect()
}

/// The id of the move whose parts these are (the parts' game id).
pub fn move_id(parts: &[String]) -> Option<u32> {
    let first = parts.first()?;
    Some(Envelope::from_text(first).ok()?.header.game_id)
}

/// A step of the hand-over of a moved game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handover {
    /// The receiving device has every part, and keeps the game locked.
    Receipt = 0,
    /// The sending device let go of the game (its copy is moved away).
    Release = 1,
}

/// The hand-over code of move `id` at `step`, carrying the receiving
/// device's number.
pub fn handover_code(step: Handover, id: u32, number: [u8; 16]) -> String {
    let mut body = Writer::default();
    body.u8(step as u8).bytes(&number);
    Envelope {
        header: Header {
            format: super::message::ALLOWANCE_FORMAT,
            kind: CodeKind::Handover,
            sender: match step {
                Handover::Receipt => Side::Blue,
                Handover::Release => Side::Red,
            },
            game_id: id,
            seq: step as u16,
        },
        body: body.finish(),
    }
    .to_text()
}

/// Reads a hand-over code expected at `step`: its move id and number.
pub fn read_handover(text: &str, step: Handover) -> Result<(u32, [u8; 16]), TransferError> {
    let envelope = Envelope::from_text(text)?;
    match envelope.header.kind {
        CodeKind::Handover => {}
        CodeKind::Transfer => return Err(TransferError::NotThisMove),
        _ => return Err(TransferError::NotTransfer),
    }
    let mut r = Reader::new(&envelope.body);
    let got = r.u8().map_err(CodeError::from)?;
    let number = r.array::<16>().map_err(CodeError::from)?;
    r.end().map_err(CodeError::from)?;
    if got != step as u8 {
        return Err(TransferError::NotThisMove);
    }
    Ok((envelope.header.game_id, number))
}

/// Collects the parts of a moved game, in any order.
#[derive(Debug, Default, Clone)]
pub struct TransferReceiver {
    id: Option<u32>,
    parts: Vec<Option<Vec<u8>>>,
}

impl TransferReceiver {
    /// Adds one code; returns (parts read, parts in all). Nothing changes on error.
    pub fn add(&mut self, text: &str) -> Result<(usize, usize), TransferError> {
        let envelope = Envelope::from_text(text)?;
        if envelope.header.kind != CodeKind::Transfer {
            return Err(TransferError::NotTransfer);
        }
        let mut r = Reader::new(&envelope.body);
        let total = r.u16().map_err(CodeError::from)? as usize;
        let part = envelope.header.seq as usize;
        if total == 0 || part >= total {
            return Err(CodeError::Damaged(crate::tr!("part {} of {}", part + 1, total)).into());
        }
        if total > MAX_PARTS {
            return Err(CodeError::Damaged(crate::tr!(
                "it claims {} parts, and a moved game has at most {}",
                total,
                MAX_PARTS
            ))
            .into());
        }
        let data = r
            .take(envelope.body.len() - r.position())
            .map_err(CodeError::from)?
            .to_vec();
        match self.id {
            Some(id) if id != envelope.header.game_id || self.parts.len() != total => {
                return Err(TransferError::OtherTransfer);
            }
            _ => {}
        }
        if self.parts.get(part).is_some_and(Option::is_some) {
            return Err(TransferError::AlreadyRead(part as u16 + 1));
        }
        self.id = Some(envelope.header.game_id);
        self.parts.resize(total, None);
        self.parts[part] = Some(data);
        Ok((self.parts.iter().flatten().count(), total))
    }

    /// The id of the move whose parts are being read (once one is read).
    pub fn move_id(&self) -> Option<u32> {
        self.id
    }

    /// The parts still missing, numbered from 1.
    pub fn missing(&self) -> Vec<usize> {
        (0..self.parts.len())
            .filter(|i| self.parts[*i].is_none())
            .map(|i| i + 1)
            .collect()
    }

    pub fn is_complete(&self) -> bool {
        !self.parts.is_empty() && self.missing().is_empty()
    }

    /// The game the parts carry, read as a `T`, once every part is in (still
    /// to be checked by the game: `PassAndPlay::from_saved`).
    pub fn received<T: serde::de::DeserializeOwned>(&self) -> Result<T, TransferError> {
        if !self.is_complete() {
            return Err(TransferError::Broken(crate::tr!(
                "parts {} are missing",
                format!("{:?}", self.missing())
            )));
        }
        let packed: Vec<u8> = self.parts.iter().flatten().flatten().copied().collect();
        let digest = Sha256::digest(&packed);
        if Some(u32::from_le_bytes([
            digest[0], digest[1], digest[2], digest[3],
        ])) != self.id
        {
            return Err(TransferError::Broken(crate::tr!(
                "the parts do not fit together"
            )));
        }
        let mut json = Vec::new();
        DeflateDecoder::new(packed.as_slice())
            .take(MAX_SESSION_BYTES)
            .read_to_end(&mut json)
            .map_err(|e| TransferError::Broken(e.to_string()))?;
        serde_json::from_slice(&json).map_err(|e| TransferError::Broken(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A forged part of a moved game claiming `total` parts.
    fn forged_part(total: u16) -> String {
        let mut body = Writer::default();
        body.u16(total).bytes(&[1, 2, 3]);
        Envelope {
            header: Header {
                format: FIRST_CODE_FORMAT,
                kind: CodeKind::Transfer,
                sender: Side::Red,
                game_id: 7,
                seq: 0,
            },
            body: body.finish(),
        }
        .to_text()
    }

    /// Issue 17: a code declaring 65,535 parts used to be listed part by
    /// part; it is refused before anything is kept.
    #[test]
    fn a_code_claiming_more_parts_than_a_game_can_need_is_refused() {
        let mut receiver = TransferReceiver::default();
        let refused = receiver.add(&forged_part(u16::MAX)).unwrap_err();
        assert!(
            refused.to_string().contains("claims 65535 parts"),
            "{refused}"
        );
        assert!(receiver.missing().is_empty() && !receiver.is_complete());
        assert_eq!(
            receiver.add(&forged_part(MAX_PARTS as u16)).unwrap(),
            (1, MAX_PARTS)
        );
    }
}
