//! A match of Stratego go go as the referee keeps it: rounds, each team's
//! deck and field, challenges, the flag, and the score. Every event is
//! checked first; a refused event changes nothing and says why
//! ([`RefereeError`]).

use super::deck::Deck;
use super::error::{RefereeError, SettingsProblem};
use super::rules::{Challenge, LiveRules, RoleId, RoleSpecial};
use super::{Team, TeamLook};
use crate::i18n::translate;
use serde::{Deserialize, Serialize};

/// The numbers a match is played with (the file's, or the referee's own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    pub teams: [TeamLook; 2],
    pub rounds: u8,
    pub round_minutes: u16,
    pub field_limit: u8,
    pub step_seconds: u8,
}

impl MatchSettings {
    pub fn from_rules(rules: &LiveRules) -> MatchSettings {
        MatchSettings {
            teams: rules.teams.clone(),
            rounds: rules.rounds,
            round_minutes: rules.round_minutes,
            field_limit: rules.field_limit,
            step_seconds: rules.step_seconds,
        }
    }

    /// What is wrong with these numbers (empty when nothing is).
    pub fn problems(&self, rules: &LiveRules) -> Vec<SettingsProblem> {
        let mut problems = Vec::new();
        for team in Team::BOTH {
            if self.teams[team.index()].name.trim().is_empty() {
                problems.push(SettingsProblem::Unnamed(team));
            }
        }
        if self.teams[0].name.trim() == self.teams[1].name.trim() {
            problems.push(SettingsProblem::SameNames);
        }
        if self.teams[0].colour == self.teams[1].colour {
            problems.push(SettingsProblem::SameColours);
        }
        if !(1..=9).contains(&self.rounds) {
            problems.push(SettingsProblem::Rounds(self.rounds));
        }
        if !(1..=120).contains(&self.round_minutes) {
            problems.push(SettingsProblem::RoundMinutes(self.round_minutes));
        }
        if !(1..=30).contains(&self.field_limit) {
            problems.push(SettingsProblem::FieldLimit(self.field_limit));
        }
        if self.step_seconds <= rules.countdown || self.step_seconds > 60 {
            problems.push(SettingsProblem::StepSeconds {
                seconds: self.step_seconds,
                least: rules.countdown.saturating_add(1),
            });
        }
        problems
    }
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEnd {
    /// A player of this team touched the other team's flag.
    Flag(Team),
    /// The round's time ran out: a draw.
    TimeUp,
}

/// A challenge resolved, in words and in effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeVerdict {
    pub result: Challenge,
    /// "Assassin defeats the Monarch: the Monarch (Blue) is out." (No
    /// possessive: a team may be named "Owls".)
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveMatch {
    pub settings: MatchSettings,
    /// The round under way or just ended, from 1.
    round: u8,
    decks: [Deck; 2],
    /// How each finished round ended.
    results: Vec<RoundEnd>,
    /// Cards lost per role by each team, over the finished rounds.
    lost_before: [Vec<u32>; 2],
}

impl LiveMatch {
    pub fn new(rules: &LiveRules, settings: MatchSettings) -> LiveMatch {
        LiveMatch {
            settings,
            round: 1,
            decks: [Deck::full(rules), Deck::full(rules)],
            results: Vec::new(),
            lost_before: [vec![0; rules.roles.len()], vec![0; rules.roles.len()]],
        }
    }

    /// Whether a saved match fits `rules` (decks of its roles, whole counts,
    /// and no more cards lost in the rounds before than those rounds dealt).
    pub fn fits(&self, rules: &LiveRules) -> bool {
        let rounds_before = u32::from(self.round.saturating_sub(1));
        self.decks.iter().all(|d| d.fits(rules))
            && self.lost_before.iter().all(|lost| {
                lost.len() == rules.roles.len()
                    && lost
                        .iter()
                        .zip(&rules.roles)
                        .all(|(&n, role)| n <= rounds_before * u32::from(role.count))
            })
            && (1..=self.settings.rounds).contains(&self.round)
            && self.results.len() <= self.round as usize
    }

    pub fn round(&self) -> u8 {
        self.round
    }

    pub fn deck(&self, team: Team) -> &Deck {
        &self.decks[team.index()]
    }

    pub fn results(&self) -> &[RoundEnd] {
        &self.results
    }

    pub fn name(&self, team: Team) -> &str {
        &self.settings.teams[team.index()].name
    }

    /// The team's name, for a refusal (translated when it is shown).
    fn named(&self, team: Team) -> String {
        self.name(team).to_string()
    }

    /// The round under way has ended (its result is in `results`).
    pub fn round_over(&self) -> bool {
        self.results.len() == self.round as usize
    }

    /// Every round has been played.
    pub fn finished(&self) -> bool {
        self.round_over() && self.round == self.settings.rounds
    }

    /// Rounds won by `team`.
    pub fn wins(&self, team: Team) -> usize {
        self.results
            .iter()
            .filter(|r| **r == RoundEnd::Flag(team))
            .count()
    }

    pub fn draws(&self) -> usize {
        self.results
            .iter()
            .filter(|r| **r == RoundEnd::TimeUp)
            .count()
    }

    /// Cards of `role` that `team` lost over the match so far.
    pub fn lost_in_match(&self, team: Team, role: RoleId) -> u32 {
        self.lost_before[team.index()][role.0 as usize] + u32::from(self.deck(team).lost(role))
    }

    fn playing(&self) -> Result<(), RefereeError> {
        if self.round_over() {
            Err(RefereeError::RoundOver { round: self.round })
        } else {
            Ok(())
        }
    }

    /// A player of `team` takes a card at the base and enters the field.
    pub fn enter(&mut self, team: Team) -> Result<(), RefereeError> {
        self.playing()?;
        let deck = self.deck(team);
        if deck.on_field() >= self.settings.field_limit {
            return Err(RefereeError::FieldFull {
                team: self.named(team),
                on_field: deck.on_field(),
            });
        }
        if deck.at_base() == 0 {
            return Err(RefereeError::NoCardAtBase {
                team: self.named(team),
            });
        }
        self.decks[team.index()].enter();
        Ok(())
    }

    /// What a challenge by a player of `challenger` carrying `role` on a
    /// player of the other team carrying `target` would do, or why it
    /// cannot happen; nothing changes.
    pub fn judge(
        &self,
        rules: &LiveRules,
        challenger: Team,
        role: RoleId,
        target: RoleId,
    ) -> Result<ChallengeVerdict, RefereeError> {
        self.playing()?;
        let defender = challenger.other();
        for (team, r) in [(challenger, role), (defender, target)] {
            let deck = self.deck(team);
            if deck.on_field() == 0 {
                return Err(RefereeError::NobodyOnField {
                    team: self.named(team),
                });
            }
            if deck.held(r) == 0 {
                return Err(RefereeError::RoleLost {
                    team: self.named(team),
                    role: rules.role(r).name.clone(),
                });
            }
        }
        let verdict = verdict(
            rules,
            role,
            target,
            self.name(challenger),
            self.name(defender),
        );
        if verdict.result == Challenge::NotAllowed {
            return Err(RefereeError::CannotChallenge {
                role: rules.role(role).name.clone(),
            });
        }
        Ok(verdict)
    }

    /// Resolves a challenge: the loser's card is lost and the player goes
    /// back to the base (both, on equal strengths).
    pub fn challenge(
        &mut self,
        rules: &LiveRules,
        challenger: Team,
        role: RoleId,
        target: RoleId,
    ) -> Result<ChallengeVerdict, RefereeError> {
        let verdict = self.judge(rules, challenger, role, target)?;
        let defender = challenger.other();
        match verdict.result {
            Challenge::ChallengerWins => self.decks[defender.index()].defeat(target),
            Challenge::ChallengedWins => self.decks[challenger.index()].defeat(role),
            Challenge::BothOut => {
                self.decks[defender.index()].defeat(target);
                self.decks[challenger.index()].defeat(role);
            }
            Challenge::NotAllowed => unreachable!("judged"),
        }
        Ok(verdict)
    }

    /// A player of `team` carrying `role` touched the other team's flag:
    /// the round is theirs (a Trap may not take the flag).
    pub fn touch_flag(
        &mut self,
        rules: &LiveRules,
        team: Team,
        role: RoleId,
    ) -> Result<(), RefereeError> {
        self.may_take_flag(rules, team, role)?;
        self.results.push(RoundEnd::Flag(team));
        Ok(())
    }

    /// Whether a player of `team` carrying `role` may take the flag now
    /// (nothing changes): why not, if not.
    pub fn may_take_flag(
        &self,
        rules: &LiveRules,
        team: Team,
        role: RoleId,
    ) -> Result<(), RefereeError> {
        self.playing()?;
        let deck = self.deck(team);
        let role_name = || rules.role(role).name.clone();
        if rules.role(role).special == RoleSpecial::Trap {
            return Err(RefereeError::MayNotTakeFlag { role: role_name() });
        }
        if deck.on_field() == 0 {
            return Err(RefereeError::NobodyOnField {
                team: self.named(team),
            });
        }
        if deck.held(role) == 0 {
            return Err(RefereeError::NoRoleLeft {
                team: self.named(team),
                role: role_name(),
            });
        }
        Ok(())
    }

    /// The round's time ran out with no flag taken: a draw.
    pub fn time_up(&mut self) -> Result<(), RefereeError> {
        self.playing()?;
        self.results.push(RoundEnd::TimeUp);
        Ok(())
    }

    /// The next round, with full decks and every player at the base.
    pub fn next_round(&mut self, rules: &LiveRules) -> Result<(), RefereeError> {
        if !self.round_over() {
            return Err(RefereeError::RoundNotOver { round: self.round });
        }
        if self.finished() {
            return Err(RefereeError::MatchOver);
        }
        for team in Team::BOTH {
            for role in rules.role_ids() {
                self.lost_before[team.index()][role.0 as usize] +=
                    u32::from(self.deck(team).lost(role));
            }
        }
        self.decks = [Deck::full(rules), Deck::full(rules)];
        self.round += 1;
        Ok(())
    }
}

/// A challenge's result in words: "Assassin defeats the Monarch: the
/// Monarch (Blue) is out." The role and team names are translated here.
pub fn verdict(
    rules: &LiveRules,
    role: RoleId,
    target: RoleId,
    challenger: &str,
    defender: &str,
) -> ChallengeVerdict {
    let (a, d) = (
        translate(&rules.role(role).name),
        translate(&rules.role(target).name),
    );
    let (challenger, defender) = (translate(challenger), translate(defender));
    let result = rules.challenge(role, target);
    let text = match result {
        Challenge::ChallengerWins => {
            crate::tr!("{} defeats the {}: the {} ({}) is out.", a, d, d, defender)
        }
        Challenge::ChallengedWins => {
            crate::tr!(
                "{} defeats the {}: the {} ({}) is out.",
                d,
                a,
                a,
                challenger
            )
        }
        Challenge::BothOut => crate::tr!(
            "{} and {} are equal: both are out, the {} ({}) and the {} ({}).",
            a,
            d,
            a,
            challenger,
            d,
            defender
        ),
        Challenge::NotAllowed => crate::tr!("A {} cannot challenge.", a),
    };
    ChallengeVerdict { result, text }
}
