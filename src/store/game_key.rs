//! Which game in progress a game is, as the settings keep it.

use crate::core::side::Side;

/// Which game in progress a game is, across the app's runs: a game on
/// this device by the date it began, a two-device game by its id and this
/// device's side (the app reopens the game it was on with it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GameKey {
    OneDevice { started: u64 },
    TwoDevices { game_id: u32, side: Side },
}
