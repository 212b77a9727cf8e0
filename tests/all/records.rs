//! Game records: the project's JSON record for every variant, Gravon XML,
//! and `flagfall check-games` over both.

use crate::common;

use flagfall::core::check::{RuleOverrides, check_json_record};
use flagfall::core::gravon::{self, GravonRules};
use flagfall::core::playout::play_random;
use flagfall::core::record::{DealRecord, GameRecord, RecordError};
use flagfall::core::replay::RecordVerdict;
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Game, GameOptions, IllegalMove, Side, TwoSquares};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::Command;

fn random_game(variant_id: &str, seed: u64, max_plies: usize) -> Game {
    let variant = builtin_variant(variant_id).unwrap();
    let mut options = GameOptions::defaults(&variant);
    options.rescue = variant.rules.rescue.offered;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::random(variant, options, &mut rng);
    play_random(&mut game, &mut rng, max_plies);
    game
}

#[test]
fn json_record_round_trips_for_every_variant() {
    for id in common::BUILT_IN {
        for seed in 0..5 {
            let game = random_game(id, seed, usize::MAX);
            let record = GameRecord::from_game(&game);
            let text = record.to_json();
            let read = GameRecord::from_json(&text).unwrap();
            assert_eq!(read, record, "{id}: the record reads back as written");
            let replayed = read.replay().unwrap();
            assert_eq!(replayed.actions(), game.actions());
            assert_eq!(replayed.position().outcome(), game.position().outcome());
            assert_eq!(
                check_json_record(&text, &RuleOverrides::default()),
                RecordVerdict::Ok,
                "{id} seed {seed}"
            );
        }
    }
}

#[test]
fn json_record_keeps_the_deals() {
    let domino = GameRecord::from_game(&random_game("domino", 3, 0));
    let Some(DealRecord::Domino {
        hand, set_aside, ..
    }) = &domino.red.deal
    else {
        panic!("domino deal kept")
    };
    assert_eq!((hand.len(), set_aside.len()), (24, 4));
    assert!(hand.contains(&"0-0".to_string()) && hand.contains(&"6-6".to_string()));
    let piecepack = GameRecord::from_game(&random_game("piecepack", 3, 0));
    let Some(DealRecord::Discard { discards }) = &piecepack.blue.deal else {
        panic!("discards kept")
    };
    let mut suits: Vec<&String> = discards.values().collect();
    suits.sort();
    assert_eq!(
        suits,
        ["black", "blue"],
        "blue discards one kind from each of its suits"
    );
    assert!(discards.contains_key("flag") && discards.contains_key("captain"));
}

#[test]
fn record_with_an_illegal_move_names_the_move_and_the_reason() {
    let game = random_game("classic", 7, 10);
    let mut record = GameRecord::from_game(&game);
    record.actions.push("a1-a2".into());
    let error = record.replay().unwrap_err();
    assert!(
        matches!(error, RecordError::Illegal { number: 11, .. }),
        "{error}"
    );
    let text = record.to_json();
    let RecordVerdict::Illegal {
        move_number,
        reason,
    } = check_json_record(&text, &RuleOverrides::default())
    else {
        panic!("illegal")
    };
    assert_eq!(move_number, 11);
    assert!(reason.starts_with("a1-a2: "), "{reason}");
}

#[test]
fn record_whose_setup_breaks_the_variant_lists_the_problems() {
    let game = random_game("classic", 8, 0);
    let mut record = GameRecord::from_game(&game);
    record.red.setup[0].piece = "marshal".into();
    let message = record.replay().unwrap_err().to_string();
    assert!(message.contains("Red's setup is not ready"), "{message}");
    assert!(
        message.contains("× Marshal placed, but your army has only 1"),
        "{message}"
    );
}

#[test]
fn corrupt_records_get_clear_messages() {
    let good = GameRecord::from_game(&random_game("barrage", 1, 4)).to_json();
    let truncated = &good[..good.len() / 2];
    assert!(matches!(
        GameRecord::from_json(truncated),
        Err(RecordError::Json(_))
    ));
    let future = good.replace("\"format\": 1", "\"format\": 9");
    assert_eq!(
        GameRecord::from_json(&future).unwrap_err().to_string(),
        "record format 9 is not supported (this app reads format 1)"
    );
    let unknown = good.replace("\"variant\": \"barrage\"", "\"variant\": \"chess\"");
    assert_eq!(
        GameRecord::from_json(&unknown)
            .unwrap()
            .replay()
            .unwrap_err()
            .to_string(),
        "unknown variant \"chess\""
    );
}

#[test]
fn stated_result_that_disagrees_with_the_engine_is_a_mismatch() {
    let game = random_game("duell", 2, usize::MAX);
    let outcome = game.position().outcome().expect("finished");
    let mut record = GameRecord::from_game(&game);
    record.result = Some(match outcome.winner() {
        Some(winner) => flagfall::core::Outcome::Win {
            winner: winner.opponent(),
            reason: flagfall::core::WinReason::FlagCaptured,
        },
        None => flagfall::core::Outcome::Win {
            winner: Side::Red,
            reason: flagfall::core::WinReason::FlagCaptured,
        },
    });
    assert!(matches!(
        check_json_record(&record.to_json(), &RuleOverrides::default()),
        RecordVerdict::ResultMismatch { .. }
    ));
}

/// A Gravon field from (square, letter) pairs; everything else empty, lakes `_`.
fn field(pieces: &[(&str, char)]) -> String {
    let mut cells: Vec<char> = (0..100).map(|_| 'A').collect();
    for lake in [42, 43, 46, 47, 52, 53, 56, 57] {
        cells[lake] = '_';
    }
    for (square, letter) in pieces {
        let sq: flagfall::core::Square = square.parse().unwrap();
        cells[sq.row as usize * 10 + sq.col as usize] = *letter;
    }
    cells.into_iter().collect()
}

/// A barrage game: Red's scout on a4 faces Blue's flag on a7 up an empty file.
fn barrage_xml(moves: &[(&str, &str)], result: Option<(u32, u32)>) -> String {
    let red = [
        ("a4", 'D'),
        ("b1", 'M'),
        ("c1", 'B'),
        ("d1", 'C'),
        ("e1", 'D'),
        ("f1", 'E'),
        ("g1", 'K'),
        ("h1", 'L'),
    ];
    let blue = [
        ("a7", 'Y'),
        ("b10", 'O'),
        ("c10", 'N'),
        ("d10", 'P'),
        ("e10", 'P'),
        ("f10", 'Q'),
        ("g10", 'W'),
        ("h10", 'X'),
    ];
    let pieces: Vec<(&str, char)> = red.iter().chain(blue.iter()).copied().collect();
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"barrage\">\n  <field content=\"{}\"/>\n",
        field(&pieces)
    );
    for (i, (source, target)) in moves.iter().enumerate() {
        xml += &format!(
            "  <move id=\"{}\" source=\"{source}\" target=\"{target}\"/>\n",
            i + 1
        );
    }
    if let Some((kind, winner)) = result {
        xml += &format!("  <result type=\"{kind}\" winner=\"{winner}\"/>\n");
    }
    xml + " </game>\n</stratego>\n"
}

/// Gravon's rules with another two-squares limit.
fn rules(two_squares: TwoSquares) -> GravonRules {
    GravonRules {
        two_squares,
        ..GravonRules::of_month(None)
    }
}

fn check_xml(xml: &str) -> RecordVerdict {
    gravon::check(&gravon::parse(xml).unwrap(), &rules(TwoSquares::Off))
}

#[test]
fn gravon_squares_skip_j_and_write_row_ten_as_colon() {
    assert_eq!(gravon::parse_square("K:").unwrap().to_string(), "j10");
    assert_eq!(gravon::parse_square("I9").unwrap().to_string(), "i9");
    assert_eq!(gravon::parse_square("A1").unwrap().to_string(), "a1");
    // The tenth column as a move with a rescue writes it (A..J).
    assert_eq!(gravon::parse_square("J9").unwrap().to_string(), "j9");
    assert_eq!(gravon::parse_square("J:").unwrap().to_string(), "j10");
    for bad in ["A0", "A10", "", "L5", "j1", "K"] {
        assert!(gravon::parse_square(bad).is_err(), "{bad}");
    }
}

#[test]
fn gravon_field_gives_both_setups() {
    let record = gravon::parse(&barrage_xml(&[], None)).unwrap();
    let game = gravon::start(&record, &GravonRules::of_month(None)).unwrap();
    let p = game.position();
    let at = |sq: &str| {
        let id = p.piece_at(sq.parse().unwrap()).unwrap();
        (
            id.side,
            p.variant().kind(p.piece(id).piece.kind).key.clone(),
        )
    };
    assert_eq!(at("a4"), (Side::Red, "scout".to_string()));
    assert_eq!(at("h1"), (Side::Red, "marshal".to_string()));
    assert_eq!(at("a7"), (Side::Blue, "flag".to_string()));
    assert_eq!(at("g10"), (Side::Blue, "general".to_string()));
}

#[test]
fn gravon_flag_capture_checks_ok() {
    assert_eq!(
        check_xml(&barrage_xml(&[("A4", "A7")], Some((1, 1)))),
        RecordVerdict::Ok
    );
}

#[test]
fn gravon_wrong_winner_is_a_result_mismatch() {
    let verdict = check_xml(&barrage_xml(&[("A4", "A7")], Some((1, 2))));
    let RecordVerdict::ResultMismatch {
        move_number,
        reason,
    } = verdict
    else {
        panic!("{verdict:?}")
    };
    assert_eq!(move_number, 1);
    assert!(
        reason.contains("record says Blue wins: Red's flag was captured, engine says Red wins"),
        "{reason}"
    );
}

#[test]
fn gravon_flag_capture_claimed_while_the_game_goes_on_is_a_mismatch() {
    let verdict = check_xml(&barrage_xml(&[("A4", "A5")], Some((1, 1))));
    assert!(
        matches!(verdict, RecordVerdict::ResultMismatch { .. }),
        "{verdict:?}"
    );
}

#[test]
fn gravon_resignation_needs_the_game_to_go_on() {
    assert_eq!(
        check_xml(&barrage_xml(&[("A4", "A5"), ("B:", "B9")], Some((3, 1)))),
        RecordVerdict::Ok
    );
    assert!(matches!(
        check_xml(&barrage_xml(&[("A4", "A7")], Some((3, 2)))),
        RecordVerdict::ResultMismatch { .. }
    ));
}

#[test]
fn gravon_illegal_move_is_reported_with_its_number() {
    let verdict = check_xml(&barrage_xml(
        &[("A4", "A5"), ("B:", "B9"), ("B1", "B2")],
        Some((3, 1)),
    ));
    let RecordVerdict::Illegal {
        move_number,
        reason,
    } = verdict
    else {
        panic!("{verdict:?}")
    };
    assert_eq!(move_number, 3);
    assert_eq!(
        reason,
        format!(
            "b1-b2: {}",
            IllegalMove::Immobile {
                piece: "Flag".into()
            }
        )
    );
}

#[test]
fn gravon_move_after_the_flag_fell_is_illegal() {
    let verdict = check_xml(&barrage_xml(&[("A4", "A7"), ("B:", "B9")], Some((1, 1))));
    let RecordVerdict::Illegal {
        move_number,
        reason,
    } = verdict
    else {
        panic!("{verdict:?}")
    };
    assert_eq!(move_number, 2);
    assert!(reason.contains("already over after move 1"), "{reason}");
}

#[test]
fn gravon_two_squares_rule_applies_when_asked() {
    let shuffle = [
        ("A4", "A5"),
        ("B:", "B9"),
        ("A5", "A4"),
        ("B9", "B:"),
        ("A4", "A5"),
        ("B:", "B9"),
        ("A5", "A4"),
    ];
    let xml = barrage_xml(&shuffle, Some((3, 2)));
    let record = gravon::parse(&xml).unwrap();
    assert_eq!(
        gravon::check(&record, &rules(TwoSquares::Off)),
        RecordVerdict::Ok
    );
    assert_eq!(
        gravon::check(&record, &rules(TwoSquares::Limit(5))),
        RecordVerdict::Ok
    );
    assert!(matches!(
        gravon::check(&record, &rules(TwoSquares::Limit(3))),
        RecordVerdict::Illegal { move_number: 7, .. }
    ));
}

#[test]
fn gravon_damaged_files_are_reported_not_panicked_on() {
    assert!(gravon::parse("<stratego><game type=\"classic\"></stratego>").is_err());
    assert!(gravon::parse("not xml at all").is_err());
    let mut short = barrage_xml(&[], None);
    let field_start = short.find("content=\"").unwrap() + "content=\"".len();
    short.replace_range(field_start..field_start + 10, "");
    let verdict = gravon::check(
        &gravon::parse(&short).unwrap(),
        &GravonRules::of_month(None),
    );
    assert_eq!(
        verdict,
        RecordVerdict::Unreadable {
            reason: "the field has 90 squares, not 100".into()
        }
    );
    let unknown = barrage_xml(&[], None).replace("barrage", "chess");
    assert_eq!(
        gravon::check(
            &gravon::parse(&unknown).unwrap(),
            &GravonRules::of_month(None)
        ),
        RecordVerdict::Unreadable {
            reason: "unknown game type \"chess\"".into()
        }
    );
}

fn run_check_games(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_flagfall"))
        .arg("check-games")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = common::fresh_dir(name);
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    dir
}

#[test]
fn check_games_prints_failures_and_one_summary_line() {
    let dir = temp_dir("check");
    std::fs::write(
        dir.join("good.xml"),
        barrage_xml(&[("A4", "A7")], Some((1, 1))),
    )
    .unwrap();
    std::fs::write(
        dir.join("nested/good.json"),
        GameRecord::from_game(&random_game("domino", 4, 30)).to_json(),
    )
    .unwrap();
    std::fs::write(dir.join("nested/notes.txt"), "not a record").unwrap();
    let (ok, out) = run_check_games(&[dir.to_str().unwrap()]);
    assert!(ok, "{out}");
    assert_eq!(
        out,
        "checked 2 games: 2 ok, 0 illegal, 0 result-mismatch, 0 unreadable, 0 not started\n"
    );

    std::fs::write(dir.join("illegal.xml"), barrage_xml(&[("B1", "B2")], None)).unwrap();
    std::fs::write(
        dir.join("mismatch.xml"),
        barrage_xml(&[("A4", "A7")], Some((1, 2))),
    )
    .unwrap();
    std::fs::write(dir.join("nested/broken.xml"), "<stratego><game type=").unwrap();
    // Blue timed out while still setting up: its general was never placed.
    let unfinished = barrage_xml(&[], Some((13, 1))).replacen('W', "A", 1);
    std::fs::write(dir.join("nested/timeout.xml"), unfinished).unwrap();
    let (ok, out) = run_check_games(&["--two-squares", "off", dir.to_str().unwrap()]);
    assert!(!ok, "failures make a non-zero exit");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].ends_with("illegal.xml: move 1: illegal: b1-b2: a Flag never moves"),
        "{out}"
    );
    assert!(
        lines[1].contains("mismatch.xml: move 1: result mismatch: "),
        "{out}"
    );
    assert!(
        lines[2].contains("broken.xml: unreadable: not a Gravon or Flagfall record: "),
        "{out}"
    );
    assert_eq!(
        lines[3],
        "checked 6 games: 2 ok, 1 illegal, 1 result-mismatch, 1 unreadable, 1 not started"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_games_rejects_a_bad_two_squares_value() {
    let (ok, _) = run_check_games(&["--two-squares", "4x", "."]);
    assert!(!ok);
}

/// The real Gravon sample, when it sits beside the repository (it is never
/// copied in): by Gravon's rules of each record's month, with no option
/// given, every record replays as Gravon scored it, and the one whose setup
/// was never finished counts as not started.
#[test]
fn gravon_sample_checks_clean_by_gravons_rules() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gravon-sample");
    if !sample.exists() {
        eprintln!("skipped: {} not found", sample.display());
        return;
    }
    let (ok, out) = run_check_games(&[sample.to_str().unwrap()]);
    assert!(ok, "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.contains(" 0 illegal, 0 result-mismatch, 0 unreadable, 1 not started"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// Issue 47: a replay's move list showed the record's raw text ("resign
/// blue", "skip-rescue", "draw"); it names those actions in words, while the
/// record keeps its own notation.
#[test]
fn a_replay_names_actions_in_words_and_the_record_keeps_its_notation() {
    use flagfall::core::Action;
    use flagfall::core::record::{action_label, action_text};
    let game = random_game("classic", 1, 0);
    let start = game.position_after(0);
    for (action, label, text) in [
        (Action::Resign(Side::Blue), "Blue resigns", "resign blue"),
        (Action::Resign(Side::Red), "Red resigns", "resign red"),
        (
            Action::OutOfTime(Side::Red),
            "Red's time ran out",
            "time red",
        ),
        (
            Action::OutOfTime(Side::Blue),
            "Blue's time ran out",
            "time blue",
        ),
        (Action::SkipRescue, "no rescue", "skip-rescue"),
        (Action::AgreeDraw, "draw agreed", "draw"),
    ] {
        assert_eq!(action_label(&start, action), label);
        assert_eq!(action_text(&start, action), text);
        assert_eq!(
            flagfall::core::record::parse_action(&start, text),
            Ok(action),
            "{text} reads back"
        );
    }
}

/// A record's action that cannot be read says which way it is wrong.
#[test]
fn an_unreadable_action_says_what_is_wrong_with_it() {
    use flagfall::core::moves::ParseMoveError;
    use flagfall::core::record::{ParseActionError, parse_action};
    use flagfall::core::square::ParseSquareError;
    let game = random_game("classic", 1, 0);
    let start = game.position_after(0);
    assert_eq!(
        parse_action(&start, "e4e5"),
        Err(ParseActionError::Move(ParseMoveError::NotAMove(
            "e4e5".into()
        )))
    );
    assert_eq!(
        parse_action(&start, "e4-z5"),
        Err(ParseActionError::Move(ParseMoveError::Square(
            ParseSquareError("z5".into())
        )))
    );
    assert_eq!(
        parse_action(&start, "rescue a2 to q3"),
        Err(ParseActionError::Square(ParseSquareError("q3".into())))
    );
    let empty = flagfall::core::Square::new(4, 5);
    assert_eq!(
        parse_action(&start, &format!("rescue {empty} to a1")),
        Err(ParseActionError::NoPieceOn(empty))
    );
    assert_eq!(
        parse_action(&start, "resign green"),
        Err(ParseActionError::Unknown)
    );
    assert!(
        ParseActionError::Unknown
            .to_string()
            .starts_with("expected a move like e4-e5")
    );
}
