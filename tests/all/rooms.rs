//! The rooms of the crate and the arrows between them (issue 79): the table
//! in `src/lib.rs`'s doc says what each room may use; every file of a room
//! is read for the `crate::ROOM` paths it names (in `use` lines or in
//! place), and an arrow the table does not allow fails, naming the file.
//! The browser's and Android's crates name a room and one item, never a
//! room's insides.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The table in `src/lib.rs`: room -> the rooms it may use.
fn allowed() -> BTreeMap<String, BTreeSet<String>> {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let mut table = BTreeMap::new();
    for line in lib.lines() {
        let Some(row) = line.strip_prefix("//! | `") else {
            continue;
        };
        let (room, uses) = row.split_once("` | ").expect("a row: | `room` | uses |");
        let uses = uses.trim_end_matches(" |");
        let rooms: BTreeSet<String> = uses
            .split(", ")
            .filter(|word| *word != "nothing")
            .map(|word| word.trim_matches('`').to_string())
            .collect();
        table.insert(room.to_string(), rooms);
    }
    table
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// `text` without its comments (line comments; the code has no block ones
/// that name a room).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| line.split_once("//").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names following `prefix` in `code` (`crate::` -> "core", "ai", ...).
fn paths_after<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
    code.match_indices(prefix)
        .filter(|(at, _)| {
            // "flagfall::" inside "my_flagfall::" is no path of the crate.
            !code[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .map(|(at, _)| {
            let rest = &code[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            rest[..end].trim_end_matches(':')
        })
        .collect()
}

/// The room a file of `src/` is in: its first folder, or its name.
fn room_of(file: &Path) -> String {
    let relative = file.strip_prefix(root().join("src")).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

#[test]
fn every_room_uses_only_the_rooms_the_table_allows() {
    let table = allowed();
    assert!(
        table.len() >= 14,
        "the table in src/lib.rs was not read: {table:?}"
    );
    let mut wrong = Vec::new();
    for file in rust_files(&root().join("src")) {
        let room = room_of(&file);
        if room == "lib" || room == "main" {
            continue;
        }
        let Some(may_use) = table.get(&room) else {
            wrong.push(format!(
                "{}: room `{room}` is not in the table",
                file.display()
            ));
            continue;
        };
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let paths = paths_after(&code, "crate::");
        if paths.contains(&"") {
            wrong.push(format!(
                "{}: a braced `crate::{{..}}`: one path per room",
                file.display()
            ));
        }
        let used: BTreeSet<&str> = paths
            .into_iter()
            .filter_map(|path| path.split("::").next())
            // The translation macros are the `i18n` room's.
            .map(|first| {
                if first == "tr" || first == "tr_noop" {
                    "i18n"
                } else {
                    first
                }
            })
            .filter(|first| table.contains_key(*first) && *first != room)
            .collect();
        for other in used {
            if !may_use.contains(other) {
                wrong.push(format!("{}: `{room}` uses `{other}`", file.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "arrows the table in src/lib.rs does not allow:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_browser_and_android_name_a_room_and_one_item() {
    let mut deep = Vec::new();
    for crate_dir in ["web/src", "android/src"] {
        for file in rust_files(&root().join(crate_dir)) {
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            for path in paths_after(&code, "flagfall::") {
                if path.split("::").count() > 2 {
                    deep.push(format!("{}: flagfall::{path}", file.display()));
                }
            }
        }
    }
    assert!(
        deep.is_empty(),
        "paths into a room's insides:\n{}",
        deep.join("\n")
    );
}

#[test]
fn the_reading_of_paths_sees_an_arrow() {
    // The checks above pass only if nothing is wrong; this one shows they
    // would see something wrong.
    let code = code_of(
        "use crate::games::GameOnDevice; // crate::tools\nlet x = crate::store::Storage::open(d);\nuse crate::{ai::Level};",
    );
    assert_eq!(
        paths_after(&code, "crate::"),
        ["games::GameOnDevice", "store::Storage::open", ""]
    );
    assert_eq!(
        paths_after("use my_flagfall::x::y::z;", "flagfall::"),
        Vec::<&str>::new()
    );
    assert!(!allowed()["ai"].contains("games"));
}
