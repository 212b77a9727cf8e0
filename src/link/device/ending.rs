//! The end of a two-device game on this device: who opens its setup first
//! (`may_open`: the rule lives here alone), the check of the other device's
//! opening, the whole game once both setups are open and true, and a game
//! ended as abandoned when the other device stopped sending codes.

use super::LinkedGame;
use super::phase::{Ending, LinkStatus, TheirOpening};
use crate::core::side::Side;
use crate::link::error::LinkError;
use crate::link::message::Reveal;
use crate::link::replay::play_plies;
use crate::link::verify::{ClaimsVerdict, verify};
use std::sync::Arc;

impl LinkedGame {
    /// Whether this device has opened its setup (in its last code).
    pub fn has_opened(&self) -> bool {
        self.ending.ours_open()
    }

    /// The whole game with both armies, once both setups are open and the
    /// check found every claim true (for the replay and the game record): a
    /// game not verified is never a plain result.
    pub fn finished_game(&self) -> Option<crate::core::game::Game> {
        let Ending::BothOpen(TheirOpening {
            reveal,
            verdict: ClaimsVerdict::Verified,
        }) = &self.ending
        else {
            return None;
        };
        if self.my_time_loss_disputed() {
            // A loss on time this device's own count disputes is no result.
            return None;
        }
        let mine = (
            self.mine.deal().clone(),
            crate::core::setup::Setup {
                side: self.end.side(),
                placements: self.mine.placements().to_vec(),
            },
        );
        let theirs = (
            reveal.deal.clone(),
            crate::core::setup::Setup {
                side: self.end.side().opponent(),
                placements: reveal.placements.clone(),
            },
        );
        let (red, blue) = match self.end.side() {
            Side::Red => (mine, theirs),
            Side::Blue => (theirs, mine),
        };
        let mut game = crate::core::game::Game::new(
            Arc::clone(self.end.variant()),
            *self.end.options(),
            red,
            blue,
        )
        .ok()?;
        play_plies(&mut game, &self.plies).ok()?;
        Some(game)
    }

    /// Ends the game as abandoned by the other device, which stopped sending
    /// codes: allowed while this device waits for the other's code (to join,
    /// to answer, or to open its setup), never on this player's own turn or
    /// once the check is done. Not a result: no side wins, nothing is opened.
    pub fn abandon(&mut self) -> Result<(), LinkError> {
        match self.status() {
            LinkStatus::AwaitingJoin | LinkStatus::AwaitingCode | LinkStatus::AwaitingReveal => {
                self.ending.abandon();
                self.draw = self.draw.lapse();
                Ok(())
            }
            LinkStatus::YourTurn => Err(LinkError::NotAbandoned),
            LinkStatus::Finished | LinkStatus::Abandoned => Err(LinkError::Finished),
        }
    }

    /// Takes in the other device's opened setup: checks every claim it made
    /// against it, and plays the game again on it when it can.
    pub(super) fn opened(&mut self, reveal: Reveal) {
        let intro = self.enemy.as_ref().expect("joined");
        let result = verify(
            self.end.variant(),
            self.end.options(),
            self.end.game_id(),
            &self.mine,
            intro,
            &reveal,
            &self.plies,
            &self.claims,
            self.fair.as_ref(),
        );
        // When the opened setup cannot replay the game, the board stays as this
        // device saw it; the verdict says what was false.
        if let Some(position) = result.position {
            self.position = Some(position);
        }
        // A false opening (a wrong salt, a setup it never committed to, lies
        // about its pieces) is checked before anything is answered: it gets
        // no opening back.
        self.ending.open_theirs(TheirOpening {
            reveal,
            verdict: result.verdict,
        });
    }

    /// Who opens first at the end (`docs/two-devices.md`, "The end"): the
    /// side the result favours opens last, so a player who claims a win must
    /// still open its setup for the win to count, and never gets the loser's
    /// setup for nothing. The loser opens first. In a draw, the device whose
    /// own ply ended the game (the accepted offer, the move that reached the
    /// quiet-move limit or left nothing to move) opens first, in the code that
    /// carries that ply; the other waits for that opening, as a winner does,
    /// so a device that leaves its opening out gets none back. Either side
    /// opens in answer to an opening checked true.
    pub(super) fn may_open(&self) -> bool {
        if self.ending.theirs().is_some() {
            return true;
        }
        match self
            .position
            .as_ref()
            .and_then(|p| p.outcome())
            .map(|o| o.winner())
        {
            Some(Some(winner)) => winner != self.end.side(),
            Some(None) => self.ended_the_game(),
            None => false,
        }
    }

    /// Whether this device's player made the last ply, the one that ended
    /// the game (with no ply at all, Red's device counts as the one).
    fn ended_the_game(&self) -> bool {
        self.plies.last().map_or(Side::Red, |(side, _)| *side) == self.end.side()
    }

    /// Whether the game is over on this device: by its position, or once the
    /// other device has opened its setup.
    pub(super) fn over(&self) -> bool {
        self.ending.theirs().is_some()
            || self
                .position
                .as_ref()
                .is_some_and(|p| p.outcome().is_some())
    }
}
