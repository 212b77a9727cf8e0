//! The Japanese catalogue against the sources: every text the app can show
//! (`@tr` in `ui/*.slint`, `tr!`/`tr_noop!` in `src/`, the names and
//! summaries of `variants/`) has a translation with the same placeholders,
//! and the catalogue holds nothing the app no longer says. A missing
//! translation fails here instead of showing English on a Japanese screen.

use flagfall::i18n::{Entry, Language, entries};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A text the sources use: its context, msgid and English plural.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Used {
    context: String,
    msgid: String,
    plural: Option<String>,
}

fn files(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
    out.sort();
}

/// The string literal at the start of `text` (after blanks), unescaped the
/// way Rust and Slint read it, and the text after it.
fn literal(text: &str) -> Option<(String, &str)> {
    let text = text.trim_start();
    let mut chars = text.strip_prefix('"')?.char_indices();
    let mut out = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((out, &text[at + 2..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '0' => out.push('\0'),
                // A Rust line continuation: the newline and the next line's indent go.
                '\n' => {
                    while chars.clone().next().is_some_and(|(_, c)| c.is_whitespace()) {
                        chars.next();
                    }
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// The texts of a Rust file's `tr!` and `tr_noop!` calls, outside its tests
/// and comments.
fn rust_texts(source: &str, out: &mut Vec<Used>) {
    let code: String = source
        .split("#[cfg(test)]")
        .next()
        .unwrap_or(source)
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .flat_map(|line| [line, "\n"])
        .collect();
    let code = code.as_str();
    for marker in ["tr!(", "tr_noop!("] {
        let mut rest = code;
        while let Some(at) = rest.find(marker) {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + marker.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let (msgid, _) = literal(rest)
                .unwrap_or_else(|| panic!("{marker} without a string literal before {:.60}", rest));
            out.push(Used {
                context: String::new(),
                msgid,
                plural: None,
            });
        }
    }
}

/// The texts of a Slint file's `@tr(...)`: `@tr("text")`,
/// `@tr("context" => "text")`, `@tr("one" | "many" % n)`.
fn slint_texts(source: &str, out: &mut Vec<Used>) {
    let mut rest = source;
    while let Some(at) = rest.find("@tr(") {
        rest = &rest[at + 4..];
        let (first, after) = literal(rest).expect("@tr( with a string literal");
        let (context, msgid, after) = match after.trim_start().strip_prefix("=>") {
            Some(after) => {
                let (msgid, after) = literal(after).expect("@tr(context => text)");
                (first, msgid, after)
            }
            None => (String::new(), first, after),
        };
        let plural = after
            .trim_start()
            .strip_prefix('|')
            .map(|after| literal(after).expect("@tr(one | many % n)").0);
        out.push(Used {
            context,
            msgid,
            plural,
        });
    }
}

/// The names, summaries, blocked-square names and role notes of the variant files.
fn variant_texts(value: &serde_json::Value, key: Option<&str>, out: &mut Vec<Used>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                variant_texts(v, Some(k), out);
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                variant_texts(v, key, out);
            }
        }
        serde_json::Value::String(text)
            if matches!(key, Some("name" | "summary" | "blocked_name" | "note")) =>
        {
            out.push(Used {
                context: String::new(),
                msgid: text.clone(),
                plural: None,
            });
        }
        _ => {}
    }
}

fn used_texts() -> Vec<Used> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut used = Vec::new();
    let mut paths = Vec::new();
    files(&root.join("src"), "rs", &mut paths);
    // The browser's crate words its camera layer with the app's texts.
    files(&root.join("web").join("src"), "rs", &mut paths);
    for path in &paths {
        rust_texts(&fs::read_to_string(path).unwrap(), &mut used);
    }
    paths.clear();
    files(&root.join("ui"), "slint", &mut paths);
    for path in &paths {
        slint_texts(&fs::read_to_string(path).unwrap(), &mut used);
    }
    paths.clear();
    files(&root.join("variants"), "json", &mut paths);
    for path in &paths {
        let value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
        variant_texts(&value, None, &mut used);
    }
    used.sort();
    used.dedup();
    used
}

/// The arguments a text shows, as positions (`{}` counts on from the last),
/// with `n` for a Slint plural's count. A translation may show one twice.
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut next = 0;
    let text = text.replace("{{", "").replace("}}", "");
    let mut rest = text.as_str();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        let key = if inside.is_empty() {
            next += 1;
            (next - 1).to_string()
        } else {
            inside.to_string()
        };
        found.insert(key);
        rest = &rest[open + close + 1..];
    }
    found
}

#[test]
fn extraction_reads_each_form() {
    let mut used = Vec::new();
    rust_texts(
        "let a = crate::tr!(\"Red's {}\", x); let b = tr_noop!(\"two \\\n      lines\\n\");\n\
         fn attr!(\"no\") {}\n  /// `tr!(\"in a comment\")`\n#[cfg(test)]\nfn t() { tr!(\"test only\"); }",
        &mut used,
    );
    slint_texts(
        "text: @tr(\"Back\"); t: @tr(\"board\" => \"Red\"); n: @tr(\"{n} piece\" | \"{n} pieces\" % c);",
        &mut used,
    );
    let texts: Vec<_> = used
        .iter()
        .map(|u| (u.context.as_str(), u.msgid.as_str()))
        .collect();
    assert_eq!(
        texts,
        [
            ("", "Red's {}"),
            ("", "two lines\n"),
            ("", "Back"),
            ("board", "Red"),
            ("", "{n} piece")
        ]
    );
    assert_eq!(used[4].plural.as_deref(), Some("{n} pieces"));
    assert_eq!(placeholders("{} a {} b {{x}}"), placeholders("{1}と{0}"));
    assert_ne!(placeholders("{} and {}"), placeholders("{0}"));
}

#[test]
fn every_text_has_a_japanese_translation_with_its_placeholders() {
    let catalogue: BTreeMap<(&str, &str), &Entry> = entries(Language::Japanese)
        .iter()
        .map(|e| ((e.context, e.msgid), e))
        .collect();
    let mut problems = Vec::new();
    for used in used_texts() {
        match catalogue.get(&(used.context.as_str(), used.msgid.as_str())) {
            None => problems.push(format!(
                "no translation: {:?} {:?}",
                used.context, used.msgid
            )),
            Some(entry) => {
                if entry.plural != used.plural.as_deref() {
                    problems.push(format!(
                        "{:?}: the catalogue's plural is {:?}, the source's {:?}",
                        used.msgid, entry.plural, used.plural
                    ));
                }
                if placeholders(entry.text) != placeholders(&used.msgid) {
                    problems.push(format!(
                        "{:?}: the translation {:?} has other placeholders",
                        used.msgid, entry.text
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems in i18n/ja/LC_MESSAGES/flagfall.po:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_catalogue_holds_only_texts_the_app_uses() {
    let used: BTreeSet<(String, String)> = used_texts()
        .into_iter()
        .map(|u| (u.context, u.msgid))
        .collect();
    let stale: Vec<_> = entries(Language::Japanese)
        .iter()
        .filter(|e| !used.contains(&(e.context.to_string(), e.msgid.to_string())))
        .map(|e| format!("{:?} {:?}", e.context, e.msgid))
        .collect();
    assert!(
        stale.is_empty(),
        "{} entries of i18n/ja/LC_MESSAGES/flagfall.po are used nowhere:\n{}",
        stale.len(),
        stale.join("\n")
    );
}

#[test]
fn english_is_the_source_and_has_no_catalogue() {
    assert!(entries(Language::English).is_empty());
    assert!(entries(Language::Japanese).len() > 100);
}
