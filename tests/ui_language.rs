//! The language setting, driving the real UI: switching takes effect at once
//! on the screen's own texts and on those made in Rust, is saved, and
//! "System" follows the platform's locale; and every screen of every variant
//! in Japanese shows no English word (its pictures are written under the
//! test's temporary folder, `screenshots-ja/`, at phone and tablet size).
//!
//! The language is one setting for the whole process, so these tests take
//! turns (`one_at_a_time`) and each sets the language it needs.

mod common;

use common::fresh_dir;
use common::ui::{app_with_storage, fit_window, labels, screen, tap};
use flagfall::app::{App, AppConfig, HomeAdapter, SettingsAdapter};
use flagfall::core::variant::builtin;
use flagfall::store::Storage;
use flagfall::tools::screenshot::{SCREENS, init_headless, stage, write_png};
use flagfall::tools::screenshot_linked::LINKED_SCREENS;
use slint::{ComponentHandle, Model};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

fn one_at_a_time() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The app as on a device whose platform language is `locale`.
fn app_in(locale: &str, storage: Option<Storage>) -> App {
    // Once per test thread; a second app in one test finds it set.
    let _ = init_headless();
    let app = App::new(AppConfig {
        storage,
        system_locales: vec![locale.to_string()],
        ..AppConfig::in_memory(5)
    })
    .unwrap();
    fit_window(&app);
    app
}

fn shows(app: &App, text: &str) -> bool {
    labels(app).iter().any(|l| l == text)
}

/// Picks a language on the settings screen, as its list does.
fn choose_language(app: &App, index: i32) {
    let settings = app.window().global::<SettingsAdapter>();
    settings.set_language_index(index);
    settings.invoke_language_chosen();
}

#[test]
fn switching_to_japanese_takes_effect_at_once_and_is_saved() {
    let _turn = one_at_a_time();
    let dir = fresh_dir("language-switch");
    let app = app_with_storage(&dir, 3);
    tap(&app, "Settings");
    assert_eq!(screen(&app), "settings");
    assert!(shows(&app, "Settings"), "{:?}", labels(&app));

    choose_language(&app, 2);
    assert!(
        shows(&app, "設定"),
        "the title in Japanese: {:?}",
        labels(&app)
    );
    assert!(!shows(&app, "Settings"));
    tap(&app, "戻る");
    assert_eq!(screen(&app), "home");
    // A Slint text and a Rust-made list (the variants' names) both changed.
    assert!(shows(&app, "設定"), "{:?}", labels(&app));
    let names: Vec<String> = (0..app
        .window()
        .global::<HomeAdapter>()
        .get_variants()
        .row_count())
        .filter_map(|i| {
            app.window()
                .global::<HomeAdapter>()
                .get_variants()
                .row_data(i)
        })
        .map(|item| item.name.to_string())
        .collect();
    assert!(names.contains(&"クラシック".to_string()), "{names:?}");
    assert!(!names.contains(&"Classic".to_string()));
    drop(app);

    // Saved: the next start is in Japanese, on an English platform.
    let again = app_with_storage(&dir, 3);
    assert!(shows(&again, "設定"), "{:?}", labels(&again));
    tap(&again, "設定");
    choose_language(&again, 1);
    assert!(shows(&again, "Settings"), "{:?}", labels(&again));
    assert!(!shows(&again, "設定"));
}

#[test]
fn system_follows_the_platform_language() {
    let _turn = one_at_a_time();
    let app = app_in("ja_JP.UTF-8", None);
    assert!(shows(&app, "設定"), "{:?}", labels(&app));
    tap(&app, "設定");
    let settings = app.window().global::<SettingsAdapter>();
    assert_eq!(settings.get_language_index(), 0, "the setting is System");
    // English chosen on a Japanese platform, then System again.
    choose_language(&app, 1);
    assert!(shows(&app, "Settings"));
    choose_language(&app, 0);
    assert!(shows(&app, "設定"));

    let app = app_in("de_DE", None);
    assert!(shows(&app, "Settings"), "a language the app lacks: English");
}

/// Words of three or more Latin letters that are not names: of the app,
/// of a language in itself, of file formats, of a site and its game
/// ("pbmserv", its "-small" game), of the licences, toolkit, people and
/// sites About credits. A code's text is letters, not words; a web
/// address and the commit the app was built from are not words either.
fn english_words(text: &str) -> Vec<String> {
    const KEPT: [&str; 20] = [
        "Flagfall",
        "English",
        "PDF",
        "PNG",
        "JPEG",
        "xml",
        "json",
        "Gravon",
        "gravon",
        "pbmserv",
        "small",
        "QR",
        "GNU",
        "GPL",
        "GFDL",
        "Slint",
        "Ludocity",
        "Jacob",
        "Steinberger",
        "Parkes",
    ];
    let text = match text.find("FLAGFALL:") {
        Some(code) => &text[..code],
        None => text,
    };
    let text = text.replace(flagfall::build_info::COMMIT, "");
    text.split(|c: char| c.is_whitespace() || "：（）".contains(c))
        .filter(|token| !token.contains("://"))
        .flat_map(|token| token.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|word| word.len() >= 3 && !KEPT.contains(word))
        .map(str::to_string)
        .collect()
}

/// The notices of the crates the app is built from, on their own screen,
/// which stay in the words their authors wrote (a licence is not ours to
/// translate), and Slint's attribution, as its AboutSlint widget draws it.
fn kept_in_its_own_words(screen: &str, label: &str) -> bool {
    const NOTICES: &str = include_str!("../licences/THIRD-PARTY-NOTICES.txt");
    // The screen joins the lines of hand-wrapped prose: compared with
    // every run of spaces and line breaks as one space.
    let squash = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let notice =
        screen == "about-notices" && label.len() > 20 && squash(NOTICES).contains(&squash(label));
    notice || label == "#MadeWithSlint" || label.starts_with("Version 1.")
}

#[test]
fn no_japanese_screen_shows_an_english_word() {
    let _turn = one_at_a_time();
    // The pictures, for people to look at (as tests/all/ui_screenshots.rs does
    // in English).
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots-ja");
    std::fs::create_dir_all(&folder).unwrap();
    // Every variant is looked at on its own thread, as many at once as the
    // machine has cores (each thread has its own headless Slint): they all
    // speak Japanese, and `one_at_a_time` keeps the other tests out.
    let variants: Mutex<Vec<_>> = Mutex::new(builtin().variants.iter().collect());
    let next = || variants.lock().unwrap().pop();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut problems: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores)
            .map(|_| {
                scope.spawn(|| {
                    let mut found = Vec::new();
                    while let Some(variant) = next() {
                        found.extend(japanese_screens_of(variant, &folder));
                    }
                    found
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} English texts on Japanese screens:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The English texts on `variant`'s screens in Japanese, each screen also
/// written as a picture at both sizes into `folder`.
fn japanese_screens_of(variant: &flagfall::core::Variant, folder: &std::path::Path) -> Vec<String> {
    let mut problems = Vec::new();
    let screens = SCREENS
        .iter()
        .chain(LINKED_SCREENS.iter())
        .filter(|s| variant.id == "classic" || !s.starts_with("referee"));
    for screen in screens {
        let app = app_in("ja", None);
        if let Err(e) = stage(&app, &variant.id, screen, 7) {
            // Only screens a variant does not have: a rescue without the
            // Rescue option, two devices for free setup.
            let absent = *screen == "rescue" && !variant.rules.rescue.offered
                || variant.id == "free" && LINKED_SCREENS.contains(screen);
            assert!(absent, "{} {screen} could not be staged: {e}", variant.id);
            continue;
        }
        for label in labels(&app) {
            if kept_in_its_own_words(screen, &label) {
                continue;
            }
            let words = english_words(&label);
            if !words.is_empty() {
                problems.push(format!("{} {screen}: {label:?} ({words:?})", variant.id));
            }
        }
        // A fresh app for each picture, staged at its own size, as
        // `flagfall screenshot --lang ja` does.
        for (width, height) in [(390, 844), (1280, 800)] {
            let app = App::new(AppConfig {
                system_locales: vec!["ja".to_string()],
                ..AppConfig::in_memory(5)
            })
            .unwrap();
            stage(&app, &variant.id, screen, 7).unwrap();
            let path = folder.join(format!("{}-{screen}-{width}x{height}.png", variant.id));
            write_png(&app, width, height, &path).unwrap();
        }
    }
    problems
}

/// A browser page as the app sees it: the languages it was told
/// (tests/all/ui_navigation.rs plays its Back button).
#[derive(Default)]
struct LanguageOfPage(std::cell::RefCell<Vec<String>>);

impl flagfall::platform::page::Page for LanguageOfPage {
    fn showing(&self, _can_go_back: bool, lang: &str) {
        self.0.borrow_mut().push(lang.to_owned());
    }

    fn reading(&self, _now: &str, _lines: &[String]) {}

    fn on_back(&self, _back: Box<dyn Fn() -> bool>) {}
}

#[test]
fn a_browser_page_s_language_follows_the_app_s() {
    let _turn = one_at_a_time();
    let _ = init_headless();
    let page = std::rc::Rc::new(LanguageOfPage::default());
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            page: Some(page.clone()),
            ..Default::default()
        },
        system_locales: vec!["en-GB".to_string()],
        ..AppConfig::in_memory(5)
    })
    .unwrap();
    fit_window(&app);
    tap(&app, "Settings");
    choose_language(&app, 2);
    assert_eq!(page.0.borrow().last().map(String::as_str), Some("ja"));
    choose_language(&app, 1);
    assert_eq!(page.0.borrow().last().map(String::as_str), Some("en"));
    choose_language(&app, 0);
}

#[test]
fn a_lesson_answers_in_japanese_when_the_app_speaks_it() {
    use flagfall::i18n::{Language, set_language};
    use flagfall::learn::{Answer, Tutor, builtin_lessons};
    let _turn = one_at_a_time();
    let lesson = builtin_lessons()
        .iter()
        .find(|l| l.id == "classic-move-and-attack")
        .cloned()
        .unwrap();
    set_language(Language::Japanese);
    let mut tutor = Tutor::new(lesson);
    let wrong = tutor.try_action(flagfall::core::Action::Move("e4-d4".parse().unwrap()));
    let illegal = tutor.try_action(flagfall::core::Action::Move("e4-f5".parse().unwrap()));
    set_language(Language::English);
    let Answer::Wrong { why } = wrong else {
        panic!("a legal move off the lesson was not answered as wrong: {wrong:?}");
    };
    assert!(why.starts_with("その手は指せますが"), "{why}");
    assert!(why.contains("大尉をe4からe5へ"), "{why}");
    let Answer::Illegal { why } = illegal else {
        panic!("a diagonal move was not refused: {illegal:?}");
    };
    assert!(why.contains("斜めには動けません"), "{why}");
}

/// Every step of every lesson fits at both sizes in Japanese too (issue
/// 82), before its move and after it: Japanese lines wrap differently, and
/// their font is another.
#[test]
fn every_step_of_every_lesson_fits_in_japanese() {
    use common::layout::problems;
    use common::ui::through_every_lesson;
    let _turn = one_at_a_time();
    let app = app_in("ja", None);
    let mut found = Vec::new();
    through_every_lesson(&app, |app, at| {
        let say = app
            .window()
            .global::<flagfall::app::LessonsAdapter>()
            .get_say();
        assert!(!say.is_ascii(), "{at} is not in Japanese: {say}");
        for (width, height) in [(390.0, 844.0), (1280.0, 800.0)] {
            app.window()
                .window()
                .set_size(slint::LogicalSize::new(width, height));
            for problem in problems(app, width, height) {
                found.push(format!("{at} {width}x{height}: {problem}"));
            }
        }
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
}
