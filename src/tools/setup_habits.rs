//! `flagfall setup-habits`: counts, over Gravon's classic records, which
//! piece people set up on each square of their four rows, seen from their
//! own side (row 0 their back row, column 0 their left), and how often the
//! squares beside a flag and beside any other piece hold no bomb, and
//! prints the counts as the Rust table `src/ai/setup_habits_table.rs`.
//! The expert's samples of the enemy's hidden army follow that table.
//!
//! Remake the table with:
//!
//! ```sh
//! tar -xJf ../shared/gravon/gravon-train.tar.xz -C /tmp/gravon
//! cargo run --release -- setup-habits /tmp/gravon/classic > src/ai/setup_habits_table.rs
//! ```

use crate::core::gravon::{self, KIND_KEYS as KINDS, RED_LETTERS};
use crate::core::square::Square;
use crate::core::variant::{Board, builtin_variant};
use std::path::PathBuf;
use std::process::ExitCode;

/// How many of each kind a classic army has, in `KINDS` order.
fn classic_army() -> [u32; 12] {
    let variant = builtin_variant("classic").expect("classic is built in");
    KINDS.map(|key| {
        variant
            .kind_by_key(key)
            .map_or(0, |kind| variant.kind(kind).count)
    })
}

/// Counts per square of a side's four rows (row from its back, column from
/// its left) and kind, and how many setups were counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Habits {
    /// The classic army, in `KINDS` order: only whole ones are counted.
    army: [u32; 12],
    /// The classic board, whose first four rows a side's own rows map onto.
    board: Board,
    pub setups: u32,
    pub counts: [[[u32; 12]; 10]; 4],
    /// Squares beside a flag, within its side's rows: how many hold no
    /// bomb, and how many there are.
    pub beside_flags: [u32; 2],
    /// The same beside every other piece.
    pub beside_others: [u32; 2],
}

impl Habits {
    fn new() -> Habits {
        Habits {
            army: classic_army(),
            board: builtin_variant("classic")
                .expect("classic is built in")
                .board
                .clone(),
            setups: 0,
            counts: [[[0; 12]; 10]; 4],
            beside_flags: [0; 2],
            beside_others: [0; 2],
        }
    }

    /// Adds both setups of a classic field (100 letters, row 1 first), if
    /// each is a whole classic army in its own four rows.
    pub fn add_field(&mut self, field: &str) {
        let cells: Vec<char> = field.chars().collect();
        if cells.len() != 100 {
            return;
        }
        for blue in [false, true] {
            let mut seen = [[[0u32; 12]; 10]; 4];
            let mut army = [0u32; 12];
            for (i, c) in cells.iter().enumerate() {
                let (row, col) = (i / 10, i % 10);
                let letter = if blue {
                    (*c as u32).checked_sub(12).and_then(char::from_u32)
                } else {
                    Some(*c)
                };
                let kind = match letter {
                    Some(l) if (blue && *c >= 'N' && *c <= 'Y') || (!blue && *c <= 'M') => {
                        RED_LETTERS.find(l)
                    }
                    _ => None,
                };
                let Some(kind) = kind else { continue };
                // Seen from the side's own back row and left.
                let (own_row, own_col) = if blue { (9 - row, 9 - col) } else { (row, col) };
                if own_row > 3 {
                    army[0] = u32::MAX; // a piece outside its rows: not counted
                    break;
                }
                seen[own_row][own_col][kind] += 1;
                army[kind] += 1;
            }
            if army != self.army {
                continue;
            }
            self.setups += 1;
            self.count_neighbours(&seen);
            for (row, cols) in seen.iter().enumerate() {
                for (col, kinds) in cols.iter().enumerate() {
                    for (kind, n) in kinds.iter().enumerate() {
                        self.counts[row][col][kind] += n;
                    }
                }
            }
        }
    }

    /// Adds what stands beside each piece of one whole setup to
    /// `beside_flags` and `beside_others` (the lakes lie beyond the four rows).
    fn count_neighbours(&mut self, seen: &[[[u32; 12]; 10]; 4]) {
        let flag = KINDS.iter().position(|k| *k == "flag");
        let bomb = KINDS.iter().position(|k| *k == "bomb");
        let kind_at = |row: usize, col: usize| seen[row][col].iter().position(|n| *n > 0);
        for row in 0..4 {
            for col in 0..10 {
                let Some(kind) = kind_at(row, col) else {
                    continue;
                };
                let tally = if Some(kind) == flag {
                    &mut self.beside_flags
                } else {
                    &mut self.beside_others
                };
                let beside = self
                    .board
                    .neighbours(Square::new(col as u8, row as u8))
                    .filter(|n| n.row < 4)
                    .filter_map(|n| kind_at(n.row as usize, n.col as usize));
                for next in beside {
                    tally[0] += u32::from(Some(next) != bomb);
                    tally[1] += 1;
                }
            }
        }
    }

    /// The table as Rust source.
    pub fn to_rust(&self, records: usize) -> String {
        let mut out = String::new();
        out += "//! Which piece people set up on each square, from Gravon's classic\n";
        out += &format!(
            "//! records ({records} games, {} whole setups). Made by `flagfall setup-habits`\n",
            self.setups
        );
        out += "//! (src/tools/setup_habits.rs says how); do not edit by hand.\n\n";
        out += "/// The kinds, in the order of the counts.\n#[rustfmt::skip]\n";
        out += &format!("pub const KINDS: [&str; 12] = {KINDS:?};\n\n");
        out += "/// Counts by row (0: the side's back row), column (0: its left) and kind.\n";
        out += "#[rustfmt::skip]\npub const COUNTS: [[[u16; 12]; 10]; 4] = [\n";
        for cols in &self.counts {
            out += "    [\n";
            for kinds in cols {
                let row: Vec<String> = kinds.iter().map(|n| n.to_string()).collect();
                out += &format!("        [{}],\n", row.join(", "));
            }
            out += "    ],\n";
        }
        out += "];\n\n";
        out += "/// Squares beside a flag in its side's rows: how many hold no bomb, of all.\n";
        out += &format!(
            "pub const BESIDE_FLAGS: [u32; 2] = {:?};\n\n",
            self.beside_flags
        );
        out += "/// The same beside every other piece.\n";
        out += &format!(
            "pub const BESIDE_OTHERS: [u32; 2] = {:?};\n",
            self.beside_others
        );
        out
    }
}

/// Reads every classic record under `paths` and returns the table's source.
pub fn run(paths: &[PathBuf]) -> Result<String, String> {
    let files = super::check_games::find_records(paths).map_err(|e| e.to_string())?;
    let mut habits = Habits::new();
    let mut records = 0;
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(record) = gravon::parse(&text) else {
            continue;
        };
        if record.game_type != "classic" {
            continue;
        }
        records += 1;
        habits.add_field(&record.field);
    }
    if habits.setups > u16::MAX as u32 {
        return Err(format!(
            "{} setups: the table's counts would not fit",
            habits.setups
        ));
    }
    Ok(habits.to_rust(records))
}

/// The arguments of `flagfall setup-habits`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files or folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// `flagfall setup-habits`: prints the table `run` makes of the records.
pub fn run_command(args: Args) -> ExitCode {
    super::print_table("setup-habits", run(&args.paths))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Red's army on rows 1-4 with its flag on a1; Blue's mirrored, flag on j10.
    fn field() -> String {
        let red: String = [("M", 1), ("B", 6), ("D", 8), ("E", 5), ("F", 4), ("G", 4)]
            .into_iter()
            .chain([("H", 4), ("I", 3), ("J", 2), ("K", 1), ("L", 1), ("C", 1)])
            .map(|(letter, n)| letter.repeat(n))
            .collect();
        assert_eq!(red.len(), 40);
        let blue: String = red
            .chars()
            .rev()
            .map(|c| char::from_u32(c as u32 + 12).unwrap())
            .collect();
        let middle = "AA__AA__AAAA__AA__AA";
        format!("{red}{middle}{blue}")
    }

    #[test]
    fn both_sides_count_from_their_own_back_row_and_left() {
        let mut habits = Habits::new();
        habits.add_field(&field());
        assert_eq!(habits.setups, 2);
        let flag = KINDS.iter().position(|k| *k == "flag").unwrap();
        // Both flags on the owner's back-left corner.
        assert_eq!(habits.counts[0][0][flag], 2);
        let total: u32 = habits.counts.iter().flatten().flatten().sum();
        assert_eq!(total, 80);
        // Each flag has a bomb beside it on its back row and a scout in
        // front of it.
        assert_eq!(habits.beside_flags, [2, 4]);
    }

    #[test]
    fn a_setup_that_is_not_a_whole_army_is_left_out() {
        let mut habits = Habits::new();
        let broken = field().replacen('D', "A", 1);
        habits.add_field(&broken);
        assert_eq!(habits.setups, 1, "Blue's setup still counts");
    }
}
