//! Two-device play through the real UI: one app invites, another reads the
//! invitation and answers, and the two go on by reading each other's codes
//! (pasted as text) until the end, when each checks the other's claims.
//! A game in progress survives the app being closed.

use crate::common;

use common::fresh_dir;
use common::ui::*;
use flagfall::app::{App, AppConfig};
use flagfall::link::LinkStatus;

fn status(app: &App) -> LinkStatus {
    app.two_devices().as_ref().unwrap().status().unwrap()
}

/// Reads an invitation on `app` (from the home screen) and sets up.
fn join(app: &App, invitation: &str) -> String {
    tap(app, "Read a code");
    paste(app, invitation);
    assert_eq!(screen(app), "setup", "{:?}", labels(app));
    tap(app, "Fill for me");
    tap(app, "Ready");
    assert_eq!(screen(app), "link");
    code_on_screen(app)
}

/// The two-device game on `app` as its player sees it.
fn view_of(app: &App) -> flagfall::core::view::PlayerView {
    app.two_devices()
        .as_ref()
        .unwrap()
        .game()
        .unwrap()
        .view()
        .unwrap()
}

/// Plays the on-screen player's first legal move by tapping the board.
fn move_first_piece(app: &App) {
    assert_eq!(screen(app), "play", "{:?}", labels(app));
    tap_move(
        app,
        *view_of(app).legal_moves.first().expect("a legal move"),
    );
}

#[test]
fn two_apps_play_through_codes_and_verify_each_other() {
    let red = new_app(41);
    let blue = App::new(AppConfig::in_memory(42)).unwrap();
    fit_window(&blue);

    let invitation = invite_other_device(&red);
    assert!(
        labels(&red)
            .iter()
            .all(|l| !l.contains("Marshal") && !l.contains("Flag")),
        "the invitation screen names no piece: {:?}",
        labels(&red)
    );
    // The inviting device cannot join its own invitation.
    tap(&red, "Menu");
    tap(&red, "Read a code");
    paste(&red, &invitation);
    assert_shows(&red, "reading: Not read: this is this device's own code");
    tap(&red, "Menu");
    let resume = labels(&red)
        .into_iter()
        .find(|l| l.starts_with("Continue: Classic against another device, you play Red"))
        .unwrap();
    tap(&red, &resume);
    assert_eq!(screen(&red), "link");

    let answer = join(&blue, &invitation);
    paste(&red, &answer);
    assert_eq!(status(&red), LinkStatus::YourTurn);

    // The same code again changes nothing and says why.
    tap(&red, "Codes");
    paste(&red, &answer);
    assert_shows(&red, "reading: Not read: code number 1 was read already");
    assert_eq!(status(&red), LinkStatus::YourTurn);
    tap(&red, "See the board");
    move_first_piece(&red);
    assert_eq!(screen(&red), "link", "after a move the code is shown");
    let red_move = code_on_screen(&red);
    // Blue has shown its setup and not seen Red's yet: there is no board
    // to see, and the screen says what comes next (issue 46).
    assert_eq!(screen(&blue), "link");
    assert_eq!(status(&blue), LinkStatus::AwaitingCode);
    assert!(!labels(&blue).iter().any(|l| l == "See the board"));
    assert!(
        labels(&blue)
            .iter()
            .any(|l| l.contains("it shows which squares your pieces stand on, never what they are")),
        "{:?}",
        labels(&blue)
    );
    paste(&blue, &red_move);
    assert_eq!(screen(&blue), "play");
    assert_shows(&blue, "news: Red moved ");
    // Blue's board shows no Red piece by name: Red's army stays on its device.
    for (_, label) in squares(&blue) {
        assert!(
            !label.contains("enemy") || label.contains("enemy piece"),
            "Blue's board names a hidden piece: {label}"
        );
    }

    tap(&blue, "Resign");
    tap(&blue, "Resign now");
    assert_eq!(screen(&blue), "link");
    assert_shows(&blue, "Game over: Red wins: Blue resigned");
    let blue_last = code_on_screen(&blue);
    paste(&red, &blue_last);
    assert_eq!(screen(&red), "link", "Red shows its last code first");
    let red_last = code_on_screen(&red);
    tap(&red, "See the result");
    assert_eq!(screen(&red), "over", "{:?}", labels(&red));
    let check = |app: &App| {
        labels(app)
            .into_iter()
            .find(|l| l.starts_with("check: "))
            .unwrap_or_default()
    };
    assert!(
        check(&red).starts_with("check: Verified"),
        "{}",
        check(&red)
    );
    assert_shows(&red, "result: Red wins");

    // Red's device opened its setup in its last code; Blue checks it.
    assert_eq!(screen(&blue), "link", "Blue still waits for Red's setup");
    paste(&blue, &red_last);
    assert_eq!(screen(&blue), "over", "{:?}", labels(&blue));
    assert!(
        check(&blue).starts_with("check: Verified"),
        "{}",
        check(&blue)
    );
}

#[test]
fn a_two_device_game_survives_closing_the_app() {
    let dir = fresh_dir("ui-linked-resume");
    i_slint_backend_testing::init_no_event_loop();
    let red = app_with_storage(&dir, 51);
    let invitation = invite_other_device(&red);
    let blue = App::new(AppConfig::in_memory(52)).unwrap();
    fit_window(&blue);
    let answer = join(&blue, &invitation);
    paste(&red, &answer);
    move_first_piece(&red);
    let shown = code_on_screen(&red);
    let before = red.two_devices().as_ref().unwrap().to_saved();
    drop(red);

    let again = app_with_storage(&dir, 53);
    let continue_label = labels(&again)
        .into_iter()
        .find(|l| l.starts_with("Continue: Classic against another device, you play Red"))
        .unwrap_or_else(|| panic!("{:?}", labels(&again)));
    tap(&again, &continue_label);
    assert_eq!(screen(&again), "link");
    assert_eq!(
        code_on_screen(&again),
        shown,
        "the same code is shown again"
    );
    let after = again.two_devices().as_ref().unwrap().to_saved();
    assert_eq!((after.log, after.mine), (before.log, before.mine));

    // The game goes on: Blue reads the code and answers.
    paste(&blue, &shown);
    move_first_piece(&blue);
    paste(&again, &code_on_screen(&blue));
    assert_eq!(screen(&again), "play");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_draw_offered_with_a_move_is_accepted_on_the_other_device() {
    let red = new_app(51);
    let blue = App::new(AppConfig::in_memory(52)).unwrap();
    fit_window(&blue);
    let invitation = invite_other_device(&red);
    let answer = join(&blue, &invitation);
    paste(&red, &answer);
    assert_eq!(screen(&red), "play");

    // Red offers, then moves: the offer goes with the move's code.
    tap(&red, "Offer draw");
    assert_shows(
        &red,
        "news: You offer a draw: the offer goes with your move.",
    );
    move_first_piece(&red);
    let red_move = code_on_screen(&red);
    paste(&blue, &red_move);
    assert_eq!(screen(&blue), "play");
    assert_shows(&blue, "Draw offered: Red offers a draw.");

    tap(&blue, "Accept draw");
    assert_eq!(screen(&blue), "link", "{:?}", labels(&blue));
    assert_shows(&blue, "Game over: Draw");
    let blue_last = code_on_screen(&blue);
    paste(&red, &blue_last);
    let red_last = code_on_screen(&red);
    tap(&red, "See the result");
    assert_eq!(screen(&red), "over", "{:?}", labels(&red));
    assert_shows(&red, "check: Verified");
    paste(&blue, &red_last);
    assert_eq!(screen(&blue), "over", "{:?}", labels(&blue));
    assert_shows(&blue, "check: Verified");
}

/// The setup "Fill for me" makes on the victim's app after reading `invitation`.
fn filled_after_joining(app: &App, invitation: &str) -> Vec<String> {
    tap(app, "Read a code");
    paste(app, invitation);
    assert_eq!(screen(app), "setup", "{:?}", labels(app));
    tap(app, "Fill for me");
    let filled = {
        let link = app.two_devices();
        let draft = link.as_ref().unwrap().draft().unwrap();
        draft
            .placed()
            .map(|(sq, p)| format!("{sq} {p:?}"))
            .collect()
    };
    tap(app, "Ready");
    tap(app, "Menu");
    assert_eq!(screen(app), "home");
    filled
}

/// Issue 17: an opponent who saw one opened setup must learn nothing of the
/// next. The attacker invites twice; the victim's app (a player's, drawing
/// from the operating system) fills its setup differently each time. (It
/// used to seed every join with the same number until it restarted.)
#[test]
fn every_join_fills_afresh_so_one_opened_setup_tells_nothing_of_the_next() {
    let first = new_app(1);
    let second = App::new(AppConfig::in_memory(2)).unwrap();
    fit_window(&second);
    let invitations = [&first, &second].map(invite_other_device);
    let victim = App::new(AppConfig {
        fresh_seeds: true,
        ..AppConfig::in_memory(9)
    })
    .unwrap();
    fit_window(&victim);
    let first = filled_after_joining(&victim, &invitations[0]);
    let second = filled_after_joining(&victim, &invitations[1]);
    assert_eq!(first.len(), 40);
    assert_ne!(
        first, second,
        "the second join filled the setup the first did"
    );
}

/// Issue 17, 1: a result the other device has not checked says "not
/// verified" and stays under Continue; a game whose other device stopped
/// sending codes can be ended as abandoned (after a confirmation), which is
/// no result and leaves Continue.
#[test]
fn an_unverified_result_says_so_and_a_silent_device_can_be_left() {
    let red = new_app(43);
    let blue = App::new(AppConfig::in_memory(44)).unwrap();
    fit_window(&blue);
    let invitation = invite_other_device(&red);
    assert!(
        !labels(&red)
            .iter()
            .any(|l| l.starts_with("The other device stopped")),
        "no other device has sent a code to an invitation: {:?}",
        labels(&red)
    );
    let answer = join(&blue, &invitation);
    paste(&red, &answer);
    move_first_piece(&red);
    paste(&blue, &code_on_screen(&red));
    tap(&blue, "Resign");
    tap(&blue, "Resign now");
    assert_shows(
        &blue,
        "Game over: Red wins: Blue resigned (not verified: the other device has not opened its setup)",
    );
    tap(&blue, "Menu");
    assert!(
        labels(&blue).iter().any(|l| l
            .starts_with("Continue: Classic against another device, you play Blue")
            && l.contains("not verified")),
        "{:?}",
        labels(&blue)
    );

    // Red never reads Blue's last code: for Red the other device went silent.
    assert_eq!(screen(&red), "link");
    tap(&red, "The other device stopped sending codes…");
    assert_shows(&red, "confirm abandon");
    tap(&red, "Keep waiting");
    assert_eq!(status(&red), LinkStatus::AwaitingCode);
    tap(&red, "The other device stopped sending codes…");
    tap(&red, "End it as abandoned");
    assert_eq!(screen(&red), "over", "{:?}", labels(&red));
    assert_shows(&red, "result: Abandoned by the other device: not a result");
    tap(&red, "Menu");
    assert!(
        !labels(&red)
            .iter()
            .any(|l| l.starts_with("Continue: Classic against another device")),
        "{:?}",
        labels(&red)
    );
}

/// Issue 17, 2: a domino game between two apps starts with the fair deal:
/// each app shows a code before it sees its stones, and each hand is drawn
/// from both devices' secrets; at the end each checks the other's hand.
#[test]
fn two_apps_deal_dominoes_fairly_before_setting_up() {
    let red = new_app(45);
    let blue = App::new(AppConfig::in_memory(46)).unwrap();
    fit_window(&blue);
    tap(&red, "Domino Stratego");
    tap(&red, "Opponent: Other device");
    tap(&red, "Your side: Red (first)");
    tap(&red, "Start: invite another device");
    assert_eq!(screen(&red), "link", "{:?}", labels(&red));
    assert_shows(&red, "Invite the other device");
    let invitation = code_on_screen(&red);

    tap(&blue, "Read a code");
    paste(&blue, &invitation);
    assert_eq!(screen(&blue), "link", "{:?}", labels(&blue));
    assert_shows(&blue, "Your code for the deal");
    let blue_step = code_on_screen(&blue);

    paste(&red, &blue_step);
    assert_eq!(screen(&red), "deal", "{:?}", labels(&red));
    tap(&red, "Continue to setup");
    tap(&red, "Fill for me");
    tap(&red, "Ready");
    assert_eq!(screen(&red), "link");
    let red_setup = code_on_screen(&red);

    paste(&blue, &red_setup);
    assert_eq!(screen(&blue), "deal", "{:?}", labels(&blue));
    tap(&blue, "Continue to setup");
    tap(&blue, "Fill for me");
    tap(&blue, "Ready");
    let blue_setup = code_on_screen(&blue);
    paste(&red, &blue_setup);
    assert_eq!(status(&red), LinkStatus::YourTurn);

    // Red resigns; both open, and each checks the other's hand.
    tap(&red, "Resign");
    tap(&red, "Resign now");
    paste(&blue, &code_on_screen(&red));
    paste(&red, &code_on_screen(&blue));
    for app in [&red, &blue] {
        let link = app.two_devices();
        let game = link.as_ref().unwrap().game().unwrap();
        assert_eq!(
            game.verdict(),
            Some(&flagfall::link::ClaimsVerdict::Verified)
        );
    }
}

/// A code travels by the clipboard, as through a chat: "Copy the code's
/// text" on one device, "Paste and read" on the other (the testing
/// backend's clipboard stands for the chat in between).
#[test]
fn a_code_goes_over_by_copy_and_paste() {
    let red = new_app(61);
    let blue = App::new(AppConfig::in_memory(62)).unwrap();
    fit_window(&blue);
    let invitation = invite_other_device(&red);
    tap(&red, "Copy the code's text");
    assert_shows(&red, "Copied: paste it into a message to the other player");
    tap(&blue, "Read a code");
    tap(&blue, "Paste and read");
    assert_eq!(screen(&blue), "setup", "{:?}", labels(&blue));
    assert_eq!(
        blue.two_devices().as_ref().unwrap().game_id(),
        red.two_devices().as_ref().unwrap().game_id(),
        "Blue joined Red's invitation"
    );
    // A new code on screen is not yet copied.
    tap(&blue, "Fill for me");
    tap(&blue, "Ready");
    assert_shows(&blue, "Copy the code's text");
    assert!(!invitation.is_empty());
}

/// A share sheet that keeps what it was handed, or refuses.
struct FakeShareSheet {
    shared: std::sync::Mutex<Vec<(String, String)>>,
    refuse: bool,
}

impl flagfall::platform::share::ShareSheet for FakeShareSheet {
    fn share_text(
        &self,
        title: &str,
        text: &str,
    ) -> Result<(), flagfall::platform::share::ShareError> {
        if self.refuse {
            return Err(flagfall::platform::share::ShareError::NotOpened(
                "no app takes text".into(),
            ));
        }
        self.shared
            .lock()
            .unwrap()
            .push((title.to_string(), text.to_string()));
        Ok(())
    }

    fn share_file(
        &self,
        title: &str,
        address: &str,
        mime: &str,
    ) -> Result<(), flagfall::platform::share::ShareError> {
        self.share_text(title, &format!("{address} ({mime})"))
    }
}

fn app_sharing_by(sheet: &std::sync::Arc<FakeShareSheet>, seed: u64) -> App {
    i_slint_backend_testing::init_no_event_loop();
    let app = App::new(AppConfig {
        platform: flagfall::app::Platform {
            share: Some(sheet.clone()),
            ..Default::default()
        },
        ..AppConfig::in_memory(seed)
    })
    .unwrap();
    fit_window(&app);
    app
}

/// Where the platform has a share sheet (Android), "Share…" hands it the
/// code on screen, and the other device reads what it sent; where it has
/// none (desktop), there is no such button.
#[test]
fn a_code_goes_over_by_the_share_sheet() {
    let sheet = std::sync::Arc::new(FakeShareSheet {
        shared: Default::default(),
        refuse: false,
    });
    let red = app_sharing_by(&sheet, 63);
    let invitation = invite_other_device(&red);
    tap(&red, "share the code's text");
    let shared = sheet.shared.lock().unwrap().clone();
    assert_eq!(
        shared,
        vec![(
            "Send the code to the other player".to_string(),
            invitation.clone()
        )]
    );
    let blue = App::new(AppConfig::in_memory(64)).unwrap();
    fit_window(&blue);
    assert!(!labels(&blue).iter().any(|l| l == "share the code's text"));
    tap(&blue, "Read a code");
    paste(&blue, &shared[0].1);
    assert_eq!(screen(&blue), "setup", "{:?}", labels(&blue));
    tap(&blue, "Fill for me");
    tap(&blue, "Ready");
    assert!(!labels(&blue).iter().any(|l| l == "share the code's text"));
}

/// A share sheet that does not open says so, and the code can still be
/// copied; the message goes with the code.
#[test]
fn a_share_sheet_that_fails_says_so() {
    let sheet = std::sync::Arc::new(FakeShareSheet {
        shared: Default::default(),
        refuse: true,
    });
    let red = app_sharing_by(&sheet, 65);
    invite_other_device(&red);
    tap(&red, "share the code's text");
    assert_shows(
        &red,
        "The share sheet did not open (no app takes text); copy the text instead.",
    );
    assert_shows(&red, "Copy the code's text");
}

/// Plays `app`'s move: an attack when one is legal, else a step toward the
/// enemy (or any move). Returns whether it attacked.
fn advance_or_attack(app: &App) -> bool {
    let view = view_of(app);
    let me = view.viewer;
    let enemy_at = |s| view.at(s).is_some_and(|p| p.owner != me);
    let forward = |m: &flagfall::core::Move| match me {
        flagfall::core::Side::Red => m.to.row > m.from.row,
        flagfall::core::Side::Blue => m.to.row < m.from.row,
    };
    let attack = view.legal_moves.iter().find(|m| enemy_at(m.to));
    let m = attack
        .or_else(|| view.legal_moves.iter().find(|m| forward(m)))
        .or(view.legal_moves.first())
        .copied()
        .expect("a legal move");
    tap_move(app, m);
    attack.is_some()
}

/// While its attack waits for the other device's answer, the attacker's
/// board keeps the attack marked and says what it waits for.
#[test]
fn the_attackers_device_shows_its_attack_until_the_answer_comes() {
    let red = new_app(71);
    let blue = App::new(AppConfig::in_memory(72)).unwrap();
    fit_window(&blue);
    let invitation = invite_other_device(&red);
    let answer = join(&blue, &invitation);
    paste(&red, &answer);
    for _ in 0..30 {
        let attacked = advance_or_attack(&red);
        if attacked {
            let attack = red
                .two_devices()
                .as_ref()
                .unwrap()
                .game()
                .unwrap()
                .pending_attack()
                .expect("the attack waits for its answer");
            tap(&red, "See the board");
            assert_eq!(screen(&red), "play");
            assert_shows(
                &red,
                &format!(
                    "status: Red ▲: you attacked {} from {}; waiting for the other device's answer",
                    attack.to, attack.from
                ),
            );
            assert_shows(&red, &format!("{}, your ", attack.from));
            assert!(
                labels(&red)
                    .iter()
                    .any(|l| l.starts_with(&format!("{}, ", attack.from))
                        && l.ends_with(", selected")),
                "the attacker is marked: {:?}",
                labels(&red)
            );
            assert!(
                labels(&red)
                    .iter()
                    .any(|l| l.starts_with(&format!("{}, ", attack.to))
                        && l.ends_with(", can move here")),
                "the attacked square is marked"
            );
            return;
        }
        paste(&blue, &code_on_screen(&red));
        advance_or_attack(&blue);
        paste(&red, &code_on_screen(&blue));
        if screen(&red) != "play" {
            break;
        }
    }
    panic!("Red never attacked");
}
