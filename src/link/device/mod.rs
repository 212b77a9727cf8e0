//! One device of a two-device game. It holds its own deal and setup, what
//! the other device has shown, and every ply, and turns its player's actions
//! into codes and the other device's codes into plies. The enemy's hidden
//! pieces never reach it: the engine plays on a stand-in army (see `stand_in`)
//! until the enemy opens its setup at the end, when every claim is checked.
//!
//! This file holds the game's state, its start (an invitation, joining one,
//! or going on from the fair deal) and what its player sees (the status, the
//! board, the game played again on all that is known). Where the game stands
//! is three small state machines (`phase`: what this device owes next, the
//! ending, the draw offer); `my_code` turns this player's actions into
//! codes, `their_code` reads the other device's, and `ending` holds the end:
//! who opens first, the check of the other's opening, an abandoned game.
//!
//! The start. An invitation commits to the inviter's setup and shows none of
//! it; the joiner's first code shows its setup, and the inviter's next code
//! shows its own, with the commitment of the invitation (`promised`). A code
//! that moves before its device has seen this one's setup (`intro_shown`) is
//! refused. The fair deal has its own start (`after_handshake`).
//!
//! Draw offers. On its turn a player may offer a draw (`offer_draw`): the
//! offer is marked, the player plays its turn as usual, and the offer goes out
//! in the code that ends the turn (the turn code's draw flag, code format 2).
//! The other device, reading it, holds the offer (`draw_offer` is the offerer)
//! and its player answers on its own turn: accepting is the whole of that turn
//! (`Action::AgreeDraw`, sent as `SentAction::AgreeDraw` in its next code, with
//! its setup opened as at any ending; the offerer's device reads it, the game
//! is an agreed draw on both, and each checks the other's opened setup as
//! usual); declining is playing on (or `decline_draw`, then a move): the offer
//! lapses on both devices when the offerer reads that move. An offer never
//! outlives its answer, and a code that accepts a draw this device did not
//! offer in its last code is refused. An offer sent with a ply that ends the
//! game is dropped.
//!
//! The end. The loser opens its setup first, and in a draw the device whose
//! own ply ended the game; the other opens only in answer, once that opening
//! is checked (`may_open`). Until then the result is not verified; a player
//! may end a game whose other device went silent as abandoned (`abandon`).
//!
//! Clocks. A timed game's clocks (`clock`) follow the position's turn; this
//! device's runs while its player's turn is under way, and each code
//! carries the time it ran, which the reader charges. The whole protocol,
//! with every lie and what it gets, is in `docs/two-devices.md`.

use super::deal_handshake::DealHandshake;
use super::endpoint::Endpoint;
use super::error::{LinkError, Refusal, Unplayable};
use super::fair_deal::{self, FairTerms};
use super::invitation::Invitation;
use super::message::{
    Answer, CodeKind, DealStep, Intro, Invite, Opening, SentAction, Turn, commitment,
};
use super::public_setup::public_setup;
use super::replay::{Replayed, replay};
use super::stand_in::{Known, stand_in};
use super::verify::{Claim, ClaimsVerdict};
use crate::core::clock::GameClock;
use crate::core::moves::{Action, Move};
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::position::{PlyReport, Position};
use crate::core::setup::CheckedSetup;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::view::{PlayerView, ViewPly};
use std::sync::Arc;

// The invitation and the fair deal name the clock terms: reached here, not
// through this file, which uses them.
pub(in crate::link) mod clock;
mod ending;
mod my_code;
mod phase;
mod their_code;

pub use clock::{ALLOWANCE, ClockTerms, TRAVEL, TheirTime};
pub use phase::LinkStatus;
use phase::{Draw, Ending, Owed};

/// One device's side of a two-device game (see the module docs).
#[derive(Debug, Clone)]
pub struct LinkedGame {
    end: Endpoint,
    mine: CheckedSetup,
    my_intro: Intro,
    /// Whether this device has shown its intro (in its invitation or a code).
    intro_shown: bool,
    /// The joiner's record of the inviter's setup commitment, from its
    /// invitation: the setup the inviter shows later must carry it.
    promised: Option<[u8; 16]>,
    enemy: Option<Intro>,
    /// Every ply so far, as this device played it.
    plies: Vec<(Side, Action)>,
    /// What the enemy has shown about each of its pieces (by index).
    known: Vec<Vec<Known>>,
    claims: Vec<Claim>,
    pending_attack: Option<Move>,
    outgoing: Vec<SentAction>,
    answer_due: Option<Answer>,
    /// What this device owes the other in its next code.
    owed: Owed,
    /// Codes exchanged so far (both devices').
    seq: u16,
    last_code: Option<String>,
    /// Who has opened its setup, and the check of the other's opening.
    ending: Ending,
    position: Option<Position>,
    /// The plies the last code brought, as this player saw them.
    news: Vec<ViewPly>,
    /// Where a draw offer stands, and whether the last code read declined
    /// this player's.
    draw: Draw,
    /// The fair deal's terms, for a variant whose deal is chance.
    fair: Option<FairTerms>,
    /// Both sides' clocks, in a timed game.
    clock: Option<clock::LinkClock>,
}

impl LinkedGame {
    /// Starts a game on this device, already set up, and makes the
    /// invitation: it commits to this device's setup, which goes out only
    /// once the joiner has shown its own. For a variant whose deal is chance
    /// a `DealHandshake` starts the game instead (`after_handshake`).
    pub fn invite(
        variant: Arc<Variant>,
        options: GameOptions,
        mine: CheckedSetup,
        game_id: u32,
        salt: [u8; 16],
    ) -> LinkedGame {
        LinkedGame::invite_on(variant, options, mine, game_id, salt, ClockTerms::NEW)
    }

    /// As `invite`, with a timed game's clocks on `terms` (a game saved
    /// before invitations named an allowance goes on with the old one).
    pub fn invite_on(
        variant: Arc<Variant>,
        options: GameOptions,
        mine: CheckedSetup,
        game_id: u32,
        salt: [u8; 16],
        terms: ClockTerms,
    ) -> LinkedGame {
        let mut game = LinkedGame::new(variant, options, mine, game_id, salt, terms);
        let opening = Opening::SetupCommitment(game.my_intro.commitment);
        game.send_invitation(opening);
        game
    }

    /// As `invite`, with the setup shown in the invitation, as apps before
    /// code format 4 did: only to go on with a game saved then, whose codes
    /// must come out the same.
    pub fn invite_showing_setup(
        variant: Arc<Variant>,
        options: GameOptions,
        mine: CheckedSetup,
        game_id: u32,
        salt: [u8; 16],
    ) -> LinkedGame {
        let terms = ClockTerms::BEFORE_ALLOWANCE;
        let mut game = LinkedGame::new(variant, options, mine, game_id, salt, terms);
        game.send_invitation(Opening::Setup(game.my_intro.clone()));
        game.intro_shown = true;
        game
    }

    fn send_invitation(&mut self, opening: Opening) {
        let invite = Invite {
            variant: self.end.variant().id.clone(),
            options: *self.end.options(),
            opening,
            allowance: self
                .clock_terms()
                .and_then(|terms| terms.shares_counts.then_some(terms.allowance)),
        };
        let body = invite.encode(self.end.variant());
        self.send(CodeKind::Invite, invite.format(), body);
    }

    /// Joins an invitation with this device's own setup: its first code
    /// shows this setup, and the inviter's follows in answer. An invitation
    /// that shows the inviter's setup (an app before code format 4) is
    /// refused unless `setup_shown_first` allows it, for a game saved then.
    pub fn join(
        invitation: &Invitation,
        mine: CheckedSetup,
        salt: [u8; 16],
        setup_shown_first: bool,
    ) -> Result<LinkedGame, LinkError> {
        let mut game = LinkedGame::new(
            Arc::clone(&invitation.variant),
            invitation.options,
            mine,
            invitation.game_id,
            salt,
            invitation.clock_terms(),
        );
        game.seq = 1;
        match &invitation.opening {
            Opening::DealCommitment(_) => return Err(LinkError::Refused(Refusal::DealIsChance)),
            Opening::Setup(_) if !setup_shown_first => {
                return Err(LinkError::Refused(Refusal::SetupShownFirst));
            }
            Opening::Setup(intro) => {
                game.meet(intro.clone())?;
                game.compose_if_due();
            }
            Opening::SetupCommitment(commitment) => {
                game.promised = Some(*commitment);
                game.send_intro(None);
            }
        }
        Ok(game)
    }

    /// Goes on from a finished fair deal with this device's setup (dealt
    /// from the handshake's hand). The inviter's code carries its number
    /// and its setup; the joiner's carries its setup (and its first move
    /// when it plays Red).
    pub fn after_handshake(
        handshake: &DealHandshake,
        mine: CheckedSetup,
    ) -> Result<LinkedGame, LinkError> {
        let (Some(their_commitment), Some(dealt)) =
            (handshake.their_commitment(), handshake.deal())
        else {
            return Err(LinkError::NotYourTurn);
        };
        if *mine.deal() != dealt {
            return Err(LinkError::Refused(Refusal::NotTheDealtHand));
        }
        let end = handshake.endpoint();
        let salt = *end.salt();
        let mut game = LinkedGame::new(
            Arc::clone(end.variant()),
            *end.options(),
            mine,
            end.game_id(),
            salt,
            handshake.clock_terms(),
        );
        game.seq = handshake.codes();
        let nonce = fair_deal::nonce(&salt);
        game.fair = Some(FairTerms {
            their_commitment,
            nonce_sent: nonce,
        });
        match handshake.their_intro() {
            // The joiner: the inviter's setup came with its number.
            Some(intro) => {
                game.meet(intro.clone())?;
                game.compose_if_due();
            }
            None => game.send_intro(Some(DealStep::Nonce(nonce))),
        }
        Ok(game)
    }

    /// Shows this device's setup in a code of its own (with the fair deal's
    /// step, when it has one), before it has seen the other's.
    fn send_intro(&mut self, deal: Option<DealStep>) {
        let (time_used, their_count) = self.time_for_code();
        let turn = Turn {
            deal,
            intro: Some(self.my_intro.clone()),
            time_used,
            their_count,
            ..Turn::default()
        };
        self.intro_shown = true;
        let body = turn.encode(self.end.variant());
        self.send(CodeKind::Turn, turn.format(), body);
    }

    /// Takes in the other device's setup as it was shown at the start; this
    /// device owes its own in its next code unless it has shown it.
    fn meet(&mut self, intro: Intro) -> Result<(), LinkError> {
        self.known = vec![Vec::new(); intro.public.len()];
        self.enemy = Some(intro);
        self.owed = self.owed_after_reading();
        self.rebuild()
            .map_err(|e| LinkError::Refused(Refusal::Unplayable(e)))?;
        self.sync_clock();
        Ok(())
    }

    /// What this device owes once it has read a code: its code, with its
    /// intro when it has not shown it yet.
    fn owed_after_reading(&self) -> Owed {
        if self.intro_shown {
            Owed::Code
        } else {
            Owed::CodeWithSetup
        }
    }

    fn new(
        variant: Arc<Variant>,
        options: GameOptions,
        mine: CheckedSetup,
        game_id: u32,
        salt: [u8; 16],
        terms: ClockTerms,
    ) -> LinkedGame {
        let me = mine.side();
        let my_intro = Intro {
            commitment: commitment(&variant, game_id, me, &salt, mine.deal(), mine.placements()),
            public: public_setup(&variant, mine.placements()),
        };
        LinkedGame {
            end: Endpoint::new(variant, options, me, game_id, salt),
            mine,
            my_intro,
            intro_shown: false,
            promised: None,
            enemy: None,
            plies: Vec::new(),
            known: Vec::new(),
            claims: Vec::new(),
            pending_attack: None,
            outgoing: Vec::new(),
            answer_due: None,
            owed: Owed::Nothing,
            seq: 0,
            last_code: None,
            ending: Ending::Closed,
            position: None,
            news: Vec::new(),
            draw: Draw::NoOffer,
            fair: None,
            clock: options
                .time_control
                .map(|control| clock::LinkClock::new(GameClock::new(control), me, terms)),
        }
    }

    /// The game, side, variant and salt this device plays with.
    pub fn endpoint(&self) -> &Endpoint {
        &self.end
    }

    /// This device's salted commitment to its deal and setup.
    pub fn commitment(&self) -> [u8; 16] {
        self.my_intro.commitment
    }

    /// The code to show now (the last one made; it can be shown again at any time).
    pub fn last_code(&self) -> Option<&str> {
        self.last_code.as_deref()
    }

    /// How many codes this game has exchanged.
    pub fn codes(&self) -> u16 {
        self.seq
    }

    pub fn plies(&self) -> &[(Side, Action)] {
        &self.plies
    }

    pub fn verdict(&self) -> Option<&ClaimsVerdict> {
        self.ending.theirs().map(|theirs| &theirs.verdict)
    }

    pub fn news(&self) -> &[ViewPly] {
        &self.news
    }

    pub fn status(&self) -> LinkStatus {
        match (&self.ending, &self.position) {
            (Ending::Abandoned { .. }, _) => LinkStatus::Abandoned,
            // The joiner has shown its setup; the inviter's is awaited.
            (_, None) if self.promised.is_some() => LinkStatus::AwaitingCode,
            (_, None) => LinkStatus::AwaitingJoin,
            (Ending::BothOpen(_) | Ending::Withheld(_), _) => LinkStatus::Finished,
            (Ending::AnswerDue(_), _) => LinkStatus::AwaitingReveal,
            (Ending::Closed | Ending::OpenedFirst, Some(position)) => {
                if position.outcome().is_some() {
                    LinkStatus::AwaitingReveal
                } else if position.to_move() == self.end.side() && self.pending_attack.is_none() {
                    LinkStatus::YourTurn
                } else {
                    LinkStatus::AwaitingCode
                }
            }
        }
    }

    /// The game as this player sees it. Until the enemy has opened its
    /// setup, its unrevealed pieces stay hidden even after the game ends.
    pub fn view(&self) -> Option<PlayerView> {
        let position = self.position.as_ref()?;
        let mut view = PlayerView::new(position, self.end.side());
        if self.ending.theirs().is_none() {
            let enemy = self.end.side().opponent();
            let public = |p: &Piece| self.end.variant().kind(p.kind).public;
            let conceal = |vp: &mut crate::core::view::ViewPiece| {
                if vp.owner == enemy && !vp.revealed && !vp.piece.as_ref().is_some_and(public) {
                    vp.piece = None;
                }
            };
            view.squares.iter_mut().flatten().for_each(conceal);
            view.captured.iter_mut().flatten().for_each(conceal);
            if let Some(m) = self.pending_attack {
                view.last_move = Some(m);
                view.legal_moves.clear();
            }
        }
        Some(view)
    }

    /// The attack waiting for the other device's answer.
    pub fn pending_attack(&self) -> Option<Move> {
        self.pending_attack
    }

    /// The side whose draw offer stands, if any:
    /// - the other player's side: its offer came in the last code read and
    ///   waits for this player's answer on its turn (accept with
    ///   `play(Action::AgreeDraw)`; decline with `decline_draw` or by playing on);
    /// - this player's side: its offer is marked for the code that ends its
    ///   turn (while its turn goes on), or went out in a code and waits for
    ///   the other device's answer (usually status `AwaitingCode`).
    ///
    /// An offer lapses once answered, and when the game ends.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw.offerer(self.end.side())
    }

    /// Whether the last code read played on past this player's draw offer
    /// (the offer lapsed). Cleared by this player's next action.
    pub fn draw_declined(&self) -> bool {
        self.draw.declined()
    }

    fn rescue_pending_for(&self, side: Side) -> bool {
        self.position.as_ref().is_some_and(|p| {
            p.outcome().is_none() && p.to_move() == side && p.pending_rescue().is_some()
        })
    }

    /// The game replayed on the enemy's opened setup, or else on a fresh
    /// stand-in for its army (then `true`).
    fn replay_now(&self) -> Result<(Replayed, bool), Unplayable> {
        let enemy = self.end.side().opponent();
        let intro = self.enemy.as_ref().expect("joined");
        let (theirs, guessed) = match self.ending.theirs() {
            Some(theirs) => (theirs.reveal.placements.clone(), None),
            None => {
                let placements = stand_in(
                    self.end.variant(),
                    self.end.options(),
                    enemy,
                    &intro.public,
                    &self.known,
                )?;
                (placements, Some(enemy))
            }
        };
        let replayed = replay(
            self.end.variant(),
            self.end.options(),
            self.mine.placements(),
            &theirs,
            self.end.side(),
            guessed,
            &self.plies,
        )
        .map_err(|(_, e)| e)?;
        Ok((replayed, guessed.is_some()))
    }

    /// Plays every ply again with all that is known now; the last ply's report.
    fn rebuild(&mut self) -> Result<Option<PlyReport>, Unplayable> {
        let ((position, mut reports), _) = self.replay_now()?;
        self.position = Some(position);
        Ok(reports.pop().flatten())
    }

    /// The plies from `from` on, as this player saw them.
    fn collect_news(&mut self, from: usize) {
        self.news = self.seen_plies(from);
    }

    /// The plies from `from` on, as this player saw them (or knows them
    /// now: a battle's pieces once shown stay named).
    pub fn seen_plies(&self, from: usize) -> Vec<ViewPly> {
        let Ok(((position, reports), guessed)) = self.replay_now() else {
            return Vec::new();
        };
        let mut plies = Vec::new();
        for report in reports.into_iter().skip(from).flatten() {
            let mut seen = report.seen_by(self.end.side(), &position);
            if guessed && let Some(b) = &mut seen.battle {
                // The stand-in's kinds are no news: keep only what the rules showed.
                for vp in [&mut b.attacker, &mut b.defender] {
                    if vp.owner != self.end.side() && !vp.revealed {
                        vp.piece = None;
                    }
                }
            }
            plies.push(seen);
        }
        plies
    }
}
