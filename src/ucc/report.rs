//! What a game against a UCC bot says about how our side plays
//! (`flagfall ucc-report`): the log replayed on a board of known pieces,
//! counting when and how our top pieces were found and lost, how much of
//! the enemy we identified, how much of our army moved, our probes, what
//! the enemy's top two ranks took, and whether our flag fell.

use super::manager_log::{Ending, ManagerLog};
use super::protocol::{Outcome, Rank};
use super::willingness::Willingness;
use crate::core::side::Side;
use crate::core::square::Square;
use std::fmt;

/// The turns by which the enemy pieces identified are counted.
pub const CHECKPOINTS: [u32; 3] = [50, 100, 150];

/// The turn by which our moved pieces are counted.
const MOVED_BY: u32 = 100;

/// Our pieces whose fate is followed: Marshal, General, Spy.
const TOP: [Rank; 3] = ['1', '2', 's'];

/// How one of our pieces died.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Death {
    /// It attacked a bomb.
    Bomb,
    /// It attacked a piece that beat it.
    AttackedStronger(Rank),
    /// The enemy's Spy took it (our Marshal).
    Spy,
    /// An enemy piece attacked and took it (a chase, or a probe that won).
    TakenBy(Rank),
    /// It met its equal and both died.
    Trade,
}

impl fmt::Display for Death {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Death::Bomb => write!(f, "bomb"),
            Death::AttackedStronger(r) => write!(f, "attacked a {r}"),
            Death::Spy => write!(f, "Spy"),
            Death::TakenBy(r) => write!(f, "taken by a {r}"),
            Death::Trade => write!(f, "trade"),
        }
    }
}

/// One of our top pieces through the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TopPiece {
    pub rank: Rank,
    /// The turn its rank was first shown, and the enemy piece it met then
    /// (`None` for a scout's long move, which shows it without a battle).
    pub revealed: Option<(u32, Option<Rank>)>,
    pub died: Option<(u32, Death)>,
}

/// One game's counters, from our side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    pub ours: Side,
    pub opponent: String,
    /// Our result: `Some(true)` won, `Some(false)` lost, `None` a draw or no
    /// result line.
    pub won: Option<bool>,
    pub reason: Option<String>,
    pub turns: u32,
    pub top: Vec<TopPiece>,
    /// Enemy pieces whose rank we had seen by each of `CHECKPOINTS`.
    pub identified: [u32; 3],
    /// Our pieces that had moved by turn 100.
    pub moved: u32,
    /// Our attacks by a Lieutenant, Sergeant, Miner or Scout on an enemy
    /// piece whose rank we had not seen.
    pub probes: u32,
    /// Our pieces the enemy's Marshal or General took: those that had moved,
    /// and those that had not.
    pub taken_by_top_two: [u32; 2],
    pub flag_lost: bool,
    /// The enemy's attacks on our unidentified pieces against its chances.
    pub willingness: Willingness,
}

/// A log that does not replay: a move from an empty square or a battle
/// whose ranks are not the pieces the setups put there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("turn {turn}, {side:?}: {what}")]
pub struct ReplayError {
    pub turn: u32,
    pub side: Side,
    pub what: String,
}

#[derive(Debug, Clone, Copy)]
struct Unit {
    side: Side,
    rank: Rank,
    id: usize,
    moved: bool,
}

/// Replays `log` and counts, for the player named `ours`.
pub fn report(log: &ManagerLog, ours: Side) -> Result<GameReport, ReplayError> {
    let mut board: [[Option<Unit>; 10]; 10] = [[None; 10]; 10];
    let mut units = 0;
    for side in [Side::Red, Side::Blue] {
        for (square, rank) in &log.setups[side.index()] {
            board[square.row as usize][square.col as usize] = Some(Unit {
                side,
                rank: *rank,
                id: units,
                moved: false,
            });
            units += 1;
        }
    }
    // The turn each piece's rank was first shown to the other side.
    let mut shown: Vec<Option<u32>> = vec![None; units];
    let mut moved_by = vec![false; units];
    let mut top: Vec<(usize, TopPiece)> = log.setups[ours.index()]
        .iter()
        .filter(|(_, rank)| TOP.contains(rank))
        .map(|(square, rank)| {
            let unit = board[square.row as usize][square.col as usize].expect("just placed");
            (
                unit.id,
                TopPiece {
                    rank: *rank,
                    revealed: None,
                    died: None,
                },
            )
        })
        .collect();
    let mut probes = 0;
    let mut taken_by_top_two = [0, 0];
    let mut flag_lost = false;
    let mut willingness = Willingness::default();
    for m in &log.moves {
        if m.side != ours {
            count_chances(&board, &shown, ours, &mut willingness);
        }
        let fail = |what: String| ReplayError {
            turn: m.turn,
            side: m.side,
            what,
        };
        let (from, to) = (
            m.ucc.from,
            m.ucc.to().ok_or_else(|| fail("off the board".into()))?,
        );
        let at = |b: &[[Option<Unit>; 10]; 10], s: Square| b[s.row as usize][s.col as usize];
        let mover = at(&board, from)
            .filter(|u| u.side == m.side)
            .ok_or_else(|| {
                fail(format!(
                    "no piece of the mover's on {} {}",
                    from.col, from.row
                ))
            })?;
        if m.turn <= MOVED_BY && mover.side == ours {
            moved_by[mover.id] = true;
        }
        if let Some(ending) = m.ending {
            // The log gives no battle for the move that ended the game.
            flag_lost |= ending == Ending::Flag && mover.side != ours;
            break;
        }
        let mover = Unit {
            moved: true,
            ..mover
        };
        board[from.row as usize][from.col as usize] = None;
        if m.ucc.distance > 1 && shown[mover.id].is_none() {
            shown[mover.id] = Some(m.turn);
            reveal(&mut top, mover.id, m.turn, None);
        }
        let Some((a, d)) = m.outcome.ranks() else {
            if at(&board, to).is_some() {
                return Err(fail("a move onto a piece with no battle".into()));
            }
            board[to.row as usize][to.col as usize] = Some(mover);
            continue;
        };
        let defender = at(&board, to)
            .filter(|u| u.side != m.side)
            .ok_or_else(|| fail("a battle with no enemy piece there".into()))?;
        if (a, d) != (mover.rank, defender.rank) {
            return Err(fail(format!(
                "the log says {a} against {d}, the setups put {} against {} there",
                mover.rank, defender.rank
            )));
        }
        if mover.side == ours && matches!(a, '6'..='9') && shown[defender.id].is_none() {
            probes += 1;
        }
        if mover.side != ours && shown[defender.id].is_none() {
            willingness.attack(a, defender.moved);
        }
        for (unit, other) in [(mover, d), (defender, a)] {
            if shown[unit.id].is_none() {
                shown[unit.id] = Some(m.turn);
            }
            reveal(&mut top, unit.id, m.turn, Some(other));
        }
        let ours_attacked = mover.side == ours;
        match m.outcome {
            Outcome::Kills(..) => {
                board[to.row as usize][to.col as usize] = Some(mover);
                if !ours_attacked {
                    if matches!(a, '1' | '2') {
                        taken_by_top_two[usize::from(!defender.moved)] += 1;
                    }
                    flag_lost |= d == 'F';
                    let death = if a == 's' {
                        Death::Spy
                    } else {
                        Death::TakenBy(a)
                    };
                    die(&mut top, defender.id, m.turn, death);
                }
            }
            Outcome::Dies(..) => {
                if ours_attacked {
                    let death = if d == 'B' {
                        Death::Bomb
                    } else {
                        Death::AttackedStronger(d)
                    };
                    die(&mut top, mover.id, m.turn, death);
                }
            }
            Outcome::BothDie(..) => {
                board[to.row as usize][to.col as usize] = None;
                for unit in [mover, defender] {
                    if unit.side == ours {
                        die(&mut top, unit.id, m.turn, Death::Trade);
                    }
                }
            }
            Outcome::Ok => unreachable!("a battle has ranks"),
        }
    }
    // Red's pieces were numbered first.
    let reds = log.setups[Side::Red.index()].len();
    let enemy_ids = match ours {
        Side::Red => reds..units,
        Side::Blue => 0..reds,
    };
    let identified = CHECKPOINTS.map(|turn| {
        shown[enemy_ids.clone()]
            .iter()
            .filter(|s| s.is_some_and(|t| t <= turn))
            .count() as u32
    });
    let result = log.result.as_ref();
    Ok(GameReport {
        ours,
        opponent: log.names[ours.opponent().index()].clone(),
        won: result.and_then(|r| r.winner()).map(|w| w == ours),
        reason: log.reason.clone(),
        turns: result.map_or_else(|| log.moves.last().map_or(0, |m| m.turn), |r| r.turn),
        top: {
            let mut top: Vec<TopPiece> = top.into_iter().map(|(_, t)| t).collect();
            top.sort_by_key(|t| TOP.iter().position(|r| *r == t.rank));
            top
        },
        identified,
        moved: moved_by.iter().filter(|m| **m).count() as u32,
        probes,
        taken_by_top_two,
        flag_lost,
        willingness,
    })
}

/// Every enemy piece beside one of our pieces it has not identified, as a
/// chance to attack it.
fn count_chances(
    board: &[[Option<Unit>; 10]; 10],
    shown: &[Option<u32>],
    ours: Side,
    willingness: &mut Willingness,
) {
    for (row, line) in board.iter().enumerate() {
        for (col, unit) in line.iter().enumerate() {
            let Some(enemy) = unit.filter(|u| u.side != ours) else {
                continue;
            };
            let beside = [(0, 1), (2, 1), (1, 0), (1, 2)]
                .into_iter()
                .filter_map(|(dc, dr)| {
                    let (c, r) = ((col + dc).checked_sub(1)?, (row + dr).checked_sub(1)?);
                    board.get(r)?.get(c).copied().flatten()
                });
            for target in beside.filter(|u| u.side == ours && shown[u.id].is_none()) {
                willingness.chance(enemy.rank, target.moved);
            }
        }
    }
}

fn reveal(top: &mut [(usize, TopPiece)], id: usize, turn: u32, by: Option<Rank>) {
    if let Some((_, piece)) = top.iter_mut().find(|(i, _)| *i == id)
        && piece.revealed.is_none()
    {
        piece.revealed = Some((turn, by));
    }
}

fn die(top: &mut [(usize, TopPiece)], id: usize, turn: u32, death: Death) {
    if let Some((_, piece)) = top.iter_mut().find(|(i, _)| *i == id) {
        piece.died = Some((turn, death));
    }
}

/// The side of `log` the player named `name` played.
pub fn side_of(log: &ManagerLog, name: &str) -> Option<Side> {
    [Side::Red, Side::Blue]
        .into_iter()
        .find(|side| log.names[side.index()] == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucc::manager_log::parse_log;

    const SETUPS: &str = "ours RED SETUP
8678BFB943
52B36B9869
85B869s759
45B7794919
them BLUE SETUP
994s951799
5684599536
98B2683B84
7B7B76BFB8
";

    fn game(moves: &str) -> GameReport {
        let log = parse_log(&format!("{SETUPS}{moves}")).unwrap();
        report(&log, side_of(&log, "ours").unwrap()).unwrap()
    }

    #[test]
    fn a_scout_trade_is_a_probe_and_a_trade() {
        let report = game("1 RED: 9 3 DOWN 3 BOTHDIE 9 9\n1 BLU: 0 6 UP 2 OK\n");
        assert_eq!(report.probes, 1, "the scout's attack on an unknown piece");
        assert_eq!(
            report.identified[0], 2,
            "the scout traded with and the one that ran"
        );
        assert_eq!(report.moved, 1);
        assert!(
            report
                .top
                .iter()
                .all(|t| t.revealed.is_none() && t.died.is_none())
        );
    }

    /// Our General walks onto a bomb; their Scout runs onto our flag.
    const SMALL: &str = "ours RED SETUP
..........
.F........
..........
2........9
them BLUE SETUP
B9........
..........
..........
F.........
1 RED: 0 3 DOWN OK
1 BLU: 1 6 UP OK
2 RED: 0 4 DOWN OK
2 BLU: 1 5 UP OK
3 RED: 0 5 DOWN DIES 2 B
3 BLU: 1 4 UP 3 KILLS 9 F
Game ends on BLUE's turn - REASON: Captured the flag
them BLUE VICTORY 3 0 2
";

    #[test]
    fn a_general_lost_on_a_bomb_and_a_flag_lost_to_a_scout() {
        let log = parse_log(SMALL).unwrap();
        let report = report(&log, Side::Red).unwrap();
        assert_eq!(report.won, Some(false));
        assert_eq!(report.opponent, "them");
        let general = report.top.iter().find(|t| t.rank == '2').unwrap();
        assert_eq!(general.revealed, Some((3, Some('B'))));
        assert_eq!(general.died, Some((3, Death::Bomb)));
        assert!(report.flag_lost);
        assert_eq!(
            report.identified,
            [2, 2, 2],
            "the bomb, and the scout by its run"
        );
        assert_eq!(report.probes, 0, "a General is no probe");
        assert_eq!(report.taken_by_top_two, [0, 0]);
        // From Blue's side the same game is a win with our scout shown.
        let theirs = super::report(&log, Side::Blue).unwrap();
        assert_eq!(theirs.won, Some(true));
        assert_eq!(theirs.identified[0], 2, "the General and the flag");
    }

    /// Their Marshal walks up beside our unmoved Sergeant and takes it.
    #[test]
    fn the_enemy_s_chances_and_attacks_on_our_unknown_pieces_are_counted() {
        let log = parse_log(
            "ours RED SETUP
..........
.F........
..........
7........9
them BLUE SETUP
1.........
5.........
..........
F.........
1 RED: 9 3 LEFT OK
1 BLU: 0 6 UP OK
2 RED: 8 3 RIGHT OK
2 BLU: 0 5 UP OK
3 RED: 9 3 LEFT OK
3 BLU: 0 4 UP KILLS 1 7
",
        )
        .unwrap();
        let report = report(&log, Side::Red).unwrap();
        let w = report.willingness;
        assert_eq!(w.rate('1', false), Some(1.0), "one chance, taken: {w:?}");
        assert_eq!(w.rate('1', true), None, "our scout was never beside it");
        assert_eq!(w.rate('5', false), None);
        let chances: u32 = w.chances.iter().flatten().sum();
        assert_eq!(chances, 1);
    }

    #[test]
    fn a_battle_whose_ranks_are_not_the_setups_is_refused() {
        let log = parse_log(&format!("{SETUPS}1 RED: 9 3 DOWN 3 KILLS 9 1\n")).unwrap();
        let error = report(&log, Side::Red).unwrap_err();
        assert!(error.what.contains("9 against 1"), "{error}");
    }

    #[test]
    fn a_move_from_an_empty_square_is_refused() {
        let log = parse_log(&format!("{SETUPS}1 RED: 4 4 DOWN OK\n")).unwrap();
        assert!(report(&log, Side::Red).is_err());
    }
}
