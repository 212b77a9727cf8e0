//! The services a platform gives the app, behind small types and traits the
//! desktop, Android and the browser each fill in: files written safely
//! (`files`) and read with a cap (`bounded_read`, `document_caps`), the one
//! time source clocks read (`time_source`), sound (`clock_signals`), sharing
//! (`share`), exports to the user's folders (`exports`) and the browser page
//! the app runs in (`page`).

pub mod bounded_read;
pub mod clock_signals;
pub mod document_caps;
pub mod exports;
pub mod files;
pub mod page;
pub mod share;
pub mod time_source;

pub use bounded_read::FileRefused;
pub use clock_signals::{Signal, Signals, tone, tone_samples};
pub use exports::{ExportError, Exports, Kept};
pub use files::write_atomic;
pub use page::Page;
pub use share::{ShareError, ShareSheet};
