//! A pass-and-play session as it is saved: plain data with a format
//! version. Restoring it replays every action through the rules, so a file
//! that parses but describes an impossible game is rejected, never trusted.

use super::setup_draft::SetupDraft;
use crate::core::options::GameOptions;
use crate::core::record::{SideRecord, side_start};
use crate::core::side::Side;
use crate::core::variant::{Variant, builtin_variant};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

/// The first checks of any saved game: its format, its variant, and options
/// that variant offers.
pub fn saved_variant(
    format: u32,
    readable: u32,
    variant: &str,
    options: &GameOptions,
) -> Result<Arc<Variant>, String> {
    if format != readable {
        return Err(crate::tr!(
            "it has format {}, and this app reads format {}",
            format,
            readable
        ));
    }
    let variant = builtin_variant(variant)
        .ok_or_else(|| crate::tr!("it is for an unknown variant \"{}\"", variant))?;
    let problems = options.problems(&variant);
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    Ok(variant)
}

/// A side's saved deal and (possibly unfinished) setup as a setup draft,
/// checked against the variant.
pub fn restore_draft(
    variant: &Arc<Variant>,
    side: Side,
    record: &SideRecord,
) -> Result<SetupDraft, String> {
    let (deal, setup) = side_start(variant, side, record).map_err(|e| e.to_string())?;
    deal.army(variant, side)
        .map_err(|e| crate::tr!("{}'s deal: {}", crate::i18n::translate(side.name()), e))?;
    let mut draft = SetupDraft::new(Arc::clone(variant), side, deal);
    draft.load(&setup);
    if draft.placed().count() != setup.placements.len() {
        return Err(crate::tr!(
            "{}'s setup does not fit the variant or the deal",
            crate::i18n::translate(side.name())
        ));
    }
    Ok(draft)
}
