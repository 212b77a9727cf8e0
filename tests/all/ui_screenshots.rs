//! Every screen of every variant rendered headlessly (software renderer) at
//! phone and tablet sizes, as `flagfall screenshot` does. The pictures are
//! kept under the test's temporary folder for people to look at; the test
//! checks each one shows something (not a blank or single-colour window).

use flagfall::app::{App, AppConfig};
use flagfall::core::variant::builtin;
use flagfall::tools::screenshot::{DEFAULT_SEED, SCREENS, init_headless, render, stage, write_png};
use flagfall::tools::screenshot_linked::LINKED_SCREENS;
use std::collections::HashSet;
use std::path::PathBuf;

const SIZES: [(u32, u32); 2] = [(390, 844), (1280, 800)];

fn screens_of(variant: &str) -> Vec<&'static str> {
    let mut screens = vec![
        "home", "rules", "settings", "setup", "handoff", "play", "battle", "over",
    ];
    if ["domino", "piecepack"].contains(&variant) {
        screens.push("deal");
    }
    // Two-device play: the invitation, and the end with both armies checked.
    screens.extend(["invite", "link-over"]);
    if variant == "classic" {
        screens.extend([
            "rescue",
            "link-code",
            "link-board",
            "about",
            "about-notices",
        ]);
    }
    screens
}

fn render_all(variant: &str) {
    init_headless().unwrap();
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&folder).unwrap();
    for screen in screens_of(variant) {
        for (width, height) in SIZES {
            let app = App::new(AppConfig::in_memory(11)).unwrap();
            stage(&app, variant, screen, 11).unwrap_or_else(|e| panic!("{variant} {screen}: {e}"));
            let shot = render(&app, width, height).unwrap();
            assert_eq!((shot.width(), shot.height()), (width, height));
            let colours: HashSet<[u8; 4]> = shot
                .as_slice()
                .iter()
                .map(|p| [p.r, p.g, p.b, p.a])
                .collect();
            assert!(
                colours.len() > 12,
                "{variant} {screen} {width}x{height} looks blank ({} colours)",
                colours.len()
            );
            let path = folder.join(format!("{variant}-{screen}-{width}x{height}.png"));
            write_png(&app, width, height, &path).unwrap();
        }
    }
}

#[test]
fn classic_screens_render() {
    render_all("classic");
}

#[test]
fn small_screens_render() {
    render_all("small");
}

#[test]
fn barrage_screens_render() {
    render_all("barrage");
}

#[test]
fn duell_screens_render() {
    render_all("duell");
}

#[test]
fn domino_screens_render() {
    render_all("domino");
}

#[test]
fn piecepack_screens_render() {
    render_all("piecepack");
}

/// `flagfall screenshot` reaches every screen of every variant with its
/// default seed: the game is steered there, not left to chance.
#[test]
fn every_screen_is_reached_with_the_default_seed() {
    init_headless().unwrap();
    for variant in &builtin().variants {
        for screen in SCREENS.iter().chain(LINKED_SCREENS.iter()) {
            let app = App::new(AppConfig::in_memory(DEFAULT_SEED)).unwrap();
            let staged = stage(&app, &variant.id, screen, DEFAULT_SEED);
            let rescue_offered = variant.rules.rescue.offered;
            let linked = LINKED_SCREENS.contains(screen);
            match staged {
                Err(e) if *screen == "rescue" && !rescue_offered => {
                    assert!(e.contains("no Rescue option"), "{}: {e}", variant.id)
                }
                // Free setup is played on one device only.
                Err(e) if linked && variant.setup.anywhere => {
                    assert!(e.contains("cannot be played between two devices"), "{e}")
                }
                Err(e) => panic!("{} {screen}: {e}", variant.id),
                Ok(()) => {}
            }
        }
    }
}
