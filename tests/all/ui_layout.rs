//! Every screen of every variant laid out at phone (390x844) and tablet
//! (1280x800) sizes, with a data folder holding games in progress of every
//! kind and finished games, as a player's does (issue 47): no element
//! reaches out of the window (a scrolling area may reach past its top or
//! bottom, never its sides), no two texts are drawn over each other, on a
//! phone every element can be scrolled into view, and the board stands
//! still while its screen changes state.

use crate::common;

use common::fresh_dir;
use common::layout::{Rect, board_rect, out_of_reach, problems};
use common::ui::*;
use flagfall::app::{App, AppConfig, BoardAdapter, PlayAdapter};
use flagfall::core::variant::builtin;
use flagfall::store::Storage;
use flagfall::tools::screenshot::{init_headless, stage};
use flagfall::tools::screenshot_linked::LINKED_SCREENS;
use slint::ComponentHandle;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const SIZES: [(f32, f32); 2] = [(390.0, 844.0), (1280.0, 800.0)];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1")
}

/// A data folder as a player's looks after a while: pass-and-play games of
/// three variants (one still setting up), a game against the computer, a
/// two-device game, a referee's match, and finished games. Made once.
fn lived_in_folder() -> &'static Path {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        let dir = fresh_dir("layout-lived-in");
        let storage = Storage::open(&dir).unwrap();
        for (fixture, variant) in [
            ("in-progress-classic.json", "classic"),
            ("in-progress-domino.json", "domino"),
            ("in-progress-piecepack-setup.json", "piecepack"),
        ] {
            std::fs::copy(
                fixtures().join(fixture),
                dir.join(format!("in-progress/pass-and-play-{variant}.json")),
            )
            .unwrap();
        }
        common::keep_linked_and_finished_fixtures(&storage, &dir);
        for (variant, seed) in [("small", 1), ("duell", 2), ("ultimate-lightning", 3)] {
            flagfall::tools::autoplay::autoplay(&dir, variant, seed, 100_000, &mut std::io::sink())
                .unwrap();
        }
        // Against the computer, and a referee's match, through the screens.
        let app = app_in(&dir);
        // Tall enough that nothing on home is scrolled out of reach.
        set_size(&app, (1280.0, 6000.0));
        tap(&app, "Ultimate Lightning");
        tap(&app, "Opponent: Computer");
        tap(&app, "Your side: Blue");
        tap(&app, "Start vs computer");
        tap(&app, "Fill for me");
        tap(&app, "Ready");
        tap(&app, "Menu");
        tap(&app, "Stratego go go: referee");
        tap(&app, "Start the match");
        tap(&app, "Menu");
        assert_eq!(screen(&app), "home");
        dir
    })
}

/// The app on a copy of the lived-in folder.
fn lived_in_app(name: &str) -> App {
    let dir = fresh_dir(&format!("layout-{name}"));
    copy_folder(lived_in_folder(), &dir);
    app_in(&dir)
}

/// A share sheet, as on Android, so that the codes screens are laid out
/// with every button they can have.
struct NoShareSheet;

impl flagfall::platform::share::ShareSheet for NoShareSheet {
    fn share_text(
        &self,
        _title: &str,
        _text: &str,
    ) -> Result<(), flagfall::platform::share::ShareError> {
        Ok(())
    }

    fn share_file(
        &self,
        _title: &str,
        _address: &str,
        _mime: &str,
    ) -> Result<(), flagfall::platform::share::ShareError> {
        Ok(())
    }
}

/// "Open the folder" that opens nothing, so that the screens are laid out
/// with the folder's buttons too.
fn open_no_folder(_folder: &Path) -> std::io::Result<()> {
    Ok(())
}

fn app_in(dir: &Path) -> App {
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            share: Some(std::sync::Arc::new(NoShareSheet)),
            ..Default::default()
        },
        open_folder: Some(open_no_folder),
        storage: Some(Storage::open(dir).unwrap()),
        ..AppConfig::in_memory(11)
    })
    .unwrap();
    fit_window(&app);
    app
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn set_size(app: &App, (width, height): (f32, f32)) {
    app.window()
        .window()
        .set_size(slint::LogicalSize::new(width, height));
}

/// The screens a variant has, as `flagfall screenshot` names them.
fn screens_of(variant: &str) -> Vec<&'static str> {
    let mut screens = vec![
        "home", "rules", "settings", "setup", "handoff", "play", "battle", "over",
    ];
    if ["domino", "piecepack"].contains(&variant) {
        screens.push("deal");
    }
    if variant != "free" {
        // Free setup has no lesson of its own (it opens classic's).
        screens.extend(["invite", "link-over", "lesson"]);
    }
    if variant == "classic" {
        screens.extend(CLASSIC_TWO_DEVICES);
        screens.extend(CLASSIC_TOOLS);
        screens.extend(CLASSIC_AT_THE_TABLE);
    }
    screens
}

/// The screens only classic is laid out with, in three tests of their own
/// so that the longest variant's checks run beside the others.
const CLASSIC_TWO_DEVICES: [&str; 6] = [
    "rescue",
    "rule-note",
    "link-code",
    "link-board",
    "send-game",
    "read-code",
];
const CLASSIC_TOOLS: [&str; 9] = [
    "lessons",
    "lesson-challenge",
    "about",
    "about-notices",
    "records",
    "choose-record",
    "print",
    "referee-setup",
    "referee",
];
const CLASSIC_AT_THE_TABLE: [&str; 4] = [
    "referee-challenge",
    "table-clock",
    "table-clock-choose",
    "play-timed",
];

/// Every screen of `variant` fits, but classic's own (the three tests of those).
fn check_variant(variant: &str) {
    let classic_only: Vec<&str> = [
        &CLASSIC_TWO_DEVICES[..],
        &CLASSIC_TOOLS,
        &CLASSIC_AT_THE_TABLE,
    ]
    .concat();
    let screens: Vec<&str> = screens_of(variant)
        .into_iter()
        .filter(|screen| !classic_only.contains(screen))
        .collect();
    check_screens(variant, &screens);
}

fn check_screens(variant: &str, screens: &[&str]) {
    init_headless().unwrap();
    let mut found = Vec::new();
    for &screen in screens {
        let app = lived_in_app(&format!("{variant}-{screen}"));
        stage(&app, variant, screen, 11).unwrap_or_else(|e| panic!("{variant} {screen}: {e}"));
        for size in SIZES {
            set_size(&app, size);
            for problem in problems(&app, size.0, size.1) {
                found.push(format!(
                    "{variant} {screen} {}x{}: {problem}",
                    size.0, size.1
                ));
            }
        }
        // On a phone, everything on the screen can be scrolled into view.
        let (width, height) = SIZES[0];
        for label in out_of_reach(&app, width, height) {
            found.push(format!(
                "{variant} {screen} {width}x{height}: {label} cannot be scrolled into view"
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn classic_screens_fit() {
    check_variant("classic");
}

#[test]
fn classic_two_device_screens_fit() {
    check_screens("classic", &CLASSIC_TWO_DEVICES);
}

#[test]
fn classic_tool_screens_fit() {
    check_screens("classic", &CLASSIC_TOOLS);
}

#[test]
fn classic_screens_at_the_table_fit() {
    check_screens("classic", &CLASSIC_AT_THE_TABLE);
}

#[test]
fn small_screens_fit() {
    check_variant("small");
}

#[test]
fn barrage_screens_fit() {
    check_variant("barrage");
}

#[test]
fn duell_screens_fit() {
    check_variant("duell");
}

#[test]
fn ultimate_lightning_screens_fit() {
    check_variant("ultimate-lightning");
}

#[test]
fn free_setup_screens_fit() {
    check_variant("free");
}

#[test]
fn domino_screens_fit() {
    check_variant("domino");
}

#[test]
fn piecepack_screens_fit() {
    check_variant("piecepack");
}

#[test]
fn every_variant_is_checked() {
    let checked = [
        "classic",
        "small",
        "barrage",
        "duell",
        "ultimate-lightning",
        "free",
        "domino",
        "piecepack",
    ];
    for variant in &builtin().variants {
        assert!(checked.contains(&variant.id.as_str()), "{}", variant.id);
    }
    assert!(LINKED_SCREENS.contains(&"link-board"));
}

/// On a phone, every two-device screen that shows a code has the code,
/// "Copy the code's text" and (while it reads codes) "Paste and read" in
/// view whole without scrolling (issue 64: they were below the fold).
#[test]
fn a_phone_shows_the_code_and_its_buttons_without_scrolling() {
    init_headless().unwrap();
    let (width, height) = SIZES[0];
    let mut found = Vec::new();
    for (variant, screen) in [
        ("classic", "invite"),
        ("classic", "link-code"),
        ("classic", "send-game"),
        ("classic", "link-timed"),
        ("domino", "invite"),
        ("piecepack", "invite"),
        ("classic", "read-code"),
    ] {
        let app = lived_in_app(&format!("codes-in-view-{variant}-{screen}"));
        stage(&app, variant, screen, 11).unwrap();
        if screen == "link-timed" {
            // The board first (the player's turn): the codes a tap away.
            app.window().global::<PlayAdapter>().invoke_codes();
        }
        set_size(&app, (width, height));
        let seen = common::layout::in_view(&app, height);
        let shown = |start: &str| seen.iter().any(|what| what.contains(&format!("\"{start}")));
        let mut wanted = vec!["Paste and read"];
        if screen != "read-code" {
            wanted.extend(["QR code", "Copy the code's text"]);
        }
        if screen == "send-game" {
            // A game moved away reads no codes.
            wanted.retain(|w| *w != "Paste and read");
        }
        for label in wanted {
            if !shown(label) {
                found.push(format!("{variant} {screen}: {label:?} is not in view"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The board's place at both sizes.
fn board_at_both_sizes(app: &App) -> Vec<Option<Rect>> {
    SIZES
        .iter()
        .map(|size| {
            set_size(app, *size);
            board_rect(app)
        })
        .collect()
}

#[test]
fn the_board_stands_still_when_a_message_comes_and_goes() {
    init_headless().unwrap();
    for variant in ["classic", "domino"] {
        let app = lived_in_app(&format!("still-{variant}"));
        stage(&app, variant, "play", 11).unwrap();
        let quiet = board_at_both_sizes(&app);
        assert!(quiet.iter().all(Option::is_some), "{variant}: no board");
        let board = app.window().global::<BoardAdapter>();
        board.set_error("a Flag never moves: it stays where it was set up".into());
        let play = app.window().global::<PlayAdapter>();
        play.set_notice("Blue's scout moved from e7 to e5, and then the whole line wraps".into());
        assert_eq!(
            board_at_both_sizes(&app),
            quiet,
            "{variant}: the board moved for a message"
        );
        play.set_rescue_placing(true);
        assert_eq!(
            board_at_both_sizes(&app),
            quiet,
            "{variant}: the board moved for the rescue line"
        );

        let app = lived_in_app(&format!("still-setup-{variant}"));
        stage(&app, variant, "setup", 11).unwrap();
        let half_done = board_at_both_sizes(&app);
        app.window()
            .global::<BoardAdapter>()
            .set_error("that square is not in your setup zone".into());
        assert_eq!(
            board_at_both_sizes(&app),
            half_done,
            "{variant}: the setup board moved for a message"
        );
    }
}

/// Where the element labelled `label` stands at each of `SIZES`.
fn button_at_both_sizes(app: &App, label: &str) -> Vec<(f32, f32)> {
    use i_slint_backend_testing::ElementHandle;
    SIZES
        .iter()
        .map(|size| {
            set_size(app, *size);
            let button = ElementHandle::find_by_accessible_label(app.window(), label)
                .next()
                .unwrap_or_else(|| panic!("no {label:?}"));
            let at = button.absolute_position();
            (at.x, at.y)
        })
        .collect()
}

#[test]
fn the_referees_buttons_stand_still_when_a_message_comes_and_goes() {
    use flagfall::app::RefereeAdapter;
    init_headless().unwrap();
    let app = lived_in_app("referee-still");
    // The lived-in folder holds a match: the referee's screen opens on it.
    stage(&app, "classic", "referee-setup", 11).unwrap();
    assert_eq!(screen(&app), "referee");
    let places = |app: &App| button_at_both_sizes(app, "Red player enters");
    let referee = app.window().global::<RefereeAdapter>();
    referee.set_message("Tap the countdown to start the round.".into());
    let with_message = places(&app);
    // The longest verdict there is, with the longest names a team may have.
    for message in [
        "",
        "Blacksmith and Blacksmith are equal: both are out, the Blacksmith (Salamanders) \
         and the Blacksmith (Nightingales).",
    ] {
        referee.set_message(message.into());
        assert_eq!(
            places(&app),
            with_message,
            "the buttons moved when the message became {message:?}"
        );
    }
}

/// The home screen fits with each choice of opponent (each brings its own
/// options and Start buttons).
#[test]
fn home_fits_with_each_opponent() {
    init_headless().unwrap();
    let app = lived_in_app("home-opponents");
    let mut found = Vec::new();
    for opponent in ["Computer", "Other device", "Pass and play"] {
        set_size(&app, (1280.0, 6000.0));
        tap(&app, &format!("Opponent: {opponent}"));
        for size in SIZES {
            set_size(&app, size);
            for problem in problems(&app, size.0, size.1) {
                found.push(format!("{opponent} {}x{}: {problem}", size.0, size.1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The buttons a player taps next stay put when a message comes (issue 64:
/// Next moved up when "Save record" answered, "Save the PDF" when "Saved
/// to…" came, the codes' buttons under "Copied", "Use this time control"
/// when a bonus was chosen), and when a saved file brings "Open the folder"
/// and "Share" (issue 81: they squeezed Save record and Menu, and shifted
/// Save the picture), and when Settings says every rule will be explained
/// again.
#[test]
fn buttons_stand_still_when_a_message_comes_and_goes() {
    use flagfall::app::{
        CodesAdapter, GameOverAdapter, PrintAdapter, SettingsAdapter, TableClockAdapter,
    };
    init_headless().unwrap();
    let long = "Saved to /home/a-player-with-a-long-name/Documents/Flagfall/\
                flagfall-classic-board-a4.pdf. Print it at actual size (100%).";
    let mut moved = Vec::new();
    let mut check = |what: &str, app: &App, labels: &[&str], change: &dyn Fn()| {
        let before: Vec<_> = labels
            .iter()
            .map(|l| button_at_both_sizes(app, l))
            .collect();
        change();
        let after: Vec<_> = labels
            .iter()
            .map(|l| button_at_both_sizes(app, l))
            .collect();
        if before != after {
            moved.push(format!("{what}: {before:?} became {after:?}"));
        }
    };

    let app = lived_in_app("still-replay");
    stage(&app, "classic", "over", 11).unwrap();
    check(
        "replay",
        &app,
        &["next move", "Save record", "Menu"],
        &|| {
            let over = app.window().global::<GameOverAdapter>();
            over.set_export_status(long.into());
            over.set_can_open_folder(true);
            over.set_can_share_file(true);
        },
    );

    let app = lived_in_app("still-print");
    stage(&app, "classic", "print", 11).unwrap();
    check("print", &app, &["Save the PDF"], &|| {
        let print = app.window().global::<PrintAdapter>();
        print.set_message(long.into());
        print.set_can_open_folder(true);
        print.set_can_share_file(true);
    });

    for screen in ["invite", "link-code", "read-code"] {
        let app = lived_in_app(&format!("still-{screen}"));
        stage(&app, "classic", screen, 11).unwrap();
        let mut labels = vec!["Paste and read"];
        if screen != "read-code" {
            labels.extend(["Copy the code's text", "Save the picture"]);
        }
        check(screen, &app, &labels, &|| {
            let codes = app.window().global::<CodesAdapter>();
            codes.set_action_status(long.into());
            codes.set_can_open_folder(true);
            codes.set_can_share_picture(true);
            codes.set_read_status(
                "Not read: this is code number 5, but code number 3 comes first; read that one."
                    .into(),
            );
        });
    }

    // Issue 82: "Explain them all again" answered with a line beside it,
    // which pushed the rows below down by a pixel.
    let app = lived_in_app("still-settings");
    stage(&app, "classic", "settings", 11).unwrap();
    check("settings", &app, &["About Flagfall"], &|| {
        let settings = app.window().global::<SettingsAdapter>();
        settings.set_notes_forgotten(true);
    });

    let app = lived_in_app("still-table-clock");
    stage(&app, "classic", "table-clock-choose", 11).unwrap();
    check("table clock", &app, &["Use this time control"], &|| {
        let clock = app.window().global::<TableClockAdapter>();
        clock.set_custom_bonus_kind(if clock.get_custom_bonus_kind() == 0 {
            1
        } else {
            0
        });
    });
    assert!(moved.is_empty(), "{}", moved.join("\n"));
}

/// Each player's setup has its buttons in the same place (issue 64: Fill
/// stood lower for Blue in Barrage).
#[test]
fn setup_buttons_stand_where_they_stood_for_the_other_player() {
    use flagfall::app::{HandoffAdapter, SetupAdapter};
    init_headless().unwrap();
    for variant in ["barrage", "classic", "domino", "piecepack"] {
        let app = lived_in_app(&format!("setup-both-{variant}"));
        stage(&app, variant, "setup", 11).unwrap();
        let red = button_at_both_sizes(&app, "Fill for me");
        let w = app.window();
        w.global::<SetupAdapter>().invoke_fill();
        w.global::<SetupAdapter>().invoke_ready();
        w.global::<HandoffAdapter>().invoke_reveal();
        if screen(&app) == "deal" {
            w.global::<flagfall::app::DealAdapter>().invoke_choose(0);
            w.global::<flagfall::app::DealAdapter>()
                .invoke_continue_to_setup();
        }
        assert_eq!(screen(&app), "setup", "{variant}");
        let blue = button_at_both_sizes(&app, "Fill for me");
        assert_eq!(
            red, blue,
            "{variant}: Fill for me moved between Red and Blue"
        );
    }
}

/// On the challenge screen Confirm stays put whatever the verdict says.
#[test]
fn the_referees_confirm_stands_still_whatever_the_verdict() {
    use flagfall::app::RefereeChallengeAdapter;
    init_headless().unwrap();
    let app = lived_in_app("referee-confirm-still");
    stage(&app, "classic", "referee-challenge", 11).unwrap();
    let resolver = app.window().global::<RefereeChallengeAdapter>();
    let places = |app: &App| button_at_both_sizes(app, "Confirm");
    resolver.set_verdict("Pick both roles.".into());
    let first = places(&app);
    for verdict in [
        "Monarch defeats the Worker: the Worker (Blue) is out.",
        "Blacksmith and Blacksmith are equal: both are out, the Blacksmith (Salamanders) \
         and the Blacksmith (Nightingales).",
    ] {
        resolver.set_verdict(verdict.into());
        assert_eq!(places(&app), first, "Confirm moved for {verdict:?}");
    }
}

#[test]
fn the_board_names_its_edges_from_the_viewers_side() {
    use flagfall::core::Side;
    use slint::Model;
    let app = new_app(4);
    tap(&app, "Start pass-and-play");
    for side in Side::BOTH {
        hand_to(&app, side);
        tap(&app, "Fill for me");
        tap(&app, "Ready");
    }
    let edges = |app: &App| {
        let board = app.window().global::<BoardAdapter>();
        let texts = |m: slint::ModelRc<slint::SharedString>| -> String {
            m.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        (texts(board.get_files()), texts(board.get_ranks()))
    };
    hand_to(&app, Side::Red);
    let red = edges(&app);
    assert_eq!(red.0, "a b c d e f g h i j");
    assert_eq!(red.1, "10 9 8 7 6 5 4 3 2 1");
    let m = {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(Side::Red).unwrap();
        *view.legal_moves.first().unwrap()
    };
    tap(&app, &format!("{}, your", m.from));
    tap(&app, &format!("{}, ", m.to));
    hand_to(&app, Side::Blue);
    let blue = edges(&app);
    assert_eq!(blue.0, "j i h g f e d c b a");
    assert_eq!(blue.1, "1 2 3 4 5 6 7 8 9 10");
}

/// A phone on its side (844x390) and the smallest one either way up
/// (480x320): the home screen's Start is whole in view on a first launch,
/// welcome card and all (issue 78: it was drawn below the window's edge).
#[test]
fn a_phone_on_its_side_shows_start_whole() {
    init_headless().unwrap();
    let mut found = Vec::new();
    for (width, height) in [(844.0, 390.0), (480.0, 320.0), (320.0, 480.0)] {
        let app = App::new(AppConfig::in_memory(3)).unwrap();
        set_size(&app, (width, height));
        let seen = common::layout::in_view(&app, height);
        if !seen
            .iter()
            .any(|what| what.contains("\"Start pass-and-play"))
        {
            found.push(format!(
                "{width}x{height}: Start is not whole in view: {seen:?}"
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Every step of every lesson fits at both sizes (issue 82), before its
/// move and after it, when the answer's text is longest: each lesson
/// played through by its own hints, as a learner would, then the
/// referee's challenges (in Japanese: `tests/ui_language.rs`).
#[test]
fn every_step_of_every_lesson_fits() {
    init_headless().unwrap();
    let app = lived_in_app("lessons-every-step");
    let mut found = Vec::new();
    through_every_lesson(&app, |app, at| {
        for size in SIZES {
            set_size(app, size);
            for problem in problems(app, size.0, size.1) {
                found.push(format!("{at} {}x{}: {problem}", size.0, size.1));
            }
        }
    });
    assert!(found.is_empty(), "{}", found.join("\n"));
}
