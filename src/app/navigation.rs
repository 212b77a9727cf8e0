//! The way back from every screen. Escape on a desktop, the back gesture or
//! button on Android and each screen's own Back or Menu button go the same
//! way: a question open over a screen closes first (answered no), then the
//! file chooser, then the screen itself. A game's screens (hand-off, deal,
//! setup, play, codes) lead home and keep the game, which is saved after
//! every change and waits under Continue. On the home screen there is
//! nothing to go back to: the platform's back leaves the app. In a browser
//! page the page's Back button goes the same way (`PageLink`).

use super::effect::{Effect, Effects};
use super::{AppWindow, Navigation, Screen, State, codes, gameover, print, records, settings};
use crate::i18n::{self, Language};
use crate::platform::page::Page;
use slint::ComponentHandle;
use std::cell::Cell;
use std::rc::Rc;

/// What is on top of the window: the screen, and whether a question or
/// the file chooser covers it. Keys go to the window again whenever it
/// changes, since the focused button may have gone with the last one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Layer {
    screen: Screen,
    covered: bool,
}

impl Layer {
    /// Whether Back goes somewhere from here (anywhere but home with
    /// nothing over it).
    fn can_go_back(self) -> bool {
        self.screen != Screen::Home || self.covered
    }
}

/// The page the app runs in, and what it was last told.
pub(super) struct PageLink {
    page: Rc<dyn Page>,
    told: Cell<Option<(bool, Language)>>,
    /// The text last given for a screen reader.
    read: std::cell::RefCell<(String, Vec<String>)>,
}

impl PageLink {
    pub(super) fn new(page: Rc<dyn Page>) -> PageLink {
        PageLink {
            page,
            told: Cell::new(None),
            read: Default::default(),
        }
    }

    /// Tells the page whether Back goes anywhere from `layer`, and the
    /// app's language, when either changed.
    pub(super) fn show(&self, layer: Layer) {
        let now = (layer.can_go_back(), i18n::language());
        if self.told.replace(Some(now)) != Some(now) {
            self.page.showing(now.0, now.1.code());
        }
    }

    /// Gives the page what the screen says as text for a screen reader,
    /// when it changed (`Page::reading`).
    pub(super) fn read(&self, now: String, lines: Vec<String>) {
        let mut read = self.read.borrow_mut();
        if read.0 != now || read.1 != lines {
            self.page.reading(&now, &lines);
            *read = (now, lines);
        }
    }
}

pub(super) fn layer(s: &State) -> Layer {
    let screen = s.screen();
    let covered = s.chooser.is_open()
        || s.home.dialog_open()
        || s.play.dialog_open()
        || s.codes.dialog_open()
        || (screen == Screen::TableClock && s.table_clock.choosing());
    Layer { screen, covered }
}

/// One step back from what is shown; `None` when there is nowhere to go
/// back to (the home screen with nothing open over it).
pub(super) fn back(s: &mut State, w: &AppWindow) -> Option<Effects> {
    if s.chooser.is_open() {
        s.chooser.close();
        return Some(Effects::default());
    }
    let effects: Effects = match s.screen() {
        Screen::Home => return s.home.close_dialog().then(Effects::default),
        Screen::Rules | Screen::Lessons => Effect::Overlay(None).into(),
        Screen::Lesson => s.lessons.leave().into(),
        Screen::Settings => settings::back(s, w).into(),
        Screen::About => s.about.back().into(),
        Screen::Records => records::back(w).into(),
        Screen::Print => print::back(w).into(),
        Screen::Codes | Screen::Link if s.codes.close_dialog() => Effects::default(),
        Screen::Codes | Screen::Link => codes::close(s).into(),
        Screen::Handoff | Screen::Deal | Screen::Setup | Screen::Play => {
            if s.play.close_dialog() {
                Effects::default()
            } else {
                Effect::GoHome.into()
            }
        }
        Screen::Over => gameover::leave(s).into(),
        Screen::RefereeSetup | Screen::Referee | Screen::RefereeChallenge => {
            s.referee.back().into()
        }
        Screen::TableClock => s.table_clock.back().into(),
    };
    Some(effects)
}

pub(super) fn connect(app: &super::App) {
    let went_back = app.answering(|s, w, ()| match back(s, w) {
        Some(effects) => (effects, true),
        None => (Effects::default(), false),
    });
    let went_back = Rc::new(went_back);
    if let Some(page) = &app.state.borrow().page {
        let went_back = Rc::clone(&went_back);
        page.page.on_back(Box::new(move || went_back(())));
    }
    app.window()
        .global::<Navigation>()
        .on_back(move || went_back(()));
}
