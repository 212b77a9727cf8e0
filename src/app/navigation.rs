//! The way back from every screen. Escape on a desktop, the back gesture or
//! button on Android and each screen's own Back or Menu button go the same
//! way: a question open over a screen closes first (answered no), then the
//! file chooser, then the screen itself. A game's screens (hand-off, deal,
//! setup, play, codes) lead home and keep the game, which is saved after
//! every change and waits under Continue. On the home screen there is
//! nothing to go back to: the platform's back leaves the app.

use super::effect::{Effect, Effects};
use super::{AppWindow, Navigation, Screen, State, codes, gameover, print, records, settings};
use slint::ComponentHandle;

/// What is on top of the window: the screen, and whether a question or
/// the file chooser covers it. Keys go to the window again whenever it
/// changes, since the focused button may have gone with the last one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Layer {
    screen: Screen,
    covered: bool,
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
        Screen::Rules => Effect::Overlay(None).into(),
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
    app.window()
        .global::<Navigation>()
        .on_back(move || went_back(()));
}
