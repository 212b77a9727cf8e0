//! A timed pass-and-play game through the real UI, on a hand-set time
//! source: the clock chosen on the home screen, both clocks on the play
//! screen with the running one marked, the hand-off screen eating no time,
//! and a player whose time runs out losing on every screen.

use crate::common;
use flagfall::games::DeviceGame;

use common::ui::*;
use flagfall::app::App;
use flagfall::core::Side;
use flagfall::platform::time_source::HandSet;
use std::sync::Arc;

/// The two clocks' labels, once each (the element query meets each Text
/// more than once).
fn clock_labels(app: &App) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for label in labels(app) {
        if label.starts_with("clock: ") && !out.contains(&label) {
            out.push(label);
        }
    }
    out
}

fn set_up(app: &App, side: Side) {
    hand_to(app, side);
    assert_eq!(screen(app), "setup");
    tap(app, "Fill for me");
    tap(app, "Ready");
}

/// The holder moves the first piece it can, by taps.
fn move_a_piece(app: &App) {
    let m = {
        let session = app.one_device();
        let session = session.as_ref().unwrap();
        session.view(session.holder()).unwrap().legal_moves[0]
    };
    tap_move(app, m);
}

#[test]
fn a_timed_game_between_two_players_on_one_device() {
    let time = Arc::new(HandSet::default());
    let app = app_on_time(9, time.clone(), None);
    tap(&app, "Clock: Blitz");
    assert!(
        labels(&app).iter().any(|l| l == "5 min + 3 s a move"),
        "the chosen control in words"
    );
    tap(&app, "Start pass-and-play");
    set_up(&app, Side::Red);
    pass_time(&time, 50.0);
    set_up(&app, Side::Blue);
    pass_time(&time, 50.0);
    hand_to(&app, Side::Red);
    assert_eq!(screen(&app), "play");
    assert_eq!(
        clock_labels(&app),
        ["clock: ▲ Red 5:00, running", "clock: ● Blue 5:00"],
        "setting up and the hand-off took none of it"
    );
    pass_time(&time, 20.0);
    assert_eq!(clock_labels(&app)[0], "clock: ▲ Red 4:40, running");
    move_a_piece(&app);
    assert_eq!(screen(&app), "handoff");
    pass_time(&time, 30.0);
    hand_to(&app, Side::Blue);
    assert_eq!(
        clock_labels(&app),
        ["clock: ▲ Red 4:43", "clock: ● Blue 5:00, running"],
        "Red's 3 s came back; Blue's clock runs from the reveal"
    );
    pass_time(&time, 299.9);
    assert_eq!(screen(&app), "play");
    pass_time(&time, 0.2);
    assert_eq!(screen(&app), "over");
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.contains("Red wins: Blue's time ran out")),
        "{:?}",
        labels(&app)
    );
    let outcome = app.one_device().unwrap().outcome().map(|o| o.to_string());
    assert_eq!(outcome.as_deref(), Some("Red wins: Blue's time ran out"));
}

#[test]
fn a_clock_of_ones_own_is_chosen_on_the_home_screen() {
    use flagfall::app::HomeAdapter;
    use flagfall::core::clock::{Bonus, TimeControl};
    use slint::ComponentHandle;
    let time = Arc::new(HandSet::default());
    let app = app_on_time(9, time, None);
    tap(&app, "Clock: Own");
    assert!(
        labels(&app).iter().any(|l| l == "Minutes each"),
        "the fields show"
    );
    let home = app.window().global::<HomeAdapter>();
    home.set_own_minutes(2);
    home.set_own_bonus_kind(2);
    home.set_own_bonus_seconds(5);
    tap(&app, "Opponent: Computer");
    tap(&app, "Start vs computer");
    {
        let game = app.one_device();
        assert_eq!(
            game.unwrap().options().time_control,
            Some(TimeControl::minutes(2, Bonus::Delay(5)))
        );
    }
    // A timed game is played as it went: a hint, but no take-back offered.
    tap(&app, "Fill for me");
    tap(&app, "Ready");
    assert_eq!(screen(&app), "play");
    assert!(labels(&app).iter().any(|l| l == "Hint"));
    assert!(!labels(&app).iter().any(|l| l == "Take back"));
}

#[test]
fn a_timed_game_between_two_devices() {
    use flagfall::core::Action;
    use flagfall::games::TwoDeviceGame;
    use std::time::Duration;
    let time = Arc::new(HandSet::default());
    let app = app_on_time(21, time.clone(), None);
    tap(&app, "Clock: Blitz");
    let invitation = invite_other_device(&app);
    // The other device (Blue) joins on its own clock.
    let mut blue = TwoDeviceGame::join(&invitation, 22).unwrap();
    common::ready_link(&mut blue);
    blue.set_time(Duration::ZERO);
    paste(&app, blue.code_on_show().unwrap());
    assert_eq!(screen(&app), "play");
    assert_eq!(
        clock_labels(&app),
        ["clock: ▲ Red 5:00, running", "clock: ● Blue 5:00"]
    );
    pass_time(&time, 10.0);
    let step = {
        let link = app.two_devices();
        let view = link.as_ref().unwrap().game().unwrap().view().unwrap();
        *view
            .legal_moves
            .iter()
            .find(|m| view.at(m.to).is_none())
            .unwrap()
    };
    tap_move(&app, step);
    assert_eq!(screen(&app), "link");
    // Blue's clock runs on Blue's device; here its time counts down once
    // the code's allowance (5 s) has passed, so that a device holding back
    // its code loses on time here too (issue 77).
    pass_time(&time, 15.0);
    tap(&app, "See the board");
    assert_eq!(
        clock_labels(&app),
        ["clock: ▲ Red 4:53", "clock: ● Blue 4:50, running"]
    );
    blue.read(&code_on_screen_after(&app)).unwrap();
    blue.set_time(Duration::from_secs(12));
    let view = blue.game().unwrap().view().unwrap();
    let reply = *view
        .legal_moves
        .iter()
        .find(|m| view.at(m.to).is_none())
        .unwrap();
    blue.play(Action::Move(reply)).unwrap();
    assert_eq!(screen(&app), "link");
    paste(&app, blue.code_on_show().unwrap());
    assert_eq!(screen(&app), "play");
    assert_eq!(
        clock_labels(&app),
        ["clock: ▲ Red 4:53, running", "clock: ● Blue 4:51"],
        "Blue's 12 s charged, its 3 s added"
    );
    assert_shows(&app, "news: Blue moved");
    assert!(
        labels(&app).iter().any(|l| l.contains(
            "Blue's device says its clock ran 0:12; 0:03 of your wait is unaccounted for"
        )),
        "{:?}",
        labels(&app)
    );
    // Red leaves the game to the menu: its clock runs on, and runs out.
    tap(&app, "Menu");
    pass_time(&time, 293.0);
    tap(&app, "Continue");
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.contains("Blue wins: Red's time ran out")),
        "{:?}",
        labels(&app)
    );
    // Red's device opened its setup: Blue finds the time used up too.
    let last = code_on_screen_after(&app);
    blue.read(&last).unwrap();
    let outcome = blue.game().unwrap().view().unwrap().outcome;
    assert_eq!(
        outcome.map(|o| o.to_string()).as_deref(),
        Some("Blue wins: Red's time ran out")
    );
}

/// The code the app shows on its codes screen (from wherever it is).
fn code_on_screen_after(app: &App) -> String {
    if screen(app) != "link" {
        tap(app, "Codes");
    }
    code_on_screen(app)
}
