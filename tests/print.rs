//! Print and play: every sheet makes a PDF that opens and renders, its text
//! is real text in embedded fonts, and its squares measure what we chose, to
//! 0.1 mm, read back from the rendered page. Rendering needs poppler-utils
//! (`pdftoppm`, `pdftotext`, `pdffonts`): CI installs them and sets
//! FLAGFALL_NEEDS_POPPLER, which makes their absence a failure; elsewhere the
//! rendering checks say they were skipped.

use flagfall::session::print::{self, PRINTABLES, Paper, paper};
use std::path::{Path, PathBuf};
use std::process::Command;

fn out_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("flagfall-print-{}", std::process::id()));
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
    for printable in PRINTABLES {
        for paper in [paper::A4, paper::LETTER] {
            let path = write_pdf(printable.name, paper, &dir);
            let pages = print::pages(printable.name, paper).unwrap();
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
            assert!(
                text.contains("Print at actual size"),
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
