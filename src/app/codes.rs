//! The codes screen's glue: a game moved to another device shown as QR
//! codes, and codes read from pasted text or a picture file.

use super::{State, continue_game};
use crate::session::PassAndPlay;
use crate::session::link::qr_image::{make_qr, read_codes};
use crate::session::link::{LinkError, TransferError, TransferReceiver, transfer_codes};
use crate::session::pass_and_play::Stage;
use slint::{Image, Rgb8Pixel, SharedPixelBuffer};
use std::sync::mpsc::{Receiver, TryRecvError};

pub(super) enum Codes {
    /// The current game, in parts.
    Send { texts: Vec<String>, index: usize },
    Receive {
        receiver: TransferReceiver,
        status: String,
    },
}

/// Shows the game in progress as codes for another device.
pub(super) fn send_game(s: &mut State) {
    let Some(session) = s.session.as_ref().filter(|x| x.stage() != Stage::Over) else {
        return;
    };
    s.codes = Some(Codes::Send {
        texts: transfer_codes(&session.to_saved()),
        index: 0,
    });
    s.at_home = true;
}

pub(super) fn start_reading(s: &mut State) {
    s.codes = Some(Codes::Receive {
        receiver: TransferReceiver::default(),
        status: String::new(),
    });
    s.at_home = true;
}

pub(super) fn step(s: &mut State, by: isize) {
    if let Some(Codes::Send { texts, index }) = &mut s.codes {
        *index = index.saturating_add_signed(by).min(texts.len() - 1);
    }
}

pub(super) fn read_text(s: &mut State, text: &str) {
    receive(s, &[text.to_string()]);
}

/// The codes in a picture file, or what went wrong, naming the file.
pub(super) fn codes_in_picture(path: &str) -> Result<Vec<String>, String> {
    let path = path.trim();
    std::fs::read(path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(|bytes| read_codes(&bytes).map_err(|e| format!("{path}: {e}")))
}

/// Finds the codes in a picture file or among the newest photos.
pub(super) type PictureJob = Box<dyn FnOnce() -> Result<Vec<String>, String> + Send>;

/// A picture being read on a worker thread, and the screen it was read for.
pub(super) struct PictureReading {
    for_link: bool,
    result: Receiver<Result<Vec<String>, String>>,
}

/// Reads pictures (decoding a large photo takes a moment) on a worker
/// thread in the app, at once in tests; the codes go to the screen shown now.
pub(super) fn read_pictures(s: &mut State, job: PictureJob) {
    if s.picture_reading.is_some() {
        return;
    }
    let for_link = s.link_on_screen();
    if !s.background_work {
        return deliver(s, for_link, job());
    }
    let (sender, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(job());
    });
    s.picture_reading = Some(PictureReading { for_link, result });
}

/// Hands over the codes of a picture read on a worker thread, if it is done;
/// says whether anything changed.
pub(super) fn collect_pictures(s: &mut State) -> bool {
    let Some(reading) = &s.picture_reading else {
        return false;
    };
    let (for_link, result) = match reading.result.try_recv() {
        Err(TryRecvError::Empty) => return false,
        Ok(result) => (reading.for_link, result),
        Err(TryRecvError::Disconnected) => (
            reading.for_link,
            Err("reading the picture failed; try again".to_string()),
        ),
    };
    s.picture_reading = None;
    deliver(s, for_link, result);
    true
}

fn deliver(s: &mut State, for_link: bool, result: Result<Vec<String>, String>) {
    match (for_link, result) {
        (true, Ok(texts)) => super::linked::read_all(s, &texts),
        (true, Err(message)) => super::linked::not_read(s, message),
        (false, Ok(texts)) => receive(s, &texts),
        (false, Err(message)) => set_status(s, message),
    }
}

/// The photo button, and the screen's buttons held while a picture is read.
pub(super) fn refresh_reading(w: &super::AppWindow, s: &State) {
    w.set_codes_can_read_photos(s.photos.is_some());
    w.set_codes_photos_place(
        s.photos
            .as_ref()
            .map(|p| p.place())
            .unwrap_or_default()
            .into(),
    );
    w.set_codes_busy(s.picture_reading.is_some());
    // Android apps get no file paths to type; they read the newest photos.
    w.set_codes_can_open_files(!cfg!(target_os = "android"));
}

fn set_status(s: &mut State, message: String) {
    if let Some(Codes::Receive { status, .. }) = &mut s.codes {
        *status = message;
    }
}

fn receive(s: &mut State, texts: &[String]) {
    let Some(Codes::Receive { receiver, status }) = &mut s.codes else {
        return;
    };
    for text in texts {
        *status = match receiver.add(text) {
            Ok((have, total)) if have < total => format!(
                "Read part {have} of {total}. Still to read: part {}.",
                receiver
                    .missing()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", part ")
            ),
            Ok(_) => String::new(),
            Err(TransferError::NotTransfer) => {
                // An invitation, or a code of a two-device game kept here.
                return read_link_code(s, text);
            }
            Err(e) => format!("Not read: {e}. Nothing changed."),
        };
    }
    if !receiver.is_complete() {
        return;
    }
    let loaded = receiver
        .session()
        .map_err(|e| e.to_string())
        .and_then(|saved| PassAndPlay::from_saved(&saved));
    match loaded {
        Ok(session) => {
            if let Some(current) = s.session.replace(session)
                && current.stage() != Stage::Over
            {
                s.parked.push(current);
            }
            s.saved_revision = None;
            s.codes = None;
            continue_game(s, 0);
        }
        Err(e) => {
            *status = format!("The parts do not make a game this app can open: {e}");
            *receiver = TransferReceiver::default();
        }
    }
}

fn read_link_code(s: &mut State, text: &str) {
    let message = match super::linked::join(s, text) {
        Ok(()) => return,
        Err(LinkError::NotInvitation) => match super::linked::read_into_any(s, text) {
            Some(Ok(())) => return,
            Some(Err(e)) => format!("Not read: {e}."),
            None => "This code belongs to a two-device game that is not on this device.".into(),
        },
        Err(e) => format!("Not read: {e}. Nothing changed."),
    };
    if let Some(Codes::Receive { status, .. }) = &mut s.codes {
        *status = message;
    }
}

/// A QR code as a picture, one pixel per module (the screen scales it up).
pub(super) fn qr_picture(text: &str) -> Image {
    let Ok(qr) = make_qr(text) else {
        return Image::default();
    };
    let (width, height, luma) = qr.to_luma(1);
    let mut buffer = SharedPixelBuffer::<Rgb8Pixel>::new(width, height);
    for (pixel, value) in buffer.make_mut_slice().iter_mut().zip(luma) {
        *pixel = Rgb8Pixel::new(value, value, value);
    }
    Image::from_rgb8(buffer)
}

pub(super) fn refresh(w: &super::AppWindow, codes: &Codes) {
    w.set_codes_news("".into());
    w.set_codes_can_see_board(false);
    w.set_codes_close_label("Back to the menu".into());
    match codes {
        Codes::Send { texts, index } => {
            w.set_codes_title("Move this game to another device".into());
            w.set_codes_explanation(
                "On the other device choose \"Read a code\" and read every part, in any order. \
                 The game goes on there from this position."
                    .into(),
            );
            w.set_codes_warning(
                "These codes hold both armies: let only the other device see them.".into(),
            );
            w.set_codes_showing(true);
            w.set_codes_reading(false);
            w.set_codes_qr(qr_picture(&texts[*index]));
            w.set_codes_text(texts[*index].clone().into());
            w.set_codes_part(if texts.len() > 1 {
                format!("part {} of {}", index + 1, texts.len()).into()
            } else {
                "".into()
            });
            w.set_codes_can_previous(*index > 0);
            w.set_codes_can_next(index + 1 < texts.len());
            w.set_codes_status("".into());
        }
        Codes::Receive { status, .. } => {
            w.set_codes_title("Read a code".into());
            w.set_codes_explanation(
                "Read the codes of a game moved from another device: paste a code's text, or \
                 open a picture of it."
                    .into(),
            );
            w.set_codes_warning("".into());
            w.set_codes_showing(false);
            w.set_codes_reading(true);
            w.set_codes_status(status.clone().into());
        }
    }
}
