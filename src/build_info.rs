//! What this binary is: its version and the commit it was built from, for
//! `flagfall --version` and the About screen.

/// The version in Cargo.toml (raised at each release, CHANGELOG.md).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit the binary was built from (`git rev-parse --short=12 HEAD`,
/// set by build.rs), or "unknown" when built outside a git checkout.
pub const COMMIT: &str = env!("FLAGFALL_COMMIT");

/// "0.1.0 (commit 0123456789ab)": what `flagfall --version` prints after the
/// name.
pub const VERSION_AND_COMMIT: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("FLAGFALL_COMMIT"),
    ")"
);
