//! Builds every `variants/*.json` file into the binary, so a new variant is
//! a new file and nothing else.

use std::env;
use std::fs;
use std::path::Path;

fn main() {
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
