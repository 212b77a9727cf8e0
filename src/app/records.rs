//! The records screen's controller (`ui/records.slint`, global
//! `RecordsAdapter`): opens a Gravon or Flagfall game record, from a file or
//! pasted text, and shows it in the game-over screen's replay with both
//! armies, up to the move where the engine stops if it disagrees. A record
//! that cannot be opened gets a message here and changes nothing.

use super::effect::Effect;
use super::file_chooser::Purpose;
use super::{App, AppWindow, RecordsAdapter};
use crate::core::check::{RuleOverrides, replay_record};
use crate::core::replay::{RecordVerdict, Replay};
use crate::platform::bounded_read::{FileRefused, read_capped};
use slint::ComponentHandle;
use std::path::{Path, PathBuf};

/// Records are small (the longest Gravon games are about 200 kB); a bigger
/// file is not read at all, so a wrong file costs no memory.
const LARGEST_RECORD: u64 = crate::platform::document_caps::GAME;

/// Why a record was not opened (before anything of it is replayed).
#[derive(Debug, thiserror::Error)]
enum Unopened {
    /// The pasted text is longer than any record.
    PastedTooLong,
    /// The file is larger than any record.
    TooBig { path: PathBuf },
    /// The file could not be read.
    Unreadable {
        path: PathBuf,
        #[source]
        source: FileRefused,
    },
}

impl std::fmt::Display for Unopened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Unopened::PastedTooLong => {
                crate::tr!("the pasted text is too long for a game record")
            }
            Unopened::TooBig { path } => {
                crate::tr!("{} is too big for a game record", path.display())
            }
            Unopened::Unreadable { path, source } => format!("{}: {source}", path.display()),
        };
        f.write_str(&text)
    }
}

pub(super) fn connect(app: &App) {
    let screen = app.window().global::<RecordsAdapter>();
    // Android apps and pages get no files to choose; records are pasted there.
    screen.set_can_open_files(!cfg!(any(target_os = "android", target_arch = "wasm32")));
    screen.on_choose_file(app.unit(|s, _| {
        let place = s
            .saver
            .folder()
            .map(|dir| (crate::tr!("Saved records"), dir.to_path_buf()));
        s.chooser.open(Purpose::Record, place);
    }));
    screen.on_open_text(app.unit(|_, w| {
        let text = w.global::<RecordsAdapter>().get_pasted().to_string();
        let opened = if text.len() as u64 > LARGEST_RECORD {
            Err(Unopened::PastedTooLong)
        } else {
            Ok(replay_record(&text, None, &RuleOverrides::default()))
        };
        show(w, opened, &crate::tr!("the pasted record"))
    }));
    screen.on_back(app.unit(|_, w| back(w)));
}

/// Closes the screen (its Back button, Escape, the back gesture), its
/// message with it.
pub(super) fn back(w: &AppWindow) -> Effect {
    w.global::<RecordsAdapter>().set_message("".into());
    Effect::Overlay(None)
}

/// Opens the record in the file at `path` (chosen in the file chooser).
pub(super) fn open_file(w: &AppWindow, path: &Path) -> Option<Effect> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let opened = read_file(path)
        .map(|text| replay_record(&text, name.as_deref(), &RuleOverrides::default()));
    let shown = name.unwrap_or_else(|| crate::tr!("the record"));
    show(w, opened, &shown)
}

/// The records screen opens with no message.
pub(super) fn open(w: &AppWindow) {
    w.global::<RecordsAdapter>().set_message("".into());
}

fn read_file(path: &Path) -> Result<String, Unopened> {
    match read_capped(path, LARGEST_RECORD) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(FileRefused::TooBig { .. }) => Err(Unopened::TooBig {
            path: path.to_path_buf(),
        }),
        Err(source) => Err(Unopened::Unreadable {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Shows an opened record in the replay, or says why it cannot be.
fn show(w: &AppWindow, opened: Result<Replay, Unopened>, name: &str) -> Option<Effect> {
    let screen = w.global::<RecordsAdapter>();
    let replay = match opened {
        Ok(replay) => replay,
        Err(unopened) => {
            screen.set_message(unopened.to_string().into());
            return None;
        }
    };
    let (game, note) = match (replay.game, replay.verdict) {
        (Some(game), verdict) => (game, note(name, &verdict)),
        (None, RecordVerdict::NotStarted { reason }) => {
            screen.set_message(
                crate::tr!("{} is a game that never started: {}.", name, reason).into(),
            );
            return None;
        }
        (None, verdict) => {
            screen.set_message(
                crate::tr!("{} cannot be replayed: {}", name, reason(&verdict)).into(),
            );
            return None;
        }
    };
    screen.set_message("".into());
    Some(Effect::Review {
        game: Box::new(game),
        note,
    })
}

/// What the engine found, in words, above the replay.
fn note(name: &str, verdict: &RecordVerdict) -> String {
    match verdict {
        RecordVerdict::Ok => crate::tr!(
            "{}: every move replays, and the result is the engine's.",
            name
        ),
        RecordVerdict::Illegal {
            move_number,
            reason,
        } => crate::tr!(
            "{}: the rules refuse move {} ({}), so the replay stops before it.",
            name,
            move_number,
            reason
        ),
        RecordVerdict::ResultMismatch { reason, .. } => {
            crate::tr!("{}: every move replays, but the {}.", name, reason)
        }
        other => format!("{name}: {}", reason(other)),
    }
}

fn reason(verdict: &RecordVerdict) -> String {
    match verdict {
        RecordVerdict::Ok => crate::tr!("it replays"),
        RecordVerdict::Illegal {
            move_number: 0,
            reason,
        } => crate::tr!("the setups break the rules: {}", reason),
        RecordVerdict::Illegal {
            move_number,
            reason,
        } => crate::tr!("move {} breaks the rules: {}", move_number, reason),
        RecordVerdict::ResultMismatch { reason, .. }
        | RecordVerdict::Unreadable { reason }
        | RecordVerdict::NotStarted { reason } => reason.clone(),
    }
}
