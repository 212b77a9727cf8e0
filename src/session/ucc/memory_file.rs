//! The UCC bot's memory of its opponents (`ucc-bot --memory FILE`): for
//! each name the manager gives an opponent, where its pieces were seen to
//! start in earlier games (`ai::setup_memory`). Read before a game, written
//! after it; a file that cannot be read is set aside with a warning and the
//! bot plays on with an empty memory, since losing what it learned costs
//! less than losing the game.

use crate::session::ai::setup_memory::SetupMemory;
use crate::session::bounded_read::read_capped;
use crate::session::files::write_atomic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The largest memory file read: a few hundred opponents' worth.
const LARGEST_FILE: u64 = 16 << 20;

/// The most opponents remembered: the file stays bounded whatever names a
/// manager sends.
const MOST_OPPONENTS: usize = 256;

/// Every opponent's memory, kept in one file.
#[derive(Debug)]
pub struct OpponentMemories {
    path: PathBuf,
    by_name: BTreeMap<String, SetupMemory>,
}

#[derive(Serialize, Deserialize)]
struct MemoryFile {
    opponents: BTreeMap<String, SetupMemory>,
}

impl OpponentMemories {
    /// The memories in `path` (none when it does not exist yet), and a
    /// warning when it exists but could not be read.
    pub fn open(path: &Path) -> (OpponentMemories, Option<String>) {
        let empty = |warning| {
            let memories = OpponentMemories {
                path: path.to_path_buf(),
                by_name: BTreeMap::new(),
            };
            (memories, warning)
        };
        if !path.exists() {
            return empty(None);
        }
        let parsed = read_capped(path, LARGEST_FILE)
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                serde_json::from_slice::<MemoryFile>(&bytes).map_err(|e| e.to_string())
            });
        match parsed {
            Ok(file) => (
                OpponentMemories {
                    path: path.to_path_buf(),
                    by_name: file.opponents,
                },
                None,
            ),
            Err(e) => empty(Some(format!(
                "the memory file {} could not be read ({e}); starting with an empty memory",
                path.display()
            ))),
        }
    }

    /// What was seen of the opponent `name` before.
    pub fn of(&self, name: &str) -> Option<&SetupMemory> {
        self.by_name.get(name)
    }

    /// The memory of `name`, to learn a game into (a new one for a new
    /// name; when the file is full, the new name is not kept).
    pub fn of_mut(&mut self, name: &str) -> Option<&mut SetupMemory> {
        if !self.by_name.contains_key(name) && self.by_name.len() >= MOST_OPPONENTS {
            return None;
        }
        Some(self.by_name.entry(name.to_string()).or_default())
    }

    /// Writes every memory to the file.
    pub fn save(&self) -> std::io::Result<()> {
        let file = MemoryFile {
            opponents: self.by_name.clone(),
        };
        let bytes = serde_json::to_vec(&file).map_err(std::io::Error::other)?;
        write_atomic(&self.path, &bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::square::Square;
    use crate::core::variant::builtin_variant;

    /// An empty folder of its own for `test`.
    fn folder(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("flagfall-memory-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_memory_is_kept_by_name_through_the_file() {
        let path = folder("by-name").join("memory.json");
        let (mut memories, warning) = OpponentMemories::open(&path);
        assert!(warning.is_none());
        let variant = builtin_variant("classic").unwrap();
        let flag = variant.kind_by_key("flag").unwrap();
        let corner = Square::new(0, 9);
        memories.of_mut("./peternlewis").unwrap().remember(
            &variant,
            crate::core::side::Side::Blue,
            [(corner, flag)],
        );
        memories.save().unwrap();
        let (again, warning) = OpponentMemories::open(&path);
        assert!(warning.is_none());
        let remembered = again.of("./peternlewis").expect("kept by name");
        assert_eq!(remembered.games(&variant), 1);
        assert!(remembered.weight(&variant, crate::core::side::Side::Blue, corner, flag) > 2.0);
        assert!(again.of("./celsius").is_none());
    }

    #[test]
    fn a_damaged_file_is_a_warning_and_an_empty_memory() {
        let path = folder("damaged").join("memory.json");
        std::fs::write(&path, b"{\"opponents\": {\"x\": [1, 2").unwrap();
        let (memories, warning) = OpponentMemories::open(&path);
        assert!(warning.expect("a warning").contains("could not be read"));
        assert!(memories.of("x").is_none());
    }

    #[test]
    fn a_manager_sending_endless_names_cannot_grow_the_file_without_bound() {
        let (mut memories, _) = OpponentMemories::open(&folder("names").join("m.json"));
        for i in 0..MOST_OPPONENTS + 50 {
            let _ = memories.of_mut(&format!("bot{i}"));
        }
        assert_eq!(memories.by_name.len(), MOST_OPPONENTS);
        assert!(
            memories.of_mut("bot0").is_some(),
            "a known name still learns"
        );
    }
}
