//! The codes screen's controller (`ui/codes.slint`, global `CodesAdapter`):
//! a game moved to another device shown as QR codes, codes read from pasted
//! text, a picture file or the newest photos, and the codes of a two-device
//! game (this device's last code, and the other device's to read).

use super::home::continue_game;
use super::words::side_name;
use super::{App, AppWindow, CodesAdapter, State, linked, router};
use crate::i18n::translate;
use crate::session::PassAndPlay;
use crate::session::link::qr_image::{make_qr, read_codes};
use crate::session::link::{
    LinkError, MAX_PASTED_BYTES, TransferError, TransferReceiver, transfer_codes,
};
use crate::session::link::{LinkStatus, LinkedSession};
use crate::session::pass_and_play::Stage;
use crate::session::photos::{NEWEST_PHOTOS, PhotoSource, codes_in_newest};
use slint::ComponentHandle;
use slint::{Image, Rgb8Pixel, SharedPixelBuffer};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

/// The codes screen's state: what it shows, and a picture being read.
pub(super) struct CodesState {
    /// The codes screen over the home screen (none: not shown).
    pub codes: Option<Codes>,
    /// A picture (or the newest photos) being read on another thread.
    pub picture_reading: Option<PictureReading>,
    /// Where the newest photos are, on platforms that have them.
    photos: Option<Arc<dyn PhotoSource>>,
    /// Why the last code of a two-device game was not read.
    pub link_status: String,
    /// The player asked to end the two-device game as abandoned; awaiting the answer.
    pub confirm_abandon: bool,
}

impl CodesState {
    pub(super) fn new(photos: Option<Arc<dyn PhotoSource>>) -> CodesState {
        CodesState {
            codes: None,
            picture_reading: None,
            photos,
            link_status: String::new(),
            confirm_abandon: false,
        }
    }
}

pub(super) fn connect(app: &App) {
    let codes = app.window().global::<CodesAdapter>();
    codes.on_previous(app.unit(|s, _| step(s, -1)));
    codes.on_next(app.unit(|s, _| step(s, 1)));
    codes.on_read_text(app.unit(|s, w| {
        let screen = w.global::<CodesAdapter>();
        let text = screen.get_pasted();
        if text.len() > MAX_PASTED_BYTES {
            let message = crate::tr!(
                "That text is {} KB, longer than any code can be (at most {} KB): nothing was read.",
                text.len() / 1024,
                MAX_PASTED_BYTES / 1024
            );
            screen.set_pasted("".into());
            if router::link_on_screen(s) {
                s.codes.link_status = message;
            } else if let Some(Codes::Receive { status, .. }) = &mut s.codes.codes {
                *status = message;
            }
            return;
        }
        if router::link_on_screen(s) {
            linked::read_all(s, &[text.to_string()]);
        } else {
            receive(s, &[text.to_string()]);
        }
        screen.set_pasted("".into());
    }));
    codes.on_read_picture(app.unit(|s, w| {
        let path = w.global::<CodesAdapter>().get_picture_path().to_string();
        read_pictures(s, Box::new(move || codes_in_picture(&path)));
    }));
    codes.on_read_photos(app.unit(|s, _| {
        if let Some(photos) = s.codes.photos.clone() {
            read_pictures(
                s,
                Box::new(move || codes_in_newest(&*photos, NEWEST_PHOTOS)),
            );
        }
    }));
    codes.on_close(app.unit(|s, _| {
        if router::link_on_screen(s) {
            s.route.at_home = true;
        } else {
            s.codes.codes = None;
        }
    }));
    codes.on_see_board(app.unit(|s, _| s.route.link_view = router::LinkView::Board));
    codes.on_abandon(app.unit(|s, _| s.codes.confirm_abandon = true));
    codes.on_abandon_answer({
        let h = app.handler(|s, _, yes: bool| {
            s.codes.confirm_abandon = false;
            if yes {
                linked::abandon(s);
            }
        });
        move |yes| h(yes)
    });
}

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
    let Some(session) = s
        .games
        .session
        .as_ref()
        .filter(|x| x.stage() != Stage::Over)
    else {
        return;
    };
    s.codes.codes = Some(Codes::Send {
        texts: transfer_codes(&session.to_saved()),
        index: 0,
    });
    s.route.at_home = true;
}

pub(super) fn start_reading(s: &mut State) {
    s.codes.codes = Some(Codes::Receive {
        receiver: TransferReceiver::default(),
        status: String::new(),
    });
    s.route.at_home = true;
}

fn step(s: &mut State, by: isize) {
    if let Some(Codes::Send { texts, index }) = &mut s.codes.codes {
        *index = index.saturating_add_signed(by).min(texts.len() - 1);
    }
}

/// The codes in a picture file, or what went wrong, naming the file.
fn codes_in_picture(path: &str) -> Result<Vec<String>, String> {
    let path = path.trim();
    std::fs::read(path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(|bytes| read_codes(&bytes).map_err(|e| format!("{path}: {e}")))
}

/// Finds the codes in a picture file or among the newest photos.
type PictureJob = Box<dyn FnOnce() -> Result<Vec<String>, String> + Send>;

/// A picture being read on a worker thread, and the screen it was read for.
pub(super) struct PictureReading {
    for_link: bool,
    result: Receiver<Result<Vec<String>, String>>,
}

/// Reads pictures (decoding a large photo takes a moment) on a worker
/// thread in the app, at once in tests; the codes go to the screen shown now.
fn read_pictures(s: &mut State, job: PictureJob) {
    if s.codes.picture_reading.is_some() {
        return;
    }
    let for_link = router::link_on_screen(s);
    if !s.games.background_work {
        return deliver(s, for_link, job());
    }
    let (sender, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(job());
    });
    s.codes.picture_reading = Some(PictureReading { for_link, result });
}

/// Hands over the codes of a picture read on a worker thread, if it is done;
/// says whether anything changed.
pub(super) fn collect_pictures(s: &mut State) -> bool {
    let Some(reading) = &s.codes.picture_reading else {
        return false;
    };
    let (for_link, result) = match reading.result.try_recv() {
        Err(TryRecvError::Empty) => return false,
        Ok(result) => (reading.for_link, result),
        Err(TryRecvError::Disconnected) => (
            reading.for_link,
            Err(crate::tr!("reading the picture failed; try again")),
        ),
    };
    s.codes.picture_reading = None;
    deliver(s, for_link, result);
    true
}

fn deliver(s: &mut State, for_link: bool, result: Result<Vec<String>, String>) {
    match (for_link, result) {
        (true, Ok(texts)) => linked::read_all(s, &texts),
        (true, Err(message)) => linked::not_read(s, message),
        (false, Ok(texts)) => receive(s, &texts),
        (false, Err(message)) => set_status(s, message),
    }
}

/// The photo button, and the screen's buttons held while a picture is read.
fn refresh_reading(w: &AppWindow, s: &State) {
    let screen = w.global::<CodesAdapter>();
    screen.set_can_read_photos(s.codes.photos.is_some());
    screen.set_photos_place(
        s.codes
            .photos
            .as_ref()
            .map(|p| p.place())
            .unwrap_or_default()
            .into(),
    );
    screen.set_busy(s.codes.picture_reading.is_some());
    // Android apps get no file paths to type; they read the newest photos.
    screen.set_can_open_files(!cfg!(target_os = "android"));
}

fn set_status(s: &mut State, message: String) {
    if let Some(Codes::Receive { status, .. }) = &mut s.codes.codes {
        *status = message;
    }
}

fn receive(s: &mut State, texts: &[String]) {
    let Some(Codes::Receive { receiver, status }) = &mut s.codes.codes else {
        return;
    };
    for text in texts {
        *status = match receiver.add(text) {
            Ok((have, total)) if have < total => crate::tr!(
                "Read part {} of {}. Still to read: {}.",
                have,
                total,
                crate::i18n::comma_list(
                    receiver.missing().iter().map(|n| crate::tr!("part {}", n))
                )
            ),
            Ok(_) => String::new(),
            Err(TransferError::NotTransfer) => {
                // An invitation, or a code of a two-device game kept here.
                return read_link_code(s, text);
            }
            Err(e) => crate::tr!("Not read: {}. Nothing changed.", e),
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
            s.games.bring_local(session);
            s.codes.codes = None;
            continue_game(s, 0);
        }
        Err(e) => {
            *status = crate::tr!("The parts do not make a game this app can open: {}", e);
            *receiver = TransferReceiver::default();
        }
    }
}

fn read_link_code(s: &mut State, text: &str) {
    let message = match linked::join(s, text) {
        Ok(()) => return,
        Err(LinkError::NotInvitation) => match linked::read_into_any(s, text) {
            Some(Ok(())) => return,
            Some(Err(e)) => crate::tr!("Not read: {}.", e),
            None => {
                crate::tr!("This code belongs to a two-device game that is not on this device.")
            }
        },
        Err(e) => crate::tr!("Not read: {}. Nothing changed.", e),
    };
    if let Some(Codes::Receive { status, .. }) = &mut s.codes.codes {
        *status = message;
    }
}

/// A QR code as a picture, one pixel per module (the screen scales it up).
fn qr_picture(text: &str) -> Image {
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

/// The codes screen over the home screen: a game to move, or codes to read.
pub(super) fn refresh(w: &AppWindow, s: &State) {
    refresh_reading(w, s);
    let Some(codes) = &s.codes.codes else { return };
    let screen = w.global::<CodesAdapter>();
    screen.set_news("".into());
    screen.set_can_see_board(false);
    screen.set_close_label(crate::tr!("Back to the menu").into());
    screen.set_can_abandon(false);
    screen.set_confirm_abandon(false);
    match codes {
        Codes::Send { texts, index } => {
            screen.set_title(crate::tr!("Move this game to another device").into());
            screen.set_explanation(
                crate::tr!(
                    "On the other device choose \"Read a code\" and read every part, in any \
                     order. The game goes on there from this position."
                )
                .into(),
            );
            screen.set_warning(
                crate::tr!("These codes hold both armies: let only the other device see them.")
                    .into(),
            );
            screen.set_showing(true);
            screen.set_reading(false);
            screen.set_qr(qr_picture(&texts[*index]));
            screen.set_code_text(texts[*index].clone().into());
            screen.set_part_label(if texts.len() > 1 {
                crate::tr!("part {} of {}", index + 1, texts.len()).into()
            } else {
                "".into()
            });
            screen.set_can_previous(*index > 0);
            screen.set_can_next(index + 1 < texts.len());
            screen.set_read_status("".into());
        }
        Codes::Receive { status, .. } => {
            screen.set_title(crate::tr!("Read a code").into());
            screen.set_explanation(
                crate::tr!(
                    "Read the codes of a game moved from another device: paste a code's text, or \
                     open a picture of it."
                )
                .into(),
            );
            screen.set_warning("".into());
            screen.set_showing(false);
            screen.set_reading(true);
            screen.set_read_status(status.clone().into());
        }
    }
}

/// The codes of a two-device game: this device's last code and the reader.
pub(super) fn refresh_link(w: &AppWindow, s: &State) {
    refresh_reading(w, s);
    let Some(link) = &s.games.link else { return };
    let screen = w.global::<CodesAdapter>();
    let Some(game) = link.game() else {
        return refresh_dealing(w, s, link);
    };
    let status = game.status();
    let (title, explanation) = link_texts(link, status);
    screen.set_title(title.into());
    screen.set_explanation(explanation.into());
    screen.set_warning("".into());
    screen.set_news(linked::news(link).into());
    show_link_code(w, game.last_code().unwrap_or_default());
    let over = matches!(status, LinkStatus::Finished | LinkStatus::Abandoned);
    screen.set_reading(!over);
    screen.set_read_status(s.codes.link_status.clone().into());
    screen.set_can_see_board(true);
    screen.set_see_board_label(
        if over {
            crate::tr!("See the result")
        } else {
            crate::tr!("See the board")
        }
        .into(),
    );
    screen.set_close_label(crate::tr!("Menu").into());
    screen.set_can_abandon(matches!(
        status,
        LinkStatus::AwaitingJoin | LinkStatus::AwaitingCode | LinkStatus::AwaitingReveal
    ));
    screen.set_confirm_abandon(s.codes.confirm_abandon);
}

/// This device's code of a two-device game, with its number.
fn show_link_code(w: &AppWindow, code: &str) {
    let screen = w.global::<CodesAdapter>();
    screen.set_showing(!code.is_empty());
    screen.set_qr(qr_picture(code));
    screen.set_code_text(code.into());
    let shown_number = crate::session::link::Envelope::from_text(code).map(|e| e.header.seq);
    screen.set_part_label(
        shown_number
            .map_or(String::new(), |n| {
                crate::tr!("this device's code number {}", n)
            })
            .into(),
    );
    screen.set_can_previous(false);
    screen.set_can_next(false);
}

/// The fair deal of a domino game, before this device has its hand.
fn refresh_dealing(w: &AppWindow, s: &State, link: &LinkedSession) {
    let screen = w.global::<CodesAdapter>();
    let (title, explanation) = if link.joined() {
        (
            crate::tr!("Your code for the deal"),
            crate::tr!(
                "Let the other device read this code, then read the code it answers with: your \
                 stones are drawn from both devices' secrets, so neither device can choose them, \
                 and each checks the other's at the end."
            ),
        )
    } else {
        (
            crate::tr!("Invite the other device"),
            crate::tr!(
                "On the other device choose \"Read a code\" and read this invitation ({}, you \
                 play {}). Then read its answer here: your stones are drawn from both devices' \
                 secrets, so neither device can choose them.",
                translate(&link.variant().name),
                side_name(link.side())
            ),
        )
    };
    screen.set_title(title.into());
    screen.set_explanation(explanation.into());
    screen.set_warning("".into());
    screen.set_news("".into());
    show_link_code(w, link.code_on_show().unwrap_or_default());
    screen.set_reading(true);
    screen.set_read_status(s.codes.link_status.clone().into());
    screen.set_can_see_board(false);
    screen.set_close_label(crate::tr!("Menu").into());
    screen.set_can_abandon(false);
    screen.set_confirm_abandon(false);
}

/// The codes screen's title and what to do, at each step of a two-device game.
fn link_texts(link: &LinkedSession, status: LinkStatus) -> (String, String) {
    match status {
        LinkStatus::AwaitingJoin
            if crate::session::link::fair_deal::deals_by_chance(link.variant()) =>
        {
            (
                crate::tr!("Show your code, then read theirs"),
                crate::tr!(
                    "Let the other device read this code: it deals the other player's stones and \
                 shows where yours stand. Then read the code it shows once its player has set up."
                ),
            )
        }
        LinkStatus::AwaitingJoin => (
            crate::tr!("Invite the other device"),
            crate::tr!(
                "On the other device choose \"Read a code\" and read this invitation ({}, you \
                 play {}). Then read its answer here.",
                translate(&link.variant().name),
                side_name(link.side())
            ),
        ),
        LinkStatus::AwaitingCode => (
            crate::tr!("Show your code, then read theirs"),
            crate::tr!(
                "Let the other device read this code. When its player has moved, read the code \
                 it shows."
            ),
        ),
        LinkStatus::AwaitingReveal => (
            crate::tr!("Game over: {}", linked::outcome_text(link)),
            linked::opening_step(link),
        ),
        LinkStatus::Abandoned => (
            linked::outcome_text(link),
            crate::tr!("This game was ended as abandoned by the other device: it is not a result."),
        ),
        LinkStatus::Finished => (
            crate::tr!("Game over: {}", linked::outcome_text(link)),
            crate::tr!(
                "Let the other device read this code: it opens your setup so that device can check \
                 every battle. Then see the result."
            ),
        ),
        LinkStatus::YourTurn => (
            crate::tr!("Codes of this game"),
            crate::tr!("The last code this device made; the other device may read it again."),
        ),
    }
}
