//! One device of a two-device game. It holds its own deal and setup, what
//! the other device has shown, and every ply, and turns its player's actions
//! into codes and the other device's codes into plies. The enemy's hidden
//! pieces never reach it: the engine plays on a stand-in army (see `stand_in`)
//! until the enemy opens its setup at the end, when every claim is checked.
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
//! The end. The side the result does not favour opens its setup first (the
//! loser, or whoever sees a draw first); the side it favours opens only in
//! answer, once the other's opening is checked (`may_open`). Until then the
//! result is not verified; a player may end a game whose other device went
//! silent as abandoned (`abandon`). The whole protocol, with every lie and
//! what it gets, is in `docs/two-devices.md`.

use super::deal_handshake::DealHandshake;
use super::error::LinkError;
use super::fair_deal::{self, FairTerms};
use super::invitation::Invitation;
use super::message::{
    Answer, CodeError, CodeKind, DealStep, Envelope, FIRST_CODE_FORMAT, Header, Intro, Invite,
    Opening, Reveal, SentAction, Turn, commitment,
};
use super::public_setup::{check_public, public_setup};
use super::replay::{Replayed, play_plies, replay};
use super::stand_in::{Known, stand_in};
use super::verify::{Claim, ClaimsVerdict, verify};
use crate::core::battle;
use crate::core::moves::{Action, Move};
use crate::core::options::GameOptions;
use crate::core::piece::{Piece, PieceId};
use crate::core::position::{PlyReport, Position};
use crate::core::setup::CheckedSetup;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::view::{PlayerView, ViewPly};
use std::sync::Arc;

mod phase;

pub use phase::LinkStatus;
use phase::{Draw, Ending, Owed, TheirOpening};

#[derive(Debug, Clone)]
pub struct LinkedGame {
    variant: Arc<Variant>,
    options: GameOptions,
    me: Side,
    game_id: u32,
    salt: [u8; 16],
    mine: CheckedSetup,
    my_intro: Intro,
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
    draw: Draw,
    /// The fair deal's terms, for a variant whose deal is chance.
    fair: Option<FairTerms>,
}

impl LinkedGame {
    /// Starts a game on this device, already set up, and makes the
    /// invitation. For a variant whose deal is chance a `DealHandshake`
    /// starts the game instead (`after_handshake`): an invitation with a
    /// setup is refused for it.
    pub fn invite(
        variant: Arc<Variant>,
        options: GameOptions,
        mine: CheckedSetup,
        game_id: u32,
        salt: [u8; 16],
    ) -> LinkedGame {
        let mut game = LinkedGame::new(variant, options, mine, game_id, salt);
        let invite = Invite {
            variant: game.variant.id.clone(),
            options,
            opening: Opening::Setup(game.my_intro.clone()),
        };
        let body = invite.encode(&game.variant);
        game.send(CodeKind::Invite, FIRST_CODE_FORMAT, body);
        game
    }

    /// Joins an invitation with this device's own setup.
    pub fn join(
        invitation: &Invitation,
        mine: CheckedSetup,
        salt: [u8; 16],
    ) -> Result<LinkedGame, LinkError> {
        let Opening::Setup(intro) = &invitation.opening else {
            return Err(LinkError::Refused(crate::tr!(
                "its deal is chance: the game starts with the fair deal"
            )));
        };
        let mut game = LinkedGame::new(
            Arc::clone(&invitation.variant),
            invitation.options,
            mine,
            invitation.game_id,
            salt,
        );
        game.seq = 1;
        game.meet(intro.clone())?;
        game.compose_if_due();
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
            return Err(LinkError::Refused(crate::tr!(
                "this setup is not made from the hand the fair deal gave"
            )));
        }
        let salt = *handshake.salt();
        let mut game = LinkedGame::new(
            Arc::clone(handshake.variant()),
            *handshake.options(),
            mine,
            handshake.game_id(),
            salt,
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
            None => {
                let turn = Turn {
                    deal: Some(DealStep::Nonce(nonce)),
                    intro: Some(game.my_intro.clone()),
                    ..Turn::default()
                };
                let body = turn.encode(&game.variant);
                game.send(CodeKind::Turn, turn.format(), body);
            }
        }
        Ok(game)
    }

    /// Takes in the other device's setup as it was shown at the start; this
    /// device owes its own in its next code.
    fn meet(&mut self, intro: Intro) -> Result<(), LinkError> {
        self.known = vec![Vec::new(); intro.public.len()];
        self.enemy = Some(intro);
        self.owed = Owed::CodeWithSetup;
        self.rebuild().map_err(LinkError::Refused)?;
        Ok(())
    }

    fn new(
        variant: Arc<Variant>,
        options: GameOptions,
        mine: CheckedSetup,
        game_id: u32,
        salt: [u8; 16],
    ) -> LinkedGame {
        let me = mine.side();
        let my_intro = Intro {
            commitment: commitment(&variant, game_id, me, &salt, mine.deal(), mine.placements()),
            public: public_setup(&variant, mine.placements()),
        };
        LinkedGame {
            variant,
            options,
            me,
            game_id,
            salt,
            mine,
            my_intro,
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
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    pub fn side(&self) -> Side {
        self.me
    }

    pub fn game_id(&self) -> u32 {
        self.game_id
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
            (_, None) => LinkStatus::AwaitingJoin,
            (Ending::BothOpen(_) | Ending::Withheld(_), _) => LinkStatus::Finished,
            (Ending::AnswerDue(_), _) => LinkStatus::AwaitingReveal,
            (Ending::Closed | Ending::OpenedFirst, Some(position)) => {
                if position.outcome().is_some() {
                    LinkStatus::AwaitingReveal
                } else if position.to_move() == self.me && self.pending_attack.is_none() {
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
        let mut view = PlayerView::new(position, self.me);
        if self.ending.theirs().is_none() {
            let enemy = self.me.opponent();
            let public = |p: &Piece| self.variant.kind(p.kind).public;
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
        let mine = (
            self.mine.deal().clone(),
            crate::core::setup::Setup {
                side: self.me,
                placements: self.mine.placements().to_vec(),
            },
        );
        let theirs = (
            reveal.deal.clone(),
            crate::core::setup::Setup {
                side: self.me.opponent(),
                placements: reveal.placements.clone(),
            },
        );
        let (red, blue) = match self.me {
            Side::Red => (mine, theirs),
            Side::Blue => (theirs, mine),
        };
        let mut game =
            crate::core::game::Game::new(Arc::clone(&self.variant), self.options, red, blue)
                .ok()?;
        play_plies(&mut game, &self.plies).ok()?;
        Some(game)
    }

    /// Whether this device has opened its setup (in its last code).
    pub fn has_opened(&self) -> bool {
        self.ending.ours_open()
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
        self.draw.offerer(self.me)
    }

    /// Whether the last code read played on past this player's draw offer
    /// (the offer lapsed). Cleared by this player's next action.
    pub fn draw_declined(&self) -> bool {
        self.draw.declined()
    }

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
        let position = self.position.as_mut().expect("joined");
        let enemy = self.me.opponent();
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
                    self.plies.push((self.me, action));
                    self.outgoing.push(SentAction::Move {
                        mv: m,
                        shown: shows.then_some(piece),
                    });
                }
            }
            Action::Rescue { piece, to } => {
                position.play(action)?;
                self.plies.push((self.me, action));
                self.outgoing.push(SentAction::Rescue {
                    piece: piece.index,
                    to,
                });
            }
            Action::SkipRescue => {
                position.play(action)?;
                self.plies.push((self.me, action));
                self.outgoing.push(SentAction::SkipRescue);
            }
            Action::Resign(side) if side == self.me => {
                position.play(action)?;
                self.plies.push((self.me, action));
                self.outgoing.push(SentAction::Resign);
            }
            Action::Resign(_) => return Err(LinkError::NotYourTurn),
            Action::AgreeDraw => {
                position.play(action)?;
                self.plies.push((self.me, action));
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
        Ok(())
    }

    /// Ends the game as abandoned by the other device, which stopped sending
    /// codes: allowed while this device waits for the other's code (to join,
    /// to answer, or to open its setup), never on this player's own turn or
    /// once the check is done. Not a result: no side wins, nothing is opened.
    pub fn abandon(&mut self) -> Result<(), LinkError> {
        match self.status() {
            LinkStatus::AwaitingJoin | LinkStatus::AwaitingCode | LinkStatus::AwaitingReveal => {
                self.ending = std::mem::replace(&mut self.ending, Ending::Closed).abandon();
                self.draw = self.draw.lapse();
                Ok(())
            }
            LinkStatus::YourTurn => Err(LinkError::NotAbandoned),
            LinkStatus::Finished | LinkStatus::Abandoned => Err(LinkError::Finished),
        }
    }

    /// Reads the other device's code. On any error nothing changes.
    pub fn read(&mut self, text: &str) -> Result<(), LinkError> {
        let envelope = Envelope::from_text(text)?;
        let header = envelope.header;
        match header.kind {
            CodeKind::Turn => {}
            CodeKind::Invite if header.game_id == self.game_id && header.sender == self.me => {
                return Err(LinkError::OwnCode);
            }
            CodeKind::Invite if header.game_id == self.game_id => {
                return Err(LinkError::AlreadyRead(header.seq));
            }
            CodeKind::Invite => return Err(LinkError::Invitation),
            CodeKind::Transfer => return Err(LinkError::Transfer),
        }
        if header.game_id != self.game_id {
            return Err(LinkError::WrongGame);
        }
        if header.sender == self.me {
            return Err(LinkError::OwnCode);
        }
        if matches!(self.status(), LinkStatus::Finished | LinkStatus::Abandoned) {
            return Err(LinkError::Finished);
        }
        if header.seq < self.seq {
            return Err(LinkError::AlreadyRead(header.seq));
        }
        if header.seq > self.seq {
            return Err(LinkError::OutOfOrder {
                got: header.seq,
                expected: self.seq,
            });
        }
        if self.owed.any() {
            return Err(LinkError::YourCodeFirst);
        }
        let turn = Turn::decode(&envelope.body, &self.variant)?;
        if turn.format() > header.format {
            return Err(CodeError::Damaged(crate::tr!(
                "code format {} cannot hold a draw offer or answer",
                header.format
            ))
            .into());
        }
        let mut next = self.clone();
        next.seq += 1;
        next.owed = Owed::Code;
        next.apply(turn).map_err(LinkError::Refused)?;
        next.compose_if_due();
        *self = next;
        Ok(())
    }

    fn apply(&mut self, turn: Turn) -> Result<(), String> {
        let enemy = self.me.opponent();
        let before = self.plies.len();
        if turn.deal.is_some() {
            return Err(crate::tr!("it sends a step of the deal after the deal"));
        }
        match (&self.enemy, turn.intro) {
            (None, Some(intro)) => {
                check_public(&self.variant, enemy, &intro.public)?;
                self.known = vec![Vec::new(); intro.public.len()];
                self.enemy = Some(intro);
                self.rebuild()?;
            }
            (None, None) => return Err(crate::tr!("its first code lacks its setup")),
            (Some(_), Some(_)) => return Err(crate::tr!("it sent its setup a second time")),
            (Some(_), None) => {}
        }
        match (self.pending_attack.take(), turn.answer) {
            (Some(attack), Some(answer)) => {
                self.answered(attack, answer, turn.reveal.is_some())?;
            }
            // The game ended on its device before the attack: nothing to answer.
            (Some(_), None) if turn.reveal.is_some() => {}
            (Some(attack), None) => {
                return Err(crate::tr!("it does not answer the attack {}", attack));
            }
            (None, Some(_)) => {
                return Err(crate::tr!("it answers an attack that was not made"));
            }
            (None, None) => {}
        }
        let their_turn =
            !self.over() && self.position.as_ref().is_some_and(|p| p.to_move() == enemy);
        if !turn.actions.is_empty() {
            if self.rescue_pending_for(self.me) {
                return Err(crate::tr!(
                    "it moved while this player may still rescue a piece"
                ));
            }
            if their_turn {
                self.enemy_turn(&turn.actions)?;
            } else if !self.over() {
                return Err(crate::tr!("it moved out of turn"));
            }
            // Plies after an ending only this device could see are passed over.
        } else if their_turn && turn.reveal.is_none() {
            if !self.rescue_pending_for(enemy) {
                return Err(crate::tr!("it holds no move"));
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
                return Err(crate::tr!("it offers a draw without playing its turn"));
            }
            self.draw = self.draw.receive();
        }
        if self.over() {
            self.draw = self.draw.lapse();
        }
        self.collect_news(before);
        Ok(())
    }

    /// Takes in the answer to this device's attack. `closing`: the opening
    /// of the other device's setup came with it, so when no stand-in army
    /// fits the answer the opened setup decides instead (under Silent
    /// Defense a stand-in holds that a silent defender was no flag, as the
    /// game went on; a flag taken silently ends it, with the opening).
    fn answered(&mut self, attack: Move, answer: Answer, closing: bool) -> Result<(), String> {
        let position = self.position.as_ref().expect("joined");
        let attacker = position
            .piece(position.piece_at(attack.from).expect("own piece"))
            .piece;
        let defender = position.piece_at(attack.to).expect("enemy piece");
        let shown = battle::defender_revealed(&self.variant, &self.options, attacker);
        let known = match answer {
            Answer::Shown(piece) if shown => Known::Is(piece),
            Answer::Silent(result) if !shown => Known::Met { attacker, result },
            Answer::Shown(_) => {
                return Err(crate::tr!("it showed a defender Silent Defense hides"));
            }
            Answer::Silent(_) => return Err(crate::tr!("it hid its piece on {}", attack.to)),
        };
        self.learn(defender, attack.to, known);
        self.plies.push((self.me, Action::Move(attack)));
        match self.rebuild() {
            Err(_) if closing => Ok(()),
            rebuilt => rebuilt.map(|_| ()),
        }
    }

    fn enemy_turn(&mut self, actions: &[SentAction]) -> Result<(), String> {
        let enemy = self.me.opponent();
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
                        .ok_or_else(|| crate::tr!("{}: it has no piece on {}", mv, mv.from))?;
                    let attack = position.piece_at(mv.to).is_some_and(|t| t.side == self.me);
                    let shows = position.move_shows_piece(mv);
                    if (attack || shows) && shown.is_none() {
                        return Err(crate::tr!(
                            "{}: the rules show this piece, and it did not",
                            mv
                        ));
                    }
                    if attack && i + 1 != actions.len() {
                        return Err(crate::tr!(
                            "{}: nothing may follow an attack in one code",
                            mv
                        ));
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
                        return Err(crate::tr!(
                            "it rescued piece number {}, which it never had",
                            piece
                        ));
                    }
                    self.learn(id, to, Known::Rescuable);
                    Action::Rescue { piece: id, to }
                }
                SentAction::SkipRescue if position.pending_rescue().is_none() => continue,
                SentAction::SkipRescue => Action::SkipRescue,
                SentAction::Resign => Action::Resign(enemy),
                SentAction::AgreeDraw if self.draw != Draw::Sent => {
                    return Err(crate::tr!("it accepts a draw this player did not offer"));
                }
                SentAction::AgreeDraw if i != 0 => {
                    return Err(crate::tr!("it accepts a draw after playing on"));
                }
                SentAction::AgreeDraw => Action::AgreeDraw,
            };
            self.plies.push((enemy, played));
            let report = self
                .rebuild()
                .map_err(|e| crate::tr!("{}: {}", describe(played), e))?;
            if let Some(battle) = report.and_then(|r| r.battle) {
                self.answer_due = Some(
                    if battle::defender_revealed(
                        &self.variant,
                        &self.options,
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

    fn learn(&mut self, id: PieceId, at: crate::core::square::Square, known: Known) {
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

    fn opened(&mut self, reveal: Reveal) {
        let intro = self.enemy.as_ref().expect("joined");
        let result = verify(
            &self.variant,
            &self.options,
            self.game_id,
            &self.mine,
            intro,
            &reveal,
            &self.plies,
            &self.claims,
            self.fair.as_ref(),
        );
        // A false opening (a wrong salt, a setup it never committed to, lies
        // about its pieces) is checked before anything is answered: it gets
        // no opening back.
        let theirs = TheirOpening {
            reveal,
            verdict: result.verdict,
        };
        // When the opened setup cannot replay the game, the board stays as this
        // device saw it; the verdict says what was false.
        if let Some(position) = result.position {
            self.position = Some(position);
        }
        self.ending = std::mem::replace(&mut self.ending, Ending::Closed).open_theirs(theirs);
    }

    /// Who opens first at the end: the side the result favours opens last,
    /// so a player who claims a win must still open its setup for the win to
    /// count, and never gets the loser's setup for nothing. The loser (or
    /// either side of a draw, whichever sees the end first) opens first; the
    /// winner opens in answer to that opening, once it has been checked.
    fn may_open(&self) -> bool {
        let won = self
            .position
            .as_ref()
            .and_then(|p| p.outcome())
            .and_then(|o| o.winner())
            == Some(self.me);
        self.ending.theirs().is_some() || !won
    }

    fn over(&self) -> bool {
        self.ending.theirs().is_some()
            || self
                .position
                .as_ref()
                .is_some_and(|p| p.outcome().is_some())
    }

    fn rescue_pending_for(&self, side: Side) -> bool {
        self.position.as_ref().is_some_and(|p| {
            p.outcome().is_none() && p.to_move() == side && p.pending_rescue().is_some()
        })
    }

    /// The game replayed on the enemy's opened setup, or else on a fresh
    /// stand-in for its army (then `true`).
    fn replay_now(&self) -> Result<(Replayed, bool), String> {
        let enemy = self.me.opponent();
        let intro = self.enemy.as_ref().expect("joined");
        let (theirs, guessed) = match self.ending.theirs() {
            Some(theirs) => (theirs.reveal.placements.clone(), None),
            None => {
                let placements = stand_in(
                    &self.variant,
                    &self.options,
                    enemy,
                    &intro.public,
                    &self.known,
                )?;
                (placements, Some(enemy))
            }
        };
        let replayed = replay(
            &self.variant,
            &self.options,
            self.mine.placements(),
            &theirs,
            self.me,
            guessed,
            &self.plies,
        )
        .map_err(|(_, e)| e)?;
        Ok((replayed, guessed.is_some()))
    }

    /// Plays every ply again with all that is known now; the last ply's report.
    fn rebuild(&mut self) -> Result<Option<PlyReport>, String> {
        let ((position, mut reports), _) = self.replay_now()?;
        self.position = Some(position);
        Ok(reports.pop().flatten())
    }

    /// The plies from `from` on, as this player saw them.
    fn collect_news(&mut self, from: usize) {
        self.news.clear();
        let Ok(((position, reports), guessed)) = self.replay_now() else {
            return;
        };
        for report in reports.into_iter().skip(from).flatten() {
            let mut seen = report.seen_by(self.me, &position);
            if guessed && let Some(b) = &mut seen.battle {
                // The stand-in's kinds are no news: keep only what the rules showed.
                for vp in [&mut b.attacker, &mut b.defender] {
                    if vp.owner != self.me && !vp.revealed {
                        vp.piece = None;
                    }
                }
            }
            self.news.push(seen);
        }
    }

    fn compose_if_due(&mut self) {
        let Some(position) = &self.position else {
            return;
        };
        let over = self.over();
        let opens = over && self.may_open();
        let due = if over {
            self.ending.ours_to_open() && (self.owed.any() || !self.outgoing.is_empty())
        } else {
            self.owed.any() && (self.pending_attack.is_some() || position.to_move() != self.me)
        };
        if !due {
            return;
        }
        let offer = !over && self.draw == Draw::Marked;
        if offer {
            self.draw = Draw::Sent;
        } else if self.draw == Draw::Marked {
            self.draw = Draw::NoOffer;
        }
        let turn = Turn {
            deal: None,
            intro: self.owed.setup().then(|| self.my_intro.clone()),
            answer: self.answer_due.take(),
            actions: std::mem::take(&mut self.outgoing),
            draw_offer: offer,
            reveal: opens.then(|| Reveal {
                salt: self.salt,
                deal: self.mine.deal().clone(),
                placements: self.mine.placements().to_vec(),
            }),
        };
        if opens {
            self.ending = std::mem::replace(&mut self.ending, Ending::Closed).open_ours();
        }
        self.owed = Owed::Nothing;
        let body = turn.encode(&self.variant);
        self.send(CodeKind::Turn, turn.format(), body);
    }

    fn send(&mut self, kind: CodeKind, format: u8, body: Vec<u8>) {
        let envelope = Envelope {
            header: Header {
                format,
                kind,
                sender: self.me,
                game_id: self.game_id,
                seq: self.seq,
            },
            body,
        };
        self.last_code = Some(envelope.to_text());
        self.seq += 1;
    }
}

fn describe(action: Action) -> String {
    match action {
        Action::Move(m) => m.to_string(),
        Action::Rescue { to, .. } => crate::tr!("the rescue onto {}", to),
        Action::SkipRescue => crate::tr!("declining the rescue"),
        Action::Resign(_) => crate::tr!("resigning"),
        Action::AgreeDraw => crate::tr!("the draw"),
    }
}
