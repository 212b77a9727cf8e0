//! One side's setup: an unchecked list of placements, turned into a
//! `CheckedSetup` by a check that reports every problem at once.

use super::deal::{Deal, DealError};
use super::options::GameOptions;
use super::piece::Piece;
use super::side::Side;
use super::square::Square;
use super::variant::Variant;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub square: Square,
    pub piece: Piece,
}

/// A setup as a player (or a file) gave it; nothing is checked yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub side: Side,
    pub placements: Vec<Placement>,
}

/// One thing wrong with a setup, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    Deal(DealError),
    OffBoard(Square),
    Blocked {
        square: Square,
        what: String,
    },
    OutsideZone {
        square: Square,
        rows: u8,
    },
    SquareTwice(Square),
    UnknownPiece(Square),
    WrongCount {
        piece: String,
        expected: usize,
        found: usize,
    },
    /// An arranged position (not a setup) where a side has no flag to lose.
    NoFlag(Side),
    ZoneNotFilled {
        empty: Vec<Square>,
    },
    Orientation {
        square: Square,
        piece: String,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            SetupProblem::Deal(e) => crate::tr!("the deal is not valid: {}", e),
            SetupProblem::OffBoard(sq) => crate::tr!("{} is not on the board", sq),
            SetupProblem::Blocked { square, what } => crate::tr!(
                "{} is a {}: no piece can stand there",
                square,
                crate::i18n::translate(what)
            ),
            SetupProblem::OutsideZone { square, rows } => crate::tr!(
                "{} is outside your setup zone (the {} rows nearest you)",
                square,
                rows
            ),
            SetupProblem::SquareTwice(sq) => crate::tr!("{} holds more than one piece", sq),
            SetupProblem::UnknownPiece(sq) => {
                crate::tr!("the piece on {} is not part of this game", sq)
            }
            SetupProblem::WrongCount {
                piece,
                expected,
                found,
            } if found > expected => crate::tr!(
                "{} × {} placed, but your army has only {}",
                found,
                piece,
                expected
            ),
            SetupProblem::WrongCount {
                piece,
                expected,
                found,
            } => crate::tr!(
                "{} of {} × {} placed: {} still to place",
                found,
                expected,
                piece,
                expected - found
            ),
            SetupProblem::NoFlag(side) => crate::tr!("{} has no flag", side),
            SetupProblem::ZoneNotFilled { empty } => {
                let names: Vec<String> = empty.iter().map(|s| s.to_string()).collect();
                crate::tr!("the whole zone must be filled; empty: {}", names.join(" "))
            }
            SetupProblem::Orientation { square, piece } => crate::tr!(
                "the {} on {} cannot be turned round (only dominoes with two different numbers can)",
                piece,
                square
            ),
        };
        f.write_str(&text)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SetupError {
    pub side: Side,
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tr!("{}'s setup is not ready:", self.side))?;
        for problem in &self.problems {
            write!(f, "\n  - {problem}")?;
        }
        Ok(())
    }
}

/// A setup that fits the variant, the deal and the options, with its
/// placements ordered by square (which numbers the pieces of the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedSetup {
    side: Side,
    deal: Deal,
    placements: Vec<Placement>,
}

impl CheckedSetup {
    pub fn side(&self) -> Side {
        self.side
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    pub fn to_setup(&self) -> Setup {
        Setup {
            side: self.side,
            placements: self.placements.clone(),
        }
    }
}

impl Setup {
    /// Swaps the pieces of placements `a` and `b` (the squares stay).
    pub fn swap_pieces(&mut self, a: usize, b: usize) {
        let piece = self.placements[a].piece;
        self.placements[a].piece = self.placements[b].piece;
        self.placements[b].piece = piece;
    }

    /// Puts the piece of placement `i` on `square`, swapping with whatever
    /// stands there; returns the placement that now holds it.
    pub fn place_at(&mut self, i: usize, square: Square) -> usize {
        match self.placements.iter().position(|p| p.square == square) {
            Some(j) => {
                self.swap_pieces(i, j);
                j
            }
            None => {
                self.placements[i].square = square;
                i
            }
        }
    }

    pub fn new(side: Side) -> Setup {
        Setup {
            side,
            placements: Vec::new(),
        }
    }

    /// Checks the setup and lists every problem found, not just the first.
    pub fn check(
        self,
        variant: &Variant,
        deal: &Deal,
        options: &GameOptions,
    ) -> Result<CheckedSetup, SetupError> {
        let problems = self.problems(variant, deal, options);
        if !problems.is_empty() {
            return Err(SetupError {
                side: self.side,
                problems,
            });
        }
        let mut placements = self.placements;
        placements.sort_by_key(|p| (p.square.row, p.square.col));
        Ok(CheckedSetup {
            side: self.side,
            deal: deal.clone(),
            placements,
        })
    }

    /// Every problem with this setup (empty when it is ready).
    pub fn problems(
        &self,
        variant: &Variant,
        deal: &Deal,
        options: &GameOptions,
    ) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        let army = match deal.army(variant, self.side) {
            Ok(army) => Some(army),
            Err(e) => {
                problems.push(SetupProblem::Deal(e));
                None
            }
        };
        let mut seen: Vec<Square> = Vec::new();
        for p in &self.placements {
            let sq = p.square;
            if !variant.board.contains(sq) {
                problems.push(SetupProblem::OffBoard(sq));
                continue;
            }
            if seen.contains(&sq) && !problems.contains(&SetupProblem::SquareTwice(sq)) {
                problems.push(SetupProblem::SquareTwice(sq));
            }
            seen.push(sq);
            if variant.board.is_blocked(sq) {
                problems.push(SetupProblem::Blocked {
                    square: sq,
                    what: variant.board.blocked_name.clone(),
                });
            } else if !variant.in_setup_zone(self.side, sq) {
                problems.push(SetupProblem::OutsideZone {
                    square: sq,
                    rows: variant.setup.rows,
                });
            }
            let kind_ok = (p.piece.kind.0 as usize) < variant.kinds.len();
            let suit_ok = match p.piece.suit {
                None => variant.suits.is_empty(),
                Some(s) => variant
                    .suits
                    .get(s.0 as usize)
                    .is_some_and(|suit| suit.side == self.side),
            };
            if !kind_ok || !suit_ok {
                problems.push(SetupProblem::UnknownPiece(sq));
                continue;
            }
            let turnable = variant
                .kind(p.piece.kind)
                .pips
                .is_some_and(|(low, high)| low != high);
            if p.piece.flipped && !turnable {
                problems.push(SetupProblem::Orientation {
                    square: sq,
                    piece: p.piece.describe(variant),
                });
            }
        }
        if let Some(army) = army.filter(|_| options.check_army) {
            count_problems(variant, &army, &self.placements, &mut problems);
            if variant.setup.must_fill {
                let empty: Vec<Square> = variant
                    .setup_squares(self.side)
                    .into_iter()
                    .filter(|sq| !seen.contains(sq))
                    .collect();
                if !empty.is_empty() {
                    problems.push(SetupProblem::ZoneNotFilled { empty });
                }
            }
        }
        problems
    }

    /// A uniformly random valid setup (random orientations for dominoes).
    pub fn random(
        variant: &Variant,
        side: Side,
        deal: &Deal,
        rng: &mut impl Rng,
    ) -> Result<Setup, DealError> {
        Setup::random_avoiding(variant, side, deal, &[], rng)
    }

    /// `random`, leaving out squares the other army took (where both
    /// armies set up on the same squares: Gravon's free setup).
    pub fn random_avoiding(
        variant: &Variant,
        side: Side,
        deal: &Deal,
        taken: &[Square],
        rng: &mut impl Rng,
    ) -> Result<Setup, DealError> {
        let mut pieces = deal.army(variant, side)?;
        for piece in &mut pieces {
            piece.flipped =
                variant.kind(piece.kind).pips.is_some_and(|(l, h)| l != h) && rng.random_bool(0.5);
        }
        let mut squares = variant.setup_squares(side);
        squares.retain(|sq| !taken.contains(sq));
        squares.shuffle(rng);
        let placements = pieces
            .into_iter()
            .zip(squares)
            .map(|(piece, square)| Placement { square, piece })
            .collect();
        Ok(Setup { side, placements })
    }
}

fn count_problems(
    variant: &Variant,
    army: &[Piece],
    placements: &[Placement],
    problems: &mut Vec<SetupProblem>,
) {
    // Orientation is not part of what the army holds.
    let key = |p: &Piece| (p.kind, p.suit);
    let mut expected: BTreeMap<_, usize> = BTreeMap::new();
    for piece in army {
        *expected.entry(key(piece)).or_default() += 1;
    }
    let mut found: BTreeMap<_, usize> = BTreeMap::new();
    // Pieces that are not part of the game are reported as such, not counted.
    let known = |p: &Piece| {
        (p.kind.0 as usize) < variant.kinds.len()
            && p.suit.is_none_or(|s| (s.0 as usize) < variant.suits.len())
    };
    for p in placements {
        if known(&p.piece) {
            *found.entry(key(&p.piece)).or_default() += 1;
        }
    }
    let keys: std::collections::BTreeSet<_> =
        expected.keys().chain(found.keys()).copied().collect();
    for k in keys {
        let (e, f) = (
            expected.get(&k).copied().unwrap_or(0),
            found.get(&k).copied().unwrap_or(0),
        );
        if e != f {
            // A domino stone is named as a stone ("2-5"), not by how it stands.
            // Either way the name is in the player's language.
            let piece = match variant.kind(k.0).pips {
                Some(_) => crate::i18n::translate(&variant.kind(k.0).name),
                None => Piece {
                    kind: k.0,
                    suit: k.1,
                    flipped: false,
                }
                .describe(variant),
            };
            problems.push(SetupProblem::WrongCount {
                piece,
                expected: e,
                found: f,
            });
        }
    }
}
