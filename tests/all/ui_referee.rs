//! The Stratego go go referee through the real UI: setting up a match, the
//! 8th entry refused, a challenge, a cluster, a flag touch refused for a Trap
//! and taken by a Worker, the next round; the resolver alone, for helpers;
//! and the sound device taken only while the referee is in use.

use crate::common;

use common::ui::*;
use flagfall::app::{App, AppConfig, RefereeAdapter, RefereeChallengeAdapter};
use flagfall::platform::Signal;
use flagfall::platform::clock_signals::Signals;
use slint::ComponentHandle;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

fn has_label(app: &App, label: &str) -> bool {
    labels(app).iter().any(|l| l == label)
}

fn message(app: &App) -> String {
    app.window()
        .global::<RefereeAdapter>()
        .get_message()
        .to_string()
}

fn verdict(app: &App) -> String {
    app.window()
        .global::<RefereeChallengeAdapter>()
        .get_verdict()
        .to_string()
}

#[test]
fn a_round_refereed_through_the_screens() {
    let app = new_app(5);
    tap(&app, "Stratego go go: referee");
    assert_eq!(screen(&app), "referee-setup");
    tap(&app, "Start the match");
    assert_eq!(screen(&app), "referee");
    assert!(
        has_label(&app, "Red: 23 at the base, 0 on the field, 0 lost"),
        "{:?}",
        labels(&app)
    );

    for _ in 0..7 {
        tap(&app, "Red player enters");
    }
    tap(&app, "Red player enters");
    assert_eq!(
        message(&app),
        "Red already has 7 players on the field, the limit"
    );
    assert!(has_label(
        &app,
        "Red: 16 at the base, 7 on the field, 0 lost"
    ));
    tap(&app, "Blue player enters");
    tap(&app, "Blue player enters");

    // Red's Assassin challenges Blue's Monarch.
    tap(&app, "Challenge");
    assert_eq!(screen(&app), "referee-challenge");
    tap(&app, "Challenger: Assassin 0");
    tap(&app, "Challenged: Monarch 9");
    assert_eq!(
        verdict(&app),
        "Assassin defeats the Monarch: the Monarch (Blue) is out."
    );
    tap(&app, "Confirm");
    assert_eq!(screen(&app), "referee");
    assert!(
        has_label(&app, "Blue: 21 at the base, 1 on the field, 1 lost"),
        "{:?}",
        labels(&app)
    );

    // A cluster of two Red players and one Blue: Red chooses first.
    tap(&app, "cluster, first team: more");
    tap(&app, "Resolve a cluster");
    let cluster = app
        .window()
        .global::<RefereeAdapter>()
        .get_cluster_text()
        .to_string();
    assert_eq!(
        cluster,
        "Red has 2 in the cluster to 1: Red chooses the first challenge."
    );
    tap(&app, "Next challenge of the cluster");
    tap(&app, "Challenger: Peer 8");
    tap(&app, "Challenged: Trap");
    assert_eq!(
        verdict(&app),
        "Trap defeats the Peer: the Peer (Red) is out."
    );
    tap(&app, "Confirm");
    let cluster = app
        .window()
        .global::<RefereeAdapter>()
        .get_cluster_text()
        .to_string();
    assert_eq!(cluster, "1 challenge resolved: Blue chooses the next.");
    tap(&app, "Cluster resolved: steps go on");
    assert!(
        has_label(&app, "Red: 16 at the base, 6 on the field, 1 lost"),
        "{:?}",
        labels(&app)
    );

    // A Trap may not take the flag; a Worker may.
    tap(&app, "Flag touched by Red");
    tap(&app, "Role: Trap");
    assert_eq!(
        verdict(&app),
        "A Trap may not take the flag: the round goes on."
    );
    assert!(
        !app.window()
            .global::<RefereeChallengeAdapter>()
            .get_can_confirm()
    );
    tap(&app, "Role: Worker 4");
    tap(&app, "Confirm: the round is theirs");
    assert_eq!(screen(&app), "referee");
    let summary = app
        .window()
        .global::<RefereeAdapter>()
        .get_summary()
        .to_string();
    assert!(
        summary.starts_with("Round 1: Red took the flag."),
        "{summary}"
    );
    assert!(summary.contains("Blue lost: Monarch 1."), "{summary}");
    tap(&app, "Next round");
    assert!(has_label(
        &app,
        "Blue: 23 at the base, 0 on the field, 0 lost"
    ));

    // The match waits under Continue.
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
    tap(&app, "Continue: Stratego go go (referee), round 2 of 3");
    assert_eq!(screen(&app), "referee");
}

#[test]
fn a_helper_uses_the_resolver_without_a_match() {
    let app = new_app(5);
    tap(&app, "Stratego go go: referee");
    tap(&app, "Challenge resolver only");
    assert_eq!(screen(&app), "referee-challenge");
    tap(&app, "Challenger: Engineer 0");
    tap(&app, "Challenged: Trap");
    assert_eq!(
        verdict(&app),
        "Engineer defeats the Trap: the Trap (the challenged) is out."
    );
    tap(&app, "Back");
    assert_eq!(screen(&app), "referee-setup");
}

/// Counts what the referee asks of the sound.
#[derive(Default)]
struct SoundLog {
    prepared: AtomicUsize,
    released: AtomicUsize,
}

impl Signals for SoundLog {
    fn prepare(&self) {
        self.prepared.fetch_add(1, Ordering::SeqCst);
    }
    fn release(&self) {
        self.released.fetch_add(1, Ordering::SeqCst);
    }
    fn call(&self, _: Signal) {}
    fn problem(&self) -> Option<String> {
        None
    }
}

fn sound_counts(log: &SoundLog) -> (usize, usize) {
    (
        log.prepared.load(Ordering::SeqCst),
        log.released.load(Ordering::SeqCst),
    )
}

#[test]
fn the_sound_device_is_taken_only_while_the_referee_is_in_use() {
    i_slint_backend_testing::init_no_event_loop();
    let log = Arc::new(SoundLog::default());
    let mut config = AppConfig::in_memory(5);
    config.platform.signals = Some(log.clone());
    let app = App::new(config).expect("the app window");
    fit_window(&app);
    assert_eq!(sound_counts(&log), (0, 0), "nothing is taken at start");

    tap(&app, "Stratego go go: referee");
    assert_eq!(sound_counts(&log), (1, 0), "opening the referee takes it");
    tap(&app, "Back");
    assert_eq!(sound_counts(&log), (1, 1), "no match started: let go");

    tap(&app, "Stratego go go: referee");
    tap(&app, "Start the match");
    tap(&app, "Menu");
    assert_eq!(sound_counts(&log), (2, 1), "a match in progress keeps it");
    tap(&app, "Continue: Stratego go go (referee), round 1 of 3");
    app.window().global::<RefereeAdapter>().invoke_end_match();
    assert_eq!(sound_counts(&log), (3, 2), "the match ended: let go");
    assert_eq!(screen(&app), "home");
}
