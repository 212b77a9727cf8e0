//! Solo practice through the real UI: no hand-off screens, the computer
//! sets up and replies by itself, a hint shows one move, take-back undoes
//! the player's move and the reply.

use crate::common;

use common::ui::*;
use flagfall::app::App;
use flagfall::app::PlayAdapter;
use flagfall::core::Side;
use slint::ComponentHandle;

fn start_solo(app: &App, variant: &str, level: &str, side: &str) {
    tap(app, variant);
    tap(app, "Opponent: Computer");
    tap(app, &format!("Level: {level}"));
    tap(app, &format!("Your side: {side}"));
    tap(app, "Start vs computer");
    assert_eq!(
        screen(app),
        if variant == "Domino Stratego" {
            "deal"
        } else {
            "setup"
        },
        "no hand-off in solo play"
    );
    if screen(app) == "deal" {
        tap(app, "Continue to setup");
    }
    tap(app, "Fill for me");
    tap(app, "Ready");
    assert_eq!(screen(app), "play");
}

fn actions(app: &App) -> usize {
    played(app).len()
}

/// Red's first legal move, tapped on the board.
fn play_first_move(app: &App) {
    let m = *app
        .one_device()
        .as_ref()
        .unwrap()
        .view(Side::Red)
        .unwrap()
        .legal_moves
        .first()
        .unwrap();
    tap(app, &format!("{}, your", m.from));
    tap(app, &format!("{}, ", m.to));
}

#[test]
fn the_computer_replies_and_a_move_can_be_taken_back() {
    let app = new_app(31);
    start_solo(&app, "Classic", "Best", "Red (first)");
    play_first_move(&app);
    assert_eq!(screen(&app), "play", "still no hand-off");
    assert_eq!(actions(&app), 2, "the computer replied");
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("news: Blue moved ") || l.starts_with("news: The enemy ")),
        "{:?}",
        labels(&app)
    );
    assert!(labels(&app).iter().any(|l| l == "status: Red ▲: your turn"));

    // A hint marks its piece and its destination and picks nothing up;
    // tapping the piece picks it up and the destination plays it.
    tap(&app, "Hint");
    // A square's label can be on more than one element: each square once.
    let hinted = |end: &str| -> Vec<String> {
        let set: std::collections::BTreeSet<String> = squares(&app)
            .into_iter()
            .map(|(_, l)| l)
            .filter(|l| l.ends_with(end))
            .collect();
        set.into_iter().collect()
    };
    let from = hinted(", the hint moves this piece");
    let to = hinted(", the hint moves here");
    assert_eq!((from.len(), to.len()), (1, 1), "{from:?} {to:?}");
    assert!(hinted(", selected").is_empty(), "nothing picked up");
    assert!(labels(&app).iter().any(|l| l.starts_with("news: Hint: ")));
    let square = |label: &str| label.split(',').next().unwrap().to_string();
    tap(&app, &format!("{}, your", square(&from[0])));
    assert_eq!(hinted(", selected").len(), 1, "the hinted piece picked up");
    tap(&app, &format!("{}, ", square(&to[0])));
    // An attack is pictured first; the computer replies once it is put away.
    if app.window().global::<PlayAdapter>().get_battle_visible() {
        tap(&app, "Continue");
    }
    assert_eq!(
        actions(&app),
        4,
        "the hint played, and the computer replied"
    );

    tap(&app, "Take back");
    assert_eq!(
        actions(&app),
        2,
        "the player's move and the reply are undone"
    );
    assert!(labels(&app).iter().any(|l| l == "status: Red ▲: your turn"));
}

#[test]
fn playing_blue_the_computer_opens_and_a_domino_game_runs() {
    let app = new_app(32);
    start_solo(&app, "Domino Stratego", "Heuristic", "Blue");
    assert_eq!(actions(&app), 1, "Red, the computer, moved first");
    assert!(
        labels(&app)
            .iter()
            .any(|l| l == "status: Blue ●: your turn")
    );
    for _ in 0..10 {
        let m = {
            let session = app.one_device();
            let view = session.as_ref().unwrap().view(Side::Blue).unwrap();
            let Some(m) = view.legal_moves.first().copied() else {
                break;
            };
            m
        };
        tap(&app, &format!("{}, your", m.from));
        tap(&app, &format!("{}, ", m.to));
        if screen(&app) == "over" {
            break;
        }
        if app.window().global::<PlayAdapter>().get_battle_visible() {
            tap(&app, "Continue");
        }
        assert_eq!(screen(&app), "play");
    }
    assert!(actions(&app) >= 11);
    // Home names the opponent and the player's side.
    tap(&app, "Menu");
    assert_shows(
        &app,
        "Continue: Domino Stratego against the computer (heuristic), you play Blue",
    );
}

#[test]
fn each_level_says_what_it_is_like_and_the_expert_replies() {
    let app = new_app(32);
    tap(&app, "Classic");
    tap(&app, "Opponent: Computer");
    // Issue 47: the computer plays at its strongest until another level is chosen.
    assert!(
        labels(&app)
            .iter()
            .any(|l| l.starts_with("Weighs every move")),
        "{:?}",
        labels(&app)
    );
    let lines = [
        ("Random", "Plays any legal move: for learning the rules."),
        (
            "Heuristic",
            "Takes what looks like a good trade, one move at a time.",
        ),
        (
            "Best",
            "Tries each move against many guesses at your army, two moves ahead. Answers at once.",
        ),
        (
            "Expert",
            "Weighs every move against guesses at your army for as long as its think time \
             allows (Settings). The strongest level in the classic game.",
        ),
    ];
    for (level, line) in lines {
        tap(&app, &format!("Level: {level}"));
        let shown = labels(&app);
        for (other, text) in lines {
            assert_eq!(
                shown.iter().any(|l| l == text),
                other == level,
                "{level} chosen: {other}'s line {shown:?}"
            );
        }
        assert!(shown.iter().any(|l| l == line));
    }
    start_solo(&app, "Classic", "Expert", "Red (first)");
    play_first_move(&app);
    assert_eq!(actions(&app), 2, "the expert replied");
}

/// The game just played against the computer is replayed from the
/// player's side: playing Blue, Blue's rows are at the bottom.
#[test]
fn the_replay_of_a_game_as_blue_is_seen_from_blue() {
    use flagfall::app::BoardAdapter;
    use slint::Model;
    let app = new_app(33);
    start_solo(&app, "Classic", "Heuristic", "Blue");
    tap(&app, "Resign");
    tap(&app, "Resign now");
    assert_eq!(screen(&app), "over");
    let board = app.window().global::<BoardAdapter>();
    let ranks: Vec<String> = board.get_ranks().iter().map(|r| r.to_string()).collect();
    assert_eq!(ranks.first().map(String::as_str), Some("1"), "{ranks:?}");
}

/// Issue 77: what a player saw stays seen after a take-back. A battle
/// shows the computer's piece; taking the move back must not hide it again
/// (on the board, and in the view the computer and the hint work from),
/// nor hide from the computer the player's piece it saw.
#[test]
fn a_piece_seen_in_a_battle_stays_seen_after_a_take_back() {
    use flagfall::core::PieceId;
    let app = new_app(34);
    start_solo(&app, "Classic", "Random", "Red (first)");
    let revealed = |side: Side, owner: Side| -> Vec<(PieceId, flagfall::core::Piece)> {
        let session = app.one_device();
        let view = session.as_ref().unwrap().view(side).unwrap();
        let mut seen: Vec<_> = view
            .squares
            .iter()
            .flatten()
            .chain(view.captured.iter().flatten())
            .filter(|p| p.owner == owner && p.revealed)
            .map(|p| (p.id, p.piece.expect("a revealed piece is known")))
            .collect();
        seen.sort();
        seen
    };
    // Red attacks whenever it can, until a battle has shown a Blue piece.
    for _ in 0..200 {
        if !revealed(Side::Red, Side::Blue).is_empty() || screen(&app) != "play" {
            break;
        }
        let m = {
            let session = app.one_device();
            let view = session.as_ref().unwrap().view(Side::Red).unwrap();
            let attack = view
                .legal_moves
                .iter()
                .find(|m| view.at(m.to).is_some_and(|p| p.owner == Side::Blue));
            *attack.or(view.legal_moves.first()).unwrap()
        };
        tap_move(&app, m);
        if app.window().global::<PlayAdapter>().get_battle_visible() {
            tap(&app, "Continue");
        }
    }
    assert_eq!(screen(&app), "play", "the game went on");
    let blue_seen = revealed(Side::Red, Side::Blue);
    let red_seen = revealed(Side::Blue, Side::Red);
    assert!(!blue_seen.is_empty(), "a battle showed a Blue piece");

    tap(&app, "Take back");
    assert_eq!(
        revealed(Side::Red, Side::Blue),
        blue_seen,
        "the player still sees the computer's pieces it saw"
    );
    assert_eq!(
        revealed(Side::Blue, Side::Red),
        red_seen,
        "the computer still knows the player's pieces it saw"
    );
    let session = app.one_device();
    let view = session.as_ref().unwrap().view(Side::Red).unwrap();
    let variant = view.variant.clone();
    drop(session);
    let shown = labels(&app);
    for (id, piece) in blue_seen {
        let Some(square) = app
            .one_device()
            .as_ref()
            .unwrap()
            .game()
            .unwrap()
            .position()
            .square_of(id)
        else {
            continue;
        };
        let label = format!("{square}, enemy {}", piece.describe(&variant));
        assert!(
            shown.iter().any(|l| l.starts_with(&label)),
            "{label} on the board: {shown:?}"
        );
    }
}

/// A finished solo game says in the finished games' list whom it was
/// against, at which level, and which side the player had.
#[test]
fn a_finished_solo_game_names_the_computer_and_its_level() {
    let (storage, _store) = flagfall::store::Storage::in_memory();
    let app = app_on_storage(&storage, 34);
    start_solo(&app, "Classic", "Best", "Red (first)");
    play_first_move(&app);
    tap(&app, "Resign");
    tap(&app, "Resign now");
    assert_eq!(screen(&app), "over");
    tap(&app, "Menu");
    assert_eq!(screen(&app), "home");
    assert!(
        labels(&app).iter().any(|l| l
            .starts_with("Classic against the computer (best), you played Red: Blue wins")
            && l.contains("(1 move)")),
        "{:?}",
        labels(&app)
    );
}
