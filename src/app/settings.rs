//! The settings screen's controller (`ui/settings.slint`, global
//! `SettingsAdapter`): the memory aid and the rank numbering, saved when the
//! player leaves the screen.

use super::{App, AppWindow, Display, Numbering, SettingsAdapter, State, router};
use crate::core::side::Side;
use crate::session::storage::Settings;
use slint::ComponentHandle;

/// How boards are drawn for the player.
#[derive(Debug, Clone, Copy)]
pub(super) struct DisplaySettings {
    pub memory_aid: bool,
    pub numbering: Numbering,
}

impl DisplaySettings {
    pub(super) fn from_saved(settings: &Settings) -> DisplaySettings {
        DisplaySettings {
            memory_aid: settings.memory_aid,
            numbering: if settings.numbering == "classic" {
                Numbering::Classic
            } else {
                Numbering::Modern
            },
        }
    }

    /// What the board needs to draw for `viewer`.
    pub(super) fn for_viewer(&self, viewer: Side) -> Display {
        Display {
            viewer,
            numbering: self.numbering,
            memory_aid: self.memory_aid,
        }
    }
}

pub(super) fn connect(app: &App) {
    let settings = app.window().global::<SettingsAdapter>();
    let display = app.state.borrow().display;
    settings.set_memory_aid(display.memory_aid);
    settings.set_numbering_index(i32::from(display.numbering == Numbering::Classic));
    settings.on_back(app.unit(leave));
}

/// Takes the settings from the screen, saves them, and goes back.
fn leave(s: &mut State, w: &AppWindow) {
    let screen = w.global::<SettingsAdapter>();
    s.route.overlay = router::Overlay::None;
    s.display.memory_aid = screen.get_memory_aid();
    s.display.numbering = if screen.get_numbering_index() == 1 {
        Numbering::Classic
    } else {
        Numbering::Modern
    };
    if let Some(storage) = &s.games.storage {
        let settings = Settings {
            memory_aid: s.display.memory_aid,
            numbering: match s.display.numbering {
                Numbering::Classic => "classic",
                Numbering::Modern => "modern",
            }
            .into(),
            ..Settings::default()
        };
        if let Err(e) = storage.save_settings(&settings) {
            s.notices.push(e);
        }
    }
}
