//! `flagfall bench-inputs heaviest-data-folder`: the data folder that costs
//! the app most to read at its start (issue 77): every kind of document
//! just under its cap (`platform::document_caps`), made of the JSON that
//! grows most when read (millions of tiny strings, or of the smallest
//! entries the kind holds), and each kind once more just past its cap;
//! read as the app reads it when it starts.

use crate::games::KeepsGames;
use crate::platform::document_caps;
use crate::store::remembered_setups::RememberedSetups;
use crate::store::{SetupLibrary, Storage};
use std::path::Path;

/// Each kind's document: its name, its cap, the JSON before and after the
/// repeated part, and the repeated part (the entry that costs most to read).
const KINDS: [(&str, u64, &str, &str, &str); 8] = [
    (
        "settings.json",
        document_caps::SETTINGS,
        "{\"language\": [",
        "]}",
        "\"a\",",
    ),
    (
        "setups.json",
        document_caps::SETUP_LIBRARY,
        "{\"format\": 2, \"setups\": {\"classic\": {",
        "}}}",
        "\"%\": [],",
    ),
    (
        "remembered-setups.json",
        document_caps::REMEMBERED_SETUPS,
        "{\"format\": 1, \"memory\": [",
        "]}",
        "\"a\",",
    ),
    (
        "referee.json",
        document_caps::REFEREE_MATCH,
        "{\"format\": 1, \"game\": [",
        "]}",
        "\"a\",",
    ),
    (
        "finished-index.json",
        document_caps::FINISHED_INDEX,
        "{\"format\": 2, \"games\": [",
        "]}",
        "{\"file\": \"a\", \"variant\": \"a\", \"result\": null, \"moves\": 0},",
    ),
    (
        "finished/1700000000000-0-classic.json",
        document_caps::GAME,
        "{\"actions\": [",
        "]}",
        "\"a\",",
    ),
    (
        "in-progress/pass-and-play-classic.json",
        document_caps::GAME,
        "{\"actions\": [",
        "]}",
        "\"a\",",
    ),
    (
        "in-progress/linked/game-00000001-red.json",
        document_caps::TWO_DEVICE_GAME,
        "{\"log\": [",
        "]}",
        "\"a\",",
    ),
];

/// Writes the heaviest data folder into `dir`: its bytes in all. Kinds kept
/// one to a folder's listing (games, records) also get a copy just past
/// their cap, which is refused unread.
pub fn write_heaviest_folder(dir: &Path) -> std::io::Result<u64> {
    let mut total = 0;
    for (name, cap, head, tail, entry) in KINDS {
        let listed = name.contains('/');
        let mut sizes = vec![(name.to_string(), cap - 64)];
        if listed {
            sizes.push((name.replace(".json", "-past-cap.json"), cap + 64));
        }
        for (name, size) in sizes {
            let mut text = String::with_capacity(size as usize);
            text.push_str(head);
            let mut n = 0u64;
            while (text.len() + entry.len() + tail.len() + 8) as u64 <= size {
                text.push_str(&entry.replace('%', &n.to_string()));
                n += 1;
            }
            // (Each repeated part ends in a comma: the last one's goes.)
            text.pop();
            text.push_str(tail);
            let path = dir.join(&name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, &text)?;
            total += text.len() as u64;
        }
    }
    Ok(total)
}

/// Reads the data folder `dir` as the app does when it starts: what it
/// found, in a line.
pub fn read_as_at_start(dir: &Path) -> String {
    let storage = match Storage::open(dir) {
        Ok(storage) => storage,
        Err(e) => return format!("no data folder: {e}"),
    };
    let (_, settings_problem) = storage.settings();
    let (games, game_problems) = storage.games_in_progress();
    let (finished, finished_problems) = storage.finished_games();
    let (_, referee_problem) = storage.referee(&crate::referee::live::LiveRules::built_in());
    let (_, library_problem) = SetupLibrary::open(storage.setup_library());
    let (_, remembered_problem) = RememberedSetups::open(storage.remembered_setups());
    let set_aside = game_problems.len()
        + finished_problems.len()
        + [
            settings_problem,
            referee_problem,
            library_problem,
            remembered_problem,
        ]
        .iter()
        .flatten()
        .count();
    format!(
        "{} games in progress, {} finished games, {set_aside} documents set aside",
        games.len(),
        finished.len()
    )
}
