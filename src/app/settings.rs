//! The settings screen's controller (`ui/settings.slint`, global
//! `SettingsAdapter`): the memory aid, the rank numbering, the language and
//! the computer's think time.
//! A new language takes effect at once, on every screen, and is saved at
//! once; the rest is saved when the player leaves the screen.

use super::{App, AppWindow, Display, Numbering, SettingsAdapter, State, router};
use crate::core::side::Side;
use crate::i18n::{self, Language, LanguageChoice};
use crate::session::ai::ThinkTime;
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

/// The language setting and what "System" means on this platform.
pub(super) struct LocaleSettings {
    pub choice: LanguageChoice,
    /// The platform's preferred locales, most preferred first (none in tests
    /// and screenshots, where "System" is English).
    pub system: Vec<String>,
}

impl LocaleSettings {
    pub(super) fn language(&self) -> Language {
        self.choice.resolve(&self.system)
    }
}

pub(super) fn connect(app: &App) {
    let settings = app.window().global::<SettingsAdapter>();
    let state = app.state.borrow();
    settings.set_memory_aid(state.display.memory_aid);
    settings.set_numbering_index(i32::from(state.display.numbering == Numbering::Classic));
    let choice = state.locale.choice;
    let index = LanguageChoice::ALL.iter().position(|c| *c == choice);
    settings.set_language_index(index.unwrap_or(0) as i32);
    let think_time = state.think_time;
    let index = ThinkTime::ALL.iter().position(|t| *t == think_time);
    settings.set_think_time_index(index.unwrap_or(0) as i32);
    drop(state);
    settings.on_language_chosen(app.unit(choose_language));
    settings.on_back(app.unit(leave));
}

/// Puts the language the settings name into effect: for the texts made in
/// Rust from now on, and for every text of the screens at once.
pub(super) fn apply_language(locale: &LocaleSettings) {
    let language = locale.language();
    i18n::set_language(language);
    let code = match language {
        Language::English => "",
        other => other.code(),
    };
    // It fails only without bundled translations, and build.rs bundles them.
    let _ = slint::select_bundled_translation(code);
}

/// The player picked a language: it takes effect and is saved at once.
fn choose_language(s: &mut State, w: &AppWindow) {
    let index = w.global::<SettingsAdapter>().get_language_index();
    let chosen = usize::try_from(index)
        .ok()
        .and_then(|i| LanguageChoice::ALL.get(i).copied());
    s.locale.choice = chosen.unwrap_or_default();
    apply_language(&s.locale);
    super::relabel(s, w);
    save(s);
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
    let index = screen.get_think_time_index();
    s.think_time = usize::try_from(index)
        .ok()
        .and_then(|i| ThinkTime::ALL.get(i).copied())
        .unwrap_or_default();
    save(s);
}

fn save(s: &mut State) {
    let Some(storage) = &s.games.storage else {
        return;
    };
    let settings = Settings {
        memory_aid: s.display.memory_aid,
        numbering: match s.display.numbering {
            Numbering::Classic => "classic",
            Numbering::Modern => "modern",
        }
        .into(),
        language: s.locale.choice,
        think_time: s.think_time,
        ..Settings::default()
    };
    if let Err(e) = storage.save_settings(&settings) {
        s.notices.push(e);
    }
}
