//! A pass-and-play game as it is saved: plain data with a format
//! version. Restoring it replays every action through the rules, so a file
//! that parses but describes an impossible game is rejected, never trusted.

use crate::core::clock::GameClock;
use crate::core::deal::DealError;
use crate::core::game::StartError;
use crate::core::moves::IllegalMove;
use crate::core::options::GameOptions;
use crate::core::record::{ParseActionError, RecordError, SideRecord, side_start};
use crate::core::seen::Seen;
use crate::core::side::Side;
use crate::core::variant::{Variant, builtin_variant};
use crate::games::game_error::GameError;
use crate::games::setup_draft::SetupDraft;
use crate::i18n::translate;
use crate::link::LinkError;
use serde::{Deserialize, Serialize};
use std::fmt;
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
pub struct SavedPassAndPlay {
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
    /// A timed game's clocks, paused when saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<GameClock>,
    /// When the game began (milliseconds since 1970, UTC): it names the
    /// game's file, so several games of one kind can be in progress. Games
    /// saved before there was one have a file named for their kind alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<u64>,
    /// What both players saw in plies taken back (solo practice), which
    /// stays seen.
    #[serde(default, skip_serializing_if = "Seen::is_empty")]
    pub seen: Seen,
    /// The players' names (pass-and-play), Red's then Blue's, where given.
    #[serde(default, skip_serializing_if = "no_names")]
    pub players: [Option<String>; 2],
    /// A move of the game between devices, under way or done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handed: Option<crate::games::handover::Handed>,
}

fn no_names(names: &[Option<String>; 2]) -> bool {
    names.iter().all(Option::is_none)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedComputer {
    pub side: Side,
    pub level: String,
}

/// Why a saved game (a file in the data folder, or a game moved from
/// another device) could not be taken up again; put into words, in the
/// player's language, where it is shown.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read, or is not JSON of a saved game (as the
    /// system or the JSON reader says it).
    Unreadable(String),
    /// A save format this app does not read.
    Format {
        found: u32,
        readable: u32,
    },
    UnknownVariant(String),
    /// Options the variant does not offer, each in words.
    Options(Vec<String>),
    /// A side's deal or setup as written cannot be read.
    Record(RecordError),
    Deal {
        side: Side,
        problem: DealError,
    },
    /// A side's setup does not fit the variant or its deal.
    SetupMisfit(Side),
    UnknownLevel(String),
    /// A mode ("pass-and-play", "solo") this app does not play.
    Mode(String),
    NoStageSide,
    NoDeal(Side),
    NoSetup(Side),
    SetupMissing,
    Start(StartError),
    /// Move `number` (from 1) cannot be read.
    BadMove {
        number: usize,
        text: String,
        problem: ParseActionError,
    },
    IllegalMove {
        number: usize,
        text: String,
        problem: IllegalMove,
    },
    StageMismatch,
    /// The clocks saved do not fit the game's time control or its turn.
    Clock,
    /// What was seen in plies taken back names a piece the game has not.
    Seen,
    /// The players' names cannot be told apart, or are too long.
    Players(crate::games::players::PlayersError),
    // Two-device games:
    Salt,
    Invitation(LinkError),
    InvitationElsewhere,
    /// A game whose deal is chance, saved before the fair deal existed.
    BeforeFairDeal {
        variant: String,
        format: u32,
    },
    DealStep(LinkError),
    NotTheDealtHand,
    NotReady(GameError),
    Commitment,
    /// Entry `number` (from 1) of the log of codes and actions.
    Log {
        number: usize,
        problem: LogProblem,
    },
    /// A stage that does not match what the file holds.
    Stage(String),
}

impl From<crate::store::kept::Unreadable> for LoadError {
    fn from(unreadable: crate::store::kept::Unreadable) -> LoadError {
        LoadError::Unreadable(unreadable.0)
    }
}

/// What is wrong with an entry of a two-device game's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogProblem {
    /// Neither a code read, an action played nor a draw offer or answer.
    Unknown(String),
    /// An action that cannot be read.
    NotAnAction(String),
    /// Replayed, it is refused.
    Refused(LinkError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side_name = |side: &Side| translate(side.name());
        let text = match self {
            LoadError::Unreadable(why) => why.clone(),
            LoadError::Format { found, readable } => crate::tr!(
                "it has format {}, and this app reads format {}",
                found,
                readable
            ),
            LoadError::UnknownVariant(id) => {
                crate::tr!("it is for an unknown variant \"{}\"", id)
            }
            LoadError::Options(problems) => problems.join("; "),
            LoadError::Record(e) => e.to_string(),
            LoadError::Deal { side, problem } => {
                crate::tr!("{}'s deal: {}", side_name(side), problem)
            }
            LoadError::SetupMisfit(side) => crate::tr!(
                "{}'s setup does not fit the variant or the deal",
                side_name(side)
            ),
            LoadError::UnknownLevel(level) => {
                crate::tr!("\"{}\" is not a computer level", level)
            }
            LoadError::Mode(mode) => {
                crate::tr!("it is a \"{}\" game, which this app cannot continue", mode)
            }
            LoadError::NoStageSide => crate::tr!("its stage names no side"),
            LoadError::NoDeal(side) => crate::tr!("{}'s deal is missing", side_name(side)),
            LoadError::NoSetup(side) => crate::tr!("{}'s setup is missing", side_name(side)),
            LoadError::SetupMissing => crate::tr!("a setup is missing"),
            LoadError::Start(e) => e.to_string().replace('\n', " "),
            LoadError::BadMove {
                number,
                text,
                problem,
            } => crate::tr!("move {} \"{}\": {}", number, text, problem),
            LoadError::IllegalMove {
                number,
                text,
                problem,
            } => crate::tr!("move {} ({}) is illegal: {}", number, text, problem),
            LoadError::StageMismatch => crate::tr!("its stage does not match the game's moves"),
            LoadError::Clock => {
                crate::tr!("its clocks do not match the game's time control or whose turn it is")
            }
            LoadError::Players(e) => crate::tr!("its players' names: {}", e),
            LoadError::Seen => {
                crate::tr!("what was seen before a take-back names a piece the game does not have")
            }
            LoadError::Salt => crate::tr!("its salt is not 32 hexadecimal digits"),
            LoadError::Invitation(e) => crate::tr!("its invitation: {}", e),
            LoadError::InvitationElsewhere => crate::tr!("its invitation is for another game"),
            LoadError::BeforeFairDeal { variant, format } => crate::tr!(
                "it is a {} game dealt before the fair deal (save format {}); it cannot go on",
                translate(variant),
                format
            ),
            LoadError::DealStep(e) => crate::tr!("its deal step: {}", e),
            LoadError::NotTheDealtHand => crate::tr!("its hand is not the one the fair deal gave"),
            LoadError::NotReady(e) => e.to_string().replace('\n', "; "),
            LoadError::Commitment => {
                crate::tr!("its setup is not the one this device committed to at the start")
            }
            LoadError::Log { number, problem } => {
                let problem = match problem {
                    LogProblem::Unknown(line) => crate::tr!(
                        "\"{}\" is neither a code read, an action played nor a draw offer or answer",
                        line
                    ),
                    LogProblem::NotAnAction(action) => {
                        crate::tr!("\"{}\" is not an action", action)
                    }
                    LogProblem::Refused(e) => e.to_string(),
                };
                crate::tr!("entry {} of its log: {}", number, problem)
            }
            LoadError::Stage(stage) => {
                crate::tr!("its stage \"{}\" does not match its setup", stage)
            }
        };
        f.write_str(&text)
    }
}

/// The first checks of any saved game: its format, its variant, and options
/// that variant offers.
pub fn saved_variant(
    format: u32,
    readable: u32,
    variant: &str,
    options: &GameOptions,
) -> Result<Arc<Variant>, LoadError> {
    if format != readable {
        return Err(LoadError::Format {
            found: format,
            readable,
        });
    }
    let variant =
        builtin_variant(variant).ok_or_else(|| LoadError::UnknownVariant(variant.to_string()))?;
    let problems = options.problems(&variant);
    if !problems.is_empty() {
        return Err(LoadError::Options(problems));
    }
    Ok(variant)
}

/// A side's saved deal and (possibly unfinished) setup as a setup draft,
/// checked against the variant.
pub fn restore_draft(
    variant: &Arc<Variant>,
    side: Side,
    record: &SideRecord,
) -> Result<SetupDraft, LoadError> {
    let (deal, setup) = side_start(variant, side, record).map_err(LoadError::Record)?;
    deal.army(variant, side)
        .map_err(|problem| LoadError::Deal { side, problem })?;
    let mut draft = SetupDraft::new(Arc::clone(variant), side, deal);
    draft.load(&setup);
    if draft.placed().count() != setup.placements.len() {
        return Err(LoadError::SetupMisfit(side));
    }
    Ok(draft)
}
