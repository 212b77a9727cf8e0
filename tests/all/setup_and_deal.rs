//! Setups and deals (RULES.md): armies per variant, setup zones that must be
//! filled, every setup problem reported at once, random setups, the domino
//! deal (24 of 28, redrawn until it holds the 0-0 and the 6-6, seedable) and
//! the piecepack discards (a null from one suit, an ace from the other).

use crate::common;

use flagfall::core::Side::{Blue, Red};
use flagfall::core::deal::{DealError, deal_dominoes, random_deal};
use flagfall::core::variant::{ArmyRule, builtin, builtin_variant};
use flagfall::core::{
    Action, Deal, Game, GameOptions, KindId, Move, Piece, Placement, Setup, SetupProblem, Side,
    Square, SuitId, Variant,
};
use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;

// ---------------------------------------------------------------- helpers

fn variant(id: &str) -> Arc<Variant> {
    builtin_variant(id).unwrap_or_else(|| panic!("no built-in variant {id}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn kind(v: &Variant, key: &str) -> KindId {
    v.kind_by_key(key)
        .unwrap_or_else(|| panic!("{} has no kind {key}", v.id))
}

fn suit(v: &Variant, key: &str) -> SuitId {
    v.suit_by_key(key)
        .unwrap_or_else(|| panic!("{} has no suit {key}", v.id))
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The deal's army laid out in order over the zone, row by row from the
/// side's left: a valid setup wherever the zone is exactly the army's size.
fn ordered_setup(v: &Variant, side: Side, deal: &Deal) -> Setup {
    let army = deal.army(v, side).expect("a valid deal");
    let placements = army
        .into_iter()
        .zip(v.setup_squares(side))
        .map(|(piece, square)| Placement { square, piece })
        .collect();
    Setup { side, placements }
}

fn problems(v: &Variant, setup: Setup, deal: &Deal) -> Vec<SetupProblem> {
    match setup.check(v, deal, &GameOptions::defaults(v)) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems,
    }
}

fn index_at(setup: &Setup, square: &str) -> usize {
    setup
        .placements
        .iter()
        .position(|p| p.square == sq(square))
        .unwrap_or_else(|| panic!("nothing on {square}"))
}

/// Pieces per kind key (and suit key, if any).
fn counts(v: &Variant, army: &[Piece]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for piece in army {
        let mut name = v.kind(piece.kind).key.clone();
        if let Some(s) = piece.suit {
            name = format!("{} {name}", v.suit(s).key);
        }
        *counts.entry(name).or_default() += 1;
    }
    counts
}

fn kind_counts(v: &Variant, army: &[Piece]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for piece in army {
        *counts.entry(v.kind(piece.kind).key.clone()).or_default() += 1;
    }
    counts
}

fn expected_counts(list: &[(&str, usize)]) -> BTreeMap<String, usize> {
    list.iter().map(|(k, n)| (k.to_string(), *n)).collect()
}

fn domino_deal(seed: u64) -> Deal {
    deal_dominoes(&variant("domino"), &mut rng(seed)).expect("a domino variant")
}

fn hand_of(deal: &Deal) -> (&Vec<KindId>, &Vec<KindId>, u32) {
    match deal {
        Deal::Domino {
            hand,
            set_aside,
            redraws,
        } => (hand, set_aside, *redraws),
        other => panic!("not a domino deal: {other:?}"),
    }
}

// ------------------------------------------------------------------ armies

#[test]
fn classic_army_matches_the_rule_book() {
    let v = variant("classic");
    let army = Deal::Fixed.army(&v, Red).unwrap();
    assert_eq!(army.len(), 40);
    let expected = expected_counts(&[
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
    ]);
    assert_eq!(kind_counts(&v, &army), expected);
    assert_eq!(v.setup.rows, 4);
    assert!(v.setup.must_fill);
}

#[test]
fn small_army_matches_the_rule_book() {
    let v = variant("small");
    let army = Deal::Fixed.army(&v, Blue).unwrap();
    let expected = expected_counts(&[
        ("general", 1),
        ("colonel", 1),
        ("major", 2),
        ("captain", 2),
        ("sergeant", 4),
        ("miner", 4),
        ("scout", 4),
        ("spy", 1),
        ("bomb", 4),
        ("flag", 1),
    ]);
    assert_eq!(kind_counts(&v, &army), expected);
    assert_eq!((v.board.columns, v.board.rows, v.setup.rows), (8, 8, 3));
}

#[test]
fn barrage_and_duell_armies_match_the_rule_book() {
    let barrage = variant("barrage");
    let expected = [
        ("flag", 1),
        ("spy", 1),
        ("scout", 2),
        ("miner", 1),
        ("general", 1),
        ("marshal", 1),
        ("bomb", 1),
    ];
    let army = Deal::Fixed.army(&barrage, Red).unwrap();
    assert_eq!(kind_counts(&barrage, &army), expected_counts(&expected));
    let duell = variant("duell");
    let mut expected = expected.to_vec();
    for (key, n) in &mut expected {
        if *key == "bomb" || *key == "miner" {
            *n = 2;
        }
    }
    let army = Deal::Fixed.army(&duell, Red).unwrap();
    assert_eq!(kind_counts(&duell, &army), expected_counts(&expected));
    for v in [barrage, duell] {
        assert_eq!(v.setup.rows, 4);
        assert!(!v.setup.must_fill, "{}: any squares of the four rows", v.id);
    }
}

// ------------------------------------------------------------ setup checks

#[test]
fn valid_setups_pass_for_both_sides() {
    let v = variant("classic");
    for side in Side::BOTH {
        let setup = ordered_setup(&v, side, &Deal::Fixed);
        let checked = setup
            .check(&v, &Deal::Fixed, &GameOptions::defaults(&v))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(checked.placements().len(), 40);
        assert_eq!(checked.side(), side);
    }
}

#[test]
fn check_reports_every_problem_at_once() {
    let v = variant("classic");
    let mut setup = ordered_setup(&v, Red, &Deal::Fixed);
    let name = |setup: &Setup, at: &str| {
        v.kind(setup.placements[index_at(setup, at)].piece.kind)
            .key
            .clone()
    };
    assert_eq!(
        ["a1", "b1", "c1", "e1", "f1"].map(|at| name(&setup, at)),
        ["marshal", "general", "colonel", "major", "major"]
    );
    let i = index_at(&setup, "a1");
    setup.placements[i].square = sq("e5"); // outside the zone
    let i = index_at(&setup, "b1");
    setup.placements[i].square = sq("c5"); // on a lake
    let i = index_at(&setup, "c1");
    setup.placements[i].square = sq("d1"); // d1 used twice
    let i = index_at(&setup, "f1");
    setup.placements[i].piece.flipped = true; // a Major cannot be turned
    let i = index_at(&setup, "e1");
    setup.placements.remove(i); // one Major short
    setup.placements.push(Placement {
        square: sq("k1"), // off the board, and a ninth Scout
        piece: Piece::new(kind(&v, "scout")),
    });
    let found = problems(&v, setup, &Deal::Fixed);
    let expected = vec![
        SetupProblem::OutsideZone {
            square: sq("e5"),
            rows: 4,
        },
        SetupProblem::Blocked {
            square: sq("c5"),
            what: "lake".into(),
        },
        SetupProblem::SquareTwice(sq("d1")),
        SetupProblem::Orientation {
            square: sq("f1"),
            piece: "Major".into(),
        },
        SetupProblem::OffBoard(sq("k1")),
        SetupProblem::WrongCount {
            piece: "Major".into(),
            expected: 3,
            found: 2,
        },
        SetupProblem::WrongCount {
            piece: "Scout".into(),
            expected: 8,
            found: 9,
        },
        SetupProblem::ZoneNotFilled {
            empty: vec![sq("a1"), sq("b1"), sq("c1"), sq("e1")],
        },
    ];
    for problem in &expected {
        assert!(found.contains(problem), "missing {problem:?} in {found:#?}");
    }
    assert_eq!(found.len(), expected.len(), "{found:#?}");
}

#[test]
fn wrong_count_is_reported_for_each_kind() {
    let v = variant("classic");
    let mut setup = ordered_setup(&v, Red, &Deal::Fixed);
    let i = index_at(&setup, "j4");
    assert_eq!(setup.placements[i].piece.kind, kind(&v, "flag"));
    setup.placements[i].piece = Piece::new(kind(&v, "marshal"));
    let found = problems(&v, setup, &Deal::Fixed);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.contains(&SetupProblem::WrongCount {
        piece: "Marshal".into(),
        expected: 1,
        found: 2
    }));
    assert!(found.contains(&SetupProblem::WrongCount {
        piece: "Flag".into(),
        expected: 1,
        found: 0
    }));
}

#[test]
fn blue_sets_up_in_the_four_rows_nearest_blue() {
    let v = variant("classic");
    let blue = ordered_setup(&v, Blue, &Deal::Fixed);
    assert!(blue.placements.iter().all(|p| p.square.row >= 6));
    let mut moved = blue.clone();
    let i = index_at(&moved, "a7");
    moved.placements[i].square = sq("a6");
    assert_eq!(
        problems(&v, moved, &Deal::Fixed),
        vec![
            SetupProblem::OutsideZone {
                square: sq("a6"),
                rows: 4
            },
            SetupProblem::ZoneNotFilled {
                empty: vec![sq("a7")]
            },
        ]
    );
    // Red's zone is not Blue's.
    let mut swapped = ordered_setup(&v, Red, &Deal::Fixed);
    swapped.side = Blue;
    let found = problems(&v, swapped, &Deal::Fixed);
    let outside = found
        .iter()
        .filter(|p| matches!(p, SetupProblem::OutsideZone { .. }))
        .count();
    assert_eq!(outside, 40);
}

#[test]
fn zone_must_be_filled_in_classic() {
    let v = variant("classic");
    let mut setup = ordered_setup(&v, Red, &Deal::Fixed);
    let i = index_at(&setup, "j4");
    setup.placements.remove(i);
    let found = problems(&v, setup, &Deal::Fixed);
    assert!(found.contains(&SetupProblem::ZoneNotFilled {
        empty: vec![sq("j4")]
    }));
}

#[test]
fn barrage_pieces_go_anywhere_in_the_four_rows() {
    let v = variant("barrage");
    let army = Deal::Fixed.army(&v, Red).unwrap();
    let squares = ["a1", "j1", "e2", "b3", "i3", "a4", "e4", "j4"];
    let placements = army
        .iter()
        .zip(squares)
        .map(|(piece, at)| Placement {
            square: sq(at),
            piece: *piece,
        })
        .collect();
    let setup = Setup {
        side: Red,
        placements,
    };
    assert_eq!(problems(&v, setup.clone(), &Deal::Fixed), vec![]);
    let mut outside = setup;
    outside.placements[0].square = sq("a5");
    assert_eq!(
        problems(&v, outside, &Deal::Fixed),
        vec![SetupProblem::OutsideZone {
            square: sq("a5"),
            rows: 4
        }]
    );
}

#[test]
fn flipped_classic_piece_is_refused() {
    let v = variant("classic");
    let mut setup = ordered_setup(&v, Red, &Deal::Fixed);
    let i = index_at(&setup, "a1");
    setup.placements[i].piece.flipped = true;
    assert_eq!(
        problems(&v, setup, &Deal::Fixed),
        vec![SetupProblem::Orientation {
            square: sq("a1"),
            piece: "Marshal".into()
        }]
    );
}

#[test]
fn domino_double_cannot_stand_flipped_but_other_stones_can() {
    let v = variant("domino");
    let deal = domino_deal(7);
    let mut setup = ordered_setup(&v, Red, &deal);
    assert_eq!(problems(&v, setup.clone(), &deal), vec![]);
    // Turn every stone round: fine for all but the doubles.
    let mut expected = Vec::new();
    for p in &mut setup.placements {
        p.piece.flipped = true;
        let (low, high) = v.kind(p.piece.kind).pips.expect("a domino");
        if low == high {
            expected.push(SetupProblem::Orientation {
                square: p.square,
                piece: format!("{low}-{low}"),
            });
        }
    }
    assert!(expected.len() >= 2, "the hand holds the 0-0 and the 6-6");
    assert_eq!(problems(&v, setup, &deal), expected);
    // A 2-5 stands as 2-5 or, turned round, as 5-2.
    let two_five = kind(&v, "2-5");
    let turned = Piece {
        kind: two_five,
        suit: None,
        flipped: true,
    };
    assert_eq!(turned.domino_face(&v), Some((5, 2)));
    assert_eq!(Piece::new(two_five).domino_face(&v), Some((2, 5)));
}

#[test]
fn classic_piece_with_a_suit_is_refused() {
    let v = variant("classic");
    let mut setup = ordered_setup(&v, Red, &Deal::Fixed);
    let i = index_at(&setup, "a1");
    setup.placements[i].piece.suit = Some(SuitId(0)); // classic has no suits
    let found = problems(&v, setup, &Deal::Fixed);
    assert!(
        found.contains(&SetupProblem::UnknownPiece(sq("a1"))),
        "{found:?}"
    );
}

#[test]
fn piecepack_coin_of_the_opponents_suit_is_refused() {
    let v = variant("piecepack");
    let deal = Deal::Discard {
        first_loss_suit: suit(&v, "red"),
    };
    let mut setup = ordered_setup(&v, Red, &deal);
    let i = index_at(&setup, "a1");
    setup.placements[i].piece.suit = Some(suit(&v, "blue"));
    let found = problems(&v, setup.clone(), &deal);
    assert!(
        found.contains(&SetupProblem::UnknownPiece(sq("a1"))),
        "{found:?}"
    );
    // A coin must have a suit at all.
    setup.placements[i].piece.suit = None;
    let found = problems(&v, setup, &deal);
    assert!(
        found.contains(&SetupProblem::UnknownPiece(sq("a1"))),
        "{found:?}"
    );
}

#[test]
fn piecepack_setup_fills_the_two_nearest_rows_and_not_the_hole() {
    let v = variant("piecepack");
    let deal = Deal::Discard {
        first_loss_suit: suit(&v, "black"),
    };
    let setup = ordered_setup(&v, Blue, &deal);
    assert_eq!(setup.placements.len(), 12);
    assert!(setup.placements.iter().all(|p| p.square.row >= 4));
    assert_eq!(problems(&v, setup.clone(), &deal), vec![]);
    let mut on_hole = setup;
    let i = index_at(&on_hole, "c5");
    on_hole.placements[i].square = sq("c4");
    let found = problems(&v, on_hole, &deal);
    assert!(
        found.contains(&SetupProblem::Blocked {
            square: sq("c4"),
            what: "hole".into()
        }),
        "{found:?}"
    );
    assert!(found.contains(&SetupProblem::ZoneNotFilled {
        empty: vec![sq("c5")]
    }));
}

#[test]
fn random_setup_is_valid_for_every_builtin_variant() {
    let all = builtin();
    assert!(all.errors.is_empty(), "{:?}", all.errors);
    let mut ids: Vec<&str> = all.variants.iter().map(|v| v.id.as_str()).collect();
    ids.sort();
    assert_eq!(
        ids,
        [
            "barrage",
            "classic",
            "domino",
            "duell",
            "free",
            "piecepack",
            "small",
            "ultimate-lightning"
        ]
    );
    for v in &all.variants {
        for seed in 0..25 {
            let mut r = rng(seed);
            let mut taken = Vec::new();
            let sides = Side::BOTH.map(|side| {
                let deal = random_deal(v, side, &mut r);
                // Free setup: Blue keeps off Red's squares.
                let setup = Setup::random_avoiding(v, side, &deal, &taken, &mut r).unwrap();
                taken.extend(setup.placements.iter().map(|p| p.square));
                assert_eq!(
                    problems(v, setup.clone(), &deal),
                    vec![],
                    "{} seed {seed} {side}",
                    v.id
                );
                (deal, setup)
            });
            let [red, blue] = sides;
            let game = Game::new(Arc::clone(v), GameOptions::defaults(v), red, blue)
                .unwrap_or_else(|e| panic!("{}: {e}", v.id));
            assert_eq!(game.position().outcome(), None, "{} seed {seed}", v.id);
        }
    }
}

#[test]
fn game_starts_from_valid_setups_with_red_to_move() {
    let v = variant("classic");
    let setups = Side::BOTH.map(|side| (Deal::Fixed, ordered_setup(&v, side, &Deal::Fixed)));
    let [red, blue] = setups;
    let mut game = Game::new(Arc::clone(&v), GameOptions::defaults(&v), red, blue).unwrap();
    assert_eq!(game.position().to_move(), Red);
    // Blue's scouts would reach, but Red moves first.
    let blue_first = Action::Move(Move::new(sq("a7"), sq("a6")));
    assert!(game.play(blue_first).is_err());
    assert!(game.actions().is_empty());
    game.play(Action::Move(Move::new(sq("a4"), sq("a6"))))
        .unwrap();
    assert_eq!(game.position().to_move(), Blue);
}

#[test]
fn game_reports_the_problems_of_both_sides() {
    let v = variant("classic");
    let mut red = ordered_setup(&v, Red, &Deal::Fixed);
    red.placements.pop();
    let mut blue = ordered_setup(&v, Blue, &Deal::Fixed);
    blue.placements[0].square = sq("e5");
    let err = Game::new(
        Arc::clone(&v),
        GameOptions::defaults(&v),
        (Deal::Fixed, red),
        (Deal::Fixed, blue),
    )
    .unwrap_err();
    let sides: Vec<Side> = err.setups.iter().map(|e| e.side).collect();
    assert_eq!(sides, vec![Red, Blue]);
}

// ------------------------------------------------------------ domino deal

#[test]
fn domino_deal_is_24_stones_plus_4_set_aside_of_the_full_set() {
    let v = variant("domino");
    let full: Vec<KindId> = v.kind_ids().collect();
    assert_eq!(full.len(), 28, "a double-six set");
    let (zero, six) = (kind(&v, "0-0"), kind(&v, "6-6"));
    for seed in 0..300 {
        let deal = domino_deal(seed);
        let (hand, set_aside, _) = hand_of(&deal);
        assert_eq!(hand.len(), 24, "seed {seed}");
        assert_eq!(set_aside.len(), 4, "seed {seed}");
        let mut all: Vec<KindId> = hand.iter().chain(set_aside).copied().collect();
        all.sort();
        assert_eq!(all, full, "seed {seed}: every stone exactly once");
        assert!(hand.contains(&zero) && hand.contains(&six), "seed {seed}");
        let army = deal.army(&v, Red).unwrap();
        assert_eq!(army.len(), 24);
        assert!(army.iter().all(|p| hand.contains(&p.kind)));
    }
}

#[test]
fn domino_same_seed_gives_the_same_deal() {
    for seed in 0..20 {
        assert_eq!(domino_deal(seed), domino_deal(seed));
    }
    let deals: Vec<Deal> = (0..10).map(domino_deal).collect();
    assert!(
        deals.iter().any(|d| *d != deals[0]),
        "seeds change the deal"
    );
}

/// The redraws a deal should report: shuffle the whole set with the same
/// random stream (Fisher-Yates from the last stone, as the deal does) until
/// the first 24 hold the 0-0 and the 6-6.
fn replay_deal(v: &Variant, seed: u64) -> (Vec<KindId>, u32) {
    let mut r = rng(seed);
    let must = [kind(v, "0-0"), kind(v, "6-6")];
    let mut stones: Vec<KindId> = v.kind_ids().collect();
    let mut redraws = 0;
    loop {
        for i in (1..stones.len()).rev() {
            stones.swap(i, r.random_range(0..i + 1));
        }
        if must.iter().all(|s| stones[..24].contains(s)) {
            let mut hand = stones[..24].to_vec();
            hand.sort();
            return (hand, redraws);
        }
        redraws += 1;
    }
}

#[test]
fn domino_redraws_are_counted() {
    let v = variant("domino");
    let mut with_redraws = 0;
    for seed in 0..200 {
        let deal = domino_deal(seed);
        let (hand, _, redraws) = hand_of(&deal);
        let (replayed_hand, replayed) = replay_deal(&v, seed);
        assert_eq!(redraws, replayed, "seed {seed}");
        assert_eq!(*hand, replayed_hand, "seed {seed}");
        if redraws > 0 {
            with_redraws += 1;
        }
    }
    assert!(with_redraws > 0, "no seed needed a redraw");
}

#[test]
fn domino_redraw_rate_is_plausible() {
    // P(0-0 and 6-6 both among 24 of 28) = 24*23 / (28*27) ~ 0.730, so a
    // deal needs (1-p)/p ~ 0.37 redraws on average.
    let n = 4000;
    let (mut total, mut first_time) = (0u32, 0u32);
    for seed in 0..n {
        let (_, _, redraws) = hand_of(&domino_deal(1_000_000 + seed));
        total += redraws;
        first_time += u32::from(redraws == 0);
    }
    let mean = f64::from(total) / n as f64;
    let p = f64::from(first_time) / n as f64;
    assert!((0.31..=0.43).contains(&mean), "mean redraws {mean}");
    assert!((0.70..=0.76).contains(&p), "first-draw success {p}");
}

#[test]
fn domino_deal_is_only_for_domino_variants() {
    assert_eq!(deal_dominoes(&variant("classic"), &mut rng(1)), None);
    let v = variant("domino");
    assert!(matches!(
        Deal::Fixed.army(&v, Red),
        Err(DealError::WrongKind { .. })
    ));
}

#[test]
fn domino_hand_without_the_6_6_is_refused() {
    let v = variant("domino");
    let (zero, six) = (kind(&v, "0-0"), kind(&v, "6-6"));
    let mut hand: Vec<KindId> = v.kind_ids().filter(|k| *k != six).take(24).collect();
    assert!(hand.contains(&zero));
    let set_aside: Vec<KindId> = v.kind_ids().filter(|k| !hand.contains(k)).collect();
    let deal = Deal::Domino {
        hand: hand.clone(),
        set_aside: set_aside.clone(),
        redraws: 0,
    };
    assert_eq!(
        deal.army(&v, Red),
        Err(DealError::MissingStone("6-6".into()))
    );
    let setup = Setup::new(Red);
    let found = problems(&v, setup, &deal);
    assert!(found.contains(&SetupProblem::Deal(DealError::MissingStone("6-6".into()))));
    // A hand of 23 stones is no deal either.
    hand.pop();
    let short = Deal::Domino {
        hand,
        set_aside,
        redraws: 0,
    };
    assert!(matches!(
        short.army(&v, Red),
        Err(DealError::HandSize { .. }) | Err(DealError::SetAside)
    ));
}

// --------------------------------------------------------- piecepack deal

#[test]
fn piecepack_suits_go_by_colour() {
    let v = variant("piecepack");
    let keys = |side| -> Vec<String> { v.suits_of(side).map(|s| v.suit(s).key.clone()).collect() };
    let mut red = keys(Red);
    red.sort();
    let mut blue = keys(Blue);
    blue.sort();
    assert_eq!(red, ["red", "yellow"]);
    assert_eq!(blue, ["black", "blue"]);
    assert!(matches!(v.army, ArmyRule::Suited { .. }));
}

#[test]
fn piecepack_discards_a_null_from_one_suit_and_an_ace_from_the_other() {
    let v = variant("piecepack");
    for (side, chosen, other) in [
        (Red, "red", "yellow"),
        (Red, "yellow", "red"),
        (Blue, "blue", "black"),
        (Blue, "black", "blue"),
    ] {
        let deal = Deal::Discard {
            first_loss_suit: suit(&v, chosen),
        };
        let army = deal.army(&v, side).unwrap();
        assert_eq!(army.len(), 12, "{chosen}");
        let expected = expected_counts(&[
            ("scout", 2),
            ("bomb", 2),
            ("miner", 2),
            ("sergeant", 2),
            ("lieutenant", 2),
            ("flag", 1),
            ("captain", 1),
        ]);
        assert_eq!(kind_counts(&v, &army), expected, "{chosen}");
        let by_suit = counts(&v, &army);
        // The chosen suit lost its null (flag): the flag is the other suit's.
        assert_eq!(by_suit.get(&format!("{chosen} flag")), None, "{chosen}");
        assert_eq!(by_suit.get(&format!("{other} flag")), Some(&1), "{chosen}");
        // The other suit lost its ace (captain).
        assert_eq!(by_suit.get(&format!("{other} captain")), None, "{chosen}");
        assert_eq!(
            by_suit.get(&format!("{chosen} captain")),
            Some(&1),
            "{chosen}"
        );
        for key in ["scout", "bomb", "miner", "sergeant", "lieutenant"] {
            assert_eq!(by_suit.get(&format!("{chosen} {key}")), Some(&1));
            assert_eq!(by_suit.get(&format!("{other} {key}")), Some(&1));
        }
    }
}

#[test]
fn piecepack_cannot_discard_from_the_opponents_suit() {
    let v = variant("piecepack");
    let deal = Deal::Discard {
        first_loss_suit: suit(&v, "blue"),
    };
    assert!(matches!(
        deal.army(&v, Red),
        Err(DealError::ForeignSuit { side: Red, .. })
    ));
    let found = problems(&v, Setup::new(Red), &deal);
    assert!(
        found
            .iter()
            .any(|p| matches!(p, SetupProblem::Deal(DealError::ForeignSuit { .. })))
    );
}

/// Issue 47: "Fill for me" sets up as the strongest computer level does,
/// never with the flag (a domino 6-6, a piecepack null) out of the back
/// row, and keeps every piece the player placed first.
#[test]
fn fill_for_me_sets_up_as_the_expert_and_keeps_the_players_pieces() {
    use flagfall::games::SetupDraft;
    for id in common::BUILT_IN {
        let v = variant(id);
        let options = GameOptions::defaults(&v);
        for seed in 0..12 {
            for side in [Red, Blue] {
                let mut rng = rng(seed);
                let deal = random_deal(&v, side, &mut rng);
                let mut draft = SetupDraft::new(Arc::clone(&v), side, deal);
                // The player places one piece first, on the front row.
                let (first, _) = draft.tray()[0];
                let front = v
                    .setup_squares(side)
                    .into_iter()
                    .max_by_key(|s| {
                        if side == Red {
                            s.row
                        } else {
                            v.board.rows - s.row
                        }
                    })
                    .unwrap();
                assert!(draft.place(first, front), "{id}");
                draft.fill_for_me(&mut rng);
                assert!(draft.tray().is_empty(), "{id}: pieces left in the tray");
                assert_eq!(
                    draft.at(front),
                    Some(first),
                    "{id}: the player's piece moved"
                );
                assert!(draft.problems(&options).is_empty(), "{id}");
                let back_row = if side == Red { 0 } else { v.board.rows - 1 };
                for (square, piece) in draft.placed() {
                    if v.kind(piece.kind).is_flag && square != front {
                        assert_eq!(
                            square.row, back_row,
                            "{id} seed {seed}: the flag on {square}"
                        );
                    }
                }
            }
        }
    }
}
