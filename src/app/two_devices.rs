//! What only two-device play has: starting and joining a game against a
//! player on another device, reading that device's codes into the game
//! they belong to, and the result as this device knows it (not a result
//! until the other device's opened setup is checked). The game itself is
//! played on the same screens as any other, through this device's view.

use super::effect::Effect;
use super::naming::side_name;
use super::router::GameView;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::games::TwoDeviceGame;
use crate::games::shelf::Games;
use crate::games::{GameOnDevice, Stage};
use crate::i18n::translate;
use crate::link::{ClaimsVerdict, LinkError, LinkStatus, Sighting};
use std::sync::Arc;

/// Starts a game this device invites to: first its own deal and setup.
pub(super) fn start(
    games: &mut Games,
    variant: Arc<Variant>,
    options: GameOptions,
    me: Side,
) -> Effect {
    let seed = games.two_devices_seed();
    games.bring(TwoDeviceGame::create(variant, options, me, seed).into());
    Effect::GameOnShow
}

/// Opens an invitation: this device deals and sets up, or goes on with the
/// game if the invitation was read here before.
pub(super) fn join(games: &mut Games, text: &str) -> Result<Effect, LinkError> {
    let session = TwoDeviceGame::join(text, games.two_devices_seed())?;
    let here = games
        .two_device_games()
        .find(|l| l.game_id() == session.game_id())
        .map(TwoDeviceGame::side);
    match here {
        // This device made the invitation: the other player's device must read it.
        Some(side) if side != session.side() => Err(LinkError::OwnCode),
        Some(side) => {
            games.bring_two_device_game(session.game_id(), side);
            Ok(Effect::GameOnShow)
        }
        None => {
            games.bring(session.into());
            Ok(Effect::GameOnShow)
        }
    }
}

/// Reads a turn code into whichever two-device game here it belongs to and
/// brings that game forward; none when no game here has its id.
pub(super) fn read_into_any(
    games: &mut Games,
    text: &str,
) -> Option<Result<Vec<Effect>, LinkError>> {
    let shown_before = match games.read_into_any(text)? {
        Ok(shown) => shown,
        Err(e) => return Some(Err(e)),
    };
    let view = match games.on_show().and_then(|g| g.game().link()) {
        Some(link) => view_after_read(link, shown_before.as_deref()),
        None => GameView::Auto,
    };
    Some(Ok(vec![Effect::GameOnShow, Effect::Moved(view)]))
}

/// Reads one of the other device's codes into the two-device game on show;
/// a refused code changes nothing.
pub(super) fn read(games: &mut Games, text: &str, sighting: Sighting) -> Result<Effect, LinkError> {
    let Some(link) = games.on_show_mut().and_then(|g| g.game_mut().link_mut()) else {
        return Err(LinkError::WrongGame);
    };
    let shown = link.code_on_show().map(str::to_string);
    link.read_sighted(text, sighting)?;
    Ok(Effect::Moved(view_after_read(link, shown.as_deref())))
}

/// After a code is read: when it made this device's last code (which opens
/// its setup), that code is shown before the result; otherwise the screen
/// follows the game.
fn view_after_read(link: &TwoDeviceGame, shown_before: Option<&str>) -> GameView {
    let answered = link.code_on_show() != shown_before;
    if answered && link.stage() == Stage::Over {
        GameView::Codes
    } else {
        GameView::Auto
    }
}

/// The game is over on this device, but the other device's opened setup
/// has not been read and checked yet.
pub(super) fn ended_unverified(link: &TwoDeviceGame) -> bool {
    link.status() == Some(LinkStatus::AwaitingReveal)
}

/// The result as this device knows it: "Red wins: ..." once verified; a
/// result not verified (or false, or abandoned) says so, never a plain result.
pub(super) fn outcome_text(link: &TwoDeviceGame) -> String {
    let plain = link
        .game()
        .and_then(|g| g.view())
        .and_then(|v| v.outcome)
        .map_or(String::new(), |o| super::capitalized(&o.to_string()));
    let verdict = link.game().and_then(|g| g.verdict());
    match (link.status(), verdict) {
        (Some(LinkStatus::Abandoned), _) => {
            crate::tr!("Abandoned by the other device: not a result")
        }
        (_, Some(ClaimsVerdict::False(_))) => {
            crate::tr!("No result: the other device's claims were false")
        }
        (Some(LinkStatus::AwaitingReveal), _)
            if link.game().is_some_and(|g| g.their_time_ran_out_by_waits()) =>
        {
            crate::tr!(
                "{} by this device's count: the other device took longer than it claimed (its own clock may say otherwise, and it has not opened its setup)",
                plain
            )
        }
        (Some(LinkStatus::AwaitingReveal), _) => crate::tr!(
            "{} (not verified: the other device has not opened its setup)",
            plain
        ),
        _ if link.game().is_some_and(|g| g.their_time_ran_out_by_waits()) => crate::tr!(
            "{} by this device's count: the other device took longer than it claimed",
            plain
        ),
        _ if link.game().is_some_and(|g| g.my_time_loss_disputed()) => crate::tr!(
            "{} (not verified: by this device's own count the other device's time ran out first, its codes taking longer than its clock counted)",
            plain
        ),
        _ => plain,
    }
}

/// What to do at the end before the result counts: who opens first (the
/// loser, or the device whose ply ended a draw; see `LinkedGame::may_open`).
pub(super) fn opening_step(link: &TwoDeviceGame) -> String {
    let opened = link.game().is_some_and(|g| g.has_opened());
    if opened {
        crate::tr!(
            "This device has opened its setup in the code on show. Let the other device read it, \
             then read its last code, which opens its setup: only then is the result checked and \
             counted. Until then the game waits under Continue."
        )
    } else if link
        .game()
        .and_then(|g| g.view())
        .and_then(|v| v.outcome)
        .is_some_and(|o| o.winner().is_none())
    {
        crate::tr!(
            "The other device's move ended the game in a draw, so it opens its setup first: let \
             it read the code on show if it has not, then read its next code. This device opens \
             its own once it has checked theirs. Until then the result does not count, and the \
             game waits under Continue."
        )
    } else {
        crate::tr!(
            "The result favours you, so the other device opens its setup first: let it read this \
             code, then read its answer. This device opens its own once it has checked theirs. \
             Until then the result does not count, and the game waits under Continue."
        )
    }
}

/// The check of the other device's claims, in words.
pub(super) fn verdict_text(link: &TwoDeviceGame) -> String {
    match link.game().and_then(|g| g.verdict()) {
        Some(ClaimsVerdict::Verified) => crate::tr!(
            "Verified: every battle and move the other device reported fits its opened setup."
        ),
        Some(ClaimsVerdict::False(claims)) => crate::tr!(
            "The other device's claims were false: {}",
            claims.join("; ")
        ),
        None => String::new(),
    }
}

/// Why a two-device game that ended has no replay.
pub(super) fn why_no_replay(link: &TwoDeviceGame) -> String {
    if link.status() == Some(LinkStatus::Abandoned) {
        crate::tr!("There is no replay: the other device never opened its setup.")
    } else {
        crate::tr!("There is no replay: the other device's opened setup was false.")
    }
}

/// A two-device game's line of the home screen's "Continue" list, as it
/// reads after "Continue: " (none for a game on this device).
pub(super) fn continue_label(game: &GameOnDevice) -> Option<String> {
    let link = game.game().link()?;
    let what = match (link.stage(), link.status()) {
        (Stage::Dealing, _) => crate::tr!("waiting for the other device's code for the deal"),
        (Stage::Deal(_) | Stage::Setup(_), _) => crate::tr!("you are setting up"),
        (_, Some(LinkStatus::YourTurn)) => crate::tr!("your turn"),
        (_, Some(LinkStatus::AwaitingReveal)) => {
            crate::tr!("over, not verified: the other device has not opened its setup")
        }
        _ => crate::tr!("waiting for the other device's code"),
    };
    Some(crate::tr!(
        "{} against another device, you play {}: {}",
        translate(&link.variant().name),
        side_name(link.side()),
        what
    ))
}
