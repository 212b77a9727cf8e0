//! The app's glue between the session layer and the Slint screens. Each
//! screen has one controller here, named for it (`home`, `deal`, `setup`,
//! `handoff`, `play`, `gameover`, `codes`, `rules`, `settings`, `records`,
//! `print` for print and play, `referee` for the Stratego go go referee's
//! screens), which owns its slice of [`State`], fills its screen's Slint
//! global (`HomeAdapter`, ...) and answers that global's callbacks. `router` decides which screen is
//! shown, `board` serves the board the game screens share, `games` holds the
//! games on this device and saves them, and `linked` is the glue of
//! two-device play. Screens see a game only through one player's view.
//! `run` is the one entry point, for the desktop binary and Android.

mod board;
mod cells;
mod codes;
mod deal;
mod gameover;
mod games;
mod handoff;
mod home;
mod linked;
mod models;
mod play;
mod print;
mod records;
mod referee;
mod router;
mod rules;
mod settings;
mod setup;
mod startup;
mod words;

// The screens, compiled in the `flagfall-ui` crate (ui/).
pub use flagfall_ui::*;

pub use cells::Display;
pub use startup::watch_first_frame;
pub use words::Numbering;

use crate::core::variant::builtin;
use crate::session::PassAndPlay;
use crate::session::ai::ThinkTime;
use crate::session::link::LinkedSession;
use crate::session::photos::PhotoSource;
use crate::session::print::shelf::PdfShelf;
use crate::session::signals::Signals;
use crate::session::storage::Settings;
use crate::session::{SetupLibrary, Storage};
use slint::{ComponentHandle, PlatformError};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// How the app starts: the RNG seed for deals and "fill for me", and the
/// data folder (none: everything lives in memory, for tests and screenshots).
pub struct AppConfig {
    pub seed: u64,
    /// Each game, deal and filled setup draws fresh randomness from the
    /// operating system (a player's app); otherwise all follow `seed`.
    pub fresh_seeds: bool,
    pub storage: Option<Storage>,
    /// The computer's moves and the reading of pictures are worked out on
    /// worker threads (the app), or at once on the caller's thread (tests and
    /// screenshots, which run no event loop).
    pub background_work: bool,
    /// Where the codes screens look for the newest photos (Android's gallery,
    /// the desktop's pictures and downloads folders).
    pub photos: Option<Arc<dyn PhotoSource>>,
    /// How the referee's clock is heard (none: shown only).
    pub signals: Option<Arc<dyn Signals>>,
    /// Where printed sheets are saved (none: the data folder's exports).
    pub pdf_shelf: Option<Arc<dyn PdfShelf>>,
    /// The platform's preferred locales, most preferred first: the language
    /// setting "System" picks the first the app speaks (English without one).
    pub system_locales: Vec<String>,
}

impl AppConfig {
    pub fn in_memory(seed: u64) -> AppConfig {
        AppConfig {
            seed,
            fresh_seeds: false,
            storage: None,
            background_work: false,
            photos: None,
            signals: None,
            pdf_shelf: None,
            system_locales: Vec::new(),
        }
    }

    /// A player's app: a fresh seed, and `data_dir` or the platform's data folder.
    pub fn for_player(data_dir: Option<PathBuf>) -> (AppConfig, Option<String>) {
        let seed = games::os_seed();
        let system_locales: Vec<String> = sys_locale::get_locales().collect();
        // Without a data folder there are no saved settings: the warnings
        // below are in the platform's language.
        crate::i18n::set_language(crate::i18n::LanguageChoice::System.resolve(&system_locales));
        let (storage, warning) = match data_dir.or_else(Storage::default_root) {
            None => (
                None,
                Some(crate::tr!("no data folder: nothing will be saved")),
            ),
            Some(root) => match Storage::open(&root) {
                Ok(storage) => (Some(storage), None),
                Err(e) => (
                    None,
                    Some(crate::tr!(
                        "the data folder {} cannot be used ({}): nothing will be saved",
                        root.display(),
                        e
                    )),
                ),
            },
        };
        (
            AppConfig {
                seed,
                fresh_seeds: true,
                storage,
                background_work: true,
                photos: None,
                signals: Some(crate::session::signals::desktop()),
                pdf_shelf: None,
                system_locales,
            },
            warning,
        )
    }
}

/// Runs the app until its window closes; `data_dir` overrides the platform's
/// data folder, `photos` is where codes can be read from the newest photos,
/// and `signals` (when given) how the referee's clock is heard instead of
/// the desktop's sound.
pub fn run(
    data_dir: Option<PathBuf>,
    photos: Option<Arc<dyn PhotoSource>>,
    signals: Option<Arc<dyn Signals>>,
    pdf_shelf: Option<Arc<dyn PdfShelf>>,
) -> Result<(), PlatformError> {
    let (mut config, warning) = AppConfig::for_player(data_dir);
    config.photos = photos;
    config.pdf_shelf = pdf_shelf;
    if signals.is_some() {
        config.signals = signals;
    }
    let app = App::new(config)?;
    if let Some(warning) = warning {
        app.state.borrow_mut().notices.push(warning);
        app.refresh();
    }
    startup::watch_first_frame(app.window.window());
    app.window.run()
}

/// Everything the app holds, one slice per controller.
struct State {
    /// The games on this device and their saving.
    games: games::Games,
    /// Which screen is shown.
    route: router::Route,
    home: home::HomeState,
    board: board::BoardState,
    setup: setup::SetupState,
    play: play::PlayState,
    over: gameover::ReplayState,
    codes: codes::CodesState,
    deal: deal::DealState,
    display: settings::DisplaySettings,
    locale: settings::LocaleSettings,
    /// How long the Expert level thinks about each of its moves.
    think_time: ThinkTime,
    /// The Stratego go go referee's match and screens.
    referee: referee::RefereeState,
    /// The print-and-play screen's choices.
    print: print::PrintState,
    /// Problems worth telling the player (unreadable files, failed saves),
    /// shown on the home screen.
    notices: Vec<String>,
}

impl State {
    /// Refuses a tap: the board shakes and says why.
    fn fail(&mut self, message: impl Into<String>) -> bool {
        self.board.error = message.into();
        true
    }
}

/// The app window and its state. Tests and the screenshot tool drive it
/// through the screens' globals, as a player's taps do.
pub struct App {
    window: AppWindow,
    state: Rc<RefCell<State>>,
    /// Collects the computer's moves and read pictures from their worker
    /// threads; it runs only while such work is under way.
    worker_timer: Rc<slint::Timer>,
}

impl App {
    pub fn new(config: AppConfig) -> Result<App, PlatformError> {
        let window = AppWindow::new()?;
        // The language first, so that every text from here on is in it (the
        // platform's, should the settings be unreadable).
        crate::i18n::set_language(
            crate::i18n::LanguageChoice::System.resolve(&config.system_locales),
        );
        let (settings, settings_warning) = match &config.storage {
            Some(storage) => storage.settings(),
            None => (Settings::default(), None),
        };
        let locale = settings::LocaleSettings {
            choice: settings.language,
            system: config.system_locales,
        };
        settings::apply_language(&locale);
        let mut notices: Vec<String> = builtin().errors.iter().map(|e| e.to_string()).collect();
        notices.extend(settings_warning);
        let library = match &config.storage {
            Some(storage) => {
                let (library, warning) = SetupLibrary::open(storage.setup_library_path());
                notices.extend(warning);
                library
            }
            None => SetupLibrary::in_memory(),
        };
        let mut referee = referee::RefereeState::new(&window, config.signals, config.seed);
        if let Some(storage) = &config.storage {
            let (session, problem) = storage.referee(&crate::core::referee::LiveRules::built_in());
            referee.session = session;
            notices.extend(problem);
        }
        let print = print::PrintState::new(config.pdf_shelf, config.storage.as_ref());
        let mut games = games::Games::open(config.storage, library, config.seed, &mut notices);
        games.background_work = config.background_work;
        games.fresh_seeds = config.fresh_seeds;
        let variants = builtin().variants.clone();
        let state = State {
            games,
            route: router::Route::default(),
            home: home::HomeState::new(&window, variants),
            board: board::BoardState::new(&window),
            setup: setup::SetupState::new(&window),
            play: play::PlayState::new(&window),
            over: gameover::ReplayState::new(&window),
            codes: codes::CodesState::new(config.photos),
            deal: deal::DealState::new(&window),
            display: settings::DisplaySettings::from_saved(&settings),
            locale,
            think_time: settings.think_time,
            referee,
            print,
            notices,
        };
        let app = App {
            window,
            state: Rc::new(RefCell::new(state)),
            worker_timer: Rc::new(slint::Timer::default()),
        };
        home::connect(&app);
        board::connect(&app);
        handoff::connect(&app);
        deal::connect(&app);
        setup::connect(&app);
        play::connect(&app);
        gameover::connect(&app);
        codes::connect(&app);
        rules::connect(&app);
        settings::connect(&app);
        records::connect(&app);
        print::connect(&app);
        referee::connect(&app);
        app.refresh();
        Ok(app)
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
    }

    /// The pass-and-play or solo game on show, for tests and tools that
    /// check what the screens must show.
    pub fn session(&self) -> std::cell::Ref<'_, Option<PassAndPlay>> {
        std::cell::Ref::map(self.state.borrow(), |s| &s.games.session)
    }

    /// The two-device game on show, for tests and tools.
    pub fn linked(&self) -> std::cell::Ref<'_, Option<LinkedSession>> {
        std::cell::Ref::map(self.state.borrow(), |s| &s.games.link)
    }

    /// Changes the two-device game directly (the screenshot tool), then redraws.
    pub fn with_linked(&self, change: impl FnOnce(&mut LinkedSession)) {
        if let Some(link) = self.state.borrow_mut().games.link.as_mut() {
            change(link);
        }
        self.refresh();
    }

    /// Changes the session directly (the screenshot tool's shortcuts), then redraws.
    pub fn with_session(&self, change: impl FnOnce(&mut PassAndPlay)) {
        if let Some(session) = self.state.borrow_mut().games.session.as_mut() {
            change(session);
        }
        self.refresh();
    }

    /// A callback body: change the state, let the computer move, save, then
    /// redraw the screen shown (and shake the board when a tap was refused).
    fn handler<A: 'static>(
        &self,
        change: impl Fn(&mut State, &AppWindow, A) + 'static,
    ) -> impl Fn(A) + 'static {
        let weak = self.window.as_weak();
        let state = Rc::clone(&self.state);
        let timer = Rc::clone(&self.worker_timer);
        move |arg: A| {
            let Some(window) = weak.upgrade() else { return };
            let (shake, working) = {
                let mut state = state.borrow_mut();
                state.board.error.clear();
                change(&mut state, &window, arg);
                after_change(&mut state);
                (!state.board.error.is_empty(), has_work(&state))
            };
            refresh(&window, &state.borrow());
            if shake {
                board::start_shake(&window);
            }
            if working && !timer.running() {
                start_worker_timer(&timer, &window, &state);
            }
        }
    }

    /// A callback that takes no argument.
    fn unit(&self, change: fn(&mut State, &AppWindow)) -> impl Fn() + 'static {
        let h = self.handler(move |s, w, ()| change(s, w));
        move || h(())
    }

    /// A callback that takes an index (negative ones become 0).
    fn indexed(&self, change: fn(&mut State, &AppWindow, usize)) -> impl Fn(i32) + 'static {
        let h = self.handler(move |s, w, i: i32| change(s, w, i.max(0) as usize));
        move |i| h(i)
    }

    pub fn refresh(&self) {
        refresh(&self.window, &self.state.borrow());
    }
}

/// Fills again what the screens were given once (lists of names made in
/// Rust), after the language changed; the rest is filled at each refresh.
fn relabel(s: &mut State, w: &AppWindow) {
    home::relabel(w, s);
    referee::relabel(w, s);
}

/// What follows every change: the computer's turn and saving.
fn after_change(s: &mut State) {
    games::drive_computer(s);
    games::autosave(s);
    s.referee.autosave(s.games.storage.as_ref(), &mut s.notices);
}

/// The computer is thinking, or a picture is being read, on another thread,
/// or the referee's clocks are running.
fn has_work(s: &State) -> bool {
    s.games.thinking.is_some() || s.codes.picture_reading.is_some() || s.referee.ticking()
}

/// Polls the worker threads until their work is done, then stops, so an
/// idle app wakes up for nothing.
fn start_worker_timer(timer: &Rc<slint::Timer>, window: &AppWindow, state: &Rc<RefCell<State>>) {
    let weak = window.as_weak();
    let state = Rc::clone(state);
    let stopper = Rc::downgrade(timer);
    timer.start(
        slint::TimerMode::Repeated,
        Duration::from_millis(30),
        move || {
            let Some(window) = weak.upgrade() else { return };
            let Ok(mut s) = state.try_borrow_mut() else {
                return;
            };
            let read = codes::collect_pictures(&mut s);
            let moved = s.games.thinking.is_some();
            let ticked = s.referee.tick();
            if moved || read || ticked {
                after_change(&mut s);
                refresh(&window, &s);
            }
            if !has_work(&s)
                && let Some(timer) = stopper.upgrade()
            {
                timer.stop();
            }
        },
    );
}

/// Shows the screen the router picks, filled by its controller.
fn refresh(w: &AppWindow, s: &State) {
    use router::Screen;
    let screen = router::screen(s);
    w.global::<Router>().set_screen(screen.name().into());
    w.global::<BoardAdapter>()
        .set_error(s.board.error.clone().into());
    match screen {
        Screen::Home => home::refresh(w, s),
        Screen::Codes => codes::refresh(w, s),
        Screen::Link => codes::refresh_link(w, s),
        Screen::Handoff => handoff::refresh(w, s),
        Screen::Deal => deal::refresh(w, s),
        Screen::Setup => setup::refresh(w, s),
        Screen::Play => play::refresh(w, s),
        Screen::Over => gameover::refresh(w, s),
        Screen::RefereeSetup | Screen::Referee | Screen::RefereeChallenge => referee::refresh(w, s),
        // Filled when they are opened, and changed only by the player.
        Screen::Rules | Screen::Settings | Screen::Records | Screen::Print => {}
    }
}

/// "Red wins: ..." from "red wins: ...".
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}
