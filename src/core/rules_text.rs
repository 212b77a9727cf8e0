//! The rules of a variant in words, written from its data, so the rules
//! screen always says what the engine plays (and players can settle a dispute).

use super::options::TwoSquares;
use super::variant::{ArmyRule, Combat, Mobility, Special, Variant};
use crate::i18n::{and_list, comma_list, translate};

pub fn rules_text(variant: &Variant) -> String {
    let mut out = Vec::new();
    let board = &variant.board;
    out.push(format!(
        "{}\n{}",
        translate(&variant.name),
        translate(&variant.summary)
    ));

    let blocked: Vec<String> = board.blocked.iter().map(|s| s.to_string()).collect();
    out.push(crate::tr!(
        "Board: {} columns (a-{}) by {} rows, row 1 on Red's side. {}",
        board.columns,
        (b'a' + board.columns - 1) as char,
        board.rows,
        if blocked.is_empty() {
            crate::tr!("There is no water.")
        } else {
            // English: "Lakes (...)": the name capitalised, the "s" in the template.
            crate::tr!(
                "{}s (no piece may enter or cross them): {}.",
                capital(&translate(&board.blocked_name)),
                blocked.join(" ")
            )
        }
    ));
    out.push(if variant.setup.anywhere {
        crate::tr!(
            "Setup: each player places their army on any free square of the board, so the armies may mix. \
             Red sets up first; Blue then uses the squares Red left free (Red's squares are shown to Blue, \
             not its ranks). Red moves first."
        )
    } else if variant.setup.must_fill {
        crate::tr!(
            "Setup: each player places their army on the {} rows nearest them, filling every square. Red moves first.",
            variant.setup.rows
        )
    } else {
        crate::tr!(
            "Setup: each player places their army on the {} rows nearest them, on any of those squares. Red moves first.",
            variant.setup.rows
        )
    });
    out.push(army_text(variant));
    out.push(crate::tr!(
        "Moving: one piece a turn, one square forward, back or sideways, never diagonally, never onto your own piece. \
         Moving onto an enemy piece attacks it."
    ));
    if variant.kinds.iter().any(|k| k.mobility == Mobility::Line) {
        let names = kind_names(variant, |k| k.mobility == Mobility::Line);
        out.push(crate::tr!(
            "{} move any number of empty squares in a straight line and may end the line by attacking. \
             A long move shows your opponent what the piece is.",
            names
        ));
    }
    if variant
        .kinds
        .iter()
        .any(|k| k.mobility == Mobility::TwoSteps)
    {
        out.push(crate::tr!(
            "{} move one square, or two: straight on, or turning once, through an empty first square.",
            kind_names(variant, |k| k.mobility == Mobility::TwoSteps)
        ));
    }
    if variant
        .kinds
        .iter()
        .any(|k| k.mobility == Mobility::Immobile)
    {
        out.push(crate::tr!(
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

/// The kinds' names in the plural ("Scouts and Miners"), translated.
fn kind_names(variant: &Variant, keep: impl Fn(&super::variant::KindDef) -> bool) -> String {
    let names: Vec<String> = variant
        .kinds
        .iter()
        .filter(|k| keep(k))
        .map(|k| crate::tr!("{}s", translate(&k.name)))
        .collect();
    and_list(names)
}

fn army_text(variant: &Variant) -> String {
    match &variant.army {
        ArmyRule::Fixed => {
            let list: Vec<String> = variant
                .kinds
                .iter()
                .map(|k| {
                    let name = translate(&k.name);
                    match k.special {
                        Special::Bomb | Special::Flag | Special::Spy => {
                            crate::tr!("{} × {}", k.count, name)
                        }
                        _ => crate::tr!(
                            "{} × {} ({}; classic {})",
                            k.count,
                            name,
                            k.labels.modern,
                            k.labels.classic
                        ),
                    }
                })
                .collect();
            let total: u32 = variant.kinds.iter().map(|k| k.count).sum();
            crate::tr!("Army ({} pieces each): {}.", total, comma_list(list))
        }
        ArmyRule::Domino { dealt, must_hold } => {
            let held: Vec<String> = must_hold
                .iter()
                .map(|k| translate(&variant.kind(*k).name))
                .collect();
            let held = held
                .into_iter()
                .reduce(|a, b| crate::tr!("{} or the {}", a, b))
                .unwrap_or_default();
            crate::tr!(
                "Army: each player shuffles a full set of {} dominoes face down, draws {} and sets the rest aside unseen. \
                 If the {} drawn lack the {}, the player reshuffles all of them and draws again (the app counts the reshuffles). \
                 Each stone stands so its owner sees the pips; the owner chooses which way round: at the table the left number \
                 attacks and the right number defends. Flagfall writes a stone attack first (a 2-5 turned round is a 5-2) and \
                 tints its attacking half, which faces the enemy.",
                variant.kinds.len(),
                dealt,
                dealt,
                held
            )
        }
        ArmyRule::Suited {
            first_loss,
            second_loss,
        } => {
            let suits = |side| {
                and_list(
                    variant
                        .suits_of(side)
                        .map(|s| translate(&variant.suit(s).name)),
                )
            };
            let list: Vec<String> = variant
                .kinds
                .iter()
                .map(|k| crate::tr!("{} ({})", translate(&k.name), k.labels.modern))
                .collect();
            crate::tr!(
                "Army: Red takes the {} suits, Blue the {} suits; each suit has one of each: {}. \
                 Each player secretly discards the {} of one suit and the {} of the other, and keeps the choice secret. \
                 Coins stand suit side up: everyone sees each coin's suit but not its value. {}",
                suits(super::side::Side::Red),
                suits(super::side::Side::Blue),
                comma_list(list),
                translate(&variant.kind(*first_loss).name),
                translate(&variant.kind(*second_loss).name),
                crate::tr!(
                    "{} are public: both players know what they are.",
                    kind_names(variant, |k| k.public)
                )
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
            let mut lines = vec![crate::tr!(
                "Battles: both pieces are shown to both players. The higher rank wins; equal ranks remove both. \
                 A winning attacker takes the square; a winning defender stays."
            )];
            if variant.kinds.iter().any(|k| k.special == Special::Bomb) {
                let defuser = kind_names(variant, |k| k.special == Special::Miner)
                    .trim_end_matches('s')
                    .to_string();
                lines.push(if one_time_bombs {
                    crate::tr!(
                        "A Bomb goes off once: any attacker but a {} is removed with it; a {} removes it and takes its square.",
                        defuser,
                        defuser
                    )
                } else {
                    crate::tr!(
                        "A Bomb defeats every attacker except a {}, which removes it.",
                        defuser
                    )
                });
            }
            if let Some(target) = spy_target {
                lines.push(crate::tr!(
                    "The Spy defeats the {} only when the Spy attacks; it loses to every other piece and whenever it is attacked.",
                    translate(&variant.kind(target).name)
                ));
            }
            lines.push(crate::tr!(
                "Any piece captures the Flag, which wins the game."
            ));
            crate::i18n::sentences(lines)
        }
        Combat::Domino { flag, flag_slayer } => {
            let slayer = translate(&variant.kind(flag_slayer).name);
            let flag = translate(&variant.kind(flag).name);
            crate::tr!(
                "Battles: the attacker's attack number against the defender's defense number; the greater wins, equal removes both. \
                 Both stones are then shown. Exception: in any battle between the {} and the {}, the {} is removed \
                 and the {} survives, whoever attacked. The {} is both flag and marshal: the side whose {} is beaten \
                 (also in a tie) loses; if both fall in one battle, the game is a draw.",
                slayer,
                flag,
                flag,
                slayer,
                flag,
                flag
            )
        }
    }
}

fn endings_text(variant: &Variant) -> String {
    let two = match variant.rules.two_squares_default {
        TwoSquares::Off => crate::tr!("off by default"),
        TwoSquares::Limit(n) => crate::tr!("{} by default", n),
    };
    let choices: Vec<String> = variant
        .rules
        .two_squares_choices
        .iter()
        .map(|c| c.label())
        .collect();
    let quiet = match variant.rules.quiet_ply_limit {
        Some(n) => crate::tr!(
            "The game is a draw after {} moves in a row (by both players together) without a battle. ",
            n
        ),
        None => String::new(),
    };
    crate::tr!(
        "Two-squares rule ({}; choices: {}): a piece may not move back and forth between the same two squares more \
         than that many times in a row; moving another piece resets the count. Long moves count by their two end squares.\n\n\
         The game ends when a flag is captured, or when a player has no legal move on their turn (that player loses). \
         A player left with no piece that can move loses at once; if one battle leaves neither player such a piece, the \
         game is a draw. {}Players may resign or agree a draw at any time.",
        two,
        comma_list(choices),
        quiet
    )
}

fn options_text(variant: &Variant) -> String {
    let rules = &variant.rules;
    let mut lines = Vec::new();
    // An option's heading, with "(on by default)" when it is.
    let heading = |name: String, on: bool| {
        if on {
            crate::tr!("{} (on by default)", name)
        } else {
            name
        }
    };
    if rules.aggressor_advantage.offered {
        lines.push(crate::tr!(
            "{}: in a battle of equal ranks the attacker wins.",
            heading(
                crate::tr!("Aggressor Advantage"),
                rules.aggressor_advantage.default
            )
        ));
    }
    if rules.silent_defense.offered {
        lines.push(crate::tr!(
            "Silent Defense: only the attacker's rank is shown; the lower piece is removed, and the defender stays hidden \
             from the attacker even when it is removed, unless a Scout attacked."
        ));
    }
    if rules.rescue.offered {
        let per_player = rules.rescue.per_player;
        let limit = match (rules.rescue.same_piece_twice, rules.rescue.by_scouts) {
            (true, true) => crate::tr!("At most {} rescues per player.", per_player),
            (false, true) => crate::tr!(
                "At most {} rescues per player, and the same piece may not perform two.",
                per_player
            ),
            (true, false) => crate::tr!(
                "At most {} rescues per player; a piece that moves in lines never rescues.",
                per_player
            ),
            (false, false) => crate::tr!(
                "At most {} rescues per player, and the same piece may not perform two; a piece that moves in lines never rescues.",
                per_player
            ),
        };
        lines.push(crate::tr!(
            "{}: when a piece ends its move on the opponent's back row, its owner may bring back one captured piece \
             ({}) onto any empty square of their own half, which ends the turn. {}",
            heading(crate::tr!("Rescue"), rules.rescue.default),
            if rules.rescue.bombs {
                crate::tr!("a Bomb too")
            } else {
                crate::tr!("never a Bomb")
            },
            limit
        ));
    }
    if rules.more_squares.offered {
        lines.push(crate::tr!(
            "{}: a player who keeps threatening pieces that keep evading (a continuous chase) may not \
             make a chasing move that brings back a position the chase has already had, except a move back to the \
             square the chasing piece came from on its previous turn.",
            heading(crate::tr!("More-Squares rule"), rules.more_squares.default)
        ));
    }
    if lines.is_empty() {
        crate::tr!("This variant has no tournament options.")
    } else {
        crate::tr!(
            "Tournament options (each as chosen for the game):\n{}",
            lines.join("\n")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin;

    /// A kind named in the plural ("Scouts") never follows "a" ("a scouts").
    #[test]
    fn no_plural_name_follows_a_single_article() {
        for variant in &builtin().variants {
            let text = rules_text(variant).to_lowercase();
            for kind in &variant.kinds {
                let plural = kind_names(variant, |k| k.key == kind.key).to_lowercase();
                for article in ["a ", "an "] {
                    let wrong = format!(" {article}{plural}");
                    assert!(
                        !text.contains(&wrong),
                        "{}: \"{}\"",
                        variant.id,
                        wrong.trim()
                    );
                }
            }
        }
    }

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
