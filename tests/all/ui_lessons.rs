//! The lessons in the real UI (issue 82): from home to a lesson, a wrong
//! try answered with why, the right one played with Blue's answer, the
//! closing game against the computer won, the lesson finished and ticked, the tick kept across a restart, and a
//! damaged progress file set aside without stopping the app.

use crate::common::fresh_dir;
use crate::common::ui::*;
use flagfall::app::{LessonsAdapter, Navigation};
use slint::ComponentHandle;

fn answer(app: &flagfall::app::App) -> String {
    app.window()
        .global::<LessonsAdapter>()
        .get_answer()
        .to_string()
}

fn done_count(app: &flagfall::app::App) -> String {
    app.window()
        .global::<LessonsAdapter>()
        .get_done_count()
        .to_string()
}

/// "N of M lessons done", M being every built-in lesson, the deal
/// lessons and the referee's too.
fn done_of(done: usize) -> String {
    format!(
        "{done} of {} lessons done",
        flagfall::learn::builtin_lessons().len()
            + flagfall::learn::builtin_deal_lessons().len()
            + flagfall::learn::builtin_challenge_lessons().len()
    )
}

fn tap_move_text(app: &flagfall::app::App, text: &str) {
    tap_move(app, text.parse().unwrap());
}

#[test]
fn the_first_lesson_is_played_from_home_to_its_tick_which_is_kept() {
    let dir = fresh_dir("lessons-progress");
    let app = app_with_storage(&dir, 3);
    tap(&app, "Learn to play");
    assert_eq!(screen(&app), "lessons");
    assert_eq!(done_count(&app), done_of(0));
    tap(&app, "Move and attack");
    assert_eq!(screen(&app), "lesson");
    // Blue's pieces stand hidden: no rank in their squares' labels.
    let e7 = squares(&app)
        .into_iter()
        .find(|(s, _)| s.to_string() == "e7");
    assert_eq!(e7.map(|(_, l)| l), Some("e7, enemy piece".to_string()));
    tap(&app, "e4, your");
    tap(&app, "f5, ");
    assert!(
        answer(&app).contains("never diagonally"),
        "{}",
        answer(&app)
    );
    tap_move_text(&app, "e4-e5");
    assert!(
        answer(&app).starts_with("Blue answered"),
        "{}",
        answer(&app)
    );
    assert!(
        squares(&app)
            .iter()
            .any(|(s, l)| s.to_string() == "e6" && l.contains("enemy"))
    );
    tap(&app, "Next step");
    tap_move_text(&app, "e5-e6");
    assert!(
        answer(&app).contains("It was a Sergeant"),
        "{}",
        answer(&app)
    );
    // The closing game against the computer: its answers and the moves left.
    tap(&app, "Next step");
    tap_move_text(&app, "e6-e7");
    assert!(
        answer(&app).starts_with("Blue answered") && answer(&app).ends_with("Moves left: 5."),
        "{}",
        answer(&app)
    );
    for m in ["e7-e8", "e8-e9", "e9-e10"] {
        tap_move_text(&app, m);
    }
    assert!(
        answer(&app).contains("You took the flag"),
        "{}",
        answer(&app)
    );
    assert!(answer(&app).contains("Lesson done"), "{}", answer(&app));
    tap(&app, "Finish the lesson");
    assert_eq!(screen(&app), "lessons");
    assert_eq!(done_count(&app), done_of(1));
    drop(app);
    let app = app_with_storage(&dir, 3);
    tap(&app, "Learn to play");
    assert_eq!(done_count(&app), done_of(1));
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("done: Move and attack")),
        "{:?}",
        labels(&app)
    );
}

#[test]
fn back_leads_from_a_lesson_to_the_list_and_home() {
    let app = new_app(3);
    tap(&app, "Learn to play");
    tap(&app, "What beats what");
    assert_eq!(screen(&app), "lesson");
    let navigation = app.window().global::<Navigation>();
    assert!(navigation.invoke_back());
    assert_eq!(screen(&app), "lessons");
    assert!(navigation.invoke_back());
    assert_eq!(screen(&app), "home");
}

/// Where the list's button for the lesson titled `title` is drawn, from
/// the window's top.
fn lesson_button_top(app: &flagfall::app::App, title: &str) -> f32 {
    elements(app)
        .into_iter()
        .find(|e| e.accessible_label().is_some_and(|l| l.starts_with(title)))
        .unwrap_or_else(|| panic!("no lesson \"{title}\" in the list"))
        .absolute_position()
        .y
}

#[test]
fn the_list_comes_back_scrolled_where_the_learner_left_it() {
    use slint::platform::WindowEvent;
    let app = new_app(3);
    let window = app.window().window();
    window.set_size(slint::LogicalSize::new(390.0, 844.0));
    tap(&app, "Learn to play");
    let at_first = lesson_button_top(&app, "Silent Defense");
    // The learner scrolls down the list with a wheel.
    let position = slint::LogicalPosition::new(195.0, 500.0);
    window.dispatch_event(WindowEvent::PointerMoved { position });
    window.dispatch_event(WindowEvent::PointerScrolled {
        position,
        delta_x: 0.0,
        delta_y: -300.0,
    });
    let scrolled = lesson_button_top(&app, "Silent Defense");
    assert!(scrolled < at_first - 100.0, "{at_first} -> {scrolled}");
    // Into a lesson and back by its "Lessons" button.
    tap(&app, "Silent Defense");
    assert_eq!(screen(&app), "lesson");
    app.window().global::<LessonsAdapter>().invoke_leave();
    assert_eq!(screen(&app), "lessons");
    assert_eq!(lesson_button_top(&app, "Silent Defense"), scrolled);
    // And by Back.
    tap(&app, "Silent Defense");
    assert!(app.window().global::<Navigation>().invoke_back());
    assert_eq!(lesson_button_top(&app, "Silent Defense"), scrolled);
    // From home, the list starts at its top again.
    assert!(app.window().global::<Navigation>().invoke_back());
    assert_eq!(screen(&app), "home");
    tap(&app, "Learn to play");
    assert_eq!(lesson_button_top(&app, "Silent Defense"), at_first);
}

#[test]
fn a_hint_marks_the_move_and_a_tap_on_its_square_plays_it() {
    let app = new_app(3);
    tap(&app, "Learn to play");
    tap(&app, "The Scout's run");
    tap(&app, "Hint");
    assert!(answer(&app).contains("a2-a7"), "{}", answer(&app));
    tap(&app, "a7, empty, the hint moves here");
    assert!(answer(&app).contains("Five squares"), "{}", answer(&app));
    // Start again puts the step's board back.
    tap(&app, "Start again");
    assert!(
        squares(&app)
            .iter()
            .any(|(s, l)| s.to_string() == "a2" && l.contains("your Scout"))
    );
    assert_eq!(answer(&app), "");
}

#[test]
fn a_rescue_is_played_by_tapping_where_the_piece_comes_back() {
    let app = new_app(3);
    tap(&app, "Learn to play");
    tap(&app, "Rescue");
    tap_move_text(&app, "e5-e6");
    tap(&app, "Next step");
    tap_move_text(&app, "a9-a10");
    tap(&app, "e2, ");
    assert!(answer(&app).contains("back on e2"), "{}", answer(&app));
    assert!(
        squares(&app)
            .iter()
            .any(|(s, l)| s.to_string() == "e2" && l.contains("your Lieutenant"))
    );
}

#[test]
fn a_damaged_progress_file_is_set_aside_and_the_list_starts_again() {
    let dir = fresh_dir("lessons-damaged");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lessons.json"), b"{\"format\": 1, \"done\": [1, 2").unwrap();
    let app = app_with_storage(&dir, 3);
    assert!(
        labels(&app).iter().any(|l| l.contains("the lessons done")),
        "no notice on home: {:?}",
        labels(&app)
    );
    tap(&app, "Learn to play");
    assert_eq!(done_count(&app), done_of(0));
}

#[test]
fn the_referee_settles_every_challenge_of_the_stratego_go_go_lesson() {
    use flagfall::referee::live::Challenge;
    let dir = fresh_dir("lessons-challenges");
    let app = app_with_storage(&dir, 3);
    tap(&app, "Learn to play");
    assert!(
        labels(&app).iter().any(|l| l == "Stratego go go"),
        "{:?}",
        labels(&app)
    );
    tap(&app, "Settling a challenge");
    assert_eq!(screen(&app), "lesson");
    // The two cards, and no board.
    assert!(
        labels(&app).contains(&"Challenger: Blacksmith 5".to_string()),
        "{:?}",
        labels(&app)
    );
    assert!(labels(&app).contains(&"Challenged: Worker 4".to_string()));
    assert!(squares(&app).is_empty());
    tap(&app, "Both are out");
    assert!(
        answer(&app).contains("5 is higher than 4"),
        "{}",
        answer(&app)
    );
    let lesson = flagfall::learn::builtin_challenge_lessons()[0].clone();
    for (index, step) in lesson.steps.iter().enumerate() {
        let label = match step.verdict {
            Challenge::ChallengedWins => "The challenger is out",
            Challenge::ChallengerWins => "The challenged player is out",
            Challenge::BothOut => "Both are out",
            Challenge::NotAllowed => "Nobody: it cannot challenge",
        };
        tap(&app, label);
        assert!(
            answer(&app).ends_with(&step.done.en) || answer(&app).contains("Lesson done"),
            "step {}: {}",
            index + 1,
            answer(&app)
        );
        let next = if index + 1 == lesson.steps.len() {
            "Finish the lesson"
        } else {
            "Next step"
        };
        tap(&app, next);
    }
    assert_eq!(screen(&app), "lessons");
    assert_eq!(done_count(&app), done_of(1));
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("done: Settling a challenge"))
    );
}

#[test]
fn the_domino_deal_and_the_piecepack_discard_are_answered_on_cards() {
    let dir = fresh_dir("lessons-deals");
    let app = app_with_storage(&dir, 3);
    tap(&app, "Learn to play");
    tap(&app, "The deal and a stone's way round");
    assert_eq!(screen(&app), "lesson");
    // The hand on a card, and no board.
    assert!(
        labels(&app).contains(&"Your hand: 24 stones".to_string()),
        "{:?}",
        labels(&app)
    );
    assert!(squares(&app).is_empty());
    // A hand without the 6-6 played: why it cannot be.
    tap(&app, "Play these 24");
    assert!(
        answer(&app).contains("the 6-6 is not among your 24"),
        "{}",
        answer(&app)
    );
    tap(&app, "Reshuffle all 28");
    assert!(
        answer(&app).starts_with("By the rules: the hand lacks 6-6"),
        "{}",
        answer(&app)
    );
    tap(&app, "Next step");
    tap(&app, "Play these 24");
    tap(&app, "Next step");
    // A stone stood the wrong way round for its attack, then the right way.
    tap(&app, "2-5: attacks with 2, defends with 5");
    assert!(
        answer(&app).contains("does not beat a defense of 4"),
        "{}",
        answer(&app)
    );
    tap(&app, "5-2: attacks with 5, defends with 2");
    tap(&app, "Next step");
    tap(&app, "1-6: attacks with 1, defends with 6");
    tap(&app, "Finish the lesson");
    assert_eq!(screen(&app), "lessons");
    assert_eq!(done_count(&app), done_of(1));

    tap(&app, "The secret discard");
    assert!(
        labels(&app).contains(&"Your suit: Yellow".to_string()),
        "{:?}",
        labels(&app)
    );
    // Both coins of one suit may not go back.
    tap(&app, "The yellow null and the yellow ace");
    assert!(
        answer(&app).contains("put back the red one"),
        "{}",
        answer(&app)
    );
    tap(&app, "The red null and the yellow ace");
    assert!(
        answer(&app).contains("Your Flag is the yellow null"),
        "{}",
        answer(&app)
    );
    tap(&app, "Next step");
    tap(&app, "Hint");
    assert_eq!(answer(&app), "Hint: The yellow null and the red ace");
    tap(&app, "The yellow null and the red ace");
    tap(&app, "Finish the lesson");
    assert_eq!(done_count(&app), done_of(2));
}
