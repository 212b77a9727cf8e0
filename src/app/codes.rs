//! The codes screen's glue: a game moved to another device shown as QR
//! codes, and codes read from pasted text or a picture file.

use super::{State, continue_game};
use crate::session::PassAndPlay;
use crate::session::link::qr_image::{make_qr, read_codes};
use crate::session::link::{LinkError, TransferError, TransferReceiver, transfer_codes};
use crate::session::pass_and_play::Stage;
use slint::{Image, Rgb8Pixel, SharedPixelBuffer};

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

pub(super) fn read_picture(s: &mut State, path: &str) {
    match codes_in_picture(path) {
        Ok(texts) => receive(s, &texts),
        Err(message) => set_status(s, message),
    }
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
