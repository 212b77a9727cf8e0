//! The browser's camera for the codes screens (`flagfall::link::scan::camera`):
//! `camera.js` shows it over the app (getUserMedia) with "Choose a picture…"
//! and "Cancel", and hands each frame, or the picture chosen, to the
//! project's own QR reader here.

use flagfall::link::{
    Camera, CameraError, FrameWatch, MAX_PICTURE_FILE_BYTES, PictureError, SightedCodes, Watch,
    read_codes,
};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, Sender, channel};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/camera.js")]
extern "C" {
    #[wasm_bindgen(js_name = scanCodes)]
    fn scan_codes(labels: &JsValue, read_frame: &JsValue, read_file: &JsValue, finished: &JsValue);
}

pub struct BrowserCamera;

/// Where the codes go: once, whichever of the frames, the file and the
/// layer's closing comes first.
type Answer = Rc<RefCell<Option<Sender<Result<SightedCodes, PictureError>>>>>;

fn answer(to: &Answer, result: Result<SightedCodes, PictureError>) {
    if let Some(sender) = to.borrow_mut().take() {
        let _ = sender.send(result);
    }
}

impl Camera for BrowserCamera {
    fn scan(&self, watch: Watch) -> Receiver<Result<SightedCodes, PictureError>> {
        let (sender, receiver) = channel();
        let to: Answer = Rc::new(RefCell::new(Some(sender)));
        let frames = Rc::clone(&to);
        let mut watching = FrameWatch::new(watch);
        let read_frame = Closure::<dyn FnMut(u32, u32, Vec<u8>) -> bool>::new(
            move |width: u32, height: u32, rgba: Vec<u8>| match watching.frame(width, height, &rgba)
            {
                Some(read) => {
                    answer(&frames, Ok(read));
                    true
                }
                None => false,
            },
        );
        let files = Rc::clone(&to);
        let read_file = Closure::<dyn FnMut(Vec<u8>, String) -> String>::new(
            move |bytes: Vec<u8>, name: String| {
                let read = if bytes.len() as u64 > MAX_PICTURE_FILE_BYTES {
                    Err(flagfall::tr!(
                        "{}: the file is too large to be a picture of a code",
                        name
                    ))
                } else {
                    read_codes(&bytes)
                        .map_err(|reason| PictureError::Picture { name, reason }.to_string())
                };
                match read {
                    Ok(codes) => {
                        answer(&files, Ok(SightedCodes::unsighted(codes)));
                        String::new()
                    }
                    Err(why) => why,
                }
            },
        );
        let finished = Closure::once_into_js(move |outcome: String, detail: String| {
            let why = match outcome.as_str() {
                "found" => return,
                "denied" => CameraError::Denied,
                "none" => CameraError::NoCamera,
                "failed" => CameraError::Failed(detail),
                _ => CameraError::Closed,
            };
            answer(&to, Err(PictureError::Camera(why)));
        });
        scan_codes(
            &labels(),
            &read_frame.into_js_value(),
            &read_file.into_js_value(),
            &finished,
        );
        receiver
    }
}

/// The layer's words, in the app's language.
fn labels() -> JsValue {
    let labels = js_sys::Object::new();
    for (key, text) in [
        ("title", flagfall::tr!("Scan with the camera")),
        (
            "hint",
            flagfall::tr!("Point the camera at the other device's code."),
        ),
        ("choose", flagfall::tr!("Choose a picture…")),
        ("cancel", flagfall::tr!("Cancel")),
        ("denied", CameraError::Denied.to_string()),
        ("none", CameraError::NoCamera.to_string()),
        ("failed", flagfall::tr!("The camera could not be opened")),
    ] {
        let _ = js_sys::Reflect::set(&labels, &key.into(), &text.into());
    }
    labels.into()
}
