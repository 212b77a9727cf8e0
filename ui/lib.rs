//! Flagfall's screens: every `.slint` file here compiled to Rust by
//! `build.rs`. The window is `AppWindow`; each screen's interface to Rust is
//! its global (`HomeAdapter`, `PlayAdapter`, ...), with `Router` choosing the
//! screen shown. The app's glue (`flagfall::app`, one controller per screen)
//! is the only user. A crate of its own so that the release build can
//! optimize this generated code for size apart from the engine
//! (`Cargo.toml`'s release profile).

slint::include_modules!();
