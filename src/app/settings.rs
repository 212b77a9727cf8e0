//! The settings screen's controller (`ui/settings.slint`, global
//! `SettingsAdapter`): the memory aid, the rank numbering, the language,
//! the computer's think time, the battle animation (which the play
//! screen reads from `SettingsAdapter` as it is set), whether the computer
//! learns the player's setups (with a button to forget them), and whether
//! rules are explained the first time a game meets them (with a button to
//! explain them all again).
//! Every change is saved at once; a new language or text size also takes
//! effect at once, on every screen.
//! The settings also keep where the app was (the game on screen) and the
//! home screen's last choices for a new game.

use super::effect::Effect;
use super::{App, AppWindow, Display, Numbering, SettingsAdapter, State, Theme};
use crate::ai::ThinkTime;
use crate::core::side::Side;
use crate::i18n::{self, Language, LanguageChoice};
use crate::store::GameKey;
use crate::store::Storage;
use crate::store::storage::{NewGameMemory, Settings};
use crate::store::text_size::TextSize;
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
    /// A rule met for the first time in a game is explained in one line.
    rule_notes: bool,
    /// How large the app's text is.
    text_size: TextSize,
    /// The game on screen, as last saved (`Settings::open_game`).
    open_game: Option<GameKey>,
    /// The home screen's last choices for a new game.
    new_game: Option<NewGameMemory>,
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
            rule_notes: saved.rule_notes,
            open_game: saved.open_game,
            new_game: saved.new_game.clone(),
            text_size: saved.text_size,
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

    /// A rule met for the first time in a game is explained.
    pub(super) fn rule_notes(&self) -> bool {
        self.rule_notes
    }

    /// The game that was on screen when the app last stopped.
    pub(super) fn open_game(&self) -> Option<GameKey> {
        self.open_game
    }

    /// The game on screen now (none: the app is elsewhere), saved when it
    /// changed, for the app to open it again when it next starts.
    pub(super) fn remember_open_game(
        &mut self,
        game: Option<GameKey>,
        storage: Option<&Storage>,
    ) -> Option<Effect> {
        if self.open_game == game {
            return None;
        }
        self.open_game = game;
        self.save(storage)
    }

    /// The home screen's last choices for a new game.
    pub(super) fn new_game(&self) -> Option<&NewGameMemory> {
        self.new_game.as_ref()
    }

    /// The player started a game with these choices: the home screen
    /// offers them again, now and when the app next starts.
    pub(super) fn remember_new_game(
        &mut self,
        choices: NewGameMemory,
        storage: Option<&Storage>,
    ) -> Option<Effect> {
        if self.new_game.as_ref() == Some(&choices) {
            return None;
        }
        self.new_game = Some(choices);
        self.save(storage)
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
    pub(super) fn apply_language(&self) {
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
        settings.set_rule_notes(self.rule_notes);
        let index = TextSize::ALL.iter().position(|t| *t == self.text_size);
        settings.set_text_size_index(index.unwrap_or(0) as i32);
        self.apply_text_size(w);
    }

    /// Draws the app's text at the size the settings name.
    fn apply_text_size(&self, w: &AppWindow) {
        w.global::<Theme>().set_text_scale(self.text_size.scale());
    }

    /// The player picked text size `index` of the list (as
    /// `TextSize::ALL`): it takes effect at once, and is saved.
    fn choose_text_size(
        &mut self,
        w: &AppWindow,
        index: i32,
        storage: Option<&Storage>,
    ) -> Option<Effect> {
        self.text_size = usize::try_from(index)
            .ok()
            .and_then(|i| TextSize::ALL.get(i).copied())
            .unwrap_or_default();
        self.apply_text_size(w);
        self.save(storage)
    }

    /// The player picked language `index` of the list (as
    /// `LanguageChoice::ALL`): it takes effect and is saved at once.
    fn choose_language(&mut self, index: i32, storage: Option<&Storage>) -> Vec<Effect> {
        let chosen = usize::try_from(index)
            .ok()
            .and_then(|i| LanguageChoice::ALL.get(i).copied());
        self.language = chosen.unwrap_or_default();
        self.apply_language();
        let mut effects = vec![Effect::Relabel];
        effects.extend(self.save(storage));
        effects
    }

    /// Takes the settings the player chose on the screen and saves them.
    fn take(&mut self, chosen: SettingsChoices, storage: Option<&Storage>) -> Option<Effect> {
        self.display.memory_aid = chosen.memory_aid;
        self.display.numbering = if chosen.numbering_index == 1 {
            Numbering::Classic
        } else {
            Numbering::Modern
        };
        self.animations = chosen.animations;
        self.learns_setups = chosen.learns_setups;
        self.rule_notes = chosen.rule_notes;
        self.think_time = usize::try_from(chosen.think_time_index)
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
            rule_notes: self.rule_notes,
            open_game: self.open_game,
            new_game: self.new_game.clone(),
            text_size: self.text_size,
            ..Settings::default()
        };
        storage?
            .save_settings(&settings)
            .err()
            .map(|e| Effect::Notice(e.to_string()))
    }
}

/// What the settings screen's controls say (the indexes of its lists
/// as the screen numbers them), read from the screen by the wiring.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct SettingsChoices {
    memory_aid: bool,
    /// 0 modern, 1 classic.
    numbering_index: i32,
    animations: bool,
    learns_setups: bool,
    rule_notes: bool,
    /// As `ThinkTime::ALL`.
    think_time_index: i32,
}

/// The settings as the player left them on the screen.
fn choices_on_screen(w: &AppWindow) -> SettingsChoices {
    let screen = w.global::<SettingsAdapter>();
    SettingsChoices {
        memory_aid: screen.get_memory_aid(),
        numbering_index: screen.get_numbering_index(),
        animations: screen.get_animations(),
        learns_setups: screen.get_learns_setups(),
        rule_notes: screen.get_rule_notes(),
        think_time_index: screen.get_think_time_index(),
    }
}

pub(super) fn connect(app: &App) {
    let settings = app.window().global::<SettingsAdapter>();
    app.state.borrow().settings.show(app.window());
    settings.on_language_chosen(app.unit(|s, w| {
        let index = w.global::<SettingsAdapter>().get_language_index();
        s.settings.choose_language(index, s.games.storage())
    }));
    settings.on_text_size_chosen(app.unit(|s, w| {
        let index = w.global::<SettingsAdapter>().get_text_size_index();
        s.settings.choose_text_size(w, index, s.games.storage())
    }));
    settings.on_changed(app.unit(save));
    settings.on_back(app.unit(back));
    settings.on_show_about(app.unit(show_about));
    settings.on_forget_setups(app.unit(forget_setups));
    settings.on_notes_again(app.unit(notes_again));
}

/// Shows how many games the computer remembers the player's setups from
/// (as the screen opens, and after "Forget").
pub(super) fn show_remembered(s: &State, w: &AppWindow) {
    let games = i32::try_from(s.games.remembered_games()).unwrap_or(i32::MAX);
    w.global::<SettingsAdapter>().set_remembered_games(games);
    w.global::<SettingsAdapter>().set_notes_forgotten(false);
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

/// The player tapped "Explain them again": every rule's note is shown
/// again the next time a game meets it.
fn notes_again(s: &mut State, w: &AppWindow) -> Option<Effect> {
    let forgotten = s.lessons.progress_mut().forget_notes_seen();
    w.global::<SettingsAdapter>().set_notes_forgotten(true);
    forgotten.err().map(Effect::Notice)
}

/// About opens from Settings, whose choices are saved first (as each
/// change and leaving save them); About's Back comes back here.
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
    let effects = s.settings.take(choices_on_screen(w), s.games.storage());
    s.games.set_learning(s.settings.learns_setups());
    effects.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The controller with the default settings, without putting a
    /// language into effect (no window, no translations needed).
    fn controller() -> SettingsController {
        let saved = Settings::default();
        SettingsController {
            display: DisplaySettings {
                memory_aid: saved.memory_aid,
                numbering: Numbering::Modern,
            },
            language: saved.language,
            system_locales: Vec::new(),
            think_time: saved.think_time,
            animations: saved.animations,
            welcomed: saved.welcomed,
            learns_setups: saved.learns_setups,
            rule_notes: saved.rule_notes,
            text_size: saved.text_size,
            open_game: None,
            new_game: None,
        }
    }

    #[test]
    fn the_choices_on_screen_are_taken_and_saved() {
        let dir = std::env::temp_dir().join(format!("flagfall-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let storage = Storage::open(&dir).unwrap();
        let mut settings = controller();
        let chosen = SettingsChoices {
            memory_aid: false,
            numbering_index: 1,
            animations: false,
            learns_setups: true,
            rule_notes: false,
            think_time_index: 2,
        };
        assert!(settings.take(chosen, Some(&storage)).is_none());
        assert!(!settings.display().memory_aid);
        assert_eq!(settings.display().numbering, Numbering::Classic);
        assert_eq!(settings.think_time(), ThinkTime::ALL[2]);
        assert!(settings.learns_setups());
        assert!(!settings.rule_notes());
        let (saved, problem) = storage.settings();
        assert_eq!(problem, None);
        assert!(!saved.memory_aid && !saved.animations && saved.learns_setups);
        assert!(!saved.rule_notes);
        assert_eq!(saved.numbering, "classic");
        assert_eq!(saved.think_time, ThinkTime::ALL[2]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_list_index_the_screen_does_not_have_means_the_default() {
        let mut settings = controller();
        let chosen = SettingsChoices {
            memory_aid: true,
            numbering_index: -1,
            animations: true,
            learns_setups: false,
            rule_notes: true,
            think_time_index: 7,
        };
        assert!(settings.take(chosen, None).is_none());
        assert_eq!(settings.display().numbering, Numbering::Modern);
        assert_eq!(settings.think_time(), ThinkTime::default());
    }
}
