//! The cheat check: when the other device opens its setup, everything it
//! claimed during the game is held against it.

use super::fair_deal::{self, FairTerms};
use super::message::{Intro, Reveal, commitment};
use super::public_setup::public_setup;
use super::replay::replay;
use super::stand_in::Known;
use crate::core::battle;
use crate::core::moves::Action;
use crate::core::options::GameOptions;
use crate::core::position::Position;
use crate::core::setup::{CheckedSetup, Setup};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Special, Variant};

/// Something the other device said about one of its pieces, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The number of plies played before it (the claim concerns ply `ply + 1`).
    pub ply: usize,
    /// The piece's number in its side's setup.
    pub piece: u8,
    /// Where the piece stood when the claim was made.
    pub at: Square,
    pub known: Known,
}

/// The check of the other device's claims, once it has opened its setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimsVerdict {
    /// Every battle and move the other device reported fits its setup.
    Verified,
    /// What was false, each in a sentence.
    False(Vec<String>),
}

pub struct Checked {
    pub verdict: ClaimsVerdict,
    /// The game replayed with both true setups, when the opened one is valid.
    pub position: Option<Position>,
}

#[expect(
    clippy::too_many_arguments,
    reason = "each is one part of the claim checked"
)]
pub(super) fn verify(
    variant: &std::sync::Arc<Variant>,
    options: &GameOptions,
    game_id: u32,
    mine: &CheckedSetup,
    intro: &Intro,
    reveal: &Reveal,
    plies: &[(Side, Action)],
    claims: &[Claim],
    fair: Option<&FairTerms>,
) -> Checked {
    let enemy = mine.side().opponent();
    let fail = |why: String| Checked {
        verdict: ClaimsVerdict::False(vec![why]),
        position: None,
    };
    let opened = commitment(
        variant,
        game_id,
        enemy,
        &reveal.salt,
        &reveal.deal,
        &reveal.placements,
    );
    if opened != intro.commitment {
        return fail(crate::tr!(
            "the setup it opened is not the one it committed to at the start"
        ));
    }
    let setup = Setup {
        side: enemy,
        placements: reveal.placements.clone(),
    };
    let theirs = match setup.check(variant, &reveal.deal, options) {
        Ok(checked) => checked,
        Err(e) => return fail(crate::tr!("the setup it opened breaks the rules: {}", e)),
    };
    if public_setup(variant, theirs.placements()) != intro.public {
        return fail(crate::tr!(
            "the setup it opened is not the one it showed at the start"
        ));
    }
    let mut lies = Vec::new();
    if let Some(terms) = fair
        && let Err(why) = fair_deal::check(
            variant,
            game_id,
            enemy,
            &reveal.salt,
            &reveal.deal,
            &terms.their_commitment,
            &terms.nonce_sent,
        )
    {
        lies.push(why.to_string());
    }
    for claim in claims {
        let truth = theirs.placements()[claim.piece as usize].piece;
        let kind = variant.kind(truth.kind);
        let said = match claim.known {
            Known::Is(piece) if piece != truth => Some(crate::tr!(
                "it said its piece on {} was {}, but it was {}",
                claim.at,
                piece.describe(variant),
                truth.describe(variant)
            )),
            Known::Moved { distance, straight } if !kind.mobility.reaches(distance, straight) => {
                Some(if straight {
                    crate::tr!(
                        "it moved its {} from {} {} squares, which that piece cannot",
                        truth.describe(variant),
                        claim.at,
                        distance
                    )
                } else {
                    crate::tr!(
                        "it moved its {} from {} {} squares, turning, which that piece cannot",
                        truth.describe(variant),
                        claim.at,
                        distance
                    )
                })
            }
            Known::Rescuable if kind.special == Special::Bomb && !variant.rules.rescue.bombs => {
                Some(crate::tr!(
                    "it rescued a {} onto {}",
                    truth.describe(variant),
                    claim.at
                ))
            }
            Known::Met { attacker, result }
                if battle::resolve(variant, options, attacker, truth) != result =>
            {
                Some(crate::tr!(
                    "it reported the wrong result for the attack of {} on its {} at {}",
                    attacker.describe(variant),
                    truth.describe(variant),
                    claim.at
                ))
            }
            _ => None,
        };
        if let Some(said) = said {
            lies.push(crate::tr!("ply {}: {}", claim.ply + 1, said));
        }
    }
    let replayed = replay(
        variant,
        options,
        mine.placements(),
        theirs.placements(),
        mine.side(),
        None,
        plies,
    );
    let position = match replayed {
        Ok((position, reports)) => {
            match position.outcome() {
                None => lies.push(crate::tr!(
                    "it ended the game, but by its setup the game goes on"
                )),
                Some(outcome) => {
                    if let Some(ply) = played_on(enemy, plies, &reports) {
                        lies.push(crate::tr!(
                            "ply {}: it played on after the game had ended by its own setup ({})",
                            ply,
                            outcome
                        ));
                    }
                }
            }
            Some(position)
        }
        Err((ply, why)) => {
            lies.push(crate::tr!(
                "ply {}: illegal with its setup: {}",
                ply + 1,
                why
            ));
            None
        }
    };
    Checked {
        verdict: if lies.is_empty() {
            ClaimsVerdict::Verified
        } else {
            ClaimsVerdict::False(lies)
        },
        position,
    }
}

/// The first ply (counted from 1) the other device played after the game,
/// replayed on its true setup, was already over. Its own device always sees
/// such an ending (its flag taken, its army stuck: the loser's pieces decide
/// every ending), so playing on hid it: under Silent Defense, a flag taken
/// and answered with the true result, then a move or a resignation.
fn played_on(
    enemy: Side,
    plies: &[(Side, Action)],
    reports: &[Option<crate::core::position::PlyReport>],
) -> Option<usize> {
    plies
        .iter()
        .zip(reports)
        .position(|(&(side, action), report)| {
            report.is_none() && side == enemy && action != Action::SkipRescue
        })
        .map(|i| i + 1)
}
