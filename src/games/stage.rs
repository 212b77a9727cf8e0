//! Where a game on this device stands, in the same words for every kind of
//! game: the stage the router picks a screen by.

use crate::core::side::Side;

/// Where a game stands, as the screens show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Two devices: the fair deal's codes go back and forth before this
    /// device's player sees its hand.
    Dealing,
    /// The player looks at its deal (dominoes) or chooses its discards
    /// (piecepack).
    Deal(Side),
    /// The player arranges its army.
    Setup(Side),
    /// One device changes hands: nothing of either army is shown until the
    /// player who takes it taps; then it goes on with `Step`.
    HandOff(Side, Step),
    /// The player on screen acts (or watches the computer think).
    Play,
    /// Two devices: this device's code is on show, and the other device's
    /// next code is awaited (to join, to answer, or to open its setup at
    /// the end).
    Waiting,
    /// Over for good (two devices: checked, or abandoned).
    Over,
}

/// What the player who takes the device does first after a hand-off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Deal,
    Setup,
    Play,
}
