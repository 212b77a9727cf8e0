//! One device's side of the fair deal (`fair_deal`) in the first codes of a
//! game whose deal is chance: the invitation with the inviter's deal
//! commitment, the joiner's commitment and number, the inviter's number with
//! its setup. Once this device has its hand its player sets up, and
//! `LinkedGame::after_handshake` goes on from here.

use super::device::clock::ClockTerms;
use super::endpoint::{Endpoint, in_order};
use super::error::{LinkError, Refusal};
use super::fair_deal::{commitment, deal, nonce};
use super::invitation::Invitation;
use super::message::{CodeError, CodeKind, DealStep, Intro, Invite, Opening, Turn};
use super::public_setup::check_public;
use crate::core::deal::Deal;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use std::sync::Arc;

/// One device's side of the fair deal, before it has its hand: it makes the
/// first codes (the invitation, or the joiner's first code) and reads the
/// other device's deal step. Once `deal` is known the player sets up, and
/// `LinkedGame::after_handshake` goes on from here.
#[derive(Debug, Clone)]
pub struct DealHandshake {
    end: Endpoint,
    joiner: bool,
    their_commitment: Option<[u8; 16]>,
    their_nonce: Option<[u8; 16]>,
    /// The inviter's setup, which comes with its number (joiner only).
    their_intro: Option<Intro>,
    /// Codes exchanged so far (both devices').
    seq: u16,
    last_code: String,
    /// The clocks' terms the invitation agreed (a timed game).
    terms: ClockTerms,
}

impl DealHandshake {
    /// Step 1: the invitation, with this device's deal commitment.
    pub fn invite(
        variant: Arc<Variant>,
        options: GameOptions,
        me: Side,
        game_id: u32,
        salt: [u8; 16],
    ) -> DealHandshake {
        DealHandshake::invite_on(variant, options, me, game_id, salt, ClockTerms::NEW)
    }

    /// As `invite`, with a timed game's clocks on `terms` (a game saved
    /// before invitations named an allowance goes on with the old one).
    pub fn invite_on(
        variant: Arc<Variant>,
        options: GameOptions,
        me: Side,
        game_id: u32,
        salt: [u8; 16],
        terms: ClockTerms,
    ) -> DealHandshake {
        let invite = Invite {
            variant: variant.id.clone(),
            options,
            opening: Opening::DealCommitment(commitment(game_id, me, &salt)),
            allowance: terms.shares_counts.then_some(terms.allowance),
        };
        let mut handshake = DealHandshake {
            end: Endpoint::new(variant, options, me, game_id, salt),
            joiner: false,
            their_commitment: None,
            their_nonce: None,
            their_intro: None,
            seq: 0,
            last_code: String::new(),
            terms,
        };
        let body = invite.encode(handshake.end.variant());
        handshake.send(CodeKind::Invite, invite.format(), body);
        handshake
    }

    /// Step 2: the joiner's first code, with its commitment and number.
    pub fn join(invitation: &Invitation, salt: [u8; 16]) -> Result<DealHandshake, LinkError> {
        let Opening::DealCommitment(theirs) = invitation.opening else {
            return Err(LinkError::Refused(Refusal::DealIsNotChance));
        };
        let me = invitation.inviter.opponent();
        let mut handshake = DealHandshake {
            end: Endpoint::new(
                Arc::clone(&invitation.variant),
                invitation.options,
                me,
                invitation.game_id,
                salt,
            ),
            joiner: true,
            their_commitment: Some(theirs),
            their_nonce: None,
            their_intro: None,
            seq: 1,
            last_code: String::new(),
            terms: invitation.clock_terms(),
        };
        let turn = Turn {
            deal: Some(DealStep::Commit {
                commitment: commitment(invitation.game_id, me, &salt),
                nonce: nonce(&salt),
            }),
            ..Turn::default()
        };
        let body = turn.encode(handshake.end.variant());
        handshake.send(CodeKind::Turn, turn.format(), body);
        Ok(handshake)
    }

    /// The clocks' terms the invitation agreed.
    pub fn clock_terms(&self) -> ClockTerms {
        self.terms
    }

    /// Reads the other device's deal step: the joiner's commitment and
    /// number (on the inviter), or the inviter's number and setup (on the
    /// joiner). On any error nothing changes.
    pub fn read(&mut self, text: &str) -> Result<(), LinkError> {
        let envelope = self.end.open(text)?;
        let header = envelope.header;
        if self.their_nonce.is_some() {
            return Err(LinkError::YourCodeFirst);
        }
        in_order(header.seq, self.seq)?;
        let turn = Turn::decode(&envelope.body, self.end.variant())?;
        if turn.format() > header.format {
            return Err(CodeError::Damaged(crate::tr!(
                "code format {} cannot hold a step of the deal",
                header.format
            ))
            .into());
        }
        let extra = turn.answer.is_some()
            || !turn.actions.is_empty()
            || turn.reveal.is_some()
            || turn.draw_offer
            || turn.time_used.is_some_and(|used| !used.is_zero())
            || turn.their_count.is_some_and(|count| !count.is_zero());
        let refused = |why: Refusal| Err(LinkError::Refused(why));
        match (self.joiner, turn.deal, turn.intro) {
            _ if extra => return refused(Refusal::PlaysBeforeTheDeal),
            (false, Some(DealStep::Commit { commitment, nonce }), None) => {
                self.their_commitment = Some(commitment);
                self.their_nonce = Some(nonce);
            }
            (true, Some(DealStep::Nonce(nonce)), Some(intro)) => {
                check_public(
                    self.end.variant(),
                    self.end.side().opponent(),
                    &intro.public,
                )
                .map_err(|e| LinkError::Refused(e.into()))?;
                self.their_nonce = Some(nonce);
                self.their_intro = Some(intro);
            }
            (false, _, _) => return refused(Refusal::NoDealCommitment),
            (true, _, _) => return refused(Refusal::NoDealNumber),
        }
        self.seq += 1;
        Ok(())
    }

    /// This device's hand, once the other device's number is known.
    pub fn deal(&self) -> Option<Deal> {
        let their_nonce = self.their_nonce.as_ref()?;
        deal(
            self.end.variant(),
            self.end.game_id(),
            self.end.side(),
            self.end.salt(),
            their_nonce,
        )
    }

    /// The code to show: the invitation, or the joiner's first code.
    pub fn last_code(&self) -> &str {
        &self.last_code
    }

    /// Codes exchanged so far (both devices').
    pub fn codes(&self) -> u16 {
        self.seq
    }

    /// The game, side, variant and salt this fair deal is for.
    pub fn endpoint(&self) -> &Endpoint {
        &self.end
    }

    pub(super) fn their_commitment(&self) -> Option<[u8; 16]> {
        self.their_commitment
    }

    pub(super) fn their_intro(&self) -> Option<&Intro> {
        self.their_intro.as_ref()
    }

    fn send(&mut self, kind: CodeKind, format: u8, body: Vec<u8>) {
        self.last_code = self.end.seal(kind, format, self.seq, body);
        self.seq += 1;
    }
}
