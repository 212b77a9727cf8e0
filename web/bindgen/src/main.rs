//! The browser build's last steps (web/build.sh):
//! - `flagfall-web-bindgen wrap MODULE.wasm OUT_DIR` writes the page's
//!   `flagfall_web.js` and `flagfall_web_bg.wasm` from the module cargo
//!   built for wasm32 (what `wasm-bindgen --target web --no-typescript`
//!   does);
//! - `flagfall-web-bindgen compress DIR` writes beside each file of the
//!   folder (pictures aside) its Brotli copy, `NAME.br`, for a server that
//!   sends it to browsers that take it (web/serve.py).

use anyhow::{Context, bail};
use std::io::Write;
use std::path::Path;
use wasm_bindgen_cli_support::Bindgen;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [wrap, module, out] if wrap == "wrap" => Bindgen::new()
            .input_path(module)
            .web(true)?
            .typescript(false)
            .generate(out)
            .with_context(|| format!("wrapping {module} into {out}")),
        [compress, dir] if compress == "compress" => compress_folder(Path::new(dir)),
        _ => bail!("usage: flagfall-web-bindgen wrap MODULE.wasm OUT_DIR | compress DIR"),
    }
}

/// Writes `NAME.br` beside every file under `dir` but pictures and
/// compressed copies.
fn compress_folder(dir: &Path) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            compress_folder(&path)?;
            continue;
        }
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if matches!(extension, "png" | "gz" | "br") {
            continue;
        }
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let mut out = path.clone().into_os_string();
        out.push(".br");
        let file = std::fs::File::create(&out).with_context(|| format!("writing {out:?}"))?;
        // The smallest Brotli makes (quality 11, a 16 MB window): the
        // module is made once and read on every first visit.
        let mut writer = brotli::CompressorWriter::new(file, 1 << 16, 11, 24);
        writer.write_all(&bytes)?;
        writer.flush()?;
    }
    Ok(())
}
