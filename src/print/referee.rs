//! The Stratego go go referee's sheet: the challenge table (the same one
//! `flagfall referee-table` writes, from `LiveRules::challenge`) and the
//! rules the referee applies on the field, from the rules file.

use super::Page;
use super::paper::Paper;
use super::sheet::sheet;
use super::svg::LEADING;
use crate::i18n::translate;
use crate::referee::live::text::live_rules_text;
use crate::referee::live::{Challenge, LiveRules};

/// What happens to the challenger, as the table's cell says it, and its colour.
fn cell(result: Challenge) -> (String, &'static str, &'static str) {
    match result {
        Challenge::ChallengerWins => (crate::tr!("wins"), "#cfe8cf", "#000000"),
        Challenge::ChallengedWins => (crate::tr!("is out"), "#f3c9c4", "#000000"),
        Challenge::BothOut => (crate::tr!("both out"), "#e2e2e2", "#000000"),
        Challenge::NotAllowed => (crate::tr!("may not"), "#5a5a5a", "#ffffff"),
    }
}

/// The sheet on `paper`.
pub fn referee_sheet(rules: &LiveRules, paper: Paper) -> Page {
    sheet(
        paper,
        &crate::tr!("{}: the referee's sheet", translate(&rules.name)),
        &crate::tr!(
            "Flagfall print and play. The table and the rules are written from the same rules file the referee's companion in the app applies."
        ),
        |svg, area| {
            let roles = rules.roles.len();
            let head = 30.0;
            let column = (area.width - head) / roles as f64;
            let row = 7.0;
            let mut y = area.y;
            svg.paragraph(
                area.x,
                y + 3.0,
                area.width,
                3.2,
                "#000000",
                &crate::tr!("Challenges: find the challenger's row and the challenged role's column; the cell says what happens to the challenger."),
            );
            y += 9.0;
            svg.text(
                area.x + head,
                y + 1.0,
                2.6,
                "#555555",
                "start",
                &crate::tr!("the one challenged →"),
            );
            svg.bold(
                area.x,
                y + 4.5,
                2.8,
                "#333333",
                "start",
                &crate::tr!("challenger ↓"),
            );
            for (i, role) in rules.roles.iter().enumerate() {
                let x = area.x + head + i as f64 * column;
                svg.bold(
                    x + column / 2.0,
                    y + 4.5,
                    2.5,
                    "#000000",
                    "middle",
                    &translate(&role.name),
                );
            }
            y += row;
            for (a, challenger) in rules.role_ids().enumerate() {
                let role = rules.role(challenger);
                let name = match role.strength {
                    Some(s) => format!("{} {s}", translate(&role.name)),
                    None => translate(&role.name),
                };
                svg.bold(area.x, y + 4.7, 3.0, "#000000", "start", &name);
                for (d, challenged) in rules.role_ids().enumerate() {
                    let (text, fill, ink) = cell(rules.challenge(challenger, challenged));
                    let x = area.x + head + d as f64 * column;
                    svg.rect(x, y, column, row, fill, Some(("#ffffff", 0.4)));
                    svg.text(x + column / 2.0, y + 4.6, 2.5, ink, "middle", &text);
                }
                if a % 2 == 1 {
                    svg.line((area.x, y + row), (area.x + head, y + row), "#cccccc", 0.2);
                }
                y += row;
            }
            y += 8.0;
            let size = 3.2;
            for (heading, text) in live_rules_text(rules) {
                svg.bold(area.x, y, size, "#000000", "start", &heading);
                y = svg.paragraph(area.x + 32.0, y, area.width - 32.0, size, "#000000", &text)
                    + size * (LEADING - 1.0)
                    + 1.0;
            }
        },
    )
}
