//! Which lessons the player has done and which rules met in play it has
//! been told of (`lessons.json`), kept so that the list ticks the lessons
//! and suggests the next, and each rule's note is shown once; an
//! unreadable file is moved aside and both start again, never stopping
//! the app.

use super::data_store::Document;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

const FORMAT: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
struct ProgressFile {
    format: u32,
    done: BTreeSet<String>,
    /// The rules met in play whose note was shown (`RuleMoment::key`);
    /// files from before there were notes have none.
    #[serde(default)]
    notes_seen: BTreeSet<String>,
}

/// The lessons done, by id, and where they are kept (nowhere in memory-only
/// runs).
#[derive(Debug, Default)]
pub struct LessonProgress {
    done: BTreeSet<String>,
    notes_seen: BTreeSet<String>,
    document: Option<Document>,
}

impl LessonProgress {
    /// The progress kept in `document`, and a message when it could not be
    /// read (the file is then moved aside).
    pub fn open(document: Document) -> (LessonProgress, Option<String>) {
        let mut progress = LessonProgress {
            done: BTreeSet::new(),
            notes_seen: BTreeSet::new(),
            document: Some(document.clone()),
        };
        let reason = match document.read(crate::platform::document_caps::LESSON_PROGRESS) {
            Ok(None) => return (progress, None),
            Err(e) => e.to_string(),
            Ok(Some(bytes)) => match serde_json::from_slice::<ProgressFile>(&bytes) {
                Ok(file) if file.format == FORMAT => {
                    progress.done = file.done;
                    progress.notes_seen = file.notes_seen;
                    return (progress, None);
                }
                Ok(file) => crate::tr!(
                    "it has format {}, and this app reads format {}",
                    file.format,
                    FORMAT
                ),
                Err(e) => e.to_string(),
            },
        };
        let what = crate::tr!("the lessons done");
        let notice = document.quarantine(&what, &reason);
        (progress, Some(notice))
    }

    pub fn is_done(&self, id: &str) -> bool {
        self.done.contains(id)
    }

    pub fn count(&self) -> usize {
        self.done.len()
    }

    /// Marks the lesson `id` done and keeps that; the reason when it could
    /// not be written.
    pub fn mark_done(&mut self, id: &str) -> Result<(), String> {
        if !self.done.insert(id.to_string()) {
            return Ok(());
        }
        self.save()
    }

    /// Whether the note of the rule `key` was shown.
    pub fn note_seen(&self, key: &str) -> bool {
        self.notes_seen.contains(key)
    }

    /// The note of the rule `key` was shown: it is not shown again, and
    /// that is kept; the reason when it could not be written.
    pub fn mark_note_seen(&mut self, key: &str) -> Result<(), String> {
        if !self.notes_seen.insert(key.to_string()) {
            return Ok(());
        }
        self.save()
    }

    /// Every note is shown again the next time its rule is met.
    pub fn forget_notes_seen(&mut self) -> Result<(), String> {
        if std::mem::take(&mut self.notes_seen).is_empty() {
            return Ok(());
        }
        self.save()
    }

    fn save(&self) -> Result<(), String> {
        let Some(document) = &self.document else {
            return Ok(());
        };
        let file = ProgressFile {
            format: FORMAT,
            done: self.done.clone(),
            notes_seen: self.notes_seen.clone(),
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        document
            .write(text.as_bytes())
            .map_err(|e| crate::tr!("the lessons and rule notes could not be saved: {}", e))
    }
}
