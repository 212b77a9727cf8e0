//! Stratego go go's role cards: one deck a team, in the team's colour, each
//! card with its role, strength and (on the specials) the special rule in a
//! line, nine to a sheet with cut marks.

use super::Page;
use super::paper::{MARGIN, Paper};
use super::sheet::write_caption;
use super::svg::{LEADING, Svg, trim, wrap};
use crate::i18n::translate;
use crate::referee::live::{LiveRules, Role, RoleSpecial, TeamLook};

/// A card's size: nine to a sheet on both A4 and US Letter with room for
/// the cut marks, near a playing card's 63 x 88 mm and held the same way.
pub const CARD: (f64, f64) = (59.0, 79.0);
/// Cards across and down a sheet.
pub const GRID: (usize, usize) = (3, 3);
/// The cut marks stand this far out from the cards.
const MARK_GAP: f64 = 1.0;
const MARK_LENGTH: f64 = 3.5;

/// Every card of both decks, `GRID` to a sheet, each deck on its own sheets.
pub fn card_sheets(rules: &LiveRules, paper: Paper) -> Vec<Page> {
    let per_sheet = GRID.0 * GRID.1;
    let mut pages = Vec::new();
    for team in &rules.teams {
        let deck: Vec<&Role> = rules
            .roles
            .iter()
            .flat_map(|r| std::iter::repeat_n(r, usize::from(r.count)))
            .collect();
        let sheets = deck.len().div_ceil(per_sheet);
        for (i, cards) in deck.chunks(per_sheet).enumerate() {
            let first = i * per_sheet;
            pages.push(sheet(
                rules,
                team,
                cards,
                paper,
                (i, sheets),
                first,
                deck.len(),
            ));
        }
    }
    pages
}

fn sheet(
    rules: &LiveRules,
    team: &TeamLook,
    cards: &[&Role],
    paper: Paper,
    (index, sheets): (usize, usize),
    first: usize,
    deck: usize,
) -> Page {
    let (w, h) = CARD;
    let (x0, y0) = (
        (paper.width - GRID.0 as f64 * w) / 2.0,
        MARGIN + MARK_GAP + MARK_LENGTH,
    );
    let mut svg = Svg::default();
    for (i, role) in cards.iter().enumerate() {
        let x = x0 + (i % GRID.0) as f64 * w;
        let y = y0 + (i / GRID.0) as f64 * h;
        card(&mut svg, rules, team, role, (x, y), first + i + 1, deck);
    }
    // Cut marks along every edge of the grid, outside it.
    let rows = cards.len().div_ceil(GRID.0);
    let (right, bottom) = (x0 + GRID.0 as f64 * w, y0 + rows as f64 * h);
    let reach = MARK_GAP + MARK_LENGTH;
    for k in 0..=GRID.0 {
        let x = x0 + k as f64 * w;
        svg.line((x, y0 - reach), (x, y0 - MARK_GAP), "#000000", 0.2);
        svg.line((x, bottom + MARK_GAP), (x, bottom + reach), "#000000", 0.2);
    }
    for k in 0..=rows {
        let y = y0 + k as f64 * h;
        svg.line((x0 - reach, y), (x0 - MARK_GAP, y), "#000000", 0.2);
        svg.line((right + MARK_GAP, y), (right + reach, y), "#000000", 0.2);
    }
    let caption = crate::tr!(
        "{} role cards, {} deck, sheet {} of {} (cards {} to {} of {}). Print at actual size (100%) and cut along the marks: cards {} x {} mm.",
        translate(&rules.name),
        translate(&team.name),
        index + 1,
        sheets,
        first + 1,
        first + cards.len(),
        deck,
        trim(w),
        trim(h)
    );
    write_caption(&mut svg, paper, &caption);
    Page {
        width: paper.width,
        height: paper.height,
        svg: svg.document(paper.width, paper.height),
    }
}

/// One card with its top-left corner at `at`.
fn card(
    svg: &mut Svg,
    rules: &LiveRules,
    team: &TeamLook,
    role: &Role,
    at: (f64, f64),
    number: usize,
    deck: usize,
) {
    let (w, h) = CARD;
    let (x, y) = at;
    let inset = 3.0;
    let colour = team.colour.as_str();
    svg.raw(&format!(
        r##"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" rx="3" fill="#ffffff" stroke="{colour}" stroke-width="1.2"/>"##,
        x + inset,
        y + inset,
        w - 2.0 * inset,
        h - 2.0 * inset
    ));
    svg.raw(&format!(
        r##"<rect x="{:.3}" y="{:.3}" width="{:.3}" height="11" rx="2" fill="{colour}"/>"##,
        x + inset + 1.5,
        y + inset + 1.5,
        w - 2.0 * inset - 3.0
    ));
    let middle = x + w / 2.0;
    svg.bold(
        middle,
        y + inset + 9.0,
        5.0,
        "#ffffff",
        "middle",
        &translate(&team.name),
    );
    let strength = role
        .strength
        .map_or_else(|| "-".to_string(), |s| s.to_string());
    svg.bold(middle, y + 42.0, 24.0, colour, "middle", &strength);
    svg.bold(
        middle,
        y + 53.0,
        6.0,
        "#000000",
        "middle",
        &translate(&role.name),
    );
    let under = if role.strength.is_none() {
        crate::tr!("no strength")
    } else {
        crate::tr!("strength {}", strength)
    };
    svg.text(middle, y + 58.5, 3.0, "#444444", "middle", &under);
    if role.special != RoleSpecial::None {
        let mut line_y = y + 63.5;
        for line in wrap(&translate(&role.note), w - 2.0 * inset - 6.0, 2.5) {
            svg.text(middle, line_y, 2.5, "#000000", "middle", &line);
            line_y += 2.5 * LEADING;
        }
    }
    svg.text(
        x + w - inset - 2.0,
        y + h - inset - 1.5,
        2.2,
        "#777777",
        "end",
        &format!("{} {number}/{deck}", translate(&rules.name)),
    );
}
