//! The clocks of a timed two-device game on this device (code format 5).
//!
//! Each device times its own player: its clock runs while this player's
//! turn is under way and the game is open in the app, on any screen (the
//! other player is waiting), and stops while an attack waits for its answer.
//! Each turn code carries how long the sender's clock ran since its last
//! code; the reader charges the other side exactly that, so both devices
//! hold the same two clocks to the millisecond, and a claim that uses up
//! the sender's time is its loss on time (`Action::OutOfTime`) on both.
//!
//! What the reader can check: the other's thinking fits between showing this
//! device's code and reading its answer. That wait, less `TRAVEL` for the
//! two codes' travel, is the least the other can have thought: the reader
//! charges the longer of the claim and that (so a device that claims less
//! than it visibly took is charged what it took, and loses on time here
//! when that runs out, whatever its own clock says). The wait less the
//! claim is shown for every code (`TheirTime`) and added up. A claim of time
//! while its clock could not run (not its turn) is refused.

use super::phase::LinkStatus;
use crate::core::clock::GameClock;
use crate::core::moves::Action;
use crate::core::side::Side;
use crate::session::link::error::{LinkError, Refusal};
use std::time::Duration;

/// What a code exchange may take besides the other player's thinking:
/// showing this device's code and reading it there, then showing the
/// answer and reading it here. Face to face a code is shown and read in a
/// few seconds; a wait longer than this and the claim is thinking the
/// other device left out, and is charged to it.
pub const TRAVEL: Duration = Duration::from_secs(10);

/// How long the other device says its clock ran for the last code read,
/// how long this device waited for that code since showing its own
/// (unknown when the app was closed in between), and what this device
/// charged for it: the claim, or the wait less `TRAVEL` when that is longer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TheirTime {
    pub claimed: Duration,
    pub waited: Option<Duration>,
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
    me: Side,
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
    pub(super) last: Option<TheirTime>,
    /// The other's waits less its claims, over the game (where known).
    pub(super) unclaimed: Duration,
    /// The other's time ran out on this device only because of what it
    /// was charged beyond its claims (its own clock may say otherwise).
    pub(super) out_by_waits: bool,
    /// The wait for the code read next, as a saved log recorded it (the
    /// log is replayed with no clock running).
    replayed_wait: Option<Duration>,
}

impl LinkClock {
    pub(super) fn new(clock: GameClock, me: Side) -> LinkClock {
        LinkClock {
            clock,
            me,
            turn: None,
            now: None,
            sent: Duration::ZERO,
            shown_at: None,
            last: None,
            unclaimed: Duration::ZERO,
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
        since
    }

    /// Takes in the other device's claim for its turn under way: `false`
    /// when its clock could not have run (nothing changes then). `begun`:
    /// the game had begun on this device before the code, so the wait for
    /// it was play, not the other's setting up.
    pub(super) fn their_claim(&mut self, claimed: Duration, begun: bool) -> bool {
        let enemy = self.me.opponent();
        let their_turn = self.turn == Some(enemy) && self.clock.out_of_time().is_none();
        if !claimed.is_zero() && !their_turn {
            return false;
        }
        let replayed = self.replayed_wait.take();
        let waited = match (self.now, self.shown_at.take()) {
            (Some(now), Some(shown)) if begun => Some(now.saturating_sub(shown)),
            _ => replayed.filter(|_| begun),
        };
        // Out of turn nothing is charged (the claim is zero, checked above).
        let charged = match waited {
            Some(waited) if their_turn => claimed.max(waited.saturating_sub(TRAVEL)),
            _ => claimed,
        };
        let time = TheirTime {
            claimed,
            waited,
            charged,
        };
        self.unclaimed += time.unclaimed().unwrap_or_default();
        self.last = Some(time);
        if their_turn {
            let before = self.clock.turn_used(Duration::ZERO);
            // Whether the claim alone would have used up its time.
            self.clock.set_turn_used(before + claimed);
            let out_by_claim = self.clock.check(Duration::ZERO) == Some(enemy);
            self.clock.set_turn_used(before + charged);
            self.out_by_waits = !out_by_claim && self.clock.check(Duration::ZERO) == Some(enemy);
        }
        true
    }

    /// Whether the other side's claims have used up its time.
    pub(super) fn theirs_out(&mut self) -> bool {
        let enemy = self.me.opponent();
        self.turn == Some(enemy) && self.clock.check(Duration::ZERO) == Some(enemy)
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
            }
            (None, Some(first)) => self.clock.begin_turn(first),
            (_, None) => {}
        }
        self.turn = turn;
        if turn == Some(self.me) {
            self.sent = Duration::ZERO;
        }
    }
}

impl super::LinkedGame {
    /// The time is `now` on the app's time source: in a timed game this
    /// player's clock runs while its turn is under way.
    pub fn set_time(&mut self, now: Duration) {
        let runs = self.status() == LinkStatus::YourTurn;
        if let Some(clock) = self.clock.as_mut() {
            clock.tell(now, runs);
        }
    }

    /// Whether this player's time has run out on its turn: the session
    /// then plays `Action::OutOfTime` for it.
    pub fn time_ran_out(&mut self) -> bool {
        self.status() == LinkStatus::YourTurn
            && self.clock.as_mut().is_some_and(LinkClock::mine_out)
    }

    /// Both sides' clocks in a timed game, and the time last told. The
    /// other side's stands still on its turn: it runs on its own device.
    pub fn clock(&self) -> Option<(&GameClock, Duration)> {
        let clock = self.clock.as_ref()?;
        Some((&clock.clock, clock.now().unwrap_or_default()))
    }

    /// The other device's claim for the last code read, and this device's wait for it.
    pub fn their_time(&self) -> Option<TheirTime> {
        self.clock.as_ref()?.last
    }

    /// Over the game, the other device's waits less its claims (where known).
    pub fn their_unclaimed_time(&self) -> Option<Duration> {
        Some(self.clock.as_ref()?.unclaimed)
    }

    /// The wait for the code read next, from a saved log (see
    /// `LinkClock::replayed_wait`).
    pub fn replay_wait(&mut self, waited: Duration) {
        if let Some(clock) = self.clock.as_mut() {
            clock.replayed_wait = Some(waited);
        }
    }

    /// The other side lost on time on this device only by what it was
    /// charged beyond its claims: its own device may not agree.
    pub fn their_time_ran_out_by_waits(&self) -> bool {
        self.clock.as_ref().is_some_and(|clock| clock.out_by_waits)
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

    /// The time this device's code carries: its clock's run since its last code.
    pub(super) fn time_for_code(&mut self) -> Option<Duration> {
        Some(self.clock.as_mut()?.code_out())
    }

    /// Takes in the time the other device's code claims (once the answer to
    /// this device's attack has settled whose turn it is): charged to its
    /// turn under way, and its loss when that uses up its time. `begun`:
    /// the game had begun here before the code (see `LinkClock::their_claim`).
    pub(super) fn take_claim(
        &mut self,
        claimed: Option<Duration>,
        begun: bool,
    ) -> Result<(), Refusal> {
        let Some(clock) = self.clock.as_mut() else {
            return match claimed {
                None => Ok(()),
                Some(_) => Err(Refusal::TimeWithoutClock),
            };
        };
        let claimed = claimed.ok_or(Refusal::NoTimeUsed)?;
        if !clock.their_claim(claimed, begun) {
            return Err(Refusal::TimeOutOfTurn(claimed));
        }
        if clock.theirs_out() {
            let enemy = self.end.me.opponent();
            self.plies.push((enemy, Action::OutOfTime(enemy)));
            self.rebuild()?;
            self.sync_clock();
        }
        Ok(())
    }
}
