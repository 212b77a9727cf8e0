//! The glue of two-device play: starting, joining and resuming a game
//! against a player on another device, reading its codes, and playing this
//! device's moves. Its screens are the deal, setup, play and game-over
//! screens (through this device's view only) and, between turns, the codes
//! screen (`codes::refresh_link`).

use super::router::{self, LinkView};
use super::words::side_name;
use super::{State, words};
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::i18n::translate;
use crate::session::link::{ClaimsVerdict, LinkError, LinkStatus, LinkedSession, LinkedStage};
use std::sync::Arc;

/// Starts a game this device invites to: first its own deal and setup.
pub(super) fn start(s: &mut State, variant: Arc<Variant>, options: GameOptions, me: Side) {
    let session = LinkedSession::create(variant, options, me, s.games.link_seed());
    bring_forward(s, session);
}

/// Opens an invitation read on the codes screen: this device deals and sets
/// up, or goes on with the game if the invitation was read here before.
pub(super) fn join(s: &mut State, text: &str) -> Result<(), LinkError> {
    let session = LinkedSession::join(text, s.games.link_seed())?;
    let here = s
        .games
        .links_here()
        .position(|l| l.game_id() == session.game_id());
    match here {
        // This device made the invitation: the other player's device must read it.
        Some(i) if s.games.links_here().nth(i).map(LinkedSession::side) != Some(session.side()) => {
            Err(LinkError::OwnCode)
        }
        Some(i) => {
            show(s, i);
            Ok(())
        }
        None => {
            bring_forward(s, session);
            Ok(())
        }
    }
}

/// Goes on with game `index` of `Games::links_in_progress`.
pub(super) fn continue_at(s: &mut State, index: usize) {
    let chosen = s
        .games
        .links_here()
        .enumerate()
        .filter(|(_, l)| !super::games::link_finished(l))
        .nth(index)
        .map(|(i, _)| i);
    if let Some(i) = chosen {
        show(s, i);
    }
}

/// Brings game `i` of `Games::links_here` on screen.
fn show(s: &mut State, i: usize) {
    let games = &mut s.games;
    let on_show = usize::from(games.link.is_some());
    let chosen = if i < on_show {
        games.link.take()
    } else {
        (i - on_show < games.parked_links.len()).then(|| games.parked_links.remove(i - on_show))
    };
    if let Some(session) = chosen {
        bring_forward(s, session);
    }
}

/// Makes `session` the game on screen; the games on screen before are parked.
fn bring_forward(s: &mut State, session: LinkedSession) {
    s.games.bring_link(session);
    s.route.link_view = LinkView::Auto;
    s.codes.link_status.clear();
    s.codes.codes = None;
    s.setup.pick = super::setup::SetupPick::None;
    s.play.forget();
    router::show_game(s);
}

/// Reads a turn code into whichever two-device game here it belongs to and
/// brings that game forward; none when no game here has its id.
pub(super) fn read_into_any(s: &mut State, text: &str) -> Option<Result<(), LinkError>> {
    let games = s
        .games
        .link
        .iter_mut()
        .chain(s.games.parked_links.iter_mut());
    for (i, game) in games.enumerate() {
        let shown = last_code(game);
        match game.read(text) {
            Err(LinkError::WrongGame) => continue,
            Err(e) => return Some(Err(e)),
            Ok(()) => {
                let view = view_after_read(game, shown.as_deref());
                show(s, i);
                s.route.link_view = view;
                return Some(Ok(()));
            }
        }
    }
    None
}

fn last_code(link: &LinkedSession) -> Option<String> {
    link.code_on_show().map(str::to_string)
}

/// After a code is read: when it made this device's last code (which opens
/// its setup), that code is shown before the result; otherwise the screen
/// follows the game.
fn view_after_read(link: &LinkedSession, shown_before: Option<&str>) -> LinkView {
    let answered = link.code_on_show() != shown_before;
    if answered && super::games::link_finished(link) {
        LinkView::Codes
    } else {
        LinkView::Auto
    }
}

/// A picture that gave no code: says why, and nothing changes.
pub(super) fn not_read(s: &mut State, message: String) {
    s.fail(message.clone());
    s.codes.link_status = message;
}

/// Reads codes (a picture may hold several); one that is refused changes nothing.
pub(super) fn read_all(s: &mut State, texts: &[String]) {
    for text in texts {
        let Some(link) = s.games.link.as_mut() else {
            return;
        };
        let shown = last_code(link);
        match link.read(text) {
            Ok(()) => {
                s.route.link_view = view_after_read(link, shown.as_deref());
                s.codes.link_status.clear();
                s.play.forget();
            }
            Err(e) => not_read(s, crate::tr!("Not read: {}.", e)),
        }
    }
}

/// Plays this device's action; a refused one says why.
pub(super) fn play(s: &mut State, action: Action) {
    let played = s.games.link.as_mut().map(|link| link.play(action));
    after_action(s, played);
}

/// Answers the other player's draw offer: accepting ends the game (the
/// code on show tells the other device); declining plays on.
pub(super) fn answer_draw(s: &mut State, accept: bool) {
    let answered = s.games.link.as_mut().map(|link| link.answer_draw(accept));
    after_action(s, answered);
}

/// After this device acted: the screen follows the game, or says why not.
fn after_action(s: &mut State, result: Option<Result<(), LinkError>>) {
    match result {
        Some(Ok(())) => {
            s.play.forget();
            s.route.link_view = LinkView::Auto;
            s.codes.link_status.clear();
        }
        Some(Err(e)) => {
            s.fail(e.to_string());
        }
        None => {}
    }
}

/// Ends the game on show as abandoned by the other device (confirmed).
pub(super) fn abandon(s: &mut State) {
    let ended = s.games.link.as_mut().map(LinkedSession::abandon);
    after_action(s, ended);
}

/// What the last code brought, in words.
pub(super) fn news(link: &LinkedSession) -> String {
    let Some(game) = link.game() else {
        return String::new();
    };
    game.news()
        .iter()
        .map(|p| words::ply(link.variant(), link.side(), p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The result as this device knows it: "Red wins: ..." once verified; a
/// result not verified (or false, or abandoned) says so, never a plain result.
pub(super) fn outcome_text(link: &LinkedSession) -> String {
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
        (Some(LinkStatus::AwaitingReveal), _) => crate::tr!(
            "{} (not verified: the other device has not opened its setup)",
            plain
        ),
        _ => plain,
    }
}

/// What to do at the end before the result counts: who opens first (the
/// side the result does not favour; see `LinkedGame::may_open`).
pub(super) fn opening_step(link: &LinkedSession) -> String {
    let opened = link.game().is_some_and(|g| g.has_opened());
    if opened {
        crate::tr!(
            "This device has opened its setup in the code on show. Let the other device read it, \
             then read its last code, which opens its setup: only then is the result checked and \
             counted. Until then the game waits under Continue."
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
pub(super) fn verdict_text(link: &LinkedSession) -> String {
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

/// A line of the home screen's "Continue" list, as it reads after "Continue: ".
pub(super) fn continue_label(link: &LinkedSession) -> String {
    let what = match (link.stage(), link.status()) {
        (LinkedStage::Dealing, _) => crate::tr!("waiting for the other device's code for the deal"),
        (LinkedStage::Deal | LinkedStage::Setup, _) => crate::tr!("you are setting up"),
        (_, Some(LinkStatus::YourTurn)) => crate::tr!("your turn"),
        (_, Some(LinkStatus::AwaitingReveal)) => {
            crate::tr!("over, not verified: the other device has not opened its setup")
        }
        _ => crate::tr!("waiting for the other device's code"),
    };
    crate::tr!(
        "{}, two devices ({}), {}",
        translate(&link.variant().name),
        side_name(link.side()),
        what
    )
}
