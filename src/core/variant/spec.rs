//! The variant file format (`variants/*.json`), exactly as written on disk.
//! Nothing here is trusted: `Variant::from_spec` checks it all.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    pub format: u32,
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default)]
    pub sources: Vec<String>,
    pub board: BoardSpec,
    pub setup: SetupSpec,
    pub combat: CombatSpec,
    #[serde(default)]
    pub dominoes: Option<DominoSpec>,
    #[serde(default)]
    pub suits: Option<SuitsSpec>,
    #[serde(default)]
    pub pieces: Vec<PieceSpec>,
    pub rules: RulesSpec,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    pub columns: u32,
    pub rows: u32,
    #[serde(default)]
    pub blocked: Vec<String>,
    #[serde(default = "default_blocked_name")]
    pub blocked_name: String,
}

fn default_blocked_name() -> String {
    "water".to_string()
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    pub rows: u32,
    pub must_fill: bool,
    /// Both sides set up anywhere on the board (Gravon's free setup):
    /// `rows` is then the board's.
    #[serde(default)]
    pub anywhere: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, tag = "model", rename_all = "lowercase")]
pub enum CombatSpec {
    Rank {
        /// A bomb that is attacked goes with its attacker (unless a defuser).
        #[serde(default)]
        one_time_bombs: bool,
    },
    Domino {
        flag: String,
        flag_slayer: String,
    },
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DominoSpec {
    pub max_pips: u32,
    pub dealt: u32,
    #[serde(default)]
    pub must_hold: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuitsSpec {
    pub red: Vec<SuitSpec>,
    pub blue: Vec<SuitSpec>,
    pub discard: DiscardSpec,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuitSpec {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscardSpec {
    pub one_suit_loses: String,
    pub other_suit_loses: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub rank: Option<i32>,
    pub count: u32,
    #[serde(rename = "move")]
    pub mobility: String,
    #[serde(default)]
    pub special: Option<String>,
    #[serde(default)]
    pub public: bool,
    #[serde(default)]
    pub labels: Option<LabelsSpec>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelsSpec {
    pub modern: String,
    pub classic: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    pub two_squares: TwoSquaresSpec,
    pub quiet_ply_limit: Option<u32>,
    /// Not offered when the file leaves it out.
    #[serde(default)]
    pub more_squares: OptionSpec,
    pub aggressor_advantage: OptionSpec,
    pub silent_defense: OptionSpec,
    pub rescue: RescueSpec,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwoSquaresSpec {
    pub default: String,
    pub choices: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    pub offered: bool,
    pub default: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RescueSpec {
    pub offered: bool,
    pub default: bool,
    pub per_player: u32,
    pub same_piece_twice: bool,
    /// Ultimate Lightning: scouts never rescue.
    #[serde(default = "yes")]
    pub by_scouts: bool,
    /// Ultimate Lightning: a bomb that went off may come back.
    #[serde(default)]
    pub bombs: bool,
}

fn yes() -> bool {
    true
}
