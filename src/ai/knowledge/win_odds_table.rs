//! How a material lead turns into a chance of winning, from Gravon's
//! classic records (13041 games with a winner, 4353896 positions). Made by
//! `flagfall win-odds` (src/tools/win_odds.rs says how); do not edit by hand.
//!
//! Red's lead (material) | positions | Red won | the curve says
//! -60 to -30 | 231820 | 9.3% | 9.6%
//! -30 to -15 | 528327 | 20.7% | 22.9%
//! -15 to -5 | 787892 | 35.2% | 36.6%
//! -5 to 5 | 1209012 | 48.9% | 49.9%
//! 5 to 15 | 803220 | 61.4% | 63.2%
//! 15 to 30 | 531215 | 76.7% | 77.0%
//! 30 to 60 | 206956 | 89.5% | 90.3%

/// The curve's slope in the material lead:
/// P(win) = 1 / (1 + e^-(SLOPE * lead + EXPOSED * exposure)).
pub const SLOPE: f32 = 0.05894;

/// Its slope in how much more exposed the enemy's Marshal is than ours
/// (seen while the other side's spy stands).
pub const EXPOSED: f32 = 0.16285;
