//! A game whose players share this device (pass and play, or one player
//! against the computer) as a `DeviceGame`: the viewer is the player who
//! holds the device, and the device hands off between the players.

use super::{BattleOnShow, DeviceGame, HandOffs};
use crate::ai::Level;
use crate::core::clock::GameClock;
use crate::core::deal::Deal;
use crate::core::game::Game;
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use crate::games::game_error::GameError;
use crate::games::handover::Handed;
use crate::games::pass_and_play::{Computer, PassAndPlay};
use crate::games::setup_draft::SetupDraft;
use crate::games::stage::Stage;
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
        PassAndPlay::variant(self)
    }

    fn options(&self) -> &GameOptions {
        PassAndPlay::options(self)
    }

    fn viewer(&self) -> Side {
        self.holder()
    }

    fn stage(&self) -> Stage {
        PassAndPlay::stage(self)
    }

    fn is_over(&self) -> bool {
        PassAndPlay::is_over(self)
    }

    fn view(&self) -> Option<PlayerView> {
        PassAndPlay::view(self, self.holder())
    }

    fn deal(&self) -> Option<&Deal> {
        PassAndPlay::deal(self, self.holder())
    }

    fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), GameError> {
        PassAndPlay::choose_discards(self, first_loss_suit)
    }

    fn accept_deal(&mut self) -> Result<(), GameError> {
        PassAndPlay::accept_deal(self)
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

    fn handed(&self) -> Option<Handed> {
        PassAndPlay::handed(self)
    }

    fn draw_offer(&self) -> Option<Side> {
        PassAndPlay::draw_offer(self)
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
        self.game().filter(|_| PassAndPlay::is_over(self)).cloned()
    }

    fn revision(&self) -> u64 {
        PassAndPlay::revision(self)
    }

    fn set_time(&mut self, now: Duration, on_screen: bool) {
        PassAndPlay::set_time(self, now, on_screen);
    }

    fn clock(&self) -> Option<(GameClock, Duration)> {
        PassAndPlay::clock(self).map(|c| (c.clone(), self.now()))
    }

    fn started(&self) -> Option<u64> {
        PassAndPlay::started(self)
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
        PassAndPlay::computer(self)
    }

    fn setup_owner(&self) -> Option<SetupOwner> {
        PassAndPlay::setup_owner(self)
    }

    fn player_name(&self, side: Side) -> Option<&str> {
        PassAndPlay::player(self, side)
    }

    fn computer_first_and_last_views(&self) -> Option<(PlayerView, PlayerView)> {
        PassAndPlay::computer_first_and_last_views(self)
    }

    fn computer_turn(&self) -> Option<(Level, PlayerView)> {
        PassAndPlay::computer_turn(self)
    }

    fn computer_time_left(&self) -> Option<Duration> {
        PassAndPlay::computer_time_left(self)
    }

    fn take_back(&mut self) -> Result<(), GameError> {
        PassAndPlay::take_back(self)
            .then_some(())
            .ok_or(GameError::NothingToTakeBack)
    }

    fn hint_view(&self) -> Option<PlayerView> {
        PassAndPlay::hint_view(self)
    }

    fn transfer_codes(&self) -> Option<Vec<String>> {
        self.can_move_to_another_device()
            .then(|| transfer_codes(&self.to_saved()))
    }

    fn can_move_to_another_device(&self) -> bool {
        !PassAndPlay::is_over(self) && PassAndPlay::handed(self).is_none()
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
