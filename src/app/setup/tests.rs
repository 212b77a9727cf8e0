//! The setup editor without a window: taps on the tray and the board place,
//! move, swap and take back pieces (or say why not), and the model says
//! what is left before "Ready".

use super::*;
use crate::app::Numbering;
use crate::core::options::GameOptions;
use crate::core::variant::builtin_variant;
use crate::games::game::hand_off;
use crate::games::{PassAndPlay, Stage};

fn display(viewer: Side) -> Display {
    Display {
        viewer,
        numbering: Numbering::Modern,
        memory_aid: true,
    }
}

/// A pass-and-play game of `variant` between Ana (Red) and Ben (Blue) at
/// Red's setup, the device in Red's hands.
fn at_setup(variant: &str) -> GameOnDevice {
    let v = builtin_variant(variant).unwrap();
    let mut session = PassAndPlay::new(Arc::clone(&v), GameOptions::defaults(&v), 7);
    session.set_players([Some("Ana".into()), Some("Ben".into())]);
    let mut game: GameOnDevice = session.into();
    hand_off(&mut game, |h| h.take_device());
    if matches!(game.game().stage(), Stage::Deal(_)) {
        game.game_mut().accept_deal().unwrap();
    }
    assert_eq!(game.game().stage(), Stage::Setup(Side::Red));
    game
}

/// A square of Red's zone (row 0 is Red's back row).
fn zone(col: u8, row: u8) -> Square {
    Square::new(col, row)
}

#[test]
fn a_tray_piece_goes_where_it_is_tapped_and_stays_picked_while_some_are_left() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    let library = SetupLibrary::in_memory();
    let before = setup.model(&game, &library, display(Side::Red)).unwrap();
    // Classic has 8 Scouts: the tray group stays picked up after the first.
    let scouts = before
        .tray
        .iter()
        .position(|t| t.count == 8)
        .expect("the Scouts");
    setup.tray_tap(&mut game, scouts);
    assert_eq!(
        setup.tap(&mut game, zone(0, 0)).map(|e| format!("{e:?}")),
        None
    );
    assert_eq!(setup.pick, SetupPick::Tray(scouts));
    let after = setup.model(&game, &library, display(Side::Red)).unwrap();
    assert_eq!(after.tray[scouts].count, 7);
    assert!(game.game().draft().unwrap().at(zone(0, 0)).is_some());
}

#[test]
fn a_square_outside_the_zone_is_refused_and_the_pick_stays() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    setup.tray_tap(&mut game, 0);
    let refused = setup.tap(&mut game, Square::new(0, 5));
    let Some(Effect::Refuse(why)) = refused else {
        panic!("not refused: {refused:?}");
    };
    assert_eq!(why, "a6 is not a free square of your setup zone");
    assert_eq!(setup.pick, SetupPick::Tray(0));
    assert_eq!(game.game().draft().unwrap().placed().count(), 0);
}

#[test]
fn a_placed_piece_moves_or_swaps_and_goes_back_to_the_tray() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    setup.fill(&mut game);
    let draft = game.game().draft().unwrap();
    let (a, b) = (zone(0, 0), zone(1, 0));
    let (piece_a, piece_b) = (draft.at(a), draft.at(b));
    setup.tap(&mut game, a);
    assert_eq!(setup.pick, SetupPick::Square(a));
    assert!(setup.tap(&mut game, b).is_none());
    let draft = game.game().draft().unwrap();
    assert_eq!((draft.at(a), draft.at(b)), (piece_b, piece_a), "swapped");
    // Picked up, then the tray: back in the tray.
    setup.tap(&mut game, a);
    setup.tray_tap(&mut game, 0);
    assert_eq!(game.game().draft().unwrap().at(a), None);
    assert_eq!(setup.pick, SetupPick::None);
    // Dragged out of the zone: refused.
    let refused = setup.drag(&mut game, b, Square::new(1, 6));
    assert!(matches!(refused, Some(Effect::Refuse(_))), "{refused:?}");
}

#[test]
fn the_model_lists_what_is_left_and_ready_starts_the_next_setup() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    let library = SetupLibrary::in_memory();
    let empty = setup.model(&game, &library, display(Side::Red)).unwrap();
    assert_eq!(empty.title, "Red: set up your army");
    // One line for the 40 pieces, not one a kind.
    assert_eq!(
        empty.problems,
        ["40 pieces still to place: tap one in the tray, then a square."]
    );
    assert!(!empty.can_flip);
    let refused = setup.ready(&mut game);
    assert!(matches!(refused, Some(Effect::Refuse(_))));
    assert_eq!(game.game().stage(), Stage::Setup(Side::Red));
    setup.fill(&mut game);
    let full = setup.model(&game, &library, display(Side::Red)).unwrap();
    assert!(full.problems.is_empty(), "{:?}", full.problems);
    // Every place of the tray stays, empty.
    assert_eq!(full.tray.len(), empty.tray.len());
    assert!(full.tray.iter().all(|item| item.count == 0));
    assert!(setup.ready(&mut game).is_none());
    assert!(matches!(game.game().stage(), Stage::HandOff(Side::Blue, _)));
}

#[test]
fn only_a_domino_turns_round() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    setup.fill(&mut game);
    setup.tap(&mut game, zone(0, 0));
    let refused = setup.flip(&mut game);
    assert!(
        matches!(&refused, Some(Effect::Refuse(why)) if why.contains("only a stone with two different numbers")),
        "{refused:?}"
    );
    let mut domino = at_setup("domino");
    let model = setup.model(&domino, &SetupLibrary::in_memory(), display(Side::Red));
    assert!(model.unwrap().can_flip);
    setup.fill(&mut domino);
    // Nothing picked up: it says what to do first.
    let mut unpicked = SetupController::unbound();
    let refused = unpicked.flip(&mut domino);
    assert!(
        matches!(&refused, Some(Effect::Refuse(why)) if why.starts_with("Tap a stone on the board first")),
        "{refused:?}"
    );
    // A double: it says why, as a sentence.
    let draft = domino.game().draft().unwrap();
    let double = draft
        .placed()
        .find(|(_, p)| p.domino_face(draft.variant()).is_some_and(|(a, d)| a == d))
        .map(|(s, _)| s)
        .expect("a double");
    unpicked.tap(&mut domino, double);
    let refused = unpicked.flip(&mut domino);
    assert!(
        matches!(&refused, Some(Effect::Refuse(why)) if why.starts_with("A double reads the same both ways")),
        "{refused:?}"
    );
    let draft = domino.game().draft().unwrap();
    let square = draft
        .placed()
        .find(|(_, p)| p.domino_face(draft.variant()).is_some_and(|(a, d)| a != d))
        .map(|(s, _)| s)
        .expect("a stone of two numbers");
    let before = draft.at(square);
    setup.tap(&mut domino, square);
    // Turned, and the rule met (the first time) is told, not refused.
    let turned = setup.flip(&mut domino);
    assert!(
        matches!(&turned, Some(Effect::RuleMet(note)) if note.text.starts_with("Turned:")),
        "{turned:?}"
    );
    assert_ne!(
        domino.game().draft().unwrap().at(square),
        before,
        "turned round"
    );
}

#[test]
fn a_setup_saved_in_the_library_loads_back() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    let mut library = SetupLibrary::in_memory();
    setup.fill(&mut game);
    let filled = game.game().draft().unwrap().to_setup();
    assert!(setup.save(&game, &mut library, " lakeside ").is_none());
    assert_eq!(setup.status, "Saved \"lakeside\".");
    setup.clear(&mut game);
    assert_eq!(game.game().draft().unwrap().placed().count(), 0);
    setup.load(&mut game, &library, 0);
    assert_eq!(setup.status, "Loaded \"lakeside\".");
    assert_eq!(game.game().draft().unwrap().to_setup(), filled);
    let model = setup.model(&game, &library, display(Side::Red)).unwrap();
    assert_eq!(model.saved_names, vec!["lakeside".to_string()]);
}

/// Issue 77: on a shared device a setup belongs to the player who saved it.
/// Ana's setup is not offered to Ben; a player who gave no name is offered
/// no one's and saves nothing, and is told why.
#[test]
fn a_setup_saved_by_one_player_is_offered_to_no_other() {
    let mut game = at_setup("classic");
    let mut setup = SetupController::unbound();
    let mut library = SetupLibrary::in_memory();
    setup.fill(&mut game);
    assert!(setup.save(&game, &mut library, "Left flag").is_none());
    game.game_mut().setup_ready().unwrap();
    hand_off(&mut game, |h| h.take_device());
    assert_eq!(game.game().stage(), Stage::Setup(Side::Blue));
    let ben = setup.model(&game, &library, display(Side::Blue)).unwrap();
    assert!(ben.library_open);
    assert!(ben.saved_names.is_empty(), "{:?}", ben.saved_names);
    setup.load(&mut game, &library, 0);
    assert_eq!(
        game.game().draft().unwrap().placed().count(),
        0,
        "nothing loaded"
    );

    // Ana's setup is still hers in her next game, whichever side she plays.
    let v = builtin_variant("classic").unwrap();
    let mut next = PassAndPlay::new(Arc::clone(&v), GameOptions::defaults(&v), 8);
    next.set_players([Some("Ben".into()), Some("ana ".into())]);
    let mut next: GameOnDevice = next.into();
    hand_off(&mut next, |h| h.take_device());
    let red = setup.model(&next, &library, display(Side::Red)).unwrap();
    assert!(red.saved_names.is_empty(), "Ben plays Red: none of Ana's");
    next.game_mut().fill_setup();
    next.game_mut().setup_ready().unwrap();
    hand_off(&mut next, |h| h.take_device());
    let blue = setup.model(&next, &library, display(Side::Blue)).unwrap();
    assert_eq!(blue.saved_names, ["Left flag"], "Ana, now Blue, has hers");

    // Nameless players keep no setups on a shared device.
    let mut nameless: GameOnDevice =
        PassAndPlay::new(Arc::clone(&v), GameOptions::defaults(&v), 9).into();
    hand_off(&mut nameless, |h| h.take_device());
    let model = setup
        .model(&nameless, &library, display(Side::Red))
        .unwrap();
    assert!(!model.library_open && model.saved_names.is_empty());
    let refused = setup.save(&nameless, &mut library, "mine");
    assert!(matches!(refused, Some(Effect::Refuse(_))));
}

#[test]
fn a_domino_setup_says_what_is_left_in_a_line_and_the_last_piece_by_itself() {
    let mut game = at_setup("domino");
    let mut setup = SetupController::unbound();
    let library = SetupLibrary::in_memory();
    let empty = setup.model(&game, &library, display(Side::Red)).unwrap();
    // The unfilled zone goes without saying while stones are left.
    assert_eq!(
        empty.problems,
        ["24 pieces still to place: tap one in the tray, then a square."]
    );
    setup.fill(&mut game);
    let filled = setup.model(&game, &library, display(Side::Red)).unwrap();
    assert!(filled.problems.is_empty(), "{:?}", filled.problems);
    // The last piece is one, and any other problem is said as well.
    let last = [
        SetupProblem::WrongCount {
            piece: "6-6".into(),
            expected: 1,
            found: 0,
        },
        SetupProblem::ZoneNotFilled {
            empty: vec![Square::new(0, 0)],
        },
        SetupProblem::SquareTwice(Square::new(1, 0)),
    ];
    assert_eq!(
        what_is_left(&last),
        [
            "1 piece still to place: tap it in the tray, then a square.",
            "b1 holds more than one piece"
        ]
    );
}
