//! The app's glue between the domains (games, link, store, ...) and the
//! Slint screens. Each
//! screen has one controller here, named for it (`home`, `deal`, `setup`,
//! `handoff`, `play`, `gameover`, `codes`, `rules`, `settings`, `records`,
//! `print` for print and play, `referee` for the Stratego go go referee's
//! screens, `table_clock` for the clock for games at the table, `lessons`
//! for learning to play), which owns
//! its screen's state, fills its screen's Slint global (`HomeAdapter`, ...)
//! and answers that global's callbacks. A controller
//! changes its own state and the game on show, and returns what crosses
//! screens as `Effect`s, which `State::apply` acts on. `router` decides which
//! screen is shown, `board` serves the board the game screens share (drawn
//! by `board_cells`, named by `naming`), `games` holds the games on this
//! device and saves them, and `two_devices` is what only two-device play
//! has (starting, joining and reading codes, the check at the end). Screens
//! see a game only through one player's view. `run` is the one entry point,
//! for the desktop binary and Android.

mod about;
mod board;
mod board_cells;
mod challenge_lesson;
mod choice_lesson;
mod clock_text;
mod codes;
mod config;
mod dates;
mod deal;
mod deal_lesson;
mod effect;
mod file_chooser;
mod gameover;
mod handoff;
mod home;
mod lesson_text;
mod lessons;
mod models;
mod naming;
mod navigation;
mod play;
mod print;
mod records;
mod referee;
mod router;
mod rule_notes;
mod rules;
mod saving;
mod settings;
mod setup;
mod startup;
mod table_clock;
mod two_devices;

// The screens, compiled in the `flagfall-ui` crate (ui/).
pub use flagfall_ui::*;

pub use board_cells::Display;
pub use config::{AppConfig, Platform};
pub use naming::Numbering;
pub use startup::watch_first_frame;

use crate::ai::thinking::Thinker;
use crate::core::variant::builtin;
use crate::games::TwoDeviceGame;
use crate::games::shelf::{Games, Saved};
use crate::games::{GameOnDevice, PassAndPlay};
use crate::platform::time_source::TimeSource;
use crate::store::SetupLibrary;
use crate::store::storage::Settings;
use slint::{ComponentHandle, PlatformError};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// Runs the app until its window closes; `data_dir` overrides the platform's
/// data folder, and `platform` brings what the platform has (the newest
/// photos, the referee's sound instead of the desktop's, where PDFs go, a
/// share sheet, where the computer thinks).
pub fn run(data_dir: Option<PathBuf>, platform: Platform) -> Result<(), PlatformError> {
    let (mut config, warning) = AppConfig::for_player(data_dir);
    config.take(platform);
    let app = App::new(config)?;
    if let Some(warning) = warning {
        app.state.borrow_mut().notices.push(warning);
        app.refresh();
    }
    startup::watch_first_frame(app.window.window());
    app.window.run()
}

/// Runs the app in a browser page, on the page's `<canvas id="canvas">`
/// (`flagfall-web`), `page` (its width and height) in size (the page keeps
/// the canvas as large as itself after that), keeping its games in
/// `storage`, or nowhere when the browser refused it (and why), with what
/// the browser brings in `platform` (a worker for the computer). Returns
/// once the app is on the page, its event loop spawned to run on.
pub fn run_in_browser(
    page: Option<(f32, f32)>,
    storage: Result<crate::store::Storage, impl std::error::Error>,
    platform: Platform,
) -> Result<(), PlatformError> {
    let (mut config, warning) = AppConfig::for_browser(storage);
    config.take(platform);
    let app = App::new(config)?;
    if let Some((width, height)) = page {
        app.window
            .window()
            .set_size(slint::LogicalSize::new(width, height));
    }
    if let Some(warning) = warning {
        app.state.borrow_mut().notices.push(warning);
        app.refresh();
    }
    app.window.show()?;
    // The page's event loop runs on after this returns (flagfall-web
    // spawns it), and the app with it, for as long as the page is open.
    slint::run_event_loop()?;
    APP_IN_PAGE.with(|slot| *slot.borrow_mut() = Some(app));
    Ok(())
}

thread_local! {
    /// The app `run_in_browser` put on the page, kept for as long as the
    /// page is open.
    static APP_IN_PAGE: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `act` on the app on this page (`run_in_browser`), if it started:
/// the browser test's way to bring it to each screen (`flagfall-web`).
pub fn with_app_in_page<R>(act: impl FnOnce(&App) -> R) -> Option<R> {
    APP_IN_PAGE.with(|slot| slot.borrow().as_ref().map(act))
}

/// Everything the app holds: the games, where the player is, and one
/// controller per screen, each owning its screen's state.
struct State {
    /// The games on this device and their saving.
    games: Games,
    /// Where the player is, and so which screen is shown.
    router: router::Router,
    board: board::BoardController,
    home: home::HomeController,
    deal: deal::DealController,
    setup: setup::SetupController,
    play: play::PlayController,
    over: gameover::GameOverController,
    codes: codes::CodesController,
    /// The file chooser over the codes or records screen (desktop).
    chooser: file_chooser::FileChooserController,
    settings: settings::SettingsController,
    about: about::AboutController,
    referee: referee::RefereeController,
    table_clock: table_clock::TableClockController,
    print: print::PrintController,
    lessons: lessons::LessonsController,
    /// The rules met in play, told once each.
    rule_notes: rule_notes::RuleNotesController,
    /// Where files the player saves go (records, printed sheets, code pictures).
    saver: saving::FileSaver,
    /// Problems worth telling the player (unreadable files, failed saves),
    /// shown on the home screen.
    notices: Vec<String>,
    /// Where the game clocks read the time.
    time: Arc<dyn TimeSource>,
    /// What was on top of the window when it was last drawn.
    layer_shown: std::cell::Cell<Option<navigation::Layer>>,
    /// The page the app runs in (a browser's), told where the app is.
    page: Option<navigation::PageLink>,
}

impl State {
    /// The screen to show now.
    fn screen(&self) -> Screen {
        let stage = self.games.on_show().map(|g| g.game().stage());
        self.router.screen(stage, self.referee.screen())
    }

    /// Acts on what a tap asked of the rest of the app, in order.
    fn apply(&mut self, w: &AppWindow, effects: effect::Effects) {
        use effect::Effect;
        for effect in effects.0 {
            match effect {
                Effect::Refuse(why) => self.board.refuse(why),
                Effect::RuleMet(note) => {
                    let game = self.games.on_show().filter(|_| self.settings.rule_notes());
                    if let Some(game) = game {
                        let problem = self.rule_notes.met(game, note, self.lessons.progress_mut());
                        self.notices.extend(problem);
                    }
                }
                Effect::Notice(text) => self.notices.push(text),
                Effect::GoHome => {
                    self.router.go_home();
                    self.play.drop_pick();
                }
                Effect::GameOnShow => {
                    self.play.forget();
                    self.rule_notes.clear();
                    self.setup.forget(w);
                    self.codes.leave();
                    self.over.close_review();
                    self.over.show_end();
                    self.router.show_game();
                }
                Effect::Moved(view) => {
                    self.play.forget();
                    self.rule_notes.clear();
                    self.codes.clear_status();
                    self.over.show_end();
                    self.router.set_view(view);
                }
                Effect::HandedOver => {
                    // Nothing one player typed, chose or was told on the
                    // setup or play screen reaches the next player.
                    self.play.forget();
                    self.rule_notes.clear();
                    self.setup.forget(w);
                }
                Effect::View(view) => self.router.set_view(view),
                Effect::Overlay(overlay) => {
                    match overlay {
                        Some(router::Overlay::Rules) => {
                            rules::show(w, self.home.variants(), self.home.selected())
                        }
                        Some(router::Overlay::Records) => records::open(w),
                        Some(router::Overlay::Print) => self.print.open(w),
                        Some(router::Overlay::Settings) => settings::show_remembered(self, w),
                        Some(router::Overlay::About) => self.about.open(self.router.overlay()),
                        Some(router::Overlay::Lessons) => {
                            let back_from_lesson =
                                self.router.overlay() == Some(router::Overlay::Lesson);
                            self.lessons.show_list(w, back_from_lesson)
                        }
                        Some(router::Overlay::Lesson) => {}
                        None => {}
                    }
                    self.router.set_overlay(overlay);
                }
                Effect::Review { game, note } => {
                    self.over.open_record(*game, note);
                    self.router.set_overlay(None);
                    self.router.show_review();
                }
                Effect::ShowHandover => {
                    self.codes.show_handover();
                    self.router.show_codes();
                }
                Effect::SendGame => {
                    if self.codes.send_game(&self.games) {
                        self.router.show_codes();
                    }
                }
                Effect::ReadCodes => {
                    self.codes.start_reading();
                    self.router.show_codes();
                }
                Effect::OpenReferee => {
                    self.referee.open(w);
                    self.router.show_referee();
                }
                Effect::OpenTableClock => {
                    self.table_clock.open();
                    self.router.show_table_clock();
                }
                Effect::ForgetRefereeMatch => {
                    let problem = self.referee.forget_match(self.games.storage());
                    self.notices.extend(problem);
                }
                Effect::Relabel => {
                    self.home.relabel(w);
                    self.referee.relabel(w);
                    self.table_clock.relabel(w);
                }
                Effect::ReadCodePicture(path) => {
                    let read = codes::read_picture_file(self, path);
                    self.apply(w, read);
                }
                Effect::OpenRecord(path) => {
                    let opened = records::open_file(w, &path);
                    self.apply(w, opened.into());
                }
            }
        }
    }

    /// Tells the game on show the time, and whether it is on screen (a
    /// timed game's clock runs only then).
    fn tell_time(&mut self) {
        let on_screen = self.screen() == Screen::Play;
        self.games.set_time(self.time.now(), on_screen);
    }

    /// What the play screen's clocks show now, to redraw only on change.
    fn clocks_shown(&self) -> Option<clock_text::SideClocks> {
        let (clock, now) = self.games.on_show()?.game().clock()?;
        Some(clock_text::side_clocks(&clock, now))
    }

    /// What follows every change: the computer's turn and saving.
    fn after_change(&mut self) {
        self.tell_time();
        self.games.drive_computer(self.settings.think_time());
        // The computer may have moved: the player's clock starts.
        self.tell_time();
        match self.games.autosave() {
            Saved::Quietly => {}
            Saved::Finished(problems) => self.notices.extend(problems),
            Saved::Failed(why) => self.board.refuse(why),
        }
        let problem = self.referee.autosave(self.games.storage());
        self.notices.extend(problem);
        let screen = self.screen();
        if screen == Screen::Play
            && self.settings.rule_notes()
            && let Some(game) = self.games.on_show()
        {
            let problem = self.rule_notes.notice(game, self.lessons.progress_mut());
            self.notices.extend(problem);
        }
        self.chooser.leave_unless_on(screen);
        let on_screen = self.game_on_screen();
        if let Some(effect::Effect::Notice(problem)) = self
            .settings
            .remember_open_game(on_screen, self.games.storage())
        {
            self.notices.push(problem);
        }
    }

    /// Comes back as the player left the app: the home screen's last
    /// choices for a new game, and the game that was on screen (a game on
    /// this device through its hand-off screen, as "Continue" opens it).
    fn resume(&mut self, w: &AppWindow) {
        if let Some(last) = self.settings.new_game().cloned() {
            self.home.restore(w, &last);
        }
        let Some(key) = self.settings.open_game() else {
            return;
        };
        let index = self
            .games
            .in_progress()
            .iter()
            .position(|g| g.key() == Some(key));
        if let Some(index) = index {
            let effect = self.home.open_game(&mut self.games, index);
            self.apply(w, effect.into());
        }
    }

    /// The game on screen now, for the settings to keep (none when the app
    /// is elsewhere: home, a replay, the referee's screens...).
    fn game_on_screen(&self) -> Option<crate::store::GameKey> {
        if !self.router.in_game() {
            return None;
        }
        self.games.on_show().filter(|g| !g.game().is_over())?.key()
    }

    /// The computer is thinking, or a picture is being read, on another
    /// thread, or a clock runs (the referee's, the table clock, a timed
    /// game's).
    fn has_work(&self) -> bool {
        self.games.computer_thinking()
            || self.games.hint_thinking()
            || self.codes.reading_picture()
            || self.referee.ticking()
            || self.table_clock.ticking()
            || self.games.clock_running()
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
        let (saved_settings, settings_warning) = match &config.storage {
            Some(storage) => storage.settings(),
            None => (Settings::default(), None),
        };
        let settings = settings::SettingsController::new(&saved_settings, config.system_locales);
        let mut notices: Vec<String> = builtin().errors.iter().map(|e| e.to_string()).collect();
        notices.extend(settings_warning);
        let library = match &config.storage {
            Some(storage) => {
                let (library, warning) = SetupLibrary::open(storage.setup_library());
                notices.extend(warning);
                library
            }
            None => SetupLibrary::in_memory(),
        };
        let mut referee =
            referee::RefereeController::new(&window, config.platform.signals.clone(), config.seed);
        if let Some(storage) = &config.storage {
            notices.extend(referee.resume(storage));
        }
        let table_clock = table_clock::TableClockController::new(
            &window,
            Arc::clone(&config.time),
            config.platform.signals,
        );
        let saver = saving::FileSaver::new(
            config.platform.exports,
            config.storage.as_ref(),
            config.open_folder,
            config.platform.share.clone(),
        );
        let (lessons, lessons_warning) = lessons::LessonsController::new(config.storage.as_ref());
        notices.extend(lessons_warning);
        let mut games = Games::open(config.storage, library, config.seed, &mut notices);
        let thinker = match (config.platform.thinking, config.background_work) {
            (Some(place), _) => Thinker::Elsewhere(place),
            (None, true) => Thinker::OnAThread,
            (None, false) => Thinker::AtOnce,
        };
        games.set_work(thinker, config.fresh_seeds);
        games.set_learning(settings.learns_setups());
        let mut state = State {
            games,
            router: router::Router::default(),
            board: board::BoardController::new(&window),
            home: home::HomeController::new(&window, builtin().variants.clone()),
            deal: deal::DealController::new(&window),
            setup: setup::SetupController::new(&window),
            play: play::PlayController::new(&window),
            over: gameover::GameOverController::new(&window),
            codes: codes::CodesController::new(
                config.platform.photos,
                config.platform.share,
                config.platform.camera,
                config.platform.clipboard,
            ),
            chooser: file_chooser::FileChooserController::new(&window),
            settings,
            about: about::AboutController::new(&window),
            referee,
            table_clock,
            print: print::PrintController::new(),
            lessons,
            rule_notes: rule_notes::RuleNotesController::default(),
            saver,
            notices,
            time: config.time,
            layer_shown: std::cell::Cell::new(None),
            page: config.platform.page.map(navigation::PageLink::new),
        };
        state.saver.show_offers(&window);
        if config.resumes {
            state.resume(&window);
        }
        let app = App {
            window,
            state: Rc::new(RefCell::new(state)),
            worker_timer: Rc::new(slint::Timer::default()),
        };
        home::connect(&app);
        app.connect_board();
        handoff::connect(&app);
        deal::connect(&app);
        setup::connect(&app);
        play::connect(&app);
        gameover::connect(&app);
        codes::connect(&app);
        rules::connect(&app);
        settings::connect(&app);
        about::connect(&app);
        records::connect(&app);
        file_chooser::connect(&app);
        print::connect(&app);
        referee::connect(&app);
        table_clock::connect(&app);
        lessons::connect(&app);
        rule_notes::connect(&app);
        navigation::connect(&app);
        app.refresh();
        Ok(app)
    }

    /// Fonts came after the texts were laid out (a page fetches its
    /// Japanese font once Japanese is chosen): every text on screen is set
    /// again, in English and then in the language of the moment, so that
    /// each is measured and drawn with the fonts now there.
    pub fn fonts_arrived(&self) {
        {
            let mut state = self.state.borrow_mut();
            crate::i18n::set_language(crate::i18n::Language::English);
            let _ = slint::select_bundled_translation("");
            state.apply(&self.window, effect::Effect::Relabel.into());
            refresh(&self.window, &state);
            state.settings.apply_language();
            state.apply(&self.window, effect::Effect::Relabel.into());
        }
        self.refresh();
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
    }

    /// The game on show, for tests and tools that check what the screens
    /// must show.
    pub fn game(&self) -> std::cell::Ref<'_, Option<GameOnDevice>> {
        std::cell::Ref::map(self.state.borrow(), |s| s.games.on_show_slot())
    }

    /// The data folder, if the app keeps one (the screenshot tool's file
    /// chooser lists it).
    pub fn data_dir(&self) -> Option<PathBuf> {
        let state = self.state.borrow();
        state
            .games
            .storage()
            .and_then(|s| s.root())
            .map(Path::to_path_buf)
    }

    /// The game on show when it is played on this device (pass and play or
    /// solo), for tests and tools.
    pub fn one_device(&self) -> Option<std::cell::Ref<'_, PassAndPlay>> {
        std::cell::Ref::filter_map(self.state.borrow(), |s| s.games.on_show()?.one_device()).ok()
    }

    /// The game on show when it is a two-device game, for tests and tools.
    pub fn two_devices(&self) -> Option<std::cell::Ref<'_, TwoDeviceGame>> {
        std::cell::Ref::filter_map(self.state.borrow(), |s| s.games.on_show()?.game().link()).ok()
    }

    /// Changes the game on show directly (the screenshot tool's shortcuts),
    /// then redraws.
    pub fn with_game(&self, change: impl FnOnce(&mut GameOnDevice)) {
        if let Some(game) = self.state.borrow_mut().games.on_show_mut() {
            change(game);
        }
        self.refresh();
    }

    /// What follows every change (the computer's turn, saving, a rule met
    /// for the first time), then a redraw: for tools that changed the game
    /// directly (`with_game`) and want the app to take it in as a tap's
    /// change.
    pub fn settle(&self) {
        self.state.borrow_mut().after_change();
        self.refresh();
    }

    /// A callback body: change the state, act on what the change asked of
    /// the rest of the app, let the computer move, save, then redraw the
    /// screen shown (and shake the board when a tap was refused).
    fn handler<A: 'static, R: Into<effect::Effects>>(
        &self,
        change: impl Fn(&mut State, &AppWindow, A) -> R + 'static,
    ) -> impl Fn(A) + 'static {
        self.answering(move |s, w, arg| (change(s, w, arg), ()))
    }

    /// A callback body that answers the caller (as `handler`, the change
    /// also says what to answer); the default answer if the window is gone.
    fn answering<A: 'static, R: Into<effect::Effects>, T: Default + 'static>(
        &self,
        change: impl Fn(&mut State, &AppWindow, A) -> (R, T) + 'static,
    ) -> impl Fn(A) -> T + 'static {
        let weak = self.window.as_weak();
        let state = Rc::clone(&self.state);
        let timer = Rc::clone(&self.worker_timer);
        move |arg: A| {
            let Some(window) = weak.upgrade() else {
                return T::default();
            };
            let (shake, working, answer) = {
                let mut state = state.borrow_mut();
                state.board.clear_problem();
                // A timed game's clock is read up to the tap first: a move
                // after time ran out is too late.
                state.tell_time();
                let (effects, answer) = change(&mut state, &window, arg);
                state.apply(&window, effects.into());
                state.after_change();
                (state.board.has_problem(), state.has_work(), answer)
            };
            refresh(&window, &state.borrow());
            if shake {
                board::start_shake(&window);
            }
            if working && !timer.running() {
                start_worker_timer(&timer, &window, &state);
            }
            answer
        }
    }

    /// A callback that takes no argument.
    fn unit<R: Into<effect::Effects> + 'static>(
        &self,
        change: fn(&mut State, &AppWindow) -> R,
    ) -> impl Fn() + 'static {
        let h = self.handler(move |s, w, ()| change(s, w));
        move || h(())
    }

    /// A callback that takes an index (negative ones become 0).
    fn indexed<R: Into<effect::Effects> + 'static>(
        &self,
        change: fn(&mut State, &AppWindow, usize) -> R,
    ) -> impl Fn(i32) + 'static {
        let h = self.handler(move |s, w, i: i32| change(s, w, i.max(0) as usize));
        move |i| h(i)
    }

    pub fn refresh(&self) {
        refresh(&self.window, &self.state.borrow());
    }

    /// Taps and drags on the board go to the setup editor or the turn, as
    /// the screen shown says, and pieces dragged from the setup tray to the
    /// setup editor; the squares are counted from the viewer's side.
    fn connect_board(&self) {
        let board = self.window.global::<BoardAdapter>();
        board.on_square_clicked(self.indexed(|s, _, index| {
            let screen = s.screen();
            if screen == Screen::Lesson {
                return s.lessons.tap(index).into();
            }
            let Some(game) = s.games.on_show_mut() else {
                return effect::Effects::default();
            };
            let square = board_cells::square_at(game.game().variant(), game.game().viewer(), index);
            match screen {
                Screen::Setup => s.setup.tap(game, square).into(),
                Screen::Play => s.play.tap(game, square).into(),
                _ => effect::Effects::default(),
            }
        }));
        let dragged = self.handler(|s, _, (from, to): (i32, i32)| {
            let screen = s.screen();
            if screen == Screen::Lesson {
                return s
                    .lessons
                    .drag(from.max(0) as usize, to.max(0) as usize)
                    .into();
            }
            let Some(game) = s.games.on_show_mut() else {
                return effect::Effects::default();
            };
            let [from, to] = [from, to].map(|i| {
                board_cells::square_at(
                    game.game().variant(),
                    game.game().viewer(),
                    i.max(0) as usize,
                )
            });
            match screen {
                Screen::Setup => s.setup.drag(game, from, to).into(),
                Screen::Play => s.play.drag(game, from, to).into(),
                _ => effect::Effects::default(),
            }
        });
        board.on_square_dragged(move |from, to| dragged((from, to)));
        let dropped = self.handler(|s, _, (group, to): (i32, i32)| {
            let screen = s.screen();
            let game = s.games.on_show_mut()?;
            let to = board_cells::square_at(
                game.game().variant(),
                game.game().viewer(),
                to.max(0) as usize,
            );
            let group = usize::try_from(group).ok()?;
            (screen == Screen::Setup)
                .then(|| s.setup.drop_from_tray(game, group, to))
                .flatten()
        });
        board.on_tray_dropped(move |group, to| dropped((group, to)));
    }
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
            let picture = s.codes.collect_picture();
            let read = picture.is_some();
            let moved = s.games.computer_thinking();
            let hint = s.games.collect_hint();
            let hinted = hint.is_some();
            if let Some(hint) = hint {
                s.play.show_hint(hint);
            }
            let ticked = s.referee.tick() | s.table_clock.tick();
            let clocks = s.clocks_shown();
            s.tell_time();
            let clocked = s.clocks_shown() != clocks;
            if let Some(picture) = picture {
                let effects = codes::deliver(&mut s, picture);
                s.apply(&window, effects);
            }
            if moved || read || ticked || clocked || hinted {
                s.after_change();
                refresh(&window, &s);
            }
            if !s.has_work()
                && let Some(timer) = stopper.upgrade()
            {
                timer.stop();
            }
        },
    );
}

/// Shows the screen the router picks, filled by its controller from the
/// game on show (through the viewer's view only).
fn refresh(w: &AppWindow, s: &State) {
    let screen = s.screen();
    w.global::<Router>().set_screen(screen);
    // Escape and the back gesture reach the window again after a screen or
    // a question came or went (taking the focused button with it).
    let layer = navigation::layer(s);
    if s.layer_shown.replace(Some(layer)) != Some(layer) {
        w.invoke_take_keys();
    }
    if let Some(page) = &s.page {
        page.show(layer);
    }
    s.board.show_problem(w);
    let game = s.games.on_show();
    let display = |side| s.settings.display().for_viewer(side);
    match screen {
        Screen::Home => {
            // Only a first launch: a player with games knows the app.
            let first_launch = s.games.in_progress().is_empty()
                && s.games.finished().is_empty()
                && s.referee.continue_label().is_none();
            w.global::<HomeAdapter>()
                .set_welcome(first_launch && s.settings.welcome_due());
            s.home
                .refresh(w, &s.games, &s.notices, s.referee.continue_label())
        }
        Screen::Codes => s.codes.refresh(w, &s.games),
        Screen::Link => s.codes.refresh_two_devices(w, game),
        Screen::Handoff => handoff::refresh(w, game),
        Screen::Deal => {
            let viewer = game.map_or(crate::core::side::Side::Red, |g| g.game().viewer());
            s.deal.refresh(w, game, display(viewer));
            s.rule_notes.refresh(w, game);
        }
        Screen::Setup => {
            s.setup
                .refresh(w, &s.board, game, s.games.library(), display);
            s.rule_notes.refresh(w, game);
        }
        Screen::Play => {
            s.play.refresh(w, &s.board, game, display);
            s.rule_notes.refresh(w, game);
        }
        Screen::Over => s.over.refresh(w, &s.board, game, display),
        Screen::RefereeSetup | Screen::Referee | Screen::RefereeChallenge => s.referee.refresh(w),
        Screen::TableClock => s.table_clock.refresh(w),
        Screen::Lesson => s.lessons.refresh(
            w,
            &s.board,
            s.settings
                .display()
                .for_viewer(crate::core::side::Side::Red),
        ),
        // Filled when they are opened, and changed only by the player.
        Screen::About => s.about.refresh(w),
        Screen::Rules | Screen::Settings | Screen::Records | Screen::Print | Screen::Lessons => {}
    }
    s.chooser.refresh(w);
    if let Some(page) = &s.page {
        let (now, lines) = match screen {
            Screen::Play => s.play.reading(w),
            _ => Default::default(),
        };
        page.read(now, lines);
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
