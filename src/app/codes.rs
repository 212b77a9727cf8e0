//! The codes screen's controller (`ui/codes.slint`, global `CodesAdapter`):
//! a game moved to another device shown as QR codes, codes read from pasted
//! text, a picture file or the newest photos, and the codes of a two-device
//! game (this device's last code, and the other device's to read).

use super::effect::{Effect, Effects};
use super::file_chooser::Purpose;
use super::models::{self, List};
use super::naming::{self, side_name};
use super::router::GameView;
use super::saving::{FileSaver, SavedFile};
use super::{App, AppWindow, CodesAdapter, PictureFile, Screen, State, two_devices};
use crate::games::DeviceGame;
use crate::games::TwoDeviceGame;
use crate::games::handover::Handed;
use crate::games::saved::SavedPassAndPlay;
use crate::games::shelf::Games;
use crate::games::{GameOnDevice, PassAndPlay};
use crate::i18n::translate;
use crate::link::CameraError;
use crate::link::PictureError;
use crate::link::Sighting;
use crate::link::codes::qr_image::make_qr;
use crate::link::scan::camera::{Camera, SightedCodes, Watch};
use crate::link::scan::clipboard::Clipboard;
use crate::link::scan::photos::{NEWEST_PHOTOS, PhotoSource, codes_in_newest, codes_in_picture};
use crate::link::{
    CodeKind, Handover, LinkError, LinkStatus, MAX_PASTED_BYTES, TransferError, TransferReceiver,
    move_id, read_handover,
};
use crate::platform::share::ShareSheet;
use slint::ComponentHandle;
use slint::{Image, Rgb8Pixel, SharedPixelBuffer};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

/// What the codes screen shows over the home screen.
enum Codes {
    /// The game on show, in parts, to move to another device.
    Send { texts: Vec<String>, index: usize },
    /// Codes being read: the parts of a moved game, an invitation, or a code
    /// of a two-device game kept here.
    Receive {
        receiver: TransferReceiver,
        status: String,
    },
    /// The hand-over of the game on show, moved between devices: this
    /// device's receipt while it arrives (and the release awaited), or the
    /// release once this device let go of it.
    Handover { status: String },
}

/// The codes screen's state: what it shows, and a picture being read.
pub(super) struct CodesController {
    /// The codes screen over the home screen (none: not shown).
    codes: Option<Codes>,
    /// A picture (or the newest photos) being read on another thread.
    picture_reading: Option<PictureReading>,
    /// Where the newest photos are, on platforms that have them.
    photos: Option<Arc<dyn PhotoSource>>,
    /// A camera to read codes from, live, on platforms that have one.
    camera: Option<Rc<dyn Camera>>,
    /// The platform's clipboard, where the toolkit's cannot be reached.
    clipboard: Option<Rc<dyn Clipboard>>,
    /// Why the last code of a two-device game was not read.
    link_status: String,
    /// The player asked to end the two-device game as abandoned; awaiting the answer.
    confirm_abandon: bool,
    /// The newest picture files, to open with a tap (desktop).
    picture_files: List<PictureFile>,
    /// The files `picture_files` names, as the system spells their paths.
    picture_paths: std::cell::RefCell<Vec<std::path::PathBuf>>,
    /// The platform's share sheet, where it has one (Android).
    share: Option<Arc<dyn ShareSheet>>,
    /// The code whose picture was saved last, and where it went (to open
    /// its folder or share it while that code shows).
    picture_saved: Option<(String, SavedFile)>,
}

/// How many of the newest picture files the screen offers to open.
const PICTURE_FILES: usize = 6;

/// Finds the codes in a picture file or among the newest photos.
type PictureJob = Box<dyn FnOnce() -> Result<Vec<String>, PictureError> + Send>;

/// Where codes being read come from: a picture, the photos or the
/// clipboard (come by no watching camera), or a camera.
enum Incoming {
    Codes(Receiver<Result<Vec<String>, PictureError>>),
    Camera(Receiver<Result<SightedCodes, PictureError>>),
}

impl Incoming {
    fn try_recv(&self) -> Result<Result<SightedCodes, PictureError>, TryRecvError> {
        match self {
            Incoming::Codes(codes) => codes
                .try_recv()
                .map(|read| read.map(SightedCodes::unsighted)),
            Incoming::Camera(camera) => camera.try_recv(),
        }
    }
}

/// A picture being read on a worker thread, and the screen it was read for.
struct PictureReading {
    for_two_devices: bool,
    result: Incoming,
}

/// The codes a picture gave (or why none), for the screen it was read for.
pub(super) struct PictureRead {
    for_two_devices: bool,
    result: Result<SightedCodes, PictureError>,
}

impl CodesController {
    /// Whether a question is open over the screen (abandoning the game).
    pub(super) fn dialog_open(&self) -> bool {
        self.confirm_abandon
    }

    /// Closes the question open over the screen, answering no; false when
    /// there was none.
    pub(super) fn close_dialog(&mut self) -> bool {
        std::mem::take(&mut self.confirm_abandon)
    }

    pub(super) fn new(
        photos: Option<Arc<dyn PhotoSource>>,
        share: Option<Arc<dyn ShareSheet>>,
        camera: Option<Rc<dyn Camera>>,
        clipboard: Option<Rc<dyn Clipboard>>,
    ) -> CodesController {
        CodesController {
            share,
            camera,
            clipboard,
            codes: None,
            picture_reading: None,
            photos,
            link_status: String::new(),
            confirm_abandon: false,
            picture_files: models::list(),
            picture_paths: Default::default(),
            picture_saved: None,
        }
    }

    /// Hands the list of picture files to the screen (once, at the start).
    pub(super) fn bind(&self, w: &AppWindow) {
        w.global::<CodesAdapter>()
            .set_picture_files(models::handle(&self.picture_files));
    }

    /// Shows the game on show as codes for another device (a game on this
    /// device, in progress); false when there is none.
    pub(super) fn send_game(&mut self, games: &Games) -> bool {
        let Some(texts) = games.on_show().and_then(|g| g.game().transfer_codes()) else {
            return false;
        };
        self.codes = Some(Codes::Send { texts, index: 0 });
        true
    }

    /// Shows the hand-over of the game on show (moved, or arriving).
    pub(super) fn show_handover(&mut self) {
        self.codes = Some(Codes::Handover {
            status: String::new(),
        });
    }

    /// Opens the reader of codes.
    pub(super) fn start_reading(&mut self) {
        self.codes = Some(Codes::Receive {
            receiver: TransferReceiver::default(),
            status: String::new(),
        });
    }

    /// The two-device game moved on: the last refusal no longer stands.
    pub(super) fn clear_status(&mut self) {
        self.link_status.clear();
    }

    /// Another game came on show: nothing of the last one stays here.
    pub(super) fn leave(&mut self) {
        self.codes = None;
        self.link_status.clear();
        self.confirm_abandon = false;
    }

    pub(super) fn reading_picture(&self) -> bool {
        self.picture_reading.is_some()
    }

    fn step(&mut self, by: isize) {
        if let Some(Codes::Send { texts, index }) = &mut self.codes {
            *index = index.saturating_add_signed(by).min(texts.len() - 1);
        }
    }

    /// Reads pictures (decoding a large photo takes a moment) on a worker
    /// thread in the app, at once in tests; the codes go to the screen
    /// shown now.
    /// Reads the codes the camera or the clipboard brings on `result`'s
    /// receiver (for the two-device screen or the codes screen) when they
    /// come; nothing while a picture is read.
    fn watch(&mut self, for_two_devices: bool, result: impl FnOnce() -> Incoming) {
        if self.picture_reading.is_none() {
            self.picture_reading = Some(PictureReading {
                for_two_devices,
                result: result(),
            });
        }
    }

    fn read_pictures(
        &mut self,
        for_two_devices: bool,
        background: bool,
        job: PictureJob,
    ) -> Option<PictureRead> {
        if self.picture_reading.is_some() {
            return None;
        }
        if !background {
            return Some(PictureRead {
                for_two_devices,
                result: job().map(SightedCodes::unsighted),
            });
        }
        let (sender, result) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(job());
        });
        self.picture_reading = Some(PictureReading {
            for_two_devices,
            result: Incoming::Codes(result),
        });
        None
    }

    /// The codes of a picture read on a worker thread, once it is done.
    pub(super) fn collect_picture(&mut self) -> Option<PictureRead> {
        let reading = self.picture_reading.as_ref()?;
        let read = match reading.result.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Ok(result) => PictureRead {
                for_two_devices: reading.for_two_devices,
                result,
            },
            Err(TryRecvError::Disconnected) => PictureRead {
                for_two_devices: reading.for_two_devices,
                result: Err(PictureError::Stopped),
            },
        };
        self.picture_reading = None;
        Some(read)
    }

    /// A message on the reader: the two-device game's, or the one over the
    /// home screen.
    fn say(&mut self, for_two_devices: bool, message: String) {
        if for_two_devices {
            self.link_status = message;
        } else if let Some(Codes::Receive { status, .. } | Codes::Handover { status }) =
            &mut self.codes
        {
            *status = message;
        } else if matches!(self.codes, Some(Codes::Send { .. })) {
            self.link_status = message;
        }
    }

    /// Reads codes of the other device into the two-device game on show (a
    /// picture may hold several); one that is refused changes nothing, and
    /// says why.
    fn read_two_devices(
        &mut self,
        games: &mut Games,
        texts: &[String],
        sighting: Sighting,
    ) -> Vec<Effect> {
        let mut effects = Vec::new();
        for text in texts {
            match two_devices::read(games, text, sighting) {
                Ok(effect) => {
                    self.link_status.clear();
                    effects.push(effect);
                }
                Err(e) => effects.extend(self.not_read(crate::tr!("Not read: {}.", e))),
            }
        }
        effects
    }

    /// A two-device code or picture that gave nothing: says why, and nothing
    /// changes.
    fn not_read(&mut self, message: String) -> Vec<Effect> {
        self.link_status = message.clone();
        vec![Effect::Refuse(message)]
    }

    /// Reads codes over the home screen: the parts of a game moved from
    /// another device, an invitation, or a code of a two-device game here.
    fn receive(&mut self, games: &mut Games, texts: &[String]) -> Vec<Effect> {
        match &self.codes {
            Some(Codes::Send { texts: parts, .. }) => {
                let id = move_id(parts);
                return texts
                    .iter()
                    .flat_map(|text| self.read_receipt(games, id, text))
                    .collect();
            }
            Some(Codes::Handover { .. }) => {
                return texts
                    .iter()
                    .flat_map(|text| self.read_release(games, text))
                    .collect();
            }
            _ => {}
        }
        let Some(Codes::Receive { receiver, status }) = &mut self.codes else {
            return Vec::new();
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
                    return self.read_two_devices_code(games, text);
                }
                Err(e) => crate::tr!("Not read: {}. Nothing changed.", e),
            };
        }
        if !receiver.is_complete() {
            return Vec::new();
        }
        let loaded = receiver
            .received::<SavedPassAndPlay>()
            .map_err(|e| e.to_string())
            .and_then(|saved| PassAndPlay::from_saved(&saved).map_err(|e| e.to_string()));
        let id = receiver.move_id();
        match loaded {
            Ok(mut session) => {
                // Kept beside any game here, in a file of its own, locked
                // until the sending device lets go of it.
                if let Some(id) = id {
                    session.set_handed(Some(Handed::Arriving {
                        id,
                        number: rand::random(),
                    }));
                }
                games.start(session.into());
                games.continue_game(0);
                self.show_handover();
                Vec::new()
            }
            Err(e) => {
                *status = crate::tr!("The parts do not make a game this app can open: {}", e);
                *receiver = TransferReceiver::default();
                Vec::new()
            }
        }
    }

    /// The other device's receipt for the game being sent (move `id`): this
    /// device lets go of the game (it keeps it only to look at) and shows
    /// the release.
    fn read_receipt(&mut self, games: &mut Games, id: Option<u32>, text: &str) -> Vec<Effect> {
        let read = read_handover(text, Handover::Receipt).and_then(|(got, number)| match id {
            Some(id) if got == id => Ok((id, number)),
            _ => Err(TransferError::NotThisMove),
        });
        let (id, number) = match read {
            Ok(read) => read,
            Err(e) => {
                self.link_status = crate::tr!("Not read: {}.", e);
                return Vec::new();
            }
        };
        let Some(game) = games.on_show_mut().and_then(|g| g.one_device_mut()) else {
            return Vec::new();
        };
        let on = crate::platform::time_source::wall_clock()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        game.set_handed(Some(Handed::MovedAway { id, number, on }));
        self.link_status.clear();
        self.show_handover();
        Vec::new()
    }

    /// The sending device's release of the game arriving here: it is this
    /// device's to play on from now.
    fn read_release(&mut self, games: &mut Games, text: &str) -> Vec<Effect> {
        let Some(game) = games.on_show_mut().and_then(|g| g.one_device_mut()) else {
            return Vec::new();
        };
        let Some(Handed::Arriving { id, number }) = game.handed() else {
            return Vec::new();
        };
        match read_handover(text, Handover::Release) {
            Ok(read) if read == (id, number) => {
                game.set_handed(None);
                vec![Effect::GameOnShow]
            }
            Ok(_) => {
                self.say(
                    false,
                    crate::tr!("Not read: {}.", TransferError::NotThisMove),
                );
                Vec::new()
            }
            Err(e) => {
                self.say(false, crate::tr!("Not read: {}.", e));
                Vec::new()
            }
        }
    }

    /// A code over the home screen that moves no game: an invitation to
    /// join, or a code of a two-device game here.
    fn read_two_devices_code(&mut self, games: &mut Games, text: &str) -> Vec<Effect> {
        let message = match two_devices::join(games, text) {
            Ok(effect) => return vec![effect],
            Err(LinkError::NotInvitation) => match two_devices::read_into_any(games, text) {
                Some(Ok(effects)) => return effects,
                Some(Err(e)) => crate::tr!("Not read: {}.", e),
                None => {
                    crate::tr!("This code belongs to a two-device game that is not on this device.")
                }
            },
            Err(e) => crate::tr!("Not read: {}. Nothing changed.", e),
        };
        self.say(false, message);
        Vec::new()
    }

    /// The codes screen over the home screen: a game to move (and the other
    /// device's receipt to read), the hand-over of a moved game, or codes
    /// to read.
    pub(super) fn refresh(&self, w: &AppWindow, games: &Games) {
        let handed = games.on_show().and_then(|g| g.game().handed());
        let handover_code = handed.map(|h| h.code()).unwrap_or_default();
        let shown = match &self.codes {
            Some(Codes::Send { texts, index }) => texts[*index].as_str(),
            Some(Codes::Handover { .. }) => handover_code.as_str(),
            _ => "",
        };
        self.refresh_reading(w, shown);
        let Some(codes) = &self.codes else { return };
        let screen = w.global::<CodesAdapter>();
        screen.set_news("".into());
        screen.set_can_see_board(false);
        screen.set_close_label(crate::tr!("Menu").into());
        screen.set_clocks("".into());
        screen.set_can_abandon(false);
        screen.set_confirm_abandon(false);
        match codes {
            Codes::Send { texts, index } => {
                let what = games
                    .on_show()
                    .map(super::home::continue_label)
                    .unwrap_or_default();
                screen.set_title(crate::tr!("Move this game to another device").into());
                screen.set_explanation(
                    crate::tr!(
                        "Moving: {}. On the other device choose \"Read a code\" and read every \
                         part, in any order; then read here the code it shows. Only then does \
                         this device let go of the game, and the game goes on there from this \
                         position. Leave this screen before that and the game stays here.",
                        what
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
                // The other device's receipt, read here.
                screen.set_reading(true);
                screen.set_read_status(self.link_status.clone().into());
            }
            Codes::Handover { status } => {
                let what = games
                    .on_show()
                    .map(super::home::untimed_label)
                    .unwrap_or_default();
                let (title, explanation) = match handed {
                    Some(Handed::Arriving { .. }) => (
                        crate::tr!("A game arriving from another device"),
                        crate::tr!(
                            "{}: every part is read. Let the other device read this code, then \
                             read the code it answers with: it lets go of the game there, and \
                             the game goes on here. Until then it waits under Continue.",
                            what
                        ),
                    ),
                    _ => (
                        crate::tr!("This game is on another device now"),
                        crate::tr!(
                            "{}: the other device has it. Let it read this code, which lets \
                             go of the game: it plays on there, and on no other device. Here \
                             it is kept only to look at, under Continue.",
                            what
                        ),
                    ),
                };
                screen.set_title(title.into());
                screen.set_explanation(explanation.into());
                screen.set_warning("".into());
                screen.set_showing(true);
                screen.set_qr(qr_picture(&handover_code));
                screen.set_code_text(handover_code.clone().into());
                screen.set_part_label("".into());
                screen.set_can_previous(false);
                screen.set_can_next(false);
                let arriving = matches!(handed, Some(Handed::Arriving { .. }));
                screen.set_reading(arriving);
                screen.set_read_status(status.clone().into());
            }
            Codes::Receive { status, .. } => {
                screen.set_title(crate::tr!("Read a code").into());
                screen.set_explanation(
                    crate::tr!(
                        "Read another device's code: its invitation to a game, or the codes of \
                         a game it moves here. A photo of the code, its text or a picture of it \
                         will do."
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

    /// Saves `code` (the one shown) as a PNG picture where the player
    /// looks for files, to send it to the other player as a picture; says
    /// where it went, or why not (none when the text makes no code).
    fn save_picture(&mut self, code: &str, saver: &FileSaver) -> Option<String> {
        let qr = make_qr(code).ok()?;
        let name = match crate::link::Envelope::from_text(code).ok() {
            Some(envelope) => format!(
                "flagfall-code-{:08x}-{}.png",
                envelope.header.game_id, envelope.header.seq
            ),
            None => "flagfall-code.png".to_string(),
        };
        // 8 pixels a module: sharp on any screen a friend opens it on.
        let kept = saver.keep(&name, "image/png", &qr.to_png(8));
        self.picture_saved = kept
            .as_ref()
            .ok()
            .map(|saved| (code.to_string(), saved.clone()));
        Some(match kept {
            Ok(kept) => crate::tr!(
                "Saved the picture to {}: send it to the other player, who reads it as a picture.",
                kept.place
            ),
            Err(why) => crate::tr!("The picture was not saved: {}", why),
        })
    }

    /// Where the picture of `shown` (the code on the screen) was saved,
    /// if it was: its folder opens and it is shared from there.
    fn saved_picture_of(&self, shown: &str) -> Option<&SavedFile> {
        self.picture_saved
            .as_ref()
            .filter(|(code, _)| code == shown)
            .map(|(_, saved)| saved)
    }

    /// The photo button, the buttons of the picture saved of `shown` (the
    /// code on the screen), and the screen's buttons held while a picture
    /// is read.
    fn refresh_reading(&self, w: &AppWindow, shown: &str) {
        let screen = w.global::<CodesAdapter>();
        screen.set_can_read_photos(self.photos.is_some());
        screen.set_can_scan(self.camera.is_some());
        screen.set_own_clipboard(self.clipboard.is_some());
        screen.set_can_share(self.share.is_some());
        screen.set_photos_place(
            self.photos
                .as_ref()
                .map(|p| p.place())
                .unwrap_or_default()
                .into(),
        );
        screen.set_busy(self.picture_reading.is_some());
        let saved = self.saved_picture_of(shown);
        screen.set_can_open_folder(saved.is_some_and(|s| s.folder.is_some()));
        screen.set_can_share_picture(saved.is_some_and(|s| s.share.is_some()));
        // Android apps get no file paths to type; they read the newest
        // photos. A page has no files either: its camera offers a picture.
        screen.set_can_open_files(!cfg!(any(target_os = "android", target_arch = "wasm32")));
        let files = self
            .photos
            .as_ref()
            .filter(|_| !cfg!(target_os = "android"))
            .map(|p| p.newest_files(PICTURE_FILES))
            .unwrap_or_default();
        models::update(
            &self.picture_files,
            files.iter().map(|path| PictureFile {
                name: picture_name(path).into(),
            }),
        );
        *self.picture_paths.borrow_mut() = files;
    }

    /// The codes of a two-device game: this device's last code and the reader.
    pub(super) fn refresh_two_devices(&self, w: &AppWindow, game: Option<&GameOnDevice>) {
        let link = game.and_then(|g| g.game().link());
        let shown = link.and_then(|link| link.code_on_show());
        self.refresh_reading(w, shown.unwrap_or_default());
        let Some(link) = link else {
            return;
        };
        let screen = w.global::<CodesAdapter>();
        // A timed game's clocks, in view while the codes go back and forth.
        let clocks = game
            .and_then(|g| g.game().clock())
            .map_or(String::new(), |(clock, now)| {
                let clocks = super::clock_text::side_clocks(&clock, now);
                format!("{} · {}", clocks.red, clocks.blue)
            });
        screen.set_clocks(clocks.into());
        let Some(played) = link.game() else {
            return self.refresh_dealing(w, link);
        };
        let status = played.status();
        let (title, explanation) = link_texts(link, status);
        let mut explanation = vec![explanation];
        if let Some(control) = link.options().time_control {
            if played.view().is_none() {
                // Before the board: say what the clocks will be.
                explanation.push(crate::tr!(
                    "The game is on a clock of {}.",
                    super::clock_text::control_label(control)
                ));
                explanation.extend(super::clock_text::clock_terms_text(played));
            } else if status == LinkStatus::AwaitingCode && self.camera.is_some() {
                explanation.push(crate::tr!(
                    "Once the other device has read your code, open the camera and leave it \
                     watching for its answer: the other player's time runs until the camera \
                     sees it, with no allowance."
                ));
            }
        }
        screen.set_title(title.into());
        screen.set_explanation(crate::i18n::sentences(explanation).into());
        screen.set_warning("".into());
        let news = naming::news(link.variant(), link.side(), played.news());
        let news = crate::i18n::sentences(
            [Some(news), super::clock_text::their_time_text(played)]
                .into_iter()
                .flatten(),
        );
        screen.set_news(news.into());
        show_link_code(w, played.last_code().unwrap_or_default());
        let over = matches!(status, LinkStatus::Finished | LinkStatus::Abandoned);
        screen.set_reading(!over);
        screen.set_read_status(self.link_status.clone().into());
        // No board before both setups are shown (an invitation, a joiner's first code).
        screen.set_can_see_board(played.view().is_some());
        screen.set_see_board_label(
            if over {
                crate::tr!("See the result")
            } else {
                crate::tr!("See the board")
            }
            .into(),
        );
        screen.set_close_label(crate::tr!("Menu").into());
        // Not on an invitation nobody answered: no other device has sent
        // anything yet (Delete under Continue takes the invitation away).
        screen.set_can_abandon(matches!(
            status,
            LinkStatus::AwaitingCode | LinkStatus::AwaitingReveal
        ));
        screen.set_confirm_abandon(self.confirm_abandon);
    }

    /// The fair deal of a domino game, before this device has its hand.
    fn refresh_dealing(&self, w: &AppWindow, link: &TwoDeviceGame) {
        let screen = w.global::<CodesAdapter>();
        let (title, explanation) = if link.joined() {
            (
                crate::tr!("Your code for the deal"),
                crate::tr!(
                    "Let the other device read this code, then read the code it answers with: \
                     your stones are drawn from both devices' secrets, so neither device can \
                     choose them, and each checks the other's at the end."
                ),
            )
        } else {
            (
                crate::tr!("Invite the other device"),
                crate::tr!(
                    "On the other device choose \"Read a code\" and read this invitation ({}, \
                     you play {}). Then read its answer here: your stones are drawn from both \
                     devices' secrets, so neither device can choose them.",
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
        screen.set_read_status(self.link_status.clone().into());
        screen.set_can_see_board(false);
        screen.set_close_label(crate::tr!("Menu").into());
        screen.set_can_abandon(false);
        screen.set_confirm_abandon(false);
    }
}

pub(super) fn connect(app: &App) {
    let codes = app.window().global::<CodesAdapter>();
    app.state.borrow().codes.bind(app.window());
    codes.on_previous(app.unit(|s, _| s.codes.step(-1)));
    codes.on_next(app.unit(|s, _| s.codes.step(1)));
    codes.on_read_text(app.unit(|s, w| {
        let screen = w.global::<CodesAdapter>();
        let text = screen.get_pasted().to_string();
        screen.set_pasted("".into());
        let for_two_devices = s.screen() == Screen::Link;
        if text.len() > MAX_PASTED_BYTES {
            let message = crate::tr!(
                "That text is {} KB, longer than any code can be (at most {} KB): nothing was read.",
                text.len() / 1024,
                MAX_PASTED_BYTES / 1024
            );
            s.codes.say(for_two_devices, message);
            return Vec::new();
        }
        let texts = [text];
        if for_two_devices {
            s.codes.read_two_devices(&mut s.games, &texts, Sighting::Other)
        } else {
            s.codes.receive(&mut s.games, &texts)
        }
    }));
    codes.on_read_picture_file(app.indexed(|s, _, index| {
        let path = s.codes.picture_paths.borrow().get(index).cloned();
        match path {
            Some(path) => read_picture_file(s, path),
            None => Effects::default(),
        }
    }));
    codes.on_choose_picture(app.unit(|s, _| {
        s.chooser.open(Purpose::CodePicture, None);
    }));
    codes.on_save_picture(app.unit(|s, w| {
        let screen = w.global::<CodesAdapter>();
        let code = screen.get_code_text();
        if let Some(status) = s.codes.save_picture(&code, &s.saver) {
            screen.set_action_status(status.into());
        }
    }));
    codes.on_open_folder(app.unit(|s, w| {
        let screen = w.global::<CodesAdapter>();
        if let Some((_, saved)) = &s.codes.picture_saved {
            let said = match s.saver.open_folder(saved) {
                Ok(()) => FileSaver::folder_asked(saved),
                Err(why) => why.to_string(),
            };
            screen.set_action_status(said.into());
        }
    }));
    codes.on_share_picture(app.unit(|s, w| {
        let screen = w.global::<CodesAdapter>();
        let title = crate::tr!("Send the code to the other player");
        if let Some((_, saved)) = &s.codes.picture_saved
            && let Err(why) = s.saver.share(saved, &title)
        {
            screen.set_action_status(why.to_string().into());
        }
    }));
    codes.on_share(app.unit(|s, w| {
        let screen = w.global::<CodesAdapter>();
        if let Some(share) = &s.codes.share
            && let Err(why) = share.share_text(
                &crate::tr!("Send the code to the other player"),
                &screen.get_code_text(),
            )
        {
            screen.set_action_status(
                crate::tr!(
                    "The share sheet did not open ({}); copy the text instead.",
                    why
                )
                .into(),
            );
        }
    }));
    codes.on_scan_camera(app.unit(|s, _| {
        if let Some(camera) = s.codes.camera.clone() {
            let for_two_devices = s.screen() == Screen::Link;
            // The codes already on show or read are no news: the camera
            // watches for the next, and times it when it appears.
            let known = match s.games.on_show().and_then(|g| g.game().link()) {
                Some(link) if for_two_devices => link.codes_known(),
                _ => Vec::new(),
            };
            let watch = Watch {
                time: Arc::clone(&s.time),
                known,
            };
            s.codes
                .watch(for_two_devices, || Incoming::Camera(camera.scan(watch)));
        }
    }));
    codes.on_copy_code(app.unit(|s, w| {
        if let Some(clipboard) = &s.codes.clipboard {
            clipboard.copy_text(&w.global::<CodesAdapter>().get_code_text());
        }
    }));
    codes.on_paste_code(app.unit(|s, _| {
        if let Some(clipboard) = s.codes.clipboard.clone() {
            let for_two_devices = s.screen() == Screen::Link;
            s.codes
                .watch(for_two_devices, || Incoming::Codes(clipboard.paste_text()));
        }
    }));
    codes.on_read_photos(app.unit(|s, _| {
        let Some(photos) = s.codes.photos.clone() else {
            return Effects::default();
        };
        read_pictures(
            s,
            Box::new(move || codes_in_newest(&*photos, NEWEST_PHOTOS)),
        )
    }));
    codes.on_close(app.unit(|s, _| close(s)));
    codes.on_see_board(app.unit(|_, _| Effect::View(GameView::Board)));
    codes.on_abandon(app.unit(|s, _| s.codes.confirm_abandon = true));
    codes.on_abandon_answer({
        let h = app.handler(|s, _, yes: bool| {
            s.codes.confirm_abandon = false;
            if !yes {
                return None;
            }
            let link = s.games.on_show_mut()?.game_mut().link_mut()?;
            Some(match link.abandon() {
                Ok(()) => Effect::Moved(GameView::Auto),
                Err(e) => Effect::Refuse(e.to_string()),
            })
        });
        move |yes| h(yes)
    });
}

/// Reads a picture for the screen shown now (at once in tests, else on a
/// worker thread whose codes `deliver` hands over later).
/// Reads the codes in the picture file at `path`.
pub(super) fn read_picture_file(s: &mut State, path: std::path::PathBuf) -> Effects {
    read_pictures(s, Box::new(move || codes_in_picture(&path)))
}

fn read_pictures(s: &mut State, job: PictureJob) -> Effects {
    let for_two_devices = s.screen() == Screen::Link;
    let background = s.games.background_work();
    match s.codes.read_pictures(for_two_devices, background, job) {
        Some(read) => deliver(s, read),
        None => Effects::default(),
    }
}

/// Hands the codes of a picture to the screen it was read for.
pub(super) fn deliver(s: &mut State, read: PictureRead) -> Effects {
    if let Err(PictureError::Camera(CameraError::Closed)) = read.result {
        // The player closed the camera: nothing to say.
        return Effects::default();
    }
    let codes = &mut s.codes;
    let effects = match (read.for_two_devices, read.result) {
        (true, Ok(read)) => codes.read_two_devices(&mut s.games, &read.codes, read.sighting),
        (true, Err(why)) => codes.not_read(why.to_string()),
        (false, Ok(read)) => codes.receive(&mut s.games, &read.codes),
        (false, Err(why)) => {
            codes.say(false, why.to_string());
            Vec::new()
        }
    };
    effects.into()
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

/// This device's code of a two-device game, with its number.
fn show_link_code(w: &AppWindow, code: &str) {
    let screen = w.global::<CodesAdapter>();
    screen.set_showing(!code.is_empty());
    screen.set_qr(qr_picture(code));
    screen.set_code_text(code.into());
    let header = crate::link::Envelope::from_text(code)
        .ok()
        .map(|e| e.header);
    // Numbered as the errors of a code read twice or out of turn number it.
    let label = match header {
        Some(header) if header.kind == CodeKind::Invite => crate::tr!("the invitation"),
        Some(header) => crate::tr!("code {} of this game", header.seq),
        None => String::new(),
    };
    screen.set_part_label(label.into());
    screen.set_can_previous(false);
    screen.set_can_next(false);
}

/// The codes screen's title and what to do, at each step of a two-device game.
fn link_texts(link: &TwoDeviceGame, status: LinkStatus) -> (String, String) {
    match status {
        LinkStatus::AwaitingJoin if crate::link::fair_deal::deals_by_chance(link.variant()) => (
            crate::tr!("Show your code, then read theirs"),
            crate::tr!(
                "Let the other device read this code: it deals the other player's stones and \
                 shows which squares yours stand on, never what they are. Then read the code it \
                 shows once its player has set up."
            ),
        ),
        LinkStatus::AwaitingJoin => (
            crate::tr!("Invite the other device"),
            crate::tr!(
                "On the other device choose \"Read a code\" and read this invitation ({}, you \
                 play {}). Then read its answer here.",
                translate(&link.variant().name),
                side_name(link.side())
            ),
        ),
        LinkStatus::AwaitingCode if link.game().is_some_and(|g| g.view().is_none()) => (
            crate::tr!("Show your code, then read theirs"),
            crate::tr!(
                "Let the other device read this code: it shows which squares your pieces stand on, \
                 never what they are. Then read the code it shows, which does the same for its \
                 pieces."
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
            crate::tr!("Game over: {}", two_devices::outcome_text(link)),
            two_devices::opening_step(link),
        ),
        LinkStatus::Abandoned => (
            two_devices::outcome_text(link),
            crate::tr!("This game was ended as abandoned by the other device: it is not a result."),
        ),
        LinkStatus::Finished => (
            crate::tr!("Game over: {}", two_devices::outcome_text(link)),
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

/// A picture file as the list names it: "IMG_2041.jpg (Downloads)".
fn picture_name(path: &std::path::Path) -> String {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    match path.parent().and_then(|p| p.file_name()) {
        Some(folder) => format!("{name} ({})", folder.to_string_lossy()),
        None => name,
    }
}

/// Back to the home screen (Menu, Escape, the back gesture): a two-device
/// game's codes stay with the game; a game's codes to move it, or codes
/// being read, are let go.
pub(super) fn close(s: &mut State) -> Effect {
    if s.screen() != Screen::Link {
        s.codes.codes = None;
    }
    Effect::GoHome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_saved_as_a_picture_is_a_png_in_the_data_folder_and_remembered() {
        let dir =
            std::env::temp_dir().join(format!("flagfall-code-picture-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let storage = crate::store::Storage::open(&dir).unwrap();
        let saver = FileSaver::new(None, Some(&storage), None, None);
        let mut codes = CodesController::new(None, None, None, None);
        let status = codes
            .save_picture("FLAGFALL:not-a-real-code", &saver)
            .expect("any text makes a QR code");
        let picture = storage.exports_dir().unwrap().join("flagfall-code.png");
        assert!(status.contains("flagfall-code.png"), "{status}");
        let bytes = std::fs::read(&picture).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        // The screen offers the saved picture only while that code is shown.
        assert!(codes.saved_picture_of("FLAGFALL:not-a-real-code").is_some());
        assert!(codes.saved_picture_of("FLAGFALL:another-code").is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
