//! Variants as data: a checked, ready-to-play description of a board game
//! of the Stratego family, built from a `variants/*.json` file.

mod builtin;
mod check;
pub mod spec;

pub use builtin::{BuiltinVariants, builtin, builtin_variant};

use super::side::Side;
use super::square::Square;
use super::two_squares::TwoSquares;
use std::fmt;

/// Index of a piece kind in `Variant::kinds`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct KindId(pub u8);

/// Index of a suit in `Variant::suits` (piecepack).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct SuitId(pub u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mobility {
    /// Bombs and flags.
    Immobile,
    /// One square orthogonally.
    Step,
    /// Any distance in a straight line through empty squares (scouts).
    Line,
    /// One square, or two through an empty first square, straight on or
    /// turning once (Ultimate Lightning's captains).
    TwoSteps,
}

impl Mobility {
    /// Whether a piece that moves so can make a move of `distance` squares,
    /// in a straight line or not, whatever stands in the way.
    pub fn reaches(self, distance: u32, straight: bool) -> bool {
        match self {
            Mobility::Immobile => false,
            Mobility::Step => distance == 1,
            Mobility::Line => straight && distance >= 1,
            Mobility::TwoSteps => (1..=2).contains(&distance),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    None,
    /// Defeats every attacker except a miner.
    Bomb,
    /// Captured by any attacker; losing it loses the game.
    Flag,
    /// Defeats the army's highest kind, only when attacking.
    Spy,
    /// Defuses bombs (in Ultimate Lightning the scouts do, not the miners).
    Miner,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    /// Modern numbering: 10 = Marshal .. 2 = Scout.
    pub modern: String,
    /// Classic numbering: 1 = Marshal .. 9 = Scout (pbmserv, older boxes).
    pub classic: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindDef {
    pub key: String,
    pub name: String,
    /// Strength in the rank model (flag 0, spy 1, scout 2, ...); unused for bombs and dominoes.
    pub rank: i32,
    /// Pieces of this kind per side, or per suit in a suited variant.
    pub count: u32,
    pub mobility: Mobility,
    pub special: Special,
    /// Losing every piece of a flag kind loses the game (the flag; the domino 6-6).
    pub is_flag: bool,
    /// The opponent sees the kind from the start (piecepack pawns).
    pub public: bool,
    pub labels: Labels,
    /// Domino stones: the two numbers, lower first.
    pub pips: Option<(u8, u8)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suit {
    pub key: String,
    pub name: String,
    pub side: Side,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combat {
    /// Higher rank wins; bombs, flags, spies and miners as their specials say.
    /// With `one_time_bombs` a bomb that is attacked is removed with its
    /// attacker (Ultimate Lightning), unless the attacker defuses bombs.
    Rank {
        spy_target: Option<KindId>,
        one_time_bombs: bool,
    },
    /// Attacker's attack number against defender's defense number; the flag
    /// slayer (0-0) always removes the flag stone (6-6) and survives.
    Domino { flag: KindId, flag_slayer: KindId },
}

/// Where each side's army comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArmyRule {
    /// The kinds' counts, the same for both sides.
    Fixed,
    /// Each side deals `dealt` of a full set of stones (one of each kind),
    /// redrawing while any of `must_hold` is missing.
    Domino { dealt: u32, must_hold: Vec<KindId> },
    /// Each side owns the suits listed for it, `count` coins of each kind per
    /// suit, and discards `first_loss` from one suit and `second_loss` from the other.
    Suited {
        first_loss: KindId,
        second_loss: KindId,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub columns: u8,
    pub rows: u8,
    /// Lakes or the piecepack hole: no piece ever enters or crosses them.
    pub blocked: Vec<Square>,
    /// What players call the blocked squares ("lake", "hole").
    pub blocked_name: String,
}

impl Board {
    pub fn contains(&self, square: Square) -> bool {
        square.col < self.columns && square.row < self.rows
    }

    pub fn is_blocked(&self, square: Square) -> bool {
        self.blocked.contains(&square)
    }

    /// The squares beside `square` (up, down, right, left) on the board,
    /// blocked ones included.
    pub fn neighbours(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .filter_map(move |(dc, dr)| {
                let col = square.col.checked_add_signed(dc)?;
                let row = square.row.checked_add_signed(dr)?;
                Some(Square::new(col, row)).filter(|s| self.contains(*s))
            })
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.columns).map(move |col| Square::new(col, row)))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetupZone {
    /// The number of rows nearest each player.
    pub rows: u8,
    /// Every free square of the zone must hold a piece.
    pub must_fill: bool,
    /// Both sides set up anywhere on the board, so the armies may mix
    /// (Gravon's free setup); `rows` is then every row.
    pub anywhere: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    pub offered: bool,
    pub default: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RescueRule {
    pub offered: bool,
    pub default: bool,
    pub per_player: u8,
    pub same_piece_twice: bool,
    /// Whether a piece that moves in lines (a scout) may rescue.
    pub by_scouts: bool,
    /// Whether a captured bomb may be brought back (Ultimate Lightning).
    pub bombs: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleParams {
    pub two_squares_default: TwoSquares,
    pub two_squares_choices: Vec<TwoSquares>,
    /// Draw after this many consecutive plies without a battle.
    pub quiet_ply_limit: Option<u32>,
    pub more_squares: Offer,
    pub aggressor_advantage: Offer,
    pub silent_defense: Offer,
    pub rescue: RescueRule,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub sources: Vec<String>,
    pub board: Board,
    pub setup: SetupZone,
    pub kinds: Vec<KindDef>,
    pub suits: Vec<Suit>,
    pub combat: Combat,
    pub army: ArmyRule,
    pub rules: RuleParams,
}

impl Variant {
    /// Reads and checks a variant file; `source` names it in error messages.
    pub fn from_json(source: &str, text: &str) -> Result<Variant, VariantError> {
        let spec: spec::VariantSpec = serde_json::from_str(text).map_err(|e| VariantError {
            file: source.to_string(),
            problems: vec![Problem {
                field: format!("line {} column {}", e.line(), e.column()),
                message: e.to_string(),
            }],
        })?;
        check::build(source, spec)
    }

    pub fn kind(&self, kind: KindId) -> &KindDef {
        &self.kinds[kind.0 as usize]
    }

    pub fn kind_by_key(&self, key: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.key == key)
            .map(|i| KindId(i as u8))
    }

    pub fn suit(&self, suit: SuitId) -> &Suit {
        &self.suits[suit.0 as usize]
    }

    pub fn suit_by_key(&self, key: &str) -> Option<SuitId> {
        self.suits
            .iter()
            .position(|s| s.key == key)
            .map(|i| SuitId(i as u8))
    }

    pub fn suits_of(&self, side: Side) -> impl Iterator<Item = SuitId> + '_ {
        (0..self.suits.len() as u8)
            .map(SuitId)
            .filter(move |s| self.suit(*s).side == side)
    }

    pub fn kind_ids(&self) -> impl Iterator<Item = KindId> {
        (0..self.kinds.len() as u8).map(KindId)
    }

    /// Whether `square` is in `side`'s setup zone.
    pub fn in_setup_zone(&self, side: Side, square: Square) -> bool {
        self.board.contains(square)
            && (self.setup.anywhere || self.rows_from_own_edge(side, square) < self.setup.rows)
    }

    /// Whether `square` is in `side`'s half of the board (rescued pieces go there).
    pub fn in_own_half(&self, side: Side, square: Square) -> bool {
        self.board.contains(square) && self.rows_from_own_edge(side, square) < self.board.rows / 2
    }

    /// Whether `square` is on the row farthest from `side` (the opponent's back row).
    pub fn on_enemy_back_row(&self, side: Side, square: Square) -> bool {
        self.rows_from_own_edge(side, square) == self.board.rows - 1
    }

    fn rows_from_own_edge(&self, side: Side, square: Square) -> u8 {
        match side {
            Side::Red => square.row,
            Side::Blue => self.board.rows - 1 - square.row,
        }
    }

    /// The free squares of `side`'s setup zone, row by row.
    pub fn setup_squares(&self, side: Side) -> Vec<Square> {
        self.board
            .squares()
            .filter(|sq| self.in_setup_zone(side, *sq) && !self.board.is_blocked(*sq))
            .collect()
    }

    /// The pieces each side sets up: the whole army, the dealt stones, or
    /// the coins left after the two discards.
    pub fn army_size(&self) -> u32 {
        match &self.army {
            ArmyRule::Fixed => self.kinds.iter().map(|k| k.count).sum(),
            ArmyRule::Domino { dealt, .. } => *dealt,
            ArmyRule::Suited { .. } => {
                let per_suit: u32 = self.kinds.iter().map(|k| k.count).sum();
                (per_suit * 2).saturating_sub(2)
            }
        }
    }

    pub fn is_domino(&self) -> bool {
        matches!(self.combat, Combat::Domino { .. })
    }
}

/// One thing wrong in a variant file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: a field path such as `pieces[3].count`.
    pub field: String,
    pub message: String,
}

/// A variant file that cannot be played, with every problem found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    pub file: String,
    pub problems: Vec<Problem>,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a valid variant:", self.file)?;
        for problem in &self.problems {
            write!(f, "\n  {}: {}", problem.field, problem.message)?;
        }
        Ok(())
    }
}
