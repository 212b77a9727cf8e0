//! This player's side of a two-device game: its actions (a move, a rescue,
//! resigning, offering, accepting or declining a draw) and the code they
//! make. A turn code goes out when the turn ends, or at once when this device
//! only answers an attack or opens its setup at the end; it carries this
//! device's intro when it is the first since the other's setup was read,
//! and in a timed game the time this player's clock ran since its last code.
//! When that clock runs out on its turn, the player's action is its loss on
//! time (`Action::OutOfTime`), and its code carries the time that used it up.

use super::LinkedGame;
use super::phase::{Draw, LinkStatus, Owed};
use crate::core::moves::Action;
use crate::link::error::LinkError;
use crate::link::message::{CodeKind, Reveal, SentAction, Turn};

impl LinkedGame {
    /// This player offers a draw: the offer goes out with the code that ends
    /// its turn, so the player still plays its turn. Only on its turn; offering
    /// again before the code goes out changes nothing.
    pub fn offer_draw(&mut self) -> Result<(), LinkError> {
        if self.status() != LinkStatus::YourTurn {
            return Err(LinkError::NotYourTurn);
        }
        if self.draw.received() {
            return Err(LinkError::OfferWaiting);
        }
        self.draw = Draw::Marked;
        Ok(())
    }

    /// This player declines the other player's offer; its next move tells the
    /// other device (playing on without this declines too).
    pub fn decline_draw(&mut self) -> Result<(), LinkError> {
        if !self.draw.received() {
            return Err(LinkError::NotOffered);
        }
        self.draw = self.draw.lapse();
        Ok(())
    }

    /// Plays this player's action; the code to show follows when the turn ends.
    /// `Action::AgreeDraw` accepts the other player's standing offer; any other
    /// action declines it.
    pub fn play(&mut self, action: Action) -> Result<(), LinkError> {
        if self.status() != LinkStatus::YourTurn {
            return Err(LinkError::NotYourTurn);
        }
        if action == Action::AgreeDraw && !self.draw.received() {
            return Err(LinkError::NotOffered);
        }
        let out_of_time = self.time_ran_out();
        match action {
            Action::OutOfTime(side) if side == self.end.side() && out_of_time => {}
            Action::OutOfTime(_) => return Err(LinkError::NotYourTurn),
            _ if out_of_time => return Err(LinkError::OutOfTime),
            _ => {}
        }
        let position = self.position.as_mut().expect("joined");
        let enemy = self.end.side().opponent();
        match action {
            Action::Move(m) => {
                position.check_move(m)?;
                let mover = position.piece_at(m.from).expect("legal move");
                let piece = position.piece(mover).piece;
                let target = position.piece_at(m.to);
                if target.is_some_and(|id| id.side == enemy) {
                    self.pending_attack = Some(m);
                    self.outgoing.push(SentAction::Move {
                        mv: m,
                        shown: Some(piece),
                    });
                } else {
                    let shows = position.move_shows_piece(m);
                    position.play(action)?;
                    self.plies.push((self.end.side(), action));
                    self.outgoing.push(SentAction::Move {
                        mv: m,
                        shown: shows.then_some(piece),
                    });
                }
            }
            Action::Rescue { piece, to } => {
                position.play(action)?;
                self.plies.push((self.end.side(), action));
                self.outgoing.push(SentAction::Rescue {
                    piece: piece.index,
                    to,
                });
            }
            Action::SkipRescue => {
                position.play(action)?;
                self.plies.push((self.end.side(), action));
                self.outgoing.push(SentAction::SkipRescue);
            }
            Action::Resign(side) if side == self.end.side() => {
                position.play(action)?;
                self.plies.push((self.end.side(), action));
                self.outgoing.push(SentAction::Resign);
            }
            Action::Resign(_) => return Err(LinkError::NotYourTurn),
            // (Checked above: this player's own time ran out.) The code
            // carries no action: the time it claims says it.
            Action::OutOfTime(_) => {
                position.play(action)?;
                self.plies.push((self.end.side(), action));
            }
            Action::AgreeDraw => {
                position.play(action)?;
                self.plies.push((self.end.side(), action));
                self.outgoing.push(SentAction::AgreeDraw);
            }
        }
        if self.draw.received() || self.over() {
            // Answered: accepted, or declined by playing on.
            self.draw = self.draw.lapse();
        }
        self.draw = self.draw.forget_declined();
        self.news.clear();
        self.compose_if_due();
        self.sync_clock();
        Ok(())
    }

    pub(super) fn compose_if_due(&mut self) {
        let Some(position) = &self.position else {
            return;
        };
        let over = self.over();
        let opens = over && self.may_open();
        let due = if over {
            self.ending.ours_to_open() && (self.owed.any() || !self.outgoing.is_empty())
        } else {
            self.owed.any()
                && (self.pending_attack.is_some() || position.to_move() != self.end.side())
        };
        if !due {
            return;
        }
        if over && !opens && self.answer_due.is_none() && self.outgoing.is_empty() {
            // Nothing to send: this device waits for the other's opening.
            self.owed = Owed::Nothing;
            return;
        }
        let offer = !over && self.draw == Draw::Marked;
        if offer {
            self.draw = Draw::Sent;
        } else if self.draw == Draw::Marked {
            self.draw = Draw::NoOffer;
        }
        if self.owed.setup() {
            self.intro_shown = true;
        }
        let (time_used, their_count) = self.time_for_code();
        let turn = Turn {
            deal: None,
            intro: self.owed.setup().then(|| self.my_intro.clone()),
            answer: self.answer_due.take(),
            actions: std::mem::take(&mut self.outgoing),
            draw_offer: offer,
            time_used,
            their_count,
            reveal: opens.then(|| Reveal {
                salt: *self.end.salt(),
                deal: self.mine.deal().clone(),
                placements: self.mine.placements().to_vec(),
            }),
        };
        if opens {
            self.ending.open_ours();
        }
        self.owed = Owed::Nothing;
        let body = turn.encode(self.end.variant());
        self.send(CodeKind::Turn, turn.format(), body);
    }

    pub(super) fn send(&mut self, kind: CodeKind, format: u8, body: Vec<u8>) {
        self.last_code = Some(self.end.seal(kind, format, self.seq, body));
        self.seq += 1;
    }
}
