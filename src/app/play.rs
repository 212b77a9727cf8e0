//! The play screen's controller (`ui/play.slint`, global `PlayAdapter`): a
//! turn in any kind of game, from the player's view only: picking a piece
//! and its legal destinations, battles, rescues, draw offers, resigning, and
//! in solo games take-backs and hints. What the screen shows is worked out
//! as a `PlayModel` first, so it is tested without a window.

use super::board::BoardController;
use super::effect::Effect;
use super::models::{self, List};
use super::naming;
use super::router::GameView;
use super::{App, AppWindow, Cell, Display, PlayAdapter, board_cells, two_devices};
use crate::ai::ThinkTime;
use crate::core::battle::BattleResult;
use crate::core::moves::{Action, Move};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Variant;
use crate::core::view::{PlayerView, ViewPly};
use crate::core::{Piece, PieceId};
use crate::games::shelf::Games;
use crate::games::{GameError, GameOnDevice, Stage};
use crate::store::GameKey;
use slint::{ComponentHandle, SharedString};
use std::sync::Arc;

pub(super) struct PlayController {
    /// The piece picked up.
    pick: Option<Square>,
    /// The computer's suggestion (solo), shown on the board.
    hint: Option<Move>,
    /// A hint was asked for and is being worked out.
    hint_asked: bool,
    /// The kind of captured piece chosen for a rescue (its place in the chooser).
    rescue_chosen: Option<usize>,
    confirm_resign: bool,
    /// For each game (by key) the ply (`PlayerView::ply`) at which its
    /// player last put away the picture of the other player's battle.
    their_battles_seen: Vec<(Option<GameKey>, u32)>,
    moves: List<SharedString>,
    rescue_pieces: List<SharedString>,
}

/// What the play screen shows of the game on show, for its viewer.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PlayModel {
    pub variant: Arc<Variant>,
    pub cells: Vec<Cell>,
    pub status: String,
    /// What the other player did, a hint, or where a draw offer stands.
    pub notice: String,
    pub captured_mine: String,
    pub captured_theirs: String,
    /// The moves so far, newest first.
    pub moves: Vec<String>,
    /// The rescue chooser is open, and the kinds of piece it offers.
    pub rescue_visible: bool,
    pub rescue_pieces: Vec<String>,
    /// A kind was chosen: its square is tapped next.
    pub rescue_placing: bool,
    pub rescue_chosen: Option<usize>,
    pub confirm_resign: bool,
    /// A battle to look at: the mover's own (one device, before the device
    /// goes on), or the other player's last one, as the turn begins.
    pub battle: Option<BattlePicture>,
    /// The other player's draw offer, to answer now.
    pub draw_offer: Option<String>,
    pub solo: bool,
    pub two_devices: bool,
}

/// A battle as the mover sees it: the two pieces as drawn on the board,
/// which of them the battle removed, and the same in words.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct BattlePicture {
    /// "Battle" for the mover's own, "Blue attacked" for the other's.
    pub heading: String,
    pub text: String,
    pub attacker: Cell,
    pub defender: Cell,
    pub result: BattleResult,
}

impl PlayController {
    /// Whether a question is open over the screen (resigning).
    pub(super) fn dialog_open(&self) -> bool {
        self.confirm_resign
    }

    /// Closes the question open over the screen, answering no; false when
    /// there was none.
    pub(super) fn close_dialog(&mut self) -> bool {
        std::mem::take(&mut self.confirm_resign)
    }

    /// A controller whose lists are not yet shown anywhere.
    pub(super) fn unbound() -> PlayController {
        PlayController {
            pick: None,
            hint: None,
            hint_asked: false,
            rescue_chosen: None,
            confirm_resign: false,
            their_battles_seen: Vec::new(),
            moves: models::list(),
            rescue_pieces: models::list(),
        }
    }

    pub(super) fn new(w: &AppWindow) -> PlayController {
        let controller = PlayController::unbound();
        let play = w.global::<PlayAdapter>();
        play.set_moves(models::handle(&controller.moves));
        play.set_rescue_pieces(models::handle(&controller.rescue_pieces));
        controller
    }

    /// A new game or move: nothing picked up, hinted or being rescued.
    pub(super) fn forget(&mut self) {
        self.pick = None;
        self.hint = None;
        self.hint_asked = false;
        self.rescue_chosen = None;
        self.confirm_resign = false;
    }

    /// The player put the battle picture away: the mover's own (the device
    /// goes on), or the other player's.
    fn battle_continue(&mut self, game: &mut GameOnDevice) {
        if let (Some(_), Some(hand_offs)) =
            (game.game().battle_on_show(), game.game_mut().hand_offs())
        {
            hand_offs.battle_seen();
        } else if let Some(view) = game.game().view() {
            let key = game.key();
            self.their_battles_seen.retain(|(k, _)| *k != key);
            self.their_battles_seen.push((key, view.ply));
        }
    }

    /// The last battle since the viewer's last turn, as the viewer saw it
    /// (the other player's attack, or on two devices the answer to the
    /// viewer's own), until the viewer has put its picture away.
    fn their_battle(
        &self,
        game: &GameOnDevice,
        view: &PlayerView,
        display: &Display,
    ) -> Option<BattlePicture> {
        let key = game.key();
        if self.their_battles_seen.contains(&(key, view.ply)) {
            return None;
        }
        let news = game.game().news();
        let ply = news.iter().rev().find(|p| p.battle.is_some())?;
        let (Action::Move(attack), Some(fight)) = (ply.action, ply.battle.as_ref()) else {
            return None;
        };
        let (attacker, defender) =
            board_cells::battle_pieces(&view.variant, display, attack, fight);
        let heading = if ply.side == view.viewer {
            crate::tr!("Your attack")
        } else {
            crate::tr!("{} attacked", naming::side_name(ply.side))
        };
        Some(BattlePicture {
            heading,
            text: naming::ply(&view.variant, view.viewer, ply),
            attacker,
            defender,
            result: fight.result,
        })
    }

    /// The player left the board: the piece picked up is put down.
    pub(super) fn drop_pick(&mut self) {
        self.pick = None;
    }

    /// Plays `action` in the game on show; a refused one says why.
    fn act(&mut self, game: &mut GameOnDevice, action: Action) -> Vec<Effect> {
        let played = game.game_mut().play(action);
        self.after(played)
    }

    /// After the player acted: the game moved on (nothing stays picked up),
    /// or the action was refused, saying why.
    fn after(&mut self, acted: Result<(), GameError>) -> Vec<Effect> {
        match acted {
            Ok(()) => {
                self.forget();
                vec![Effect::Moved(GameView::Auto)]
            }
            Err(e) => {
                let note = match &e {
                    GameError::Illegal(refusal) => crate::learn::note_for_refusal(refusal),
                    _ => None,
                };
                let mut effects = vec![Effect::Refuse(e.to_string())];
                effects.extend(note.map(Effect::RuleMet));
                effects
            }
        }
    }

    /// A tap on the board during a turn: picks a piece, moves it, or puts a
    /// rescued piece down.
    pub(super) fn tap(&mut self, game: &mut GameOnDevice, square: Square) -> Vec<Effect> {
        let Some(view) = game.game().view() else {
            return Vec::new();
        };
        if view.rescue_pending {
            let Some(i) = self.rescue_chosen else {
                return vec![Effect::Refuse(crate::tr!(
                    "first choose which piece to rescue"
                ))];
            };
            let Some(piece) = rescuable(&view).get(i).map(|(_, ids)| ids[0]) else {
                return Vec::new();
            };
            return self.act(game, Action::Rescue { piece, to: square });
        }
        let own = view.at(square).is_some_and(|p| p.owner == view.viewer);
        match self.pick {
            Some(from) if from == square => self.pick = None,
            _ if own => self.pick = Some(square),
            Some(from) => return self.act(game, Action::Move(Move::new(from, square))),
            // A tap on the hinted destination plays the hint.
            None => {
                if let Some(hint) = self.hint.filter(|h| h.to == square) {
                    return self.act(game, Action::Move(hint));
                }
            }
        }
        Vec::new()
    }

    /// A piece dragged from one square to another: a move.
    pub(super) fn drag(
        &mut self,
        game: &mut GameOnDevice,
        from: Square,
        to: Square,
    ) -> Vec<Effect> {
        self.pick = None;
        self.act(game, Action::Move(Move::new(from, to)))
    }

    /// The player answers "Resign?": yes ends the game.
    fn resign_answer(&mut self, game: &mut GameOnDevice, yes: bool) -> Vec<Effect> {
        self.confirm_resign = false;
        if !yes {
            return Vec::new();
        }
        let resigned = game.game_mut().resign();
        self.after(resigned)
    }

    /// The player answers the other player's draw offer.
    fn draw_answer(&mut self, game: &mut GameOnDevice, accept: bool) -> Vec<Effect> {
        let answered = game.game_mut().answer_draw(accept);
        self.after(answered)
    }

    fn offer_draw(&mut self, game: &mut GameOnDevice) -> Vec<Effect> {
        self.pick = None;
        game.game_mut()
            .offer_draw()
            .err()
            .map(|e| Effect::Refuse(e.to_string()))
            .into_iter()
            .collect()
    }

    /// Solo: takes back the player's last move.
    fn take_back(&mut self, games: &mut Games) -> Vec<Effect> {
        self.hint = None;
        self.hint_asked = false;
        self.pick = None;
        games
            .take_back()
            .err()
            .map(|e| Effect::Refuse(e.to_string()))
            .into_iter()
            .collect()
    }

    /// Solo: asks for a hint, shown once worked out (at once in tests;
    /// in the app the worker timer brings it to `show_hint`).
    fn ask_hint(&mut self, games: &mut Games, think_time: ThinkTime) {
        self.hint = None;
        games.ask_hint(think_time);
        self.hint_asked = games.hint_thinking();
        if let Some(hint) = games.collect_hint() {
            self.show_hint(hint);
        }
    }

    /// Solo: the computer's suggestion, shown on the board with both its
    /// squares marked. Nothing is picked up, so tapping the piece and then
    /// its destination plays it, as the notice says; so does a drag, or a
    /// tap on the marked destination alone.
    pub(super) fn show_hint(&mut self, hint: Option<Action>) {
        self.hint_asked = false;
        self.pick = None;
        self.hint = match hint {
            Some(Action::Move(m)) => Some(m),
            _ => None,
        };
    }

    /// What the screen shows of `game` now.
    pub(super) fn model(&self, game: &GameOnDevice, display: Display) -> Option<PlayModel> {
        let view = game.game().view()?;
        let side = view.viewer;
        let variant = Arc::clone(&view.variant);
        let placing = view.rescue_pending && self.rescue_chosen.is_some();
        let battle = game.game().battle_on_show();
        // A battle is shown before the board changes: the mover sees the
        // position as it was, the attacker picked up and the attacked square
        // marked.
        let cells = match (&battle, game.game().pending_attack()) {
            (Some(b), _) => {
                board_cells::play_cells(&b.before, &display, Some(b.attack.from), &[b.attack.to])
            }
            // Two devices: the attack stays marked until the answer comes.
            (None, Some(attack)) => {
                board_cells::play_cells(&view, &display, Some(attack.from), &[attack.to])
            }
            (None, None) => {
                let targets = targets(&view, self.pick, placing);
                let mut cells = board_cells::play_cells(&view, &display, self.pick, &targets);
                if let (None, false, Some(hint)) = (self.pick, placing, self.hint) {
                    board_cells::mark_hint(&mut cells, &variant, display.viewer, hint);
                }
                cells
            }
        };
        let stage = game.game().stage();
        let your_turn = stage == Stage::Play;
        let offer = game.game().draw_offer();
        Some(PlayModel {
            cells,
            status: self.status(game, &view, battle.is_some()),
            notice: self.notice(game, side, offer, your_turn),
            captured_mine: naming::tally(&variant, side, &view.captured[side.index()]),
            captured_theirs: naming::tally(&variant, side, &view.captured[side.opponent().index()]),
            moves: move_list(&variant, &game.game().history(), &display),
            rescue_visible: view.rescue_pending && !placing,
            rescue_pieces: rescuable(&view)
                .into_iter()
                .map(|(piece, ids)| match ids.len() {
                    1 => naming::name(&variant, piece),
                    n => crate::tr!("{} ({} captured)", naming::name(&variant, piece), n),
                })
                .collect(),
            rescue_placing: placing,
            rescue_chosen: self.rescue_chosen,
            confirm_resign: self.confirm_resign,
            battle: match battle {
                Some(b) => b.ply.and_then(|ply| {
                    let fight = ply.battle?;
                    let (attacker, defender) =
                        board_cells::battle_pieces(&variant, &display, b.attack, &fight);
                    Some(BattlePicture {
                        heading: crate::tr!("Battle"),
                        text: naming::ply(&variant, side, &ply),
                        attacker,
                        defender,
                        result: fight.result,
                    })
                }),
                None if your_turn && !view.rescue_pending => {
                    self.their_battle(game, &view, &display)
                }
                None => None,
            },
            draw_offer: offer
                .filter(|offerer| *offerer != side && your_turn)
                .map(|o| crate::tr!("{} offers a draw.", naming::side_name(o))),
            solo: game.game().computer().is_some(),
            two_devices: game.game().link().is_some(),
            variant,
        })
    }

    /// The line over the board: whose turn, a battle, a rescue, or waiting.
    fn status(&self, game: &GameOnDevice, view: &PlayerView, battle: bool) -> String {
        let side = view.viewer;
        let name = naming::side_name(side);
        if let Some((level, _)) = game.game().computer_turn() {
            return crate::tr!("The computer ({}) is thinking…", level.label());
        }
        match (game.game().link(), game.game().stage()) {
            _ if battle => crate::tr!("{} {}: your move led to a battle", name, symbol(side)),
            (_, Stage::Play) if view.rescue_pending => {
                crate::tr!("{} {}: you may rescue a piece", name, symbol(side))
            }
            (_, Stage::Play) => crate::tr!("{} {}: your turn", name, symbol(side)),
            (Some(link), _) if two_devices::ended_unverified(link) => {
                crate::tr!("Game over: {}", two_devices::outcome_text(link))
            }
            _ if let Some(attack) = game.game().pending_attack() => crate::tr!(
                "{} {}: you attacked {} from {}; waiting for the other device's answer",
                name,
                symbol(side),
                attack.to,
                attack.from
            ),
            _ => crate::tr!(
                "{} {}: waiting for the other device's code",
                name,
                symbol(side)
            ),
        }
    }

    /// The line under the status: the hint, or what the other player did
    /// and where a draw offer stands.
    fn notice(
        &self,
        game: &GameOnDevice,
        side: Side,
        offer: Option<Side>,
        your_turn: bool,
    ) -> String {
        if let Some(m) = self.hint {
            return crate::tr!("Hint: {}", m);
        }
        if self.hint_asked {
            return crate::tr!("Looking for a good move…");
        }
        let news = naming::news(game.game().variant(), side, &game.game().news());
        // Two devices: a draw offer travels with the offerer's next move,
        // the answer with the other's.
        let offer_news = match offer {
            Some(offerer) if offerer == side => Some(if your_turn {
                crate::tr!("You offer a draw: the offer goes with your move.")
            } else {
                crate::tr!("You offered a draw: the other device answers on its turn.")
            }),
            _ if game.game().draw_declined() => {
                Some(crate::tr!("The other player declined your draw offer."))
            }
            _ => None,
        };
        // Two devices: the other player's time, until this player's turn
        // ends (it is the last code's news).
        let their_time = game
            .game()
            .link()
            .filter(|_| your_turn)
            .and_then(|link| link.game())
            .and_then(super::clock_text::their_time_text);
        crate::i18n::sentences([Some(news), their_time, offer_news].into_iter().flatten())
    }

    /// What the play screen says, as text a screen reader can read: its
    /// status and notice (whose turn, the last move), and its moves.
    pub(super) fn reading(&self, w: &AppWindow) -> (String, Vec<String>) {
        let play = w.global::<PlayAdapter>();
        let now = crate::i18n::sentences([play.get_status(), play.get_notice()]);
        (now, models::texts(&self.moves))
    }

    pub(super) fn refresh(
        &self,
        w: &AppWindow,
        board: &BoardController,
        game: Option<&GameOnDevice>,
        display: impl Fn(Side) -> Display,
    ) {
        let Some(game) = game else { return };
        let Some(model) = self.model(game, display(game.game().viewer())) else {
            return;
        };
        board.show(w, &model.variant, game.game().viewer(), model.cells);
        let play = w.global::<PlayAdapter>();
        play.set_status(model.status.into());
        play.set_notice(model.notice.into());
        play.set_captured_mine(model.captured_mine.into());
        play.set_captured_theirs(model.captured_theirs.into());
        models::update_texts(&self.moves, model.moves);
        play.set_rescue_visible(model.rescue_visible);
        play.set_rescue_placing(model.rescue_placing);
        models::update_texts(&self.rescue_pieces, model.rescue_pieces);
        play.set_rescue_chosen(model.rescue_chosen.map_or(-1, |i| i as i32));
        play.set_confirm_resign(model.confirm_resign);
        play.set_battle_visible(model.battle.is_some());
        if let Some(battle) = model.battle {
            play.set_battle_heading(battle.heading.into());
            play.set_battle_text(battle.text.into());
            play.set_battle_attacker(battle.attacker);
            play.set_battle_defender(battle.defender);
            play.set_battle_removed(match battle.result {
                BattleResult::AttackerWins => 2,
                BattleResult::DefenderWins => 1,
                BattleResult::BothRemoved => 3,
            });
        }
        play.set_draw_offer_visible(model.draw_offer.is_some());
        play.set_draw_offer_text(model.draw_offer.unwrap_or_default().into());
        play.set_solo(model.solo);
        play.set_linked(model.two_devices);
        let clocks = game
            .game()
            .clock()
            .map(|(clock, now)| super::clock_text::side_clocks(&clock, now));
        play.set_clocks_shown(clocks.is_some());
        if let Some(clocks) = clocks {
            play.set_clock_red(clocks.red.into());
            play.set_clock_blue(clocks.blue.into());
            play.set_clock_running(clocks.running);
        }
    }
}

pub(super) fn connect(app: &App) {
    let play = app.window().global::<PlayAdapter>();
    play.on_battle_continue(app.unit(|s, _| {
        if let Some(game) = s.games.on_show_mut() {
            s.play.battle_continue(game);
        }
    }));
    play.on_rescue_pick({
        let h = app.handler(|s, _, i: i32| s.play.rescue_chosen = usize::try_from(i).ok());
        move |i| h(i)
    });
    play.on_rescue_skip(app.unit(|s, _| match s.games.on_show_mut() {
        Some(game) => s.play.act(game, Action::SkipRescue),
        None => Vec::new(),
    }));
    play.on_draw_answer({
        let h = app.handler(|s, _, accept: bool| match s.games.on_show_mut() {
            Some(game) => s.play.draw_answer(game, accept),
            None => Vec::new(),
        });
        move |accept| h(accept)
    });
    play.on_resign(app.unit(|s, _| s.play.confirm_resign = true));
    play.on_resign_answer({
        let h = app.handler(|s, _, yes: bool| match s.games.on_show_mut() {
            Some(game) => s.play.resign_answer(game, yes),
            None => Vec::new(),
        });
        move |yes| h(yes)
    });
    play.on_offer_draw(app.unit(|s, _| match s.games.on_show_mut() {
        Some(game) => s.play.offer_draw(game),
        None => Vec::new(),
    }));
    play.on_menu(app.unit(|_, _| Effect::GoHome));
    play.on_take_back(app.unit(|s, _| s.play.take_back(&mut s.games)));
    play.on_hint(app.unit(|s, _| {
        let think_time = s.settings.think_time();
        s.play.ask_hint(&mut s.games, think_time);
    }));
    play.on_codes(app.unit(|_, _| Effect::View(GameView::Codes)));
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

/// The squares to mark: where a rescued piece may go, or where the
/// picked-up piece may move.
pub(super) fn targets(view: &PlayerView, pick: Option<Square>, placing: bool) -> Vec<Square> {
    match pick {
        _ if placing => rescue_squares(view),
        None => Vec::new(),
        Some(from) => view
            .legal_moves
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect(),
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

/// The moves so far as `display`'s viewer saw them, newest first (the last
/// 60): each battle with both pieces, as far as the viewer was shown them,
/// and who won; numbered as players count moves (Red's and Blue's plies
/// are one move).
fn move_list(variant: &Variant, plies: &[ViewPly], display: &Display) -> Vec<String> {
    let viewer = display.viewer;
    let numbers = naming::move_numbers(plies.iter().map(|ply| &ply.action));
    let mut lines: Vec<String> = plies
        .iter()
        .zip(numbers)
        .map(|(ply, number)| {
            let text = match (&ply.action, &ply.battle) {
                (Action::Move(m), Some(battle)) => {
                    naming::battle_line(variant, *m, battle, display)
                }
                (Action::Move(m), None) => m.to_string(),
                (Action::Rescue { to, .. }, _) => crate::tr!("rescue onto {}", to),
                (Action::SkipRescue, _) => crate::tr!("no rescue"),
                (Action::Resign(_), _) => crate::tr!("resigns"),
                (Action::OutOfTime(_), _) => crate::tr!("out of time"),
                (Action::AgreeDraw, _) => crate::tr!("draw agreed"),
            };
            let who = if ply.side == viewer {
                crate::tr!("you")
            } else {
                naming::side_name(ply.side)
            };
            format!("{number}. {who}: {text}")
        })
        .collect();
    lines.reverse();
    lines.truncate(60);
    lines
}

fn symbol(side: Side) -> &'static str {
    if side == Side::Red { "▲" } else { "●" }
}

#[cfg(test)]
mod tests;
