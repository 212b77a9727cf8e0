//! Setups a club player would call sensible: the flag on the back row with
//! bombs around it where the variant has bombs; for dominoes, the 6-6 at the
//! back and stones turned to attack in front and defend behind.

use crate::ai::knowledge::steps::{cell, steps_from};
use crate::core::deal::Deal;
use crate::core::setup::Setup;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Mobility, Special, Variant};
use rand::Rng;
use rand::RngExt;
use rand::seq::SliceRandom;

pub fn sensible_setup(variant: &Variant, side: Side, deal: &Deal, rng: &mut impl Rng) -> Setup {
    sensible_around(variant, side, deal, &[], rng)
}

/// `sensible_setup` on the squares the other army left free (`taken` is
/// empty but in a free setup).
fn sensible_around(
    variant: &Variant,
    side: Side,
    deal: &Deal,
    taken: &[Square],
    rng: &mut impl Rng,
) -> Setup {
    let mut setup = Setup::random_avoiding(variant, side, deal, taken, rng)
        .expect("a deal that fits its variant");
    let back_row = if side == Side::Red {
        0
    } else {
        variant.board.rows - 1
    };
    let depth = |sq: Square| {
        if side == Side::Red {
            sq.row
        } else {
            variant.board.rows - 1 - sq.row
        }
    };
    let flag_at = setup
        .placements
        .iter()
        .position(|p| variant.kind(p.piece.kind).is_flag);
    let back: Vec<usize> = (0..setup.placements.len())
        .filter(|&i| setup.placements[i].square.row == back_row)
        .collect();
    if let (Some(flag), false) = (flag_at, back.is_empty()) {
        let target = back[rng.random_range(0..back.len())];
        setup.swap_pieces(flag, target);
        let flag_square = setup.placements[target].square;
        // Bombs onto the flag's neighbours in the zone.
        let neighbours: Vec<usize> = (0..setup.placements.len())
            .filter(|&i| {
                let sq = setup.placements[i].square;
                sq.distance(flag_square) == 1
            })
            .collect();
        for n in neighbours {
            let is_bomb = |i: usize, s: &Setup| {
                variant.kind(s.placements[i].piece.kind).special == Special::Bomb
            };
            if is_bomb(n, &setup) {
                continue;
            }
            let spare = (0..setup.placements.len()).find(|&i| {
                is_bomb(i, &setup) && setup.placements[i].square.distance(flag_square) != 1
            });
            if let Some(bomb) = spare {
                setup.swap_pieces(n, bomb);
            }
        }
    }
    // Dominoes: attack with the high number in front, defend with it behind.
    let rows = variant.setup.rows;
    for p in &mut setup.placements {
        if let Some((low, high)) = variant.kind(p.piece.kind).pips
            && low != high
        {
            p.piece.flipped = depth(p.square) + 1 >= rows;
        }
    }
    setup
}

/// The setup `level` plays: random for `random`, sensible for `heuristic`,
/// and for `best` and `expert` a sensible one whose flag no scout can reach
/// at once; in the fixed zones of the 40-piece games `expert`'s spy
/// stands behind its General (`spy::shelter`). Past `random`, no movable
/// piece is ever walled in by its own bombs and flag (`boxed_in`): such a
/// setup is dealt again.
pub fn setup_for(
    level: super::Level,
    variant: &Variant,
    side: Side,
    deal: &Deal,
    rng: &mut impl Rng,
) -> Setup {
    setup_around(level, variant, side, deal, &[], rng)
}

/// `setup_for` the side that sets up second in a free setup, where the
/// other army already took the squares `taken` (public: their pieces stay
/// hidden). No piece goes on a taken square. Past `heuristic`, in a free
/// setup, the flag goes where no enemy piece stands near it (`hide_flag`,
/// when `taken` is not empty) and the side's own pieces fill every free
/// square near it (`crowd_flag`).
pub fn setup_around(
    level: super::Level,
    variant: &Variant,
    side: Side,
    deal: &Deal,
    taken: &[Square],
    rng: &mut impl Rng,
) -> Setup {
    let mut attempt = || match level {
        super::Level::Random => Setup::random_avoiding(variant, side, deal, taken, rng)
            .expect("a deal that fits its variant"),
        super::Level::Heuristic => sensible_around(variant, side, deal, taken, rng),
        super::Level::Best | super::Level::Expert | super::Level::Planner => {
            let mut setup = sensible_around(variant, side, deal, taken, rng);
            if taken.is_empty() {
                guard_flag(variant, &mut setup, rng);
                if matches!(level, super::Level::Expert | super::Level::Planner) {
                    crate::ai::knowledge::spy::shelter(variant, &mut setup, rng);
                }
            } else {
                hide_flag(variant, &mut setup, taken, rng);
            }
            if variant.setup.anywhere {
                crowd_flag(variant, &mut setup, taken);
            }
            if variant.is_domino() {
                crate::ai::knowledge::domino::orient(variant, &mut setup);
            }
            setup
        }
    };
    let mut setup = attempt();
    if level == super::Level::Random {
        return setup;
    }
    // A walled-in piece is rare (a few setups in a hundred), so a handful
    // of fresh tries always finds a free one in practice.
    for _ in 0..1_000 {
        if boxed_in(variant, &setup).is_empty() {
            break;
        }
        setup = attempt();
    }
    setup
}

/// The squares of the setup's movable pieces that can never leave their
/// pocket: every way out of it is closed by the board's edge, blocked
/// squares or the side's own immobile pieces (bombs, the flag). A piece is
/// free when it can reach a square no piece of the setup starts on, through
/// squares free of the side's immobile pieces (other own pieces step aside).
pub fn boxed_in(variant: &Variant, setup: &Setup) -> Vec<Square> {
    let board = &variant.board;
    let cells = board.columns as usize * board.rows as usize;
    let mut occupied = vec![false; cells];
    let mut wall = vec![false; cells];
    for p in &setup.placements {
        if !board.contains(p.square) {
            continue;
        }
        occupied[cell(variant, p.square)] = true;
        wall[cell(variant, p.square)] = variant.kind(p.piece.kind).mobility == Mobility::Immobile;
    }
    // Flood from every open square (empty at the start) through squares
    // that are not walls.
    let mut free = vec![false; cells];
    let mut queue: Vec<Square> = board
        .squares()
        .filter(|sq| !board.is_blocked(*sq) && !occupied[cell(variant, *sq)])
        .collect();
    for sq in &queue {
        free[cell(variant, *sq)] = true;
    }
    while let Some(sq) = queue.pop() {
        for n in board.neighbours(sq) {
            let i = cell(variant, n);
            if !free[i] && !wall[i] && !board.is_blocked(n) {
                free[i] = true;
                queue.push(n);
            }
        }
    }
    setup
        .placements
        .iter()
        .filter(|p| {
            board.contains(p.square)
                && !wall[cell(variant, p.square)]
                && !free[cell(variant, p.square)]
        })
        .map(|p| p.square)
        .collect()
}

/// With too few bombs to ring the flag (barrage has one), a scout's long
/// move could take it on the first turns. So: flag into a back corner,
/// where it has the fewest neighbours, and every neighbour filled: bombs
/// first, beside the flag on the back row (where intruders walk), then the
/// strongest stepping piece, which no attacker but a spy can take.
fn guard_flag(variant: &Variant, setup: &mut Setup, rng: &mut impl Rng) {
    let side = setup.side;
    let is_bomb =
        |s: &Setup, i: usize| variant.kind(s.placements[i].piece.kind).special == Special::Bomb;
    let Some(mut flag) = setup
        .placements
        .iter()
        .position(|p| variant.kind(p.piece.kind).is_flag)
    else {
        return;
    };
    let neighbours = |sq: Square| -> Vec<Square> {
        variant
            .board
            .neighbours(sq)
            .filter(|s| !variant.board.is_blocked(*s))
            .collect()
    };
    let ringed = |s: &Setup, flag: usize| {
        neighbours(s.placements[flag].square).into_iter().all(|n| {
            s.placements
                .iter()
                .position(|p| p.square == n)
                .is_some_and(|i| is_bomb(s, i))
        })
    };
    if ringed(setup, flag) || !(0..setup.placements.len()).any(|i| is_bomb(setup, i)) {
        return;
    }
    let back_row = if side == Side::Red {
        0
    } else {
        variant.board.rows - 1
    };
    let corners: Vec<Square> = [0, variant.board.columns - 1]
        .into_iter()
        .map(|c| Square::new(c, back_row))
        .filter(|s| variant.in_setup_zone(side, *s) && !variant.board.is_blocked(*s))
        .collect();
    let Some(&corner) = corners.get(rng.random_range(0..corners.len().max(1))) else {
        return;
    };
    flag = setup.place_at(flag, corner);
    let mut around: Vec<Square> = neighbours(corner)
        .into_iter()
        .filter(|n| variant.in_setup_zone(side, *n))
        .collect();
    around.sort_by_key(|n| n.row != corner.row);
    ring_flag(variant, setup, flag, &around);
}

/// Fills each of `around` (squares beside the flag of placement `flag`),
/// in order, with a bomb not yet guarding, or else with the strongest
/// stepping piece no scout can beat.
fn ring_flag(variant: &Variant, setup: &mut Setup, flag: usize, around: &[Square]) {
    let is_bomb =
        |s: &Setup, i: usize| variant.kind(s.placements[i].piece.kind).special == Special::Bomb;
    // A guard a scout's attack would take opens the way for the next scout.
    let scout_rank = variant
        .kind_ids()
        .map(|k| variant.kind(k))
        .filter(|k| k.mobility == Mobility::Line)
        .map(|k| k.rank)
        .max()
        .unwrap_or(0);
    let mut guards = vec![flag];
    for &n in around {
        let free = |s: &Setup, i: usize, guards: &[usize]| {
            !guards.contains(&i)
                && !guards
                    .iter()
                    .any(|&g| s.placements[g].square == s.placements[i].square)
        };
        let bomb =
            (0..setup.placements.len()).find(|&i| is_bomb(setup, i) && free(setup, i, &guards));
        let strongest = (0..setup.placements.len())
            .filter(|&i| {
                let kind = variant.kind(setup.placements[i].piece.kind);
                kind.mobility == Mobility::Step && kind.rank > scout_rank && free(setup, i, &guards)
            })
            .max_by(|&a, &b| {
                let worth = |i: usize| {
                    crate::ai::knowledge::eval::value(variant, setup.placements[i].piece)
                };
                worth(a).total_cmp(&worth(b))
            });
        if let Some(i) = bomb.or(strongest) {
            guards.push(setup.place_at(i, n));
        }
    }
}

/// Steps beyond which an enemy piece is far enough from the flag: past
/// it, a corner and the side's own edge decide.
const FAR_ENOUGH: u32 = 4;

/// For the side setting up second in a free setup: moves the flag to the
/// free square that is best by, in order: every neighbour free and few
/// enough to be bombed; farthest (in steps round the lakes, up to
/// `FAR_ENOUGH`) from every square the other army took; fewest neighbours
/// (a corner); nearest the side's own edge. Then rings it (`ring_flag`).
/// Enemy pieces placed beside the flag could take it on their first move.
fn hide_flag(variant: &Variant, setup: &mut Setup, taken: &[Square], rng: &mut impl Rng) {
    let board = &variant.board;
    let Some(flag) = setup
        .placements
        .iter()
        .position(|p| variant.kind(p.piece.kind).is_flag)
    else {
        return;
    };
    let steps = steps_from(variant, taken, |_| false);
    let bombs = setup
        .placements
        .iter()
        .filter(|p| variant.kind(p.piece.kind).special == Special::Bomb)
        .count();
    let open = |sq: Square| -> Vec<Square> {
        board
            .neighbours(sq)
            .filter(|n| !board.is_blocked(*n))
            .collect()
    };
    let from_edge = |sq: Square| {
        if setup.side == Side::Red {
            sq.row
        } else {
            board.rows - 1 - sq.row
        }
    };
    let mut sites: Vec<Square> = board
        .squares()
        .filter(|sq| {
            variant.in_setup_zone(setup.side, *sq) && !board.is_blocked(*sq) && !taken.contains(sq)
        })
        .collect();
    // Shuffled so that equally good sites are chosen at random.
    sites.shuffle(rng);
    let Some(site) = sites.into_iter().max_by_key(|&sq| {
        let around = open(sq);
        let ringable = around.len() <= bombs && around.iter().all(|n| !taken.contains(n));
        (
            ringable,
            steps[cell(variant, sq)].min(FAR_ENOUGH),
            std::cmp::Reverse(around.len()),
            std::cmp::Reverse(from_edge(sq)),
        )
    }) else {
        return;
    };
    let flag = setup.place_at(flag, site);
    let around: Vec<Square> = open(site)
        .into_iter()
        .filter(|n| variant.in_setup_zone(setup.side, *n) && !taken.contains(n))
        .collect();
    ring_flag(variant, setup, flag, &around);
}

/// Steps from the flag within which a free setup leaves no square empty.
const CROWD: u32 = 3;

/// In a free setup the other army may stand on any square left empty, so
/// every free square within `CROWD` steps of the flag gets one of the
/// side's own pieces: the nearest from beyond, so the rest of the setup
/// keeps its shape. An enemy piece then starts no nearer the flag's ring
/// than the squares the other army took before.
fn crowd_flag(variant: &Variant, setup: &mut Setup, taken: &[Square]) {
    let board = &variant.board;
    let Some(flag) = setup
        .placements
        .iter()
        .find(|p| variant.kind(p.piece.kind).is_flag)
        .map(|p| p.square)
    else {
        return;
    };
    let steps = steps_from(variant, &[flag], |_| false);
    let steps_to = |sq: Square| steps[cell(variant, sq)];
    let mut holes: Vec<Square> = board
        .squares()
        .filter(|sq| {
            variant.in_setup_zone(setup.side, *sq)
                && !board.is_blocked(*sq)
                && !taken.contains(sq)
                && steps_to(*sq) <= CROWD
                && !setup.placements.iter().any(|p| p.square == *sq)
        })
        .collect();
    holes.sort_by_key(|sq| steps_to(*sq));
    let mut beyond: Vec<usize> = (0..setup.placements.len())
        .filter(|&i| steps_to(setup.placements[i].square) > CROWD)
        .collect();
    beyond.sort_by_key(|&i| steps_to(setup.placements[i].square));
    for (hole, i) in holes.into_iter().zip(beyond) {
        setup.placements[i].square = hole;
    }
}
