//! The deal screen's controller (`ui/deal.slint`, global `DealAdapter`):
//! a side's dominoes (drawn, set aside, reshuffles), or its secret
//! piecepack discards to choose, before its setup.

use super::models::{self, List};
use super::words::side_name;
use super::{App, AppWindow, DealAdapter, State};
use crate::core::variant::{ArmyRule, Variant};
use crate::core::{Deal, KindId};
use crate::i18n::translate;
use slint::{ComponentHandle, SharedString};

pub(super) struct DealState {
    choices: List<SharedString>,
}

impl DealState {
    pub(super) fn new(w: &AppWindow) -> DealState {
        let state = DealState {
            choices: models::list(),
        };
        w.global::<DealAdapter>()
            .set_choices(models::handle(&state.choices));
        state
    }
}

pub(super) fn connect(app: &App) {
    let deal = app.window().global::<DealAdapter>();
    deal.on_choose(app.indexed(|s, _, i| choose_discards(s, i)));
    deal.on_continue_to_setup(app.unit(|s, _| {
        let accepted = match s.games.link.as_mut() {
            Some(link) => Some(link.accept_deal()),
            None => s.games.session.as_mut().map(|x| x.accept_deal()),
        };
        if let Some(Err(e)) = accepted {
            s.fail(e);
        }
    }));
}

/// The player chose which suit gives up which piece (piecepack).
fn choose_discards(s: &mut State, index: usize) {
    let chosen = if let Some(link) = s.games.link.as_mut() {
        let suit = link.variant().suits_of(link.side()).nth(index);
        suit.map(|suit| link.choose_discards(suit))
    } else if let Some(session) = s.games.session.as_mut() {
        let side = session.holder();
        let suit = session.variant().suits_of(side).nth(index);
        suit.map(|suit| session.choose_discards(suit))
    } else {
        None
    };
    if let Some(Err(e)) = chosen {
        s.fail(e);
    }
}

pub(super) fn refresh(w: &AppWindow, s: &State) {
    let (variant, side, deal) = match (&s.games.link, &s.games.session) {
        (Some(link), _) => (link.variant(), link.side(), link.deal()),
        (None, Some(session)) => (
            session.variant(),
            session.holder(),
            session.deal(session.holder()),
        ),
        (None, None) => return,
    };
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
            models::update_texts(&s.deal.choices, Vec::new());
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
                translate(&variant.kind(*first_loss).name),
                translate(&variant.kind(*second_loss).name),
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
                &s.deal.choices,
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
