//! The rules of Stratego go go as data (`variants/live/stratego-go-go.json`:
//! teams, rounds, timings, the field limit and the deck of roles), and the
//! challenge table that follows from them (RULES.md, "Stratego go go").

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The file shipped with the app.
const BUILT_IN: &str = include_str!("../../../variants/live/stratego-go-go.json");

/// A role's place in the deck, in the file's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoleId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleSpecial {
    None,
    /// Defeats its target role, whichever of them challenges.
    Assassin {
        defeats: RoleId,
    },
    /// Cannot challenge or take the flag; only an Engineer defeats it.
    Trap,
    /// Disarms Traps.
    Engineer,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Role {
    pub id: String,
    pub name: String,
    /// `None` for the Trap, which has no strength.
    pub strength: Option<u8>,
    pub count: u8,
    pub special: RoleSpecial,
    /// The special rule in a line, for cards and the resolver.
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamLook {
    pub name: String,
    /// `#rrggbb`.
    pub colour: String,
}

/// The whole rule set of the live game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveRules {
    pub name: String,
    pub teams: [TeamLook; 2],
    pub rounds: u8,
    pub round_minutes: u16,
    /// The round timer warns this long before the end.
    pub warning_seconds: u16,
    pub field_limit: u8,
    /// Seconds from one step to the next.
    pub step_seconds: u8,
    /// The counted seconds before each step (3: "3, 2, 1, step").
    pub countdown: u8,
    pub roles: Vec<Role>,
}

/// Who a challenge takes off the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Challenge {
    /// The challenged player is out.
    ChallengerWins,
    /// The challenger is out.
    ChallengedWins,
    /// Equal strengths: both are out.
    BothOut,
    /// The challenger's role may not challenge (a Trap).
    NotAllowed,
}

impl Challenge {
    /// The word the referee's table uses.
    pub fn cell(self) -> &'static str {
        match self {
            Challenge::ChallengerWins => "challenger",
            Challenge::ChallengedWins => "challenged",
            Challenge::BothOut => "both",
            Challenge::NotAllowed => "not allowed",
        }
    }
}

/// A rule file that cannot be used, with every problem found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveRulesError(pub Vec<String>);

impl fmt::Display for LiveRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the Stratego go go rules file is not valid: {}",
            self.0.join("; ")
        )
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Spec {
    format: u32,
    #[expect(dead_code, reason = "checked as present by serde, not read")]
    id: String,
    name: String,
    #[expect(dead_code, reason = "checked as present by serde, not read")]
    summary: String,
    #[expect(dead_code, reason = "checked as present by serde, not read")]
    sources: Vec<String>,
    teams: Vec<TeamSpec>,
    rounds: u8,
    round_minutes: u16,
    warning_seconds: u16,
    field_limit: u8,
    step_seconds: u8,
    countdown: u8,
    roles: Vec<RoleSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamSpec {
    name: String,
    colour: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleSpec {
    id: String,
    name: String,
    strength: Option<u8>,
    count: u8,
    #[serde(default)]
    special: Option<String>,
    #[serde(default)]
    defeats: Option<String>,
    #[serde(default)]
    note: String,
}

impl LiveRules {
    /// The rules shipped with the app (a test reads the file).
    pub fn built_in() -> Arc<LiveRules> {
        static RULES: OnceLock<Arc<LiveRules>> = OnceLock::new();
        Arc::clone(RULES.get_or_init(|| {
            Arc::new(
                LiveRules::from_json(BUILT_IN).expect("the built-in Stratego go go file is valid"),
            )
        }))
    }

    /// Reads and checks a rule file, reporting every problem at once.
    pub fn from_json(text: &str) -> Result<LiveRules, LiveRulesError> {
        let spec: Spec =
            serde_json::from_str(text).map_err(|e| LiveRulesError(vec![e.to_string()]))?;
        let mut problems = Vec::new();
        if spec.format != 1 {
            problems.push(format!("format {} is not supported (1 is)", spec.format));
        }
        let teams: Vec<TeamLook> = spec
            .teams
            .into_iter()
            .map(|t| TeamLook {
                name: t.name,
                colour: t.colour,
            })
            .collect();
        if teams.len() != 2 {
            problems.push(format!("{} teams: the game has two", teams.len()));
        }
        for t in &teams {
            if !is_colour(&t.colour) {
                problems.push(format!(
                    "team {}: \"{}\" is not a #rrggbb colour",
                    t.name, t.colour
                ));
            }
        }
        for (value, what) in [
            (spec.rounds as u32, "rounds"),
            (spec.round_minutes as u32, "round_minutes"),
            (spec.field_limit as u32, "field_limit"),
            (spec.step_seconds as u32, "step_seconds"),
        ] {
            if value == 0 {
                problems.push(format!("{what} must be at least 1"));
            }
        }
        if spec.countdown >= spec.step_seconds.max(1) {
            problems.push("the countdown must be shorter than the step interval".into());
        }
        let index_of = |id: &str| spec.roles.iter().position(|r| r.id == id);
        let mut roles = Vec::new();
        for (i, r) in spec.roles.iter().enumerate() {
            let special = match (r.special.as_deref(), &r.defeats) {
                (None, None) => RoleSpecial::None,
                (Some("assassin"), Some(target)) => match index_of(target) {
                    Some(t) => RoleSpecial::Assassin {
                        defeats: RoleId(t as u8),
                    },
                    None => {
                        problems.push(format!("roles[{i}]: no role \"{target}\" to defeat"));
                        RoleSpecial::None
                    }
                },
                (Some("trap"), None) => RoleSpecial::Trap,
                (Some("engineer"), None) => RoleSpecial::Engineer,
                (special, defeats) => {
                    problems.push(format!(
                        "roles[{i}]: special {special:?} with defeats {defeats:?} is not one of none, assassin (with defeats), trap, engineer"
                    ));
                    RoleSpecial::None
                }
            };
            if r.strength.is_none() != (special == RoleSpecial::Trap) {
                problems.push(format!(
                    "roles[{i}] ({}): every role but the Trap has a strength, and the Trap has none",
                    r.name
                ));
            }
            if r.count == 0 {
                problems.push(format!("roles[{i}] ({}): a count of 0", r.name));
            }
            if index_of(&r.id) != Some(i) {
                problems.push(format!("roles[{i}]: the id \"{}\" is used twice", r.id));
            }
            roles.push(Role {
                id: r.id.clone(),
                name: r.name.clone(),
                strength: r.strength,
                count: r.count,
                special,
                note: r.note.clone(),
            });
        }
        if roles.is_empty() || roles.len() > 40 {
            problems.push(format!("{} roles: from 1 to 40", roles.len()));
        }
        if !problems.is_empty() {
            return Err(LiveRulesError(problems));
        }
        let [first, second]: [TeamLook; 2] = teams.try_into().expect("two teams checked");
        Ok(LiveRules {
            name: spec.name,
            teams: [first, second],
            rounds: spec.rounds,
            round_minutes: spec.round_minutes,
            warning_seconds: spec.warning_seconds,
            field_limit: spec.field_limit,
            step_seconds: spec.step_seconds,
            countdown: spec.countdown,
            roles,
        })
    }

    pub fn role(&self, id: RoleId) -> &Role {
        &self.roles[id.0 as usize]
    }

    pub fn role_ids(&self) -> impl Iterator<Item = RoleId> + '_ {
        (0..self.roles.len() as u8).map(RoleId)
    }

    /// The cards of one team's deck.
    pub fn deck_size(&self) -> u32 {
        self.roles.iter().map(|r| r.count as u32).sum()
    }

    /// Who a challenge takes out (RULES.md): a Trap never challenges and
    /// only an Engineer defeats one; an Assassin defeats its target either
    /// way round; otherwise the higher strength wins and equals both go.
    pub fn challenge(&self, challenger: RoleId, challenged: RoleId) -> Challenge {
        let (a, d) = (self.role(challenger), self.role(challenged));
        match (a.special, d.special) {
            (RoleSpecial::Trap, _) => Challenge::NotAllowed,
            (RoleSpecial::Engineer, RoleSpecial::Trap) => Challenge::ChallengerWins,
            (_, RoleSpecial::Trap) => Challenge::ChallengedWins,
            (RoleSpecial::Assassin { defeats }, _) if defeats == challenged => {
                Challenge::ChallengerWins
            }
            (_, RoleSpecial::Assassin { defeats }) if defeats == challenger => {
                Challenge::ChallengedWins
            }
            _ => match a.strength.cmp(&d.strength) {
                std::cmp::Ordering::Greater => Challenge::ChallengerWins,
                std::cmp::Ordering::Less => Challenge::ChallengedWins,
                std::cmp::Ordering::Equal => Challenge::BothOut,
            },
        }
    }

    /// The whole challenge table as CSV: a header row, then a row per
    /// challenging role (`flagfall referee-table`).
    pub fn table_csv(&self) -> String {
        let mut out = String::from("challenger");
        for role in &self.roles {
            out.push(',');
            out.push_str(&role.name);
        }
        out.push('\n');
        for challenger in self.role_ids() {
            out.push_str(&self.role(challenger).name);
            for challenged in self.role_ids() {
                out.push(',');
                out.push_str(self.challenge(challenger, challenged).cell());
            }
            out.push('\n');
        }
        out
    }
}

fn is_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}
