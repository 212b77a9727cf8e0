//! Why no code was read from a picture: the newest photos, a picture file,
//! the camera or the platform's clipboard. One file for the errors of every
//! way a code comes in, so the ways need not know each other.

use crate::link::MAX_PASTED_BYTES;
use crate::link::codes::qr_image::{ReadError, Undecodable};
use crate::platform::bounded_read::FileRefused;

/// Why the platform's pictures cannot be reached.
#[derive(Debug, thiserror::Error)]
pub enum PhotosUnreachable {
    /// The player has not let the app read the pictures yet; the platform
    /// has asked them.
    NotAllowed,
    /// The platform's gallery cannot be opened.
    NoGallery,
    /// The platform failed, in its own words.
    Platform(String),
}

impl std::fmt::Display for PhotosUnreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            PhotosUnreachable::NotAllowed => crate::tr!(
                "Flagfall may not read your photos yet: allow it when asked, then tap \"Read the newest picture\" again"
            ),
            PhotosUnreachable::NoGallery => crate::tr!("the phone's gallery cannot be opened"),
            PhotosUnreachable::Platform(why) => {
                crate::tr!("the phone's gallery cannot be read ({})", why)
            }
        })
    }
}

/// Why no code was read from the newest pictures, a picture file, the
/// camera or the platform's clipboard.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error(transparent)]
    Unreachable(#[from] PhotosUnreachable),
    /// There are no pictures where the platform keeps them.
    NoPictures,
    /// None of the newest `looked_at` pictures holds a code.
    NoCode { looked_at: usize },
    /// A code was found in the picture `name` but could not be read.
    Damaged { name: String, reason: Undecodable },
    /// The picture file `name` could not be read.
    File {
        name: String,
        #[source]
        reason: FileRefused,
    },
    /// The picture file `name` holds no code that could be read.
    Picture {
        name: String,
        #[source]
        reason: ReadError,
    },
    /// The reading stopped before it was done (its thread ended).
    Stopped,
    /// The camera read no code.
    Camera(#[from] CameraError),
    /// Nothing was pasted from the platform's clipboard.
    Pasted(#[from] PasteError),
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            PictureError::Unreachable(why) => why.to_string(),
            PictureError::NoPictures => crate::tr!("there are no pictures to read yet"),
            PictureError::NoCode { looked_at } => crate::tr!(
                "none of the newest {} pictures holds a code; take a photo of the other device's code first",
                looked_at
            ),
            PictureError::Damaged { name, reason } => crate::tr!(
                "a code was found but could not be read ({}); take the photo again, closer and sharper",
                crate::tr!("{}: {}", name, reason)
            ),
            PictureError::File { name, reason } => format!("{name}: {reason}"),
            PictureError::Picture { name, reason } => format!("{name}: {reason}"),
            PictureError::Stopped => crate::tr!("reading the picture failed; try again"),
            PictureError::Camera(why) => why.to_string(),
            PictureError::Pasted(why) => why.to_string(),
        })
    }
}

/// Why the camera read no code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CameraError {
    /// The player, or the browser, did not let the app use the camera.
    Denied,
    /// There is no camera.
    NoCamera,
    /// The camera could not be opened, in the platform's words.
    Failed(String),
    /// The player closed the camera before it read a code.
    Closed,
}

impl std::fmt::Display for CameraError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            CameraError::Denied => crate::tr!(
                "the camera was not allowed: allow it in the browser's settings, or paste the code's text or open a picture of it"
            ),
            CameraError::NoCamera => {
                crate::tr!("no camera was found: paste the code's text or open a picture of it")
            }
            CameraError::Failed(why) => crate::tr!(
                "the camera could not be opened ({}): paste the code's text or open a picture of it",
                why
            ),
            CameraError::Closed => crate::tr!("the camera was closed before it read a code"),
        })
    }
}

/// Why no code was pasted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasteError {
    /// The platform would not read its clipboard, in its own words.
    Refused(String),
    /// The clipboard holds more text than any code can be.
    TooLong { bytes: usize },
}

impl std::fmt::Display for PasteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            PasteError::Refused(why) => crate::tr!(
                "the clipboard could not be read ({}): paste the code's text into the field instead",
                why
            ),
            PasteError::TooLong { bytes } => crate::tr!(
                "That text is {} KB, longer than any code can be (at most {} KB): nothing was read.",
                bytes / 1024,
                MAX_PASTED_BYTES / 1024
            ),
        })
    }
}
