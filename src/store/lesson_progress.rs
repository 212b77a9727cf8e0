//! Which lessons the player has done (`lessons.json`), kept so that the
//! list ticks them and suggests the next; an unreadable file is moved
//! aside and the list starts again, never stopping the app.

use super::data_store::Document;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

const FORMAT: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
struct ProgressFile {
    format: u32,
    done: BTreeSet<String>,
}

/// The lessons done, by id, and where they are kept (nowhere in memory-only
/// runs).
#[derive(Debug, Default)]
pub struct LessonProgress {
    done: BTreeSet<String>,
    document: Option<Document>,
}

impl LessonProgress {
    /// The progress kept in `document`, and a message when it could not be
    /// read (the file is then moved aside).
    pub fn open(document: Document) -> (LessonProgress, Option<String>) {
        let mut progress = LessonProgress {
            done: BTreeSet::new(),
            document: Some(document.clone()),
        };
        let reason = match document.read(crate::platform::document_caps::LESSON_PROGRESS) {
            Ok(None) => return (progress, None),
            Err(e) => e.to_string(),
            Ok(Some(bytes)) => match serde_json::from_slice::<ProgressFile>(&bytes) {
                Ok(file) if file.format == FORMAT => {
                    progress.done = file.done;
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
        let Some(document) = &self.document else {
            return Ok(());
        };
        let file = ProgressFile {
            format: FORMAT,
            done: self.done.clone(),
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        document
            .write(text.as_bytes())
            .map_err(|e| crate::tr!("the lessons done could not be saved: {}", e))
    }
}
