//! A killed app never loses a move: `flagfall autoplay` is killed with
//! SIGKILL at many moments; every time the saved game loads (replayed
//! through the rules) with at least the last ply it reported as saved.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_flagfall");

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("flagfall-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The plies of the finished game in `dir`, replayed through the rules.
fn finished_plies(dir: &std::path::Path) -> Option<usize> {
    let entry = std::fs::read_dir(dir.join("finished")).ok()?.next()?.ok()?;
    let record =
        flagfall::core::record::GameRecord::from_json(&std::fs::read_to_string(entry.path()).ok()?)
            .ok()?;
    Some(record.replay().ok()?.actions().len())
}

#[test]
fn sigkill_at_random_moments_never_loses_a_saved_ply() {
    let mut checked = 0;
    for round in 0..40u64 {
        let dir = temp_dir(&format!("kill-{round}"));
        let mut child = Command::new(BIN)
            .args([
                "--data-dir",
                dir.to_str().unwrap(),
                "autoplay",
                "--variant",
                "classic",
            ])
            .args(["--seed", &round.to_string(), "--plies", "100000"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let last = Arc::new(AtomicUsize::new(0));
        let reader = {
            let last = Arc::clone(&last);
            let stdout = child.stdout.take().unwrap();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if let Some(k) = line.strip_prefix("saved ply ").and_then(|k| k.parse().ok()) {
                        last.store(k, Ordering::SeqCst);
                    }
                }
            })
        };
        // A different moment each round: from before the first save to deep in the game.
        std::thread::sleep(Duration::from_millis(2 + (round * 37) % 160));
        let finished_early = child.try_wait().unwrap().is_some();
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        reader.join().unwrap();
        let reported = last.load(Ordering::SeqCst);
        let saved = Command::new(BIN)
            .args(["--data-dir", dir.to_str().unwrap(), "saved"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&saved.stdout).trim().to_string();
        if reported > 0 && !finished_early {
            let ply = if saved.status.success() {
                text.strip_prefix("ply ")
                    .and_then(|k| k.parse().ok())
                    .unwrap_or_else(|| panic!("round {round}: {text}"))
            } else {
                // The game ended just before the kill: it moved to the finished games.
                finished_plies(&dir).unwrap_or_else(|| {
                    panic!(
                        "round {round}: the saved game does not load: {}",
                        String::from_utf8_lossy(&saved.stderr)
                    )
                })
            };
            assert!(
                ply >= reported,
                "round {round}: saved ply {ply} is behind the reported {reported}"
            );
            checked += 1;
        } else if saved.status.success() {
            assert!(text.starts_with("ply "), "round {round}: {text}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(checked >= 20, "only {checked} kills landed mid-game");
}
