//! The rules of Stratego go go in words, written from the rules file, for
//! the referee's printed sheet: what the referee's screens apply, said the
//! way players and the referee settle a dispute on the field.

use super::cluster::BLOCKING;
use super::rules::{LiveRules, RoleSpecial};
use crate::i18n::translate;

/// The rules as paragraphs, each a heading and its text.
pub fn live_rules_text(rules: &LiveRules) -> Vec<(String, String)> {
    let [first, second] = &rules.teams;
    let deck: Vec<String> = rules
        .roles
        .iter()
        .map(|r| match r.strength {
            Some(s) => crate::tr!("{} {} x{}", translate(&r.name), s, r.count),
            None => crate::tr!("{} x{}", translate(&r.name), r.count),
        })
        .collect();
    let deck = deck
        .into_iter()
        .reduce(|a, b| crate::tr!("{}, {}", a, b))
        .unwrap_or_default();
    let mut out = vec![
        (
            crate::tr!("Teams"),
            crate::tr!(
                "Two teams, {} and {}, each with a deck of {} role cards: {}. Each player on the field holds one card, hidden.",
                translate(&first.name),
                translate(&second.name),
                rules.deck_size(),
                deck
            ),
        ),
        (
            crate::tr!("Field and steps"),
            crate::tr!(
                "At most {} players of a team are on the field at once. Players move one step at each of the referee's countdowns (a step every {} seconds, counted down from {}). A round lasts {} minutes; a match is {} rounds, and the team that takes more flags wins it.",
                rules.field_limit,
                rules.step_seconds,
                rules.countdown,
                rules.round_minutes,
                rules.rounds
            ),
        ),
        (
            crate::tr!("Challenges"),
            crate::tr!(
                "A player challenges an opponent within arm's reach; both show their cards to the referee. The higher strength wins; equal strengths: both are out. The loser's card leaves its team's deck for the rest of the round; the winner keeps its card, shown."
            ),
        ),
    ];
    let name_of = |id| translate(&rules.role(id).name);
    let engineer = rules
        .roles
        .iter()
        .find(|r| r.special == RoleSpecial::Engineer)
        .map(|r| translate(&r.name));
    for role in &rules.roles {
        let name = translate(&role.name);
        let text = match role.special {
            RoleSpecial::None => continue,
            RoleSpecial::Assassin { defeats } => crate::tr!(
                "The {} defeats the {}, whichever of them challenges; it loses to every other role with a higher strength.",
                name,
                name_of(defeats)
            ),
            RoleSpecial::Trap => match &engineer {
                Some(engineer) => crate::tr!(
                    "The {} cannot challenge or take the flag. Challenged by an {}, it is out; challenged by any other role, the challenger is out and the {} stays.",
                    name,
                    engineer,
                    name
                ),
                None => crate::tr!(
                    "The {} cannot challenge or take the flag. Challenged by no role, it is out; challenged by any other role, the challenger is out and the {} stays.",
                    name,
                    name
                ),
            },
            RoleSpecial::Engineer => {
                crate::tr!("The {} disarms Traps: see the {}'s row.", name, name)
            }
        };
        out.push((name, text));
    }
    out.extend([
        (
            crate::tr!("The flag"),
            crate::tr!(
                "A player who touches the opposing flag wins the round for their team, unless an opponent stands between them and the flag: then they must first defeat one of those. When the round's time runs out with no flag taken, the round is a draw."
            ),
        ),
        (
            crate::tr!("Clusters"),
            crate::tr!(
                "When several players of both teams are within reach, the team with more players in the cluster chooses the first challenge (equal numbers: a coin toss); then the teams take turns, one challenge at a time. {}",
                translate(BLOCKING)
            ),
        ),
    ]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_names_every_role_and_each_special_rule_from_the_file() {
        let rules = LiveRules::built_in();
        let text: String = live_rules_text(&rules)
            .iter()
            .map(|(h, t)| format!("{h}: {t}\n"))
            .collect();
        for role in &rules.roles {
            assert!(text.contains(&role.name), "{}", role.name);
        }
        assert!(text.contains("Monarch 9 x1"), "{text}");
        assert!(text.contains("deck of 23 role cards"), "{text}");
        assert!(text.contains("The Assassin defeats the Monarch"), "{text}");
        assert!(
            text.contains("Challenged by an Engineer, it is out"),
            "{text}"
        );
        assert!(text.contains("At most 7 players"), "{text}");
    }
}
