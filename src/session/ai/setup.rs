//! Setups a club player would call sensible: the flag on the back row with
//! bombs around it where the variant has bombs; for dominoes, the 6-6 at the
//! back and stones turned to attack in front and defend behind.

use crate::core::deal::Deal;
use crate::core::setup::Setup;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{Special, Variant};
use rand::Rng;
use rand::RngExt;

pub fn sensible_setup(variant: &Variant, side: Side, deal: &Deal, rng: &mut impl Rng) -> Setup {
    let mut setup = Setup::random(variant, side, deal, rng).expect("a deal that fits its variant");
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
        swap_pieces(&mut setup, flag, target);
        let flag_square = setup.placements[target].square;
        // Bombs onto the flag's neighbours in the zone.
        let neighbours: Vec<usize> = (0..setup.placements.len())
            .filter(|&i| {
                let sq = setup.placements[i].square;
                sq.row.abs_diff(flag_square.row) + sq.col.abs_diff(flag_square.col) == 1
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
                is_bomb(i, &setup)
                    && setup.placements[i].square.row.abs_diff(flag_square.row)
                        + setup.placements[i].square.col.abs_diff(flag_square.col)
                        != 1
            });
            if let Some(bomb) = spare {
                swap_pieces(&mut setup, n, bomb);
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

/// Swaps the pieces of two placements (the squares stay).
fn swap_pieces(setup: &mut Setup, a: usize, b: usize) {
    let piece = setup.placements[a].piece;
    setup.placements[a].piece = setup.placements[b].piece;
    setup.placements[b].piece = piece;
}
