//! `flagfall --version` names the version in Cargo.toml and the commit the
//! binary was built from (build.rs, `src/build_info.rs`).

use std::process::Command;

#[test]
fn version_names_the_version_and_the_commit() {
    let output = Command::new(env!("CARGO_BIN_EXE_flagfall"))
        .arg("--version")
        .output()
        .expect("run flagfall --version");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let expected = format!(
        "flagfall {} (commit {})",
        env!("CARGO_PKG_VERSION"),
        flagfall::build_info::COMMIT
    );
    assert_eq!(text.trim(), expected);
    let commit = flagfall::build_info::COMMIT;
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{commit}"
    );
}
