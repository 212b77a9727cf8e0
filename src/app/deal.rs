//! The deal screen's controller (`ui/deal.slint`, global `DealAdapter`):
//! a side's dominoes (drawn, set aside, reshuffles), or its secret
//! piecepack discards to choose, before its setup.

use super::effect::Effect;
use super::models::{self, List};
use super::naming::{self, side_name};
use super::{App, AppWindow, DealAdapter, DiscardChoice, Display, TrayItem, board_cells};
use crate::core::piece::Piece;
use crate::core::variant::{ArmyRule, SuitId, Variant};
use crate::core::{Deal, KindId};
use crate::games::GameOnDevice;
use slint::ComponentHandle;

pub(super) struct DealController {
    choices: List<DiscardChoice>,
    hand: List<TrayItem>,
    set_aside: List<TrayItem>,
}

impl DealController {
    pub(super) fn new(w: &AppWindow) -> DealController {
        let controller = DealController {
            choices: models::list(),
            hand: models::list(),
            set_aside: models::list(),
        };
        let deal = w.global::<DealAdapter>();
        deal.set_choices(models::handle(&controller.choices));
        deal.set_hand(models::handle(&controller.hand));
        deal.set_set_aside(models::handle(&controller.set_aside));
        controller
    }
}

pub(super) fn connect(app: &App) {
    let deal = app.window().global::<DealAdapter>();
    deal.on_choose(
        app.indexed(|s, _, i| s.games.on_show_mut().and_then(|g| choose_discards(g, i))),
    );
    deal.on_menu(app.unit(|_, _| Effect::GoHome));
    deal.on_continue_to_setup(app.unit(|s, _| {
        // The discards' note was about the deal: it stays with it.
        s.rule_notes.clear();
        let game = s.games.on_show_mut()?;
        game.game_mut()
            .accept_deal()
            .err()
            .map(|e| Effect::Refuse(e.to_string()))
    }));
}

/// The player chose which suit gives up which piece (piecepack): the
/// viewer's suit number `index`.
fn choose_discards(game: &mut GameOnDevice, index: usize) -> Option<Effect> {
    let suit = game
        .game()
        .variant()
        .suits_of(game.game().viewer())
        .nth(index)?;
    Some(match game.game_mut().choose_discards(suit) {
        Ok(()) => Effect::RuleMet(crate::learn::note_for_discards()),
        Err(e) => Effect::Refuse(e.to_string()),
    })
}

impl DealController {
    pub(super) fn refresh(&self, w: &AppWindow, game: Option<&GameOnDevice>, display: Display) {
        let Some(game) = game else { return };
        let (variant, side, deal) = (
            game.game().variant(),
            game.game().viewer(),
            game.game().deal(),
        );
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
                // Each stone as it stands on the board, attack half up.
                let stones = |stones: &[KindId]| -> Vec<TrayItem> {
                    stones
                        .iter()
                        .map(|k| {
                            board_cells::tray_item(variant, &display, Piece::new(*k), 1, false)
                        })
                        .collect()
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
                models::update(&self.hand, stones(hand));
                models::update(&self.set_aside, stones(set_aside));
                models::update(&self.choices, Vec::new());
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
                models::update(&self.hand, Vec::new());
                models::update(&self.set_aside, Vec::new());
                let coin = |kind: KindId, suit: SuitId| {
                    let piece = Piece {
                        suit: Some(suit),
                        ..Piece::new(kind)
                    };
                    board_cells::tray_item(variant, &display, piece, 1, false).piece
                };
                models::update(
                    &self.choices,
                    suits.iter().map(|&suit| {
                        let other = suits.iter().copied().find(|o| *o != suit).unwrap_or(suit);
                        DiscardChoice {
                            text: discard_choice(variant, suit, other, &first, &second).into(),
                            first: coin(*first_loss, suit),
                            second: coin(*second_loss, other),
                        }
                    }),
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

/// One way to discard, in words that keep suits apart from players:
/// "The suns give up their null (Flag); the crowns their ace (Captain)".
fn discard_choice(
    variant: &Variant,
    suit: SuitId,
    other: SuitId,
    first: &str,
    second: &str,
) -> String {
    crate::tr!(
        "The {} give up their {}; the {} their {}",
        naming::suit_title(variant, suit),
        first,
        naming::suit_title(variant, other),
        second
    )
}
