//! Print and play: every sheet makes a PDF that opens and renders, its text
//! is real text in embedded fonts, and its squares measure what we chose, to
//! 0.1 mm, read back from the rendered page. Rendering needs poppler-utils
//! (`pdftoppm`, `pdftotext`, `pdffonts`): CI installs them and sets
//! FLAGFALL_NEEDS_POPPLER, which makes their absence a failure; elsewhere the
//! rendering checks say they were skipped.

use crate::common;

use flagfall::core::variant::builtin;
use flagfall::print::{self, Kind, Paper, paper, printables};
use flagfall::referee::live::LiveRules;
use std::path::{Path, PathBuf};
use std::process::Command;

fn out_dir() -> PathBuf {
    let dir = common::fresh_dir("print");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether poppler's tools are here; without them in CI, a failure.
fn poppler() -> bool {
    let here = Command::new("pdftoppm").arg("-v").output().is_ok();
    if !here {
        assert!(
            std::env::var_os("FLAGFALL_NEEDS_POPPLER").is_none(),
            "pdftoppm (poppler-utils) is needed here"
        );
        eprintln!("poppler-utils not installed: the rendering checks are skipped");
    }
    here
}

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn write_pdf(name: &str, paper: Paper, dir: &Path) -> PathBuf {
    let pdf = print::print(name, paper).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(pdf.starts_with(b"%PDF-"), "{name}");
    let path = dir.join(format!("{name}-{}.pdf", paper.name.replace(' ', "-")));
    std::fs::write(&path, pdf).unwrap();
    path
}

#[test]
fn every_sheet_on_both_papers_opens_renders_and_holds_real_text() {
    let dir = out_dir();
    let poppler = poppler();
    let all = printables();
    // Boards, cards and sheets; a rules sheet a variant; a learn-to-play
    // sheet a variant with lessons.
    let with_lessons = builtin()
        .variants
        .iter()
        .filter(|v| !flagfall::learn::lessons_of(&v.id).is_empty())
        .count();
    assert_eq!(all.len(), 7 + builtin().variants.len() + with_lessons);
    for printable in &all {
        for paper in [paper::A4, paper::LETTER] {
            let path = write_pdf(&printable.name, paper, &dir);
            let pages = print::pages(&printable.name, paper).unwrap();
            if !poppler {
                continue;
            }
            let file = path.to_str().unwrap();
            let info = run("pdfinfo", &[file]);
            assert!(
                info.contains(&format!("Pages:           {}", pages.len())),
                "{info}"
            );
            let text = run("pdftotext", &[file, "-"]);
            let expected = match &printable.kind {
                Kind::Board { .. } | Kind::LiveCards => "Print at actual size",
                Kind::PiecepackLayout => "The secret discard",
                Kind::RefereeSheet => "the referee's sheet",
                Kind::Rules(_) => "the rules",
                Kind::Learn(_) => "learn to play",
            };
            assert!(
                text.contains(expected),
                "{}: no real text: {text}",
                printable.name
            );
            let fonts = run("pdffonts", &[file]);
            let rows: Vec<&str> = fonts.lines().skip(2).collect();
            assert!(!rows.is_empty(), "{}: no font", printable.name);
            for row in rows {
                // name type encoding emb sub uni object ID
                let columns: Vec<&str> = row.split_whitespace().collect();
                let emb = columns[columns.len() - 5];
                assert_eq!(
                    emb, "yes",
                    "{}: a font is not embedded: {row}",
                    printable.name
                );
            }
            let prefix = dir.join(format!("{}-render", printable.name));
            run(
                "pdftoppm",
                &["-r", "20", "-png", file, prefix.to_str().unwrap()],
            );
        }
    }
}

/// Dark runs along a line of grey pixels: their centres.
fn lines_along(pixels: impl Iterator<Item = u8>) -> Vec<f64> {
    let mut centres = Vec::new();
    let mut start = None;
    for (i, p) in pixels.enumerate() {
        match (p < 110, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                centres.push((s + i - 1) as f64 / 2.0);
                start = None;
            }
            _ => {}
        }
    }
    centres
}

/// The gap between grid lines seen most often, in pixels, and how often.
fn common_gap(centres: &[f64]) -> (f64, usize) {
    let gaps: Vec<f64> = centres.windows(2).map(|w| w[1] - w[0]).collect();
    let mut best = (0.0, 0);
    for g in &gaps {
        let near = gaps.iter().filter(|h| (*h - g).abs() <= 1.0).count();
        if near > best.1 {
            best = (*g, near);
        }
    }
    best
}

/// At 254 dpi a pixel is 0.1 mm: the grid's spacing read off the first
/// page must be the square size chosen, to a pixel.
#[test]
fn squares_measure_what_was_chosen_to_a_tenth_of_a_millimetre() {
    if !poppler() {
        return;
    }
    let dir = out_dir();
    for name in ["domino-board", "classic-board", "piecepack-board"] {
        let (width, depth) = print::square_of(name).unwrap();
        let path = write_pdf(name, paper::A4, &dir);
        let prefix = dir.join(format!("{name}-254"));
        run(
            "pdftoppm",
            &[
                "-r",
                "254",
                "-gray",
                "-png",
                "-f",
                "1",
                "-l",
                "1",
                path.to_str().unwrap(),
                prefix.to_str().unwrap(),
            ],
        );
        let picture = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&format!("{name}-254")))
            })
            .unwrap();
        let image = image::open(&picture).unwrap().to_luma8();
        let (w, h) = image.dimensions();
        // Down the page through the middle of a square, then across it
        // through the middle of a row of squares.
        let column = lines_along((0..h).map(|y| image.get_pixel(w / 2, y).0[0]));
        let down = lines_along((0..h).map(|y| image.get_pixel(w / 2 + 7, y).0[0]));
        let x = if common_gap(&column).1 >= common_gap(&down).1 {
            w / 2
        } else {
            w / 2 + 7
        };
        let rows = lines_along((0..h).map(|y| image.get_pixel(x, y).0[0]));
        let (gap_down, seen_down) = common_gap(&rows);
        assert!(seen_down >= 2, "{name}: rows {rows:?}");
        assert!(
            (gap_down - depth * 10.0).abs() <= 1.0,
            "{name}: squares {:.1} mm deep on paper, chose {depth}",
            gap_down / 10.0
        );
        // A grid line: one the common gap starts from.
        let first = rows
            .windows(2)
            .find(|pair| (pair[1] - pair[0] - gap_down).abs() <= 1.0)
            .map(|pair| pair[0])
            .unwrap();
        let y = (first + gap_down / 2.0) as u32;
        let across = lines_along((0..w).map(|x| image.get_pixel(x, y).0[0]));
        let (gap_across, seen_across) = common_gap(&across);
        assert!(seen_across >= 2, "{name}: columns {across:?}");
        assert!(
            (gap_across - width * 10.0).abs() <= 1.0,
            "{name}: squares {:.1} mm wide on paper, chose {width}",
            gap_across / 10.0
        );
    }
}

#[test]
fn an_unknown_sheet_is_refused_with_where_to_look() {
    let e = print::print("chess-board", paper::A4).unwrap_err();
    assert!(e.to_string().contains("--list"), "{e}");
}

/// Renders page `page` of `path` at 254 dpi (a pixel is 0.1 mm), in grey.
fn render_254(path: &Path, page: usize, dir: &Path, name: &str) -> image::GrayImage {
    let prefix = dir.join(format!("{name}-p{page}-254"));
    let page = page.to_string();
    run(
        "pdftoppm",
        &[
            "-r",
            "254",
            "-gray",
            "-png",
            "-singlefile",
            "-f",
            &page,
            "-l",
            &page,
            path.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    image::open(prefix.with_extension("png"))
        .unwrap()
        .to_luma8()
}

/// Cut marks at 254 dpi (centres in pixels): one more than `cards`, each
/// neighbour `length` millimetres on, to 0.1 mm.
fn assert_cards_between(marks: &[f64], cards: usize, length: f64, paper: &str) {
    assert_eq!(marks.len(), cards + 1, "{paper}: marks at {marks:?}");
    for pair in marks.windows(2) {
        let between = (pair[1] - pair[0]) / 10.0;
        assert!(
            (between - length).abs() <= 0.1,
            "{paper}: a card {between} mm, not {length}"
        );
    }
}

#[test]
fn the_go_go_decks_hold_every_card_once_and_cut_to_size() {
    let rules = LiveRules::built_in();
    let per_sheet = print::GRID.0 * print::GRID.1;
    let sheets_a_deck = (rules.deck_size() as usize).div_ceil(per_sheet);
    for paper in [paper::A4, paper::LETTER] {
        let pages = print::pages("go-go-cards", paper).unwrap();
        assert_eq!(pages.len(), 2 * sheets_a_deck, "{}", paper.name);
        // Each card's number, in each team's colour, once.
        let svg: String = pages.iter().map(|p| p.svg.as_str()).collect();
        for team in &rules.teams {
            let fills = svg.matches(&format!("stroke=\"{}\"", team.colour)).count();
            assert_eq!(fills, rules.deck_size() as usize, "{}", team.name);
        }
        for n in 1..=rules.deck_size() {
            let label = format!("{} {n}/{}<", rules.name, rules.deck_size());
            assert_eq!(svg.matches(&label).count(), 2, "{label}");
        }
    }
    if !poppler() {
        return;
    }
    let dir = out_dir();
    for paper in [paper::A4, paper::LETTER] {
        let path = write_pdf("go-go-cards", paper, &dir);
        let text = run("pdftotext", &[path.to_str().unwrap(), "-"]);
        for role in &rules.roles {
            let shown = text.matches(&role.name).count();
            assert!(
                shown >= 2 * usize::from(role.count),
                "{}: {shown} on the cards",
                role.name
            );
        }
        for special in rules.roles.iter().filter(|r| !r.note.is_empty()) {
            let first_words: String = special
                .note
                .split(' ')
                .take(3)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains(&first_words),
                "{}: no rule line",
                special.name
            );
        }
        // The cut marks above the first row stand at the cards' edges:
        // the cards are as wide as chosen, to 0.1 mm.
        let image = render_254(
            &path,
            1,
            &dir,
            &format!("cards-{}", paper.name.replace(' ', "-")),
        );
        let (w, _) = image.dimensions();
        // The marks run from 1 to 4.5 mm above the cards, which start 4.5 mm
        // below the 10 mm margin.
        let y = ((10.0 + 2.5) * 10.0) as u32;
        let marks = lines_along((0..w).map(|x| image.get_pixel(x, y).0[0]));
        assert_cards_between(&marks, print::GRID.0, print::CARD.0, paper.name);
        let x = (marks[0] - 25.0) as u32;
        // Down to the caption, whose text starts at the margin.
        let above_caption = ((paper.height - 22.0) * 10.0) as u32;
        let rows = lines_along((0..above_caption).map(|y| image.get_pixel(x, y).0[0]));
        assert_cards_between(&rows, print::GRID.1, print::CARD.1, paper.name);
    }
}

#[test]
fn every_learn_to_play_sheet_fits_one_page_and_holds_every_lesson() {
    // Every variant with lessons: all but free setup (classic's rules).
    let variants: Vec<&str> = common::BUILT_IN.into();
    for id in &variants {
        for paper in [paper::A4, paper::LETTER] {
            let size = print::learn::type_size(id, paper);
            assert!(
                size.is_some_and(|s| s >= 2.4),
                "{id} on {}: type {size:?} mm",
                paper.name
            );
        }
    }
    let mut listed: Vec<String> = print::printables()
        .into_iter()
        .filter(|p| p.name.starts_with("learn-"))
        .map(|p| p.name)
        .collect();
    listed.sort();
    let mut expected: Vec<String> = variants.iter().map(|v| format!("learn-{v}")).collect();
    expected.sort();
    assert_eq!(listed, expected);
    if !poppler() {
        return;
    }
    let dir = out_dir();
    let path = write_pdf("learn-classic", paper::A4, &dir);
    let text = run("pdftotext", &[path.to_str().unwrap(), "-"]);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for lesson in flagfall::learn::lessons_of("classic") {
        let title = format!("{}. {}", lesson.order, lesson.title.en);
        assert!(text.contains(&title), "no {title:?} on the sheet: {text}");
    }
}

#[test]
fn the_learn_sheet_heads_each_lesson_with_its_title_in_bold() {
    let pages = print::pages("learn-classic", paper::A4).unwrap();
    // The text of every bold line on the page, the sheet's title among them.
    let bold: Vec<&str> = pages[0]
        .svg
        .split(r#"font-weight="700""#)
        .skip(1)
        .filter_map(|rest| rest.split_once('>').and_then(|(_, t)| t.split_once('<')))
        .map(|(text, _)| text)
        .collect();
    for lesson in flagfall::learn::lessons_of("classic") {
        let heading = format!("{}. ", lesson.order);
        assert!(
            bold.iter().any(|line| line.starts_with(&heading)),
            "lesson {} has no bold heading: {bold:?}",
            lesson.order
        );
    }
}

#[test]
fn every_rules_sheet_fits_one_page_in_readable_type() {
    for variant in &builtin().variants {
        for paper in [paper::A4, paper::LETTER] {
            let size = print::type_size(variant, paper);
            assert!(
                size.is_some_and(|s| s >= 2.4),
                "{} on {}: type {size:?} mm",
                variant.id,
                paper.name
            );
        }
    }
    if !poppler() {
        return;
    }
    let dir = out_dir();
    let classic = flagfall::core::variant::builtin_variant("classic").unwrap();
    let path = write_pdf("rules-classic", paper::LETTER, &dir);
    let text = run("pdftotext", &[path.to_str().unwrap(), "-"]);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let rules = flagfall::core::rules_text::rules_text(&classic);
    // Every sentence of the rules screen is on the sheet, in order.
    let mut from = 0;
    for paragraph in rules.split("\n\n").skip(1) {
        let words = paragraph
            .split_whitespace()
            .take(6)
            .collect::<Vec<_>>()
            .join(" ");
        let at = text[from..]
            .find(&words)
            .unwrap_or_else(|| panic!("\"{words}\" is not on the sheet after {from}"));
        from += at;
    }
}

#[test]
fn the_referee_sheet_holds_the_whole_challenge_table() {
    if !poppler() {
        return;
    }
    let rules = LiveRules::built_in();
    let dir = out_dir();
    let path = write_pdf("go-go-referee", paper::A4, &dir);
    let text = run("pdftotext", &["-layout", path.to_str().unwrap(), "-"]);
    // The table's rows, read back as text: each challenger's cells in order.
    for challenger in rules.role_ids() {
        let role = rules.role(challenger);
        let line = text
            .lines()
            .find(|l| {
                l.trim_start().starts_with(&format!("{} ", role.name))
                    && ["wins", "is out", "both out", "may not"]
                        .iter()
                        .any(|word| l.contains(word))
            })
            .unwrap_or_else(|| panic!("no row for {}: {text}", role.name));
        let cells: Vec<&str> = rules
            .role_ids()
            .map(|challenged| match rules.challenge(challenger, challenged) {
                flagfall::referee::live::Challenge::ChallengerWins => "wins",
                flagfall::referee::live::Challenge::ChallengedWins => "is out",
                flagfall::referee::live::Challenge::BothOut => "both out",
                flagfall::referee::live::Challenge::NotAllowed => "may not",
            })
            .collect();
        let read: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
        let expected = cells.join(" ");
        assert!(
            read.ends_with(&expected),
            "{}: {read} is not {expected}",
            role.name
        );
    }
}
