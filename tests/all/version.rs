//! `flagfall --version` names the version in Cargo.toml and the commit the
//! binary was built from (build.rs, `src/build_info.rs`).

use std::process::Command;

#[test]
fn version_names_the_version_and_a_commit() {
    let output = Command::new(env!("CARGO_BIN_EXE_flagfall"))
        .arg("--version")
        .output()
        .expect("run flagfall --version");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let prefix = format!("flagfall {} (commit ", env!("CARGO_PKG_VERSION"));
    // The commit is not compared with this test's own: a checkout sharing
    // the target folder (CI's clone and a working copy) may have put its
    // binary there since this test was built.
    let commit = text
        .trim()
        .strip_prefix(&prefix)
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{text:?} is not {prefix}COMMIT)"));
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{commit}"
    );
}

#[test]
fn build_info_names_a_commit() {
    let commit = flagfall::build_info::COMMIT;
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{commit}"
    );
    assert_eq!(
        flagfall::build_info::VERSION_AND_COMMIT,
        format!("{} (commit {commit})", flagfall::build_info::VERSION)
    );
}
