//! Compiles the Slint UI with its translations, turns the same translations
//! into the table Rust-made texts are looked up in, and builds every
//! `variants/*.json` file into the binary, so a new variant is a new file and
//! nothing else.

use std::env;
use std::fs;
use std::path::Path;

fn main() {
    // Debug info lets the UI tests find elements by id. No default context:
    // the screens and the Rust code share one catalogue, one entry per text.
    let config = slint_build::CompilerConfiguration::new()
        .with_debug_info(true)
        .with_bundled_translations("i18n")
        .with_default_translation_context(slint_build::DefaultTranslationContext::None);
    slint_build::compile_with_config("ui/app.slint", config).expect("ui/app.slint compiles");
    catalogues();
    builtin_variants();
}

/// Writes `catalogues.rs`: for each `i18n/LANG/LC_MESSAGES/flagfall.po`, its
/// translated entries sorted by context and msgid (see `src/i18n/catalogue.rs`).
fn catalogues() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("i18n");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut languages: Vec<_> = fs::read_dir(&dir)
        .expect("i18n/ folder")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.join("LC_MESSAGES/flagfall.po").exists())
        .collect();
    languages.sort();
    let mut code = String::from("pub(super) static CATALOGUES: &[(&str, &[Entry])] = &[\n");
    for language in &languages {
        let po = language.join("LC_MESSAGES/flagfall.po");
        println!("cargo:rerun-if-changed={}", po.display());
        let file = rspolib::pofile(po.as_path())
            .unwrap_or_else(|e| panic!("{} cannot be read: {e}", po.display()));
        let mut entries: Vec<_> = file
            .entries
            .iter()
            .filter(|entry| !entry.obsolete && !entry.fuzzy())
            .filter_map(|entry| {
                let text = match &entry.msgstr {
                    Some(text) if entry.msgid_plural.is_none() => text.clone(),
                    _ => entry.msgstr_plural.first().cloned().unwrap_or_default(),
                };
                (!text.is_empty()).then(|| {
                    let context = entry.msgctxt.clone().unwrap_or_default();
                    (
                        context,
                        entry.msgid.clone(),
                        entry.msgid_plural.clone(),
                        text,
                    )
                })
            })
            .collect();
        entries.sort();
        let name = language.file_name().unwrap().to_string_lossy();
        code.push_str(&format!("    ({name:?}, &[\n"));
        for (context, msgid, plural, text) in entries {
            code.push_str(&format!(
                "        Entry {{ context: {context:?}, msgid: {msgid:?}, plural: {plural:?}, text: {text:?} }},\n"
            ));
        }
        code.push_str("    ]),\n");
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("catalogues.rs");
    fs::write(out, code).expect("write catalogues.rs");
}

fn builtin_variants() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("variants");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("variants/ folder")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    let mut code = String::from("pub(super) const BUILTIN_FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        code.push_str(&format!(
            "    (\"variants/{name}\", include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("builtin_variants.rs");
    fs::write(out, code).expect("write builtin_variants.rs");
}
