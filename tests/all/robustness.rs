//! Bad input never panics: random and mutated variant files, game records
//! and Gravon XML are answered with an error (or, by luck, a valid result).

use crate::common;

use common::mutate;
use flagfall::core::check::{RuleOverrides, check_json_record};
use flagfall::core::gravon::{self, GravonRules};
use flagfall::core::playout::play_random;
use flagfall::core::record::GameRecord;
use flagfall::core::variant::{Variant, builtin_variant};
use flagfall::core::{Game, GameOptions};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

fn sample_record() -> &'static str {
    static RECORD: OnceLock<String> = OnceLock::new();
    RECORD.get_or_init(|| {
        let variant = builtin_variant("piecepack").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut game = Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng);
        play_random(&mut game, &mut rng, 20);
        GameRecord::from_game(&game).to_json()
    })
}

const VARIANT_FILES: [&str; 3] = [
    include_str!("../../variants/classic.json"),
    include_str!("../../variants/domino.json"),
    include_str!("../../variants/piecepack.json"),
];

const GRAVON: &str = "<stratego><game type=\"barrage\"><field content=\"AMBCDEKLAAAAAAAAAAAAAAAAAAAAAADAAAAAAAAAAA__AA__AAAA__AA__AAYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAONPPQWXAA\"/><move id=\"1\" source=\"A4\" target=\"A7\"/><result type=\"1\" winner=\"1\"/></game></stratego>";

fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec(
        (
            any::<usize>(),
            any::<u8>(),
            prop::sample::select(b"0123456789\"{}[],:-_abcxyzAKM ".to_vec()),
        ),
        1..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_variant_files_never_panic(file in 0..VARIANT_FILES.len(), edits in edits()) {
        let _ = Variant::from_json("variants/mutated.json", &String::from_utf8_lossy(&mutate(VARIANT_FILES[file], &edits)));
    }

    #[test]
    fn mutated_records_never_panic(edits in edits()) {
        let _ = check_json_record(&String::from_utf8_lossy(&mutate(sample_record(), &edits)), &RuleOverrides::default());
    }

    #[test]
    fn mutated_gravon_records_never_panic(edits in edits()) {
        if let Ok(record) = gravon::parse(&String::from_utf8_lossy(&mutate(GRAVON, &edits))) {
            let _ = gravon::check(&record, &GravonRules::of_month(None));
        }
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Variant::from_json("variants/noise.json", &text);
        let _ = check_json_record(&text, &RuleOverrides::default());
        let _ = gravon::parse(&text);
    }
}

#[test]
fn the_unmutated_inputs_are_valid() {
    assert_eq!(
        check_json_record(sample_record(), &RuleOverrides::default()),
        flagfall::core::replay::RecordVerdict::Ok
    );
    assert_eq!(
        gravon::check(
            &gravon::parse(GRAVON).unwrap(),
            &GravonRules::of_month(None)
        ),
        flagfall::core::replay::RecordVerdict::Ok
    );
    for file in VARIANT_FILES {
        Variant::from_json("variants/x.json", file).unwrap();
    }
}
