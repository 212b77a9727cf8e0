//! Turns the translations (the catalogues the screens bundle too, in
//! `ui/build.rs`) into the table Rust-made texts are looked up in, builds every
//! `variants/*.json` and `variants/lessons/*.json` file into the binary, so a
//! new variant or lesson is a new file and nothing else. On Linux with glibc
//! 2.36 or newer it also packs the binaries' relative relocations. It also names the commit the binary is
//! built from, for `flagfall --version` and the About screen.

use std::env;
use std::fs;
use std::path::Path;
use std::process::Command;

fn main() {
    catalogues();
    builtin_variants();
    pack_relative_relocations();
    commit();
}

/// Sets `FLAGFALL_COMMIT` (read by `src/build_info.rs`) to the commit being
/// built, `git rev-parse --short=12 HEAD`, so a player's "About" or
/// `--version` says exactly which source made their binary. Outside a git
/// checkout (a source tarball) or without git it is "unknown": the build
/// never fails for want of git. Reruns when HEAD moves: a checkout changes
/// `.git/HEAD`, a commit changes the branch's ref (loose, or in
/// `packed-refs` once packed).
fn commit() {
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).to_path_buf();
    let git = |args: &[&str]| -> Option<String> {
        let output = Command::new("git")
            .args(args)
            .current_dir(&root)
            .output()
            .ok()?;
        let text = String::from_utf8(output.stdout).ok()?;
        (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
    };
    let commit = if root.join(".git").exists() {
        git(&["rev-parse", "--short=12", "HEAD"])
    } else {
        None
    };
    if commit.is_some() {
        let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
        watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
        for name in watched {
            // `--git-path` finds the file in a worktree too. A missing file
            // would make Cargo rerun this script on every build.
            if let Some(path) = git(&["rev-parse", "--git-path", &name])
                .map(|path| root.join(path))
                .filter(|path| path.exists())
            {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    let commit = commit.unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=FLAGFALL_COMMIT={commit}");
}

/// Links the package's binaries with `-z pack-relative-relocs` (DT_RELR): the
/// app's 0.7 MB of relative relocations (`.rela.dyn`) shrink to 9 KB and the
/// binary stays position-independent, so ASLR is kept (BENCHMARKS.md, issue
/// 14). Only when building on Linux for the same machine's glibc, and only
/// from glibc 2.36 on, whose loader applies DT_RELR; an older loader would
/// refuse the binary, so elsewhere the link is unchanged.
fn pack_relative_relocations() {
    let linux_glibc = env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    let native = env::var("HOST").ok() == env::var("TARGET").ok();
    if linux_glibc && native && host_glibc_at_least(2, 36) {
        println!("cargo:rustc-link-arg=-Wl,-z,pack-relative-relocs");
    }
}

/// Whether the glibc this build script runs on is `major.minor` or newer.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn host_glibc_at_least(major: u32, minor: u32) -> bool {
    unsafe extern "C" {
        fn gnu_get_libc_version() -> *const std::ffi::c_char;
    }
    // SAFETY: glibc returns a static, NUL-terminated string such as "2.36".
    let version = unsafe { std::ffi::CStr::from_ptr(gnu_get_libc_version()) };
    let mut numbers = version
        .to_str()
        .unwrap_or_default()
        .split('.')
        .map(|part| part.parse::<u32>().unwrap_or(0));
    let found = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0));
    found >= (major, minor)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn host_glibc_at_least(_major: u32, _minor: u32) -> bool {
    false
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
    embed_json_folder("variants", "builtin_variants.rs");
    embed_json_folder("variants/lessons", "builtin_lessons.rs");
    embed_json_folder("variants/lessons/deals", "builtin_deal_lessons.rs");
}

/// Writes `out_name` into OUT_DIR: a `BUILTIN_FILES` table of every
/// `folder/*.json` file's name and text.
fn embed_json_folder(folder: &str, out_name: &str) {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join(folder);
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{folder}/ folder: {e}"))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    let mut code = String::from("pub(super) const BUILTIN_FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        code.push_str(&format!(
            "    (\"{folder}/{name}\", include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join(out_name);
    fs::write(out, code).unwrap_or_else(|e| panic!("write {out_name}: {e}"));
}
