//! A game moved between devices, as this device holds it while the move
//! is handed over (`link::transfer` says how): arriving (read from the
//! other device, locked until it lets go) or moved away (the other device
//! has it: kept here only to look at, and to show the release again). A
//! game in either state is played on nowhere here.

use crate::link::{Handover, handover_code};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Handed {
    /// Read from another device, which still holds it: this device shows
    /// its receipt (move `id`, this device's `number`) and waits for the
    /// release.
    Arriving { id: u32, number: [u8; 16] },
    /// Moved to another device, which read its codes and showed its
    /// receipt, on `on` (milliseconds since 1970): this device shows the
    /// release and plays it on no more.
    MovedAway { id: u32, number: [u8; 16], on: u64 },
}

impl Handed {
    /// The code this device shows for the move: its receipt while the game
    /// arrives, the release once it let go of the game.
    pub fn code(&self) -> String {
        match *self {
            Handed::Arriving { id, number } => handover_code(Handover::Receipt, id, number),
            Handed::MovedAway { id, number, .. } => handover_code(Handover::Release, id, number),
        }
    }
}
