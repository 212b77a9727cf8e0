//! Where a page keeps the files a player asks for (printed sheets, game
//! records, pictures of codes): the browser's downloads, each file handed
//! over as a download of its own.

use flagfall::platform::{ExportError, Exports, Kept};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

pub struct Downloads;

impl Exports for Downloads {
    fn keep(&self, file_name: &str, mime: &str, bytes: &[u8]) -> Result<Kept, ExportError> {
        download(file_name, mime, bytes).map_err(|e| {
            let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
            ExportError::Platform(why.into())
        })?;
        Ok(Kept {
            place: flagfall::tr!("your browser's downloads ({})", file_name),
            folder: None,
            address: None,
        })
    }
}

/// Hands `bytes` to the browser as the download `file_name`.
fn download(file_name: &str, mime: &str, bytes: &[u8]) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let address = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&address);
    link.set_download(file_name);
    link.click();
    // The download has its bytes by the time a minute has passed.
    let forget = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&address);
    });
    window.set_timeout_with_callback_and_timeout_and_arguments_0(forget.unchecked_ref(), 60_000)?;
    Ok(())
}
