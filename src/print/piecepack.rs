//! The Piecepack Stratego layout card: how the eight tiles lie round the
//! hole, which rows each side fills, the suits each side plays, and the key
//! from coin values to ranks with the secret discard. The coins are drawn as
//! the app draws them (`print::piecepack_looks`).

use super::Page;
use super::board::zone_fill;
use super::paper::Paper;
use super::sheet::{Area, sheet};
use super::svg::{LEADING, Svg};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{ArmyRule, KindDef, KindId, Mobility, Special, Variant};
use crate::i18n::translate;
use crate::print::piecepack_looks::{self, PAWN, SUIT_SYMBOLS, SuitLook};

/// A square of the diagram; a tile is two by two.
const SQUARE: f64 = 14.0;

/// The card on `paper`, from the piecepack variant's data.
pub fn layout_card(variant: &Variant, paper: Paper) -> Page {
    sheet(
        paper,
        &crate::tr!(
            "{}: laying out the board and the coins",
            translate(&variant.name)
        ),
        &crate::tr!(
            "Flagfall print and play. The tile diagram is not to scale; for a board at size, print piecepack-board."
        ),
        |svg, area| {
            let below = tiles(svg, variant, area);
            let below = suits(svg, variant, area, below + 6.0);
            key(svg, variant, area, below + 6.0);
        },
    )
}

/// The eight tiles round the hole, with the setup rows; returns the foot.
fn tiles(svg: &mut Svg, variant: &Variant, area: Area) -> f64 {
    let board = &variant.board;
    let (x0, y0) = (area.x + 6.0, area.y + 6.0);
    let (cols, rows) = (f64::from(board.columns), f64::from(board.rows));
    for s in board.squares() {
        let x = x0 + f64::from(s.col) * SQUARE;
        let y = y0 + (rows - 1.0 - f64::from(s.row)) * SQUARE;
        if board.is_blocked(s) {
            continue;
        }
        let fill = zone_fill(variant, s).unwrap_or("#f3efe6");
        svg.rect(x, y, SQUARE, SQUARE, fill, Some(("#8a8373", 0.2)));
    }
    // Tiles are two squares a side: their edges drawn heavier, the missing
    // one dashed.
    for tile_row in 0..board.rows / 2 {
        for tile_col in 0..board.columns / 2 {
            let corner = Square::new(tile_col * 2, tile_row * 2);
            let x = x0 + f64::from(tile_col) * 2.0 * SQUARE;
            let y = y0 + (rows - 2.0 - f64::from(tile_row) * 2.0) * SQUARE;
            if board.is_blocked(corner) {
                svg.raw(&format!(
                    r##"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="none" stroke="#555555" stroke-width="0.4" stroke-dasharray="2 1.5"/>"##,
                    x + 1.0,
                    y + 1.0,
                    2.0 * SQUARE - 2.0,
                    2.0 * SQUARE - 2.0
                ));
                svg.text(
                    x + SQUARE,
                    y + SQUARE - 1.0,
                    3.0,
                    "#333333",
                    "middle",
                    &crate::tr!("no tile:"),
                );
                svg.text(
                    x + SQUARE,
                    y + SQUARE + 3.0,
                    3.0,
                    "#333333",
                    "middle",
                    &crate::tr!("the {}", translate(&board.blocked_name)),
                );
            } else {
                svg.rect(
                    x,
                    y,
                    2.0 * SQUARE,
                    2.0 * SQUARE,
                    "none",
                    Some(("#3b372f", 0.8)),
                );
            }
        }
    }
    for col in 0..board.columns {
        let name = Square::new(col, 0).to_string();
        let letter = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let x = x0 + (f64::from(col) + 0.5) * SQUARE;
        svg.text(
            x,
            y0 + rows * SQUARE + 4.5,
            3.5,
            "#444444",
            "middle",
            letter,
        );
    }
    for row in 0..board.rows {
        let y = y0 + (rows - 1.0 - f64::from(row) + 0.5) * SQUARE + 1.2;
        svg.text(
            x0 - 3.5,
            y,
            3.5,
            "#444444",
            "middle",
            &(row + 1).to_string(),
        );
    }
    let text_x = x0 + cols * SQUARE + 8.0;
    let width = area.x + area.width - text_x;
    let setup = &variant.setup;
    let rows_of = |side| {
        let mut rows: Vec<u8> = variant
            .setup_squares(side)
            .iter()
            .map(|s| s.row + 1)
            .collect();
        rows.sort_unstable();
        rows.dedup();
        let names: Vec<String> = rows.iter().map(u8::to_string).collect();
        crate::i18n::and_list(names)
    };
    let tile_count = board.squares().filter(|s| !board.is_blocked(*s)).count() / 4;
    let mut y = y0 + 3.0;
    svg.bold(text_x, y, 4.0, "#000000", "start", &crate::tr!("The board"));
    y += 4.0 * LEADING + 1.0;
    y = svg.paragraph(
        text_x,
        y,
        width,
        3.2,
        "#000000",
        &crate::tr!(
            "Lay {} tiles face down, {} by {}, and leave the centre tile out: that gap is the {} ({}), which no piece enters or crosses. Each tile is 2 by 2 squares; the board is {} by {}.",
            tile_count,
            board.columns / 2,
            board.rows / 2,
            translate(&board.blocked_name),
            board
                .blocked
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            board.columns,
            board.rows
        ),
    ) + 2.0;
    y = svg.paragraph(
        text_x,
        y,
        width,
        3.2,
        "#000000",
        &if setup.must_fill {
            crate::tr!(
                "Red sets up on rows {} (shaded red), Blue on rows {} (shaded blue), filling every square. Red moves first.",
                rows_of(Side::Red),
                rows_of(Side::Blue)
            )
        } else {
            crate::tr!(
                "Red sets up on rows {} (shaded red), Blue on rows {} (shaded blue). Red moves first.",
                rows_of(Side::Red),
                rows_of(Side::Blue)
            )
        },
    );
    y.max(y0 + rows * SQUARE + 6.0)
}

/// A coin `r` millimetres across the radius at (cx, cy): the suit side
/// (`value` None) or the value side with a small suit mark.
fn coin(svg: &mut Svg, centre: (f64, f64), r: f64, look: SuitLook, value: Option<&str>) {
    let (face, ink) = (
        piecepack_looks::hex(look.face),
        piecepack_looks::hex(look.ink),
    );
    svg.circle(centre, r, &face, Some((&ink, r * 0.08)));
    let symbol = SUIT_SYMBOLS[look.symbol];
    match value {
        None => {
            let size = 2.0 * r * 0.62;
            svg.shape(
                centre.0 - size / 2.0,
                centre.1 - size / 2.0,
                size,
                symbol,
                &ink,
            );
        }
        Some(value) => {
            let mark = 2.0 * r * 0.22;
            svg.shape(
                centre.0 - mark / 2.0,
                centre.1 - r * 0.84,
                mark,
                symbol,
                &ink,
            );
            svg.bold(centre.0, centre.1 + r * 0.5, r * 0.9, &ink, "middle", value);
        }
    }
}

fn pawn(svg: &mut Svg, centre: (f64, f64), r: f64, look: SuitLook) {
    let size = 2.0 * r;
    svg.shape(
        centre.0 - r,
        centre.1 - r,
        size,
        PAWN,
        &piecepack_looks::hex(look.face),
    );
}

/// Each side's suits, suit side up; returns the foot.
fn suits(svg: &mut Svg, variant: &Variant, area: Area, top: f64) -> f64 {
    let mut y = top;
    svg.bold(area.x, y, 4.0, "#000000", "start", &crate::tr!("The suits"));
    y += 4.0;
    let mut x = area.x;
    for side in [Side::Red, Side::Blue] {
        let names: Vec<String> = variant
            .suits_of(side)
            .map(|s| translate(&variant.suit(s).name))
            .collect();
        let names = crate::i18n::and_list(names);
        let plays = match side {
            Side::Red => crate::tr!("Red plays {}:", names),
            Side::Blue => crate::tr!("Blue plays {}:", names),
        };
        svg.text(x, y + 5.0, 3.2, "#000000", "start", &plays);
        let mut cx = x + 48.0;
        for suit in variant.suits_of(side) {
            let look = piecepack_looks::suit_look(&variant.suit(suit).key);
            coin(svg, (cx, y + 4.0), 5.0, look, None);
            pawn(svg, (cx + 11.0, y + 4.0), 5.0, look);
            cx += 24.0;
        }
        x += area.width / 2.0;
    }
    y += 12.0;
    svg.paragraph(
        area.x,
        y,
        area.width,
        3.2,
        "#000000",
        &crate::tr!(
            "Coins stand suit side toward the opponent, value side toward their owner: every coin's suit is public, its value hidden. Pawns stand as they are, so everyone knows them."
        ),
    )
}

/// What a coin value is called.
fn value_name(label: &str) -> String {
    match label {
        "N" => crate::tr!("null"),
        "A" => crate::tr!("ace"),
        "P" => crate::tr!("pawn"),
        other => other.to_string(),
    }
}

/// How a kind moves and fights, in a few words.
fn does(kind: &KindDef) -> String {
    let moves = match kind.mobility {
        Mobility::Immobile => crate::tr!("never moves"),
        Mobility::Step => crate::tr!("one square"),
        Mobility::Line => crate::tr!("any distance in a line"),
        Mobility::TwoSteps => crate::tr!("one or two squares"),
    };
    let special = match kind.special {
        Special::Bomb => crate::tr!("defeats every attacker but a miner"),
        Special::Flag => crate::tr!("taking it wins"),
        Special::Miner => crate::tr!("removes bombs"),
        Special::Spy => crate::tr!("takes the highest when attacking"),
        Special::None => return moves,
    };
    // How it moves; what it does in a battle.
    crate::tr!("{}; {}", moves, special)
}

/// The key from coin value to rank, and the discard; returns the foot.
fn key(svg: &mut Svg, variant: &Variant, area: Area, top: f64) -> f64 {
    let ArmyRule::Suited {
        first_loss,
        second_loss,
    } = variant.army
    else {
        return top;
    };
    let mut y = top;
    svg.bold(
        area.x,
        y,
        4.0,
        "#000000",
        "start",
        &crate::tr!("The coins: value to rank"),
    );
    y += 3.0;
    let first_suit = variant.suits_of(Side::Red).next();
    let look = first_suit.map_or(piecepack_looks::suit_look("red"), |s| {
        piecepack_looks::suit_look(&variant.suit(s).key)
    });
    let columns = [
        (area.x, crate::tr!("coin")),
        (area.x + 16.0, crate::tr!("value")),
        (area.x + 34.0, crate::tr!("rank")),
        (area.x + 62.0, crate::tr!("strength")),
        (area.x + 82.0, crate::tr!("each side keeps")),
        (area.x + 112.0, crate::tr!("moves")),
    ];
    y += 4.5;
    for (x, head) in &columns {
        svg.bold(*x, y, 3.0, "#333333", "start", head);
    }
    y += 2.0;
    let row = 8.0;
    for (i, kind) in variant.kinds.iter().enumerate() {
        let id = KindId(i as u8);
        let kept = 2 * kind.count - u32::from(id == first_loss) - u32::from(id == second_loss);
        let centre = (area.x + 5.0, y + row / 2.0);
        if kind.public {
            pawn(svg, centre, 4.0, look);
        } else {
            coin(svg, centre, 4.0, look, Some(&kind.labels.modern));
        }
        let base = y + row / 2.0 + 1.2;
        svg.text(
            columns[1].0,
            base,
            3.4,
            "#000000",
            "start",
            &value_name(&kind.labels.modern),
        );
        svg.bold(
            columns[2].0,
            base,
            3.4,
            "#000000",
            "start",
            &translate(&kind.name),
        );
        let strength = match kind.special {
            Special::Bomb | Special::Flag => "-".to_string(),
            _ => kind.rank.to_string(),
        };
        svg.text(columns[3].0, base, 3.4, "#000000", "start", &strength);
        svg.text(
            columns[4].0,
            base,
            3.4,
            "#000000",
            "start",
            &kept.to_string(),
        );
        svg.text(columns[5].0, base, 3.0, "#000000", "start", &does(kind));
        svg.line(
            (area.x, y + row),
            (area.x + area.width, y + row),
            "#bbbbbb",
            0.2,
        );
        y += row;
    }
    y += 6.0;
    svg.bold(
        area.x,
        y,
        4.0,
        "#000000",
        "start",
        &crate::tr!("The secret discard"),
    );
    y += 4.0 * LEADING + 1.0;
    let (lost_one, lost_other) = (variant.kind(first_loss), variant.kind(second_loss));
    let kept: u32 = variant.army_size();
    let (one_name, other_name) = (translate(&lost_one.name), translate(&lost_other.name));
    let text = crate::tr!(
        "Before setting up, each side sets aside, face down and unseen, the {} ({}) of one of its suits and the {} ({}) of the other, and plays the other {} coins: so each side has one {} and one {}, and no one knows which suit they are in. The discards stay secret to the end.",
        value_name(&lost_one.labels.modern),
        one_name,
        value_name(&lost_other.labels.modern),
        other_name,
        kept,
        one_name,
        other_name,
    );
    let foot = svg.paragraph(area.x, y, area.width - 60.0, 3.2, "#000000", &text);
    // Where the two discards lie.
    for (i, kind) in [lost_one, lost_other].iter().enumerate() {
        let cx = area.x + area.width - 45.0 + i as f64 * 28.0;
        svg.raw(&format!(
            r##"<circle cx="{cx:.3}" cy="{:.3}" r="8.5" fill="none" stroke="#555555" stroke-width="0.4" stroke-dasharray="2 1.5"/>"##,
            y + 4.0
        ));
        svg.text(
            cx,
            y + 5.0,
            2.6,
            "#333333",
            "middle",
            &crate::tr!("{} out", value_name(&kind.labels.modern)),
        );
    }
    foot.max(y + 12.0)
}
