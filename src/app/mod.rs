//! The app's glue: it feeds the Slint screens from the pass-and-play
//! session (always through one player's view) and turns taps into session
//! calls. `run` is the one entry point, for the desktop binary and Android.

mod cells;
mod codes;
mod linked;
mod startup;
mod words;

slint::include_modules!();

pub use cells::Display;
pub use words::Numbering;

use crate::core::PieceId;
use crate::core::moves::{Action, Move};
use crate::core::options::{GameOptions, TwoSquares};
use crate::core::record::action_text;
use crate::core::rules_text::rules_text;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{ArmyRule, Variant, builtin};
use crate::core::view::PlayerView;
use crate::session::ai::{Level, choose};
use crate::session::pass_and_play::Computer;
use crate::session::photos::{NEWEST_PHOTOS, PhotoSource, codes_in_newest};
use crate::session::storage::{FinishedGame, Settings};
use crate::session::{PassAndPlay, SetupLibrary, Stage, Storage};
use slint::{ComponentHandle, ModelRc, PlatformError, SharedString, VecModel};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// How the app starts: the RNG seed for deals and "fill for me", and the
/// data folder (none: everything lives in memory, for tests and screenshots).
pub struct AppConfig {
    pub seed: u64,
    pub storage: Option<Storage>,
    /// The computer's moves and the reading of pictures are worked out on
    /// worker threads (the app), or at once on the caller's thread (tests and
    /// screenshots, which run no event loop).
    pub background_work: bool,
    /// Where the codes screens look for the newest photos (Android's gallery,
    /// the desktop's pictures and downloads folders).
    pub photos: Option<Arc<dyn PhotoSource>>,
}

impl AppConfig {
    pub fn in_memory(seed: u64) -> AppConfig {
        AppConfig {
            seed,
            storage: None,
            background_work: false,
            photos: None,
        }
    }

    /// A player's app: a fresh seed, and `data_dir` or the platform's data folder.
    pub fn for_player(data_dir: Option<PathBuf>) -> (AppConfig, Option<String>) {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let (storage, warning) = match data_dir.or_else(Storage::default_root) {
            None => (
                None,
                Some("no data folder: nothing will be saved".to_string()),
            ),
            Some(root) => match Storage::open(&root) {
                Ok(storage) => (Some(storage), None),
                Err(e) => (
                    None,
                    Some(format!(
                        "the data folder {} cannot be used ({e}): nothing will be saved",
                        root.display()
                    )),
                ),
            },
        };
        (
            AppConfig {
                seed,
                storage,
                background_work: true,
                photos: None,
            },
            warning,
        )
    }
}

/// Runs the app until its window closes; `data_dir` overrides the platform's
/// data folder, and `photos` is where codes can be read from the newest photos.
pub fn run(
    data_dir: Option<PathBuf>,
    photos: Option<Arc<dyn PhotoSource>>,
) -> Result<(), PlatformError> {
    let (mut config, warning) = AppConfig::for_player(data_dir);
    config.photos = photos;
    let app = App::new(config)?;
    if let Some(warning) = warning {
        app.state.borrow_mut().notices.push(warning);
        app.refresh();
    }
    startup::watch_first_frame(app.window.window());
    app.window.run()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Deal,
    Setup,
    Play,
    Other,
}

/// A linked game shows the codes while waiting and the board on the
/// player's turn, unless the player asked for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LinkView {
    Auto,
    Board,
    Codes,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlay {
    None,
    Rules,
    Settings,
}

/// What the setup editor has picked up: a tray group or a placed piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SetupPick {
    None,
    Tray(usize),
    Square(Square),
}

struct State {
    variants: Vec<Arc<Variant>>,
    selected_variant: usize,
    session: Option<PassAndPlay>,
    at_home: bool,
    overlay: Overlay,
    memory_aid: bool,
    numbering: Numbering,
    setup_pick: SetupPick,
    play_pick: Option<Square>,
    error: String,
    setup_status: String,
    /// Problems worth telling the player (unreadable files, failed saves).
    notices: Vec<String>,
    library: SetupLibrary,
    storage: Option<Storage>,
    /// Other games in progress (one per mode and variant).
    parked: Vec<PassAndPlay>,
    /// The revision of the current session last written to disk.
    saved_revision: Option<u64>,
    finished: Vec<FinishedGame>,
    /// A finished game opened from the list, for replay.
    review: Option<crate::core::Game>,
    background_work: bool,
    /// The computer's move being worked out on another thread.
    thinking: Option<std::sync::mpsc::Receiver<Option<Action>>>,
    photos: Option<Arc<dyn PhotoSource>>,
    /// A picture (or the newest photos) being read on another thread.
    picture_reading: Option<codes::PictureReading>,
    /// The strongest level's suggestion, shown on the board.
    hint: Option<Move>,
    export_status: String,
    replay_at: usize,
    rescue_chosen: Option<usize>,
    confirm_resign: bool,
    next_seed: u64,
    /// The codes screen, over the home screen.
    codes: Option<codes::Codes>,
    /// The two-device game on show (then `session` is none or over).
    link: Option<crate::session::link::LinkedSession>,
    parked_links: Vec<crate::session::link::LinkedSession>,
    /// Which screen of the linked game the player asked for.
    link_view: LinkView,
    /// Why the last code was not read.
    link_status: String,
    link_saved_revision: Option<u64>,
}

impl State {
    fn variant(&self) -> &Arc<Variant> {
        &self.variants[self.selected_variant]
    }

    fn display(&self, viewer: Side) -> Display {
        Display {
            viewer,
            numbering: self.numbering,
            memory_aid: self.memory_aid,
        }
    }

    fn holder(&self) -> Side {
        if let Some(link) = &self.link {
            return link.side();
        }
        self.session.as_ref().map_or(Side::Red, |s| s.holder())
    }

    /// The game on screen's phase, whichever kind of game it is.
    fn phase(&self) -> Phase {
        use crate::session::link::LinkedStage;
        if let Some(link) = &self.link {
            return match link.stage() {
                LinkedStage::Deal => Phase::Deal,
                LinkedStage::Setup => Phase::Setup,
                LinkedStage::Game => Phase::Play,
            };
        }
        match self.session.as_ref().map(|x| x.stage()) {
            Some(Stage::Deal(_)) => Phase::Deal,
            Some(Stage::Setup(_)) => Phase::Setup,
            Some(Stage::Play) => Phase::Play,
            _ => Phase::Other,
        }
    }

    /// The variant of the game on screen.
    fn game_variant(&self) -> Option<Arc<Variant>> {
        match (&self.link, &self.session) {
            (Some(link), _) => Some(Arc::clone(link.variant())),
            (None, Some(session)) => Some(Arc::clone(session.variant())),
            (None, None) => None,
        }
    }

    /// The on-screen player's view of the game being played.
    fn current_view(&self) -> Option<PlayerView> {
        match (&self.link, &self.session) {
            (Some(link), _) => linked::view(link),
            (None, Some(session)) => session.view(session.holder()),
            (None, None) => None,
        }
    }

    /// The linked game's screens are up (not the home screen over it).
    fn link_on_screen(&self) -> bool {
        self.link.is_some() && !self.at_home && self.overlay == Overlay::None
    }

    fn fail(&mut self, message: impl Into<String>) -> bool {
        self.error = message.into();
        true
    }
}

/// The app window and its state. Tests and the screenshot tool drive it
/// through the window's callbacks, as a player's taps do.
pub struct App {
    window: AppWindow,
    state: Rc<RefCell<State>>,
    /// Collects the computer's moves from its worker thread.
    computer_timer: slint::Timer,
}

fn model<T: Clone + 'static>(items: Vec<T>) -> ModelRc<T> {
    ModelRc::new(VecModel::from(items))
}

fn strings(items: impl IntoIterator<Item = String>) -> ModelRc<SharedString> {
    model(items.into_iter().map(SharedString::from).collect())
}

impl App {
    pub fn new(config: AppConfig) -> Result<App, PlatformError> {
        let window = AppWindow::new()?;
        let mut notices: Vec<String> = builtin().errors.iter().map(|e| e.to_string()).collect();
        let mut parked_links = Vec::new();
        let (library, settings, parked, finished) = match &config.storage {
            Some(storage) => {
                let (library, warning) = SetupLibrary::open(storage.setup_library_path());
                notices.extend(warning);
                let (settings, warning) = storage.settings();
                notices.extend(warning);
                let (games, problems) = storage.games_in_progress();
                notices.extend(problems);
                let (finished, problems) = storage.finished_games();
                notices.extend(problems);
                let (links, problems) = storage.linked_in_progress();
                notices.extend(problems);
                parked_links = links;
                (
                    library,
                    settings,
                    games.into_iter().map(|g| g.session).collect(),
                    finished,
                )
            }
            None => (
                SetupLibrary::in_memory(),
                Settings::default(),
                Vec::new(),
                Vec::new(),
            ),
        };
        let state = State {
            variants: builtin().variants.clone(),
            selected_variant: 0,
            session: None,
            at_home: true,
            overlay: Overlay::None,
            memory_aid: settings.memory_aid,
            numbering: if settings.numbering == "classic" {
                Numbering::Classic
            } else {
                Numbering::Modern
            },
            setup_pick: SetupPick::None,
            play_pick: None,
            error: String::new(),
            setup_status: String::new(),
            notices,
            library,
            storage: config.storage,
            parked,
            saved_revision: None,
            finished,
            review: None,
            background_work: config.background_work,
            thinking: None,
            photos: config.photos,
            picture_reading: None,
            hint: None,
            export_status: String::new(),
            replay_at: 0,
            rescue_chosen: None,
            confirm_resign: false,
            next_seed: config.seed,
            codes: None,
            link: None,
            parked_links,
            link_view: LinkView::Auto,
            link_status: String::new(),
            link_saved_revision: None,
        };
        let app = App {
            window,
            state: Rc::new(RefCell::new(state)),
            computer_timer: slint::Timer::default(),
        };
        let classic = app
            .state
            .borrow()
            .variants
            .iter()
            .position(|v| v.id == "classic");
        app.state.borrow_mut().selected_variant = classic.unwrap_or(0);
        app.reset_options();
        app.wire();
        app.start_computer_timer();
        app.refresh();
        Ok(app)
    }

    fn start_computer_timer(&self) {
        let weak = self.window.as_weak();
        let state = Rc::clone(&self.state);
        self.computer_timer.start(
            slint::TimerMode::Repeated,
            Duration::from_millis(30),
            move || {
                let Some(window) = weak.upgrade() else { return };
                let Ok(mut s) = state.try_borrow_mut() else {
                    return;
                };
                let read = codes::collect_pictures(&mut s);
                if s.thinking.is_none() && !read {
                    return;
                }
                drive_computer(&mut s);
                autosave(&mut s);
                refresh(&window, &s);
            },
        );
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
    }

    /// The session, for tests and tools that check what the screens must show.
    pub fn session(&self) -> std::cell::Ref<'_, Option<PassAndPlay>> {
        std::cell::Ref::map(self.state.borrow(), |s| &s.session)
    }

    /// The two-device game on show, for tests and tools.
    pub fn linked(&self) -> std::cell::Ref<'_, Option<crate::session::link::LinkedSession>> {
        std::cell::Ref::map(self.state.borrow(), |s| &s.link)
    }

    /// Changes the two-device game directly (the screenshot tool), then redraws.
    pub fn with_linked(&self, change: impl FnOnce(&mut crate::session::link::LinkedSession)) {
        if let Some(link) = self.state.borrow_mut().link.as_mut() {
            change(link);
        }
        self.refresh();
    }

    /// Changes the session directly (the screenshot tool's shortcuts), then redraws.
    pub fn with_session(&self, change: impl FnOnce(&mut PassAndPlay)) {
        if let Some(session) = self.state.borrow_mut().session.as_mut() {
            change(session);
        }
        self.refresh();
    }

    fn reset_options(&self) {
        let state = self.state.borrow();
        let variant = state.variant();
        let rules = &variant.rules;
        let index = rules
            .two_squares_choices
            .iter()
            .position(|c| *c == rules.two_squares_default)
            .unwrap_or(0);
        self.window.set_two_squares_index(index as i32);
        self.window.set_aggressor(rules.aggressor_advantage.default);
        self.window.set_silent(rules.silent_defense.default);
        self.window.set_rescue(rules.rescue.default);
    }

    /// A callback body: change the state, then redraw the window from it.
    fn handler<A: 'static>(
        &self,
        change: impl Fn(&mut State, &AppWindow, A) + 'static,
    ) -> impl Fn(A) + 'static {
        let weak = self.window.as_weak();
        let state = Rc::clone(&self.state);
        move |arg: A| {
            let Some(window) = weak.upgrade() else { return };
            let shake = {
                let mut state = state.borrow_mut();
                state.error.clear();
                change(&mut state, &window, arg);
                drive_computer(&mut state);
                autosave(&mut state);
                !state.error.is_empty()
            };
            refresh(&window, &state.borrow());
            if shake {
                start_shake(&window);
            }
        }
    }

    pub fn refresh(&self) {
        refresh(&self.window, &self.state.borrow());
    }

    fn wire(&self) {
        let w = &self.window;
        let unit = |f: fn(&mut State, &AppWindow)| {
            let h = self.handler(move |s, w, ()| f(s, w));
            move || h(())
        };
        w.on_select_variant({
            let h = self.handler(|s, w, i: i32| {
                s.selected_variant = (i.max(0) as usize).min(s.variants.len() - 1);
                let v = Arc::clone(s.variant());
                let index = v
                    .rules
                    .two_squares_choices
                    .iter()
                    .position(|c| *c == v.rules.two_squares_default);
                w.set_two_squares_index(index.unwrap_or(0) as i32);
                w.set_aggressor(v.rules.aggressor_advantage.default);
                w.set_silent(v.rules.silent_defense.default);
                w.set_rescue(v.rules.rescue.default);
            });
            move |i| h(i)
        });
        w.on_start(unit(start_game));
        w.on_continue_game({
            let h = self.handler(|s, _, i: i32| continue_game(s, i.max(0) as usize));
            move |i| h(i)
        });
        w.on_open_finished({
            let h = self.handler(|s, _, i: i32| {
                if let Some(finished) = s.finished.get(i.max(0) as usize) {
                    s.review = Some(finished.game.clone());
                    s.replay_at = usize::MAX;
                    s.at_home = false;
                    s.export_status.clear();
                }
            });
            move |i| h(i)
        });
        w.on_export(unit(|s, _| {
            let linked_game = s.link.as_ref().and_then(|l| l.game()?.finished_game());
            let game = s
                .review
                .as_ref()
                .or(linked_game.as_ref())
                .or(s.session.as_ref().and_then(|x| x.game()));
            s.export_status = match (&s.storage, game) {
                (Some(storage), Some(game)) => match storage.export(game) {
                    Ok(path) => format!("Saved the record as {}", path.display()),
                    Err(e) => format!("The record could not be saved: {e}"),
                },
                _ => "No data folder: the record cannot be saved.".to_string(),
            };
        }));
        w.on_menu(unit(|s, _| {
            s.at_home = true;
            s.play_pick = None;
        }));
        w.on_show_rules(unit(|s, w| {
            s.overlay = Overlay::Rules;
            w.set_rules_variant(s.selected_variant as i32);
        }));
        w.on_show_settings(unit(|s, _| s.overlay = Overlay::Settings));
        w.on_send_game(unit(|s, _| codes::send_game(s)));
        w.on_read_codes(unit(|s, _| codes::start_reading(s)));
        w.on_codes_previous(unit(|s, _| codes::step(s, -1)));
        w.on_codes_next(unit(|s, _| codes::step(s, 1)));
        w.on_codes_read_text(unit(|s, w| {
            if s.link_on_screen() {
                linked::read_text(s, &w.get_codes_pasted());
            } else {
                codes::read_text(s, &w.get_codes_pasted());
            }
            w.set_codes_pasted("".into());
        }));
        w.on_codes_read_picture(unit(|s, w| {
            let path = w.get_codes_picture_path().to_string();
            codes::read_pictures(s, Box::new(move || codes::codes_in_picture(&path)));
        }));
        w.on_codes_read_photos(unit(|s, _| {
            if let Some(photos) = s.photos.clone() {
                codes::read_pictures(
                    s,
                    Box::new(move || codes_in_newest(&*photos, NEWEST_PHOTOS)),
                );
            }
        }));
        w.on_codes_close(unit(|s, _| {
            if s.link_on_screen() {
                s.at_home = true;
            } else {
                s.codes = None;
            }
        }));
        w.on_codes_see_board(unit(|s, _| s.link_view = LinkView::Board));
        w.on_show_codes(unit(|s, _| s.link_view = LinkView::Codes));
        w.on_back(unit(|s, w| {
            let was_settings = s.overlay == Overlay::Settings;
            s.overlay = Overlay::None;
            s.memory_aid = w.get_memory_aid();
            s.numbering = if w.get_numbering_index() == 1 {
                Numbering::Classic
            } else {
                Numbering::Modern
            };
            if was_settings && let Some(storage) = &s.storage {
                let settings = Settings {
                    memory_aid: s.memory_aid,
                    numbering: if s.numbering == Numbering::Classic {
                        "classic"
                    } else {
                        "modern"
                    }
                    .into(),
                    ..Settings::default()
                };
                if let Err(e) = storage.save_settings(&settings) {
                    s.notices.push(e);
                }
            }
        }));
        w.on_reveal(unit(|s, _| {
            s.play_pick = None;
            s.setup_pick = SetupPick::None;
            s.rescue_chosen = None;
            if let Some(session) = s.session.as_mut() {
                session.reveal();
            }
        }));
        w.on_deal_choose({
            let h = self.handler(|s, _, i: i32| {
                if let Some(link) = s.link.as_mut() {
                    let suit = link.variant().suits_of(link.side()).nth(i.max(0) as usize);
                    if let Some(suit) = suit
                        && let Err(e) = link.choose_discards(suit)
                    {
                        s.fail(e);
                    }
                    return;
                }
                let Some(session) = s.session.as_mut() else {
                    return;
                };
                let side = session.holder();
                let suit = session.variant().suits_of(side).nth(i.max(0) as usize);
                if let Some(suit) = suit
                    && let Err(e) = session.choose_discards(suit)
                {
                    s.fail(e);
                }
            });
            move |i| h(i)
        });
        w.on_deal_continue(unit(|s, _| {
            let accepted = match s.link.as_mut() {
                Some(link) => Some(link.accept_deal()),
                None => s.session.as_mut().map(|x| x.accept_deal()),
            };
            if let Some(Err(e)) = accepted {
                s.fail(e);
            }
        }));
        w.on_square_clicked({
            let h = self.handler(|s, _, i: i32| square_clicked(s, i.max(0) as usize));
            move |i| h(i)
        });
        w.on_square_dragged({
            let h = self.handler(|s, _, (a, b): (i32, i32)| {
                square_dragged(s, a.max(0) as usize, b.max(0) as usize)
            });
            move |a, b| h((a, b))
        });
        w.on_tray_pick({
            let h = self.handler(|s, _, i: i32| tray_pick(s, i.max(0) as usize));
            move |i| h(i)
        });
        w.on_fill(unit(|s, _| {
            s.setup_pick = SetupPick::None;
            if let Some(link) = s.link.as_mut() {
                link.fill_random();
            } else if let Some(session) = s.session.as_mut() {
                session.fill_random();
            }
        }));
        w.on_clear(unit(|s, _| {
            s.setup_pick = SetupPick::None;
            if let Some(draft) = holder_draft(s) {
                draft.clear();
            }
        }));
        w.on_flip(unit(|s, _| {
            let SetupPick::Square(square) = s.setup_pick else {
                return;
            };
            if let Some(draft) = holder_draft(s)
                && !draft.flip(square)
            {
                s.fail("only a domino with two different numbers can be turned round");
            }
        }));
        w.on_save_setup(unit(save_setup));
        w.on_load_setup(unit(load_setup));
        w.on_ready(unit(|s, _| {
            s.setup_pick = SetupPick::None;
            let ready = match s.link.as_mut() {
                Some(link) => Some(link.setup_ready()),
                None => s.session.as_mut().map(|x| x.setup_ready()),
            };
            if let Some(Err(problems)) = ready {
                s.fail(problems.join("\n"));
            }
        }));
        w.on_battle_continue(unit(|s, _| {
            if let Some(session) = s.session.as_mut() {
                session.battle_seen();
            }
        }));
        w.on_rescue_pick({
            let h = self.handler(|s, _, i: i32| s.rescue_chosen = usize::try_from(i).ok());
            move |i| h(i)
        });
        w.on_rescue_skip(unit(|s, _| play(s, Action::SkipRescue)));
        w.on_draw_answer({
            let h = self.handler(|s, _, accept: bool| {
                if let Some(Err(e)) = s.session.as_mut().map(|x| x.answer_draw(accept)) {
                    s.fail(e.to_string());
                }
            });
            move |a| h(a)
        });
        w.on_resign(unit(|s, _| s.confirm_resign = true));
        w.on_resign_answer({
            let h = self.handler(|s, _, yes: bool| {
                s.confirm_resign = false;
                if yes && let Some(link) = &s.link {
                    let me = link.side();
                    linked::play(s, Action::Resign(me));
                } else if yes && let Some(Err(e)) = s.session.as_mut().map(|x| x.resign()) {
                    s.fail(e.to_string());
                }
                s.replay_at = usize::MAX;
            });
            move |a| h(a)
        });
        w.on_offer_draw(unit(|s, _| {
            s.play_pick = None;
            if let Some(session) = s.session.as_mut() {
                session.offer_draw();
            }
        }));
        w.on_take_back(unit(|s, _| {
            s.thinking = None;
            s.hint = None;
            s.play_pick = None;
            if !s.session.as_mut().is_some_and(|x| x.take_back()) {
                s.fail("there is no move of yours to take back");
            }
        }));
        w.on_hint(unit(|s, _| {
            let seed = s.next_seed;
            match s.session.as_ref().and_then(|x| x.hint(seed)) {
                Some(Action::Move(m)) => {
                    s.hint = Some(m);
                    s.play_pick = Some(m.from);
                }
                _ => s.hint = None,
            }
        }));
        w.on_replay_first(unit(|s, _| s.replay_at = 0));
        w.on_replay_back(unit(|s, _| {
            s.replay_at = replay_len(s).min(s.replay_at).saturating_sub(1)
        }));
        w.on_replay_next(unit(|s, _| {
            s.replay_at = (s.replay_at + 1).min(replay_len(s))
        }));
        w.on_replay_last(unit(|s, _| s.replay_at = replay_len(s)));
        w.on_new_game(unit(|s, _| {
            if s.session.as_ref().is_some_and(|x| x.stage() == Stage::Over) {
                s.session = None;
            }
            if s.link
                .as_ref()
                .is_some_and(|l| l.status() == Some(crate::session::link::LinkStatus::Finished))
            {
                s.link = None;
            }
            s.review = None;
            s.at_home = true;
        }));
    }
}

/// Writes the current session to disk when it changed since the last save.
fn autosave(s: &mut State) {
    autosave_link(s);
    let (Some(storage), Some(session)) = (&s.storage, &s.session) else {
        return;
    };
    if s.saved_revision == Some(session.revision()) {
        return;
    }
    let (saved, ended) = (
        storage.save_session(session),
        session.stage() == Stage::Over,
    );
    if saved.is_ok() {
        s.saved_revision = Some(session.revision());
    }
    after_save(s, saved, ended, "move");
}

fn autosave_link(s: &mut State) {
    let (Some(storage), Some(link)) = (&s.storage, &s.link) else {
        return;
    };
    if s.link_saved_revision == Some(link.revision()) {
        return;
    }
    let ended = link.status() == Some(crate::session::link::LinkStatus::Finished);
    let saved = storage.save_linked(link);
    if saved.is_ok() {
        s.link_saved_revision = Some(link.revision());
    }
    after_save(s, saved, ended, "code");
}

/// A game that just ended joins the finished list; a failed save is told,
/// and the game goes on (it is saved again after the next `step`).
fn after_save(s: &mut State, saved: Result<(), String>, ended: bool, step: &str) {
    match saved {
        Ok(()) if ended => {
            if let Some(storage) = &s.storage {
                let (finished, problems) = storage.finished_games();
                s.finished = finished;
                s.notices.extend(problems);
            }
        }
        Ok(()) => {}
        Err(e) => {
            s.error =
                format!("{e} (the game goes on; it will be saved again after the next {step})")
        }
    }
}

/// The games offered by "Continue": the current one first, then the parked ones.
fn games_in_progress(s: &State) -> Vec<&PassAndPlay> {
    s.session
        .iter()
        .chain(s.parked.iter())
        .filter(|x| x.stage() != Stage::Over)
        .collect()
}

fn continue_game(s: &mut State, index: usize) {
    let locals = games_in_progress(s).len();
    if index >= locals {
        linked::continue_at(s, index - locals);
        return;
    }
    linked::park(s);
    let current_in_progress = s.session.as_ref().is_some_and(|x| x.stage() != Stage::Over);
    if index > 0 || !current_in_progress {
        let parked_index = if current_in_progress {
            index - 1
        } else {
            index
        };
        if parked_index >= s.parked.len() {
            return;
        }
        let chosen = s.parked.remove(parked_index);
        if let Some(current) = s.session.replace(chosen)
            && current.stage() != Stage::Over
        {
            s.parked.push(current);
        }
        s.saved_revision = None;
    }
    s.at_home = false;
    s.review = None;
    if let Some(session) = s.session.as_mut() {
        // The device may have changed hands while the app was on its menu.
        session.hand_off_again();
    }
}

/// Lets the computer play when it is its turn: on a worker thread in the
/// app (a timer collects the move), at once in tests.
fn drive_computer(s: &mut State) {
    use std::sync::mpsc::TryRecvError;
    if let Some(receiver) = &s.thinking {
        match receiver.try_recv() {
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => s.thinking = None,
            Ok(action) => {
                s.thinking = None;
                let played = action.and_then(|a| s.session.as_mut().map(|x| x.play(a).is_ok()));
                if played != Some(true) {
                    return;
                }
            }
        }
    }
    loop {
        let Some((level, view)) = s.session.as_ref().and_then(|x| x.computer_turn()) else {
            return;
        };
        let seed = s.next_seed ^ u64::from(view.ply);
        if s.background_work {
            let (sender, receiver) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let _ = sender.send(choose(level, &view, seed));
            });
            s.thinking = Some(receiver);
            return;
        }
        let Some(action) = choose(level, &view, seed) else {
            return;
        };
        if s.session.as_mut().is_none_or(|x| x.play(action).is_err()) {
            return;
        }
    }
}

fn start_game(s: &mut State, w: &AppWindow) {
    let variant = Arc::clone(s.variant());
    let rules = &variant.rules;
    let two_squares = rules
        .two_squares_choices
        .get(w.get_two_squares_index().max(0) as usize)
        .copied()
        .unwrap_or(rules.two_squares_default);
    let options = GameOptions {
        two_squares,
        aggressor_advantage: w.get_aggressor() && rules.aggressor_advantage.offered,
        silent_defense: w.get_silent() && rules.silent_defense.offered,
        rescue: w.get_rescue() && rules.rescue.offered,
        check_army: true,
    };
    s.next_seed = s
        .next_seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let human = if w.get_side_index() == 1 {
        Side::Blue
    } else {
        Side::Red
    };
    if w.get_opponent_index() == OTHER_DEVICE {
        linked::start(s, variant, options, human);
        return;
    }
    linked::park(s);
    // One game in progress per mode and variant: a new one replaces the old.
    let solo = w.get_opponent_index() > 0;
    if let Some(current) = s.session.take()
        && current.stage() != Stage::Over
        && (current.variant().id != variant.id || current.computer().is_some() != solo)
    {
        s.parked.push(current);
    }
    let solo = w.get_opponent_index() > 0;
    s.parked
        .retain(|p| p.variant().id != variant.id || p.computer().is_some() != solo);
    s.saved_revision = None;
    s.review = None;
    let opponent = w.get_opponent_index();
    s.session = Some(
        match Level::ALL
            .get((opponent - 1).max(0) as usize)
            .filter(|_| opponent > 0)
        {
            Some(level) => PassAndPlay::solo(
                variant,
                options,
                s.next_seed,
                Computer {
                    side: human.opponent(),
                    level: *level,
                },
            ),
            None => PassAndPlay::new(variant, options, s.next_seed),
        },
    );
    s.thinking = None;
    s.hint = None;
    s.at_home = false;
    s.setup_pick = SetupPick::None;
    s.play_pick = None;
    s.replay_at = usize::MAX;
    s.setup_status.clear();
}

/// The home screen's opponent choice for a player on another device.
const OTHER_DEVICE: i32 = 4;

fn holder_draft(s: &mut State) -> Option<&mut crate::session::SetupDraft> {
    if let Some(link) = s.link.as_mut() {
        return link.draft_mut();
    }
    let session = s.session.as_mut()?;
    let Stage::Setup(side) = session.stage() else {
        return None;
    };
    session.draft_mut(side)
}

fn square_clicked(s: &mut State, index: usize) {
    let Some(variant) = s.game_variant() else {
        return;
    };
    let square = cells::square_at(&variant, s.holder(), index);
    match s.phase() {
        Phase::Setup => setup_square_clicked(s, square),
        Phase::Play => play_square_clicked(s, square),
        _ => {}
    }
}

fn square_dragged(s: &mut State, from: usize, to: usize) {
    let Some(variant) = s.game_variant() else {
        return;
    };
    let (a, b) = (
        cells::square_at(&variant, s.holder(), from),
        cells::square_at(&variant, s.holder(), to),
    );
    match s.phase() {
        Phase::Setup => {
            s.setup_pick = SetupPick::None;
            let Some(draft) = holder_draft(s) else { return };
            if draft.at(a).is_some() && !draft.move_or_swap(a, b) {
                s.fail(format!("{b} is not in your setup zone"));
            }
        }
        Phase::Play => {
            s.play_pick = None;
            play(s, Action::Move(Move::new(a, b)));
        }
        _ => {}
    }
}

fn setup_square_clicked(s: &mut State, square: Square) {
    let pick = s.setup_pick;
    let Some(draft) = holder_draft(s) else { return };
    let (next, error) = match pick {
        SetupPick::Tray(i) => match draft.tray().get(i).copied() {
            None => (SetupPick::None, None),
            Some((piece, left)) => {
                if !draft.place(piece, square) {
                    (
                        pick,
                        Some(format!("{square} is not a free square of your setup zone")),
                    )
                } else if left <= 1 {
                    (SetupPick::None, None)
                } else {
                    (pick, None)
                }
            }
        },
        SetupPick::Square(from) if from == square => (SetupPick::None, None),
        SetupPick::Square(from) => {
            let moved = draft.move_or_swap(from, square);
            (
                SetupPick::None,
                (!moved).then(|| format!("{square} is not in your setup zone")),
            )
        }
        SetupPick::None if draft.at(square).is_some() => (SetupPick::Square(square), None),
        SetupPick::None => (SetupPick::None, None),
    };
    s.setup_pick = next;
    if let Some(error) = error {
        s.fail(error);
    }
}

fn tray_pick(s: &mut State, index: usize) {
    match s.setup_pick {
        // A placed piece picked up, then the tray: it goes back.
        SetupPick::Square(square) => {
            if let Some(draft) = holder_draft(s) {
                draft.remove(square);
            }
            s.setup_pick = SetupPick::None;
        }
        SetupPick::Tray(i) if i == index => s.setup_pick = SetupPick::None,
        _ => s.setup_pick = SetupPick::Tray(index),
    }
}

fn save_setup(s: &mut State, w: &AppWindow) {
    let name = w.get_save_name().to_string();
    let Some(draft) = setup_draft(s) else {
        return;
    };
    let (variant, setup) = (Arc::clone(draft.variant()), draft.to_setup());
    match s.library.save(&variant, &name, &setup) {
        Ok(()) => s.setup_status = format!("Saved \"{}\".", name.trim()),
        Err(e) => {
            s.fail(e);
        }
    }
}

/// The setup being arranged on screen, in any kind of game.
fn setup_draft(s: &State) -> Option<&crate::session::SetupDraft> {
    if let Some(link) = &s.link {
        return link.draft();
    }
    let session = s.session.as_ref()?;
    let Stage::Setup(side) = session.stage() else {
        return None;
    };
    session.draft(side)
}

fn load_setup(s: &mut State, w: &AppWindow) {
    let Some(draft) = setup_draft(s) else {
        return;
    };
    let (variant, side) = (Arc::clone(draft.variant()), draft.side());
    let names = s.library.names(&variant);
    let Some(name) = names.get(w.get_load_index().max(0) as usize).cloned() else {
        return;
    };
    let Some(setup) = s.library.load(&variant, &name, side) else {
        return;
    };
    if let Some(draft) = holder_draft(s) {
        draft.load(&setup);
        s.setup_status = format!("Loaded \"{name}\".");
    }
}

fn play(s: &mut State, action: Action) {
    if s.link.is_some() {
        linked::play(s, action);
        return;
    }
    let Some(session) = s.session.as_mut() else {
        return;
    };
    match session.play(action) {
        Ok(_) => {
            s.play_pick = None;
            s.hint = None;
            s.rescue_chosen = None;
            s.replay_at = usize::MAX;
        }
        Err(e) => {
            s.fail(e.to_string());
        }
    }
}

fn play_square_clicked(s: &mut State, square: Square) {
    let Some(view) = s.current_view() else {
        return;
    };
    if view.rescue_pending {
        let Some(i) = s.rescue_chosen else {
            s.fail("first choose which piece to rescue");
            return;
        };
        let Some(piece) = rescuable(&view).get(i).map(|(_, ids)| ids[0]) else {
            return;
        };
        play(s, Action::Rescue { piece, to: square });
        return;
    }
    let own = view.at(square).is_some_and(|p| p.owner == view.viewer);
    match s.play_pick {
        Some(from) if from == square => s.play_pick = None,
        _ if own => s.play_pick = Some(square),
        Some(from) => play(s, Action::Move(Move::new(from, square))),
        None => {}
    }
}

/// The pieces the viewer may rescue now, grouped by what they are (any
/// piece of a group will do); the rules decide through `rescue_choices`.
fn rescuable(view: &PlayerView) -> Vec<(crate::core::Piece, Vec<PieceId>)> {
    let mut groups: Vec<(crate::core::Piece, Vec<PieceId>)> = Vec::new();
    for action in view.rescue_choices() {
        let Action::Rescue { piece: id, .. } = action else {
            continue;
        };
        let seen = view.captured[view.viewer.index()]
            .iter()
            .find(|p| p.id == id);
        let Some(piece) = seen.and_then(|p| p.piece) else {
            continue;
        };
        let piece = crate::core::Piece {
            flipped: false,
            ..piece
        };
        match groups.iter_mut().find(|(p, _)| *p == piece) {
            Some((_, ids)) if !ids.contains(&id) => ids.push(id),
            Some(_) => {}
            None => groups.push((piece, vec![id])),
        }
    }
    groups
}

/// The squares to mark: where a rescued piece may go, the hinted move's
/// destination, or where the picked-up piece may move.
fn targets(
    view: &PlayerView,
    pick: Option<Square>,
    placing: bool,
    hint: Option<Move>,
) -> Vec<Square> {
    match pick {
        _ if placing => rescue_squares(view),
        Some(from) if hint.is_some_and(|h| h.from == from) => {
            hint.map(|h| h.to).into_iter().collect()
        }
        Some(from) => view
            .legal_moves
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect(),
        None => Vec::new(),
    }
}

/// The rescue chooser's buttons: one per kind of piece that may come back.
fn rescue_names(view: &PlayerView) -> ModelRc<SharedString> {
    strings(
        rescuable(view)
            .into_iter()
            .map(|(piece, ids)| match ids.len() {
                1 => words::name(&view.variant, piece),
                n => format!("{} ({n} captured)", words::name(&view.variant, piece)),
            }),
    )
}

/// Where a rescued piece may go, as the rules say.
fn rescue_squares(view: &PlayerView) -> Vec<Square> {
    let mut squares: Vec<Square> = view
        .rescue_choices()
        .into_iter()
        .filter_map(|a| match a {
            Action::Rescue { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

fn replay_len(s: &State) -> usize {
    if let Some(game) = &s.review {
        return game.actions().len();
    }
    if let Some(game) = s.link.as_ref().and_then(|l| l.game()?.finished_game()) {
        return game.actions().len();
    }
    s.session
        .as_ref()
        .and_then(|x| x.game())
        .map_or(0, |g| g.actions().len())
}

fn start_shake(window: &AppWindow) {
    // A short left-right nudge of the board, as a player would shake their head.
    let steps: [(u64, f32); 4] = [(0, 12.0), (70, -10.0), (140, 6.0), (210, 0.0)];
    for (delay, offset) in steps {
        let weak = window.as_weak();
        slint::Timer::single_shot(Duration::from_millis(delay), move || {
            if let Some(w) = weak.upgrade() {
                w.set_shake(offset);
            }
        });
    }
}

fn screen_name(s: &State) -> &'static str {
    match s.overlay {
        Overlay::Rules => return "rules",
        Overlay::Settings => return "settings",
        Overlay::None => {}
    }
    if s.codes.is_some() && s.at_home {
        return "codes";
    }
    if s.review.is_some() && !s.at_home {
        return "over";
    }
    if let Some(link) = s.link.as_ref().filter(|_| !s.at_home) {
        return linked::screen_name(s, link);
    }
    let Some(session) = s.session.as_ref().filter(|_| !s.at_home) else {
        return "home";
    };
    if session.handoff().is_some() {
        return "handoff";
    }
    match session.stage() {
        Stage::Deal(_) => "deal",
        Stage::Setup(_) => "setup",
        Stage::Play => "play",
        Stage::Over => "over",
    }
}

fn refresh(w: &AppWindow, s: &State) {
    let screen = screen_name(s);
    w.set_screen(screen.into());
    w.set_error(s.error.clone().into());
    refresh_home(w, s);
    if let Some(c) = &s.codes {
        codes::refresh(w, c);
    }
    codes::refresh_reading(w, s);
    w.set_variant_names(strings(s.variants.iter().map(|v| v.name.clone())));
    w.set_rules_texts(strings(s.variants.iter().map(|v| rules_text(v))));
    w.set_memory_aid(s.memory_aid);
    w.set_numbering_index(i32::from(s.numbering == Numbering::Classic));
    let link = s.link.as_ref().filter(|_| !s.at_home && s.review.is_none());
    w.set_verdict(link.map(linked::verdict_text).unwrap_or_default().into());
    w.set_linked(link.is_some());
    if screen == "over" {
        let linked_game = link.and_then(|l| l.game()?.finished_game());
        let game = s
            .review
            .as_ref()
            .or(linked_game.as_ref())
            .or(s.session.as_ref().and_then(|x| x.game()));
        if let Some(game) = game {
            w.set_columns(game.variant().board.columns as i32);
            w.set_rows(game.variant().board.rows as i32);
            refresh_over(w, s, game);
            return;
        }
    }
    if let Some(link) = link {
        let variant = link.variant();
        w.set_columns(variant.board.columns as i32);
        w.set_rows(variant.board.rows as i32);
        match screen {
            "deal" => refresh_deal(w, variant, link.side(), link.deal()),
            "setup" => {
                if let Some(draft) = link.draft() {
                    refresh_setup(w, s, draft, link.options());
                }
            }
            "play" => linked::refresh_play(w, s, link),
            "link" => linked::refresh_codes(w, s, link),
            "over" => linked::refresh_unreplayable(w, s, link),
            _ => {}
        }
        return;
    }
    let Some(session) = s.session.as_ref() else {
        return;
    };
    let variant = session.variant();
    w.set_columns(variant.board.columns as i32);
    w.set_rows(variant.board.rows as i32);
    match screen {
        "handoff" => refresh_handoff(w, session),
        "deal" => refresh_deal(w, variant, session.holder(), session.deal(session.holder())),
        "setup" => {
            if let Some(draft) = session.draft(session.holder()) {
                refresh_setup(w, s, draft, session.options());
            }
        }
        "play" => refresh_play(w, s, session),
        _ => {}
    }
}

fn refresh_home(w: &AppWindow, s: &State) {
    w.set_can_send_game(s.session.as_ref().is_some_and(|x| x.stage() != Stage::Over));
    let variant = s.variant();
    w.set_variants(model(
        s.variants
            .iter()
            .map(|v| VariantItem {
                id: v.id.clone().into(),
                name: v.name.clone().into(),
                summary: v.summary.clone().into(),
            })
            .collect(),
    ));
    w.set_selected_variant(s.selected_variant as i32);
    w.set_preview(model(cells::preview_cells(variant)));
    w.set_preview_columns(variant.board.columns as i32);
    w.set_preview_rows(variant.board.rows as i32);
    w.set_two_squares_choices(strings(
        variant
            .rules
            .two_squares_choices
            .iter()
            .map(|c: &TwoSquares| c.to_string()),
    ));
    w.set_offers_aggressor(variant.rules.aggressor_advantage.offered);
    w.set_offers_silent(variant.rules.silent_defense.offered);
    w.set_offers_rescue(variant.rules.rescue.offered);
    w.set_home_notice(s.notices.join("\n").into());
    let locals = games_in_progress(s).into_iter().map(|session| {
        let what = match session.stage() {
            Stage::Deal(side) | Stage::Setup(side) => format!("{side} setting up"),
            _ => format!("{} to play", session.holder()),
        };
        format!("Continue: {}, {what}", session.variant().name)
    });
    let links = linked::in_progress(s)
        .into_iter()
        .map(linked::continue_label);
    w.set_continue_games(strings(locals.chain(links)));
    w.set_finished_games(strings(s.finished.iter().map(|f| {
        let outcome = f
            .game
            .position()
            .outcome()
            .map_or(String::new(), |o| capitalized(&o.to_string()));
        format!(
            "{}: {outcome} ({} moves)",
            f.game.variant().name,
            f.game.actions().len()
        )
    })));
}

fn refresh_handoff(w: &AppWindow, session: &PassAndPlay) {
    let side = session.handoff().unwrap_or(Side::Red);
    w.set_handoff_player(side.name().into());
    w.set_handoff_blue(side == Side::Blue);
    let detail = match (session.stage(), session.draw_offer()) {
        (_, Some(offerer)) => format!("{offerer} offers a draw."),
        (Stage::Deal(_), _) => format!("{side}: your deal."),
        (Stage::Setup(_), _) => format!("{side}: set up your army."),
        _ => format!("{side} to play."),
    };
    w.set_handoff_detail(detail.into());
}

fn refresh_deal(w: &AppWindow, variant: &Variant, side: Side, deal: Option<&crate::core::Deal>) {
    w.set_deal_title(format!("{side}'s deal").into());
    match (&variant.army, deal) {
        (
            ArmyRule::Domino { dealt, .. },
            Some(crate::core::Deal::Domino {
                hand,
                set_aside,
                redraws,
            }),
        ) => {
            let names = |stones: &[crate::core::KindId]| {
                stones
                    .iter()
                    .map(|k| variant.kind(*k).name.clone())
                    .collect::<Vec<_>>()
                    .join("  ")
            };
            let reshuffles = match redraws {
                0 => "Your first draw held both the 0-0 and the 6-6.".to_string(),
                1 => {
                    "The first draw lacked the 0-0 or the 6-6, so all stones were reshuffled once."
                        .to_string()
                }
                n => format!("Draws lacking the 0-0 or the 6-6 made {n} reshuffles."),
            };
            w.set_deal_explanation(format!("You drew {dealt} stones. {reshuffles}").into());
            w.set_deal_hand(names(hand).into());
            w.set_deal_set_aside(names(set_aside).into());
            w.set_deal_choices(strings(Vec::new()));
            w.set_deal_can_continue(true);
        }
        (
            ArmyRule::Suited {
                first_loss,
                second_loss,
            },
            deal,
        ) => {
            let suits: Vec<_> = variant.suits_of(side).collect();
            let (first, second) = (
                &variant.kind(*first_loss).name,
                &variant.kind(*second_loss).name,
            );
            let choices = suits.iter().map(|s| {
                let other = suits
                    .iter()
                    .find(|o| *o != s)
                    .map_or(String::new(), |o| variant.suit(*o).name.clone());
                format!(
                    "{} gives up its {first}; {other} gives up its {second}",
                    variant.suit(*s).name
                )
            });
            w.set_deal_explanation(
                format!("Choose your secret discards: one suit loses its {first}, the other its {second}. Your opponent never learns which.").into(),
            );
            w.set_deal_hand("".into());
            w.set_deal_set_aside("".into());
            w.set_deal_choices(strings(choices));
            let chosen = match deal {
                Some(crate::core::Deal::Discard { first_loss_suit }) => {
                    suits.iter().position(|s| s == first_loss_suit)
                }
                _ => None,
            };
            w.set_deal_chosen(chosen.map_or(-1, |i| i as i32));
            w.set_deal_can_continue(chosen.is_some());
        }
        _ => w.set_deal_can_continue(true),
    }
}

fn refresh_setup(
    w: &AppWindow,
    s: &State,
    draft: &crate::session::SetupDraft,
    options: &GameOptions,
) {
    let side = draft.side();
    let variant = draft.variant();
    let selected = match s.setup_pick {
        SetupPick::Square(sq) => Some(sq),
        _ => None,
    };
    w.set_setup_title(format!("{side}: set up your army").into());
    w.set_setup_hint(
        "Tap a piece in the tray, then a square of your zone. Tap a placed piece, then another square to move or swap it \
         (or drag it), or the tray to take it back."
            .into(),
    );
    w.set_cells(model(cells::setup_cells(draft, &s.display(side), selected)));
    let tray: Vec<TrayItem> = draft
        .tray()
        .into_iter()
        .enumerate()
        .map(|(i, (piece, count))| TrayItem {
            label: words::label(variant, piece, s.numbering).into(),
            name: words::name(variant, piece).into(),
            count: count as i32,
            face: cells::side_color(side),
            selected: s.setup_pick == SetupPick::Tray(i),
        })
        .collect();
    w.set_tray(model(tray));
    let problems = draft.problems(options);
    w.set_problems(problems.join("\n").into());
    w.set_ready_enabled(problems.is_empty());
    w.set_can_flip(variant.is_domino());
    w.set_saved_names(strings(s.library.names(variant)));
    w.set_setup_status(s.setup_status.clone().into());
}

fn refresh_play(w: &AppWindow, s: &State, session: &PassAndPlay) {
    let side = session.holder();
    let Some(view) = session.view(side) else {
        return;
    };
    let variant = &view.variant;
    let placing = view.rescue_pending && s.rescue_chosen.is_some();
    let targets = targets(&view, s.play_pick, placing, s.hint);
    // A battle is shown before the board changes: the mover sees the position
    // as it was, the attacker picked up and the attacked square marked.
    let game = session.game().expect("playing");
    let attack = match game.actions().last() {
        Some(Action::Move(m)) if session.battle_on_show() => Some(*m),
        _ => None,
    };
    let cells = match attack {
        Some(m) => {
            let before = game.position_after(game.actions().len() - 1);
            cells::play_cells(
                &PlayerView::new(&before, side),
                &s.display(side),
                Some(m.from),
                &[m.to],
            )
        }
        None => cells::play_cells(&view, &s.display(side), s.play_pick, &targets),
    };
    w.set_cells(model(cells));
    let symbol = if side == Side::Red { "▲" } else { "●" };
    let status = if let Some((level, _)) = session.computer_turn() {
        format!("The computer ({}) is thinking…", level.name())
    } else if session.battle_on_show() {
        format!("{side} {symbol}: your move led to a battle")
    } else if view.rescue_pending {
        format!("{side} {symbol}: you may rescue a piece")
    } else {
        format!("{side} {symbol}: your turn")
    };
    w.set_status(status.into());
    let news = session
        .last_ply_seen_by(side)
        .filter(|p| p.side != side)
        .map(|p| words::ply(variant, side, &p));
    w.set_notice(news.unwrap_or_default().into());
    w.set_captured_mine(words::tally(variant, side, &view.captured[side.index()]).into());
    w.set_captured_theirs(
        words::tally(variant, side, &view.captured[side.opponent().index()]).into(),
    );
    let moves = move_list(&game_plies(game), side);
    w.set_moves(strings(moves));
    w.set_battle_visible(session.battle_on_show());
    if session.battle_on_show()
        && let Some(ply) = session.last_ply_seen_by(side)
    {
        w.set_battle_text(words::ply(variant, side, &ply).into());
    }
    w.set_rescue_visible(view.rescue_pending && !placing);
    w.set_rescue_placing(placing);
    w.set_rescue_pieces(rescue_names(&view));
    w.set_rescue_chosen(s.rescue_chosen.map_or(-1, |i| i as i32));
    let offer = session.draw_offer().filter(|offerer| *offerer != side);
    w.set_draw_offer_visible(offer.is_some());
    w.set_draw_offer_text(
        offer
            .map_or(String::new(), |o| format!("{o} offers a draw."))
            .into(),
    );
    w.set_confirm_resign(s.confirm_resign);
    w.set_solo(session.computer().is_some());
    if let Some(m) = s.hint {
        w.set_notice(format!("Hint: {m}").into());
    }
}

/// Every ply of a game with the side that played it.
fn game_plies(game: &crate::core::Game) -> Vec<(Side, Action)> {
    let mut position = game.position_after(0);
    let mut plies = Vec::new();
    for action in game.actions() {
        let side = match action {
            Action::Resign(side) => *side,
            _ => position.to_move(),
        };
        plies.push((side, *action));
        if position.play(*action).is_err() {
            break;
        }
    }
    plies
}

/// The moves so far, newest first, as `viewer` may know them (a move names
/// only its squares; a rescue only where the piece came back).
fn move_list(plies: &[(Side, Action)], viewer: Side) -> Vec<String> {
    let mut lines: Vec<String> = plies
        .iter()
        .enumerate()
        .map(|(i, (side, action))| {
            let text = match action {
                Action::Move(m) => m.to_string(),
                Action::Rescue { to, .. } => format!("rescue onto {to}"),
                Action::SkipRescue => "no rescue".to_string(),
                Action::Resign(_) => "resigns".to_string(),
                Action::AgreeDraw => "draw agreed".to_string(),
            };
            let who = if *side == viewer { "you" } else { side.name() };
            format!("{}. {who}: {text}", i + 1)
        })
        .collect();
    lines.reverse();
    lines.truncate(60);
    lines
}

fn refresh_over(w: &AppWindow, s: &State, game: &crate::core::Game) {
    let total = game.actions().len();
    let at = s.replay_at.min(total);
    w.set_result(
        game.position()
            .outcome()
            .map_or(String::new(), |o| capitalized(&o.to_string()))
            .into(),
    );
    w.set_export_status(s.export_status.clone().into());
    let position = game.position_after(at);
    let text = if at == 0 {
        format!("Starting position. {total} moves in all.")
    } else {
        let start = game.position_after(0);
        format!(
            "After move {at} of {total}: {}",
            action_text(&start, game.actions()[at - 1])
        )
    };
    w.set_replay_text(text.into());
    w.set_cells(model(cells::revealed_cells(
        &position,
        &s.display(Side::Red),
    )));
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}
