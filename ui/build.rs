//! Compiles the Slint screens (`app.slint` and what it imports) to Rust, with
//! the Japanese catalogue bundled (`../i18n/ja/LC_MESSAGES/flagfall.po`).

fn main() {
    // slint-build looks for the catalogue named after the package compiling
    // the screens; the app's one catalogue is `flagfall.po`, shared with the
    // Rust-made texts (../build.rs).
    // SAFETY: the build script is single-threaded here; nothing else reads
    // the environment at the same time.
    unsafe { std::env::set_var("CARGO_PKG_NAME", "flagfall") };
    // Debug info lets the UI tests find elements by id. No default context:
    // the screens and the Rust code share one catalogue, one entry per text.
    let config = slint_build::CompilerConfiguration::new()
        .with_debug_info(true)
        .with_bundled_translations("../i18n")
        .with_default_translation_context(slint_build::DefaultTranslationContext::None);
    slint_build::compile_with_config("app.slint", config).expect("ui/app.slint compiles");
}
