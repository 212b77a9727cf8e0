//! Multi-way combat (seed 000, "Priority"; RULES.md): in a cluster the team
//! with more players chooses the first challenge (equal numbers: a coin
//! toss), then the teams take turns, one challenge at a time.

use super::Team;
use super::rules::Challenge;

/// Who chooses the first challenge of a cluster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstChoice {
    Team(Team),
    /// Equal numbers: toss a coin.
    CoinToss,
}

pub fn first_choice(players: [u8; 2]) -> FirstChoice {
    match players[0].cmp(&players[1]) {
        std::cmp::Ordering::Greater => FirstChoice::Team(Team::First),
        std::cmp::Ordering::Less => FirstChoice::Team(Team::Second),
        std::cmp::Ordering::Equal => FirstChoice::CoinToss,
    }
}

/// The blocking rule, as the referee reminds the players (in English: show
/// it through `crate::i18n::translate`).
pub const BLOCKING: &str = crate::tr_noop!(
    "Blocking: a player in reach of both the challenger and the challenged \
    team-mate may take the challenge instead, once a turn, if they have not challenged or blocked \
    this turn, and only if they say so before the roles are shown."
);

/// A cluster being resolved: who is still in it, and whose turn it is to
/// choose a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cluster {
    /// The players of each team still in the cluster.
    pub players: [u8; 2],
    /// The team choosing the next challenge; `None` until a coin toss decides.
    pub chooser: Option<Team>,
    /// Challenges resolved in this cluster.
    pub resolved: u32,
}

impl Cluster {
    pub fn new(players: [u8; 2]) -> Cluster {
        Cluster {
            players,
            chooser: match first_choice(players) {
                FirstChoice::Team(team) => Some(team),
                FirstChoice::CoinToss => None,
            },
            resolved: 0,
        }
    }

    /// The coin toss of equal numbers: `heads` gives the first team the choice.
    pub fn toss(&mut self, heads: bool) {
        if self.chooser.is_none() {
            self.chooser = Some(if heads { Team::First } else { Team::Second });
        }
    }

    /// A challenge of the cluster was resolved (`challenger`'s team
    /// challenged): whoever is out leaves the cluster, and the other team
    /// chooses next. Returns whether the cluster goes on: it is over once a
    /// team has no one left in it, as there is no one left to challenge.
    pub fn resolved_one(&mut self, challenger: Team, result: Challenge) -> bool {
        self.resolved += 1;
        let out = |team: Team| match result {
            Challenge::ChallengerWins => team != challenger,
            Challenge::ChallengedWins => team == challenger,
            Challenge::BothOut => true,
            Challenge::NotAllowed => false,
        };
        for team in [Team::First, Team::Second] {
            if out(team) {
                let left = &mut self.players[team.index()];
                *left = left.saturating_sub(1);
            }
        }
        self.chooser = self.chooser.map(Team::other);
        self.players.iter().all(|&n| n > 0)
    }
}
