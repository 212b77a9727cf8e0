//! A two-device game on this device, from its own deal and setup to the
//! end. It is saved as its creation data (this device's deal, setup, salt,
//! and the invitation it joined) plus every code read and action played;
//! loading replays them, so a saved game is checked like a live one.
//!
//! A domino game starts with the fair deal (`fair_deal`): this device shows
//! its first code and reads the other device's deal step before it sees its
//! hand (stage `Stage::Dealing`).
//!
//! Save formats: 2 adds the log entries "offer draw" and "decline draw" (an
//! accepted draw is "play draw"); 3 adds the fair deal (stage "dealing", and
//! `handshake`, the other device's deal step as read) and the log entry
//! "abandon"; 4 comes with code format 4, whose invitation commits to the
//! inviter's setup and shows it after the joiner's (`setup_shown_first`
//! marks a game begun before, which goes on as it began); 5 adds the log
//! entry "clock MS", what this player's turn had used (in ms) when it next
//! acted, or when the game was saved, for a timed game; 6 adds "waited
//! MS" before a code read in a timed game, how long this device waited for
//! it (what the other was charged by, issue 65); 7 comes with code format 6,
//! whose timed invitations name their allowance, and adds the log entries
//! "watched MS" (a wait timed by a camera that watched for the code) and
//! "their time out MS" (the other's time ran out while this device waited,
//! this long past the allowance); `clock_before_allowance` marks a timed
//! game this device invited to before, which goes on with the old
//! allowance (10 s) and codes. Older files are
//! read as they are (a format 1 or 2 domino game in progress dealt without
//! the fair deal and cannot go on: it is refused).

mod device_game;

use crate::core::deal::Deal;
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::piece::PieceId;
use crate::core::record::SideRecord;
use crate::core::side::Side;
use crate::core::variant::{ArmyRule, SuitId, Variant, builtin_variant};
use crate::games::game_error::GameError;
use crate::games::saved::{LoadError, LogProblem, restore_draft, saved_variant};
use crate::games::setup_draft::SetupDraft;
use crate::games::stage::Stage;
use crate::link::fair_deal::deals_by_chance;
use crate::link::{
    ClockTerms, DealHandshake, Endpoint, Invitation, LinkError, LinkStatus, LinkedGame, Sighting,
};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The save format this app writes; it reads every format from 1 up.
pub const LINKED_FORMAT: u32 = 7;

#[derive(Debug, Clone)]
pub struct TwoDeviceGame {
    /// The game, this device's side, the variant and the secret salt.
    end: Endpoint,
    rng: ChaCha8Rng,
    /// The invitation this device joined (its text), or none when it invited.
    invitation: Option<(String, Invitation)>,
    /// Where this device's side of the game stands.
    phase: Phase,
    /// The fair deal, for a variant whose deal is chance (it stays for the
    /// game, which goes on from it), and the other device's deal step as read.
    handshake: Option<DealHandshake>,
    handshake_read: Option<String>,
    /// A game begun before code format 4: the invitation showed the
    /// inviter's setup, and the game goes on so (its codes stay the same).
    setup_shown_first: bool,
    /// A timed game this device invited to before invitations named an
    /// allowance (save format 7): it goes on with the old one.
    clock_before_allowance: bool,
    /// Every code read and action played since the game began, in order.
    log: Vec<Logged>,
    revision: u64,
    /// When a running clock last counted as a change (so it is saved).
    clock_counted: Duration,
}

/// Where this device's side of a two-device game stands, one phase after
/// another.
// One per game, moved only when the phase changes: the game's size in the
// last phase costs nothing worth a box.
#[expect(clippy::large_enum_variant, reason = "one per game (above)")]
#[derive(Debug, Clone)]
enum Phase {
    /// The fair deal under way: this device's first code on show, the other
    /// device's deal step awaited before this device sees its hand.
    Dealing,
    /// The hand dealt, for the player to see (piecepack: none until the
    /// player chooses which suit gives up its flag).
    Deal(Option<Deal>),
    /// Setting up the dealt army.
    Setup(SetupDraft),
    /// Set up: the game between the devices, and the setup it is played with.
    Game { draft: SetupDraft, game: LinkedGame },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Logged {
    Read(String),
    Played(Action),
    OfferDraw,
    DeclineDraw,
    Abandon,
    /// What this player's turn had used when it next acted (a timed game).
    Clock(Duration),
    /// How long this device waited for the code read next (a timed game).
    Waited(Duration),
    /// How long this device waited for the code read next, timed by a
    /// camera that watched for it (no allowance).
    Watched(Duration),
    /// The other's time ran out while this device waited for its code,
    /// this long past the allowance.
    TheirTimeOut(Duration),
}

/// A two-device game as saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedLinked {
    pub format: u32,
    pub variant: String,
    pub options: GameOptions,
    pub side: Side,
    pub game_id: u32,
    /// The salt in hexadecimal.
    pub salt: String,
    /// The invitation's text, when this device joined a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invitation: Option<String>,
    /// This device's deal and setup so far; absent before it has a deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mine: Option<SideRecord>,
    /// "dealing", "deal", "setup" or "game".
    pub stage: String,
    /// The other device's deal step as read (the fair deal of a domino game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handshake: Option<String>,
    /// The commitment this device sent (game stage), in hexadecimal: the
    /// setup and salt of the file must still make it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// "read CODE", "play ACTION", "offer draw" or "decline draw", in order.
    #[serde(default)]
    pub log: Vec<String>,
    /// The game began before code format 4 (its invitation showed the
    /// inviter's setup) and goes on so; older files say it by their format.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub setup_shown_first: bool,
    /// A timed game invited to before code format 6 (and save format 7):
    /// it goes on with the old allowance; older files say it by their format.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_before_allowance: bool,
    pub seed: u64,
}

impl TwoDeviceGame {
    /// A new game this device invites to, playing `me`.
    pub fn create(variant: Arc<Variant>, options: GameOptions, me: Side, seed: u64) -> Self {
        let mut secret = rand::rng();
        let id = secret.random();
        let mut session = TwoDeviceGame::empty(variant, options, me, seed, id, secret.random());
        // (Making an invitation cannot fail; only joining one can.)
        session.begin_handshake().ok();
        session.begin();
        session
    }

    /// Reads the other device's deal step (stage `Dealing`): then this
    /// device has its hand. On any error nothing changes.
    fn read_deal_step(&mut self, text: &str) -> Result<(), LinkError> {
        let handshake = self.handshake.as_mut().ok_or(LinkError::NotYourTurn)?;
        handshake.read(text)?;
        if let Some(deal) = handshake.deal() {
            self.phase = Phase::Deal(Some(deal));
        }
        self.handshake_read = Some(text.to_string());
        self.revision += 1;
        Ok(())
    }

    /// Joins the game of an invitation's text; this device plays the other side.
    pub fn join(text: &str, seed: u64) -> Result<Self, LinkError> {
        let text = text.trim();
        let invitation = Invitation::read(text, builtin_variant)?;
        let mut session = TwoDeviceGame::empty(
            Arc::clone(&invitation.variant),
            invitation.options,
            invitation.inviter.opponent(),
            seed,
            invitation.game_id,
            rand::rng().random(),
        );
        session.invitation = Some((text.to_string(), invitation));
        session.begin_handshake()?;
        session.begin();
        Ok(session)
    }

    fn empty(
        variant: Arc<Variant>,
        options: GameOptions,
        me: Side,
        seed: u64,
        id: u32,
        salt: [u8; 16],
    ) -> Self {
        TwoDeviceGame {
            end: Endpoint::new(variant, options, me, id, salt),
            rng: ChaCha8Rng::seed_from_u64(seed),
            invitation: None,
            phase: Phase::Deal(None),
            handshake: None,
            handshake_read: None,
            setup_shown_first: false,
            clock_before_allowance: false,
            log: Vec::new(),
            revision: 0,
            clock_counted: Duration::ZERO,
        }
    }

    /// Starts the fair deal when the variant's deal is chance: the
    /// invitation, or the joiner's first code.
    fn begin_handshake(&mut self) -> Result<(), LinkError> {
        if !deals_by_chance(self.end.variant()) {
            return Ok(());
        }
        let terms = self.clock_terms();
        self.handshake = Some(match &self.invitation {
            None => DealHandshake::invite_on(
                Arc::clone(self.end.variant()),
                *self.end.options(),
                self.end.side(),
                self.end.game_id(),
                *self.end.salt(),
                terms,
            ),
            Some((_, invitation)) => DealHandshake::join(invitation, *self.end.salt())?,
        });
        Ok(())
    }

    /// The clocks' terms of an invitation of this device's: the new ones,
    /// or the old for a game begun before they were named.
    fn clock_terms(&self) -> ClockTerms {
        if self.clock_before_allowance {
            ClockTerms::BEFORE_ALLOWANCE
        } else {
            ClockTerms::NEW
        }
    }

    /// A fixed army goes straight to setting up; a domino hand waits for the
    /// fair deal, piecepack discards for the player's choice.
    fn begin(&mut self) {
        self.phase = if matches!(self.end.variant().army, ArmyRule::Fixed) {
            Phase::Setup(self.new_draft(Deal::Fixed))
        } else {
            self.before_the_deal()
        };
    }

    /// The phase before this device has its hand: the fair deal under way,
    /// or the player's choice of discards to come.
    fn before_the_deal(&self) -> Phase {
        if self.handshake.is_some() {
            Phase::Dealing
        } else {
            Phase::Deal(None)
        }
    }

    fn new_draft(&self, deal: Deal) -> SetupDraft {
        SetupDraft::new(Arc::clone(self.end.variant()), self.end.side(), deal)
    }

    /// The setup the game is played with (none before it begins).
    fn draft_played(&self) -> Option<&SetupDraft> {
        match &self.phase {
            Phase::Game { draft, .. } => Some(draft),
            _ => None,
        }
    }

    fn game_mut(&mut self) -> Option<&mut LinkedGame> {
        match &mut self.phase {
            Phase::Game { game, .. } => Some(game),
            _ => None,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        self.end.variant()
    }

    pub fn options(&self) -> &GameOptions {
        self.end.options()
    }

    pub fn side(&self) -> Side {
        self.end.side()
    }

    pub fn game_id(&self) -> u32 {
        self.end.game_id()
    }

    /// Whether this device joined an invitation (rather than made it).
    pub fn joined(&self) -> bool {
        self.invitation.is_some()
    }

    /// This device's player has something to do: a move, a deal to look
    /// at or a setup to make (not a code of the other device to wait for).
    pub fn waits_for_this_device(&self) -> bool {
        matches!(self.stage(), Stage::Play | Stage::Deal(_) | Stage::Setup(_))
    }

    /// Where this device's side of the game stands: the fair deal (its
    /// first code on show, the other device's deal step awaited before this
    /// device sees its hand), the deal, the setup, then this player's turn,
    /// waiting for the other device's code, or over for good (checked, or
    /// abandoned).
    pub fn stage(&self) -> Stage {
        match &self.phase {
            Phase::Game { game, .. } => match game.status() {
                LinkStatus::YourTurn => Stage::Play,
                LinkStatus::Finished | LinkStatus::Abandoned => Stage::Over,
                LinkStatus::AwaitingJoin
                | LinkStatus::AwaitingCode
                | LinkStatus::AwaitingReveal => Stage::Waiting,
            },
            Phase::Setup(_) => Stage::Setup(self.end.side()),
            Phase::Dealing => Stage::Dealing,
            Phase::Deal(_) => Stage::Deal(self.end.side()),
        }
    }

    /// The code to show now: the game's last code, or in the fair deal this
    /// device's first code.
    pub fn code_on_show(&self) -> Option<&str> {
        match (self.game(), &self.handshake) {
            (Some(game), _) => game.last_code(),
            (None, Some(handshake)) => Some(handshake.last_code()),
            (None, None) => None,
        }
    }

    /// The codes of this game a camera watching for the other device's
    /// next code should pass over: this device's code on show, and the
    /// other's last code read (it may still be on its screen).
    pub fn codes_known(&self) -> Vec<String> {
        let last_read = self.log.iter().rev().find_map(|entry| match entry {
            Logged::Read(text) => Some(text.clone()),
            _ => None,
        });
        let handshake_read = self.handshake_read.clone();
        self.code_on_show()
            .map(str::to_string)
            .into_iter()
            .chain(last_read.or(handshake_read))
            .collect()
    }

    /// Counts changes, so the app saves only when something changed.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn deal(&self) -> Option<&Deal> {
        match &self.phase {
            Phase::Dealing => None,
            Phase::Deal(deal) => deal.as_ref(),
            Phase::Setup(draft) | Phase::Game { draft, .. } => Some(draft.deal()),
        }
    }

    /// Piecepack: which of this player's suits gives up its flag.
    pub fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), GameError> {
        if !matches!(self.stage(), Stage::Deal(_)) {
            return Err(GameError::NoDeal);
        }
        let deal = Deal::Discard { first_loss_suit };
        deal.army(self.end.variant(), self.end.side())?;
        self.revision += 1;
        self.phase = Phase::Deal(Some(deal));
        Ok(())
    }

    /// The player has seen the deal and goes on to set up.
    pub fn accept_deal(&mut self) -> Result<(), GameError> {
        let deal = match &self.phase {
            Phase::Deal(Some(deal)) => deal.clone(),
            Phase::Deal(None) => return Err(GameError::NoDiscards),
            _ => return Err(GameError::NoDeal),
        };
        self.revision += 1;
        self.phase = Phase::Setup(self.new_draft(deal));
        Ok(())
    }

    /// The setup being made (none once the game begins).
    pub fn draft(&self) -> Option<&SetupDraft> {
        match &self.phase {
            Phase::Setup(draft) => Some(draft),
            _ => None,
        }
    }

    pub fn draft_mut(&mut self) -> Option<&mut SetupDraft> {
        self.revision += 1;
        match &mut self.phase {
            Phase::Setup(draft) => Some(draft),
            _ => None,
        }
    }

    /// "Fill for me": the rest of the setup at random.
    pub fn fill_for_me(&mut self) {
        self.revision += 1;
        if let Phase::Setup(draft) = &mut self.phase {
            draft.fill_for_me(&mut self.rng);
        }
    }

    /// The setup is done: this device makes its invitation, or its answer
    /// to the invitation it joined.
    pub fn setup_ready(&mut self) -> Result<(), GameError> {
        let Some(draft) = self.draft() else {
            return Err(GameError::NoSetup);
        };
        let problems = draft.problems(self.end.options());
        if !problems.is_empty() {
            return Err(GameError::Setup(problems));
        }
        let checked = draft
            .to_setup()
            .check(self.end.variant(), draft.deal(), self.end.options())
            .map_err(|e| GameError::Setup(e.problems))?;
        if let Some(handshake) = &self.handshake {
            let game = LinkedGame::after_handshake(handshake, checked)?;
            self.begin_game(game);
            return Ok(());
        }
        let game = match &self.invitation {
            None if self.setup_shown_first => LinkedGame::invite_showing_setup(
                Arc::clone(self.end.variant()),
                *self.end.options(),
                checked,
                self.end.game_id(),
                *self.end.salt(),
            ),
            None => LinkedGame::invite_on(
                Arc::clone(self.end.variant()),
                *self.end.options(),
                checked,
                self.end.game_id(),
                *self.end.salt(),
                self.clock_terms(),
            ),
            Some((_, invitation)) => LinkedGame::join(
                invitation,
                checked,
                *self.end.salt(),
                self.setup_shown_first,
            )?,
        };
        self.begin_game(game);
        Ok(())
    }

    /// The setup is made and sent: the game begins with it.
    fn begin_game(&mut self, game: LinkedGame) {
        let phase = std::mem::replace(&mut self.phase, Phase::Dealing);
        if let Phase::Setup(draft) = phase {
            self.phase = Phase::Game { draft, game };
            self.revision += 1;
        } else {
            // (Only `setup_ready` begins a game, and only from a setup.)
            self.phase = phase;
        }
    }

    /// The game, once this device is set up.
    pub fn game(&self) -> Option<&LinkedGame> {
        match &self.phase {
            Phase::Game { game, .. } => Some(game),
            _ => None,
        }
    }

    pub fn status(&self) -> Option<LinkStatus> {
        self.game().map(LinkedGame::status)
    }

    /// Plays this player's action. In a timed game the time its turn has
    /// used goes in the log first, so that the game replays to the same codes.
    pub fn play(&mut self, action: Action) -> Result<(), LinkError> {
        let game = self.game_mut().ok_or(LinkError::NotYourTurn)?;
        let used = game.turn_time_used();
        if let Some(used) = used {
            game.set_turn_time_used(used)?;
        }
        if let Err(e) = game.play(action) {
            // The clock stopped for the action runs on from when it stopped.
            if let Some((_, now)) = game.clock() {
                game.set_time(now);
            }
            return Err(e);
        }
        if let Some(used) = used {
            self.log_clock(used);
        }
        self.log.push(Logged::Played(action));
        self.revision += 1;
        Ok(())
    }

    /// Logs what this player's turn has used (one entry for a run of them).
    fn log_clock(&mut self, used: Duration) {
        if let Some(Logged::Clock(_)) = self.log.last() {
            self.log.pop();
        }
        self.log.push(Logged::Clock(used));
    }

    /// The time is `now`: in a timed game this player's clock runs on its
    /// turn while the game is open in the app (on any screen: the other
    /// player waits), and when it runs out the game is lost on time. A
    /// running clock counts as a change every 5 s, so a game killed mid-turn
    /// comes back with its clock as saved then.
    pub fn set_time(&mut self, now: Duration) {
        let Some(game) = self.game_mut() else {
            return;
        };
        game.set_time(now);
        if game.time_ran_out() {
            let _ = self.play(Action::OutOfTime(self.end.side()));
            return;
        }
        if let Some(beyond) = game.wait_ran_out() {
            game.their_time_ran_out_waiting(beyond);
            self.log.push(Logged::TheirTimeOut(beyond));
            self.revision += 1;
            return;
        }
        const SAVED_EVERY: Duration = Duration::from_secs(5);
        let running = game.clock().is_some_and(|(clock, _)| clock.running());
        if running && now.saturating_sub(self.clock_counted) >= SAVED_EVERY {
            self.clock_counted = now;
            self.revision += 1;
        }
    }

    /// The side whose draw offer stands, if any:
    /// - the other player's side: its offer came in the last code read, and
    ///   this player answers it on its turn with `answer_draw` (or declines
    ///   it by simply playing a move);
    /// - this player's side: this player offered with `offer_draw`; the offer
    ///   goes out with the code that ends its turn (status still `YourTurn`),
    ///   then waits for the other device's next code (status `AwaitingCode`).
    ///
    /// `None` when no offer stands: never made, answered, or the game is over.
    pub fn draw_offer(&self) -> Option<Side> {
        self.game().and_then(LinkedGame::draw_offer)
    }

    /// Whether the last code read played on past this player's draw offer:
    /// the other player declined it (say so once). Cleared by this player's
    /// next action.
    pub fn draw_declined(&self) -> bool {
        self.game().is_some_and(LinkedGame::draw_declined)
    }

    /// This player offers a draw, on its turn. The player then plays its turn
    /// as usual; the offer travels in the code that ends it, and the other
    /// device answers on its turn. Offering again before then changes nothing.
    /// Errors: not this player's turn (`NotYourTurn`), or the other player's
    /// offer waits for an answer (`OfferWaiting`: accept it instead).
    pub fn offer_draw(&mut self) -> Result<(), LinkError> {
        let game = self.game_mut().ok_or(LinkError::NotYourTurn)?;
        game.offer_draw()?;
        self.log.push(Logged::OfferDraw);
        self.revision += 1;
        Ok(())
    }

    /// Answers the other player's draw offer on this player's turn.
    /// Accepting ends the game as an agreed draw (`Action::AgreeDraw`); the
    /// code on show then tells the other device and opens this device's setup,
    /// as at any ending. Declining lets the player play on; its next move
    /// tells the other device (a move without answering declines too).
    /// Errors: no offer waits (`NotOffered`), or not this player's turn.
    pub fn answer_draw(&mut self, accept: bool) -> Result<(), LinkError> {
        if accept {
            return self.play(Action::AgreeDraw);
        }
        let game = self.game_mut().ok_or(LinkError::NotOffered)?;
        game.decline_draw()?;
        self.log.push(Logged::DeclineDraw);
        self.revision += 1;
        Ok(())
    }

    /// A log's "clock" entry: what this player's turn had used then.
    fn restore_turn_time(&mut self, used: Duration) -> Result<(), LogProblem> {
        let game = self
            .game_mut()
            .ok_or(LogProblem::Refused(LinkError::NotYourTurn))?;
        game.set_turn_time_used(used).map_err(LogProblem::Refused)?;
        self.log_clock(used);
        Ok(())
    }

    /// A log's "waited" entry: the wait for the code read next, which it is
    /// charged by as it was when read (the log is replayed with no clock
    /// running). It is logged again by that read.
    fn restore_wait(&mut self, waited: Duration, watched: bool) -> Result<(), LogProblem> {
        let game = self
            .game_mut()
            .ok_or(LogProblem::Refused(LinkError::NotYourTurn))?;
        game.replay_wait(waited, watched);
        Ok(())
    }

    /// A log's "their time out" entry: the other's time ran out while this
    /// device waited for its code.
    fn restore_their_time_out(&mut self, beyond: Duration) -> Result<(), LogProblem> {
        let game = self
            .game_mut()
            .ok_or(LogProblem::Refused(LinkError::NotYourTurn))?;
        game.their_time_ran_out_waiting(beyond);
        self.log.push(Logged::TheirTimeOut(beyond));
        Ok(())
    }

    /// Ends the game as abandoned by the other device (it stopped sending
    /// codes), while this device waits for its code: not a result.
    pub fn abandon(&mut self) -> Result<(), LinkError> {
        let game = self.game_mut().ok_or(LinkError::NotYourTurn)?;
        game.abandon()?;
        self.log.push(Logged::Abandon);
        self.revision += 1;
        Ok(())
    }

    /// Reads the other device's code; on any error nothing changes. In the
    /// fair deal it is the other device's deal step; after it, and before
    /// this device is set up, no code is read (`SetUpFirst`).
    pub fn read(&mut self, text: &str) -> Result<(), LinkError> {
        self.read_sighted(text, Sighting::Other)
    }

    /// Reads the other device's code, come by as `sighting` says: a code a
    /// watching camera saw appear charges the other its whole wait.
    pub fn read_sighted(&mut self, text: &str, sighting: Sighting) -> Result<(), LinkError> {
        let text = text.trim();
        if matches!(self.phase, Phase::Dealing) {
            return self.read_deal_step(text);
        }
        let game = self.game_mut().ok_or(LinkError::SetUpFirst)?;
        game.read_sighted(text, sighting)?;
        // The wait it was charged by, so a restored game charges the same.
        if let Some(time) = game.their_time()
            && let Some(waited) = time.waited
        {
            self.log.push(if time.watched {
                Logged::Watched(waited)
            } else {
                Logged::Waited(waited)
            });
        }
        self.log.push(Logged::Read(text.to_string()));
        self.revision += 1;
        Ok(())
    }

    pub fn to_saved(&self) -> SavedLinked {
        let mine = self.deal().map(|deal| {
            let placements = self
                .draft()
                .or(self.draft_played())
                .map_or(Vec::new(), |d| d.to_setup().placements);
            SideRecord::new(self.end.variant(), deal, &placements)
        });
        SavedLinked {
            format: LINKED_FORMAT,
            variant: self.end.variant().id.clone(),
            options: *self.end.options(),
            side: self.end.side(),
            game_id: self.end.game_id(),
            salt: hex(self.end.salt()),
            invitation: self.invitation.as_ref().map(|(text, _)| text.clone()),
            mine,
            handshake: self.handshake_read.clone(),
            stage: match self.stage() {
                Stage::Dealing => "dealing",
                Stage::Deal(_) => "deal",
                Stage::Setup(_) => "setup",
                _ => "game",
            }
            .into(),
            commitment: self.game().map(|g| hex(&g.commitment())),
            log: self
                .log
                .iter()
                .cloned()
                .chain(self.turn_time_to_save())
                .map(|entry| logged_text(&entry))
                .collect(),
            seed: self.rng.clone().next_u64(),
            setup_shown_first: self.setup_shown_first,
            clock_before_allowance: self.clock_before_allowance,
        }
    }

    /// What this player's turn under way has used, for the save's last entry.
    fn turn_time_to_save(&self) -> Option<Logged> {
        let used = self.game()?.turn_time_used()?;
        (self.log.last() != Some(&Logged::Clock(used))).then_some(Logged::Clock(used))
    }

    /// Rebuilds a saved game, replaying every code and action: a file that
    /// parses but does not make the same game is refused, never trusted.
    pub fn from_saved(saved: &SavedLinked) -> Result<TwoDeviceGame, LoadError> {
        // Every older format reads as it is (format 1 lacks only the draw entries).
        let format = match saved.format {
            1..=LINKED_FORMAT => LINKED_FORMAT,
            other => other,
        };
        let variant = saved_variant(format, LINKED_FORMAT, &saved.variant, &saved.options)?;
        let salt = parse_salt(&saved.salt).ok_or(LoadError::Salt)?;
        let mut session = TwoDeviceGame::empty(
            Arc::clone(&variant),
            saved.options,
            saved.side,
            saved.seed,
            saved.game_id,
            salt,
        );
        // A game under way before code format 4 goes on as it began.
        session.setup_shown_first = !deals_by_chance(&variant)
            && (saved.setup_shown_first || (saved.format < 4 && saved.stage == "game"));
        // A timed game this device invited to before save format 7 goes on
        // with the allowance its invitation had (a joiner's is in its text).
        session.clock_before_allowance = saved.options.time_control.is_some()
            && saved.invitation.is_none()
            && (saved.clock_before_allowance || saved.format < 7);
        if let Some(text) = &saved.invitation {
            let invitation =
                Invitation::read(text, builtin_variant).map_err(LoadError::Invitation)?;
            if invitation.game_id != saved.game_id || invitation.inviter != saved.side.opponent() {
                return Err(LoadError::InvitationElsewhere);
            }
            session.invitation = Some((text.clone(), invitation));
        }
        if deals_by_chance(&variant) {
            if saved.format < 3 {
                return Err(LoadError::BeforeFairDeal {
                    variant: variant.name.clone(),
                    format: saved.format,
                });
            }
            session.begin_handshake().map_err(LoadError::Invitation)?;
            session.phase = session.before_the_deal();
            if let Some(text) = &saved.handshake {
                session.read_deal_step(text).map_err(LoadError::DealStep)?;
            }
        }
        if let Some(record) = &saved.mine {
            let draft = restore_draft(&variant, saved.side, record)?;
            if session.handshake.is_some() && session.deal() != Some(draft.deal()) {
                return Err(LoadError::NotTheDealtHand);
            }
            session.phase = if saved.stage == "deal" {
                Phase::Deal(Some(draft.deal().clone()))
            } else {
                Phase::Setup(draft)
            };
        }
        match saved.stage.as_str() {
            "dealing" if matches!(session.phase, Phase::Dealing) => {}
            "deal" if matches!(session.phase, Phase::Deal(_)) => {}
            "setup" if matches!(session.phase, Phase::Setup(_)) => {}
            "game" => {
                session.setup_ready().map_err(LoadError::NotReady)?;
                let made = session.game().map(|g| hex(&g.commitment()));
                if made != saved.commitment {
                    return Err(LoadError::Commitment);
                }
                for (i, line) in saved.log.iter().enumerate() {
                    let done = match parse_logged(line, saved.side) {
                        Ok(Logged::Read(text)) => session.read(&text).map_err(LogProblem::Refused),
                        Ok(Logged::Played(action)) => {
                            session.play(action).map_err(LogProblem::Refused)
                        }
                        Ok(Logged::OfferDraw) => session.offer_draw().map_err(LogProblem::Refused),
                        Ok(Logged::DeclineDraw) => {
                            session.answer_draw(false).map_err(LogProblem::Refused)
                        }
                        Ok(Logged::Abandon) => session.abandon().map_err(LogProblem::Refused),
                        Ok(Logged::Clock(used)) => session.restore_turn_time(used),
                        Ok(Logged::Waited(waited)) => session.restore_wait(waited, false),
                        Ok(Logged::Watched(waited)) => session.restore_wait(waited, true),
                        Ok(Logged::TheirTimeOut(beyond)) => session.restore_their_time_out(beyond),
                        Err(problem) => Err(problem),
                    };
                    done.map_err(|problem| LoadError::Log {
                        number: i + 1,
                        problem,
                    })?;
                }
            }
            other => return Err(LoadError::Stage(other.to_string())),
        }
        session.revision = 0;
        Ok(session)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn parse_salt(hex: &str) -> Option<[u8; 16]> {
    if hex.len() != 32 || !hex.is_ascii() {
        return None;
    }
    let mut salt = [0u8; 16];
    for (i, byte) in salt.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(salt)
}

fn logged_text(entry: &Logged) -> String {
    match entry {
        Logged::Read(text) => format!("read {text}"),
        Logged::Played(Action::Move(m)) => format!("play {m}"),
        Logged::Played(Action::Rescue { piece, to }) => {
            format!("play rescue #{} to {to}", piece.index)
        }
        Logged::Played(Action::SkipRescue) => "play skip-rescue".into(),
        Logged::Played(Action::Resign(_)) => "play resign".into(),
        Logged::Played(Action::OutOfTime(_)) => "play out-of-time".into(),
        Logged::Played(Action::AgreeDraw) => "play draw".into(),
        Logged::OfferDraw => "offer draw".into(),
        Logged::DeclineDraw => "decline draw".into(),
        Logged::Abandon => "abandon".into(),
        Logged::Clock(used) => format!("clock {}", used.as_millis()),
        Logged::Waited(waited) => format!("waited {}", waited.as_millis()),
        Logged::Watched(waited) => format!("watched {}", waited.as_millis()),
        Logged::TheirTimeOut(beyond) => format!("their time out {}", beyond.as_millis()),
    }
}

/// The inverse of `logged_text`: a device logs only its own player's actions.
fn parse_logged(line: &str, me: Side) -> Result<Logged, LogProblem> {
    if let Some(text) = line.strip_prefix("read ") {
        return Ok(Logged::Read(text.to_string()));
    }
    match line {
        "offer draw" => return Ok(Logged::OfferDraw),
        "decline draw" => return Ok(Logged::DeclineDraw),
        "abandon" => return Ok(Logged::Abandon),
        _ => {}
    }
    if let Some(ms) = line.strip_prefix("clock ") {
        let ms: u64 = ms
            .parse()
            .map_err(|_| LogProblem::NotAnAction(line.to_string()))?;
        return Ok(Logged::Clock(Duration::from_millis(ms)));
    }
    let millis = |ms: &str| -> Result<Duration, LogProblem> {
        ms.parse()
            .map(Duration::from_millis)
            .map_err(|_| LogProblem::NotAnAction(line.to_string()))
    };
    if let Some(ms) = line.strip_prefix("waited ") {
        return Ok(Logged::Waited(millis(ms)?));
    }
    if let Some(ms) = line.strip_prefix("watched ") {
        return Ok(Logged::Watched(millis(ms)?));
    }
    if let Some(ms) = line.strip_prefix("their time out ") {
        return Ok(Logged::TheirTimeOut(millis(ms)?));
    }
    let action = line
        .strip_prefix("play ")
        .ok_or_else(|| LogProblem::Unknown(line.to_string()))?;
    let words: Vec<&str> = action.split_whitespace().collect();
    let bad = || LogProblem::NotAnAction(action.to_string());
    Ok(Logged::Played(match words.as_slice() {
        ["skip-rescue"] => Action::SkipRescue,
        ["draw"] => Action::AgreeDraw,
        ["resign"] => Action::Resign(me),
        ["out-of-time"] => Action::OutOfTime(me),
        ["rescue", index, "to", to] => {
            let index: u8 = index
                .strip_prefix('#')
                .and_then(|i| i.parse().ok())
                .ok_or_else(bad)?;
            Action::Rescue {
                piece: PieceId { side: me, index },
                to: to.parse().map_err(|_| bad())?,
            }
        }
        [single] => Action::Move(single.parse().map_err(|_| bad())?),
        _ => return Err(bad()),
    }))
}
