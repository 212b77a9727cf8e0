//! This device's side of a game against another device by codes as a
//! `DeviceGame`: the viewer is this device's player, and the link to the
//! other device is the game's capability.

use super::TwoDeviceGame;
use crate::core::clock::GameClock;
use crate::core::deal::Deal;
use crate::core::game::Game;
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use crate::games::device_game::DeviceGame;
use crate::games::game_error::GameError;
use crate::games::setup_draft::SetupDraft;
use crate::games::stage::Stage;
use std::sync::Arc;
use std::time::Duration;

impl DeviceGame for TwoDeviceGame {
    fn variant(&self) -> &Arc<Variant> {
        TwoDeviceGame::variant(self)
    }

    fn options(&self) -> &GameOptions {
        TwoDeviceGame::options(self)
    }

    fn viewer(&self) -> Side {
        self.side()
    }

    fn stage(&self) -> Stage {
        TwoDeviceGame::stage(self)
    }

    fn view(&self) -> Option<PlayerView> {
        self.game()?.view()
    }

    fn deal(&self) -> Option<&Deal> {
        TwoDeviceGame::deal(self)
    }

    fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), GameError> {
        TwoDeviceGame::choose_discards(self, first_loss_suit)
    }

    fn accept_deal(&mut self) -> Result<(), GameError> {
        TwoDeviceGame::accept_deal(self)
    }

    fn draft(&self) -> Option<&SetupDraft> {
        TwoDeviceGame::draft(self)
    }

    fn draft_mut(&mut self) -> Option<&mut SetupDraft> {
        TwoDeviceGame::draft_mut(self)
    }

    fn fill_setup(&mut self) {
        self.fill_for_me();
    }

    fn setup_ready(&mut self) -> Result<(), GameError> {
        TwoDeviceGame::setup_ready(self)
    }

    fn play(&mut self, action: Action) -> Result<(), GameError> {
        TwoDeviceGame::play(self, action).map_err(Into::into)
    }

    fn resign(&mut self) -> Result<(), GameError> {
        let me = self.side();
        TwoDeviceGame::play(self, Action::Resign(me)).map_err(Into::into)
    }

    fn offer_draw(&mut self) -> Result<(), GameError> {
        TwoDeviceGame::offer_draw(self).map_err(Into::into)
    }

    fn answer_draw(&mut self, accept: bool) -> Result<(), GameError> {
        TwoDeviceGame::answer_draw(self, accept).map_err(Into::into)
    }

    fn draw_offer(&self) -> Option<Side> {
        TwoDeviceGame::draw_offer(self)
    }

    fn plies(&self) -> Vec<(Side, Action)> {
        self.game().map_or_else(Vec::new, |g| g.plies().to_vec())
    }

    fn history(&self) -> Vec<ViewPly> {
        self.game().map_or_else(Vec::new, |g| g.seen_plies(0))
    }

    fn news(&self) -> Vec<ViewPly> {
        self.game().map_or_else(Vec::new, |g| g.news().to_vec())
    }

    fn finished_game(&self) -> Option<Game> {
        self.game()?.finished_game()
    }

    fn revision(&self) -> u64 {
        TwoDeviceGame::revision(self)
    }

    /// The clocks run while the game is open in the app, shown or not: the
    /// other player waits.
    fn set_time(&mut self, now: Duration, _on_screen: bool) {
        TwoDeviceGame::set_time(self, now);
    }

    fn clock(&self) -> Option<(GameClock, Duration)> {
        self.game()?.clock()
    }

    /// A two-device game does not keep the date it began (yet).
    fn started(&self) -> Option<u64> {
        None
    }

    fn link(&self) -> Option<&TwoDeviceGame> {
        Some(self)
    }

    fn link_mut(&mut self) -> Option<&mut TwoDeviceGame> {
        Some(self)
    }
}
