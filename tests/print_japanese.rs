//! Print and play in Japanese: every sheet made while the app speaks
//! Japanese is in Japanese, in embedded fonts that have its glyphs, and the
//! rules sheets still fit one page in readable type. One test in its own
//! binary: the language is one setting for the whole process.

mod common;

use flagfall::core::variant::builtin;
use flagfall::i18n::{Language, set_language};
use flagfall::print::{self, paper, printables};
use std::process::Command;

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(out.status.success(), "{program} {args:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn japanese_characters(text: &str) -> usize {
    text.chars()
        .filter(|c| matches!(u32::from(*c), 0x3040..=0x30FF | 0x4E00..=0x9FFF))
        .count()
}

#[test]
fn every_sheet_prints_in_japanese() {
    set_language(Language::Japanese);
    for variant in &builtin().variants {
        for paper in [paper::A4, paper::LETTER] {
            let size = print::type_size(variant, paper);
            assert!(
                size.is_some_and(|s| s >= 2.4),
                "{} on {}: type {size:?} mm in Japanese",
                variant.id,
                paper.name
            );
        }
    }
    if Command::new("pdftoppm").arg("-v").output().is_err() {
        assert!(
            std::env::var_os("FLAGFALL_NEEDS_POPPLER").is_none(),
            "pdftoppm (poppler-utils) is needed here"
        );
        eprintln!("poppler-utils not installed: the Japanese sheets are not read back");
        return;
    }
    let dir = common::fresh_dir("print-ja");
    std::fs::create_dir_all(&dir).unwrap();
    for printable in printables() {
        let pdf = print::print(&printable.name, paper::A4).unwrap();
        let path = dir.join(format!("{}.pdf", printable.name));
        std::fs::write(&path, pdf).unwrap();
        let file = path.to_str().unwrap();
        let text = run("pdftotext", &[file, "-"]);
        assert!(
            japanese_characters(&text) > 40,
            "{}: hardly any Japanese: {text}",
            printable.name
        );
        let fonts = run("pdffonts", &[file]);
        for row in fonts.lines().skip(2) {
            let columns: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(
                columns[columns.len() - 5],
                "yes",
                "{}: {row}",
                printable.name
            );
        }
        let prefix = dir.join(&printable.name);
        run(
            "pdftoppm",
            &["-r", "20", "-png", file, prefix.to_str().unwrap()],
        );
    }
    // The classic rules sheet carries every paragraph of the Japanese rules
    // screen, in order (compared without spaces and line breaks, which
    // Japanese text does not have and the PDF's lines add).
    let classic = flagfall::core::variant::builtin_variant("classic").unwrap();
    let text = run(
        "pdftotext",
        &[dir.join("rules-classic.pdf").to_str().unwrap(), "-"],
    );
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let text = squeeze(&text);
    let rules = flagfall::core::rules_text::rules_text(&classic);
    let mut from = 0;
    for paragraph in rules.split("\n\n").skip(1) {
        let start: String = squeeze(paragraph).chars().take(12).collect();
        let at = text[from..]
            .find(&start)
            .unwrap_or_else(|| panic!("\"{start}\" is not on the sheet after {from}"));
        from += at;
    }
}
