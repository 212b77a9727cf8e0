//! `flagfall screenshot`: renders one screen of the real app headlessly
//! with Slint's software renderer and writes it as a PNG, so anyone can look
//! at the app without a display.

use super::screenshot_linked::{LINKED_SCREENS, stage_linked};
use crate::app::{App, AppConfig};
use crate::core::playout::random_action;
use crate::core::variant::builtin;
use crate::session::Stage;
use crate::session::photos::PhotoFolders;
use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slint::ComponentHandle;
use std::path::Path;
use std::sync::Arc;

/// The screens the tool can show.
pub const SCREENS: [&str; 12] = [
    "home",
    "rules",
    "settings",
    "deal",
    "setup",
    "handoff",
    "play",
    "battle",
    "rescue",
    "over",
    "send-game",
    "read-code",
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
    w.invoke_select_variant(index as i32);
    match screen {
        "home" => return Ok(()),
        "rules" => {
            w.invoke_show_rules();
            return Ok(());
        }
        "settings" => {
            w.invoke_show_settings();
            return Ok(());
        }
        "read-code" => {
            w.invoke_read_codes();
            return Ok(());
        }
        "send-game" => {
            stage(app, variant, "play", seed)?;
            w.invoke_menu();
            w.invoke_send_game();
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
        if !w.get_offers_rescue() {
            return Err(format!("{variant} has no Rescue option"));
        }
        w.set_rescue(true);
    }
    w.invoke_start();
    w.invoke_reveal();
    if screen == "deal" {
        if matches!(
            app.session().as_ref().map(|s| s.stage()),
            Some(Stage::Deal(_))
        ) {
            w.invoke_deal_choose(0);
        }
        return Ok(());
    }
    for _ in 0..2 {
        if matches!(
            app.session().as_ref().map(|s| s.stage()),
            Some(Stage::Deal(_))
        ) {
            w.invoke_deal_choose(0);
            w.invoke_deal_continue();
        }
        if screen == "setup" {
            w.invoke_fill();
            // Leave a few pieces in the tray, as a player mid-setup has.
            for index in 0..4 {
                w.invoke_square_clicked(index + w.get_columns() * (w.get_rows() - 1));
                w.invoke_tray_pick(0);
            }
            return Ok(());
        }
        w.invoke_fill();
        w.invoke_ready();
        w.invoke_reveal();
    }
    if screen == "handoff" {
        w.invoke_square_clicked(0);
        return play_until(app, seed, |app| {
            app.session()
                .as_ref()
                .is_some_and(|s| s.handoff().is_some())
        });
    }
    match screen {
        "play" => play_until(app, seed, |app| {
            app.session().as_ref().is_some_and(|s| {
                s.game().is_some_and(|g| g.actions().len() >= 12)
                    && s.handoff().is_none()
                    && !s.battle_on_show()
            })
        }),
        "battle" => play_until(app, seed, |app| {
            app.session().as_ref().is_some_and(|s| s.battle_on_show())
        }),
        "rescue" => play_until(app, seed, |app| {
            app.session()
                .as_ref()
                .is_some_and(|s| s.view(s.holder()).is_some_and(|v| v.rescue_pending))
        }),
        "over" => {
            // A game that ends by itself shows its own ending; a long one is resigned.
            play_until(app, seed, |app| {
                app.session().as_ref().is_some_and(|s| {
                    s.stage() == Stage::Over
                        || (s.game().is_some_and(|g| g.actions().len() >= 30)
                            && s.handoff().is_none()
                            && !s.battle_on_show())
                })
            })?;
            if app
                .session()
                .as_ref()
                .is_some_and(|s| s.stage() != Stage::Over)
            {
                w.invoke_resign();
                w.invoke_resign_answer(true);
            }
            w.invoke_replay_last();
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Plays random moves (revealing hand-offs and battles) until `done`.
fn play_until(app: &App, seed: u64, done: impl Fn(&App) -> bool) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buffer = Vec::new();
    for _ in 0..5000 {
        if done(app) {
            return Ok(());
        }
        let (handoff, battle, action) = {
            let session = app.session();
            let session = session.as_ref().ok_or("no game")?;
            let action = session
                .game()
                .and_then(|g| random_action(g.position(), &mut rng, &mut buffer));
            (
                session.handoff().is_some(),
                session.battle_on_show(),
                action,
            )
        };
        if handoff {
            app.window().invoke_reveal();
        } else if battle {
            app.window().invoke_battle_continue();
        } else if let Some(action) = action {
            app.with_session(|s| {
                let _ = s.play(action);
            });
        } else {
            break;
        }
    }
    if done(app) {
        Ok(())
    } else {
        Err("the random game never reached that screen; try another --seed".into())
    }
}

/// Renders the app's window at `width` x `height` logical pixels.
pub fn render(
    app: &App,
    width: u32,
    height: u32,
) -> Result<slint::SharedPixelBuffer<slint::Rgba8Pixel>, String> {
    let window = app.window().window();
    window.set_size(slint::LogicalSize::new(width as f32, height as f32));
    app.window().show().map_err(|e| e.to_string())?;
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
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(shot.as_bytes())
        .map_err(|e| e.to_string())
}

/// The whole command: one screen of one variant at one size.
pub fn screenshot(
    variant: &str,
    screen: &str,
    width: u32,
    height: u32,
    seed: u64,
    out: &Path,
) -> Result<(), String> {
    init_headless()?;
    // The codes screens as on a desktop with pictures and downloads folders.
    let photos = PhotoFolders::new(vec!["Pictures".into(), "Downloads".into()]);
    let app = App::new(AppConfig {
        photos: Some(Arc::new(photos)),
        ..AppConfig::in_memory(seed)
    })
    .map_err(|e| e.to_string())?;
    stage(&app, variant, screen, seed)?;
    write_png(&app, width, height, out)
}
