//! ISF's More-Squares rule against endless chases (Gravon's `msr.jsp`, ISF
//! game rules article 11): in a continuous chase the chaser may not make a
//! chasing move that brings back a position the chase has already shown,
//! except a move back to the square the chasing piece came from on the
//! chaser's previous turn (the two-squares rule still limits that one).
//!
//! How the words are read here:
//! - *to threaten*: to move a piece next to (before, behind or beside) an
//!   enemy piece; a battle is not a threat, it changes the material, and no
//!   position after it can repeat one from before;
//! - *to evade*: the threatened side's very next move moves a threatened
//!   piece to an empty square;
//! - *continuous chase*: threat, evasion, threat of a piece that evaded
//!   during this chase, evasion, ... Any other move ends it;
//! - *position*: where every piece stands, after each of the chaser's moves
//!   (the evader to move), from the first threat on.

use super::piece::PieceId;
use super::side::Side;

/// An ongoing (or starting) continuous chase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Chase {
    pub(crate) chaser: Side,
    /// The enemy pieces next to the chasing piece after the chaser's last move.
    threatened: Vec<PieceId>,
    /// The pieces that evaded during this chase.
    evaders: Vec<PieceId>,
    /// The positions after each of the chaser's moves in this chase.
    seen: Vec<u64>,
    /// The chaser's last move (padded board indices), for the exception.
    last: (u16, u16),
    /// The evading side is to move (else the chaser).
    awaiting_evasion: bool,
}

/// What the chase rule needs to know of one move just played.
pub(crate) struct PlayedMove {
    pub(crate) side: Side,
    pub(crate) piece: PieceId,
    pub(crate) from: u16,
    pub(crate) to: u16,
    pub(crate) battle: bool,
}

/// The board as the chase rule reads it: the pieces on each padded cell
/// and the four step offsets.
pub(crate) trait ChaseBoard {
    fn occupant(&self, cell: u16) -> Option<PieceId>;
    fn steps(&self) -> [isize; 4];
    /// A key for the position, as it is or with one piece moved to an empty square.
    fn key(&self, moved: Option<(u16, u16)>) -> u64;
}

impl Chase {
    /// The chase after `played`, from the chase before it.
    pub(crate) fn after(
        before: Option<Box<Chase>>,
        played: &PlayedMove,
        board: &impl ChaseBoard,
    ) -> Option<Box<Chase>> {
        let threats = if played.battle {
            Vec::new()
        } else {
            neighbours(board, played.to)
                .filter(|id| id.side != played.side)
                .collect()
        };
        if let Some(mut chase) = before {
            if chase.chaser == played.side && !chase.awaiting_evasion {
                if threats.iter().any(|t| chase.evaders.contains(t)) {
                    chase.seen.push(board.key(None));
                    chase.threatened = threats;
                    chase.last = (played.from, played.to);
                    chase.awaiting_evasion = true;
                    return Some(chase);
                }
            } else if chase.chaser != played.side
                && chase.awaiting_evasion
                && !played.battle
                && chase.threatened.contains(&played.piece)
            {
                if !chase.evaders.contains(&played.piece) {
                    chase.evaders.push(played.piece);
                }
                chase.awaiting_evasion = false;
                return Some(chase);
            }
        }
        // Any other move ends the chase; a threat may start a new one.
        (!threats.is_empty()).then(|| {
            Box::new(Chase {
                chaser: played.side,
                threatened: threats,
                evaders: Vec::new(),
                seen: vec![board.key(None)],
                last: (played.from, played.to),
                awaiting_evasion: true,
            })
        })
    }

    /// Whether the rule forbids `side` the move `from`-`to` now.
    pub(crate) fn forbids(&self, side: Side, from: u16, to: u16, board: &impl ChaseBoard) -> bool {
        if side != self.chaser || self.awaiting_evasion || board.occupant(to).is_some() {
            return false;
        }
        if self.last == (to, from) {
            return false;
        }
        let chasing = neighbours(board, to).any(|id| self.evaders.contains(&id));
        chasing && self.seen.contains(&board.key(Some((from, to))))
    }
}

fn neighbours(board: &impl ChaseBoard, cell: u16) -> impl Iterator<Item = PieceId> + '_ {
    board
        .steps()
        .into_iter()
        .filter_map(move |d| board.occupant(cell.wrapping_add_signed(d as i16)))
}
