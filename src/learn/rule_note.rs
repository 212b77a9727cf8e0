//! Rules where they bite: what a player just met in a real game (a first
//! battle, the Spy's strike, a bomb, a long run, a refused shuttle, a
//! rescue, a battle of stones or coins, a stone turned, the secret
//! discards), told in one line from what that
//! player saw and nothing more. The app shows each moment once and offers
//! the lesson that teaches it (`catalog::lesson_teaching`).

use super::rule_moment::RuleMoment;
use crate::core::Piece;
use crate::core::battle::BattleResult;
use crate::core::moves::{Action, IllegalMove};
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::{ArmyRule, Combat, KindId, Mobility, Special, Variant};
use crate::core::view::{ViewBattle, ViewPly};
use crate::i18n::translate;

/// A rule met, said in one line for the player who met it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleNote {
    pub moment: RuleMoment,
    pub text: String,
}

impl RuleNote {
    fn new(moment: RuleMoment, text: String) -> RuleNote {
        RuleNote { moment, text }
    }
}

/// The rules `viewer` met in `plies` (what it saw of the game since its
/// own last action, that action included, oldest first), and the rescue
/// it is offered now: the most particular first (a Spy's strike before
/// "a battle").
pub fn notes_in(
    variant: &Variant,
    options: &GameOptions,
    viewer: Side,
    plies: &[ViewPly],
    rescue_pending: bool,
) -> Vec<RuleNote> {
    let mut notes = Vec::new();
    for ply in plies.iter().rev() {
        if let Some(battle) = &ply.battle {
            notes.extend(battle_notes(variant, options, viewer, ply.side, battle));
        }
        if let Action::Move(m) = ply.action {
            notes.extend(long_run(variant, viewer, ply.side, m));
        }
    }
    if rescue_pending {
        notes.push(RuleNote::new(
            RuleMoment::Rescue,
            crate::tr!(
                "Rescue: your piece reached the far row, so you may bring one of your captured pieces back onto an empty square of your half."
            ),
        ));
    }
    notes
}

/// The note for a move the rules refused, where a rule worth a lesson
/// refused it.
pub fn note_for_refusal(refusal: &IllegalMove) -> Option<RuleNote> {
    match refusal {
        IllegalMove::TwoSquares { limit, .. } => Some(RuleNote::new(
            RuleMoment::TwoSquares,
            crate::tr!(
                "The two-squares rule: a piece may not go back and forth between the same two squares more than {} times in a row, so a chase cannot last for ever.",
                limit
            ),
        )),
        _ => None,
    }
}

/// A domino stone turned at setup: how it now fights.
pub fn note_for_turned_stone(variant: &Variant, stone: Piece) -> Option<RuleNote> {
    let (attack, defense) = stone.domino_face(variant)?;
    Some(RuleNote::new(
        RuleMoment::StoneTurned,
        crate::tr!(
            "Turned: this stone now attacks with {} and defends with {}. The half facing the enemy is the one it attacks with.",
            attack,
            defense
        ),
    ))
}

/// The piecepack discards chosen: what they tell the other player.
pub fn note_for_discards() -> RuleNote {
    RuleNote::new(
        RuleMoment::Discard,
        crate::tr!(
            "Your discards stay secret. The other player learns only that your Flag (the null left) and your Captain (the ace left) are of different suits, and you learn the same of theirs."
        ),
    )
}

fn kind_name(variant: &Variant, kind: KindId) -> String {
    translate(&variant.kind(kind).name)
}

/// What a battle teaches the viewer, the most particular first.
fn battle_notes(
    variant: &Variant,
    options: &GameOptions,
    viewer: Side,
    attacking_side: Side,
    battle: &ViewBattle,
) -> Vec<RuleNote> {
    let attacker = battle.attacker.piece;
    let defender = battle.defender.piece;
    let mut notes = Vec::new();
    match variant.combat {
        Combat::Domino { flag, flag_slayer } => {
            let kinds = [attacker, defender].map(|p| p.map(|p| p.kind));
            if kinds == [Some(flag), Some(flag_slayer)] || kinds == [Some(flag_slayer), Some(flag)]
            {
                notes.push(RuleNote::new(
                    RuleMoment::FlagSlayer,
                    crate::tr!(
                        "The {0} met the {1}: in any battle between them the {0} wins, whoever attacked.",
                        kind_name(variant, flag_slayer),
                        kind_name(variant, flag)
                    ),
                ));
            }
            notes.push(RuleNote::new(
                RuleMoment::StoneBattle,
                crate::tr!(
                    "A battle of stones: the attacker fights with its first half, the defender with its second; the higher number wins, and equal numbers remove both."
                ),
            ));
        }
        Combat::Rank {
            spy_target,
            one_time_bombs,
        } => {
            let special = |p: Option<Piece>| p.map(|p| variant.kind(p.kind).special);
            if let (Some(Special::Spy), Some(target), BattleResult::AttackerWins) = (
                special(attacker),
                spy_target.filter(|t| defender.map(|d| d.kind) == Some(*t)),
                battle.result,
            ) {
                notes.push(RuleNote::new(
                    RuleMoment::SpyStrikes,
                    crate::tr!(
                        "The {0} took the {1}: it beats the {1} only when it attacks, and loses to any piece that attacks it.",
                        kind_name(variant, attacker.map_or(target, |a| a.kind)),
                        kind_name(variant, target)
                    ),
                ));
            }
            if special(defender) == Some(Special::Bomb) {
                notes.push(bomb_note(variant, attacker, battle.result, one_time_bombs));
            }
            let tie = matches!((attacker, defender), (Some(a), Some(d)) if a.kind == d.kind);
            if options.aggressor_advantage && tie && battle.result == BattleResult::AttackerWins {
                notes.push(RuleNote::new(
                    RuleMoment::AggressorAdvantage,
                    crate::tr!(
                        "Aggressor Advantage: two pieces of the same rank met, and the attacker won the tie."
                    ),
                ));
            }
            if options.silent_defense
                && attacking_side == viewer
                && defender.is_none()
                && battle.result == BattleResult::DefenderWins
            {
                notes.push(RuleNote::new(
                    RuleMoment::SilentDefense,
                    crate::tr!(
                        "Silent Defense: the defender won and stays hidden; only a Scout's attack makes a winning defender show itself."
                    ),
                ));
            }
            notes.push(if matches!(variant.army, ArmyRule::Suited { .. }) {
                RuleNote::new(
                    RuleMoment::CoinBattle,
                    crate::tr!(
                        "A battle of coins: both values are shown, and the higher rank wins (the ace, the Captain, is highest); equal ranks remove both."
                    ),
                )
            } else if options.aggressor_advantage {
                RuleNote::new(
                    RuleMoment::Battle,
                    crate::tr!(
                        "A battle: the higher rank wins and stays, the lower leaves the board; with Aggressor Advantage a tie goes to the attacker."
                    ),
                )
            } else {
                RuleNote::new(
                    RuleMoment::Battle,
                    crate::tr!(
                        "A battle: the higher rank wins and stays, the lower leaves the board; equal ranks both leave."
                    ),
                )
            });
        }
    }
    notes
}

/// A bomb attacked: defused, holding, or (one-time bombs) gone off.
fn bomb_note(
    variant: &Variant,
    attacker: Option<Piece>,
    result: BattleResult,
    one_time_bombs: bool,
) -> RuleNote {
    let defusers = variant
        .kind_ids()
        .filter(|k| variant.kind(*k).special == Special::Miner)
        .map(|k| kind_name(variant, k))
        .collect::<Vec<_>>()
        .join(" / ");
    match (result, attacker) {
        (BattleResult::AttackerWins, Some(a)) => RuleNote::new(
            RuleMoment::BombDefused,
            crate::tr!(
                "The {} defused the bomb: in this game only that kind of piece can.",
                kind_name(variant, a.kind)
            ),
        ),
        _ if one_time_bombs => RuleNote::new(
            RuleMoment::BombGoesOff,
            crate::tr!(
                "The bomb went off: here a bomb takes its attacker with it, once, and leaves the board; only a {} defuses it.",
                defusers
            ),
        ),
        _ => RuleNote::new(
            RuleMoment::BombHolds,
            crate::tr!(
                "A bomb: every attacker but a {} loses against it, and the bomb stays.",
                defusers
            ),
        ),
    }
}

/// A move of more than one square: only some kinds move so far, so it
/// tells what the piece may be.
fn long_run(
    variant: &Variant,
    viewer: Side,
    mover: Side,
    m: crate::core::Move,
) -> Option<RuleNote> {
    let (columns, rows) = (
        m.from.col.abs_diff(m.to.col) as u32,
        m.from.row.abs_diff(m.to.row) as u32,
    );
    let distance = columns + rows;
    if distance < 2 {
        return None;
    }
    let straight = columns == 0 || rows == 0;
    let able: Vec<KindId> = variant
        .kind_ids()
        .filter(|k| {
            let kind = variant.kind(*k);
            kind.mobility != Mobility::Step && kind.mobility.reaches(distance, straight)
        })
        .collect();
    // Everyone sees what a public piece is (piecepack pawns): no news.
    if able.iter().all(|k| variant.kind(*k).public) {
        return None;
    }
    let names: Vec<String> = able.iter().map(|k| kind_name(variant, *k)).collect();
    let text = match (mover == viewer, names.as_slice()) {
        (true, [only]) => crate::tr!(
            "Your {0} went from {1} to {2}: only a {0} moves so far, so {3} now knows what it is.",
            only,
            m.from,
            m.to,
            mover.opponent()
        ),
        (true, _) => return None,
        (false, [only]) => crate::tr!(
            "{0}'s piece went from {1} to {2}: only a {3} moves so far, so now you know what it is.",
            mover,
            m.from,
            m.to,
            only
        ),
        (false, [one, other]) => crate::tr!(
            "{0}'s piece went from {1} to {2}: only a {3} or a {4} moves so far.",
            mover,
            m.from,
            m.to,
            one,
            other
        ),
        (false, _) => return None,
    };
    Some(RuleNote::new(RuleMoment::LongRun, text))
}
