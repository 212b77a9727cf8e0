//! Codes read live from a camera: a platform that can open one (a
//! browser's getUserMedia, `flagfall-web`) shows it over the app and reads
//! each frame with the project's own QR reader (`link::qr_image`) until a
//! new code shows; the codes screens then take the codes as they take a
//! picture's. A camera that was already watching when the code appeared
//! (it read frames without a new code before) says when it saw it, which
//! times the other device's move in a timed two-device game
//! (`link::Sighting`).

use crate::link::Sighting;
use crate::link::codes::qr_image::read_codes_from_luma;
use crate::link::scan::PictureError;
use crate::platform::time_source::TimeSource;
use std::sync::Arc;
use std::sync::mpsc::Receiver;

/// Codes read, and how this device came by them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SightedCodes {
    pub codes: Vec<String>,
    pub sighting: Sighting,
}

impl SightedCodes {
    /// Codes come by any way but a watching camera (text, a picture).
    pub fn unsighted(codes: Vec<String>) -> SightedCodes {
        SightedCodes {
            codes,
            sighting: Sighting::Other,
        }
    }
}

/// What a camera is asked to watch for: any code but `known` (the codes
/// already on show or read, which the other device may still be showing),
/// timed on the app's time source.
#[derive(Clone)]
pub struct Watch {
    pub time: Arc<dyn TimeSource>,
    pub known: Vec<String>,
}

/// A camera the platform can open over the app.
pub trait Camera {
    /// Opens the camera and reads its frames until a code `watch` does not
    /// know shows, or the player closes it; the codes (and when a watching
    /// camera saw them: `FrameWatch`), or why none was read, come on the
    /// receiver.
    fn scan(&self, watch: Watch) -> Receiver<Result<SightedCodes, PictureError>>;
}

/// One watch over a camera's frames, for a platform's camera to hand each
/// frame to as it comes: the first new code, and whether the camera was
/// already watching when it appeared (a frame without a new code came
/// before it), and so when it was seen.
pub struct FrameWatch {
    watch: Watch,
    frames_without: u32,
}

impl FrameWatch {
    pub fn new(watch: Watch) -> FrameWatch {
        FrameWatch {
            watch,
            frames_without: 0,
        }
    }

    /// A frame that came just now, of `width` by `height` RGBA pixels: the
    /// new codes it shows, or none yet. The frame is timed as it comes,
    /// before it is read, so the reading's own time is not the other's.
    pub fn frame(&mut self, width: u32, height: u32, rgba: &[u8]) -> Option<SightedCodes> {
        let seen_at = self.watch.time.now();
        let codes: Vec<String> = codes_in_frame(width, height, rgba)
            .into_iter()
            .filter(|code| !self.known(code))
            .collect();
        if codes.is_empty() {
            self.frames_without = self.frames_without.saturating_add(1);
            return None;
        }
        let sighting = if self.frames_without > 0 {
            Sighting::Watched { seen_at }
        } else {
            Sighting::Other
        };
        Some(SightedCodes { codes, sighting })
    }

    fn known(&self, code: &str) -> bool {
        let code = code.trim();
        self.watch
            .known
            .iter()
            .any(|known| known.trim().eq_ignore_ascii_case(code))
    }
}

/// The largest frame read, in pixels (a 4K frame); a platform shrinks
/// larger ones first.
pub const MOST_FRAME_PIXELS: usize = 3840 * 2160;

/// The codes in a camera frame of `width` by `height` RGBA pixels (row
/// by row); none for a frame whose size does not match its pixels or that
/// is larger than `MOST_FRAME_PIXELS`.
pub fn codes_in_frame(width: u32, height: u32, rgba: &[u8]) -> Vec<String> {
    let pixels = (width as usize).saturating_mul(height as usize);
    if pixels == 0 || pixels > MOST_FRAME_PIXELS || rgba.len() != pixels * 4 {
        return Vec::new();
    }
    // Luma as BT.601 weighs it, in integers.
    let luma: Vec<u8> = rgba
        .chunks_exact(4)
        .map(|p| ((77 * u32::from(p[0]) + 150 * u32::from(p[1]) + 29 * u32::from(p[2])) >> 8) as u8)
        .collect();
    read_codes_from_luma(width, height, &luma)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::codes::qr_image::make_qr;

    /// A frame of `code` as a camera gives it: RGBA, on a coloured table,
    /// the code somewhere in the middle.
    fn frame_of(text: &str) -> (u32, u32, Vec<u8>) {
        let (side, _, luma) = make_qr(text).unwrap().to_luma(4);
        let (width, height) = (side + 120, side + 80);
        let mut rgba = Vec::new();
        for y in 0..height {
            for x in 0..width {
                let inside = (60..60 + side).contains(&x) && (40..40 + side).contains(&y);
                let v = if inside {
                    luma[((y - 40) * side + (x - 60)) as usize]
                } else {
                    200
                };
                rgba.extend_from_slice(&[v, v.saturating_sub(20), v / 2 + 100, 255]);
            }
        }
        (width, height, rgba)
    }

    #[test]
    fn a_frame_with_a_code_gives_its_text() {
        let (width, height, rgba) = frame_of("FLAGFALL:camera-test");
        assert_eq!(
            codes_in_frame(width, height, &rgba),
            vec!["FLAGFALL:camera-test"]
        );
    }

    /// Issue 77: a camera that was watching before the code appeared times
    /// it by the frame it came in; one opened on a code already showing
    /// cannot tell when it appeared; a code already known is no new code.
    #[test]
    fn a_watching_camera_times_the_new_code_by_its_frame() {
        use crate::platform::time_source::HandSet;
        let time = Arc::new(HandSet::default());
        let watch = Watch {
            time: time.clone(),
            known: vec!["FLAGFALL:OLD".into()],
        };
        let (width, height, code) = frame_of("FLAGFALL:NEW");
        let (_, _, old) = frame_of("FLAGFALL:OLD");
        let blank = vec![200; code.len()];

        let mut opened_on_it = FrameWatch::new(watch.clone());
        let read = opened_on_it.frame(width, height, &code).unwrap();
        assert_eq!(read.sighting, Sighting::Other, "it may have waited unseen");

        let mut watching = FrameWatch::new(watch);
        assert_eq!(
            watching.frame(width, height, &old),
            None,
            "known: no new code"
        );
        time.advance(std::time::Duration::from_secs(7));
        assert_eq!(watching.frame(width, height, &blank), None);
        time.advance(std::time::Duration::from_secs(3));
        let read = watching.frame(width, height, &code).unwrap();
        assert_eq!(read.codes, ["FLAGFALL:NEW"]);
        assert_eq!(
            read.sighting,
            Sighting::Watched {
                seen_at: std::time::Duration::from_secs(10)
            }
        );
    }

    #[test]
    fn a_frame_without_a_code_or_of_the_wrong_size_gives_nothing() {
        let (width, height, rgba) = frame_of("FLAGFALL:x");
        assert!(codes_in_frame(width, height, &vec![90; rgba.len()]).is_empty());
        // The size says more pixels than there are, or fewer.
        assert!(codes_in_frame(width + 1, height, &rgba).is_empty());
        assert!(codes_in_frame(width, height - 1, &rgba).is_empty());
        // A hostile size: no allocation of its promised pixels.
        assert!(codes_in_frame(u32::MAX, u32::MAX, &rgba).is_empty());
        assert!(codes_in_frame(0, 0, &[]).is_empty());
    }
}
