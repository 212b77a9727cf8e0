//! What a game on this device can do, whichever kind it is (`DeviceGame`):
//! the one interface the screens use. What only one kind can do is a
//! capability the interface offers as an `Option` (hand-offs, the computer
//! opponent, a two-device link), so a screen never asks which kind it holds
//! and no method silently does nothing.

use crate::ai::Level;
use crate::core::clock::GameClock;
use crate::core::deal::Deal;
use crate::core::game::Game;
use crate::core::moves::{Action, Move};
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use crate::games::Computer;
use crate::games::TwoDeviceGame;
use crate::games::game_error::GameError;
use crate::games::handover::Handed;
use crate::games::setup_draft::SetupDraft;
use crate::games::stage::Stage;
use crate::store::setup_library::SetupOwner;
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

/// What a game on this device can do, whichever kind it is. The viewer is
/// the side the screens show: the player holding the device, or this
/// device's player.
pub trait DeviceGame {
    fn variant(&self) -> &Arc<Variant>;

    fn options(&self) -> &GameOptions;

    /// The side whose view the screens show.
    fn viewer(&self) -> Side;

    fn stage(&self) -> Stage;

    /// The game is over for good here: nothing more can be played or read.
    fn is_over(&self) -> bool {
        self.stage() == Stage::Over
    }

    /// The viewer's view of the game, once both armies are set up.
    fn view(&self) -> Option<PlayerView>;

    /// The viewer's deal, once made.
    fn deal(&self) -> Option<&Deal>;

    /// Piecepack: which of the viewer's suits gives up its flag (null).
    fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), GameError>;

    /// The viewer has seen its deal and goes on to set up.
    fn accept_deal(&mut self) -> Result<(), GameError>;

    /// The setup being arranged on screen.
    fn draft(&self) -> Option<&SetupDraft>;

    /// A move of this game between devices, under way or done: the game is
    /// then played on nowhere here (only a game on one device moves).
    fn handed(&self) -> Option<Handed> {
        None
    }

    /// The name `side`'s player gave, where players share the device and
    /// named themselves.
    fn player_name(&self, _side: Side) -> Option<&str> {
        None
    }

    /// Whose saved setups the setup screen offers, and whose a setup saved
    /// there becomes: this device's player, where only one player uses it;
    /// none where players share the device and the one setting up gave no
    /// name, so one player never sees another's.
    fn setup_owner(&self) -> Option<SetupOwner> {
        Some(SetupOwner::ThisDevice)
    }

    fn draft_mut(&mut self) -> Option<&mut SetupDraft>;

    /// "Fill for me": the rest of the setup at random.
    fn fill_setup(&mut self);

    /// The setup on screen is done: on to the other player's deal or setup,
    /// the first move, or (two devices) this device's code.
    fn setup_ready(&mut self) -> Result<(), GameError>;

    /// Plays the viewer's action.
    fn play(&mut self, action: Action) -> Result<(), GameError>;

    /// The viewer resigns.
    fn resign(&mut self) -> Result<(), GameError>;

    /// The viewer offers a draw: on one device the device goes to the other
    /// player at once; between two devices the offer goes with the viewer's
    /// next move's code.
    fn offer_draw(&mut self) -> Result<(), GameError>;

    /// Answers the other player's draw offer: accepting ends the game.
    fn answer_draw(&mut self, accept: bool) -> Result<(), GameError>;

    /// The side whose draw offer stands, if any.
    fn draw_offer(&self) -> Option<Side>;

    /// Every ply so far with the side that played it, as this device knows
    /// them.
    fn plies(&self) -> Vec<(Side, Action)>;

    /// Every ply so far as the viewer saw it (battles with the pieces the
    /// viewer was shown), oldest first.
    fn history(&self) -> Vec<ViewPly>;

    /// What the other player did since the viewer last acted, as the viewer
    /// saw it.
    fn news(&self) -> Vec<ViewPly>;

    /// The whole finished game with both armies, for the replay and the
    /// record (two devices: only once verified).
    fn finished_game(&self) -> Option<Game>;

    /// Counts changes, so the game is saved only when something changed.
    fn revision(&self) -> u64;

    /// The time is `now` on the app's time source; `on_screen`: the game is
    /// shown. A timed game's clocks run and run out by it: on one device
    /// only while the game is on screen, between two devices while it is
    /// open in the app (the other player waits).
    fn set_time(&mut self, now: Duration, on_screen: bool);

    /// Both sides' clocks, in a timed game that has begun, as this device
    /// shows them, and the time last told.
    fn clock(&self) -> Option<(GameClock, Duration)>;

    /// When the game began, in milliseconds since 1970, where the game
    /// keeps the date.
    fn started(&self) -> Option<u64>;

    /// The game's hand-offs, where both players share this device (none
    /// between two devices, where each player keeps a device of its own).
    fn hand_offs(&mut self) -> Option<&mut dyn HandOffs> {
        None
    }

    /// The battle the mover is shown before the board changes and the
    /// device goes to the other player (only where players share a device).
    fn battle_on_show(&self) -> Option<BattleOnShow> {
        None
    }

    /// The computer opponent, in a solo game.
    fn computer(&self) -> Option<Computer> {
        None
    }

    /// The computer's first and last views of a solo game: what it may
    /// learn of the player's setup from.
    fn computer_first_and_last_views(&self) -> Option<(PlayerView, PlayerView)> {
        None
    }

    /// The computer's turn: its level and its own view, when it must act.
    fn computer_turn(&self) -> Option<(Level, PlayerView)> {
        None
    }

    /// What the computer has left of its clock in a timed solo game.
    fn computer_time_left(&self) -> Option<Duration> {
        None
    }

    /// Solo: takes back the player's last move and the computer's reply.
    fn take_back(&mut self) -> Result<(), GameError> {
        Err(GameError::NothingToTakeBack)
    }

    /// Solo: the player's view, which a hint is worked out from (`hint.rs`).
    fn hint_view(&self) -> Option<PlayerView> {
        None
    }

    /// The game in progress, both armies included, as codes that move it
    /// to another device (only a game whose armies are both on this device).
    fn transfer_codes(&self) -> Option<Vec<String>> {
        None
    }

    /// The game is in progress and its armies are both here, so it can be
    /// moved to another device as codes (`transfer_codes`).
    fn can_move_to_another_device(&self) -> bool {
        false
    }

    /// The link to the other device, in a two-device game: its codes,
    /// joining, and the check at the end.
    fn link(&self) -> Option<&TwoDeviceGame> {
        None
    }

    fn link_mut(&mut self) -> Option<&mut TwoDeviceGame> {
        None
    }

    /// Two devices: this device's attack that waits for the other device's
    /// answer (the battle is resolved there, with the true defender).
    fn pending_attack(&self) -> Option<Move> {
        self.link().and_then(|link| link.game()?.pending_attack())
    }

    /// Two devices: the last code read played on past the viewer's draw
    /// offer (the other player declined it).
    fn draw_declined(&self) -> bool {
        self.link().is_some_and(TwoDeviceGame::draw_declined)
    }
}
