//! How the app starts: its seed, its data folder (or none), whether work
//! goes to worker threads, and what the platform brings (the newest photos,
//! the referee's sound, where saved files go, its share sheet, the preferred
//! languages).

use crate::ai::thinking::ThinkElsewhere;
use crate::link::scan::camera::Camera;
use crate::link::scan::clipboard::Clipboard;
use crate::link::scan::photos::PhotoSource;
use crate::platform::clock_signals::Signals;
use crate::platform::exports::{self, Exports};
use crate::platform::page::Page;
use crate::platform::share::ShareSheet;
use crate::platform::time_source::{Monotonic, TimeSource};
use crate::store::Storage;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

/// What a platform brings to the app (each none where it has none).
#[derive(Default)]
pub struct Platform {
    /// Where the codes screens look for the newest photos.
    pub photos: Option<Arc<dyn PhotoSource>>,
    /// How the referee's clock is heard (none: the desktop's sound).
    pub signals: Option<Arc<dyn Signals>>,
    /// Where records, printed sheets and code pictures are saved (none: the
    /// computer's Documents/Flagfall).
    pub exports: Option<Arc<dyn Exports>>,
    /// How a code's text is sent to another app (none: copied only).
    pub share: Option<Arc<dyn ShareSheet>>,
    /// Where the computer thinks (none: on a worker thread).
    pub thinking: Option<Rc<dyn ThinkElsewhere>>,
    /// A camera the codes screens read codes from, live (a browser's).
    pub camera: Option<Rc<dyn Camera>>,
    /// A clipboard for the codes screens' Copy and Paste where the
    /// toolkit's cannot be reached (a browser's).
    pub clipboard: Option<Rc<dyn Clipboard>>,
    /// The page the app runs in: its history and language (a browser's).
    pub page: Option<Rc<dyn Page>>,
}

/// How the app starts: the RNG seed for deals and "fill for me", and the
/// data folder (none: everything lives in memory, for tests and screenshots).
pub struct AppConfig {
    pub seed: u64,
    /// Each game, deal and filled setup draws fresh randomness from the
    /// operating system (a player's app); otherwise all follow `seed`.
    pub fresh_seeds: bool,
    pub storage: Option<Storage>,
    /// The computer's moves and the reading of pictures are worked out on
    /// worker threads (the app), or at once on the caller's thread (tests and
    /// screenshots, which run no event loop).
    pub background_work: bool,
    /// What the platform brings: the app's own (a desktop's sound and
    /// Documents folder) until `take` puts the platform's in.
    pub platform: Platform,
    /// Shows a folder in the file manager (a computer's; none on a phone
    /// and in tests).
    pub open_folder: Option<exports::OpenFolder>,
    /// Where clocks read the time (tests set it by hand).
    pub time: Arc<dyn TimeSource>,
    /// The platform's preferred locales, most preferred first: the language
    /// setting "System" picks the first the app speaks (English without one).
    pub system_locales: Vec<String>,
    /// The app comes back as the player left it: on the game that was on
    /// screen, with the home screen's last choices for a new game (a
    /// player's app, whose page may be reloaded or whose process a phone
    /// may stop; tests and screenshots start on home, as chosen).
    pub resumes: bool,
}

impl AppConfig {
    /// Uses what `platform` brings; where it brings no sound or no place
    /// for exports, the app keeps its own.
    pub fn take(&mut self, platform: Platform) {
        let own = std::mem::take(&mut self.platform);
        self.platform = Platform {
            exports: platform.exports.or(own.exports),
            signals: platform.signals.or(own.signals),
            ..platform
        };
    }

    pub fn in_memory(seed: u64) -> AppConfig {
        AppConfig {
            seed,
            fresh_seeds: false,
            storage: None,
            background_work: false,
            platform: Platform::default(),
            open_folder: None,
            time: Arc::new(Monotonic::new()),
            system_locales: Vec::new(),
            resumes: false,
        }
    }

    /// A player's app in a browser page (issue 69, in part): a fresh seed,
    /// the browser's languages, no worker threads (a page has none: the
    /// computer thinks where the platform says, else at once on the
    /// page's thread), and the games kept in
    /// `storage`, the browser's; when the browser refused it, nowhere, and
    /// the app says so.
    pub fn for_browser(
        storage: Result<Storage, impl std::error::Error>,
    ) -> (AppConfig, Option<String>) {
        let system_locales: Vec<String> = sys_locale::get_locales().collect();
        crate::i18n::set_language(crate::i18n::LanguageChoice::System.resolve(&system_locales));
        let (storage, warning) = match storage {
            Ok(storage) => (Some(storage), None),
            Err(why) => (
                None,
                Some(crate::tr!(
                    "this browser keeps nothing for Flagfall ({}): nothing will be saved",
                    why
                )),
            ),
        };
        let config = AppConfig {
            seed: crate::games::shelf::os_seed(),
            fresh_seeds: true,
            storage,
            system_locales,
            resumes: true,
            ..AppConfig::in_memory(0)
        };
        (config, warning)
    }

    /// A player's app: a fresh seed, and `data_dir` or the platform's data folder.
    pub fn for_player(data_dir: Option<PathBuf>) -> (AppConfig, Option<String>) {
        let seed = crate::games::shelf::os_seed();
        let system_locales: Vec<String> = sys_locale::get_locales().collect();
        // Without a data folder there are no saved settings: the warnings
        // below are in the platform's language.
        crate::i18n::set_language(crate::i18n::LanguageChoice::System.resolve(&system_locales));
        let (storage, warning) = match data_dir.or_else(Storage::default_root) {
            None => (
                None,
                Some(crate::tr!("no data folder: nothing will be saved")),
            ),
            Some(root) => match Storage::open(&root) {
                Ok(storage) => (Some(storage), None),
                Err(e) => (
                    None,
                    Some(crate::tr!(
                        "the data folder {} cannot be used ({}): nothing will be saved",
                        root.display(),
                        e
                    )),
                ),
            },
        };
        (
            AppConfig {
                seed,
                fresh_seeds: true,
                storage,
                background_work: true,
                platform: Platform {
                    signals: Some(crate::platform::clock_signals::desktop()),
                    exports: exports::Folder::for_player()
                        .map(|folder| Arc::new(folder) as Arc<dyn Exports>),
                    ..Platform::default()
                },
                open_folder: (!cfg!(target_os = "android")).then_some(exports::open_folder),
                time: Arc::new(Monotonic::new()),
                system_locales,
                resumes: true,
            },
            warning,
        )
    }
}
