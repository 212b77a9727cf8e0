//! Variants are data: the built-in files load and say what RULES.md says,
//! a bad file is rejected with file, field and problem, and a new variant
//! needs nothing but its file.

use crate::common;

use flagfall::core::playout::play_random;
use flagfall::core::variant::{
    ArmyRule, Combat, Mobility, Special, Variant, builtin, builtin_variant,
};
use flagfall::core::{Game, GameOptions, Square, TwoSquares};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn counts(variant: &Variant) -> Vec<(String, u32)> {
    variant
        .kinds
        .iter()
        .map(|k| (k.key.clone(), k.count))
        .collect()
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn every_file_in_variants_folder_is_built_in_and_valid() {
    // Board variants only: `variants/live/` holds the live-action game's rules.
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/variants"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
        })
        .count();
    assert!(builtin().errors.is_empty(), "{:?}", builtin().errors);
    assert_eq!(builtin().variants.len(), files);
    for id in common::BUILT_IN {
        assert!(builtin_variant(id).is_some(), "{id} is built in");
    }
}

#[test]
fn classic_matches_the_rules() {
    let v = builtin_variant("classic").unwrap();
    assert_eq!((v.board.columns, v.board.rows), (10, 10));
    assert_eq!(
        v.board.blocked,
        squares(&["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"])
    );
    assert_eq!((v.setup.rows, v.setup.must_fill), (4, true));
    let expected = [
        ("marshal", 1),
        ("general", 1),
        ("colonel", 2),
        ("major", 3),
        ("captain", 4),
        ("lieutenant", 4),
        ("sergeant", 4),
        ("miner", 5),
        ("scout", 8),
        ("spy", 1),
        ("bomb", 6),
        ("flag", 1),
    ];
    assert_eq!(
        counts(&v),
        expected.map(|(k, n)| (k.to_string(), n)).to_vec()
    );
    assert_eq!(v.rules.quiet_ply_limit, Some(200));
    assert_eq!(v.rules.two_squares_default, TwoSquares::Limit(3));
    assert_eq!(v.rules.rescue.per_player, 2);
    assert!(!v.rules.rescue.same_piece_twice);
    let marshal = v.kind_by_key("marshal").unwrap();
    assert_eq!(
        v.combat,
        Combat::Rank {
            spy_target: Some(marshal),
            one_time_bombs: false
        }
    );
    assert_eq!(
        v.kind(v.kind_by_key("scout").unwrap()).mobility,
        Mobility::Line
    );
    assert_eq!(v.kind(marshal).labels.classic, "1");
    assert_eq!(v.kind(marshal).labels.modern, "10");
}

#[test]
fn small_has_no_marshal_so_the_spy_hunts_the_general() {
    let v = builtin_variant("small").unwrap();
    assert_eq!((v.board.columns, v.board.rows, v.setup.rows), (8, 8, 3));
    assert_eq!(v.board.blocked, squares(&["c4", "c5", "f4", "f5"]));
    assert_eq!(v.kinds.iter().map(|k| k.count).sum::<u32>(), 24);
    assert!(v.kind_by_key("marshal").is_none());
    assert_eq!(
        v.combat,
        Combat::Rank {
            spy_target: v.kind_by_key("general"),
            one_time_bombs: false
        }
    );
}

#[test]
fn barrage_and_duell_armies_need_not_fill_the_zone() {
    let barrage = builtin_variant("barrage").unwrap();
    let duell = builtin_variant("duell").unwrap();
    assert!(!barrage.setup.must_fill && !duell.setup.must_fill);
    assert_eq!(barrage.kinds.iter().map(|k| k.count).sum::<u32>(), 8);
    assert_eq!(duell.kinds.iter().map(|k| k.count).sum::<u32>(), 10);
    let count = |v: &Variant, key: &str| v.kind(v.kind_by_key(key).unwrap()).count;
    assert_eq!((count(&duell, "bomb"), count(&duell, "miner")), (2, 2));
    assert_eq!(
        (
            count(&barrage, "bomb"),
            count(&barrage, "miner"),
            count(&barrage, "scout")
        ),
        (1, 1, 2)
    );
}

#[test]
fn domino_deals_24_of_a_double_six_set() {
    let v = builtin_variant("domino").unwrap();
    assert_eq!((v.board.columns, v.board.rows, v.setup.rows), (8, 10, 3));
    assert!(v.board.blocked.is_empty());
    assert_eq!(v.kinds.len(), 28);
    let (flag, slayer) = (v.kind_by_key("6-6").unwrap(), v.kind_by_key("0-0").unwrap());
    assert_eq!(
        v.combat,
        Combat::Domino {
            flag,
            flag_slayer: slayer
        }
    );
    assert_eq!(
        v.army,
        ArmyRule::Domino {
            dealt: 24,
            must_hold: vec![slayer, flag]
        }
    );
    assert!(
        v.kinds.iter().all(|k| k.mobility == Mobility::Step),
        "every stone moves one square"
    );
}

#[test]
fn piecepack_has_a_hole_and_two_suits_each() {
    let v = builtin_variant("piecepack").unwrap();
    assert_eq!((v.board.columns, v.board.rows, v.setup.rows), (6, 6, 2));
    assert_eq!(v.board.blocked, squares(&["c3", "d3", "c4", "d4"]));
    assert_eq!(v.board.blocked_name, "hole");
    let suits: Vec<&str> = v.suits.iter().map(|s| s.key.as_str()).collect();
    assert_eq!(suits, ["red", "yellow", "blue", "black"]);
    let pawn = v.kind(v.kind_by_key("scout").unwrap());
    assert!(pawn.public && pawn.mobility == Mobility::Line);
    assert!(!v.kinds.iter().any(|k| k.special == Special::Spy), "no spy");
    let (flag, captain) = (
        v.kind_by_key("flag").unwrap(),
        v.kind_by_key("captain").unwrap(),
    );
    assert_eq!(
        v.army,
        ArmyRule::Suited {
            first_loss: flag,
            second_loss: captain
        }
    );
}

#[test]
fn a_new_variant_is_a_file_alone_and_plays_to_the_end() {
    let text = include_str!("../data/skirmish6.json");
    let variant =
        Arc::new(Variant::from_json("tests/data/skirmish6.json", text).expect("valid variant"));
    assert_eq!(
        variant.combat,
        Combat::Rank {
            spy_target: variant.kind_by_key("knight"),
            one_time_bombs: false
        }
    );
    for seed in 0..50 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::random(
            Arc::clone(&variant),
            GameOptions::defaults(&variant),
            &mut rng,
        );
        play_random(&mut game, &mut rng, usize::MAX);
        assert!(game.position().outcome().is_some());
    }
}

fn rejected(text: &str) -> String {
    Variant::from_json("variants/broken.json", text)
        .expect_err("must be rejected")
        .to_string()
}

fn classic_with(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut json: serde_json::Value =
        serde_json::from_str(include_str!("../../variants/classic.json")).unwrap();
    edit(&mut json);
    json.to_string()
}

#[test]
fn broken_json_names_file_line_and_column() {
    let message = rejected("{\n  \"format\": 1,\n  \"id\": \n}");
    assert!(
        message.starts_with("variants/broken.json is not a valid variant:"),
        "{message}"
    );
    assert!(message.contains("line 4 column 1"), "{message}");
}

#[test]
fn misspelt_field_is_named() {
    let message = rejected(&classic_with(|j| {
        let board = j["board"].as_object_mut().unwrap();
        let columns = board.remove("columns").unwrap();
        board.insert("colums".into(), columns);
    }));
    assert!(message.contains("unknown field `colums`"), "{message}");
}

#[test]
fn every_problem_is_reported_at_once_with_its_field() {
    let message = rejected(&classic_with(|j| {
        j["board"]["blocked"][2] = "k5".into();
        j["pieces"][0]["count"] = 0.into();
        j["pieces"][1]["move"] = "jump".into();
        j["pieces"][11]["special"] = "banner".into();
        j["rules"]["two_squares"]["default"] = "7".into();
    }));
    for expected in [
        "board.blocked[2]: k5 is off the 10x10 board",
        "pieces[0].count: 0 is outside 1..100",
        "pieces[1].move: \"jump\" is not one of none, step, line",
        "pieces[11].special: \"banner\" is not one of bomb, flag, spy, miner",
        "the army has no flag",
        "rules.two_squares.default: must be one of the choices",
    ] {
        assert!(
            message.contains(expected),
            "missing \"{expected}\" in:\n{message}"
        );
    }
}

#[test]
fn an_army_that_does_not_fill_a_zone_that_must_be_filled_is_rejected() {
    let message = rejected(&classic_with(|j| j["pieces"][8]["count"] = 7.into()));
    assert!(
        message.contains("setup (Red): the zone has 40 free squares but the army has 39 pieces, and it must be filled"),
        "{message}"
    );
}

#[test]
fn moving_bombs_and_unsupported_formats_are_rejected() {
    let message = rejected(&classic_with(|j| {
        j["format"] = 2.into();
        j["pieces"][10]["move"] = "step".into();
    }));
    assert!(
        message.contains("format: version 2 is not supported"),
        "{message}"
    );
    assert!(
        message.contains("pieces[10].move: a Bomb never moves"),
        "{message}"
    );
}

#[test]
fn domino_stones_must_exist_in_the_set() {
    let mut json: serde_json::Value =
        serde_json::from_str(include_str!("../../variants/domino.json")).unwrap();
    json["combat"]["flag"] = "7-7".into();
    json["dominoes"]["dealt"] = 30.into();
    let message = rejected(&json.to_string());
    assert!(
        message.contains("combat.flag: \"7-7\" is not a stone of a double-6 set"),
        "{message}"
    );
    assert!(
        message.contains("dominoes.dealt: 30 is outside 1..28"),
        "{message}"
    );
}
