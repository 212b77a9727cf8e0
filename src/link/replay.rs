//! Replaying a two-device game: both armies set on the board (the enemy's
//! maybe a stand-in), then every ply played again, with what each did. A
//! device plays its game on this after every code it reads, the check at the
//! end replays on both true setups, and the record is made on a whole game.

use crate::core::moves::{Action, IllegalMove};
use crate::core::options::GameOptions;
use crate::core::position::{PlyReport, Position};
use crate::core::setup::{Placement, SetupProblem};
use crate::core::side::Side;
use crate::core::variant::Variant;
use std::sync::Arc;

/// Why the plies of a game do not replay on two setups.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The two armies cannot stand on the board together.
    Setups(Vec<SetupProblem>),
    /// `Side` played when it was not its turn.
    OutOfTurn(Side),
    /// A ply the rules forbid.
    Illegal(IllegalMove),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            ReplayError::Setups(problems) => problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
            ReplayError::OutOfTurn(side) => {
                crate::tr!("{} played out of turn", crate::i18n::translate(side.name()))
            }
            ReplayError::Illegal(e) => return std::fmt::Display::fmt(e, f),
        };
        f.write_str(&text)
    }
}

/// Both armies set on the board, Red to move.
fn start_position(
    variant: &Arc<Variant>,
    options: &GameOptions,
    mine: &[Placement],
    theirs: &[Placement],
    me: Side,
) -> Result<Position, ReplayError> {
    let mut pieces: Vec<(Side, Placement)> = mine.iter().map(|p| (me, *p)).collect();
    pieces.extend(theirs.iter().map(|p| (me.opponent(), *p)));
    Position::arrange(Arc::clone(variant), *options, &pieces, Side::Red)
        .map_err(ReplayError::Setups)
}

/// A replayed game and what each ply did.
pub(super) type Replayed = (Position, Vec<Option<PlyReport>>);

/// The game replayed from the setups (`guessed` marks a stand-in army), with
/// what each ply did; or the ply that fails (0 when the setups do) and why.
pub(super) fn replay(
    variant: &Arc<Variant>,
    options: &GameOptions,
    mine: &[Placement],
    theirs: &[Placement],
    me: Side,
    guessed: Option<Side>,
    plies: &[(Side, Action)],
) -> Result<Replayed, (usize, ReplayError)> {
    let mut position = start_position(variant, options, mine, theirs, me).map_err(|e| (0, e))?;
    if let Some(side) = guessed {
        position.guess_army_of(side);
    }
    let reports = play_plies(&mut position, plies)?;
    Ok((position, reports))
}

/// What the plies of a two-device game are played onto: a position, or a
/// whole game (which keeps every action, for the replay and the record).
pub(super) trait PlyTarget {
    fn now(&self) -> &Position;
    fn apply(&mut self, action: Action) -> Result<PlyReport, IllegalMove>;
}

impl PlyTarget for Position {
    fn now(&self) -> &Position {
        self
    }

    fn apply(&mut self, action: Action) -> Result<PlyReport, IllegalMove> {
        self.play(action)
    }
}

impl PlyTarget for crate::core::game::Game {
    fn now(&self) -> &Position {
        self.position()
    }

    fn apply(&mut self, action: Action) -> Result<PlyReport, IllegalMove> {
        self.play(action)
    }
}

/// Plays every ply, with what each did, or the first that fails (counted
/// from 0) and why. A rescue left unanswered when the
/// other side plays was declined; a declined rescue nobody was offered and
/// plies after the end are passed over (only the device that saw an ending
/// first could know it).
pub(super) fn play_plies(
    target: &mut impl PlyTarget,
    plies: &[(Side, Action)],
) -> Result<Vec<Option<PlyReport>>, (usize, ReplayError)> {
    let mut reports = Vec::with_capacity(plies.len());
    for (i, &(side, action)) in plies.iter().enumerate() {
        let failed = |e: IllegalMove| (i, ReplayError::Illegal(e));
        let now = target.now();
        if now.outcome().is_none() && now.pending_rescue().is_some() && now.to_move() != side {
            target.apply(Action::SkipRescue).map_err(failed)?;
        }
        let now = target.now();
        let over = now.outcome().is_some();
        if !over
            && now.to_move() != side
            && !matches!(action, Action::Resign(_) | Action::OutOfTime(_))
        {
            return Err((i, ReplayError::OutOfTurn(side)));
        }
        if over || (action == Action::SkipRescue && now.pending_rescue().is_none()) {
            reports.push(None);
            continue;
        }
        reports.push(Some(target.apply(action).map_err(failed)?));
    }
    Ok(reports)
}
