//! A stand-in for the enemy's hidden army: the enemy's pieces stand on the
//! squares everyone saw, with kinds chosen so that everything its device
//! has claimed so far holds. The engine can then play the game on with the
//! true kind of every piece the rules have shown; the kinds of the others
//! decide nothing, since the engine leaves their endings to their device.

use super::public_setup::PublicSetup;
use crate::core::battle::{self, BattleResult};
use crate::core::deal::Deal;
use crate::core::options::GameOptions;
use crate::core::piece::Piece;
use crate::core::setup::Placement;
use crate::core::side::Side;
use crate::core::variant::{ArmyRule, Special, SuitId, Variant};

/// What the enemy's device has shown or implied about one of its pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// The rules showed the piece (it attacked, was attacked, made a long move).
    Is(Piece),
    /// It moved this many squares, in a straight line or turning: so it is
    /// no bomb or flag, and (Ultimate Lightning) a piece that moves so far.
    Moved { distance: u32, straight: bool },
    /// It was brought back by a rescue, so it is no bomb (unless the
    /// variant brings bombs back).
    Rescuable,
    /// Under Silent Defense: it met `attacker` with this result, and the game
    /// went on, so it was no flag.
    Met {
        attacker: Piece,
        result: BattleResult,
    },
}

/// No army of the variant fits everything the enemy's device has shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct NoArmyFits;

impl std::fmt::Display for NoArmyFits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::tr!(
            "no army of this game fits everything the other device has shown"
        ))
    }
}

/// Kinds for the enemy's pieces meeting every `known[i]` about piece i, or
/// `NoArmyFits` when no army of the variant could.
pub fn stand_in(
    variant: &Variant,
    options: &GameOptions,
    enemy: Side,
    public: &PublicSetup,
    known: &[Vec<Known>],
) -> Result<Vec<Placement>, NoArmyFits> {
    let (armies, must_use) = candidate_armies(variant, enemy);
    for army in armies {
        if let Some(pieces) = assign(variant, options, public, known, &army, &must_use) {
            return Ok(public
                .iter()
                .zip(pieces)
                .map(|(p, piece)| Placement {
                    square: p.square,
                    piece,
                })
                .collect());
        }
    }
    Err(NoArmyFits)
}

/// The armies the enemy may hold (one per discard choice, or the whole
/// domino set) and the candidates every deal holds.
fn candidate_armies(variant: &Variant, enemy: Side) -> (Vec<Vec<Piece>>, Vec<bool>) {
    match &variant.army {
        ArmyRule::Fixed => {
            let army: Vec<Piece> = variant
                .kind_ids()
                .flat_map(|k| std::iter::repeat_n(Piece::new(k), variant.kind(k).count as usize))
                .collect();
            let must = vec![true; army.len()];
            (vec![army], must)
        }
        ArmyRule::Domino { must_hold, .. } => {
            let army: Vec<Piece> = variant.kind_ids().map(Piece::new).collect();
            let must = army.iter().map(|p| must_hold.contains(&p.kind)).collect();
            (vec![army], must)
        }
        ArmyRule::Suited { .. } => {
            let armies: Vec<Vec<Piece>> = variant
                .suits_of(enemy)
                .filter_map(|first_loss_suit| {
                    Deal::Discard { first_loss_suit }.army(variant, enemy).ok()
                })
                .collect();
            let must = vec![true; armies.first().map_or(0, Vec::len)];
            (armies, must)
        }
    }
}

/// The candidate's piece for a square, turned to fit, if it meets all that is known.
fn fits(
    variant: &Variant,
    options: &GameOptions,
    candidate: Piece,
    suit: Option<SuitId>,
    known: &[Known],
) -> Option<Piece> {
    if candidate.suit != suit {
        return None;
    }
    let turns: &[bool] = if variant.is_domino() {
        &[false, true]
    } else {
        &[false]
    };
    turns.iter().find_map(|&flipped| {
        let piece = Piece {
            flipped,
            ..candidate
        };
        let kind = variant.kind(piece.kind);
        known
            .iter()
            .all(|k| match *k {
                Known::Is(shown) => shown == piece,
                Known::Moved { distance, straight } => kind.mobility.reaches(distance, straight),
                Known::Rescuable => variant.rules.rescue.bombs || kind.special != Special::Bomb,
                Known::Met { attacker, result } => {
                    !kind.is_flag && battle::resolve(variant, options, attacker, piece) == result
                }
            })
            .then_some(piece)
    })
}

/// A perfect matching of squares to candidates (Kuhn's augmenting paths);
/// candidates every deal holds must all be used, the rest may stay unused.
fn assign(
    variant: &Variant,
    options: &GameOptions,
    public: &PublicSetup,
    known: &[Vec<Known>],
    army: &[Piece],
    must_use: &[bool],
) -> Option<Vec<Piece>> {
    let none = Vec::new();
    let fit: Vec<Vec<Option<Piece>>> = public
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut known = known.get(i).unwrap_or(&none).clone();
            known.extend(p.shown.map(Known::Is));
            army.iter()
                .map(|&c| fits(variant, options, c, p.suit, &known))
                .collect()
        })
        .collect();
    // Spare rows take the candidates no square needs (the set-aside stones).
    let spare = army.len().saturating_sub(public.len());
    let rows = public.len() + spare;
    let edge = |row: usize, col: usize| {
        if row < public.len() {
            fit[row][col].is_some()
        } else {
            !must_use[col]
        }
    };
    let mut owner: Vec<Option<usize>> = vec![None; army.len()];
    for row in 0..rows {
        let mut seen = vec![false; army.len()];
        if !augment(row, &edge, &mut owner, &mut seen) {
            return None;
        }
    }
    let mut pieces = vec![None; public.len()];
    for (col, row) in owner.iter().enumerate() {
        if let Some(row) = *row
            && row < public.len()
        {
            pieces[row] = fit[row][col];
        }
    }
    pieces.into_iter().collect()
}

fn augment(
    row: usize,
    edge: &impl Fn(usize, usize) -> bool,
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for col in 0..owner.len() {
        if seen[col] || !edge(row, col) {
            continue;
        }
        seen[col] = true;
        if owner[col].is_none_or(|other| augment(other, edge, owner, seen)) {
            owner[col] = Some(row);
            return true;
        }
    }
    false
}
