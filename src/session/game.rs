//! One game on this device, whichever kind it is: both players on this
//! device (pass and play, or one against the computer: `PassAndPlay`), or
//! this device's player against another device by codes (`LinkedSession`).
//! The screens reach every kind through the same stage, operations and
//! error; only what is truly two-device (codes, joining, the check at the
//! end) asks which kind it holds.

use super::ai::Level;
use super::game_error::GameError;
use super::link::{LinkedSession, transfer_codes};
use super::pass_and_play::{Computer, PassAndPlay};
use super::setup_draft::SetupDraft;
use super::stage::Stage;
use crate::core::clock::GameClock;
use crate::core::deal::Deal;
use crate::core::game::Game;
use crate::core::moves::{Action, Move};
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use std::sync::Arc;
use std::time::Duration;

/// The battle a mover is shown on one device before the board changes.
#[derive(Debug, Clone)]
pub struct BattleOnShow {
    pub attack: Move,
    /// The position before the attack, as the mover saw it.
    pub before: PlayerView,
    /// The battle as the mover saw it.
    pub ply: Option<ViewPly>,
}

/// What only a game whose players share one device does: the device goes
/// from one player to the other behind a hand-off screen, and a mover is
/// shown its battle before the device goes on.
pub trait HandOffs {
    /// The player the hand-off screen names has taken the device.
    fn take_device(&mut self);
    /// The device may have changed hands (the app went to its menu), so
    /// the hand-off screen comes before anything of an army.
    fn hand_off_again(&mut self);
    /// The mover has seen its battle; the device goes to the other player.
    fn battle_seen(&mut self);
}

impl HandOffs for PassAndPlay {
    fn take_device(&mut self) {
        self.reveal();
    }

    fn hand_off_again(&mut self) {
        PassAndPlay::hand_off_again(self);
    }

    fn battle_seen(&mut self) {
        PassAndPlay::battle_seen(self);
    }
}

/// For tests that drive one kind of game or the other alike: does `act`
/// where the game hands off, nothing between two devices.
#[cfg(test)]
pub(crate) fn hand_off(game: &mut GameSession, act: impl FnOnce(&mut dyn HandOffs)) {
    if let Some(hand_offs) = game.hand_offs() {
        act(hand_offs);
    }
}

/// A game on this device.
#[derive(Debug)]
pub enum GameSession {
    /// Both players on this device, or one against the computer.
    OneDevice(PassAndPlay),
    /// This device's player against a player on another device.
    TwoDevices(LinkedSession),
}

impl GameSession {
    pub fn variant(&self) -> &Arc<Variant> {
        match self {
            GameSession::OneDevice(game) => game.variant(),
            GameSession::TwoDevices(game) => game.variant(),
        }
    }

    pub fn options(&self) -> &GameOptions {
        match self {
            GameSession::OneDevice(game) => game.options(),
            GameSession::TwoDevices(game) => game.options(),
        }
    }

    /// The side whose view the screens show: the player holding the device,
    /// or this device's player.
    pub fn viewer(&self) -> Side {
        match self {
            GameSession::OneDevice(game) => game.holder(),
            GameSession::TwoDevices(game) => game.side(),
        }
    }

    pub fn stage(&self) -> Stage {
        match self {
            GameSession::OneDevice(game) => game.stage(),
            GameSession::TwoDevices(game) => game.stage(),
        }
    }

    /// The game is over for good here: nothing more can be played or read.
    pub fn is_over(&self) -> bool {
        self.stage() == Stage::Over
    }

    /// The viewer's view of the game, once both armies are set up.
    pub fn view(&self) -> Option<PlayerView> {
        match self {
            GameSession::OneDevice(game) => game.view(game.holder()),
            GameSession::TwoDevices(game) => game.game()?.view(),
        }
    }

    /// The viewer's deal, once made.
    pub fn deal(&self) -> Option<&Deal> {
        match self {
            GameSession::OneDevice(game) => game.deal(game.holder()),
            GameSession::TwoDevices(game) => game.deal(),
        }
    }

    /// Piecepack: which of the viewer's suits gives up its flag (null).
    pub fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game.choose_discards(first_loss_suit),
            GameSession::TwoDevices(game) => game.choose_discards(first_loss_suit),
        }
    }

    /// The viewer has seen its deal and goes on to set up.
    pub fn accept_deal(&mut self) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game.accept_deal(),
            GameSession::TwoDevices(game) => game.accept_deal(),
        }
    }

    /// The setup being arranged on screen.
    pub fn draft(&self) -> Option<&SetupDraft> {
        match self {
            GameSession::OneDevice(game) => game.setup_on_show(),
            GameSession::TwoDevices(game) => game.draft(),
        }
    }

    pub fn draft_mut(&mut self) -> Option<&mut SetupDraft> {
        match self {
            GameSession::OneDevice(game) => game.setup_on_show_mut(),
            GameSession::TwoDevices(game) => game.draft_mut(),
        }
    }

    /// "Fill for me": the rest of the setup at random.
    pub fn fill_setup(&mut self) {
        match self {
            GameSession::OneDevice(game) => game.fill_for_me(),
            GameSession::TwoDevices(game) => game.fill_for_me(),
        }
    }

    /// The setup on screen is done: on to the other player's deal or setup,
    /// the first move, or (two devices) this device's code.
    pub fn setup_ready(&mut self) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game.setup_ready(),
            GameSession::TwoDevices(game) => game.setup_ready(),
        }
    }

    /// The game's hand-offs, where both players share this device (none
    /// between two devices, where each player keeps a device of its own).
    pub fn hand_offs(&mut self) -> Option<&mut dyn HandOffs> {
        match self {
            GameSession::OneDevice(game) => Some(game),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// When the game began, in milliseconds since 1970, where it keeps
    /// the date (a game on this device; not yet a two-device game).
    pub fn started(&self) -> Option<u64> {
        match self {
            GameSession::OneDevice(game) => game.started(),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// One device: the battle the mover is shown before the board changes
    /// and the device goes to the other player.
    pub fn battle_on_show(&self) -> Option<BattleOnShow> {
        let GameSession::OneDevice(game) = self else {
            return None;
        };
        let played = game.game()?;
        match played.actions().last() {
            Some(Action::Move(attack)) if game.battle_on_show() => {
                let before = played.position_after(played.actions().len() - 1);
                Some(BattleOnShow {
                    attack: *attack,
                    before: PlayerView::new(&before, game.holder()),
                    ply: game.last_ply_seen_by(game.holder()),
                })
            }
            _ => None,
        }
    }

    /// Plays the viewer's action.
    pub fn play(&mut self, action: Action) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game.play(action).map(|_| ()).map_err(Into::into),
            GameSession::TwoDevices(game) => game.play(action).map_err(Into::into),
        }
    }

    /// The viewer resigns.
    pub fn resign(&mut self) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game.resign().map_err(Into::into),
            GameSession::TwoDevices(game) => {
                let me = game.side();
                game.play(Action::Resign(me)).map_err(Into::into)
            }
        }
    }

    /// The viewer offers a draw: on one device the device goes to the other
    /// player at once; between two devices the offer goes with the viewer's
    /// next move's code.
    pub fn offer_draw(&mut self) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => {
                game.offer_draw();
                Ok(())
            }
            GameSession::TwoDevices(game) => game.offer_draw().map_err(Into::into),
        }
    }

    /// Answers the other player's draw offer: accepting ends the game.
    pub fn answer_draw(&mut self, accept: bool) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game.answer_draw(accept).map_err(Into::into),
            GameSession::TwoDevices(game) => game.answer_draw(accept).map_err(Into::into),
        }
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offer(&self) -> Option<Side> {
        match self {
            GameSession::OneDevice(game) => game.draw_offer(),
            GameSession::TwoDevices(game) => game.draw_offer(),
        }
    }

    /// Two devices: the last code read played on past the viewer's draw
    /// offer (the other player declined it).
    pub fn draw_declined(&self) -> bool {
        match self {
            GameSession::OneDevice(_) => false,
            GameSession::TwoDevices(game) => game.draw_declined(),
        }
    }

    /// Every ply so far with the side that played it, as this device knows
    /// them.
    pub fn plies(&self) -> Vec<(Side, Action)> {
        match self {
            GameSession::OneDevice(game) => game.game().map_or_else(Vec::new, game_plies),
            GameSession::TwoDevices(game) => {
                game.game().map_or_else(Vec::new, |g| g.plies().to_vec())
            }
        }
    }

    /// Every ply so far as the viewer saw it (battles with the pieces the
    /// viewer was shown), oldest first.
    pub fn history(&self) -> Vec<ViewPly> {
        match self {
            GameSession::OneDevice(session) => session
                .game()
                .map_or_else(Vec::new, |g| g.plies_seen_by(session.holder())),
            GameSession::TwoDevices(link) => link.game().map_or_else(Vec::new, |g| g.seen_plies(0)),
        }
    }

    /// What the other player did since the viewer last acted, as the viewer
    /// saw it.
    pub fn news(&self) -> Vec<ViewPly> {
        match self {
            GameSession::OneDevice(game) => {
                let viewer = game.holder();
                game.last_ply_seen_by(viewer)
                    .filter(|p| p.side != viewer)
                    .into_iter()
                    .collect()
            }
            GameSession::TwoDevices(game) => {
                game.game().map_or_else(Vec::new, |g| g.news().to_vec())
            }
        }
    }

    /// The whole finished game with both armies, for the replay and the
    /// record (two devices: only once verified).
    pub fn finished_game(&self) -> Option<Game> {
        match self {
            GameSession::OneDevice(game) => game.game().filter(|_| game.is_over()).cloned(),
            GameSession::TwoDevices(game) => game.game()?.finished_game(),
        }
    }

    /// Counts changes, so the game is saved only when something changed.
    pub fn revision(&self) -> u64 {
        match self {
            GameSession::OneDevice(game) => game.revision(),
            GameSession::TwoDevices(game) => game.revision(),
        }
    }

    /// The computer opponent of a solo game.
    /// Two devices: this device's attack that waits for the other device's
    /// answer (the battle is resolved there, with the true defender).
    pub fn pending_attack(&self) -> Option<Move> {
        match self {
            GameSession::OneDevice(_) => None,
            GameSession::TwoDevices(link) => link.game()?.pending_attack(),
        }
    }

    pub fn computer(&self) -> Option<Computer> {
        match self {
            GameSession::OneDevice(game) => game.computer(),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// The computer's first and last views of a solo game (none for two
    /// players): what it may learn of the player's setup from.
    pub fn computer_first_and_last_views(&self) -> Option<(PlayerView, PlayerView)> {
        match self {
            GameSession::OneDevice(game) => game.computer_first_and_last_views(),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// The computer's turn: its level and its own view, when it must act.
    pub fn computer_turn(&self) -> Option<(Level, PlayerView)> {
        match self {
            GameSession::OneDevice(game) => game.computer_turn(),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// The time is `now` on the app's time source; `on_screen`: the game is
    /// shown. A timed game's clocks run and run out by it: on one device
    /// only while the game is on screen, between two devices while it is
    /// open in the app (the other player waits).
    pub fn set_time(&mut self, now: Duration, on_screen: bool) {
        match self {
            GameSession::OneDevice(game) => game.set_time(now, on_screen),
            GameSession::TwoDevices(link) => link.set_time(now),
        }
    }

    /// Both sides' clocks, in a timed game that has begun, and the time last told.
    pub fn clock(&self) -> Option<(&GameClock, Duration)> {
        match self {
            GameSession::OneDevice(game) => game.clock().map(|c| (c, game.now())),
            GameSession::TwoDevices(link) => link.game()?.clock(),
        }
    }

    /// What the computer has left of its clock in a timed solo game.
    pub fn computer_time_left(&self) -> Option<Duration> {
        match self {
            GameSession::OneDevice(game) => game.computer_time_left(),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// Solo: takes back the player's last move and the computer's reply.
    pub fn take_back(&mut self) -> Result<(), GameError> {
        match self {
            GameSession::OneDevice(game) => game
                .take_back()
                .then_some(())
                .ok_or(GameError::NothingToTakeBack),
            GameSession::TwoDevices(_) => Err(GameError::NothingToTakeBack),
        }
    }

    /// Solo: the player's view, which a hint is worked out from (`hint.rs`).
    pub fn hint_view(&self) -> Option<PlayerView> {
        match self {
            GameSession::OneDevice(game) => game.hint_view(),
            GameSession::TwoDevices(_) => None,
        }
    }

    /// One device: the game in progress, both armies included, as codes
    /// that move it to another device.
    pub fn transfer_codes(&self) -> Option<Vec<String>> {
        match self {
            GameSession::OneDevice(game) if !game.is_over() => {
                Some(transfer_codes(&game.to_saved()))
            }
            _ => None,
        }
    }

    /// One device: the game is in progress and can be moved to another
    /// device as codes (`transfer_codes`).
    pub fn can_move_to_another_device(&self) -> bool {
        matches!(self, GameSession::OneDevice(game) if !game.is_over())
    }
}

/// Every ply of a game with the side that played it.
fn game_plies(game: &Game) -> Vec<(Side, Action)> {
    let mut position = game.position_after(0);
    let mut plies = Vec::new();
    for action in game.actions() {
        let side = match action {
            Action::Resign(side) | Action::OutOfTime(side) => *side,
            _ => position.to_move(),
        };
        plies.push((side, *action));
        if position.play(*action).is_err() {
            break;
        }
    }
    plies
}
