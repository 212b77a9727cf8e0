//! The page's clipboard (`navigator.clipboard`) for the codes screens'
//! "Copy the code's text" and "Paste and read" (`flagfall::session::
//! clipboard`), and the Web Share API for their "Share…" where the browser
//! has one (phones' browsers do; most desktop ones do not).

use flagfall::link::{Clipboard, PasteError, PictureError, pasted};
use flagfall::platform::{ShareError, ShareSheet};
use std::sync::mpsc::{Receiver, channel};
use wasm_bindgen_futures::JsFuture;

pub struct PageClipboard;

fn navigator() -> Option<web_sys::Navigator> {
    web_sys::window().map(|w| w.navigator())
}

/// A rejected promise's reason, in words.
fn reason(e: wasm_bindgen::JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()?
                .as_string()
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

impl Clipboard for PageClipboard {
    fn copy_text(&self, text: &str) {
        if let Some(navigator) = navigator() {
            let written = navigator.clipboard().write_text(text);
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(e) = JsFuture::from(written).await {
                    crate::web_log(&format!("the code's text was not copied: {}", reason(e)));
                }
            });
        }
    }

    fn paste_text(&self) -> Receiver<Result<Vec<String>, PictureError>> {
        let (sender, receiver) = channel();
        let Some(navigator) = navigator() else {
            let _ = sender.send(Err(PasteError::Refused("no navigator".into()).into()));
            return receiver;
        };
        let read = navigator.clipboard().read_text();
        wasm_bindgen_futures::spawn_local(async move {
            let result = match JsFuture::from(read).await {
                Ok(text) => pasted(text.as_string().unwrap_or_default()),
                Err(e) => Err(PasteError::Refused(reason(e)).into()),
            };
            let _ = sender.send(result);
        });
        receiver
    }
}

/// The browser's share sheet (`navigator.share`).
pub struct WebShare;

impl WebShare {
    /// The share sheet, where the browser has one.
    pub fn if_any() -> Option<WebShare> {
        let navigator = navigator()?;
        js_sys::Reflect::has(&navigator, &"share".into())
            .unwrap_or(false)
            .then_some(WebShare)
    }
}

impl ShareSheet for WebShare {
    fn share_text(&self, title: &str, text: &str) -> Result<(), ShareError> {
        let navigator =
            navigator().ok_or_else(|| ShareError::Unreachable("no navigator".into()))?;
        let data = web_sys::ShareData::new();
        data.set_title(title);
        data.set_text(text);
        let shared = navigator.share_with_data(&data);
        wasm_bindgen_futures::spawn_local(async move {
            // The player closing the sheet rejects it too: nothing to say.
            if let Err(e) = JsFuture::from(shared).await {
                crate::web_log(&format!("the share sheet closed: {}", reason(e)));
            }
        });
        Ok(())
    }

    fn share_file(&self, _title: &str, _address: &str, _mime: &str) -> Result<(), ShareError> {
        // A page's downloads have no address to share them by (Kept::address).
        Err(ShareError::NotOpened(flagfall::tr!(
            "a browser page cannot share a saved file"
        )))
    }
}
