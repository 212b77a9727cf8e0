//! The home screen's controller (`ui/home.slint`, global `HomeAdapter`):
//! the variants and their options, starting a game, the games to continue
//! (and deleting one), the finished games, and the ways to the codes, rules
//! and settings screens.

use super::clock_text::{bonus_kinds, control_label, own_control, preset_name};
use super::effect::Effect;
use super::models::{self, List};
use super::naming::{moves_count, side_name};
use super::router::Overlay;
use super::{App, AppWindow, HomeAdapter, State, VariantItem, board_cells, two_devices};
use crate::ai::Level;
use crate::core::clock::TimeControl;
use crate::core::moves::Action;
use crate::core::options::{GameOptions, TwoSquares};
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::games::Computer;
use crate::games::handover::Handed;
use crate::games::players::player_names;
use crate::games::shelf::Games;
use crate::games::{GameOnDevice, PassAndPlay, Stage, Step};
use crate::i18n::translate;
use crate::store::finished_games::FinishedSummary;
use crate::store::storage::NewGameMemory;
use slint::{ComponentHandle, SharedString};
use std::sync::Arc;

/// The home screen's opponent choice for a player on another device
/// (0 is pass and play, 1 to 4 the computer's levels, as `Level::ALL`).
pub(super) const OTHER_DEVICE: i32 = 5;

/// How many finished games the home screen lists at first, and how many
/// more each "Show more" adds: a player may keep hundreds.
const FINISHED_PAGE: usize = 10;

/// How many games in progress a phone's home lists before "All N games in
/// progress": the first ones (those waiting for the player come first),
/// with the tools and a new game still near the top.
const PHONE_GAMES: usize = 3;

/// What the player chose for a new game on the home screen, as plain
/// values: the wiring reads them from the screen, and the controller
/// decides from them alone.
#[derive(Debug, Clone, Default)]
struct NewGameChoices {
    /// The place of the two-squares setting among the variant's choices.
    two_squares_index: i32,
    aggressor: bool,
    silent: bool,
    rescue: bool,
    more_squares: bool,
    clock: Option<TimeControl>,
    /// 0 Red, 1 Blue.
    side_index: i32,
    /// 0 a player on this device, 1 to 4 the computer's levels
    /// (`Level::ALL`), `OTHER_DEVICE` a player on another device.
    opponent_index: i32,
    /// The players' names as typed (pass and play), Red's and Blue's.
    players: [String; 2],
}

impl NewGameChoices {
    fn read(home: &HomeAdapter) -> NewGameChoices {
        NewGameChoices {
            two_squares_index: home.get_two_squares_index(),
            aggressor: home.get_aggressor(),
            silent: home.get_silent(),
            rescue: home.get_rescue(),
            more_squares: home.get_more_squares(),
            clock: chosen_clock(home),
            side_index: home.get_side_index(),
            opponent_index: home.get_opponent_index(),
            players: [
                home.get_red_player().to_string(),
                home.get_blue_player().to_string(),
            ],
        }
    }
}

pub(super) struct HomeController {
    variants: Vec<Arc<Variant>>,
    selected: usize,
    /// The game of "Continue" the player asked to delete, until confirmed.
    confirm_delete: Option<usize>,
    preview: List<super::Cell>,
    two_squares_choices: List<SharedString>,
    continue_games: List<SharedString>,
    /// The first `PHONE_GAMES` of `continue_games`.
    continue_first: List<SharedString>,
    finished_games: List<SharedString>,
    /// The clock choices' names and descriptions ("None", then the presets).
    clock_choices: List<SharedString>,
    clock_texts: List<SharedString>,
    bonus_kinds: List<SharedString>,
    /// How many of the newest finished games are listed.
    finished_shown: usize,
}

impl HomeController {
    pub(super) fn new(w: &AppWindow, variants: Vec<Arc<Variant>>) -> HomeController {
        let home = w.global::<HomeAdapter>();
        set_variant_items(w, &variants);
        let controller = HomeController::unbound(variants);
        home.set_preview(models::handle(&controller.preview));
        home.set_two_squares_choices(models::handle(&controller.two_squares_choices));
        home.set_continue_games(models::handle(&controller.continue_games));
        home.set_continue_first(models::handle(&controller.continue_first));
        home.set_finished_games(models::handle(&controller.finished_games));
        controller.set_default_options(w);
        controller.relabel_clocks(w);
        controller
    }

    /// The controller with classic chosen (else the first variant), its
    /// lists not yet on any screen.
    fn unbound(variants: Vec<Arc<Variant>>) -> HomeController {
        HomeController {
            selected: variants.iter().position(|v| v.id == "classic").unwrap_or(0),
            variants,
            confirm_delete: None,
            preview: models::list(),
            two_squares_choices: models::list(),
            continue_games: models::list(),
            continue_first: models::list(),
            finished_games: models::list(),
            clock_choices: models::list(),
            clock_texts: models::list(),
            bonus_kinds: models::list(),
            finished_shown: FINISHED_PAGE,
        }
    }

    /// Offers the choices the player last started a game with: the
    /// variant (when it is still offered), the opponent and the side.
    pub(super) fn restore(&mut self, w: &AppWindow, last: &NewGameMemory) {
        if let Some(index) = self.variants.iter().position(|v| v.id == last.variant) {
            self.select(w, index);
        }
        let home = w.global::<HomeAdapter>();
        home.set_opponent_index(last.opponent_index.clamp(0, OTHER_DEVICE));
        home.set_side_index(last.side_index.clamp(0, 1));
    }

    /// The clock choices' names and descriptions, in the language of the moment.
    fn relabel_clocks(&self, w: &AppWindow) {
        let home = w.global::<HomeAdapter>();
        let mut names = vec![crate::tr!("None")];
        names.extend(TimeControl::PRESETS.iter().map(|c| preset_name(*c)));
        names.push(crate::tr!("Own"));
        let mut texts = vec![String::new()];
        texts.extend(TimeControl::PRESETS.iter().map(|c| control_label(*c)));
        texts.push(String::new());
        models::update_texts(&self.clock_choices, names);
        models::update_texts(&self.clock_texts, texts);
        models::update_texts(&self.bonus_kinds, bonus_kinds());
        home.set_clock_choices(models::handle(&self.clock_choices));
        home.set_clock_texts(models::handle(&self.clock_texts));
        home.set_bonus_kinds(models::handle(&self.bonus_kinds));
    }

    /// The variants offered, in the order shown.
    pub(super) fn variants(&self) -> &[Arc<Variant>] {
        &self.variants
    }

    /// The place of the variant chosen in `variants`.
    pub(super) fn selected(&self) -> usize {
        self.selected
    }

    fn variant(&self) -> &Arc<Variant> {
        &self.variants[self.selected]
    }

    fn select(&mut self, w: &AppWindow, index: usize) {
        self.selected = index.min(self.variants.len() - 1);
        self.set_default_options(w);
    }

    /// The options' switches as the selected variant has them by default.
    fn set_default_options(&self, w: &AppWindow) {
        let home = w.global::<HomeAdapter>();
        let rules = &self.variant().rules;
        let index = rules
            .two_squares_choices
            .iter()
            .position(|c| *c == rules.two_squares_default)
            .unwrap_or(0);
        home.set_two_squares_index(index as i32);
        home.set_aggressor(rules.aggressor_advantage.default);
        home.set_silent(rules.silent_defense.default);
        home.set_rescue(rules.rescue.default);
        home.set_more_squares(rules.more_squares.default);
    }

    /// Names the variants again, in the language just chosen.
    pub(super) fn relabel(&self, w: &AppWindow) {
        set_variant_items(w, &self.variants);
        self.relabel_clocks(w);
    }

    /// Starts the game chosen on the screen: on this device, against the
    /// computer, or against another device.
    fn start(&self, choices: &NewGameChoices, games: &mut Games) -> Option<Effect> {
        let variant = Arc::clone(self.variant());
        let rules = &variant.rules;
        let two_squares = rules
            .two_squares_choices
            .get(choices.two_squares_index.max(0) as usize)
            .copied()
            .unwrap_or(rules.two_squares_default);
        let options = GameOptions {
            two_squares,
            aggressor_advantage: choices.aggressor && rules.aggressor_advantage.offered,
            silent_defense: choices.silent && rules.silent_defense.offered,
            rescue: choices.rescue && rules.rescue.offered,
            more_squares: choices.more_squares && rules.more_squares.offered,
            time_control: choices.clock,
            ..GameOptions::defaults(&variant)
        };
        let seed = games.take_seed();
        let human = if choices.side_index == 1 {
            Side::Blue
        } else {
            Side::Red
        };
        let opponent = choices.opponent_index;
        if opponent == OTHER_DEVICE {
            if let Some(why) = crate::link::not_for_two_devices(&variant) {
                return Some(Effect::Notice(why));
            }
            return Some(two_devices::start(games, variant, options, human));
        }
        let level = Level::ALL
            .get((opponent - 1).max(0) as usize)
            .filter(|_| opponent > 0);
        let session = match level {
            Some(level) => PassAndPlay::solo(
                variant,
                options,
                seed,
                Computer {
                    side: human.opponent(),
                    level: *level,
                },
            ),
            None => {
                let names = match player_names(&choices.players[0], &choices.players[1]) {
                    Ok(names) => names,
                    Err(e) => return Some(Effect::Notice(e.to_string())),
                };
                let mut session = PassAndPlay::new(variant, options, seed);
                session.set_players(names);
                session
            }
        };
        games.start(session.into());
        Some(Effect::GameOnShow)
    }

    /// Goes on with entry `index` of "Continue".
    pub(super) fn open_game(&self, games: &mut Games, index: usize) -> Effect {
        match ContinueEntry::at(index, games.in_progress().len()) {
            ContinueEntry::RefereeMatch => Effect::OpenReferee,
            ContinueEntry::Game(index) => {
                games.continue_game(index);
                // A game moved to or from another device is played on
                // nowhere here: its hand-over shows instead.
                if games.on_show().is_some_and(|g| g.game().handed().is_some()) {
                    Effect::ShowHandover
                } else {
                    Effect::GameOnShow
                }
            }
        }
    }

    /// Whether a question is open over the screen (deleting a game).
    pub(super) fn dialog_open(&self) -> bool {
        self.confirm_delete.is_some()
    }

    /// Closes the question open over the screen, answering no; false when
    /// there was none.
    pub(super) fn close_dialog(&mut self) -> bool {
        self.confirm_delete.take().is_some()
    }

    /// The player confirmed (or not) deleting game `confirm_delete` of "Continue".
    fn delete_answer(&mut self, games: &mut Games, delete: bool) -> Option<Effect> {
        let index = self.confirm_delete.take().filter(|_| delete)?;
        let ContinueEntry::Game(index) = ContinueEntry::at(index, games.in_progress().len()) else {
            return Some(Effect::ForgetRefereeMatch);
        };
        games
            .delete_in_progress(index)
            .err()
            .map(|e| Effect::Notice(crate::tr!("The game could not be deleted: {}", e)))
    }

    pub(super) fn refresh(
        &self,
        w: &AppWindow,
        games: &Games,
        notices: &[String],
        referee: Option<String>,
    ) {
        let home = w.global::<HomeAdapter>();
        let variant = self.variant();
        home.set_can_send_game(
            games
                .on_show()
                .is_some_and(|g| g.game().can_move_to_another_device()),
        );
        home.set_selected(self.selected as i32);
        models::update(&self.preview, board_cells::preview_cells(variant));
        home.set_preview_columns(variant.board.columns as i32);
        home.set_preview_rows(variant.board.rows as i32);
        models::update_texts(
            &self.two_squares_choices,
            variant
                .rules
                .two_squares_choices
                .iter()
                .map(|c: &TwoSquares| c.label()),
        );
        home.set_offers_aggressor(variant.rules.aggressor_advantage.offered);
        home.set_offers_silent(variant.rules.silent_defense.offered);
        home.set_offers_rescue(variant.rules.rescue.offered);
        home.set_offers_more_squares(variant.rules.more_squares.offered);
        home.set_notice(notices.join("\n").into());
        let in_progress = games.in_progress();
        let descriptions: Vec<String> = in_progress
            .iter()
            .map(|game| {
                let label = continue_label(game);
                // Games of one kind are told apart by when each began.
                let started = game.game().started();
                let alike = in_progress.iter().filter(|g| same_kind(g, game)).count();
                match started.and_then(super::dates::day_and_time) {
                    Some(day) if alike > 1 => crate::tr!("{}, started {}", label, day),
                    _ => label,
                }
            })
            .chain(referee)
            .collect();
        let confirm = self
            .confirm_delete
            .and_then(|i| descriptions.get(i))
            .map_or(String::new(), |what| {
                crate::tr!(
                    "{}. It is deleted from this device and cannot be brought back.",
                    what
                )
            });
        home.set_confirm_delete_text(confirm.into());
        let lines: Vec<String> = descriptions
            .iter()
            .map(|what| crate::tr!("Continue: {}", what))
            .collect();
        models::update_texts(
            &self.continue_first,
            lines.iter().take(PHONE_GAMES).cloned(),
        );
        home.set_more_games(if lines.len() > PHONE_GAMES {
            crate::tr!("All {} games in progress", lines.len()).into()
        } else {
            SharedString::new()
        });
        models::update_texts(&self.continue_games, lines);
        let finished = games.finished();
        models::update_texts(
            &self.finished_games,
            finished
                .iter()
                .take(self.finished_shown)
                .map(|game| self.finished_label(game)),
        );
        let more = finished.len().saturating_sub(self.finished_shown);
        home.set_more_finished(if more == 0 {
            SharedString::new()
        } else {
            crate::tr!("Show more finished games ({} not shown)", more).into()
        });
    }

    /// A finished game as its button names it: variant, the computer and
    /// the player's side in a solo game, result, length and when it ended.
    fn finished_label(&self, game: &FinishedSummary) -> String {
        let variant = self
            .variants
            .iter()
            .find(|v| v.id == game.variant)
            .map_or_else(|| game.variant.clone(), |v| translate(&v.name));
        let variant = match &game.computer {
            Some(computer) => crate::tr!(
                "{} against the computer ({}), you played {}",
                variant,
                Level::from_name(&computer.level)
                    .map_or_else(|| computer.level.clone(), Level::label),
                side_name(computer.side.opponent())
            ),
            None => variant,
        };
        let outcome = game
            .result
            .map_or(String::new(), |o| super::capitalized(&o.to_string()));
        let moves = moves_count(game.moves);
        match game.ended_ms().and_then(super::dates::day_and_time) {
            Some(ended) => crate::tr!("{}: {} ({}), {}", variant, outcome, moves, ended),
            None => crate::tr!("{}: {} ({})", variant, outcome, moves),
        }
    }

    /// Opens the `index`th finished game listed, replayed from its record.
    fn open_finished(&self, games: &mut Games, index: usize) -> Option<Effect> {
        match games.open_finished(index)? {
            Ok(game) => Some(Effect::Review {
                game: Box::new(game),
                note: String::new(),
            }),
            Err(unopened) => Some(Effect::Notice(unopened.to_string())),
        }
    }
}

/// The variants to choose from, named in the current language.
fn set_variant_items(w: &AppWindow, variants: &[Arc<Variant>]) {
    let items: Vec<VariantItem> = variants
        .iter()
        .map(|v| VariantItem {
            id: v.id.clone().into(),
            name: translate(&v.name).into(),
            summary: translate(&v.summary).into(),
        })
        .collect();
    w.global::<HomeAdapter>()
        .set_variants(slint::ModelRc::new(slint::VecModel::from(items)));
}

/// A game of "Continue", as its line names it after "Continue: ": the
/// variant, who the opponent is, the player's side and where it stands,
/// and its clock when it is timed.
pub(super) fn continue_label(game: &GameOnDevice) -> String {
    let label = untimed_label(game);
    let label = match game.game().handed() {
        Some(Handed::Arriving { .. }) => {
            crate::tr!(
                "{}: arriving from another device, which has not let go of it yet",
                label
            )
        }
        Some(Handed::MovedAway { on, .. }) => crate::tr!(
            "{}: moved to another device on {}",
            label,
            super::dates::day_and_time(on).unwrap_or_default()
        ),
        None => label,
    };
    let label = match game.game().options().time_control {
        Some(control) => crate::tr!("{}, on a clock of {}", label, control_label(control)),
        None => label,
    };
    // Tells apart games of one kind, and how far each has gone.
    let moves = game
        .game()
        .plies()
        .iter()
        .filter(|(_, action)| matches!(action, Action::Move(_)))
        .count();
    if moves == 0 {
        label
    } else {
        crate::tr!("{}, after {}", label, moves_count(moves))
    }
}

/// Games a player might take for one another in "Continue": one-device
/// games of one variant and opponent.
fn same_kind(a: &GameOnDevice, b: &GameOnDevice) -> bool {
    let one_device = |g: &GameOnDevice| g.game().link().is_none();
    one_device(a)
        && one_device(b)
        && a.game().variant().id == b.game().variant().id
        && a.game().computer() == b.game().computer()
}

pub(super) fn untimed_label(game: &GameOnDevice) -> String {
    if let Some(label) = two_devices::continue_label(game) {
        return label;
    }
    let variant = translate(&game.game().variant().name);
    let setting_up = matches!(
        game.game().stage(),
        Stage::Deal(_) | Stage::Setup(_) | Stage::HandOff(_, Step::Deal | Step::Setup)
    );
    match (game.game().computer(), game.game().stage()) {
        (Some(computer), _) => {
            let level = computer.level.label();
            let you = side_name(computer.side.opponent());
            if setting_up {
                crate::tr!(
                    "{} against the computer ({}), you play {}, setting up",
                    variant,
                    level,
                    you
                )
            } else {
                crate::tr!(
                    "{} against the computer ({}), you play {}",
                    variant,
                    level,
                    you
                )
            }
        }
        (None, Stage::Deal(side) | Stage::Setup(side) | Stage::HandOff(side, _)) if setting_up => {
            crate::tr!(
                "{}, two players on this device, {} setting up",
                variant,
                side_name(side)
            )
        }
        _ => crate::tr!(
            "{}, two players on this device, {} to play",
            variant,
            side_name(game.game().viewer())
        ),
    }
}

/// What an entry of "Continue" is: the board games in progress come first,
/// in the order `Games::in_progress` gives, then the referee's match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ContinueEntry {
    /// The board game at this place among those in progress.
    Game(usize),
    RefereeMatch,
}

impl ContinueEntry {
    /// The entry shown at `index` when `games` board games are listed.
    fn at(index: usize, games: usize) -> ContinueEntry {
        if index < games {
            ContinueEntry::Game(index)
        } else {
            ContinueEntry::RefereeMatch
        }
    }
}

pub(super) fn connect(app: &App) {
    let home = app.window().global::<HomeAdapter>();
    home.on_select_variant(app.indexed(|s, w, i| s.home.select(w, i)));
    home.on_start(app.unit(|s: &mut State, w| {
        let choices = NewGameChoices::read(&w.global::<HomeAdapter>());
        let remembered = s.settings.remember_new_game(
            NewGameMemory {
                variant: s.home.variant().id.clone(),
                opponent_index: choices.opponent_index,
                side_index: choices.side_index,
            },
            s.games.storage(),
        );
        let mut effects: Vec<Effect> = s.home.start(&choices, &mut s.games).into_iter().collect();
        effects.extend(remembered);
        effects
    }));
    home.on_continue_game(app.indexed(|s, _, i| s.home.open_game(&mut s.games, i)));
    home.on_delete_game(app.indexed(|s, _, i| s.home.confirm_delete = Some(i)));
    let answer =
        app.handler(|s: &mut State, _, delete: bool| s.home.delete_answer(&mut s.games, delete));
    home.on_delete_answer(answer);
    home.on_open_finished(app.indexed(|s, _, i| s.home.open_finished(&mut s.games, i)));
    home.on_show_more_finished(app.unit(|s: &mut State, _| {
        s.home.finished_shown += FINISHED_PAGE;
        None::<Effect>
    }));
    home.on_show_rules(app.unit(|_, _| Effect::Overlay(Some(Overlay::Rules))));
    home.on_open_lessons(app.unit(|_, _| Effect::Overlay(Some(Overlay::Lessons))));
    home.on_open_record(app.unit(|_, _| Effect::Overlay(Some(Overlay::Records))));
    home.on_open_print(app.unit(|_, _| Effect::Overlay(Some(Overlay::Print))));
    home.on_open_referee(app.unit(|_, _| Effect::OpenReferee));
    home.on_open_table_clock(app.unit(|_, _| Effect::OpenTableClock));
    home.on_show_settings(app.unit(|_, _| Effect::Overlay(Some(Overlay::Settings))));
    home.on_show_about(app.unit(|_, _| Effect::Overlay(Some(Overlay::About))));
    home.on_welcome_read(app.unit(|s, _| s.settings.welcome_read(s.games.storage())));
    home.on_send_game(app.unit(|_, _| Effect::SendGame));
    home.on_read_codes(app.unit(|_, _| Effect::ReadCodes));
}

/// The clock chosen on the home screen: none, a preset, or one's own (the
/// choice after the presets).
fn chosen_clock(home: &HomeAdapter) -> Option<TimeControl> {
    let index = usize::try_from(home.get_clock_index()).ok()?;
    match index.checked_sub(1)? {
        preset if preset < TimeControl::PRESETS.len() => Some(TimeControl::PRESETS[preset]),
        _ => Some(own_control(
            home.get_own_minutes(),
            home.get_own_bonus_kind(),
            home.get_own_bonus_seconds(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;
    use crate::store::setup_library::SetupLibrary;

    /// A home controller choosing `variant`, with no window.
    fn unbound(variant: &str) -> HomeController {
        HomeController::unbound(vec![builtin_variant(variant).unwrap()])
    }

    fn no_games() -> Games {
        Games::open(None, SetupLibrary::in_memory(), 1, &mut Vec::new())
    }

    #[test]
    fn start_begins_a_solo_game_with_the_choices_the_variant_offers() {
        let home = unbound("classic");
        let mut games = no_games();
        let choices = NewGameChoices {
            aggressor: true,
            rescue: true,
            side_index: 1,
            opponent_index: 4,
            ..NewGameChoices::default()
        };
        let effect = home.start(&choices, &mut games);
        assert!(matches!(effect, Some(Effect::GameOnShow)), "{effect:?}");
        let game = games.on_show().expect("a game on show");
        let computer = game.game().computer().expect("against the computer");
        assert_eq!((computer.side, computer.level), (Side::Red, Level::Expert));
        assert!(game.game().options().aggressor_advantage && game.game().options().rescue);
        assert!(!game.game().options().silent_defense);
    }

    #[test]
    fn start_refuses_a_two_device_game_of_free_setup_with_the_reason() {
        let home = unbound("free");
        let mut games = no_games();
        let choices = NewGameChoices {
            opponent_index: OTHER_DEVICE,
            ..NewGameChoices::default()
        };
        let effect = home.start(&choices, &mut games);
        assert!(matches!(effect, Some(Effect::Notice(_))), "{effect:?}");
        assert!(games.on_show().is_none());
    }

    #[test]
    fn the_referees_match_follows_the_board_games_in_continue() {
        assert_eq!(ContinueEntry::at(0, 2), ContinueEntry::Game(0));
        assert_eq!(ContinueEntry::at(1, 2), ContinueEntry::Game(1));
        assert_eq!(ContinueEntry::at(2, 2), ContinueEntry::RefereeMatch);
        assert_eq!(ContinueEntry::at(0, 0), ContinueEntry::RefereeMatch);
    }
}
