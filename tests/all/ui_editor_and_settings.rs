//! The setup editor, draw offers, the menu and the memory-aid setting,
//! driven through the real UI's accessible labels.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::App;
use flagfall::app::SetupAdapter;
use flagfall::core::Side;
use slint::ComponentHandle;

fn label_of(app: &App, square: &str) -> String {
    labels(app)
        .into_iter()
        .find(|l| l.starts_with(&format!("{square}, ")))
        .unwrap_or_default()
}

fn fill_and_ready(app: &App, side: Side) {
    hand_to(app, side);
    tap(app, "Fill for me");
    tap(app, "Ready");
}

#[test]
fn setup_editor_places_swaps_turns_takes_back_saves_and_loads() {
    let app = new_app(21);
    tap(&app, "Domino Stratego");
    // Setups are kept by each player's name on a shared device.
    type_into(&app, "Red player's name", "Ana");
    type_into(&app, "Blue player's name", "Ben");
    tap(&app, "Start pass-and-play");
    tap(&app, "Pass the device to Ana (Red)");
    tap(&app, "Continue to setup");
    assert_eq!(screen(&app), "setup");

    // Tap a tray piece, then a square of the zone.
    // Distinct labels: the testing backend may visit an element more than once.
    let mut trays: Vec<String> = Vec::new();
    for label in labels(&app).into_iter().filter(|l| l.starts_with("tray: ")) {
        if !trays.contains(&label) {
            trays.push(label);
        }
    }
    assert_eq!(trays.len(), 24, "24 different stones to place");
    tap(&app, &trays[1]);
    tap(&app, "a1, empty, your zone");
    let first = label_of(&app, "a1");
    assert!(first.starts_with("a1, your stone "), "{first}");
    // A square outside the zone is refused with a reason.
    let next_tray = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("tray: "))
        .unwrap();
    tap(&app, &next_tray);
    tap(&app, "a5, empty");
    assert!(
        labels(&app).contains(&"illegal: a5 is not a free square of your setup zone".to_string()),
        "{:?}",
        labels(&app)
    );
    tap(&app, "b1, empty, your zone");
    let second = label_of(&app, "b1");

    // Tap two placed pieces: they swap.
    tap(&app, "a1, your");
    tap(&app, "b1, your");
    assert_eq!(label_of(&app, "a1").replace("a1", "b1"), second);
    assert_eq!(label_of(&app, "b1").replace("b1", "a1"), first);

    // Turn a stone round: its attack and defense swap.
    tap(&app, "b1, your");
    tap(&app, "Turn stone");
    let turned = label_of(&app, "b1");
    let face = |l: &str| {
        l.trim_end_matches(", selected")
            .rsplit(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let (before, after) = (face(&first), face(&turned));
    let flip = |f: &str| f.split('-').rev().collect::<Vec<_>>().join("-");
    assert_eq!(flip(&before), after, "{first} -> {turned}");

    // A placed piece, then the tray: it goes back. (b1 is still picked up.)
    let tray = labels(&app)
        .into_iter()
        .find(|l| l.starts_with("tray: "))
        .unwrap();
    tap(&app, &tray);
    assert_eq!(label_of(&app, "b1"), "b1, empty, your zone");

    // Fill the rest, save it under a name, clear, and load it back.
    tap(&app, "Fill for me");
    assert!(labels(&app).contains(&"setup complete".to_string()));
    let filled: std::collections::BTreeSet<String> = labels(&app)
        .into_iter()
        .filter(|l| l.contains(", your "))
        .collect();
    app.window()
        .global::<SetupAdapter>()
        .set_save_name("my wall".into());
    tap(&app, "Save");
    assert!(
        labels(&app).contains(&"Saved \"my wall\".".to_string()),
        "{:?}",
        labels(&app)
    );
    tap(&app, "Clear");
    assert!(labels(&app).iter().any(|l| l.starts_with("still to do: ")));
    tap(&app, "Load");
    let loaded: std::collections::BTreeSet<String> = labels(&app)
        .into_iter()
        .filter(|l| l.contains(", your "))
        .collect();
    assert_eq!(loaded, filled, "the saved setup comes back");
    assert!(labels(&app).contains(&"setup complete".to_string()));
}

/// The middle of the element labelled `label`, in the window.
fn centre_of(app: &App, label: &str) -> slint::LogicalPosition {
    let element =
        i_slint_backend_testing::ElementHandle::find_by_accessible_label(app.window(), label)
            .next()
            .unwrap_or_else(|| panic!("no {label:?} on screen; labels: {:?}", labels(app)));
    let (at, size) = (element.absolute_position(), element.size());
    slint::LogicalPosition::new(at.x + size.width / 2.0, at.y + size.height / 2.0)
}

/// A finger put on `from`, moved in steps to `to` and lifted there.
fn drag(app: &App, from: slint::LogicalPosition, to: slint::LogicalPosition) {
    use slint::platform::{PointerEventButton, WindowEvent};
    let window = app.window().window();
    let button = PointerEventButton::Left;
    window.dispatch_event(WindowEvent::PointerPressed {
        position: from,
        button,
    });
    for step in 1..=10 {
        let t = step as f32 / 10.0;
        let position =
            slint::LogicalPosition::new(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
        window.dispatch_event(WindowEvent::PointerMoved { position });
    }
    window.dispatch_event(WindowEvent::PointerReleased {
        position: to,
        button,
    });
}

/// A new pass-and-play game in a window of `size`, at Red's setup.
fn red_setup_at(size: (f32, f32), seed: u64) -> App {
    let app = new_app(seed);
    app.window()
        .window()
        .set_size(slint::LogicalSize::new(size.0, size.1));
    tap(&app, "Start pass-and-play");
    hand_to(&app, Side::Red);
    app
}

/// A piece dragged out of the tray lands on the square it is let go over,
/// on a tablet and on a phone (where the tray scrolls under the board); one
/// let go off the board is not placed.
#[test]
fn a_piece_dragged_from_the_tray_lands_where_it_is_let_go() {
    for size in [(1280.0, 800.0), (390.0, 844.0)] {
        let app = red_setup_at(size, 25);
        assert_eq!(screen(&app), "setup");
        let marshal = centre_of(&app, "tray: Marshal, 1 left");
        drag(&app, marshal, centre_of(&app, "a1, empty, your zone"));
        assert!(
            label_of(&app, "a1").starts_with("a1, your Marshal"),
            "at {size:?}: {}",
            label_of(&app, "a1")
        );
        assert!(!labels(&app).iter().any(|l| l.starts_with("tray: Marshal")));

        // Let go over the tray itself: nothing is placed.
        let general = centre_of(&app, "tray: General, 1 left");
        let beside = slint::LogicalPosition::new(general.x + 30.0, general.y + 2.0);
        drag(&app, general, beside);
        assert!(
            labels(&app)
                .iter()
                .any(|l| l.starts_with("tray: General, 1 left")),
            "at {size:?}"
        );
    }
}

#[test]
fn a_draw_offer_goes_to_the_other_player_who_may_accept() {
    let app = new_app(22);
    tap(&app, "Start pass-and-play");
    fill_and_ready(&app, Side::Red);
    fill_and_ready(&app, Side::Blue);
    hand_to(&app, Side::Red);
    tap(&app, "Offer draw");
    assert_eq!(screen(&app), "handoff");
    assert!(labels(&app).contains(&"Red offers a draw.".to_string()));
    hand_to(&app, Side::Blue);
    assert!(
        labels(&app).contains(&"Draw offered: Red offers a draw.".to_string()),
        "{:?}",
        labels(&app)
    );
    tap(&app, "Accept draw");
    assert_eq!(screen(&app), "over");
    assert!(
        labels(&app).contains(&"result: Draw by agreement".to_string()),
        "{:?}",
        labels(&app)
    );
}

#[test]
fn declining_a_draw_hands_the_device_back() {
    let app = new_app(23);
    tap(&app, "Start pass-and-play");
    fill_and_ready(&app, Side::Red);
    fill_and_ready(&app, Side::Blue);
    hand_to(&app, Side::Red);
    tap(&app, "Offer draw");
    hand_to(&app, Side::Blue);
    tap(&app, "Play on");
    hand_to(&app, Side::Red);
    assert!(labels(&app).contains(&"status: Red ▲: your turn".to_string()));
}

#[test]
fn the_menu_and_the_memory_aid_setting() {
    let app = new_app(24);
    tap(&app, "Start pass-and-play");
    fill_and_ready(&app, Side::Red);
    fill_and_ready(&app, Side::Blue);
    hand_to(&app, Side::Red);
    // Red moves a front-row piece forward.
    let m = {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(Side::Red).unwrap();
        *view
            .legal_moves
            .iter()
            .find(|m| m.to.row == 4)
            .expect("a move out of the zone")
    };
    tap(&app, &format!("{}, your", m.from));
    tap(&app, &format!("{}, empty", m.to));
    hand_to(&app, Side::Blue);
    assert!(
        label_of(&app, &m.to.to_string()).ends_with("enemy piece, has moved"),
        "memory aid marks moved pieces"
    );

    // The menu, then the settings: memory aid off.
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
    assert_no_pieces(&app);
    tap(&app, "Settings");
    tap(&app, "Memory aid");
    tap(&app, "Back");
    // Continue goes through the hand-off screen: the device may have changed hands.
    tap(&app, "Continue: ");
    hand_to(&app, Side::Blue);
    assert_eq!(
        label_of(&app, &m.to.to_string()),
        format!("{}, enemy piece", m.to)
    );
}

/// Each change on Settings is saved as it is made: an app stopped on the
/// screen (killed, never leaving it) starts with the change.
#[test]
fn a_setting_is_saved_as_it_changes() {
    use flagfall::app::SettingsAdapter;
    let dir = fresh_dir("saved-at-once");
    let app = app_with_storage(&dir, 3);
    tap(&app, "Settings");
    let settings = app.window().global::<SettingsAdapter>();
    assert!(settings.get_memory_aid(), "on by default");
    tap(&app, "Memory aid");
    settings.set_think_time_index(0);
    settings.invoke_changed();
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains("\"memory_aid\": false"), "{saved}");
    assert!(saved.contains("\"think_time\": \"quick\""), "{saved}");
    // No Back: the app stops on Settings (dropping it saves nothing, as a
    // kill would not).
    drop(app);
    let again = app_with_storage(&dir, 3);
    let settings = again.window().global::<SettingsAdapter>();
    assert!(!settings.get_memory_aid(), "still off after a restart");
    assert_eq!(settings.get_think_time_index(), 0);
}

#[test]
fn the_think_time_is_kept_and_saved() {
    use flagfall::app::SettingsAdapter;
    let dir = fresh_dir("think-time");
    let app = app_with_storage(&dir, 3);
    tap(&app, "Settings");
    let settings = app.window().global::<SettingsAdapter>();
    assert_eq!(settings.get_think_time_index(), 1, "Normal by default");
    settings.set_think_time_index(2);
    tap(&app, "Back");
    drop(app);
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains("\"think_time\": \"long\""), "{saved}");
    let again = app_with_storage(&dir, 3);
    let settings = again.window().global::<SettingsAdapter>();
    assert_eq!(settings.get_think_time_index(), 2, "Long after a restart");
}

/// The text size takes effect on every screen as it is picked, is saved at
/// once (no Back needed), and holds after a restart.
#[test]
fn the_text_size_takes_effect_at_once_and_is_kept() {
    use flagfall::app::{SettingsAdapter, Theme};
    let dir = fresh_dir("text-size");
    let app = app_with_storage(&dir, 3);
    let text = || app.window().global::<Theme>().get_text();
    let normal = text();
    tap(&app, "Settings");
    let settings = app.window().global::<SettingsAdapter>();
    assert_eq!(settings.get_text_size_index(), 0, "Normal by default");
    settings.set_text_size_index(2);
    settings.invoke_text_size_chosen();
    assert!(
        (text() / normal - 1.4).abs() < 1e-3,
        "{} then {}",
        normal,
        text()
    );
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains("\"text_size\": \"larger\""), "{saved}");
    drop(app);
    let again = app_with_storage(&dir, 3);
    assert_eq!(
        again
            .window()
            .global::<SettingsAdapter>()
            .get_text_size_index(),
        2
    );
    let larger = again.window().global::<Theme>().get_text();
    assert!(
        (larger / normal - 1.4).abs() < 1e-3,
        "{larger} after a restart"
    );
}

/// The first launch says what the app is for and how to begin, once: read,
/// it stays gone after a restart; a data folder with games skips it.
#[test]
fn the_first_launch_welcomes_once() {
    let dir = fresh_dir("welcome");
    let welcome = "Flagfall plays Stratego and its family";
    {
        let app = app_with_storage(&dir, 1);
        assert_shows(&app, welcome);
        assert_shows(&app, "To begin: Learn to play teaches each game");
        tap(&app, "Got it");
        assert!(!labels(&app).iter().any(|l| l.starts_with(welcome)));
    }
    let app = app_with_storage(&dir, 2);
    assert!(!labels(&app).iter().any(|l| l.starts_with(welcome)));
    drop(app);

    // A folder holding a game, from before the welcome: no welcome.
    let with_game = fresh_dir("welcome-games");
    {
        let app = app_with_storage(&with_game, 3);
        tap(&app, "Start pass-and-play");
    }
    let app = app_with_storage(&with_game, 4);
    assert_shows(&app, "Continue: ");
    assert!(!labels(&app).iter().any(|l| l.starts_with(welcome)));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&with_game);
}

/// A rank that runs out leaves its place in the tray empty, so the next
/// group stays under the finger for a quick second tap (issue 81).
#[test]
fn the_tray_keeps_its_places_as_ranks_run_out() {
    for size in [(1280.0, 800.0), (390.0, 844.0)] {
        let app = red_setup_at(size, 26);
        let general = centre_of(&app, "tray: General, 1 left");
        tap(&app, "tray: Marshal, 1 left");
        tap(&app, "a1, empty, your zone");
        assert!(labels(&app).iter().any(|l| l == "Marshal: all placed"));
        assert_eq!(
            centre_of(&app, "tray: General, 1 left"),
            general,
            "at {size:?}"
        );
        // The empty place picks nothing up.
        tap(&app, "Marshal: all placed");
        tap(&app, "b1, empty, your zone");
        assert_eq!(label_of(&app, "b1"), "b1, empty, your zone");
    }
}
