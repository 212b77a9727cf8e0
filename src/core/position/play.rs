//! Playing an action: a move, its battle and what it did (`PlyReport`).

use super::{Battle, CAPTURED, EMPTY, PlyReport, Position, cell_of, piece_of_cell};
use crate::core::battle::{self, BattleResult};
use crate::core::chase::{Chase, PlayedMove};
use crate::core::moves::{Action, DrawReason, IllegalMove, Outcome, WinReason};
use crate::core::piece::PieceId;
use crate::core::side::Side;

impl Position {
    /// Plays one action. On error nothing has changed.
    pub fn play(&mut self, action: Action) -> Result<PlyReport, IllegalMove> {
        match action {
            Action::Move(m) => {
                let (from, to) = self.validate_move(m)?;
                Ok(self.apply_move(from, to))
            }
            Action::Rescue { piece, to } => self.rescue(piece, to),
            Action::SkipRescue => {
                if self.outcome.is_some() {
                    return Err(IllegalMove::GameOver);
                }
                if self.pending_rescue.take().is_none() {
                    return Err(IllegalMove::NoRescuePending);
                }
                let side = self.to_move;
                self.end_turn();
                Ok(self.report(side, action, None, false))
            }
            Action::Resign(side) | Action::OutOfTime(side) => {
                if self.outcome.is_some() {
                    return Err(IllegalMove::GameOver);
                }
                self.pending_rescue = None;
                self.outcome = Some(Outcome::Win {
                    winner: side.opponent(),
                    reason: if matches!(action, Action::Resign(_)) {
                        WinReason::Resignation
                    } else {
                        WinReason::Time
                    },
                });
                Ok(self.report(side, action, None, false))
            }
            Action::AgreeDraw => {
                if self.outcome.is_some() {
                    return Err(IllegalMove::GameOver);
                }
                self.pending_rescue = None;
                self.outcome = Some(Outcome::Draw {
                    reason: DrawReason::Agreed,
                });
                Ok(self.report(self.to_move, action, None, false))
            }
        }
    }

    pub(super) fn report(
        &self,
        side: Side,
        action: Action,
        battle: Option<Battle>,
        rescue_offered: bool,
    ) -> PlyReport {
        PlyReport {
            side,
            action,
            battle,
            rescue_offered,
            outcome: self.outcome,
        }
    }

    pub(super) fn apply_move(&mut self, from: u16, to: u16) -> PlyReport {
        let side = self.to_move;
        let (battle, rescue_offered) = self.apply_move_with(from, to, true);
        let m = self.geometry.move_of(from, to);
        self.report(side, Action::Move(m), battle, rescue_offered)
    }

    /// Plays a validated move; `check_stuck` as in `check_turn_start_with`.
    /// Returns the battle it led to and whether it offers a rescue.
    #[inline]
    pub(super) fn apply_move_with(
        &mut self,
        from: u16,
        to: u16,
        check_stuck: bool,
    ) -> (Option<Battle>, bool) {
        let side = self.to_move;
        let mover = piece_of_cell(self.cells[from as usize]).expect("validated");
        self.tracks[side.index()].record(from, to);
        self.last_move = Some((from, to));
        {
            let state = &mut self.pieces[side.index()][mover.index as usize];
            state.moved = true;
            // A move only one kind of mover could make shows everyone the piece.
            if self.geometry.raw_move_reveals(from, to) {
                state.revealed = true;
            }
        }
        let mut battle = None;
        match piece_of_cell(self.cells[to as usize]) {
            None => {
                self.relocate(mover, from, to);
                self.quiet_plies += 1;
            }
            Some(defender) => {
                battle = Some(self.fight(mover, defender, from, to));
                self.quiet_plies = 0;
            }
        }
        if self.options.more_squares {
            let played = PlayedMove {
                side,
                piece: mover,
                from,
                to,
                battle: battle.is_some(),
            };
            self.chase = Chase::after(self.chase.take(), &played, &*self);
        }
        if battle.is_some() && self.flags_alive.contains(&0) {
            self.outcome = Some(match self.flags_alive {
                [0, 0] => Outcome::Draw {
                    reason: DrawReason::BothFlagsLost,
                },
                [0, _] => Outcome::Win {
                    winner: Side::Blue,
                    reason: WinReason::FlagCaptured,
                },
                _ => Outcome::Win {
                    winner: Side::Red,
                    reason: WinReason::FlagCaptured,
                },
            });
            return (battle, false);
        }
        let rescue_offered = self.offers_rescue(mover);
        if rescue_offered {
            self.pending_rescue = Some(mover.index);
        } else {
            self.end_turn_with(check_stuck);
        }
        (battle, rescue_offered)
    }

    pub(super) fn relocate(&mut self, id: PieceId, from: u16, to: u16) {
        self.cells[from as usize] = EMPTY;
        self.cells[to as usize] = cell_of(id);
        self.locations[id.side.index()][id.index as usize] = to;
        if let Some(layout) = &self.geometry.bits {
            self.bitboards
                .shift_piece(layout, id.side.index(), from, to);
        }
    }

    pub(super) fn remove(&mut self, id: PieceId) {
        let at = &mut self.locations[id.side.index()][id.index as usize];
        self.cells[*at as usize] = EMPTY;
        if let Some(layout) = &self.geometry.bits {
            self.bitboards.take(layout, id.side.index(), *at);
        }
        *at = CAPTURED;
        self.captured[id.side.index()].push(id.index);
        self.count(id, -1);
    }

    pub(super) fn fight(
        &mut self,
        attacker: PieceId,
        defender: PieceId,
        from: u16,
        to: u16,
    ) -> Battle {
        let variant = &self.geometry.variant;
        let attacker_piece = self.piece(attacker).piece;
        let defender_piece = self.piece(defender).piece;
        let result = battle::resolve(variant, &self.options, attacker_piece, defender_piece);
        let defender_revealed = battle::defender_revealed(variant, &self.options, attacker_piece);
        self.pieces[attacker.side.index()][attacker.index as usize].revealed = true;
        if defender_revealed {
            self.pieces[defender.side.index()][defender.index as usize].revealed = true;
        }
        match result {
            BattleResult::AttackerWins => {
                self.remove(defender);
                self.relocate(attacker, from, to);
            }
            BattleResult::DefenderWins => self.remove(attacker),
            BattleResult::BothRemoved => {
                self.remove(defender);
                self.remove(attacker);
            }
        }
        Battle {
            attacker,
            defender,
            attacker_piece,
            defender_piece,
            result,
            defender_revealed,
        }
    }
}
