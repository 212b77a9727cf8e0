//! How a code comes in as a picture: the newest photos (`photos`), a camera
//! (`camera`) or a platform's clipboard (`clipboard`); why none was read
//! (`picture_error`).

pub mod camera;
pub mod clipboard;
pub mod photos;
mod picture_error;

pub use picture_error::{CameraError, PasteError, PhotosUnreachable, PictureError};
