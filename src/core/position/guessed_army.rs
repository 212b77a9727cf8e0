//! A stand-in for an army known only by a guess: a device linked to
//! another sees the enemy's hidden pieces as a consistent guess
//! (`guess_army_of`), so the endings that turn on them are left to the
//! enemy's own device.

use super::Position;
use crate::core::moves::{DrawReason, Outcome, WinReason};
use crate::core::side::Side;

impl Position {
    /// Marks `side`'s army as a guess: from now on the endings that turn on
    /// that side's hidden pieces (it cannot move, or has no movable piece
    /// left) are left to its own device, which knows them. The own side's
    /// endings are still decided here; when the own side is left without a
    /// movable piece the game is over either way (lost, or drawn if the guess
    /// says the other side is stuck too: the true setups settle which).
    pub fn guess_army_of(&mut self, side: Side) {
        self.guessed = Some(side);
    }

    /// `check_turn_start` for a position that guesses `guessed`'s army:
    /// only the endings the own side's pieces decide.
    pub(super) fn check_turn_start_guessing(&mut self, guessed: Side) {
        let own = guessed.opponent();
        if self.mobile_alive[own.index()] == 0 {
            self.outcome = Some(if self.mobile_alive[guessed.index()] == 0 {
                Outcome::Draw {
                    reason: DrawReason::BothImmobile,
                }
            } else {
                Outcome::Win {
                    winner: guessed,
                    reason: WinReason::NoLegalMove,
                }
            });
        } else if self.to_move == own && !self.has_legal_move(own) {
            self.outcome = Some(Outcome::Win {
                winner: guessed,
                reason: WinReason::NoLegalMove,
            });
        } else {
            self.check_quiet_plies();
        }
    }
}
