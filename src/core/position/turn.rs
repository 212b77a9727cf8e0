//! Between turns: the side to move changes, and the game ends when a side
//! cannot move or the quiet-ply limit is reached.

use super::Position;
use crate::core::moves::{DrawReason, Outcome, WinReason};
use crate::core::options::StuckRule;
use crate::core::side::Side;

impl Position {
    pub(super) fn end_turn(&mut self) {
        self.end_turn_with(true);
    }

    pub(super) fn end_turn_with(&mut self, check_stuck: bool) {
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        self.check_turn_start_with(check_stuck);
    }

    /// The endings decided at the start of a turn. A side left without a
    /// movable piece can never move again, so it loses at once (both at
    /// once: a draw), as Gravon scores it; otherwise a side to move without
    /// a legal move (blocked in, or by the two-squares rule) loses.
    pub(super) fn check_turn_start(&mut self) {
        self.check_turn_start_with(true);
    }

    /// `check_turn_start`, where `check_stuck: false` leaves out whether the
    /// side to move has a legal move (`play_raw`: its move generation will
    /// tell), unless the quiet-ply draw would come first.
    pub(super) fn check_turn_start_with(&mut self, check_stuck: bool) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(guessed) = self.guessed {
            return self.check_turn_start_guessing(guessed);
        }
        if !check_stuck && self.quiet_limit_reached() {
            // A side that cannot move loses before the quiet-ply draw.
            return self.check_turn_start_with(true);
        }
        let stuck = match self.mobile_alive {
            [0, 0] => {
                self.outcome = Some(Outcome::Draw {
                    reason: DrawReason::BothImmobile,
                });
                return;
            }
            [0, _] => Some(Side::Red),
            [_, 0] => Some(Side::Blue),
            _ if self.options.stuck == StuckRule::AfterAnyMove && self.ply > 0 => {
                match Side::BOTH.map(|side| self.can_move_at_all(side)) {
                    [false, false] => {
                        self.outcome = Some(Outcome::Draw {
                            reason: DrawReason::BothImmobile,
                        });
                        return;
                    }
                    [false, true] => Some(Side::Red),
                    [true, false] => Some(Side::Blue),
                    _ => (!self.has_legal_move(self.to_move)).then_some(self.to_move),
                }
            }
            _ if check_stuck && !self.has_legal_move(self.to_move) => Some(self.to_move),
            _ => None,
        };
        if let Some(loser) = stuck {
            self.outcome = Some(Outcome::Win {
                winner: loser.opponent(),
                reason: WinReason::NoLegalMove,
            });
        } else {
            self.check_quiet_plies();
        }
    }

    pub(super) fn check_quiet_plies(&mut self) {
        if self.quiet_limit_reached() {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::QuietPlies,
            });
        }
    }

    pub(super) fn quiet_limit_reached(&self) -> bool {
        let limit = self.options.quiet_plies.limit(&self.geometry.variant);
        limit.is_some_and(|limit| self.quiet_plies >= limit)
    }
}
