//! Reading the other device's code: its order and kind are checked, then
//! the turn it carries is taken in on a copy of the game (its setup, the
//! answer to this device's attack, its actions, its draw offer and its
//! opening), every claim about a hidden piece is recorded, and the game is
//! played on with all that is known. On any error nothing changes.

use super::LinkedGame;
use super::phase::{Draw, LinkStatus};
use crate::core::battle;
use crate::core::moves::{Action, Move};
use crate::core::piece::PieceId;
use crate::core::square::Square;
use crate::link::endpoint::in_order;
use crate::link::error::{LinkError, Refusal};
use crate::link::message::{Answer, CodeError, SentAction, Turn};
use crate::link::public_setup::check_public;
use crate::link::sighting::Sighting;
use crate::link::stand_in::Known;
use crate::link::verify::Claim;

impl LinkedGame {
    /// Reads the other device's code, come by any way but a watching
    /// camera. On any error nothing changes.
    pub fn read(&mut self, text: &str) -> Result<(), LinkError> {
        self.read_sighted(text, Sighting::Other)
    }

    /// Reads the other device's code, come by as `sighting` says (a timed
    /// game charges the other by it). On any error nothing changes.
    pub fn read_sighted(&mut self, text: &str, sighting: Sighting) -> Result<(), LinkError> {
        let envelope = self.end.open(text)?;
        let header = envelope.header;
        if matches!(self.status(), LinkStatus::Finished | LinkStatus::Abandoned) {
            return Err(LinkError::Finished);
        }
        in_order(header.seq, self.seq)?;
        if self.owed.any() {
            return Err(LinkError::YourCodeFirst);
        }
        let turn = Turn::decode(&envelope.body, self.end.variant())?;
        if turn.format() > header.format {
            return Err(CodeError::Damaged(crate::tr!(
                "code format {} cannot hold what this code carries",
                header.format
            ))
            .into());
        }
        if self.over() && self.their_time_ran_out_by_waits() && turn.reveal.is_none() {
            return Err(LinkError::Refused(Refusal::CameAfterItsTime));
        }
        let mut next = self.clone();
        next.seq += 1;
        next.owed = next.owed_after_reading();
        next.apply(turn, sighting).map_err(LinkError::Refused)?;
        next.compose_if_due();
        *self = next;
        Ok(())
    }

    fn apply(&mut self, turn: Turn, sighting: Sighting) -> Result<(), Refusal> {
        let enemy = self.end.side().opponent();
        let before = self.plies.len();
        // The wait for this code was the other's play, not its setting up:
        // the game had begun here, or the other fixed its setup (in its
        // invitation) before this device's code went out.
        let begun = self.position.is_some() || self.promised.is_some();
        let answer_only = turn.answer.is_some() && turn.actions.is_empty();
        if turn.deal.is_some() {
            return Err(Refusal::DealAfterTheDeal);
        }
        if !self.intro_shown
            && (!turn.actions.is_empty()
                || turn.answer.is_some()
                || turn.draw_offer
                || turn.reveal.is_some())
        {
            // Its code can only show its own setup: it has not seen this one.
            return Err(Refusal::PlaysBeforeSetup);
        }
        match (&self.enemy, turn.intro) {
            (None, Some(intro)) => {
                if self.promised.is_some_and(|c| c != intro.commitment) {
                    return Err(Refusal::NotAsCommitted);
                }
                check_public(self.end.variant(), enemy, &intro.public)?;
                self.known = vec![Vec::new(); intro.public.len()];
                self.enemy = Some(intro);
                self.rebuild()?;
            }
            (None, None) => return Err(Refusal::NoSetup),
            (Some(_), Some(_)) => return Err(Refusal::SetupAgain),
            (Some(_), None) => {}
        }
        match (self.pending_attack.take(), turn.answer) {
            (Some(attack), Some(answer)) => {
                self.answered(attack, answer, turn.reveal.is_some())?;
            }
            // The game ended on its device before the attack: nothing to answer.
            (Some(_), None) if turn.reveal.is_some() => {}
            (Some(attack), None) => {
                return Err(Refusal::Unanswered(attack));
            }
            (None, Some(_)) => {
                return Err(Refusal::AnswerUnasked);
            }
            (None, None) => {}
        }
        // The answer settled whose turn it is; the time claimed is that turn's.
        self.sync_clock();
        self.take_claim(
            turn.time_used,
            turn.their_count,
            begun,
            sighting,
            answer_only,
        )?;
        // (Before it has seen this device's setup it cannot move.)
        let their_turn = self.intro_shown
            && !self.over()
            && self.position.as_ref().is_some_and(|p| p.to_move() == enemy);
        if !turn.actions.is_empty() {
            if self.rescue_pending_for(self.end.side()) {
                return Err(Refusal::MovedBeforeRescue);
            }
            if their_turn {
                self.enemy_turn(&turn.actions)?;
            } else if !self.over() {
                return Err(Refusal::OutOfTurn);
            }
            // Plies after an ending only this device could see are passed over.
        } else if their_turn && turn.reveal.is_none() {
            if !self.rescue_pending_for(enemy) {
                return Err(Refusal::NoMove);
            }
            self.enemy_turn(&[])?;
        }
        if let Some(reveal) = turn.reveal {
            // (Only the opened setup may show that the game is over.)
            self.opened(reveal);
        }
        self.draw = self.draw.forget_declined();
        if self.draw == Draw::Sent && !turn.actions.is_empty() {
            // Answered: accepted (the game is over) or declined by playing on.
            self.draw = if self.over() {
                Draw::NoOffer
            } else {
                Draw::Declined
            };
        }
        if turn.draw_offer && !self.over() {
            // (After an attack that gains a rescue, the offerer's turn goes on
            // before this player's comes; the offer waits for it.)
            if turn.actions.is_empty() {
                return Err(Refusal::OfferWithoutTurn);
            }
            self.draw = self.draw.receive();
        }
        if self.over() {
            self.draw = self.draw.lapse();
        }
        self.sync_clock();
        self.collect_news(before);
        Ok(())
    }

    /// Takes in the answer to this device's attack. `closing`: the opening
    /// of the other device's setup came with it, so when no stand-in army
    /// fits the answer the opened setup decides instead (under Silent
    /// Defense a stand-in holds that a silent defender was no flag, as the
    /// game went on; a flag taken silently ends it, with the opening).
    fn answered(&mut self, attack: Move, answer: Answer, closing: bool) -> Result<(), Refusal> {
        let position = self.position.as_ref().expect("joined");
        let attacker = position
            .piece(position.piece_at(attack.from).expect("own piece"))
            .piece;
        let defender = position.piece_at(attack.to).expect("enemy piece");
        let shown = battle::defender_revealed(self.end.variant(), self.end.options(), attacker);
        let known = match answer {
            Answer::Shown(piece) if shown => Known::Is(piece),
            Answer::Silent(result) if !shown => Known::Met { attacker, result },
            Answer::Shown(_) => return Err(Refusal::DefenderShown),
            Answer::Silent(_) => return Err(Refusal::DefenderHidden(attack.to)),
        };
        self.learn(defender, attack.to, known);
        self.plies.push((self.end.side(), Action::Move(attack)));
        match self.rebuild() {
            Err(_) if closing => Ok(()),
            rebuilt => rebuilt.map(|_| ()).map_err(Refusal::from),
        }
    }

    fn enemy_turn(&mut self, actions: &[SentAction]) -> Result<(), Refusal> {
        let enemy = self.end.side().opponent();
        for (i, action) in actions.iter().enumerate() {
            if self.over() {
                break; // a ply sent after an ending only its own device could see
            }
            let position = self.position.as_ref().expect("joined");
            let played = match *action {
                SentAction::Move { mv, shown } => {
                    let id = position
                        .piece_at(mv.from)
                        .filter(|id| id.side == enemy)
                        .ok_or(Refusal::NoPiece(mv))?;
                    let attack = position
                        .piece_at(mv.to)
                        .is_some_and(|t| t.side == self.end.side());
                    let shows = position.move_shows_piece(mv);
                    if (attack || shows) && shown.is_none() {
                        return Err(Refusal::PieceNotShown(mv));
                    }
                    if attack && i + 1 != actions.len() {
                        return Err(Refusal::MoveAfterAttack(mv));
                    }
                    let moved = Known::Moved {
                        distance: mv.from.distance(mv.to),
                        straight: mv.from.row == mv.to.row || mv.from.col == mv.to.col,
                    };
                    self.learn(id, mv.from, moved);
                    if let Some(piece) = shown {
                        self.learn(id, mv.from, Known::Is(piece));
                    }
                    Action::Move(mv)
                }
                SentAction::Rescue { piece, to } => {
                    let id = PieceId {
                        side: enemy,
                        index: piece,
                    };
                    if piece as usize >= self.known.len() {
                        return Err(Refusal::NoSuchPiece(piece));
                    }
                    self.learn(id, to, Known::Rescuable);
                    Action::Rescue { piece: id, to }
                }
                SentAction::SkipRescue if position.pending_rescue().is_none() => continue,
                SentAction::SkipRescue => Action::SkipRescue,
                SentAction::Resign => Action::Resign(enemy),
                SentAction::AgreeDraw if self.draw != Draw::Sent => {
                    return Err(Refusal::DrawNotOffered);
                }
                SentAction::AgreeDraw if i != 0 => {
                    return Err(Refusal::DrawAfterPlaying);
                }
                SentAction::AgreeDraw => Action::AgreeDraw,
            };
            self.plies.push((enemy, played));
            let report = self.rebuild().map_err(|e| Refusal::Ply(played, e))?;
            if let Some(battle) = report.and_then(|r| r.battle) {
                self.answer_due = Some(
                    if battle::defender_revealed(
                        self.end.variant(),
                        self.end.options(),
                        battle.attacker_piece,
                    ) {
                        Answer::Shown(battle.defender_piece)
                    } else {
                        Answer::Silent(battle.result)
                    },
                );
            }
        }
        // The code ended its turn: a rescue the stand-in offered but it did not take is declined.
        let attacked = self.answer_due.is_some();
        if !attacked && self.rescue_pending_for(enemy) {
            self.plies.push((enemy, Action::SkipRescue));
            self.rebuild()?;
        }
        Ok(())
    }

    fn learn(&mut self, id: PieceId, at: Square, known: Known) {
        if let Some(list) = self.known.get_mut(id.index as usize) {
            list.push(known);
        }
        self.claims.push(Claim {
            ply: self.plies.len(),
            piece: id.index,
            at,
            known,
        });
    }
}
