//! The clocks of a timed two-device game on this device (code format 5,
//! and 6 for its allowance).
//!
//! Each device times its own player: its clock runs while this player's
//! turn is under way and the game is open in the app, on any screen (the
//! other player is waiting), and stops while an attack waits for its answer.
//! Each turn code carries how long the sender's clock ran since its last
//! code (its claim).
//!
//! What this device can check is its own wait: from showing its code to
//! seeing the other's. Scanning the other's code is part of one's move, as
//! pressing a clock is, so the whole wait is the other's time, less this
//! device's own reading of the code:
//! - **watched**: a camera that was already watching when the code
//!   appeared saw it at a known moment (`Sighting::Watched`), so this
//!   device reads nothing of the other's time as its own: the other is
//!   charged its whole wait, with no allowance;
//! - **otherwise** (pasted text, a picture, a camera opened on the code)
//!   the code may have waited unread for a while: the other is charged its
//!   wait less the invitation's allowance (`ClockTerms::allowance`).
//!
//! The other side is charged the longer of its claim and that, so a device
//! that claims less than it took is charged what it took, and loses on time
//! here when that runs out, whatever its own clock says. While this device
//! waits, the other's clock runs down here past the allowance, so a device
//! that holds its code back (its answer to an attack included) loses on time
//! here instead of stopping both clocks. Besides the clocks it plays by, this
//! device keeps its own count of the other's time, charged whole waits with
//! no allowance (`whole`): a loss on time of this device's player is called
//! verified only when that count agrees the other still had time.

use super::phase::LinkStatus;
use crate::core::clock::GameClock;
use crate::core::moves::Action;
use crate::core::side::Side;
use crate::link::error::{LinkError, Refusal};
use crate::link::sighting::Sighting;
use std::time::Duration;

/// The allowance of games whose invitation names none (code format 5):
/// 10 s a wait for both codes' travel.
pub const TRAVEL: Duration = Duration::from_secs(10);

/// The allowance a new invitation names: what a code read from pasted text
/// or a picture may take besides the other player's thinking (a QR code
/// shown and scanned face to face takes a second or two).
pub const ALLOWANCE: Duration = Duration::from_secs(5);

/// What both devices agreed of the clocks when the game began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockTerms {
    /// Of a wait for a code not read by a watching camera, the part not
    /// charged to the other side.
    pub allowance: Duration,
    /// Codes carry what each device counted of the other's time beyond its
    /// claims (code format 6), so both devices show both counts.
    pub shares_counts: bool,
}

impl ClockTerms {
    /// The terms of a new invitation.
    pub const NEW: ClockTerms = ClockTerms {
        allowance: ALLOWANCE,
        shares_counts: true,
    };

    /// The terms of a game whose invitation (code format 5) named none.
    pub const BEFORE_ALLOWANCE: ClockTerms = ClockTerms {
        allowance: TRAVEL,
        shares_counts: false,
    };
}

/// How long the other device says its clock ran for the last code read,
/// how long this device waited for that code since showing its own
/// (unknown when the app was closed in between, or when the wait held the
/// other's setting up), whether a watching camera timed it, and what this
/// device charged for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TheirTime {
    pub claimed: Duration,
    pub waited: Option<Duration>,
    /// The wait was timed by a camera that saw the code appear: no allowance.
    pub watched: bool,
    pub charged: Duration,
}

impl TheirTime {
    /// What this device charged beyond the claim: thinking the other
    /// device left out, as far as the wait shows it.
    pub fn charged_beyond_claim(&self) -> Duration {
        self.charged.saturating_sub(self.claimed)
    }

    /// The wait the claim leaves out: the codes' travel, or thinking left out.
    pub fn unclaimed(&self) -> Option<Duration> {
        self.waited.map(|w| w.saturating_sub(self.claimed))
    }
}

#[derive(Debug, Clone)]
pub(super) struct LinkClock {
    pub(super) clock: GameClock,
    /// The same clocks with the other side charged its whole waits (no
    /// allowance): this device's own count of the other's time.
    whole: GameClock,
    /// Of the other side's turn under way, its whole waits beyond what it
    /// was charged (added to `whole` when the turn ends).
    whole_extra: Duration,
    me: Side,
    pub(super) terms: ClockTerms,
    /// Whose turn the clocks last followed (none before the start and once
    /// the game is over).
    turn: Option<Side>,
    /// The time last told; none until the app tells it (while a saved game
    /// is replayed from its log).
    now: Option<Duration>,
    /// Of this player's turn under way, the time already sent in a code
    /// (its attack's, before a rescue).
    sent: Duration,
    /// When this device's last code went out, while it waits for the other's.
    shown_at: Option<Duration>,
    /// A code went out before the app told any time (it is made as the
    /// game is set up, or replayed from a save): it went out when the time
    /// is first told.
    shown_untold: bool,
    pub(super) last: Option<TheirTime>,
    /// The other's waits less its claims, over the game (where known).
    pub(super) unclaimed: Duration,
    /// What this device charged the other beyond its claims, over the game.
    pub(super) beyond: Duration,
    /// What the other device says it charged this player beyond its
    /// claims, over the game (its last code's count, code format 6).
    pub(super) their_count_of_mine: Option<Duration>,
    /// The other's time ran out on this device only because of what it
    /// was charged beyond its claims (its own clock may say otherwise).
    pub(super) out_by_waits: bool,
    /// The wait for the code read next, as a saved log recorded it (the
    /// log is replayed with no clock running), and whether a camera timed it.
    replayed_wait: Option<(Duration, bool)>,
}

impl LinkClock {
    pub(super) fn new(clock: GameClock, me: Side, terms: ClockTerms) -> LinkClock {
        LinkClock {
            whole: clock.clone(),
            clock,
            whole_extra: Duration::ZERO,
            me,
            terms,
            turn: None,
            now: None,
            sent: Duration::ZERO,
            shown_at: None,
            shown_untold: false,
            last: None,
            unclaimed: Duration::ZERO,
            beyond: Duration::ZERO,
            their_count_of_mine: None,
            out_by_waits: false,
            replayed_wait: None,
        }
    }

    pub(super) fn now(&self) -> Option<Duration> {
        self.now
    }

    /// The time is `now`; this player's clock runs when `mine_runs`.
    pub(super) fn tell(&mut self, now: Duration, mine_runs: bool) {
        self.now = Some(now);
        if std::mem::take(&mut self.shown_untold) {
            self.shown_at = Some(now);
        }
        if mine_runs && self.turn == Some(self.me) {
            self.clock.resume(now);
        } else {
            self.clock.pause(now);
        }
    }

    /// Stops this player's clock at the time last told (before it acts).
    pub(super) fn stop(&mut self) {
        if let Some(now) = self.now {
            self.clock.pause(now);
        }
    }

    /// Whether this player's time has run out (its turn, its clock stopped).
    pub(super) fn mine_out(&mut self) -> bool {
        self.turn == Some(self.me)
            && self.clock.check(self.now.unwrap_or_default()) == Some(self.me)
    }

    /// The time this player's turn has used (saved, and replayed from a log).
    pub(super) fn my_turn_used(&self) -> Option<Duration> {
        (self.turn == Some(self.me)).then(|| self.clock.turn_used(self.now.unwrap_or_default()))
    }

    /// Sets what this player's turn has used, its clock stopped (a saved
    /// turn, or a log's entry before an action).
    pub(super) fn set_my_turn_used(&mut self, used: Duration) -> bool {
        if self.turn != Some(self.me) {
            return false;
        }
        self.clock.set_turn_used(used);
        true
    }

    /// This device's code goes out, and the other's is awaited: the time
    /// its clock ran since its last code, which the code carries.
    pub(super) fn code_out(&mut self) -> Duration {
        self.stop();
        let used = self.my_turn_used().unwrap_or(self.sent);
        let since = used.saturating_sub(self.sent);
        self.sent = used;
        self.shown_at = self.now;
        self.shown_untold = self.now.is_none();
        since
    }

    /// The wait so far for the other's code beyond the allowance: what its
    /// clock has run down here while this device waits.
    pub(super) fn waiting_beyond(&self) -> Duration {
        match (self.now, self.shown_at) {
            (Some(now), Some(shown)) => now
                .saturating_sub(shown)
                .saturating_sub(self.terms.allowance),
            _ => Duration::ZERO,
        }
    }

    /// The clocks as this device shows them now: while it waits for the
    /// other's code, the other's time runs down past the allowance.
    pub(super) fn shown(&self) -> GameClock {
        let mut shown = self.clock.clone();
        let (Some(now), Some(since)) = (self.now, self.shown_at) else {
            return shown;
        };
        let runs_from = since + self.terms.allowance;
        if now < runs_from || self.clock.out_of_time().is_some() {
            return shown;
        }
        let enemy = self.me.opponent();
        if self.turn == Some(enemy) {
            shown.resume(runs_from);
            shown.check(now);
        } else if self.turn == Some(self.me) {
            // An answer to this player's attack is awaited: the other's.
            shown.charge_waiting(enemy, now - runs_from);
        }
        shown
    }

    /// Whether the other side's time has run out while this device waits
    /// for its code (charged here beyond the allowance).
    pub(super) fn theirs_out_waiting(&self) -> bool {
        self.clock.out_of_time().is_none() && self.shown().out_of_time() == Some(self.me.opponent())
    }

    /// The other's time ran out while this device waited, `beyond` past
    /// the allowance: charged so, as this device's count, not its own
    /// device's.
    pub(super) fn charge_the_wait(&mut self, beyond: Duration) {
        let enemy = self.me.opponent();
        if self.turn == Some(enemy) {
            let used = self.clock.turn_used(Duration::ZERO);
            self.clock.set_turn_used(used + beyond);
            self.clock.check(Duration::ZERO);
        } else {
            self.clock.charge_waiting(enemy, beyond);
            self.whole.charge_waiting(enemy, beyond);
        }
        self.beyond += beyond;
        self.out_by_waits = true;
        self.shown_at = None;
    }

    /// Takes in the other device's claim for its code: `false` when its
    /// clock could not have run (nothing changes then). `begun`: the wait
    /// for the code was play, not the other's setting up. `sighting`: how
    /// this device came by the code. `answer_only`: the code only answers
    /// this player's attack (a rescue of this player's follows), so its
    /// wait is charged to the other outside its turn.
    pub(super) fn their_claim(
        &mut self,
        claimed: Duration,
        begun: bool,
        sighting: Sighting,
        answer_only: bool,
    ) -> bool {
        let enemy = self.me.opponent();
        let their_turn = self.turn == Some(enemy) && self.clock.out_of_time().is_none();
        if !claimed.is_zero() && !their_turn {
            return false;
        }
        let replayed = self.replayed_wait.take();
        self.shown_untold = false;
        let (waited, watched) = match (self.now, self.shown_at.take(), replayed) {
            (_, _, Some(replayed)) if begun => (Some(replayed.0), replayed.1),
            (Some(now), Some(shown), None) if begun => match sighting {
                Sighting::Watched { seen_at } => {
                    (Some(seen_at.min(now).saturating_sub(shown)), true)
                }
                Sighting::Other => (Some(now.saturating_sub(shown)), false),
            },
            _ => (None, false),
        };
        let allowance = if watched {
            Duration::ZERO
        } else {
            self.terms.allowance
        };
        let charged_for = |wait: Duration| wait.saturating_sub(allowance);
        let charged = match waited {
            Some(waited) if their_turn => claimed.max(charged_for(waited)),
            // An answer alone: the wait for it was the other's.
            Some(waited) if answer_only => charged_for(waited),
            _ => claimed,
        };
        let time = TheirTime {
            claimed,
            waited,
            watched,
            charged,
        };
        self.unclaimed += time.unclaimed().unwrap_or_default();
        self.beyond += time.charged_beyond_claim();
        self.last = Some(time);
        let whole = waited.map_or(charged, |w| charged.max(w));
        if their_turn {
            let before = self.clock.turn_used(Duration::ZERO);
            // Whether the claim alone would have used up its time.
            self.clock.set_turn_used(before + claimed);
            let out_by_claim = self.clock.check(Duration::ZERO) == Some(enemy);
            self.clock.set_turn_used(before + charged);
            self.out_by_waits = !out_by_claim && self.clock.check(Duration::ZERO) == Some(enemy);
            self.whole_extra += whole.saturating_sub(charged);
        } else if answer_only && !charged.is_zero() {
            self.clock.charge_waiting(enemy, charged);
            self.whole.charge_waiting(enemy, whole);
            self.out_by_waits = self.clock.out_of_time() == Some(enemy);
        }
        true
    }

    /// Whether the other side's claims have used up its time.
    pub(super) fn theirs_out(&mut self) -> bool {
        let enemy = self.me.opponent();
        self.clock.out_of_time() == Some(enemy)
            || (self.turn == Some(enemy) && self.clock.check(Duration::ZERO) == Some(enemy))
    }

    /// Whether, by this device's own count (the other charged its whole
    /// waits), the other side's time had run out.
    pub(super) fn theirs_out_by_whole_count(&self) -> bool {
        self.whole.out_of_time() == Some(self.me.opponent())
    }

    /// The turn is now `turn`'s (none once the game is over). When a turn
    /// passes, the side whose turn ended is charged what it used and given
    /// its increment; when the game ends, the clocks just stop.
    pub(super) fn follow(&mut self, turn: Option<Side>) {
        if self.turn == turn {
            return;
        }
        self.stop();
        match (self.turn, turn) {
            (Some(ended), Some(_)) => {
                let used = self.clock.turn_used(Duration::ZERO);
                self.clock.charge_turn(ended, used);
                let extra = std::mem::take(&mut self.whole_extra);
                let whole_used = if ended == self.me { used } else { used + extra };
                self.whole.charge_turn(ended, whole_used);
            }
            (None, Some(first)) => {
                self.clock.begin_turn(first);
                self.whole.begin_turn(first);
            }
            (Some(ended), None) => {
                // The game ended in the other's turn: its whole count too.
                if ended != self.me {
                    let used = self.clock.turn_used(Duration::ZERO);
                    let extra = std::mem::take(&mut self.whole_extra);
                    self.whole.set_turn_used(used + extra);
                    self.whole.check(Duration::ZERO);
                }
            }
            (None, None) => {}
        }
        self.turn = turn;
        if turn == Some(self.me) {
            self.sent = Duration::ZERO;
        }
    }
}

impl super::LinkedGame {
    /// The time is `now` on the app's time source: in a timed game this
    /// player's clock runs while its turn is under way, and the other's
    /// runs down here while this device waits for its code (past the
    /// allowance: `wait_ran_out` says when it has run out).
    pub fn set_time(&mut self, now: Duration) {
        let runs = self.status() == LinkStatus::YourTurn;
        if let Some(clock) = self.clock.as_mut() {
            clock.tell(now, runs);
        }
    }

    /// How far past the allowance this device has waited for the other's
    /// code, when that has used up the other's time: the other then loses
    /// on time here (`their_time_ran_out_waiting`).
    pub fn wait_ran_out(&self) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        (self.waiting_counts() && clock.theirs_out_waiting()).then(|| clock.waiting_beyond())
    }

    /// Whether this device's wait for the other's code now is the other's
    /// time: its turn, or its answer to this player's attack, once the
    /// game is under way (not while the other sets up).
    fn waiting_counts(&self) -> bool {
        let status = self.status();
        let waiting = status == LinkStatus::AwaitingCode && self.position.is_some();
        waiting && !self.over()
    }

    /// The other's time ran out while this device waited for its code,
    /// `beyond` past the allowance (`wait_ran_out`, or a saved log's
    /// record of it): it loses on time by this device's count.
    pub fn their_time_ran_out_waiting(&mut self, beyond: Duration) {
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        clock.charge_the_wait(beyond);
        let enemy = self.end.side().opponent();
        self.plies.push((enemy, Action::OutOfTime(enemy)));
        self.pending_attack = None;
        if self.rebuild().is_ok() {
            self.sync_clock();
            self.compose_if_due();
        }
    }

    /// Whether this player's time has run out on its turn: the session
    /// then plays `Action::OutOfTime` for it.
    pub fn time_ran_out(&mut self) -> bool {
        self.status() == LinkStatus::YourTurn
            && self.clock.as_mut().is_some_and(LinkClock::mine_out)
    }

    /// Both sides' clocks in a timed game as this device shows them (the
    /// other's running down while this device waits past the allowance),
    /// and the time last told.
    pub fn clock(&self) -> Option<(GameClock, Duration)> {
        let clock = self.clock.as_ref()?;
        Some((clock.shown(), clock.now().unwrap_or_default()))
    }

    /// The clocks' terms: the allowance, and whether counts are shared.
    pub fn clock_terms(&self) -> Option<ClockTerms> {
        Some(self.clock.as_ref()?.terms)
    }

    /// The other device's claim for the last code read, and this device's wait for it.
    pub fn their_time(&self) -> Option<TheirTime> {
        self.clock.as_ref()?.last
    }

    /// Over the game, the other device's waits less its claims (where known).
    pub fn their_unclaimed_time(&self) -> Option<Duration> {
        Some(self.clock.as_ref()?.unclaimed)
    }

    /// Over the game, what this device charged the other beyond its claims.
    pub fn their_time_beyond_claims(&self) -> Option<Duration> {
        Some(self.clock.as_ref()?.beyond)
    }

    /// What the other device says it charged this player beyond its
    /// claims, over the game (games whose codes share their counts).
    pub fn my_time_beyond_claims_there(&self) -> Option<Duration> {
        self.clock.as_ref()?.their_count_of_mine
    }

    /// The wait for the code read next, from a saved log (see
    /// `LinkClock::replayed_wait`), and whether a watching camera timed it.
    pub fn replay_wait(&mut self, waited: Duration, watched: bool) {
        if let Some(clock) = self.clock.as_mut() {
            clock.replayed_wait = Some((waited, watched));
        }
    }

    /// The other side lost on time on this device only by what it was
    /// charged beyond its claims: its own device may not agree.
    pub fn their_time_ran_out_by_waits(&self) -> bool {
        self.clock.as_ref().is_some_and(|clock| clock.out_by_waits)
    }

    /// This player lost on time, but by this device's own count (the other
    /// charged its whole waits, no allowance) the other's time had run out
    /// first: the result on time is not verified.
    pub fn my_time_loss_disputed(&self) -> bool {
        let me = self.end.side();
        let lost_on_time = self.plies.last() == Some(&(me, Action::OutOfTime(me)));
        lost_on_time
            && self
                .clock
                .as_ref()
                .is_some_and(LinkClock::theirs_out_by_whole_count)
    }

    /// What this player's turn under way has used (a timed game, its turn).
    pub fn turn_time_used(&self) -> Option<Duration> {
        self.clock.as_ref()?.my_turn_used()
    }

    /// Sets what this player's turn has used, its clock stopped: the save's
    /// and the log's record of it, replayed.
    pub fn set_turn_time_used(&mut self, used: Duration) -> Result<(), LinkError> {
        let set = self
            .clock
            .as_mut()
            .is_some_and(|clock| clock.set_my_turn_used(used));
        if set {
            Ok(())
        } else {
            Err(LinkError::NotYourTurn)
        }
    }

    /// The clocks follow the position's turn, and this player's runs while
    /// it can act.
    pub(super) fn sync_clock(&mut self) {
        let turn = (!self.over())
            .then(|| self.position.as_ref().map(|p| p.to_move()))
            .flatten();
        let runs = self.status() == LinkStatus::YourTurn;
        if let Some(clock) = self.clock.as_mut() {
            clock.follow(turn);
            if let Some(now) = clock.now() {
                clock.tell(now, runs);
            }
        }
    }

    /// The time this device's code carries: its clock's run since its last
    /// code; and what it charged the other beyond its claims over the game,
    /// where the terms share the counts.
    pub(super) fn time_for_code(&mut self) -> (Option<Duration>, Option<Duration>) {
        let Some(clock) = self.clock.as_mut() else {
            return (None, None);
        };
        let used = clock.code_out();
        let count = clock.terms.shares_counts.then_some(clock.beyond);
        (Some(used), count)
    }

    /// Takes in the time the other device's code claims (once the answer to
    /// this device's attack has settled whose turn it is): charged to its
    /// turn under way, and its loss when that uses up its time; a code that
    /// only answers this player's attack is charged its wait. `begun`: the
    /// wait was play (see `LinkClock::their_claim`).
    pub(super) fn take_claim(
        &mut self,
        claimed: Option<Duration>,
        their_count: Option<Duration>,
        begun: bool,
        sighting: Sighting,
        answer_only: bool,
    ) -> Result<(), Refusal> {
        let Some(clock) = self.clock.as_mut() else {
            return match claimed {
                None => Ok(()),
                Some(_) => Err(Refusal::TimeWithoutClock),
            };
        };
        let claimed = claimed.ok_or(Refusal::NoTimeUsed)?;
        if !clock.their_claim(claimed, begun, sighting, answer_only) {
            return Err(Refusal::TimeOutOfTurn(claimed));
        }
        if their_count.is_some() {
            clock.their_count_of_mine = their_count;
        }
        if clock.theirs_out() {
            let enemy = self.end.side().opponent();
            self.plies.push((enemy, Action::OutOfTime(enemy)));
            self.pending_attack = None;
            self.rebuild()?;
            self.sync_clock();
        }
        Ok(())
    }
}
