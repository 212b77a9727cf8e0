//! The play screen's controller (`ui/play.slint`, global `PlayAdapter`): a
//! turn in any kind of game, from the player's view only: picking a piece
//! and its legal destinations, battles, rescues, draw offers, resigning, and
//! in solo games take-backs and hints.

use super::models::{self, List};
use super::{App, AppWindow, PlayAdapter, State, board, cells, linked, router, words};
use crate::core::moves::{Action, Move};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::view::PlayerView;
use crate::core::{Piece, PieceId};
use crate::session::PassAndPlay;
use crate::session::link::{LinkStatus, LinkedSession};
use slint::{ComponentHandle, SharedString};

pub(super) struct PlayState {
    /// The piece picked up.
    pub pick: Option<Square>,
    /// The strongest level's suggestion, shown on the board.
    pub hint: Option<Move>,
    /// The kind of captured piece chosen for a rescue (its place in the chooser).
    pub rescue_chosen: Option<usize>,
    pub confirm_resign: bool,
    moves: List<SharedString>,
    rescue_pieces: List<SharedString>,
}

impl PlayState {
    pub(super) fn new(w: &AppWindow) -> PlayState {
        let state = PlayState {
            pick: None,
            hint: None,
            rescue_chosen: None,
            confirm_resign: false,
            moves: models::list(),
            rescue_pieces: models::list(),
        };
        let play = w.global::<PlayAdapter>();
        play.set_moves(models::handle(&state.moves));
        play.set_rescue_pieces(models::handle(&state.rescue_pieces));
        state
    }

    /// A new game or move: nothing picked up, hinted or being rescued.
    pub(super) fn forget(&mut self) {
        self.pick = None;
        self.hint = None;
        self.rescue_chosen = None;
        self.confirm_resign = false;
    }
}

pub(super) fn connect(app: &App) {
    let play = app.window().global::<PlayAdapter>();
    play.on_battle_continue(app.unit(|s, _| {
        if let Some(session) = s.games.session.as_mut() {
            session.battle_seen();
        }
    }));
    play.on_rescue_pick({
        let h = app.handler(|s, _, i: i32| s.play.rescue_chosen = usize::try_from(i).ok());
        move |i| h(i)
    });
    play.on_rescue_skip(app.unit(|s, _| play_action(s, Action::SkipRescue)));
    play.on_draw_answer({
        let h = app.handler(|s, _, accept: bool| {
            if s.games.link.is_some() {
                linked::answer_draw(s, accept);
            } else if let Some(Err(e)) = s.games.session.as_mut().map(|x| x.answer_draw(accept)) {
                s.fail(e.to_string());
            }
        });
        move |accept| h(accept)
    });
    play.on_resign(app.unit(|s, _| s.play.confirm_resign = true));
    play.on_resign_answer({
        let h = app.handler(|s, _, yes: bool| {
            s.play.confirm_resign = false;
            if yes && let Some(link) = &s.games.link {
                let me = link.side();
                linked::play(s, Action::Resign(me));
            } else if yes && let Some(Err(e)) = s.games.session.as_mut().map(|x| x.resign()) {
                s.fail(e.to_string());
            }
            s.over.replay_at = usize::MAX;
        });
        move |yes| h(yes)
    });
    play.on_offer_draw(app.unit(|s, _| {
        s.play.pick = None;
        if let Some(link) = s.games.link.as_mut() {
            if let Err(e) = link.offer_draw() {
                s.fail(e.to_string());
            }
        } else if let Some(session) = s.games.session.as_mut() {
            session.offer_draw();
        }
    }));
    play.on_menu(app.unit(|s, _| router::go_home(s)));
    play.on_take_back(app.unit(|s, _| {
        s.games.thinking = None;
        s.play.hint = None;
        s.play.pick = None;
        if !s.games.session.as_mut().is_some_and(|x| x.take_back()) {
            s.fail(crate::tr!("there is no move of yours to take back"));
        }
    }));
    play.on_hint(app.unit(|s, _| {
        let seed = s.games.next_seed;
        match s.games.session.as_ref().and_then(|x| x.hint(seed)) {
            Some(Action::Move(m)) => {
                s.play.hint = Some(m);
                s.play.pick = Some(m.from);
            }
            _ => s.play.hint = None,
        }
    }));
    play.on_codes(app.unit(|s, _| s.route.link_view = router::LinkView::Codes));
}

/// Plays `action` in the game on show; a refused one says why.
pub(super) fn play_action(s: &mut State, action: Action) {
    if s.games.link.is_some() {
        linked::play(s, action);
        return;
    }
    let Some(session) = s.games.session.as_mut() else {
        return;
    };
    match session.play(action) {
        Ok(_) => {
            s.play.forget();
            s.over.replay_at = usize::MAX;
        }
        Err(e) => {
            s.fail(e.to_string());
        }
    }
}

/// A tap on the board during a turn: picks a piece, moves it, or puts a rescued piece down.
pub(super) fn square_clicked(s: &mut State, square: Square) {
    let Some(view) = s.games.current_view() else {
        return;
    };
    if view.rescue_pending {
        let Some(i) = s.play.rescue_chosen else {
            s.fail(crate::tr!("first choose which piece to rescue"));
            return;
        };
        let Some(piece) = rescuable(&view).get(i).map(|(_, ids)| ids[0]) else {
            return;
        };
        play_action(s, Action::Rescue { piece, to: square });
        return;
    }
    let own = view.at(square).is_some_and(|p| p.owner == view.viewer);
    match s.play.pick {
        Some(from) if from == square => s.play.pick = None,
        _ if own => s.play.pick = Some(square),
        Some(from) => play_action(s, Action::Move(Move::new(from, square))),
        None => {}
    }
}

/// A piece dragged from one square to another: a move.
pub(super) fn square_dragged(s: &mut State, from: Square, to: Square) {
    s.play.pick = None;
    play_action(s, Action::Move(Move::new(from, to)));
}

/// The pieces the viewer may rescue now, grouped by what they are (any
/// piece of a group will do); the rules decide through `rescue_choices`.
fn rescuable(view: &PlayerView) -> Vec<(Piece, Vec<PieceId>)> {
    let mut groups: Vec<(Piece, Vec<PieceId>)> = Vec::new();
    for action in view.rescue_choices() {
        let Action::Rescue { piece: id, .. } = action else {
            continue;
        };
        let seen = view.captured[view.viewer.index()]
            .iter()
            .find(|p| p.id == id);
        let Some(piece) = seen.and_then(|p| p.piece) else {
            continue;
        };
        let piece = Piece {
            flipped: false,
            ..piece
        };
        match groups.iter_mut().find(|(p, _)| *p == piece) {
            Some((_, ids)) if !ids.contains(&id) => ids.push(id),
            Some(_) => {}
            None => groups.push((piece, vec![id])),
        }
    }
    groups
}

/// The squares to mark: where a rescued piece may go, the hinted move's
/// destination, or where the picked-up piece may move.
fn targets(
    view: &PlayerView,
    pick: Option<Square>,
    placing: bool,
    hint: Option<Move>,
) -> Vec<Square> {
    match pick {
        _ if placing => rescue_squares(view),
        Some(from) if hint.is_some_and(|h| h.from == from) => {
            hint.map(|h| h.to).into_iter().collect()
        }
        Some(from) => view
            .legal_moves
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect(),
        None => Vec::new(),
    }
}

/// Where a rescued piece may go, as the rules say.
fn rescue_squares(view: &PlayerView) -> Vec<Square> {
    let mut squares: Vec<Square> = view
        .rescue_choices()
        .into_iter()
        .filter_map(|a| match a {
            Action::Rescue { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// Every ply of a game with the side that played it.
fn game_plies(game: &crate::core::Game) -> Vec<(Side, Action)> {
    let mut position = game.position_after(0);
    let mut plies = Vec::new();
    for action in game.actions() {
        let side = match action {
            Action::Resign(side) => *side,
            _ => position.to_move(),
        };
        plies.push((side, *action));
        if position.play(*action).is_err() {
            break;
        }
    }
    plies
}

/// The moves so far, newest first, as `viewer` may know them (a move names
/// only its squares; a rescue only where the piece came back).
fn move_list(plies: &[(Side, Action)], viewer: Side) -> Vec<String> {
    let mut lines: Vec<String> = plies
        .iter()
        .enumerate()
        .map(|(i, (side, action))| {
            let text = match action {
                Action::Move(m) => m.to_string(),
                Action::Rescue { to, .. } => crate::tr!("rescue onto {}", to),
                Action::SkipRescue => crate::tr!("no rescue"),
                Action::Resign(_) => crate::tr!("resigns"),
                Action::AgreeDraw => crate::tr!("draw agreed"),
            };
            let who = if *side == viewer {
                crate::tr!("you")
            } else {
                words::side_name(*side)
            };
            format!("{}. {who}: {text}", i + 1)
        })
        .collect();
    lines.reverse();
    lines.truncate(60);
    lines
}

fn symbol(side: Side) -> &'static str {
    if side == Side::Red { "▲" } else { "●" }
}

pub(super) fn refresh(w: &AppWindow, s: &State) {
    match (&s.games.link, &s.games.session) {
        (Some(link), _) => refresh_linked(w, s, link),
        (None, Some(session)) => refresh_local(w, s, session),
        (None, None) => {}
    }
}

/// What both kinds of game show alike: captures, the moves, the rescue chooser.
fn refresh_common(w: &AppWindow, s: &State, view: &PlayerView, plies: &[(Side, Action)]) {
    let play = w.global::<PlayAdapter>();
    let (variant, side) = (&view.variant, view.viewer);
    play.set_captured_mine(words::tally(variant, side, &view.captured[side.index()]).into());
    play.set_captured_theirs(
        words::tally(variant, side, &view.captured[side.opponent().index()]).into(),
    );
    models::update_texts(&s.play.moves, move_list(plies, side));
    let placing = view.rescue_pending && s.play.rescue_chosen.is_some();
    play.set_rescue_visible(view.rescue_pending && !placing);
    play.set_rescue_placing(placing);
    models::update_texts(
        &s.play.rescue_pieces,
        rescuable(view)
            .into_iter()
            .map(|(piece, ids)| match ids.len() {
                1 => words::name(variant, piece),
                n => crate::tr!("{} ({} captured)", words::name(variant, piece), n),
            }),
    );
    play.set_rescue_chosen(s.play.rescue_chosen.map_or(-1, |i| i as i32));
    play.set_confirm_resign(s.play.confirm_resign);
}

fn refresh_local(w: &AppWindow, s: &State, session: &PassAndPlay) {
    let side = session.holder();
    let (Some(view), Some(game)) = (session.view(side), session.game()) else {
        return;
    };
    let play = w.global::<PlayAdapter>();
    let variant = &view.variant;
    let display = s.display.for_viewer(side);
    let placing = view.rescue_pending && s.play.rescue_chosen.is_some();
    // A battle is shown before the board changes: the mover sees the position
    // as it was, the attacker picked up and the attacked square marked.
    let attack = match game.actions().last() {
        Some(Action::Move(m)) if session.battle_on_show() => Some(*m),
        _ => None,
    };
    let cells = match attack {
        Some(m) => {
            let before = game.position_after(game.actions().len() - 1);
            cells::play_cells(
                &PlayerView::new(&before, side),
                &display,
                Some(m.from),
                &[m.to],
            )
        }
        None => {
            let targets = targets(&view, s.play.pick, placing, s.play.hint);
            cells::play_cells(&view, &display, s.play.pick, &targets)
        }
    };
    board::show(w, s, variant, cells);
    let name = words::side_name(side);
    let status = if let Some((level, _)) = session.computer_turn() {
        crate::tr!("The computer ({}) is thinking…", level.label())
    } else if session.battle_on_show() {
        crate::tr!("{} {}: your move led to a battle", name, symbol(side))
    } else if view.rescue_pending {
        crate::tr!("{} {}: you may rescue a piece", name, symbol(side))
    } else {
        crate::tr!("{} {}: your turn", name, symbol(side))
    };
    play.set_status(status.into());
    let news = match s.play.hint {
        Some(m) => Some(crate::tr!("Hint: {}", m)),
        None => session
            .last_ply_seen_by(side)
            .filter(|p| p.side != side)
            .map(|p| words::ply(variant, side, &p)),
    };
    play.set_notice(news.unwrap_or_default().into());
    refresh_common(w, s, &view, &game_plies(game));
    play.set_battle_visible(session.battle_on_show());
    if session.battle_on_show()
        && let Some(ply) = session.last_ply_seen_by(side)
    {
        play.set_battle_text(words::ply(variant, side, &ply).into());
    }
    let offer = session.draw_offer().filter(|offerer| *offerer != side);
    play.set_draw_offer_visible(offer.is_some());
    play.set_draw_offer_text(
        offer
            .map_or(String::new(), |o| {
                crate::tr!("{} offers a draw.", words::side_name(o))
            })
            .into(),
    );
    play.set_solo(session.computer().is_some());
    play.set_linked(false);
}

/// The board of a two-device game, as this device's player sees it.
fn refresh_linked(w: &AppWindow, s: &State, link: &LinkedSession) {
    let Some(view) = link.game().and_then(|g| g.view()) else {
        return;
    };
    let play = w.global::<PlayAdapter>();
    let side = link.side();
    let placing = view.rescue_pending && s.play.rescue_chosen.is_some();
    let targets = targets(&view, s.play.pick, placing, None);
    let display = s.display.for_viewer(side);
    board::show(
        w,
        s,
        &view.variant,
        cells::play_cells(&view, &display, s.play.pick, &targets),
    );
    let name = words::side_name(side);
    let status = match link.status() {
        Some(LinkStatus::YourTurn) if view.rescue_pending => {
            crate::tr!("{} {}: you may rescue a piece", name, symbol(side))
        }
        Some(LinkStatus::YourTurn) => crate::tr!("{} {}: your turn", name, symbol(side)),
        Some(LinkStatus::AwaitingReveal) => crate::tr!("Game over: {}", linked::outcome_text(link)),
        _ => crate::tr!(
            "{} {}: waiting for the other device's code",
            name,
            symbol(side)
        ),
    };
    play.set_status(status.into());
    // A draw offer travels with the offerer's next move; the answer with the other's.
    let offer = link.draw_offer();
    let your_turn = link.status() == Some(LinkStatus::YourTurn);
    let offer_news = match offer {
        Some(offerer) if offerer == side => Some(if your_turn {
            crate::tr!("You offer a draw: the offer goes with your move.")
        } else {
            crate::tr!("You offered a draw: the other device answers on its turn.")
        }),
        _ if link.draw_declined() => Some(crate::tr!("The other player declined your draw offer.")),
        _ => None,
    };
    let news = [Some(linked::news(link)), offer_news]
        .into_iter()
        .flatten()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    play.set_notice(news.into());
    let plies = link.game().map_or(&[][..], |g| g.plies());
    refresh_common(w, s, &view, plies);
    play.set_battle_visible(false);
    let offered_to_me = offer.filter(|offerer| *offerer != side && your_turn);
    play.set_draw_offer_visible(offered_to_me.is_some());
    play.set_draw_offer_text(
        offered_to_me
            .map_or(String::new(), |o| {
                crate::tr!("{} offers a draw.", words::side_name(o))
            })
            .into(),
    );
    play.set_solo(false);
    play.set_linked(true);
}
