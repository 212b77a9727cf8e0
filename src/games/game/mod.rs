//! One game on this device, whichever kind it is: both players on this
//! device (pass and play, or one against the computer: `PassAndPlay`), or
//! this device's player against another device by codes
//! (`TwoDeviceGame`). The screens use either through `DeviceGame`
//! (`game()`); only saving and loading (`kept.rs`) tell the kinds apart.

pub mod kept;

use crate::games::device_game::DeviceGame;
use crate::games::{PassAndPlay, TwoDeviceGame};
use crate::store::GameKey;

/// For tests that drive one kind of game or the other alike: does `act`
/// where the game hands off, nothing between two devices.
#[cfg(test)]
pub(crate) fn hand_off(game: &mut GameOnDevice, act: impl FnOnce(&mut dyn crate::games::HandOffs)) {
    if let Some(hand_offs) = game.game_mut().hand_offs() {
        act(hand_offs);
    }
}

impl GameOnDevice {
    /// This game's key; none for a game on this device not yet dated.
    pub fn key(&self) -> Option<GameKey> {
        match self {
            GameOnDevice::OneDevice(game) => {
                game.started().map(|started| GameKey::OneDevice { started })
            }
            GameOnDevice::TwoDevices(game) => Some(GameKey::TwoDevices {
                game_id: game.game_id(),
                side: game.side(),
            }),
        }
    }
}

/// A game on this device.
// Not boxed: the two differ by under 300 bytes, which one is larger depends
// on the target (wasm32 or 64-bit), and the app holds one game at a time.
#[allow(
    clippy::large_enum_variant,
    reason = "fires on some targets only (above)"
)]
#[derive(Debug)]
pub enum GameOnDevice {
    /// Both players on this device, or one against the computer.
    OneDevice(PassAndPlay),
    /// This device's player against a player on another device.
    TwoDevices(TwoDeviceGame),
}

impl From<PassAndPlay> for GameOnDevice {
    fn from(game: PassAndPlay) -> GameOnDevice {
        GameOnDevice::OneDevice(game)
    }
}

impl From<TwoDeviceGame> for GameOnDevice {
    fn from(game: TwoDeviceGame) -> GameOnDevice {
        GameOnDevice::TwoDevices(game)
    }
}

impl GameOnDevice {
    /// The game, as the screens use it whichever kind it is.
    pub fn game(&self) -> &dyn DeviceGame {
        match self {
            GameOnDevice::OneDevice(game) => game,
            GameOnDevice::TwoDevices(game) => game,
        }
    }

    /// The game, to play on, whichever kind it is.
    pub fn game_mut(&mut self) -> &mut dyn DeviceGame {
        match self {
            GameOnDevice::OneDevice(game) => game,
            GameOnDevice::TwoDevices(game) => game,
        }
    }

    /// The game when both players are on this device (or one against the
    /// computer).
    pub fn one_device(&self) -> Option<&PassAndPlay> {
        match self {
            GameOnDevice::OneDevice(game) => Some(game),
            GameOnDevice::TwoDevices(_) => None,
        }
    }

    /// The game when both players are on this device, to play on.
    pub fn one_device_mut(&mut self) -> Option<&mut PassAndPlay> {
        match self {
            GameOnDevice::OneDevice(game) => Some(game),
            GameOnDevice::TwoDevices(_) => None,
        }
    }
}
