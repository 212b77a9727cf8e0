//! Two devices linked by codes (QR images or their text), and whole games
//! moved from one device to another. A device sends only what the rules
//! show; each commits to its setup at the start and opens it at the end
//! (the protocol, with every lie and what it gets: `docs/two-devices.md`).
//!
//! From the ground up: `codes` writes bytes as text and pictures and reads
//! them back; `public_setup` is what everyone sees of a setup, `stand_in` the army
//! the engine plays on in place of the enemy's hidden one, `replay` plays a
//! game's plies again, and `fair_deal` deals a domino hand neither device can
//! choose. `message` is what a code holds; `error` why one is refused;
//! `verify` checks the other device's claims once it opens its setup.
//! `invitation` reads an invitation, `deal_handshake` makes and reads the fair
//! deal's codes, and `device` is one device's side of a game. `selfplay`
//! plays two computer players through codes, `transfer` cuts a whole game
//! into codes and joins them again, and `scan` reads codes from photos, a camera or a clipboard. A two-device game
//! kept on this device is `crate::games::TwoDeviceGame`: the protocol knows
//! no game of this device.

pub mod codes;
mod deal_handshake;
mod device;
mod endpoint;
mod error;
pub mod fair_deal;
mod invitation;
pub mod message;
mod public_setup;
mod replay;
pub mod scan;
pub mod selfplay;
pub mod sighting;
mod stand_in;
#[cfg(test)]
mod test_rng;
mod transfer;
mod verify;

pub use codes::qr_image::{MAX_PICTURE_FILE_BYTES, read_codes};
pub use deal_handshake::DealHandshake;
pub use device::{ALLOWANCE, ClockTerms, LinkStatus, LinkedGame, TRAVEL, TheirTime};
pub use endpoint::Endpoint;
pub use error::{LinkError, Refusal};
pub use invitation::{Invitation, not_for_two_devices};
pub use message::{CodeError, CodeKind, Envelope, TEXT_PREFIX};
pub use scan::camera::{Camera, FrameWatch, SightedCodes, Watch};
pub use scan::clipboard::{Clipboard, pasted};
pub use scan::photos::PhotoSource;
pub use scan::{CameraError, PasteError, PhotosUnreachable, PictureError};
pub use sighting::Sighting;
pub use transfer::{
    Handover, MAX_PARTS, TransferError, TransferReceiver, handover_code, move_id, read_handover,
    transfer_codes,
};
pub use verify::ClaimsVerdict;

/// The longest pasted text read as codes: every part of the largest moved
/// game at once, with room to spare. Longer text is refused unread.
pub const MAX_PASTED_BYTES: usize = 256 * 1024;
