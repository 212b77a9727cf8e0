//! The home screen's controller (`ui/home.slint`, global `HomeAdapter`):
//! the variants and their options, starting a game, the games to continue
//! (and deleting one), the finished games, and the ways to the codes, rules
//! and settings screens.

use super::models::{self, List};
use super::words::side_name;
use super::{App, AppWindow, HomeAdapter, State, VariantItem, cells, codes, linked, router};
use crate::core::options::{GameOptions, TwoSquares};
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::i18n::translate;
use crate::session::ai::Level;
use crate::session::pass_and_play::Computer;
use crate::session::{PassAndPlay, Stage};
use slint::{ComponentHandle, SharedString};
use std::sync::Arc;

/// The home screen's opponent choice for a player on another device
/// (0 is pass and play, 1 to 4 the computer's levels, as `Level::ALL`).
pub(super) const OTHER_DEVICE: i32 = 5;

pub(super) struct HomeState {
    pub variants: Vec<Arc<Variant>>,
    pub selected: usize,
    /// The game of "Continue" the player asked to delete, until confirmed.
    confirm_delete: Option<usize>,
    preview: List<super::Cell>,
    two_squares_choices: List<SharedString>,
    continue_games: List<SharedString>,
    finished_games: List<SharedString>,
}

impl HomeState {
    pub(super) fn new(w: &AppWindow, variants: Vec<Arc<Variant>>) -> HomeState {
        let home = w.global::<HomeAdapter>();
        set_variant_items(w, &variants);
        let state = HomeState {
            selected: variants.iter().position(|v| v.id == "classic").unwrap_or(0),
            variants,
            confirm_delete: None,
            preview: models::list(),
            two_squares_choices: models::list(),
            continue_games: models::list(),
            finished_games: models::list(),
        };
        home.set_preview(models::handle(&state.preview));
        home.set_two_squares_choices(models::handle(&state.two_squares_choices));
        home.set_continue_games(models::handle(&state.continue_games));
        home.set_finished_games(models::handle(&state.finished_games));
        state.set_default_options(w);
        state
    }

    pub(super) fn variant(&self) -> &Arc<Variant> {
        &self.variants[self.selected]
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

/// Names the variants again, in the language just chosen.
pub(super) fn relabel(w: &AppWindow, s: &State) {
    set_variant_items(w, &s.home.variants);
}

pub(super) fn connect(app: &App) {
    let home = app.window().global::<HomeAdapter>();
    home.on_select_variant(app.indexed(|s, w, i| {
        s.home.selected = i.min(s.home.variants.len() - 1);
        s.home.set_default_options(w);
    }));
    home.on_start(app.unit(start_game));
    home.on_continue_game(app.indexed(|s, w, i| {
        if i == board_games_in_progress(s) {
            super::referee::open(s, w);
        } else {
            continue_game(s, i);
        }
    }));
    home.on_delete_game(app.indexed(|s, _, i| s.home.confirm_delete = Some(i)));
    let answer = app.handler(|s, _, delete: bool| {
        match s.home.confirm_delete.take() {
            Some(i) if delete && i == board_games_in_progress(s) => {
                super::referee::forget_match(s);
            }
            Some(i) if delete => {
                if let Err(e) = s.games.delete_in_progress(i) {
                    s.notices
                        .push(crate::tr!("The game could not be deleted: {}", e));
                }
            }
            _ => {}
        };
    });
    home.on_delete_answer(answer);
    home.on_open_finished(app.indexed(|s, _, i| {
        if let Some(finished) = s.games.finished.get(i) {
            s.over.open_review(finished.game.clone());
            s.route.at_home = false;
        }
    }));
    home.on_show_rules(app.unit(super::rules::show));
    home.on_open_record(app.unit(super::records::open));
    home.on_open_print(app.unit(super::print::open));
    home.on_open_referee(app.unit(super::referee::open));
    home.on_show_settings(app.unit(|s, _| s.route.overlay = router::Overlay::Settings));
    home.on_send_game(app.unit(|s, _| codes::send_game(s)));
    home.on_read_codes(app.unit(|s, _| codes::start_reading(s)));
}

fn start_game(s: &mut State, w: &AppWindow) {
    let home = w.global::<HomeAdapter>();
    let variant = Arc::clone(s.home.variant());
    let rules = &variant.rules;
    let two_squares = rules
        .two_squares_choices
        .get(home.get_two_squares_index().max(0) as usize)
        .copied()
        .unwrap_or(rules.two_squares_default);
    let options = GameOptions {
        two_squares,
        aggressor_advantage: home.get_aggressor() && rules.aggressor_advantage.offered,
        silent_defense: home.get_silent() && rules.silent_defense.offered,
        rescue: home.get_rescue() && rules.rescue.offered,
        more_squares: home.get_more_squares() && rules.more_squares.offered,
        ..GameOptions::defaults(&variant)
    };
    let seed = s.games.take_seed();
    let human = if home.get_side_index() == 1 {
        Side::Blue
    } else {
        Side::Red
    };
    let opponent = home.get_opponent_index();
    if opponent == OTHER_DEVICE {
        if variant.setup.anywhere {
            // Each device keeps its setup secret until the game is over, so
            // neither could keep clear of the squares the other chose.
            s.notices.push(crate::tr!(
                "{} cannot be played between two devices: both armies choose from the same squares, \
                 and a device cannot see the other's setup. Play it on one device.",
                translate(&variant.name)
            ));
            return;
        }
        linked::start(s, variant, options, human);
        return;
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
        None => PassAndPlay::new(variant, options, seed),
    };
    s.games.start_local(session);
    s.play.forget();
    s.setup.forget();
    router::show_game(s);
}

/// Goes on with game `index` of "Continue": the local games first, then the two-device ones.
pub(super) fn continue_game(s: &mut State, index: usize) {
    let locals = s.games.local_in_progress().len();
    if index >= locals {
        linked::continue_at(s, index - locals);
        return;
    }
    s.games.continue_local(index);
    router::show_game(s);
}

/// The board games under Continue; the referee's match comes after them.
fn board_games_in_progress(s: &State) -> usize {
    s.games.local_in_progress().len() + s.games.links_in_progress().len()
}

/// The games of "Continue", in the order `continue_game` counts them, each
/// described as its line names it after "Continue: ".
fn continue_descriptions(s: &State) -> Vec<String> {
    let locals = s.games.local_in_progress().into_iter().map(|session| {
        let variant = translate(&session.variant().name);
        match session.stage() {
            Stage::Deal(side) | Stage::Setup(side) => {
                crate::tr!("{}, {} setting up", variant, side_name(side))
            }
            _ => crate::tr!("{}, {} to play", variant, side_name(session.holder())),
        }
    });
    let links = s
        .games
        .links_in_progress()
        .into_iter()
        .map(linked::continue_label);
    locals
        .chain(links)
        .chain(s.referee.continue_label())
        .collect()
}

pub(super) fn refresh(w: &AppWindow, s: &State) {
    let home = w.global::<HomeAdapter>();
    let variant = s.home.variant();
    home.set_can_send_game(
        s.games
            .session
            .as_ref()
            .is_some_and(|x| x.stage() != Stage::Over),
    );
    home.set_selected(s.home.selected as i32);
    models::update(&s.home.preview, cells::preview_cells(variant));
    home.set_preview_columns(variant.board.columns as i32);
    home.set_preview_rows(variant.board.rows as i32);
    models::update_texts(
        &s.home.two_squares_choices,
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
    home.set_notice(s.notices.join("\n").into());
    let descriptions = continue_descriptions(s);
    let confirm = s
        .home
        .confirm_delete
        .and_then(|i| descriptions.get(i))
        .map_or(String::new(), |what| {
            crate::tr!(
                "{}. It is deleted from this device and cannot be brought back.",
                what
            )
        });
    home.set_confirm_delete_text(confirm.into());
    models::update_texts(
        &s.home.continue_games,
        descriptions
            .iter()
            .map(|what| crate::tr!("Continue: {}", what)),
    );
    models::update_texts(
        &s.home.finished_games,
        s.games.finished.iter().map(|f| {
            let outcome = f
                .game
                .position()
                .outcome()
                .map_or(String::new(), |o| super::capitalized(&o.to_string()));
            crate::tr!(
                "{}: {} ({} moves)",
                translate(&f.game.variant().name),
                outcome,
                f.game.actions().len()
            )
        }),
    );
}
