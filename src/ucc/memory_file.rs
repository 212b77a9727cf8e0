//! The UCC bot's memory of its opponents (`ucc-bot --memory FILE`): for
//! each name the manager gives an opponent, where its pieces were seen to
//! start in earlier games (`ai::setup_memory`). Read before a game, and
//! written again whenever the game shows more: the manager kills both bots
//! microseconds after its `QUIT`, so nothing can wait for the end. A file
//! that cannot be read is a warning and an empty memory: losing what it
//! learned costs the bot less than losing the game.

use crate::ai::setup_memory::SetupMemory;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{KindId, Variant};
use crate::platform::bounded_read::read_capped;
use crate::platform::files::write_atomic;
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
    /// As read before this game.
    by_name: BTreeMap<String, SetupMemory>,
    /// The memory of this game's opponent with this game in it, so far.
    this_game: Option<(String, SetupMemory)>,
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
                this_game: None,
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
                    this_game: None,
                },
                None,
            ),
            Err(e) => empty(Some(format!(
                "the memory file {} could not be read ({e}); starting with an empty memory",
                path.display()
            ))),
        }
    }

    /// What was seen of the opponent `name` before this game.
    pub fn of(&self, name: &str) -> Option<&SetupMemory> {
        self.by_name.get(name)
    }

    /// Remembers this game against `name` as far as it has gone (`seen`:
    /// each of `side`'s pieces the game showed, by its starting square) and
    /// writes the file. A new name is not kept once the file holds
    /// `MOST_OPPONENTS`.
    pub fn record_game(
        &mut self,
        name: &str,
        variant: &Variant,
        side: Side,
        seen: impl IntoIterator<Item = (Square, KindId)>,
    ) -> std::io::Result<()> {
        if !self.by_name.contains_key(name) && self.by_name.len() >= MOST_OPPONENTS {
            return Ok(());
        }
        let mut memory = self.by_name.get(name).cloned().unwrap_or_default();
        memory.remember(variant, side, seen);
        self.this_game = Some((name.to_string(), memory));
        self.save()
    }

    /// Writes every memory to the file, this game's included.
    fn save(&self) -> std::io::Result<()> {
        let mut opponents = self.by_name.clone();
        if let Some((name, memory)) = &self.this_game {
            opponents.insert(name.clone(), memory.clone());
        }
        let bytes = serde_json::to_vec(&MemoryFile { opponents }).map_err(std::io::Error::other)?;
        write_atomic(&self.path, &bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        memories
            .record_game("./peternlewis", &variant, Side::Blue, [(corner, flag)])
            .unwrap();
        assert!(
            memories.of("./peternlewis").is_none(),
            "not before this game"
        );
        // Written again as the game shows more: still one game.
        memories
            .record_game("./peternlewis", &variant, Side::Blue, [(corner, flag)])
            .unwrap();
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
        let path = folder("names").join("m.json");
        let variant = builtin_variant("classic").unwrap();
        let flag = variant.kind_by_key("flag").unwrap();
        let seen = [(Square::new(0, 9), flag)];
        for i in 0..MOST_OPPONENTS + 50 {
            let (mut memories, _) = OpponentMemories::open(&path);
            let name = format!("bot{i}");
            memories
                .record_game(&name, &variant, Side::Blue, seen)
                .unwrap();
        }
        let (mut memories, _) = OpponentMemories::open(&path);
        assert_eq!(memories.by_name.len(), MOST_OPPONENTS);
        memories
            .record_game("bot0", &variant, Side::Blue, seen)
            .unwrap();
        let (again, _) = OpponentMemories::open(&path);
        let games = again.of("bot0").unwrap().games(&variant);
        assert_eq!(games, 2, "a known name still learns");
    }
}
