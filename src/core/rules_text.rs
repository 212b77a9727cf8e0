//! The rules of a variant in words, written from its data, so the rules
//! screen always says what the engine plays (and players can settle a dispute).

use super::options::TwoSquares;
use super::variant::{ArmyRule, Combat, Mobility, Special, Variant};

pub fn rules_text(variant: &Variant) -> String {
    let mut out = Vec::new();
    let board = &variant.board;
    out.push(format!("{}\n{}", variant.name, variant.summary));

    let blocked: Vec<String> = board.blocked.iter().map(|s| s.to_string()).collect();
    out.push(format!(
        "Board: {} columns (a-{}) by {} rows, row 1 on Red's side. {}",
        board.columns,
        (b'a' + board.columns - 1) as char,
        board.rows,
        if blocked.is_empty() {
            "There is no water.".to_string()
        } else {
            format!(
                "{}s (no piece may enter or cross them): {}.",
                capital(&board.blocked_name),
                blocked.join(" ")
            )
        }
    ));
    out.push(if variant.setup.anywhere {
        "Setup: each player places their army on any free square of the board, so the armies may mix. \
         Red sets up first; Blue then uses the squares Red left free (Red's squares are shown to Blue, \
         not its ranks). Red moves first."
            .to_string()
    } else {
        format!(
            "Setup: each player places their army on the {} rows nearest them{}. Red moves first.",
            variant.setup.rows,
            if variant.setup.must_fill {
                ", filling every square"
            } else {
                ", on any of those squares"
            }
        )
    });
    out.push(army_text(variant));
    out.push(
        "Moving: one piece a turn, one square forward, back or sideways, never diagonally, never onto your own piece. \
         Moving onto an enemy piece attacks it."
            .to_string(),
    );
    if variant.kinds.iter().any(|k| k.mobility == Mobility::Line) {
        let names = kind_names(variant, |k| k.mobility == Mobility::Line);
        out.push(format!(
            "{names} move any number of empty squares in a straight line and may end the line by attacking. \
             A long move shows your opponent the piece is a {}.",
            names.to_lowercase()
        ));
    }
    if variant
        .kinds
        .iter()
        .any(|k| k.mobility == Mobility::TwoSteps)
    {
        out.push(format!(
            "{} move one square, or two: straight on, or turning once, through an empty first square.",
            kind_names(variant, |k| k.mobility == Mobility::TwoSteps)
        ));
    }
    if variant
        .kinds
        .iter()
        .any(|k| k.mobility == Mobility::Immobile)
    {
        out.push(format!(
            "{} never move.",
            kind_names(variant, |k| k.mobility == Mobility::Immobile)
        ));
    }
    out.push(battle_text(variant));
    out.push(endings_text(variant));
    out.push(options_text(variant));
    out.join("\n\n")
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

fn kind_names(variant: &Variant, keep: impl Fn(&super::variant::KindDef) -> bool) -> String {
    let names: Vec<String> = variant
        .kinds
        .iter()
        .filter(|k| keep(k))
        .map(|k| format!("{}s", k.name))
        .collect();
    names.join(" and ")
}

fn army_text(variant: &Variant) -> String {
    match &variant.army {
        ArmyRule::Fixed => {
            let list: Vec<String> = variant
                .kinds
                .iter()
                .map(|k| {
                    let rank = match k.special {
                        Special::Bomb | Special::Flag | Special::Spy => String::new(),
                        _ => format!(" ({}; classic {})", k.labels.modern, k.labels.classic),
                    };
                    format!("{} × {}{rank}", k.count, k.name)
                })
                .collect();
            let total: u32 = variant.kinds.iter().map(|k| k.count).sum();
            format!("Army ({total} pieces each): {}.", list.join(", "))
        }
        ArmyRule::Domino { dealt, must_hold } => {
            let held: Vec<String> = must_hold
                .iter()
                .map(|k| variant.kind(*k).name.clone())
                .collect();
            format!(
                "Army: each player shuffles a full set of {} dominoes face down, draws {dealt} and sets the rest aside unseen. \
                 If the {dealt} drawn lack the {}, the player reshuffles all of them and draws again (the app counts the reshuffles). \
                 Each stone stands so its owner sees the pips; the owner chooses which way round: the left number attacks, \
                 the right number defends (a 2-5 may stand as 2/5 or 5/2).",
                variant.kinds.len(),
                held.join(" or the ")
            )
        }
        ArmyRule::Suited {
            first_loss,
            second_loss,
        } => {
            let suits = |side| {
                variant
                    .suits_of(side)
                    .map(|s| variant.suit(s).name.clone())
                    .collect::<Vec<_>>()
                    .join(" and ")
            };
            let list: Vec<String> = variant
                .kinds
                .iter()
                .map(|k| format!("{} ({})", k.name, k.labels.modern))
                .collect();
            format!(
                "Army: Red takes the {} suits, Blue the {} suits; each suit has one of each: {}. \
                 Each player secretly discards the {} of one suit and the {} of the other, and keeps the choice secret. \
                 Coins stand suit side up: everyone sees each coin's suit but not its value. {}",
                suits(super::side::Side::Red),
                suits(super::side::Side::Blue),
                list.join(", "),
                variant.kind(*first_loss).name,
                variant.kind(*second_loss).name,
                kind_names(variant, |k| k.public) + " are public: both players know what they are."
            )
        }
    }
}

fn battle_text(variant: &Variant) -> String {
    match variant.combat {
        Combat::Rank {
            spy_target,
            one_time_bombs,
        } => {
            let mut lines = vec![
                "Battles: both pieces are shown to both players. The higher rank wins; equal ranks remove both. \
                 A winning attacker takes the square; a winning defender stays."
                    .to_string(),
            ];
            if variant.kinds.iter().any(|k| k.special == Special::Bomb) {
                let defuser = kind_names(variant, |k| k.special == Special::Miner)
                    .trim_end_matches('s')
                    .to_string();
                lines.push(if one_time_bombs {
                    format!(
                        "A Bomb goes off once: any attacker but a {defuser} is removed with it; a {defuser} removes it and takes its square."
                    )
                } else {
                    format!("A Bomb defeats every attacker except a {defuser}, which removes it.")
                });
            }
            if let Some(target) = spy_target {
                lines.push(format!(
                    "The Spy defeats the {} only when the Spy attacks; it loses to every other piece and whenever it is attacked.",
                    variant.kind(target).name
                ));
            }
            lines.push("Any piece captures the Flag, which wins the game.".to_string());
            lines.join(" ")
        }
        Combat::Domino { flag, flag_slayer } => format!(
            "Battles: the attacker's attack number against the defender's defense number; the greater wins, equal removes both. \
             Both stones are then shown. Exception: in any battle between the {slayer} and the {flag}, the {flag} is removed \
             and the {slayer} survives, whoever attacked. The {flag} is both flag and marshal: the side whose {flag} is beaten \
             (also in a tie) loses; if both fall in one battle, the game is a draw.",
            slayer = variant.kind(flag_slayer).name,
            flag = variant.kind(flag).name
        ),
    }
}

fn endings_text(variant: &Variant) -> String {
    let two = match variant.rules.two_squares_default {
        TwoSquares::Off => "off by default".to_string(),
        TwoSquares::Limit(n) => format!("{n} by default"),
    };
    let choices: Vec<String> = variant
        .rules
        .two_squares_choices
        .iter()
        .map(|c| c.to_string())
        .collect();
    let quiet = match variant.rules.quiet_ply_limit {
        Some(n) => format!(
            "The game is a draw after {n} moves in a row (by both players together) without a battle. "
        ),
        None => String::new(),
    };
    format!(
        "Two-squares rule ({two}; choices: {}): a piece may not move back and forth between the same two squares more \
         than that many times in a row; moving another piece resets the count. Long moves count by their two end squares.\n\n\
         The game ends when a flag is captured, or when a player has no legal move on their turn (that player loses). \
         A player left with no piece that can move loses at once; if one battle leaves neither player such a piece, the \
         game is a draw. {quiet}Players may resign or agree a draw at any time.",
        choices.join(", ")
    )
}

fn options_text(variant: &Variant) -> String {
    let rules = &variant.rules;
    let mut lines = Vec::new();
    let by_default = |on: bool| if on { " (on by default)" } else { "" };
    if rules.aggressor_advantage.offered {
        lines.push(format!(
            "Aggressor Advantage{}: in a battle of equal ranks the attacker wins.",
            by_default(rules.aggressor_advantage.default)
        ));
    }
    if rules.silent_defense.offered {
        lines.push(
            "Silent Defense: only the attacker's rank is shown; the lower piece is removed, and the defender stays hidden \
             from the attacker even when it is removed, unless a Scout attacked."
                .to_string(),
        );
    }
    if rules.rescue.offered {
        lines.push(format!(
            "Rescue{}: when a piece ends its move on the opponent's back row, its owner may bring back one captured piece \
             ({}) onto any empty square of their own half, which ends the turn. At most {} rescues per player{}{}.",
            by_default(rules.rescue.default),
            if rules.rescue.bombs { "a Bomb too" } else { "never a Bomb" },
            rules.rescue.per_player,
            if rules.rescue.same_piece_twice { "" } else { ", and the same piece may not perform two" },
            if rules.rescue.by_scouts { "" } else { "; a piece that moves in lines never rescues" }
        ));
    }
    if rules.more_squares.offered {
        lines.push(format!(
            "More-Squares rule{}: a player who keeps threatening pieces that keep evading (a continuous chase) may not \
             make a chasing move that brings back a position the chase has already had, except a move back to the \
             square the chasing piece came from on its previous turn.",
            by_default(rules.more_squares.default)
        ));
    }
    if lines.is_empty() {
        "This variant has no tournament options.".to_string()
    } else {
        format!(
            "Tournament options (each as chosen for the game):\n{}",
            lines.join("\n")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin;

    #[test]
    fn every_variant_has_rules_that_name_its_numbers() {
        for variant in &builtin().variants {
            let text = rules_text(variant);
            let zone = if variant.setup.anywhere {
                "any free square of the board".to_string()
            } else {
                format!("{} rows nearest them", variant.setup.rows)
            };
            assert!(text.contains(&zone), "{}", variant.id);
            if let Some(limit) = variant.rules.quiet_ply_limit {
                assert!(
                    text.contains(&format!("after {limit} moves")),
                    "{}",
                    variant.id
                );
            }
        }
        let classic = rules_text(&crate::core::variant::builtin_variant("classic").unwrap());
        assert!(
            classic.contains("Lakes (no piece may enter or cross them): c5 d5 c6 d6 g5 h5 g6 h6.")
        );
        assert!(classic.contains("1 × Marshal (10; classic 1)"));
        assert!(classic.contains("At most 2 rescues per player"));
        let small = rules_text(&crate::core::variant::builtin_variant("small").unwrap());
        assert!(small.contains("The Spy defeats the General only when the Spy attacks"));
    }
}
