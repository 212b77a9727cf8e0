//! A tiny binary writer and reader for codes: bytes and small integers, with
//! errors that say where the data ran out or went wrong.

use crate::core::piece::Piece;
use crate::core::square::Square;
use crate::core::variant::{KindId, SuitId, Variant};

/// Why a code's bytes cannot be read (shown inside "the code is damaged: …";
/// `what` is already in the player's language).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    Truncated(usize),
    Invalid { at: usize, what: String },
    Trailing(usize),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            WireError::Truncated(at) => crate::tr!("the code ends too early (at byte {})", at),
            WireError::Invalid { at, what } => crate::tr!("byte {}: {}", at, what),
            WireError::Trailing(left) => {
                crate::tr!("the code has {} bytes left over at its end", left)
            }
        };
        f.write_str(&text)
    }
}

#[derive(Debug, Default)]
pub struct Writer {
    bytes: Vec<u8>,
}

impl Writer {
    pub fn u8(&mut self, value: u8) -> &mut Self {
        self.bytes.push(value);
        self
    }

    pub fn u16(&mut self, value: u16) -> &mut Self {
        self.bytes.extend_from_slice(&value.to_le_bytes());
        self
    }

    pub fn u32(&mut self, value: u32) -> &mut Self {
        self.bytes.extend_from_slice(&value.to_le_bytes());
        self
    }

    pub fn bytes(&mut self, value: &[u8]) -> &mut Self {
        self.bytes.extend_from_slice(value);
        self
    }

    /// A length-prefixed string of at most 255 bytes.
    pub fn text(&mut self, value: &str) -> &mut Self {
        let bytes = &value.as_bytes()[..value.len().min(255)];
        self.u8(bytes.len() as u8).bytes(bytes)
    }

    pub fn square(&mut self, variant: &Variant, square: Square) -> &mut Self {
        self.u8(square.row * variant.board.columns + square.col)
    }

    /// Kind, then flags (bit 0: a domino stone turned round, bit 1: a suit follows).
    pub fn piece(&mut self, piece: Piece) -> &mut Self {
        self.u8(piece.kind.0);
        let flags = u8::from(piece.flipped) | (u8::from(piece.suit.is_some()) << 1);
        self.u8(flags);
        if let Some(suit) = piece.suit {
            self.u8(suit.0);
        }
        self
    }

    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    pub fn position(&self) -> usize {
        self.at
    }

    pub fn invalid(&self, what: impl Into<String>) -> WireError {
        WireError::Invalid {
            at: self.at.saturating_sub(1),
            what: what.into(),
        }
    }

    pub fn take(&mut self, count: usize) -> Result<&'a [u8], WireError> {
        let end = self
            .at
            .checked_add(count)
            .filter(|end| *end <= self.bytes.len())
            .ok_or(WireError::Truncated(self.bytes.len()))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    pub fn u8(&mut self) -> Result<u8, WireError> {
        Ok(self.take(1)?[0])
    }

    pub fn u16(&mut self) -> Result<u16, WireError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    pub fn u32(&mut self) -> Result<u32, WireError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], WireError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    pub fn text(&mut self) -> Result<String, WireError> {
        let len = self.u8()? as usize;
        let bytes = self.take(len)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| self.invalid(crate::tr!("text is not UTF-8")))
    }

    pub fn square(&mut self, variant: &Variant) -> Result<Square, WireError> {
        let index = self.u8()?;
        let board = &variant.board;
        let square = Square::new(index % board.columns, index / board.columns);
        if !board.contains(square) {
            return Err(self.invalid(crate::tr!("square number {} is not on the board", index)));
        }
        Ok(square)
    }

    pub fn piece(&mut self, variant: &Variant) -> Result<Piece, WireError> {
        let kind = self.u8()?;
        if kind as usize >= variant.kinds.len() {
            return Err(self.invalid(crate::tr!("piece kind {} is not part of this game", kind)));
        }
        let flags = self.u8()?;
        if flags > 3 {
            return Err(self.invalid(crate::tr!("unknown piece flags")));
        }
        let suit = if flags & 2 != 0 {
            let suit = self.u8()?;
            if suit as usize >= variant.suits.len() {
                return Err(self.invalid(crate::tr!("suit {} is not part of this game", suit)));
            }
            Some(SuitId(suit))
        } else {
            None
        };
        Ok(Piece {
            kind: KindId(kind),
            suit,
            flipped: flags & 1 != 0,
        })
    }

    pub fn end(&self) -> Result<(), WireError> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            left => Err(WireError::Trailing(left)),
        }
    }
}
