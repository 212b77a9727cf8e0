//! The referee's companion for Stratego go go: the match (core
//! rules), its clocks, the cluster being resolved, the undo history, and
//! what is saved after every change (`Storage::save_referee`).

use crate::platform::Signal;
use crate::referee::clock::RefereeClock;
use crate::referee::live::cluster::Cluster;
use crate::referee::live::{
    ChallengeVerdict, LiveMatch, LiveRules, MatchSettings, RefereeError, RoleId, SettingsProblem,
    Team,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The saved form, read back by `RefereeCompanion::from_saved`.
pub const REFEREE_FORMAT: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedReferee {
    pub format: u32,
    pub game: LiveMatch,
    pub clock: RefereeClock,
}

/// Why a saved referee's match could not be taken up (the file is moved
/// aside, and the notice says why).
#[derive(Debug, thiserror::Error)]
pub enum SavedRefereeError {
    /// The file is not a saved match.
    Json(#[from] serde_json::Error),
    /// A saved form this app does not read.
    Format { found: u32 },
    /// Its decks are not the built-in rules' roles and counts.
    DecksDoNotFit,
    /// Its match numbers break the rules.
    Settings(Vec<SettingsProblem>),
    /// Its clocks do not run as its match's settings say, or hold more
    /// time than a match can.
    ClocksDoNotFit,
}

impl std::fmt::Display for SavedRefereeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            SavedRefereeError::Json(e) => e.to_string(),
            SavedRefereeError::Format { found } => crate::tr!(
                "it has format {}, and this app reads format {}",
                found,
                REFEREE_FORMAT
            ),
            SavedRefereeError::DecksDoNotFit => {
                crate::tr!("its decks do not fit the Stratego go go rules")
            }
            SavedRefereeError::ClocksDoNotFit => crate::tr!(
                "its clocks do not run as its match settings say, or hold more time than a match can"
            ),
            SavedRefereeError::Settings(problems) => problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        };
        f.write_str(&text)
    }
}

/// How many changes the referee can undo.
const UNDO_DEPTH: usize = 50;

#[derive(Debug, Clone)]
pub struct RefereeCompanion {
    rules: Arc<LiveRules>,
    game: LiveMatch,
    clock: RefereeClock,
    cluster: Option<Cluster>,
    /// Earlier states of the match, for "Undo".
    undo: Vec<LiveMatch>,
    /// Bumped at every change, for the autosave.
    revision: u64,
}

impl RefereeCompanion {
    pub fn new(rules: Arc<LiveRules>, settings: MatchSettings) -> RefereeCompanion {
        let clock = clock_for(&rules, &settings);
        RefereeCompanion {
            game: LiveMatch::new(&rules, settings),
            rules,
            clock,
            cluster: None,
            undo: Vec::new(),
            revision: 1,
        }
    }

    pub fn rules(&self) -> &Arc<LiveRules> {
        &self.rules
    }

    pub fn game(&self) -> &LiveMatch {
        &self.game
    }

    pub fn clock(&self) -> &RefereeClock {
        &self.clock
    }

    pub fn cluster(&self) -> Option<&Cluster> {
        self.cluster.as_ref()
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Applies a change to the match, keeping the state before it for undo.
    fn change<T>(
        &mut self,
        apply: impl FnOnce(&mut LiveMatch, &LiveRules) -> Result<T, RefereeError>,
    ) -> Result<T, RefereeError> {
        let before = self.game.clone();
        let result = apply(&mut self.game, &self.rules)?;
        self.undo.push(before);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.revision += 1;
        Ok(result)
    }

    pub fn enter(&mut self, team: Team) -> Result<(), RefereeError> {
        self.change(|game, _| game.enter(team))
    }

    /// The verdict of a challenge, without resolving it.
    pub fn judge(
        &self,
        challenger: Team,
        role: RoleId,
        target: RoleId,
    ) -> Result<ChallengeVerdict, RefereeError> {
        self.game.judge(&self.rules, challenger, role, target)
    }

    /// Resolves a challenge; the steps start a new interval after it, and a
    /// cluster being resolved passes the choice to the other team (or ends,
    /// when a team has no one left in it).
    pub fn challenge(
        &mut self,
        now: Duration,
        challenger: Team,
        role: RoleId,
        target: RoleId,
    ) -> Result<ChallengeVerdict, RefereeError> {
        let verdict = self.change(|game, rules| game.challenge(rules, challenger, role, target))?;
        let cluster_goes_on = self
            .cluster
            .as_mut()
            .is_some_and(|cluster| cluster.resolved_one(challenger, verdict.result));
        if !cluster_goes_on {
            // No cluster, or one team has no one left in it: steps go on.
            self.cluster = None;
            self.clock.release_steps(now);
        }
        Ok(verdict)
    }

    /// Steps wait while a challenge (or a cluster) is being resolved.
    pub fn hold_steps(&mut self, now: Duration) {
        self.clock.hold_steps(now);
        self.revision += 1;
    }

    pub fn release_steps(&mut self, now: Duration) {
        self.cluster = None;
        self.clock.release_steps(now);
        self.revision += 1;
    }

    /// Starts resolving a cluster of `players` (per team); steps wait.
    pub fn start_cluster(&mut self, now: Duration, players: [u8; 2]) -> Result<(), RefereeError> {
        if players.contains(&0) {
            return Err(RefereeError::ClusterOneSided);
        }
        for team in Team::BOTH {
            let on_field = self.game.deck(team).on_field();
            if players[team.index()] > on_field {
                return Err(RefereeError::ClusterTooBig {
                    team: self.game.name(team).to_string(),
                    on_field,
                });
            }
        }
        self.cluster = Some(Cluster::new(players));
        self.hold_steps(now);
        Ok(())
    }

    /// The coin toss of a cluster with equal numbers.
    pub fn toss(&mut self, heads: bool) {
        if let Some(cluster) = self.cluster.as_mut() {
            cluster.toss(heads);
            self.revision += 1;
        }
    }

    /// Whether `team`'s `role` may take the flag now (nothing changes).
    pub fn may_take_flag(&self, team: Team, role: RoleId) -> Result<(), RefereeError> {
        self.game.may_take_flag(&self.rules, team, role)
    }

    pub fn touch_flag(
        &mut self,
        now: Duration,
        team: Team,
        role: RoleId,
    ) -> Result<(), RefereeError> {
        self.change(|game, rules| game.touch_flag(rules, team, role))?;
        self.end_round_clock(now);
        Ok(())
    }

    fn end_round_clock(&mut self, now: Duration) {
        self.clock.pause(now);
        self.cluster = None;
    }

    /// Starts or pauses the clocks (the big button).
    pub fn start_or_pause(&mut self, now: Duration) {
        if self.game.round_over() {
            return;
        }
        if self.clock.running() {
            self.clock.pause(now);
        } else {
            self.clock.start(now);
        }
        self.revision += 1;
    }

    /// The next round: full decks, fresh clocks.
    pub fn next_round(&mut self) -> Result<(), RefereeError> {
        self.change(|game, rules| game.next_round(rules))?;
        self.clock = clock_for(&self.rules, &self.game.settings);
        self.cluster = None;
        Ok(())
    }

    /// Takes back the last change to the match (not the clocks).
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(before) => {
                let round_changed = before.round() != self.game.round();
                self.game = before;
                if round_changed {
                    self.clock = clock_for(&self.rules, &self.game.settings);
                }
                self.revision += 1;
                true
            }
            None => false,
        }
    }

    /// Advances the clocks; a round whose time ran out ends as a draw.
    pub fn tick(&mut self, now: Duration) -> Vec<Signal> {
        let signals = self.clock.tick(now);
        if signals.contains(&Signal::Step) {
            // Saved at every step, so a match killed mid-round keeps its time.
            self.revision += 1;
        }
        if signals.contains(&Signal::RoundOver) && !self.game.round_over() {
            let _ = self.game.time_up();
            self.cluster = None;
            self.revision += 1;
        }
        signals
    }

    pub fn to_saved(&self) -> SavedReferee {
        SavedReferee {
            format: REFEREE_FORMAT,
            game: self.game.clone(),
            clock: self.clock.paused_copy(),
        }
    }

    /// A saved referee's match, checked against the rules; resumed paused.
    pub fn from_saved(
        rules: Arc<LiveRules>,
        saved: SavedReferee,
    ) -> Result<Self, SavedRefereeError> {
        if saved.format != REFEREE_FORMAT {
            return Err(SavedRefereeError::Format {
                found: saved.format,
            });
        }
        if !saved.game.fits(&rules) {
            return Err(SavedRefereeError::DecksDoNotFit);
        }
        let problems = saved.game.settings.problems(&rules);
        if !problems.is_empty() {
            return Err(SavedRefereeError::Settings(problems));
        }
        if !saved.clock.fits(&clock_for(&rules, &saved.game.settings)) {
            return Err(SavedRefereeError::ClocksDoNotFit);
        }
        Ok(RefereeCompanion {
            rules,
            game: saved.game,
            clock: saved.clock,
            cluster: None,
            undo: Vec::new(),
            revision: 1,
        })
    }
}

fn clock_for(rules: &LiveRules, settings: &MatchSettings) -> RefereeClock {
    RefereeClock::new(
        settings.step_seconds,
        rules.countdown,
        settings.round_minutes,
        rules.warning_seconds,
    )
}
