//! A pass-and-play session as it is saved: plain data with a format
//! version. Restoring it replays every action through the rules, so a file
//! that parses but describes an impossible game is rejected, never trusted.

use crate::core::options::GameOptions;
use crate::core::record::SideRecord;
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

pub const SESSION_FORMAT: u32 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SavedStage {
    Deal,
    Setup,
    Play,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSession {
    pub format: u32,
    /// "pass-and-play" or "solo".
    pub mode: String,
    pub variant: String,
    pub options: GameOptions,
    pub stage: SavedStage,
    /// Whose deal or setup is under way (deal and setup stages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_side: Option<Side>,
    /// Each side's deal and setup so far; absent before the side has a deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<SideRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blue: Option<SideRecord>,
    /// Every action played, as in a game record.
    #[serde(default)]
    pub actions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handoff: Option<Side>,
    #[serde(default)]
    pub battle_on_show: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Side>,
    /// Seeds the generator for further deals and "fill for me".
    pub seed: u64,
    /// Solo games: the computer's side and level ("random", "heuristic", "best").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<SavedComputer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedComputer {
    pub side: Side,
    pub level: String,
}
