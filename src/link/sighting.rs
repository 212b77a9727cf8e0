//! How this device came by the other device's code, which says how much of
//! its wait for the code was the other's time (`device/clock.rs`).

use std::time::Duration;

/// How this device came by a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sighting {
    /// A camera that was already watching when the code appeared saw it in
    /// a frame taken at `seen_at` (on the app's time source): the code
    /// appeared then, give or take a frame.
    Watched { seen_at: Duration },
    /// Any other way: pasted text, a picture, or a camera opened on a code
    /// already showing. When the code appeared is not known.
    #[default]
    Other,
}
