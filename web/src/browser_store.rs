//! Where the browser keeps the games: a `DataStore` in the page's IndexedDB
//! (database "flagfall", object store "documents", a document's name as its
//! key and `[written, bytes]` as its value). The app reads and lists
//! documents at once, so they are all read into memory when the page opens
//! (`open`) and served from there; every write and removal then goes on to
//! IndexedDB in the order it was made. IndexedDB answers later: a write it
//! refuses (the browser's storage full, say) is reported by the next write,
//! and until one succeeds, so the player hears of it one move late; what
//! IndexedDB holds stays the last save it took.

use flagfall::platform::FileRefused;
use flagfall::store::{DataStore, Listed, MemoryStore};
use idb::builder::ObjectStoreBuilder;
use idb::{Database, TransactionMode};
use js_sys::{Array, Uint8Array};
use std::cell::RefCell;
use std::io;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use wasm_bindgen::{JsCast, JsValue};

const DATABASE: &str = "flagfall";
const DOCUMENTS: &str = "documents";

thread_local! {
    /// The open database (a page has one thread).
    static OPEN: RefCell<Option<Rc<Database>>> = const { RefCell::new(None) };
    /// Another tab of this page took the games over (`let_go`): this one
    /// writes nothing more, so an older tab never overwrites a newer one's
    /// plies.
    static LET_GO: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Stops this page writing to IndexedDB for good: another tab holds the
/// games now (`index.html` calls it when one takes them over).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn let_go() {
    LET_GO.with(|l| l.set(true));
}

/// The error every write gets once another tab took the games over.
fn let_go_error() -> io::Result<()> {
    if LET_GO.with(|l| l.get()) {
        return Err(io::Error::other(
            "another tab of this page holds the games now: nothing is saved here",
        ));
    }
    Ok(())
}

/// The page's documents: a copy in memory, kept in IndexedDB.
#[derive(Debug, Default)]
pub struct BrowserStore {
    copy: MemoryStore,
    /// Why IndexedDB refused the last write, until it takes one again.
    refused: Arc<Mutex<Option<IndexedDbError>>>,
}

/// Why the page's IndexedDB did not open, or did not keep a change.
#[derive(Debug, Clone, thiserror::Error)]
pub enum IndexedDbError {
    /// The browser refused a request at `step`. Its message is kept as
    /// text: the browser's own error holds a `JsValue`, which cannot cross
    /// the store's lock.
    #[error("{step}: {message}")]
    Refused { step: &'static str, message: String },
    #[error("the transaction was aborted")]
    Aborted,
}

impl IndexedDbError {
    /// The error of `step`, for `map_err`.
    fn at(step: &'static str) -> impl Fn(idb::Error) -> IndexedDbError {
        move |e| IndexedDbError::Refused {
            step,
            message: e.to_string(),
        }
    }

    /// The browser's storage is full (its quota for this page).
    fn is_quota_exceeded(&self) -> bool {
        matches!(self, IndexedDbError::Refused { message, .. } if message.contains("QuotaExceeded"))
    }
}

/// One change to make in IndexedDB.
enum Change {
    Put {
        name: String,
        bytes: Vec<u8>,
        written: SystemTime,
    },
    Delete(String),
}

impl BrowserStore {
    /// Opens the page's database and reads every document it keeps.
    pub async fn open() -> Result<BrowserStore, IndexedDbError> {
        let database = Database::builder(DATABASE)
            .version(1)
            .add_object_store(ObjectStoreBuilder::new(DOCUMENTS))
            .build()
            .await
            .map_err(IndexedDbError::at("opening the database"))?;
        let store = BrowserStore::default();
        {
            let reading = IndexedDbError::at("reading the documents");
            let transaction = database
                .transaction(&[DOCUMENTS], TransactionMode::ReadOnly)
                .map_err(&reading)?;
            let documents = transaction.object_store(DOCUMENTS).map_err(&reading)?;
            let keys = documents
                .get_all_keys(None, None)
                .map_err(&reading)?
                .await
                .map_err(&reading)?;
            let values = documents
                .get_all(None, None)
                .map_err(&reading)?
                .await
                .map_err(&reading)?;
            // Both come in the order of the keys.
            for (key, value) in keys.iter().zip(values.iter()) {
                let (Some(name), Some((written, bytes))) = (key.as_string(), document(value))
                else {
                    continue;
                };
                store.copy.keep(&name, bytes, written);
            }
        }
        OPEN.with(|open| *open.borrow_mut() = Some(Rc::new(database)));
        Ok(store)
    }

    /// Makes `change` in IndexedDB after the changes before it.
    fn persist(&self, change: Change) {
        let refused = Arc::clone(&self.refused);
        wasm_bindgen_futures::spawn_local(async move {
            if LET_GO.with(|l| l.get()) {
                return;
            }
            let Some(database) = OPEN.with(|open| open.borrow().clone()) else {
                return;
            };
            let result = apply(&database, change).await;
            *refused.lock().unwrap_or_else(|e| e.into_inner()) = result.err();
        });
    }

    /// The write IndexedDB last refused, as the error the app reports.
    fn refusal(&self) -> io::Result<()> {
        match self
            .refused
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
        {
            None => Ok(()),
            Some(why) if why.is_quota_exceeded() => Err(io::Error::new(
                io::ErrorKind::StorageFull,
                format!("the browser's storage is full ({why})"),
            )),
            Some(why) => Err(io::Error::other(format!(
                "the browser refused to keep it ({why})"
            ))),
        }
    }
}

/// A document as IndexedDB holds it: `[milliseconds since 1970, bytes]`.
fn document(value: &JsValue) -> Option<(SystemTime, Vec<u8>)> {
    let pair = value.dyn_ref::<Array>()?;
    let millis = pair.get(0).as_f64()?;
    let bytes = pair.get(1).dyn_into::<Uint8Array>().ok()?.to_vec();
    Some((UNIX_EPOCH + Duration::from_millis(millis as u64), bytes))
}

async fn apply(database: &Database, change: Change) -> Result<(), IndexedDbError> {
    let fail = IndexedDbError::at("keeping a change");
    let transaction = database
        .transaction(&[DOCUMENTS], TransactionMode::ReadWrite)
        .map_err(&fail)?;
    let documents = transaction.object_store(DOCUMENTS).map_err(&fail)?;
    match change {
        Change::Put {
            name,
            bytes,
            written,
        } => {
            let millis = written
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default()
                .as_millis() as f64;
            let value = Array::of2(
                &JsValue::from_f64(millis),
                &Uint8Array::from(bytes.as_slice()),
            );
            documents
                .put(&value, Some(&JsValue::from_str(&name)))
                .map_err(&fail)?
                .await
                .map_err(&fail)?;
        }
        Change::Delete(name) => {
            documents
                .delete(JsValue::from_str(&name))
                .map_err(&fail)?
                .await
                .map_err(&fail)?;
        }
    }
    let outcome = transaction.commit().map_err(&fail)?.await.map_err(&fail)?;
    if outcome.is_committed() {
        Ok(())
    } else {
        Err(IndexedDbError::Aborted)
    }
}

impl DataStore for BrowserStore {
    fn read(&self, name: &str, cap: u64) -> Result<Option<Vec<u8>>, FileRefused> {
        self.copy.read(name, cap)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let_go_error()?;
        let refused = self.refusal();
        let written = self.copy.write_dated(name, bytes)?;
        self.persist(Change::Put {
            name: name.to_string(),
            bytes: bytes.to_vec(),
            written,
        });
        refused
    }

    fn remove(&self, name: &str) -> io::Result<()> {
        let_go_error()?;
        self.copy.remove(name)?;
        self.persist(Change::Delete(name.to_string()));
        Ok(())
    }

    fn list(&self, folder: &str) -> Vec<Listed> {
        self.copy.list(folder)
    }

    fn set_aside_as(&self, name: &str, tag: &str) -> io::Result<String> {
        let_go_error()?;
        let bytes = self
            .copy
            .read(name, u64::MAX)
            .map_err(io::Error::other)?
            .ok_or(io::ErrorKind::NotFound)?;
        let aside = self.copy.set_aside_as(name, tag)?;
        let written = self.copy.write_dated(&aside, &bytes)?;
        self.persist(Change::Put {
            name: aside.clone(),
            bytes,
            written,
        });
        self.persist(Change::Delete(name.to_string()));
        Ok(aside)
    }

    fn place(&self, name: &str) -> String {
        format!("{name} (this browser's storage)")
    }
}
