//! A game whose players share this device (pass and play, or one player
//! against the computer) as a `DeviceGame`: the viewer is the player who
//! holds the device, and the device hands off between the players.

use super::{PassAndPlay, Phase};
use crate::ai::Level;
use crate::core::clock::GameClock;
use crate::core::deal::Deal;
use crate::core::game::Game;
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use crate::games::Computer;
use crate::games::device_game::{BattleOnShow, DeviceGame, HandOffs};
use crate::games::game_error::GameError;
use crate::games::handover::Handed;
use crate::games::setup_draft::SetupDraft;
use crate::games::stage::{Stage, Step};
use crate::link::transfer_codes;
use crate::store::setup_library::SetupOwner;
use std::sync::Arc;
use std::time::Duration;

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

impl DeviceGame for PassAndPlay {
    fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    fn options(&self) -> &GameOptions {
        &self.options
    }

    fn viewer(&self) -> Side {
        self.holder()
    }

    /// Where the game stands: a hand-off comes before the deal, setup or
    /// turn it leads to.
    fn stage(&self) -> Stage {
        let (stage, step) = match self.phase {
            Phase::Deal(side) => (Stage::Deal(side), Step::Deal),
            Phase::Setup(side) => (Stage::Setup(side), Step::Setup),
            Phase::Play => (Stage::Play, Step::Play),
            Phase::Over => return Stage::Over,
        };
        match self.handoff {
            Some(side) => Stage::HandOff(side, step),
            None => stage,
        }
    }

    /// The game is over.
    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn view(&self) -> Option<PlayerView> {
        PassAndPlay::view(self, self.holder())
    }

    fn deal(&self) -> Option<&Deal> {
        PassAndPlay::deal(self, self.holder())
    }

    /// Piecepack: the holder chooses which of their suits gives up its flag (null).
    fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), GameError> {
        self.revision += 1;
        let Phase::Deal(side) = self.phase else {
            return Err(GameError::NoDeal);
        };
        let deal = Deal::Discard { first_loss_suit };
        deal.army(&self.variant, side)?;
        self.deals[side.index()] = Some(deal);
        Ok(())
    }

    /// The holder has seen their deal and goes on to set up.
    fn accept_deal(&mut self) -> Result<(), GameError> {
        self.revision += 1;
        let Phase::Deal(side) = self.phase else {
            return Err(GameError::NoDeal);
        };
        let deal = self.deals[side.index()]
            .clone()
            .ok_or(GameError::NoDiscards)?;
        self.drafts[side.index()] = Some(SetupDraft::new(Arc::clone(&self.variant), side, deal));
        self.phase = Phase::Setup(side);
        Ok(())
    }

    fn draft(&self) -> Option<&SetupDraft> {
        self.setup_on_show()
    }

    fn draft_mut(&mut self) -> Option<&mut SetupDraft> {
        self.setup_on_show_mut()
    }

    fn fill_setup(&mut self) {
        self.fill_for_me();
    }

    fn setup_ready(&mut self) -> Result<(), GameError> {
        self.here()?;
        PassAndPlay::setup_ready(self)
    }

    fn play(&mut self, action: Action) -> Result<(), GameError> {
        self.here()?;
        PassAndPlay::play(self, action)
            .map(|_| ())
            .map_err(Into::into)
    }

    fn resign(&mut self) -> Result<(), GameError> {
        self.here()?;
        PassAndPlay::resign(self).map_err(Into::into)
    }

    fn offer_draw(&mut self) -> Result<(), GameError> {
        self.here()?;
        PassAndPlay::offer_draw(self);
        Ok(())
    }

    fn answer_draw(&mut self, accept: bool) -> Result<(), GameError> {
        self.here()?;
        PassAndPlay::answer_draw(self, accept).map_err(Into::into)
    }

    /// Where a move of this game between devices stands here, if one is
    /// under way or done.
    fn handed(&self) -> Option<Handed> {
        self.handed
    }

    /// The side whose draw offer awaits an answer from the other.
    fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    fn plies(&self) -> Vec<(Side, Action)> {
        self.game().map_or_else(Vec::new, game_plies)
    }

    fn history(&self) -> Vec<ViewPly> {
        self.game()
            .map_or_else(Vec::new, |g| g.plies_seen_by(self.holder()))
    }

    fn news(&self) -> Vec<ViewPly> {
        let viewer = self.holder();
        self.last_ply_seen_by(viewer)
            .filter(|p| p.side != viewer)
            .into_iter()
            .collect()
    }

    fn finished_game(&self) -> Option<Game> {
        self.game().filter(|_| self.is_over()).cloned()
    }

    /// Bumped by every call here that changes the game.
    fn revision(&self) -> u64 {
        self.revision
    }

    /// The time is `now`; `on_screen`: the game is on the screen. The
    /// clock of the side to move runs while that side can act, and when its
    /// time has run out the game ends with that side's loss.
    fn set_time(&mut self, now: Duration, on_screen: bool) {
        self.now = now;
        let runs = on_screen && self.side_to_move_can_act();
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if runs {
            clock.resume(now);
            // A game killed mid-turn comes back with the clock of its last
            // save: at most this much of the turn goes uncharged.
            const SAVED_EVERY: Duration = Duration::from_secs(5);
            if now.saturating_sub(self.clock_counted) >= SAVED_EVERY {
                self.clock_counted = now;
                self.revision += 1;
            }
        } else {
            clock.pause(now);
        }
        if self.phase == Phase::Play
            && let Some(side) = clock.check(now)
        {
            self.battle_on_show = false;
            let _ = self.play_unconditionally(Action::OutOfTime(side));
        }
    }

    fn clock(&self) -> Option<(GameClock, Duration)> {
        PassAndPlay::clock(self).map(|c| (c.clone(), self.now()))
    }

    /// When the game began, in milliseconds since 1970 (none for a game
    /// saved before the app kept it).
    fn started(&self) -> Option<u64> {
        self.started
    }

    fn hand_offs(&mut self) -> Option<&mut dyn HandOffs> {
        Some(self)
    }

    fn battle_on_show(&self) -> Option<BattleOnShow> {
        let played = self.game()?;
        match played.actions().last() {
            Some(Action::Move(attack)) if PassAndPlay::battle_on_show(self) => {
                let before = played.position_after(played.actions().len() - 1);
                Some(BattleOnShow {
                    attack: *attack,
                    before: PlayerView::new(&before, self.holder()),
                    ply: self.last_ply_seen_by(self.holder()),
                })
            }
            _ => None,
        }
    }

    fn computer(&self) -> Option<Computer> {
        self.computer
    }

    /// Whose setups the setup screen offers now: the player of this device
    /// against the computer; in pass-and-play the named player setting up,
    /// and no one's when that player gave no name (a shared device keeps
    /// each player's setups apart by name).
    fn setup_owner(&self) -> Option<SetupOwner> {
        if self.computer.is_some() {
            return Some(SetupOwner::ThisDevice);
        }
        let Phase::Setup(side) = self.phase else {
            return None;
        };
        self.player(side)
            .map(|name| SetupOwner::Player(name.to_string()))
    }

    fn player_name(&self, side: Side) -> Option<&str> {
        PassAndPlay::player(self, side)
    }

    /// The computer's first and last views of a solo game: what it may
    /// learn of the player's setup from.
    fn computer_first_and_last_views(&self) -> Option<(PlayerView, PlayerView)> {
        let (computer, game) = (self.computer?, self.game.as_ref()?);
        let first = PlayerView::new(&game.position_after(0), computer.side);
        Some((first, game.view(computer.side)))
    }

    /// The computer's turn: its level and its own view, when it must act.
    fn computer_turn(&self) -> Option<(Level, PlayerView)> {
        let computer = self.computer?;
        let game = self.game.as_ref()?;
        let to_move = game.position().to_move();
        let here = self.handed.is_none();
        (here && self.phase == Phase::Play && !self.battle_on_show && to_move == computer.side)
            .then(|| (computer.level, self.seen_view(game, computer.side)))
    }

    /// The time the computer has left in a timed solo game.
    fn computer_time_left(&self) -> Option<Duration> {
        let computer = self.computer?;
        Some(self.clock.as_ref()?.left(computer.side, self.now))
    }

    fn take_back(&mut self) -> Result<(), GameError> {
        PassAndPlay::take_back(self)
    }

    /// Solo: the player's view, which a hint is worked out from (`hint.rs`).
    fn hint_view(&self) -> Option<PlayerView> {
        let computer = self.computer?;
        self.view(computer.side.opponent())
    }

    fn transfer_codes(&self) -> Option<Vec<String>> {
        self.can_move_to_another_device()
            .then(|| transfer_codes(&self.to_saved()))
    }

    fn can_move_to_another_device(&self) -> bool {
        !self.is_over() && self.handed().is_none()
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

impl PassAndPlay {
    /// The game is this device's to play on: not moved away, nor still
    /// arriving from another device.
    fn here(&self) -> Result<(), GameError> {
        match self.handed() {
            None => Ok(()),
            Some(_) => Err(GameError::Handed),
        }
    }
}
