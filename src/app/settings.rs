//! The settings screen's controller (`ui/settings.slint`, global
//! `SettingsAdapter`): the memory aid, the rank numbering, the language,
//! the computer's think time, the battle animation (which the play
//! screen reads from `SettingsAdapter` as it is set), and whether the
//! computer learns the player's setups (with a button to forget them).
//! A new language takes effect at once, on every screen, and is saved at
//! once; the rest is saved when the player leaves the screen.

use super::effect::Effect;
use super::{App, AppWindow, Display, Numbering, SettingsAdapter, State};
use crate::core::side::Side;
use crate::i18n::{self, Language, LanguageChoice};
use crate::session::Storage;
use crate::session::ai::ThinkTime;
use crate::session::storage::Settings;
use slint::ComponentHandle;

/// How boards are drawn for the player.
#[derive(Debug, Clone, Copy)]
pub(super) struct DisplaySettings {
    memory_aid: bool,
    numbering: Numbering,
}

impl DisplaySettings {
    /// What the board needs to draw for `viewer`.
    pub(super) fn for_viewer(&self, viewer: Side) -> Display {
        Display {
            viewer,
            numbering: self.numbering,
            memory_aid: self.memory_aid,
        }
    }
}

/// The settings in effect: how boards are drawn, the language, and how long
/// the expert level thinks.
pub(super) struct SettingsController {
    display: DisplaySettings,
    /// The language setting.
    language: LanguageChoice,
    /// The platform's preferred locales, most preferred first (none in tests
    /// and screenshots, where "System" is English): what "System" means.
    system_locales: Vec<String>,
    /// How long the Expert level thinks about each of its moves.
    think_time: ThinkTime,
    /// Battles are shown with a short animation.
    animations: bool,
    /// The first launch's welcome was read.
    welcomed: bool,
    /// The computer learns the player's setups in solo games.
    learns_setups: bool,
}

impl SettingsController {
    /// The saved settings, put into effect (the language at once).
    pub(super) fn new(saved: &Settings, system_locales: Vec<String>) -> SettingsController {
        let controller = SettingsController {
            display: DisplaySettings {
                memory_aid: saved.memory_aid,
                numbering: if saved.numbering == "classic" {
                    Numbering::Classic
                } else {
                    Numbering::Modern
                },
            },
            language: saved.language,
            system_locales,
            think_time: saved.think_time,
            animations: saved.animations,
            welcomed: saved.welcomed,
            learns_setups: saved.learns_setups,
        };
        controller.apply_language();
        controller
    }

    pub(super) fn display(&self) -> DisplaySettings {
        self.display
    }

    pub(super) fn think_time(&self) -> ThinkTime {
        self.think_time
    }

    /// The computer learns the player's setups in solo games.
    pub(super) fn learns_setups(&self) -> bool {
        self.learns_setups
    }

    /// The first launch's welcome is still to be shown.
    pub(super) fn welcome_due(&self) -> bool {
        !self.welcomed
    }

    /// The player read the welcome: it is not shown again.
    pub(super) fn welcome_read(&mut self, storage: Option<&Storage>) -> Option<Effect> {
        self.welcomed = true;
        self.save(storage)
    }

    /// Puts the language the settings name into effect: for the texts made
    /// in Rust from now on, and for every text of the screens at once.
    fn apply_language(&self) {
        let language = self.language.resolve(&self.system_locales);
        i18n::set_language(language);
        let code = match language {
            Language::English => "",
            other => other.code(),
        };
        // It fails only without bundled translations, and build.rs bundles them.
        let _ = slint::select_bundled_translation(code);
    }

    /// Shows the settings in effect on the screen's controls.
    fn show(&self, w: &AppWindow) {
        let settings = w.global::<SettingsAdapter>();
        settings.set_memory_aid(self.display.memory_aid);
        settings.set_numbering_index(i32::from(self.display.numbering == Numbering::Classic));
        let index = LanguageChoice::ALL.iter().position(|c| *c == self.language);
        settings.set_language_index(index.unwrap_or(0) as i32);
        let index = ThinkTime::ALL.iter().position(|t| *t == self.think_time);
        settings.set_think_time_index(index.unwrap_or(0) as i32);
        settings.set_animations(self.animations);
        settings.set_learns_setups(self.learns_setups);
    }

    /// The player picked a language: it takes effect and is saved at once.
    fn choose_language(&mut self, w: &AppWindow, storage: Option<&Storage>) -> Vec<Effect> {
        let index = w.global::<SettingsAdapter>().get_language_index();
        let chosen = usize::try_from(index)
            .ok()
            .and_then(|i| LanguageChoice::ALL.get(i).copied());
        self.language = chosen.unwrap_or_default();
        self.apply_language();
        let mut effects = vec![Effect::Relabel];
        effects.extend(self.save(storage));
        effects
    }

    /// Takes the settings from the screen and saves them.
    fn take(&mut self, w: &AppWindow, storage: Option<&Storage>) -> Option<Effect> {
        let screen = w.global::<SettingsAdapter>();
        self.display.memory_aid = screen.get_memory_aid();
        self.display.numbering = if screen.get_numbering_index() == 1 {
            Numbering::Classic
        } else {
            Numbering::Modern
        };
        self.animations = screen.get_animations();
        self.learns_setups = screen.get_learns_setups();
        let index = screen.get_think_time_index();
        self.think_time = usize::try_from(index)
            .ok()
            .and_then(|i| ThinkTime::ALL.get(i).copied())
            .unwrap_or_default();
        self.save(storage)
    }

    fn save(&self, storage: Option<&Storage>) -> Option<Effect> {
        let settings = Settings {
            memory_aid: self.display.memory_aid,
            numbering: match self.display.numbering {
                Numbering::Classic => "classic",
                Numbering::Modern => "modern",
            }
            .into(),
            language: self.language,
            think_time: self.think_time,
            animations: self.animations,
            welcomed: self.welcomed,
            learns_setups: self.learns_setups,
            ..Settings::default()
        };
        storage?
            .save_settings(&settings)
            .err()
            .map(|e| Effect::Notice(e.to_string()))
    }
}

pub(super) fn connect(app: &App) {
    let settings = app.window().global::<SettingsAdapter>();
    app.state.borrow().settings.show(app.window());
    settings.on_language_chosen(app.unit(|s, w| s.settings.choose_language(w, s.games.storage())));
    settings.on_back(app.unit(back));
    settings.on_show_about(app.unit(show_about));
    settings.on_forget_setups(app.unit(forget_setups));
}

/// Shows how many games the computer remembers the player's setups from
/// (as the screen opens, and after "Forget").
pub(super) fn show_remembered(s: &State, w: &AppWindow) {
    let games = i32::try_from(s.games.remembered_games()).unwrap_or(i32::MAX);
    w.global::<SettingsAdapter>().set_remembered_games(games);
}

/// The player tapped "Forget": the computer forgets their setups.
fn forget_setups(s: &mut State, w: &AppWindow) -> Vec<Effect> {
    let problem = s.games.forget_setups().err();
    show_remembered(s, w);
    problem
        .map(|e| Effect::Notice(e.to_string()))
        .into_iter()
        .collect()
}

/// About opens from Settings, whose choices are saved first (as leaving
/// saves them); About's Back comes back here.
fn show_about(s: &mut State, w: &AppWindow) -> Vec<Effect> {
    let mut effects = save(s, w);
    effects.push(Effect::Overlay(Some(super::router::Overlay::About)));
    effects
}

/// Closes the screen (its Back button, Escape, the back gesture), keeping
/// the settings chosen.
pub(super) fn back(s: &mut State, w: &AppWindow) -> Vec<Effect> {
    let mut effects = vec![Effect::Overlay(None)];
    effects.extend(save(s, w));
    effects
}

/// Puts the choices on screen into effect and saves them.
fn save(s: &mut State, w: &AppWindow) -> Vec<Effect> {
    let effects = s.settings.take(w, s.games.storage());
    s.games.set_learning(s.settings.learns_setups());
    effects.into_iter().collect()
}
