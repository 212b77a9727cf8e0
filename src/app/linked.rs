//! The glue of two-device play: a game against a player on another device,
//! shown through this device's view only. Between turns the codes screen
//! shows this device's code and reads the other device's.

use super::{AppWindow, LinkView, State, cells, model, strings, words};
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::view::PlayerView;
use crate::session::link::{LinkError, LinkStatus, LinkedSession, LinkedStage, Verdict};
use std::sync::Arc;

/// Starts a game this device invites to: first its own deal and setup.
pub(super) fn start(s: &mut State, variant: Arc<Variant>, options: GameOptions, me: Side) {
    let session = LinkedSession::create(variant, options, me, s.next_seed);
    bring_forward(s, session);
}

/// Opens an invitation read on the codes screen: this device deals and sets
/// up, or goes on with the game if the invitation was read here before.
pub(super) fn join(s: &mut State, text: &str) -> Result<(), LinkError> {
    let session = LinkedSession::join(text, s.next_seed)?;
    let here = games_here(s).position(|l| l.game_id() == session.game_id());
    match here {
        // This device made the invitation: the other player's device must read it.
        Some(i) if games_here(s).nth(i).map(LinkedSession::side) != Some(session.side()) => {
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

/// The two-device games on this device: the one on show first, then the parked ones.
fn games_here(s: &State) -> impl Iterator<Item = &LinkedSession> {
    s.link.iter().chain(s.parked_links.iter())
}

fn finished(link: &LinkedSession) -> bool {
    link.status() == Some(LinkStatus::Finished)
}

/// The games "Continue" offers, in the order of `continue_at`.
pub(super) fn in_progress(s: &State) -> Vec<&LinkedSession> {
    games_here(s).filter(|l| !finished(l)).collect()
}

/// Goes on with game `index` of `in_progress`.
pub(super) fn continue_at(s: &mut State, index: usize) {
    let chosen = games_here(s)
        .enumerate()
        .filter(|(_, l)| !finished(l))
        .nth(index)
        .map(|(i, _)| i);
    if let Some(i) = chosen {
        show(s, i);
    }
}

/// Brings game `i` of `games_here` on screen.
fn show(s: &mut State, i: usize) {
    let on_show = usize::from(s.link.is_some());
    let chosen = if i < on_show {
        s.link.take()
    } else {
        (i - on_show < s.parked_links.len()).then(|| s.parked_links.remove(i - on_show))
    };
    if let Some(session) = chosen {
        bring_forward(s, session);
    }
}

/// Makes `session` the game on screen; the games on screen before are parked.
fn bring_forward(s: &mut State, session: LinkedSession) {
    park_local(s);
    park(s);
    s.link = Some(session);
    s.link_saved_revision = None;
    s.link_view = LinkView::Auto;
    s.link_status.clear();
    s.codes = None;
    s.review = None;
    s.at_home = false;
    s.setup_pick = super::SetupPick::None;
    s.play_pick = None;
}

/// Puts the pass-and-play or solo game aside (a linked game comes forward).
fn park_local(s: &mut State) {
    if let Some(current) = s.session.take()
        && current.stage() != crate::session::Stage::Over
    {
        s.parked.push(current);
    }
    s.thinking = None;
    s.hint = None;
}

/// Puts the linked game aside (a local game comes forward).
pub(super) fn park(s: &mut State) {
    if let Some(link) = s.link.take()
        && link.status() != Some(LinkStatus::Finished)
    {
        s.parked_links.push(link);
    }
}

/// The screen for the linked game on show.
pub(super) fn screen_name(s: &State, link: &LinkedSession) -> &'static str {
    match link.stage() {
        LinkedStage::Deal => "deal",
        LinkedStage::Setup => "setup",
        LinkedStage::Game => match (link.status(), s.link_view) {
            (Some(LinkStatus::Finished), LinkView::Auto | LinkView::Board) => "over",
            (_, LinkView::Codes) => "link",
            (Some(LinkStatus::YourTurn), _) | (_, LinkView::Board) => "play",
            _ => "link",
        },
    }
}

/// Reads a turn code into whichever two-device game here it belongs to and
/// brings that game forward; none when no game here has its id.
pub(super) fn read_into_any(s: &mut State, text: &str) -> Option<Result<(), LinkError>> {
    let games = s.link.iter_mut().chain(s.parked_links.iter_mut());
    for (i, game) in games.enumerate() {
        let shown = last_code(game);
        match game.read(text) {
            Err(LinkError::WrongGame) => continue,
            Err(e) => return Some(Err(e)),
            Ok(()) => {
                let view = view_after_read(game, shown.as_deref());
                show(s, i);
                s.link_view = view;
                return Some(Ok(()));
            }
        }
    }
    None
}

fn last_code(link: &LinkedSession) -> Option<String> {
    link.game()?.last_code().map(str::to_string)
}

/// After a code is read: when it made this device's last code (which opens
/// its setup), that code is shown before the result; otherwise the screen
/// follows the game.
fn view_after_read(link: &LinkedSession, shown_before: Option<&str>) -> LinkView {
    let answered = link.game().and_then(|g| g.last_code()) != shown_before;
    if answered && finished(link) {
        LinkView::Codes
    } else {
        LinkView::Auto
    }
}

pub(super) fn read_text(s: &mut State, text: &str) {
    read_all(s, &[text.to_string()]);
}

/// A picture that gave no code: says why, and nothing changes.
pub(super) fn not_read(s: &mut State, message: String) {
    s.link_status = message;
    s.error = s.link_status.clone();
}

/// Reads codes (a picture may hold several); one that is refused changes nothing.
pub(super) fn read_all(s: &mut State, texts: &[String]) {
    let Some(link) = s.link.as_mut() else { return };
    for text in texts {
        let shown = last_code(link);
        match link.read(text) {
            Ok(()) => {
                s.link_status.clear();
                s.link_view = view_after_read(link, shown.as_deref());
                s.play_pick = None;
                s.rescue_chosen = None;
            }
            Err(e) => {
                s.link_status = format!("Not read: {e}.");
                s.error = s.link_status.clone();
            }
        }
    }
}

pub(super) fn play(s: &mut State, action: Action) {
    let Some(link) = s.link.as_mut() else { return };
    match link.play(action) {
        Ok(()) => {
            s.play_pick = None;
            s.rescue_chosen = None;
            s.link_view = LinkView::Auto;
            s.link_status.clear();
        }
        Err(e) => {
            s.fail(e.to_string());
        }
    }
}

pub(super) fn view(link: &LinkedSession) -> Option<PlayerView> {
    link.game().and_then(|g| g.view())
}

/// What the last code brought, in words.
fn news(link: &LinkedSession) -> String {
    let (Some(game), Some(view)) = (link.game(), view(link)) else {
        return String::new();
    };
    game.news()
        .iter()
        .map(|p| words::ply(&view.variant, link.side(), p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn outcome_text(link: &LinkedSession) -> String {
    view(link)
        .and_then(|v| v.outcome)
        .map_or(String::new(), |o| super::capitalized(&o.to_string()))
}

/// The check of the other device's claims, in words.
pub(super) fn verdict_text(link: &LinkedSession) -> String {
    match link.game().and_then(|g| g.verdict()) {
        Some(Verdict::Verified) => {
            "Verified: every battle and move the other device reported fits its opened setup."
                .into()
        }
        Some(Verdict::False(claims)) => format!(
            "The other device's claims were false: {}",
            claims.join("; ")
        ),
        None => String::new(),
    }
}

/// The codes screen of a linked game: this device's code and the reader.
pub(super) fn refresh_codes(w: &AppWindow, s: &State, link: &LinkedSession) {
    let Some(game) = link.game() else { return };
    let status = game.status();
    let (title, explanation) = match status {
        LinkStatus::AwaitingJoin => (
            "Invite the other device".to_string(),
            format!(
                "On the other device choose \"Read a code\" and read this invitation ({}, you play {}). \
                 Then read its answer here.",
                link.variant().name,
                link.side()
            ),
        ),
        LinkStatus::AwaitingCode => (
            "Show your code, then read theirs".to_string(),
            "Let the other device read this code. When its player has moved, read the code it shows."
                .to_string(),
        ),
        LinkStatus::AwaitingReveal => (
            format!("Game over: {}", outcome_text(link)),
            "Let the other device read this code, then read its last code: each opens its setup, \
             and each device checks every battle it saw."
                .to_string(),
        ),
        LinkStatus::Finished => (
            format!("Game over: {}", outcome_text(link)),
            "Let the other device read this code: it opens your setup so that device can check \
             every battle. Then see the result."
                .to_string(),
        ),
        LinkStatus::YourTurn => (
            "Codes of this game".to_string(),
            "The last code this device made; the other device may read it again.".to_string(),
        ),
    };
    w.set_codes_title(title.into());
    w.set_codes_explanation(explanation.into());
    w.set_codes_warning("".into());
    w.set_codes_news(news(link).into());
    let code = game.last_code().unwrap_or_default();
    w.set_codes_showing(!code.is_empty());
    w.set_codes_qr(super::codes::qr_picture(code));
    w.set_codes_text(code.into());
    let shown_number = crate::session::link::Envelope::from_text(code).map(|e| e.header.seq);
    w.set_codes_part(
        shown_number
            .map_or(String::new(), |n| format!("this device's code number {n}"))
            .into(),
    );
    w.set_codes_can_previous(false);
    w.set_codes_can_next(false);
    w.set_codes_reading(status != LinkStatus::Finished);
    w.set_codes_status(s.link_status.clone().into());
    w.set_codes_can_see_board(true);
    w.set_codes_see_board_label(
        if status == LinkStatus::Finished {
            "See the result"
        } else {
            "See the board"
        }
        .into(),
    );
    w.set_codes_close_label("Menu".into());
}

/// The board of a linked game, as this device's player sees it.
pub(super) fn refresh_play(w: &AppWindow, s: &State, link: &LinkedSession) {
    let Some(view) = view(link) else { return };
    let side = link.side();
    let variant = &view.variant;
    let placing = view.rescue_pending && s.rescue_chosen.is_some();
    let targets = super::targets(&view, s.play_pick, placing, None);
    let display = s.display(side);
    w.set_cells(model(cells::play_cells(
        &view,
        &display,
        s.play_pick,
        &targets,
    )));
    let symbol = if side == Side::Red { "▲" } else { "●" };
    let status = match link.status() {
        Some(LinkStatus::YourTurn) if view.rescue_pending => {
            format!("{side} {symbol}: you may rescue a piece")
        }
        Some(LinkStatus::YourTurn) => format!("{side} {symbol}: your turn"),
        Some(LinkStatus::AwaitingReveal) => format!("Game over: {}", outcome_text(link)),
        _ => format!("{side} {symbol}: waiting for the other device's code"),
    };
    w.set_status(status.into());
    w.set_notice(news(link).into());
    w.set_captured_mine(words::tally(variant, side, &view.captured[side.index()]).into());
    w.set_captured_theirs(
        words::tally(variant, side, &view.captured[side.opponent().index()]).into(),
    );
    let plies = link.game().map_or(&[][..], |g| g.plies());
    w.set_moves(strings(super::move_list(plies, side)));
    w.set_battle_visible(false);
    w.set_rescue_visible(view.rescue_pending && !placing);
    w.set_rescue_placing(placing);
    w.set_rescue_pieces(super::rescue_names(&view));
    w.set_rescue_chosen(s.rescue_chosen.map_or(-1, |i| i as i32));
    w.set_draw_offer_visible(false);
    w.set_confirm_resign(s.confirm_resign);
    w.set_solo(false);
}

/// A line of the home screen's "Continue" list.
pub(super) fn continue_label(link: &LinkedSession) -> String {
    let what = match (link.stage(), link.status()) {
        (LinkedStage::Deal | LinkedStage::Setup, _) => "you are setting up".to_string(),
        (_, Some(LinkStatus::YourTurn)) => "your turn".to_string(),
        (_, Some(LinkStatus::AwaitingReveal)) => "over, setups to open".to_string(),
        _ => "waiting for the other device's code".to_string(),
    };
    format!(
        "Continue: {}, two devices ({}), {what}",
        link.variant().name,
        link.side()
    )
}

/// The end of a game whose opened setup does not replay it: no replay,
/// the board as this device saw it, and the verdict.
pub(super) fn refresh_unreplayable(w: &AppWindow, s: &State, link: &LinkedSession) {
    let Some(view) = view(link) else { return };
    w.set_result(outcome_text(link).into());
    w.set_replay_text(
        "The other device's opened setup does not replay this game, so there is no replay.".into(),
    );
    w.set_export_status(s.export_status.clone().into());
    w.set_cells(model(cells::play_cells(
        &view,
        &s.display(link.side()),
        None,
        &[],
    )));
}
