//! The hand-off screen's controller (`ui/handoff.slint`, global
//! `HandoffAdapter`): between two players on one device it names who takes
//! the device next and shows no piece until that player taps.

use super::words::side_name;
use super::{App, AppWindow, HandoffAdapter, State};
use crate::core::side::Side;
use crate::session::Stage;
use slint::ComponentHandle;

pub(super) fn connect(app: &App) {
    let handoff = app.window().global::<HandoffAdapter>();
    handoff.on_reveal(app.unit(|s, _| {
        s.play.forget();
        s.setup.pick = super::setup::SetupPick::None;
        if let Some(session) = s.games.session.as_mut() {
            session.reveal();
        }
    }));
}

pub(super) fn refresh(w: &AppWindow, s: &State) {
    let Some(session) = &s.games.session else {
        return;
    };
    let handoff = w.global::<HandoffAdapter>();
    let side = session.handoff().unwrap_or(Side::Red);
    handoff.set_player(side_name(side).into());
    handoff.set_blue(side == Side::Blue);
    let detail = match (session.stage(), session.draw_offer()) {
        (_, Some(offerer)) => crate::tr!("{} offers a draw.", side_name(offerer)),
        (Stage::Deal(_), _) => crate::tr!("{}: your deal.", side_name(side)),
        (Stage::Setup(_), _) => crate::tr!("{}: set up your army.", side_name(side)),
        _ => crate::tr!("{} to play.", side_name(side)),
    };
    handoff.set_detail(detail.into());
}
