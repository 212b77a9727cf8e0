//! The hand-off screen's controller (`ui/handoff.slint`, global
//! `HandoffAdapter`): between two players on one device it names who takes
//! the device next and shows no piece until that player taps.

use super::effect::Effect;
use super::naming::side_name;
use super::{App, AppWindow, HandoffAdapter};
use crate::core::side::Side;
use crate::games::{GameOnDevice, Stage, Step};
use slint::ComponentHandle;

pub(super) fn connect(app: &App) {
    let handoff = app.window().global::<HandoffAdapter>();
    handoff.on_reveal(app.unit(|s, _| {
        if let Some(hand_offs) = s.games.on_show_mut().and_then(|g| g.game_mut().hand_offs()) {
            hand_offs.take_device();
        }
        Effect::HandedOver
    }));
    handoff.on_menu(app.unit(|_, _| Effect::GoHome));
}

pub(super) fn refresh(w: &AppWindow, game: Option<&GameOnDevice>) {
    let Some(game) = game else {
        return;
    };
    let (side, step) = match game.game().stage() {
        Stage::HandOff(side, step) => (side, Some(step)),
        _ => (Side::Red, None),
    };
    let handoff = w.global::<HandoffAdapter>();
    let player = match game.game().player_name(side) {
        Some(name) => crate::tr!("{} ({})", name, side_name(side)),
        None => side_name(side),
    };
    handoff.set_player(player.into());
    handoff.set_blue(side == Side::Blue);
    let detail = match (step, game.game().draw_offer()) {
        (_, Some(offerer)) => crate::tr!("{} offers a draw.", side_name(offerer)),
        (Some(Step::Deal), _) => crate::tr!("{}: your deal.", side_name(side)),
        (Some(Step::Setup), _) => crate::tr!("{}: set up your army.", side_name(side)),
        _ => crate::tr!("{} to play.", side_name(side)),
    };
    handoff.set_detail(detail.into());
}
