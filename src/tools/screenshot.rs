//! `flagfall screenshot`: renders one screen of the real app headlessly
//! with Slint's software renderer and writes it as a PNG, so anyone can look
//! at the app without a display.

use super::lesson_walk;
use super::screenshot_linked::{LINKED_SCREENS, stage_linked};
use crate::app::{
    AboutAdapter, BoardAdapter, DealAdapter, FileChooserAdapter, GameOverAdapter, HandoffAdapter,
    HomeAdapter, PlayAdapter, PrintAdapter, RecordsAdapter, RefereeAdapter,
    RefereeChallengeAdapter, RefereeSetupAdapter, SetupAdapter, TableClockAdapter,
};
use crate::app::{App, AppConfig};
use crate::core::Position;
use crate::core::moves::Action;
use crate::core::playout::random_action;
use crate::core::side::Side;
use crate::core::variant::builtin;
use crate::games::DeviceGame;
use crate::games::Stage;
use crate::link::scan::photos::PhotoFolders;
use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slint::ComponentHandle;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The seed `flagfall screenshot` uses unless told another.
pub const DEFAULT_SEED: u64 = 7;

/// The screens the tool can show.
pub const SCREENS: [&str; 27] = [
    "home",
    "lessons",
    "lesson",
    "lesson-challenge",
    "rules",
    "settings",
    "about",
    "about-notices",
    "deal",
    "setup",
    "handoff",
    "play",
    "play-timed",
    "battle",
    "rule-note",
    "rescue",
    "over",
    "send-game",
    "read-code",
    "records",
    "choose-record",
    "print",
    "referee-setup",
    "referee",
    "referee-challenge",
    "table-clock",
    "table-clock-choose",
];

/// Installs the headless software-rendering platform (once per process).
pub fn init_headless() -> Result<(), String> {
    let backend = TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    });
    slint::platform::set_platform(Box::new(backend))
        .map_err(|e| format!("cannot start the headless renderer: {e}"))
}

/// Brings a fresh app to `screen` for `variant`, by the same callbacks a player's taps use.
pub fn stage(app: &App, variant: &str, screen: &str, seed: u64) -> Result<(), String> {
    let w = app.window();
    let index = builtin()
        .variants
        .iter()
        .position(|v| v.id == variant)
        .ok_or_else(|| format!("unknown variant \"{variant}\""))?;
    w.global::<HomeAdapter>()
        .invoke_select_variant(index as i32);
    match screen {
        "home" => return Ok(()),
        "rules" => {
            w.global::<HomeAdapter>().invoke_show_rules();
            return Ok(());
        }
        "settings" => {
            w.global::<HomeAdapter>().invoke_show_settings();
            return Ok(());
        }
        "lessons" => {
            w.global::<HomeAdapter>().invoke_open_lessons();
            return Ok(());
        }
        "lesson" => {
            // The variant's first lesson (classic's for a variant without
            // one), its hint asked for: the board marked, the answer shown.
            w.global::<HomeAdapter>().invoke_open_lessons();
            let lessons = crate::learn::all_lessons();
            let index = lessons
                .iter()
                .position(|l| l.variant_id() == Some(variant))
                .unwrap_or(0);
            let adapter = w.global::<crate::app::LessonsAdapter>();
            adapter.invoke_open(index as i32);
            adapter.invoke_hint();
            return Ok(());
        }
        "lesson-challenge" => {
            // The referee's lesson (Stratego go go, whatever the variant),
            // its first challenge settled: the verdict and what it shows.
            w.global::<HomeAdapter>().invoke_open_lessons();
            let (first, lesson) = crate::learn::all_lessons()
                .iter()
                .enumerate()
                .find_map(|(i, entry)| match entry {
                    crate::learn::LessonEntry::Challenge(lesson) => Some((i, lesson)),
                    _ => None,
                })
                .ok_or("there is no challenge lesson")?;
            let adapter = w.global::<crate::app::LessonsAdapter>();
            adapter.invoke_open(first as i32);
            let verdict = crate::learn::challenge_lesson::VERDICTS
                .iter()
                .position(|v| *v == lesson.steps[0].verdict)
                .ok_or("the first challenge's verdict is not offered")?;
            adapter.invoke_choose(verdict as i32);
            return Ok(());
        }
        "about" => {
            w.global::<HomeAdapter>().invoke_show_about();
            return Ok(());
        }
        "about-notices" => {
            w.global::<HomeAdapter>().invoke_show_about();
            w.global::<AboutAdapter>().invoke_show_notices();
            return Ok(());
        }
        "read-code" => {
            w.global::<HomeAdapter>().invoke_read_codes();
            return Ok(());
        }
        "records" => {
            w.global::<HomeAdapter>().invoke_open_record();
            return Ok(());
        }
        "choose-record" => {
            // The chooser lists the data folder; without one, an empty
            // folder (the current one would show whatever it holds).
            w.global::<HomeAdapter>().invoke_open_record();
            w.global::<RecordsAdapter>().invoke_choose_file();
            let folder = app.data_dir().unwrap_or_else(|| {
                let empty = std::env::temp_dir().join("flagfall-screenshot-empty-folder");
                let _ = std::fs::create_dir_all(&empty);
                empty
            });
            w.global::<FileChooserAdapter>()
                .invoke_open(folder.display().to_string().into());
            return Ok(());
        }
        "print" => {
            // The variant's board, or its rules sheet when it has no board.
            w.global::<HomeAdapter>().invoke_open_print();
            let printables = crate::print::printables();
            let board = format!("{variant}-board");
            let rules = format!("rules-{variant}");
            let chosen = printables
                .iter()
                .position(|p| p.name == board)
                .or_else(|| printables.iter().position(|p| p.name == rules));
            if let Some(i) = chosen {
                w.global::<PrintAdapter>().invoke_choose(i as i32);
            }
            return Ok(());
        }
        "referee-setup" | "referee" | "referee-challenge" => {
            stage_referee(app, screen);
            return Ok(());
        }
        "table-clock" | "table-clock-choose" => {
            // Started by the far player: the near clock runs.
            w.global::<HomeAdapter>().invoke_open_table_clock();
            let clock = w.global::<TableClockAdapter>();
            if screen == "table-clock" {
                clock.invoke_tap(1);
            } else {
                clock.invoke_open_chooser();
            }
            return Ok(());
        }
        "send-game" => {
            stage(app, variant, "play", seed)?;
            w.global::<PlayAdapter>().invoke_menu();
            w.global::<HomeAdapter>().invoke_send_game();
            return Ok(());
        }
        _ if LINKED_SCREENS.contains(&screen) => return stage_linked(app, screen, seed),
        _ if !SCREENS.contains(&screen) => {
            return Err(format!(
                "unknown screen \"{screen}\" (one of {}, {})",
                SCREENS.join(", "),
                LINKED_SCREENS.join(", ")
            ));
        }
        _ => {}
    }
    if screen == "rescue" {
        if !w.global::<HomeAdapter>().get_offers_rescue() {
            return Err(format!("{variant} has no Rescue option"));
        }
        w.global::<HomeAdapter>().set_rescue(true);
    }
    if screen == "play-timed" {
        // The quick game's clocks.
        w.global::<HomeAdapter>().set_clock_index(2);
    }
    w.global::<HomeAdapter>().invoke_start();
    w.global::<HandoffAdapter>().invoke_reveal();
    if screen == "deal" {
        if matches!(
            app.one_device().as_ref().map(|s| s.stage()),
            Some(Stage::Deal(_))
        ) {
            w.global::<DealAdapter>().invoke_choose(0);
        }
        return Ok(());
    }
    for _ in 0..2 {
        if matches!(
            app.one_device().as_ref().map(|s| s.stage()),
            Some(Stage::Deal(_))
        ) {
            w.global::<DealAdapter>().invoke_choose(0);
            w.global::<DealAdapter>().invoke_continue_to_setup();
        }
        if screen == "setup" {
            w.global::<SetupAdapter>().invoke_fill();
            // Leave a few pieces in the tray, as a player mid-setup has.
            for index in 0..4 {
                w.global::<BoardAdapter>().invoke_square_clicked(
                    index
                        + w.global::<BoardAdapter>().get_columns()
                            * (w.global::<BoardAdapter>().get_rows() - 1),
                );
                w.global::<SetupAdapter>().invoke_pick(0);
            }
            return Ok(());
        }
        w.global::<SetupAdapter>().invoke_fill();
        w.global::<SetupAdapter>().invoke_ready();
        w.global::<HandoffAdapter>().invoke_reveal();
    }
    if screen == "handoff" {
        w.global::<BoardAdapter>().invoke_square_clicked(0);
        return play_until(app, seed, Goal::Quiet, |app| {
            app.one_device()
                .as_ref()
                .is_some_and(|s| s.handoff().is_some())
        });
    }
    match screen {
        "play" | "play-timed" => play_until(app, seed, Goal::Quiet, |app| {
            app.one_device().as_ref().is_some_and(|s| {
                s.game().is_some_and(|g| g.actions().len() >= 12)
                    && s.handoff().is_none()
                    && !s.battle_on_show()
            })
        }),
        "battle" => play_until(app, seed, Goal::Battle, |app| {
            app.one_device()
                .as_ref()
                .is_some_and(|s| s.battle_on_show())
        }),
        // The battle with its rule explained, as a player meets it the
        // first time (none where the data folder says it was shown).
        "rule-note" => {
            play_until(app, seed, Goal::Battle, |app| {
                app.one_device()
                    .as_ref()
                    .is_some_and(|s| s.battle_on_show())
            })?;
            app.settle();
            Ok(())
        }
        "rescue" => play_until(app, seed, Goal::Rescue, |app| {
            app.one_device()
                .as_ref()
                .is_some_and(|s| s.view(s.holder()).is_some_and(|v| v.rescue_pending))
        }),
        "over" => {
            // A game that ends by itself shows its own ending; a long one is resigned.
            play_until(app, seed, Goal::Any, |app| {
                app.one_device().as_ref().is_some_and(|s| {
                    s.stage() == Stage::Over
                        || (s.game().is_some_and(|g| g.actions().len() >= 30)
                            && s.handoff().is_none()
                            && !s.battle_on_show())
                })
            })?;
            if app
                .one_device()
                .as_ref()
                .is_some_and(|s| s.stage() != Stage::Over)
            {
                w.global::<PlayAdapter>().invoke_resign();
                w.global::<PlayAdapter>().invoke_resign_answer(true);
            }
            w.global::<GameOverAdapter>().invoke_last();
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What the staged game is steered toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// Any action that does not end the game.
    Quiet,
    /// An attack as soon as one is legal.
    Battle,
    /// A piece onto the enemy's back row (after some captures, so there
    /// is a piece to rescue).
    Rescue,
    /// Uniformly random actions.
    Any,
}

/// A legal action toward `goal`: the best scored, ties broken at random.
/// Only `Goal::Any` may end the game.
fn steered_action(position: &Position, goal: Goal, rng: &mut ChaCha8Rng) -> Option<Action> {
    let mover = position.to_move();
    let back_row = match mover {
        Side::Red => position.variant().board.rows - 1,
        Side::Blue => 0,
    };
    let mut best: Option<(u32, Action)> = None;
    for action in position.legal_actions() {
        let mut after = position.clone();
        if after.play(action).is_err() || (goal != Goal::Any && after.outcome().is_some()) {
            continue;
        }
        let attack = match action {
            Action::Move(m) => position.piece_at(m.to).is_some(),
            _ => false,
        };
        let score = match (goal, action) {
            (Goal::Battle, _) if attack => 1000,
            (Goal::Rescue, _) if after.pending_rescue().is_some() => 10_000,
            (Goal::Rescue, Action::Move(m)) => {
                let ahead = u32::from(m.to.row.abs_diff(back_row));
                let behind = u32::from(m.from.row.abs_diff(back_row));
                // Forward steps first, attacks next (they fill the captured pile).
                100 * u32::from(ahead < behind) + 50 * u32::from(attack) + 20 * (20 - ahead.min(20))
            }
            _ => 0,
        } + rng.random_range(0..10);
        if best.is_none_or(|(top, _)| score > top) {
            best = Some((score, action));
        }
    }
    best.map(|(_, action)| action)
}

/// Plays actions toward `goal` (revealing hand-offs and battles) until `done`.
fn play_until(app: &App, seed: u64, goal: Goal, done: impl Fn(&App) -> bool) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buffer = Vec::new();
    for _ in 0..5000 {
        if done(app) {
            return Ok(());
        }
        let (handoff, battle, action) = {
            let session = app.one_device();
            let session = session.as_ref().ok_or("no game")?;
            let action = session.game().and_then(|g| match goal {
                Goal::Any => random_action(g.position(), &mut rng, &mut buffer),
                _ => steered_action(g.position(), goal, &mut rng),
            });
            (
                session.handoff().is_some(),
                session.battle_on_show(),
                action,
            )
        };
        if handoff {
            app.window().global::<HandoffAdapter>().invoke_reveal();
        } else if battle {
            app.window()
                .global::<PlayAdapter>()
                .invoke_battle_continue();
        } else if let Some(action) = action {
            app.with_game(|s| {
                let _ = s.game_mut().play(action);
            });
        } else {
            break;
        }
    }
    if done(app) {
        Ok(())
    } else {
        Err("the game could not be steered to that screen; try another --seed".into())
    }
}

/// Renders the app's window at `width` x `height` logical pixels, with its
/// animations at their end.
pub fn render(
    app: &App,
    width: u32,
    height: u32,
) -> Result<slint::SharedPixelBuffer<slint::Rgba8Pixel>, String> {
    let window = app.window().window();
    window.set_size(slint::LogicalSize::new(width as f32, height as f32));
    app.window().show().map_err(|e| e.to_string())?;
    // Animations (a battle's) start when their element first appears: make
    // every element appear, then let a second pass so the picture shows
    // their end, as a player sees it once they settle.
    let _ = i_slint_backend_testing::ElementQuery::from_root(app.window())
        .match_descendants()
        .find_all();
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_secs(1));
    window
        .take_snapshot()
        .map_err(|e| format!("cannot render: {e}"))
}

/// Renders the app's window at `width` x `height` logical pixels into a PNG file.
pub fn write_png(app: &App, width: u32, height: u32, path: &Path) -> Result<(), String> {
    let shot = render(app, width, height)?;
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), shot.width(), shot.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    // The "up" filter and fdeflate: quick (the UI tests write hundreds of screens).
    encoder.set_compression(png::Compression::Fastest);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(shot.as_bytes())
        .map_err(|e| e.to_string())
}

/// What `flagfall screenshot` is asked for: one screen of one variant at one
/// size, in one language, from an empty data folder or a player's.
pub struct Shot<'a> {
    pub variant: &'a str,
    pub screen: &'a str,
    pub width: u32,
    pub height: u32,
    pub seed: u64,
    pub out: &'a Path,
    pub lang: &'a str,
    /// A data folder to start from (its games show on home, and staging
    /// the screen writes to it as a player's taps would); none: in memory.
    pub data_dir: Option<&'a Path>,
    /// With the "lesson" screen: which lesson and step, or every stop of
    /// every lesson into the folder `out`.
    pub lesson: Option<LessonShot<'a>>,
}

/// Which lesson screens `flagfall screenshot --screen lesson --lesson ...`
/// shows.
pub enum LessonShot<'a> {
    /// One lesson (its id, as `flagfall lessons` lists them) at one step
    /// (from 1), before its answer or after it.
    One {
        id: &'a str,
        step: usize,
        solved: bool,
    },
    /// Every step of every lesson, before and after its answer, then the
    /// list: a picture each, named for it (`lesson_walk::Stop::file_name`).
    Every,
}

/// The whole command: one screen of one variant at one size.
pub fn screenshot(shot: &Shot) -> Result<(), String> {
    init_headless()?;
    if crate::i18n::Language::of_locale(shot.lang).is_none() {
        return Err(format!("no language \"{}\" (en or ja)", shot.lang));
    }
    // The codes screens as on a desktop with pictures and downloads folders.
    let photos = PhotoFolders::new(vec!["Pictures".into(), "Downloads".into()]);
    let storage = match shot.data_dir {
        Some(dir) => {
            Some(crate::store::Storage::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?)
        }
        None => None,
    };
    // As on a device whose language is `lang`, with the setting at "System".
    let app = App::new(AppConfig {
        platform: crate::app::Platform {
            photos: Some(Arc::new(photos)),
            ..Default::default()
        },
        system_locales: vec![shot.lang.to_string()],
        storage,
        ..AppConfig::in_memory(shot.seed)
    })
    .map_err(|e| e.to_string())?;
    match &shot.lesson {
        None => {
            stage(&app, shot.variant, shot.screen, shot.seed)?;
            write_png(&app, shot.width, shot.height, shot.out)
        }
        Some(_) if shot.screen != "lesson" => Err("--lesson goes with --screen lesson".into()),
        Some(lesson) => lesson_shots(&app, lesson, shot),
    }
}

/// The lesson screens `lesson` asks for, walked to as a learner would
/// (`lesson_walk`).
fn lesson_shots(app: &App, lesson: &LessonShot, shot: &Shot) -> Result<(), String> {
    let stops = lesson_walk::every_stop()?;
    let wanted = |stop: &lesson_walk::Stop| match *lesson {
        LessonShot::Every => true,
        LessonShot::One { id, step, solved } => {
            stop.lesson == id && stop.step == step && stop.answered == solved
        }
    };
    if let LessonShot::One { id, .. } = *lesson
        && !stops.iter().any(|stop| stop.lesson == id)
    {
        return Err(format!(
            "no lesson \"{id}\" (`flagfall lessons` lists them)"
        ));
    }
    let Some(last) = stops.iter().rposition(wanted) else {
        return Err("that lesson has no such step (steps count from 1)".into());
    };
    if matches!(lesson, LessonShot::Every) {
        std::fs::create_dir_all(shot.out).map_err(|e| format!("{}: {e}", shot.out.display()))?;
    }
    lesson_walk::start(app);
    for stop in &stops[..=last] {
        lesson_walk::go_to(app, stop)?;
        if !wanted(stop) {
            continue;
        }
        let out = match lesson {
            LessonShot::Every => shot.out.join(stop.file_name()),
            LessonShot::One { .. } => shot.out.to_path_buf(),
        };
        write_png(app, shot.width, shot.height, &out)?;
    }
    Ok(())
}

/// The arguments of `flagfall screenshot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// home, rules, settings, records, deal, setup, handoff, play, battle, rescue, over, send-game, read-code (and the two-device screens).
    #[arg(long)]
    pub screen: String,
    /// Window size in logical pixels, e.g. 390x844 (phone) or 1280x800 (tablet).
    #[arg(long, default_value = "390x844", value_parser = parse_size)]
    pub size: (u32, u32),
    #[arg(long)]
    pub out: PathBuf,
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The app's language: en or ja (as on a device in that language).
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// With `--screen lesson`: the lesson to show, by its id (`flagfall
    /// lessons` lists them), played to `--step` by its own hints; or "all":
    /// every step of every lesson, before and after its answer, as PNGs in
    /// the folder `--out`. Without it: the variant's first lesson, its hint
    /// shown.
    #[arg(long)]
    pub lesson: Option<String>,
    /// The lesson's step, from 1.
    #[arg(long, default_value_t = 1, requires = "lesson")]
    pub step: usize,
    /// The step once answered, with what it showed.
    #[arg(long, requires = "lesson")]
    pub solved: bool,
}

/// A window size written WIDTHxHEIGHT, each from 100 to 8000.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once('x')
        .ok_or("write the size as WIDTHxHEIGHT, e.g. 390x844")?;
    let number = |t: &str| t.parse::<u32>().ok().filter(|n| (100..=8000).contains(n));
    match (number(w), number(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!(
            "\"{text}\" is not a size from 100x100 to 8000x8000"
        )),
    }
}

/// `flagfall screenshot`: takes the shot (`screenshot`), from the data
/// folder `--data-dir` names if one is given.
pub fn run_command(args: Args, data_dir: Option<&Path>) -> ExitCode {
    let (width, height) = args.size;
    match screenshot(&Shot {
        variant: &args.variant,
        screen: &args.screen,
        width,
        height,
        seed: args.seed,
        out: &args.out,
        lang: &args.lang,
        data_dir,
        lesson: args.lesson.as_deref().map(|id| match id {
            "all" => LessonShot::Every,
            id => LessonShot::One {
                id,
                step: args.step,
                solved: args.solved,
            },
        }),
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("screenshot: {e}");
            ExitCode::from(2)
        }
    }
}

/// The Stratego go go referee mid-round: players of both teams on the
/// field, a challenge resolved, and (for the resolver) a challenge picked.
fn stage_referee(app: &App, screen: &str) {
    let w = app.window();
    w.global::<HomeAdapter>().invoke_open_referee();
    if screen == "referee-setup" {
        return;
    }
    w.global::<RefereeSetupAdapter>().invoke_start();
    let field = w.global::<RefereeAdapter>();
    for _ in 0..5 {
        field.invoke_enter(0);
    }
    for _ in 0..4 {
        field.invoke_enter(1);
    }
    field.invoke_challenge();
    let resolver = w.global::<RefereeChallengeAdapter>();
    resolver.set_challenger_role(6);
    resolver.set_challenged_role(5);
    resolver.invoke_changed();
    if screen == "referee-challenge" {
        return;
    }
    resolver.invoke_confirm();
}
