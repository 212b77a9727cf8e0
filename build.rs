//! Compiles the Slint UI, and builds every `variants/*.json` file into the
//! binary, so a new variant is a new file and nothing else.

use std::env;
use std::fs;
use std::path::Path;

fn main() {
    // Debug info lets the UI tests find elements by id.
    let config = slint_build::CompilerConfiguration::new().with_debug_info(true);
    slint_build::compile_with_config("ui/app.slint", config).expect("ui/app.slint compiles");
    builtin_variants();
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
