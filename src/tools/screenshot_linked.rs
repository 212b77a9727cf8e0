//! Screens of two-device play for `flagfall screenshot`: the app plays one
//! side through its callbacks; the other device is a session in this
//! process, played by the random computer, and the two swap code texts.

use crate::ai::{Level, choose};
use crate::app::App;
use crate::app::{CodesAdapter, DealAdapter, GameOverAdapter, HomeAdapter, SetupAdapter};
use crate::games::Stage;
use crate::games::TwoDeviceGame;
use crate::link::LinkStatus;
use slint::ComponentHandle;

/// The two-device screens the tool can show.
pub const LINKED_SCREENS: [&str; 5] = [
    "invite",
    "link-code",
    "link-board",
    "link-over",
    "link-timed",
];

/// Brings the app (variant already chosen) to a two-device `screen`.
pub fn stage_linked(app: &App, screen: &str, seed: u64) -> Result<(), String> {
    let w = app.window();
    w.global::<HomeAdapter>().set_opponent_index(5);
    if screen == "link-timed" {
        // The quick game's clocks; the board as the other device's code came.
        w.global::<HomeAdapter>().set_clock_index(2);
    }
    w.global::<HomeAdapter>().invoke_start();
    if app.two_devices().is_none() {
        let notice = w.global::<HomeAdapter>().get_notice();
        return Err(format!("no two-device game started: {notice}"));
    }
    let stage = || app.two_devices().map(|l| l.stage());
    let paste = |code: &str| {
        w.global::<CodesAdapter>().set_pasted(code.into());
        w.global::<CodesAdapter>().invoke_read_text();
    };
    // A domino game starts with the fair deal: the other device joins first.
    let mut joined = None;
    if stage() == Some(Stage::Dealing) {
        if screen == "invite" {
            return Ok(());
        }
        let invitation = last_code(app).ok_or("no invitation on show")?;
        let other = TwoDeviceGame::join(&invitation, seed).map_err(|e| e.to_string())?;
        paste(other.code_on_show().unwrap_or_default());
        joined = Some(other);
    }
    if matches!(stage(), Some(Stage::Deal(_))) {
        w.global::<DealAdapter>().invoke_choose(0);
        w.global::<DealAdapter>().invoke_continue_to_setup();
    }
    w.global::<SetupAdapter>().invoke_fill();
    w.global::<SetupAdapter>().invoke_ready();
    if screen == "invite" {
        return Ok(());
    }
    let app_code = last_code(app).ok_or("no code on show")?;
    let mut other = match joined {
        Some(mut other) => {
            other.read(&app_code).map_err(|e| e.to_string())?;
            other
        }
        None => TwoDeviceGame::join(&app_code, seed).map_err(|e| e.to_string())?,
    };
    if matches!(other.stage(), Stage::Deal(_)) {
        let suit = other.variant().suits_of(other.side()).next();
        if let Some(suit) = suit {
            other.choose_discards(suit).map_err(|e| e.to_string())?;
        }
        other.accept_deal().map_err(|e| e.to_string())?;
    }
    other.fill_for_me();
    other.setup_ready().map_err(|e| e.to_string())?;
    let mut carried = None;
    for ply in 0..400u64 {
        // The other device's new code, pasted into the app as a player would.
        let code = other.game().and_then(|g| g.last_code()).map(str::to_string);
        if code.is_some() && code != carried {
            paste(code.as_deref().unwrap_or_default());
            carried = code;
        }
        let status = app.two_devices().and_then(|l| l.status());
        if status == Some(LinkStatus::Finished) {
            break;
        }
        if status == Some(LinkStatus::YourTurn) && screen == "link-timed" && ply >= 12 {
            w.global::<CodesAdapter>().invoke_see_board();
            return Ok(());
        }
        if status == Some(LinkStatus::YourTurn) {
            let view = app.two_devices().as_ref().and_then(|l| l.game()?.view());
            let action = match view {
                Some(_) if screen == "link-over" && ply >= 20 => {
                    Some(crate::core::moves::Action::Resign(my_side(app)))
                }
                Some(view) => choose(Level::Random, &view, seed ^ ply),
                None => None,
            };
            let action = action.ok_or("the app's player has no action")?;
            app.with_game(|l| {
                let _ = l.game_mut().play(action);
            });
            if screen != "link-over" && ply >= 12 {
                // Stop with this device's move code on show (or the board behind it).
                if screen == "link-board" {
                    w.global::<CodesAdapter>().invoke_see_board();
                }
                return Ok(());
            }
        }
        if let Some(code) = last_code(app) {
            let _ = other.read(&code);
        }
        if other.status() == Some(LinkStatus::YourTurn) {
            // Its player thinks 9 s a move, on its own clock.
            other.set_time(std::time::Duration::from_secs(9 * ply));
            let view = other.game().and_then(|g| g.view()).ok_or("no view")?;
            let action = choose(Level::Random, &view, seed ^ ply ^ 0x55)
                .ok_or("the other device has no action")?;
            other.play(action).map_err(|e| e.to_string())?;
        }
    }
    match screen {
        "link-over" if app.two_devices().and_then(|l| l.status()) == Some(LinkStatus::Finished) => {
            w.global::<CodesAdapter>().invoke_see_board();
            w.global::<GameOverAdapter>().invoke_last();
            Ok(())
        }
        _ => Err("the game between the two devices did not get there; try another --seed".into()),
    }
}

fn last_code(app: &App) -> Option<String> {
    let link = app.two_devices();
    link.as_ref()?.code_on_show().map(str::to_string)
}

fn my_side(app: &App) -> crate::core::side::Side {
    app.two_devices()
        .as_ref()
        .map_or(crate::core::side::Side::Red, |l| l.side())
}
