//! A killed app never loses a move: `flagfall autoplay` is killed with
//! SIGKILL at many moments; every time the saved game loads (replayed
//! through the rules) with at least the last ply it reported as saved.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_flagfall");

/// The plies of the finished game in `dir`, replayed through the rules.
fn finished_plies(dir: &std::path::Path) -> Option<usize> {
    let entry = std::fs::read_dir(dir.join("finished")).ok()?.next()?.ok()?;
    let record =
        flagfall::core::record::GameRecord::from_json(&std::fs::read_to_string(entry.path()).ok()?)
            .ok()?;
    Some(record.replay().ok()?.actions().len())
}

/// Mid-game kills the test must see land, each after a reported save.
const KILLS_MID_GAME: usize = 30;
/// Games (one seed each) tried before giving up on that number.
const MAX_ROUNDS: u64 = 200;

/// Reads `child`'s "saved ply K" lines until K reaches `ply`, and returns the
/// last K read; `None` when the game ended first.
fn wait_for_saved_ply(child: &mut Child, ply: usize) -> Option<usize> {
    let stdout = child.stdout.as_mut().unwrap();
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        let saved = line.strip_prefix("saved ply ").and_then(|k| k.parse().ok());
        if let Some(k) = saved.filter(|&k| k >= ply) {
            return Some(k);
        }
    }
    None
}

/// The kill moments follow the game, not the clock: on a fast machine a
/// whole game can end before a fixed delay runs out. Every fifth round kills
/// the app as it starts (before or during its first save); the others kill
/// it right after it reports saving ply N (N from 1 to 300), so the kill
/// lands while a later ply is written.
#[test]
fn sigkill_at_random_moments_never_loses_a_saved_ply() {
    let mut mid_game = 0;
    let mut round = 0u64;
    while mid_game < KILLS_MID_GAME {
        assert!(
            round < MAX_ROUNDS,
            "only {mid_game} of {MAX_ROUNDS} games were killed after a save"
        );
        let dir = common::fresh_dir(&format!("kill-{round}"));
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
        let reported = if round.is_multiple_of(5) {
            std::thread::sleep(Duration::from_millis(round % 3));
            None
        } else {
            wait_for_saved_ply(&mut child, 1 + (round as usize * 37) % 300)
        };
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let saved = Command::new(BIN)
            .args(["--data-dir", dir.to_str().unwrap(), "saved"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&saved.stdout).trim().to_string();
        if let Some(reported) = reported {
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
            mid_game += 1;
        } else if saved.status.success() {
            // Killed at the start, or the game ended before ply N: whatever
            // is saved still loads.
            assert!(text.starts_with("ply "), "round {round}: {text}");
        }
        let _ = std::fs::remove_dir_all(&dir);
        round += 1;
    }
}
