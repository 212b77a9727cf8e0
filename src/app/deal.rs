//! The deal screen's controller (`ui/deal.slint`, global `DealAdapter`):
//! a side's dominoes (drawn, set aside, reshuffles), or its secret
//! piecepack discards to choose, before its setup.

use super::effect::Effect;
use super::models::{self, List};
use super::naming::{self, side_name};
use super::{App, AppWindow, DealAdapter};
use crate::core::variant::{ArmyRule, Variant};
use crate::core::{Deal, KindId};
use crate::i18n::translate;
use crate::session::GameSession;
use slint::{ComponentHandle, SharedString};

pub(super) struct DealController {
    choices: List<SharedString>,
}

impl DealController {
    pub(super) fn new(w: &AppWindow) -> DealController {
        let controller = DealController {
            choices: models::list(),
        };
        w.global::<DealAdapter>()
            .set_choices(models::handle(&controller.choices));
        controller
    }
}

pub(super) fn connect(app: &App) {
    let deal = app.window().global::<DealAdapter>();
    deal.on_choose(
        app.indexed(|s, _, i| s.games.on_show_mut().and_then(|g| choose_discards(g, i))),
    );
    deal.on_continue_to_setup(app.unit(|s, _| {
        let game = s.games.on_show_mut()?;
        game.accept_deal()
            .err()
            .map(|e| Effect::Refuse(e.to_string()))
    }));
}

/// The player chose which suit gives up which piece (piecepack): the
/// viewer's suit number `index`.
fn choose_discards(game: &mut GameSession, index: usize) -> Option<Effect> {
    let suit = game.variant().suits_of(game.viewer()).nth(index)?;
    game.choose_discards(suit)
        .err()
        .map(|e| Effect::Refuse(e.to_string()))
}

impl DealController {
    pub(super) fn refresh(&self, w: &AppWindow, game: Option<&GameSession>) {
        let Some(game) = game else { return };
        let (variant, side, deal) = (game.variant(), game.viewer(), game.deal());
        let screen = w.global::<DealAdapter>();
        screen.set_title(crate::tr!("{}'s deal", side_name(side)).into());
        match (&variant.army, deal) {
            (
                ArmyRule::Domino { dealt, .. },
                Some(Deal::Domino {
                    hand,
                    set_aside,
                    redraws,
                }),
            ) => {
                let names = |stones: &[KindId]| {
                    stones
                        .iter()
                        .map(|k| translate(&variant.kind(*k).name))
                        .collect::<Vec<_>>()
                        .join("  ")
                };
                let explanation = match redraws {
                    0 => crate::tr!(
                        "You drew {} stones. Your first draw held both the 0-0 and the 6-6.",
                        dealt
                    ),
                    1 => crate::tr!(
                        "You drew {} stones. The first draw lacked the 0-0 or the 6-6, so all stones \
                     were reshuffled once.",
                        dealt
                    ),
                    n => crate::tr!(
                        "You drew {} stones. Draws lacking the 0-0 or the 6-6 made {} reshuffles.",
                        dealt,
                        n
                    ),
                };
                screen.set_explanation(explanation.into());
                screen.set_hand(names(hand).into());
                screen.set_set_aside(names(set_aside).into());
                models::update_texts(&self.choices, Vec::new());
                screen.set_can_continue(true);
            }
            (
                ArmyRule::Suited {
                    first_loss,
                    second_loss,
                },
                deal,
            ) => {
                let suits: Vec<_> = variant.suits_of(side).collect();
                let (first, second) = (
                    naming::kind_name(variant, *first_loss),
                    naming::kind_name(variant, *second_loss),
                );
                screen.set_explanation(
                crate::tr!(
                    "Choose your secret discards: one suit loses its {}, the other its {}. Your \
                     opponent never learns which.",
                    first,
                    second
                )
                .into(),
            );
                screen.set_hand("".into());
                screen.set_set_aside("".into());
                models::update_texts(
                    &self.choices,
                    discard_choices(variant, &suits, &first, &second),
                );
                let chosen = match deal {
                    Some(Deal::Discard { first_loss_suit }) => {
                        suits.iter().position(|s| s == first_loss_suit)
                    }
                    _ => None,
                };
                screen.set_chosen(chosen.map_or(-1, |i| i as i32));
                screen.set_can_continue(chosen.is_some());
            }
            _ => screen.set_can_continue(true),
        }
    }
}

/// "Suns gives up its Ace; Moons gives up its 2", one line per suit.
fn discard_choices(
    variant: &Variant,
    suits: &[crate::core::variant::SuitId],
    first: &str,
    second: &str,
) -> Vec<String> {
    suits
        .iter()
        .map(|s| {
            let other = suits
                .iter()
                .find(|o| *o != s)
                .map_or(String::new(), |o| translate(&variant.suit(*o).name));
            crate::tr!(
                "{} gives up its {}; {} gives up its {}",
                translate(&variant.suit(*s).name),
                first,
                other,
                second
            )
        })
        .collect()
}
