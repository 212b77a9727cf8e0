//! Two devices linked by codes: whole games through QR pictures, codes that
//! must be refused, what codes may hold, the cheat check, and moving a game.

use crate::common;

use common::{BUILT_IN, variant};
use flagfall::ai::{self, Level};
use flagfall::core::moves::Action;
use flagfall::core::options::GameOptions;
use flagfall::core::piece::Piece;
use flagfall::core::side::Side;
use flagfall::core::variant::{KindId, Variant, builtin_variant};
use flagfall::games::PassAndPlay;
use flagfall::games::saved::SavedPassAndPlay;
use flagfall::link::codes::qr_image::{make_qr, read_codes};
use flagfall::link::message::{Answer, CodeKind, Envelope, SentAction, Turn};
use flagfall::link::selfplay::{CarryError, computer_setup, self_play, start_pair};
use flagfall::link::{
    ClaimsVerdict, Invitation, LinkError, LinkStatus, LinkedGame, Refusal, TransferError,
    TransferReceiver, transfer_codes,
};
use flagfall::tools::qr_selfplay;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

#[test]
fn every_variant_plays_to_the_end_through_pictures() {
    for id in BUILT_IN {
        let dir = common::fresh_dir(&format!("qr-{id}"));
        let report = qr_selfplay::run(variant(id), 3, Level::Heuristic, &dir)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(report.game.verified, [true, true], "{id}");
        let version = report.max_move_version.expect("a game with moves");
        assert!(version <= 6, "{id}: move code version {version}");
        let pictures = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(
            pictures,
            2 * report.game.codes,
            "{id}: a .png and a .txt per code"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // Free setup cannot be played between two devices: the tool says why.
    let dir = common::fresh_dir("qr-free");
    let Err(refused) = qr_selfplay::run(variant("free"), 3, Level::Heuristic, &dir) else {
        panic!("free setup played between two devices");
    };
    assert!(
        refused.contains("cannot be played between two devices"),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn text_courier(_: usize, _: Side, text: &str) -> Result<String, CarryError> {
    Ok(text.to_string())
}

#[test]
fn random_and_best_players_with_every_tournament_option_agree_and_verify() {
    let classic = variant("classic");
    let switches = [
        (false, false, false),
        (true, false, false),
        (false, true, false),
        (false, false, true),
        (true, true, true),
    ];
    for (i, (aggressor, silent, rescue)) in switches.into_iter().enumerate() {
        let options = GameOptions {
            aggressor_advantage: aggressor,
            silent_defense: silent,
            rescue,
            ..GameOptions::defaults(&classic)
        };
        for seed in 0..8 {
            let game = self_play(
                Arc::clone(&classic),
                options,
                seed + 100 * i as u64,
                Level::Random,
                &mut text_courier,
            )
            .unwrap_or_else(|e| panic!("options {i}, seed {seed}: {e}"));
            assert_eq!(game.verified, [true, true], "options {i}, seed {seed}");
        }
    }
    for id in BUILT_IN {
        let v = variant(id);
        for seed in 0..6 {
            let level = if seed < 4 { Level::Random } else { Level::Best };
            let game = self_play(
                Arc::clone(&v),
                GameOptions::defaults(&v),
                seed,
                level,
                &mut text_courier,
            )
            .unwrap_or_else(|e| panic!("{id}, seed {seed}: {e}"));
            assert_eq!(game.verified, [true, true], "{id}, seed {seed}");
        }
    }
}

/// Two devices, invited and joined; returns them as [inviter, joiner].
fn linked(id: &str, options: Option<GameOptions>, seed: u64) -> [LinkedGame; 2] {
    let v = variant(id);
    let options = options.unwrap_or_else(|| GameOptions::defaults(&v));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // (With the fair deal first when the deal is chance: the joiner's last
    // code, its setup, is not read yet either way.)
    start_pair(&v, options, Side::Red, &mut rng, &mut text_courier)
        .unwrap()
        .devices
}

/// The computer plays one turn on `device`.
fn computer_turn(device: &mut LinkedGame, seed: u64) {
    let view = device.view().unwrap();
    let action = ai::choose(Level::Heuristic, &view, seed).unwrap();
    device.play(action).unwrap();
}

fn code(device: &LinkedGame) -> String {
    device.last_code().unwrap().to_string()
}

#[test]
fn damaged_truncated_replayed_reordered_and_foreign_codes_are_refused_and_change_nothing() {
    let [mut red, mut blue] = linked("classic", None, 1);
    red.read(&code(&blue)).unwrap();
    computer_turn(&mut red, 1);
    let first = code(&red);
    blue.read(&first).unwrap();
    computer_turn(&mut blue, 2);
    let answer = code(&blue);
    red.read(&answer).unwrap();
    computer_turn(&mut red, 3);
    let second = code(&red);

    let before = (
        blue.view(),
        blue.last_code().map(str::to_string),
        blue.codes(),
    );
    let unchanged = |device: &LinkedGame| {
        assert_eq!(
            (
                device.view(),
                device.last_code().map(str::to_string),
                device.codes()
            ),
            before
        );
    };
    // One character changed in the middle.
    let mut damaged: Vec<char> = second.chars().collect();
    let middle = damaged.len() / 2;
    damaged[middle] = if damaged[middle] == 'A' { 'B' } else { 'A' };
    let damaged: String = damaged.into_iter().collect();
    let error = blue.read(&damaged).unwrap_err().to_string();
    assert!(error.contains("damaged"), "{error}");
    unchanged(&blue);
    // Cut short.
    let error = blue
        .read(&second[..second.len() - 7])
        .unwrap_err()
        .to_string();
    assert!(error.contains("damaged"), "{error}");
    unchanged(&blue);
    // Not ours at all.
    let error = blue.read("HELLO WORLD").unwrap_err();
    assert!(matches!(error, LinkError::Code(_)), "{error}");
    assert!(error.to_string().contains("not a Flagfall code"));
    unchanged(&blue);
    // An old code again.
    assert_eq!(blue.read(&first).unwrap_err(), LinkError::AlreadyRead(2));
    unchanged(&blue);
    // This device's own code.
    assert_eq!(blue.read(&answer).unwrap_err(), LinkError::OwnCode);
    unchanged(&blue);
    // Another game's code.
    let [other, _] = linked("classic", None, 2);
    assert_eq!(
        blue.read(other.last_code().unwrap()).unwrap_err(),
        LinkError::Invitation
    );
    let [mut other_red, other_blue] = linked("classic", None, 2);
    other_red.read(&code(&other_blue)).unwrap();
    computer_turn(&mut other_red, 1);
    assert_eq!(
        blue.read(&code(&other_red)).unwrap_err(),
        LinkError::WrongGame
    );
    unchanged(&blue);
    // The right code reads, and the one after it is refused until its turn comes.
    blue.read(&second).unwrap();
    assert_eq!(blue.status(), LinkStatus::YourTurn);

    // Out of order: the inviter's device gets a code from two steps ahead.
    let [mut red, mut blue] = linked("classic", None, 4);
    let join = code(&blue);
    red.read(&join).unwrap();
    computer_turn(&mut red, 1);
    blue.read(&code(&red)).unwrap();
    computer_turn(&mut blue, 2);
    let reply = code(&blue);
    let mut late = red.clone();
    late.read(&reply).unwrap();
    computer_turn(&mut late, 3);
    blue.read(&code(&late)).unwrap();
    computer_turn(&mut blue, 4);
    let error = red.read(&code(&blue)).unwrap_err();
    assert!(
        matches!(
            error,
            LinkError::OutOfOrder {
                got: 5,
                expected: 3
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("code number 3 comes first"));
}

/// Every piece a code names, and whether it opens a whole setup.
fn named_pieces(text: &str, v: &Variant) -> (Vec<Piece>, bool) {
    let envelope = Envelope::from_text(text).unwrap();
    if envelope.header.kind != CodeKind::Turn {
        return (Vec::new(), false);
    }
    let turn = Turn::decode(&envelope.body, v).unwrap();
    let mut named = Vec::new();
    if let Some(Answer::Shown(piece)) = turn.answer {
        named.push(piece);
    }
    for action in &turn.actions {
        if let SentAction::Move {
            shown: Some(piece), ..
        } = action
        {
            named.push(*piece);
        }
    }
    if let Some(intro) = &turn.intro {
        for p in &intro.public {
            if let Some(piece) = p.shown {
                assert!(
                    v.kind(piece.kind).public,
                    "an intro shows a hidden {piece:?}"
                );
            }
        }
    }
    (named, turn.reveal.is_some())
}

#[test]
fn no_code_holds_a_piece_the_rules_keep_hidden() {
    for id in BUILT_IN {
        let v = variant(id);
        let switches = if v.rules.silent_defense.offered {
            vec![false, true]
        } else {
            vec![false]
        };
        for silent in switches {
            for seed in 0..4 {
                let options = GameOptions {
                    silent_defense: silent,
                    ..GameOptions::defaults(&v)
                };
                let mut devices = linked(id, Some(options), seed);
                let mut carried = [code(&devices[0]), String::new()];
                devices[0].read(&code(&devices[1])).unwrap();
                carried[1] = code(&devices[1]);
                for ply in 0..3000 {
                    for i in [0, 1, 0, 1, 0, 1] {
                        let text = code(&devices[i]);
                        if text == carried[i] {
                            continue;
                        }
                        let sender_over = matches!(
                            devices[i].status(),
                            LinkStatus::AwaitingReveal | LinkStatus::Finished
                        );
                        let (named, reveal) = named_pieces(&text, &v);
                        assert!(
                            !reveal || sender_over,
                            "{id}: a setup opened before the end"
                        );
                        devices[1 - i]
                            .read(&text)
                            .unwrap_or_else(|e| panic!("{id} seed {seed} ply {ply}: {e}"));
                        carried[i] = text;
                        // What a code names, the reader's view shows as revealed.
                        let view = devices[1 - i].view().unwrap();
                        let seen: Vec<Piece> = view
                            .squares
                            .iter()
                            .flatten()
                            .chain(view.captured.iter().flatten())
                            .filter(|p| p.owner == devices[i].endpoint().side())
                            .filter_map(|p| p.piece)
                            .collect();
                        // (A ply sent after an ending only the reader saw is passed
                        // over; both setups open at the end anyway.)
                        let reader_over = devices[1 - i].status() != LinkStatus::YourTurn
                            && devices[1 - i].status() != LinkStatus::AwaitingCode;
                        for piece in named.into_iter().filter(|_| !reader_over) {
                            assert!(
                                seen.contains(&piece),
                                "{id} seed {seed}: {piece:?} named but not shown"
                            );
                        }
                    }
                    if devices.iter().all(|d| d.status() == LinkStatus::Finished) {
                        break;
                    }
                    let mover = devices
                        .iter()
                        .position(|d| d.status() == LinkStatus::YourTurn)
                        .unwrap();
                    computer_turn(&mut devices[mover], seed * 7919 + ply);
                }
                assert!(
                    devices.iter().all(|d| d.status() == LinkStatus::Finished),
                    "{id}"
                );
            }
        }
    }
}

#[test]
fn the_cheat_check_catches_a_lie_about_a_battle() {
    let v = variant("classic");
    for seed in 0..20 {
        let mut devices = linked("classic", None, seed);
        let mut carried = [code(&devices[0]), String::new()];
        devices[0].read(&code(&devices[1])).unwrap();
        carried[1] = code(&devices[1]);
        let mut lied = false;
        for ply in 0..2000u64 {
            for i in [0, 1, 0, 1, 0, 1] {
                let mut text = code(&devices[i]);
                if text == carried[i] {
                    continue;
                }
                carried[i] = text.clone();
                let envelope = Envelope::from_text(&text).unwrap();
                let turn = Turn::decode(&envelope.body, &v).unwrap();
                if !lied && let Some(Answer::Shown(truth)) = turn.answer {
                    // Claim another kind; keep the first lie the reader can believe.
                    for k in 0..v.kinds.len() as u8 {
                        if KindId(k) == truth.kind || v.kind(KindId(k)).count == 0 {
                            continue;
                        }
                        let lie = Turn {
                            answer: Some(Answer::Shown(Piece::new(KindId(k)))),
                            ..turn.clone()
                        };
                        let forged = Envelope {
                            body: lie.encode(&v),
                            ..envelope.clone()
                        }
                        .to_text();
                        let mut reader = devices[1 - i].clone();
                        if reader.read(&forged).is_ok() {
                            text = forged;
                            lied = true;
                            break;
                        }
                    }
                }
                devices[1 - i].read(&text).unwrap();
                if lied && devices[1 - i].status() == LinkStatus::YourTurn {
                    // The lied-to player resigns at once, and both setups open.
                    let side = devices[1 - i].endpoint().side();
                    devices[1 - i].play(Action::Resign(side)).unwrap();
                }
            }
            if devices.iter().any(|d| d.status() == LinkStatus::Finished) && lied {
                break;
            }
            if devices.iter().all(|d| d.status() != LinkStatus::YourTurn) {
                break;
            }
            let mover = devices
                .iter()
                .position(|d| d.status() == LinkStatus::YourTurn)
                .unwrap();
            computer_turn(&mut devices[mover], seed * 31 + ply);
        }
        if !lied {
            continue;
        }
        let fooled = devices
            .iter()
            .find(|d| matches!(d.verdict(), Some(ClaimsVerdict::False(_))))
            .expect("the lie is found");
        let Some(ClaimsVerdict::False(lies)) = fooled.verdict() else {
            unreachable!()
        };
        assert!(lies[0].contains("it said its piece on"), "{lies:?}");
        assert!(lies[0].contains("but it was"), "{lies:?}");
        return;
    }
    panic!("no game had a battle to lie about");
}

#[test]
fn a_pass_and_play_game_moves_to_another_device_in_codes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1");
    let text = std::fs::read_to_string(dir.join("in-progress-classic.json")).unwrap();
    let saved: SavedPassAndPlay = serde_json::from_str(&text).unwrap();
    let codes = transfer_codes(&saved);
    assert!(
        !codes.is_empty() && codes.len() <= 4,
        "{} codes",
        codes.len()
    );
    let mut receiver = TransferReceiver::default();
    // Read from pictures, last part first.
    for (i, text) in codes.iter().enumerate().rev() {
        let png = make_qr(text).unwrap().to_png(3);
        let read = read_codes(&png).unwrap();
        let (have, total) = receiver.add(&read[0]).unwrap();
        assert_eq!((have, total), (codes.len() - i, codes.len()));
    }
    let moved = receiver.received::<SavedPassAndPlay>().unwrap();
    assert_eq!(moved, saved);
    let session = PassAndPlay::from_saved(&moved).unwrap();
    let resumed = session.to_saved();
    assert_eq!(
        (resumed.actions, resumed.red, resumed.blue),
        (saved.actions.clone(), saved.red.clone(), saved.blue.clone())
    );

    // A part read twice, a part of another game, a damaged part.
    let mut receiver = TransferReceiver::default();
    receiver.add(&codes[0]).unwrap();
    assert_eq!(
        receiver.add(&codes[0]).unwrap_err(),
        TransferError::AlreadyRead(1)
    );
    let other = {
        let mut other = saved.clone();
        other.seed += 1;
        transfer_codes(&other)
    };
    assert_eq!(
        receiver.add(&other[0]).unwrap_err(),
        TransferError::OtherTransfer
    );
    let damaged = codes[0].replacen(
        &codes[0][20..21],
        if &codes[0][20..21] == "A" { "B" } else { "A" },
        1,
    );
    assert!(matches!(
        receiver.add(&damaged).unwrap_err(),
        TransferError::Code(_)
    ));
    let [red, _] = linked("classic", None, 1);
    assert_eq!(
        receiver.add(red.last_code().unwrap()).unwrap_err(),
        TransferError::NotTransfer
    );
}

/// Issue 17: a domino invitation showing 23 of its 24 stones was accepted
/// and caught only at the end; it is refused at once, like a short army of
/// any other variant. (Setups now travel in the first turn codes: the
/// joiner's first, then the inviter's; each is refused the same way.)
#[test]
fn an_invitation_short_of_a_piece_is_refused_at_once() {
    for id in ["classic", "piecepack"] {
        let v = variant(id);
        let options = GameOptions::defaults(&v);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let red = computer_setup(&v, &options, Side::Red, &mut rng);
        let mut inviter = LinkedGame::invite(Arc::clone(&v), options, red, 3, [2; 16]);
        let invitation = Invitation::read(inviter.last_code().unwrap(), builtin_variant).unwrap();
        let blue = computer_setup(&v, &options, Side::Blue, &mut rng);
        let mut joiner = LinkedGame::join(&invitation, blue, [5; 16], false).unwrap();
        let shorten = |text: &str| {
            let envelope = Envelope::from_text(text).unwrap();
            let mut turn = Turn::decode(&envelope.body, &v).unwrap();
            turn.intro.as_mut().unwrap().public.pop();
            Envelope {
                body: turn.encode(&v),
                ..envelope
            }
            .to_text()
        };
        let joiner_text = code(&joiner);
        let refused = inviter.read(&shorten(&joiner_text)).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains(&format!("has {} pieces", v.army_size() - 1)),
            "{id}: {refused}"
        );
        inviter.read(&joiner_text).unwrap();
        computer_turn(&mut inviter, 1);
        let inviter_text = code(&inviter);
        let refused = joiner.read(&shorten(&inviter_text)).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains(&format!("has {} pieces", v.army_size() - 1)),
            "{id}: {refused}"
        );
        joiner.read(&inviter_text).unwrap();
    }
    // Domino: the inviter's code after the deal shows 23 stones.
    use flagfall::link::DealHandshake;
    let v = variant("domino");
    let options = GameOptions::defaults(&v);
    let mut inviter = DealHandshake::invite(Arc::clone(&v), options, Side::Red, 3, [2; 16]);
    let invitation = Invitation::read(inviter.last_code(), builtin_variant).unwrap();
    let mut joiner = DealHandshake::join(&invitation, [5; 16]).unwrap();
    inviter.read(joiner.last_code()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let setup = flagfall::link::selfplay::computer_setup_of(
        &v,
        &options,
        Side::Red,
        &inviter.deal().unwrap(),
        &mut rng,
    );
    let red = LinkedGame::after_handshake(&inviter, setup).unwrap();
    let text = red.last_code().unwrap();
    let envelope = Envelope::from_text(text).unwrap();
    let mut turn = Turn::decode(&envelope.body, &v).unwrap();
    turn.intro.as_mut().unwrap().public.pop();
    let forged = Envelope {
        body: turn.encode(&v),
        ..envelope
    }
    .to_text();
    let refused = joiner.read(&forged).unwrap_err();
    assert!(refused.to_string().contains("has 23 pieces"), "{refused}");
    joiner.read(text).unwrap();
}

/// Issue 17: a device that sends a fake opening mid-game (a wrong salt) used
/// to get the honest device's whole setup in answer. The opening is checked
/// first: the game is false, and nothing is opened back.
#[test]
fn a_fake_opening_gets_no_opening_back() {
    use flagfall::link::message::Reveal;
    let v = variant("classic");
    let [mut red, mut blue] = linked("classic", None, 3);
    red.read(&code(&blue)).unwrap();
    // A few plies each way, until it is Blue's turn.
    let mut carried = [code(&red), code(&blue)];
    for ply in 0..40u64 {
        if ply > 8 && blue.status() == LinkStatus::YourTurn {
            break;
        }
        for device in [&mut red, &mut blue] {
            if device.status() == LinkStatus::YourTurn {
                computer_turn(device, ply);
            }
        }
        for (i, (from, to)) in [(0, 1), (1, 0)].into_iter().enumerate() {
            let devices = [&red, &blue];
            let text = code(devices[from]);
            if text != carried[i] {
                carried[i] = text.clone();
                let _ = [&mut red, &mut blue][to].read(&text);
            }
        }
    }
    assert_eq!(blue.status(), LinkStatus::YourTurn);
    // Blue (the attacker) adds an opening of a made-up setup to its next code.
    computer_turn(&mut blue, 99);
    let text = code(&blue);
    let envelope = Envelope::from_text(&text).unwrap();
    let mut turn = Turn::decode(&envelope.body, &v).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let made_up = computer_setup(&v, &GameOptions::defaults(&v), Side::Blue, &mut rng);
    turn.reveal = Some(Reveal {
        salt: [0; 16],
        deal: made_up.deal().clone(),
        placements: made_up.placements().to_vec(),
    });
    let forged = Envelope {
        body: turn.encode(&v),
        ..envelope
    }
    .to_text();
    let _ = red.read(&forged);
    assert!(
        matches!(red.verdict(), Some(ClaimsVerdict::False(_))),
        "{:?}",
        red.verdict()
    );
    // Whatever Red shows now, it holds no opening of Red's setup.
    if let Some(answer) = red.last_code() {
        let envelope = Envelope::from_text(answer).unwrap();
        if envelope.header.kind == CodeKind::Turn {
            let turn = Turn::decode(&envelope.body, &v).unwrap();
            assert!(
                turn.reveal.is_none(),
                "Red opened its setup to a fake opening"
            );
        }
    }
}

/// The invitation a device makes, as the joining device reads it.
fn invitation_opening(text: &str) -> flagfall::link::message::Opening {
    use flagfall::link::message::Invite;
    let envelope = Envelope::from_text(text).unwrap();
    Invite::decode(&envelope.body, envelope.header.format, builtin_variant)
        .unwrap()
        .0
        .opening
}

/// Issue 46: the joiner used to read where the inviter's army stands (which
/// squares of the zone in Barrage, Duell and Ultimate Lightning, where each
/// suit stands in Piecepack) before setting up its own. The invitation now
/// commits to the inviter's setup and shows nothing of it; the joiner shows
/// its setup first, and the inviter's comes in answer, bound to that
/// commitment: neither sets up knowing the other's placement.
#[test]
fn neither_device_sets_up_knowing_where_the_others_pieces_stand() {
    use flagfall::link::message::Opening;
    for (i, id) in [
        "barrage",
        "duell",
        "ultimate-lightning",
        "piecepack",
        "classic",
    ]
    .into_iter()
    .enumerate()
    {
        for inviter_side in [Side::Red, Side::Blue] {
            let v = variant(id);
            let options = GameOptions::defaults(&v);
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            let mine = computer_setup(&v, &options, inviter_side, &mut rng);
            let mut inviter = LinkedGame::invite(Arc::clone(&v), options, mine, 9, [1; 16]);
            // What the joiner holds before it sets up: a commitment, no square.
            let Opening::SetupCommitment(promised) = invitation_opening(&code(&inviter)) else {
                panic!("{id}: the invitation shows more than a commitment");
            };
            assert_eq!(promised, inviter.commitment());
            let invitation = Invitation::read(&code(&inviter), builtin_variant).unwrap();
            let theirs = computer_setup(&v, &options, inviter_side.opponent(), &mut rng);
            let mut joiner = LinkedGame::join(&invitation, theirs, [2; 16], false).unwrap();
            assert_eq!(joiner.status(), LinkStatus::AwaitingCode, "{id}");
            assert!(joiner.view().is_none(), "{id}: no board before both setups");
            inviter.read(&code(&joiner)).unwrap();
            if inviter.status() == LinkStatus::YourTurn {
                computer_turn(&mut inviter, 1);
            }
            let shown = code(&inviter);
            let turn = Turn::decode(&Envelope::from_text(&shown).unwrap().body, &v).unwrap();
            assert_eq!(
                turn.intro.as_ref().map(|intro| intro.commitment),
                Some(promised),
                "{id}: the inviter shows its setup in answer, bound to its invitation"
            );

            // The attacker: an inviter that sets up again once it has seen
            // the joiner's setup shows a setup with another commitment.
            let mut other_rng = ChaCha8Rng::seed_from_u64(100 + i as u64);
            let again = computer_setup(&v, &options, inviter_side, &mut other_rng);
            let mut cheat = LinkedGame::invite(Arc::clone(&v), options, again, 9, [3; 16]);
            cheat.read(&code(&joiner)).unwrap();
            if cheat.status() == LinkStatus::YourTurn {
                computer_turn(&mut cheat, 1);
            }
            let before = joiner.status();
            assert_eq!(
                joiner.read(&code(&cheat)).unwrap_err(),
                LinkError::Refused(Refusal::NotAsCommitted),
                "{id}"
            );
            assert_eq!(joiner.status(), before);
            joiner.read(&shown).unwrap();
            assert!(joiner.view().is_some(), "{id}");
        }
    }
}

/// Issue 46: an invitation of an older app shows the inviter's setup: it is
/// refused with the reason (a game saved before goes on as it began, see
/// `tests/all/linked_saving.rs`). A joiner's first code that moves before it has
/// seen the inviter's setup is refused.
#[test]
fn an_invitation_showing_its_setup_and_a_move_made_blind_are_refused() {
    let v = variant("barrage");
    let options = GameOptions::defaults(&v);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mine = computer_setup(&v, &options, Side::Blue, &mut rng);
    let old = LinkedGame::invite_showing_setup(Arc::clone(&v), options, mine.clone(), 4, [1; 16]);
    let invitation = Invitation::read(&code(&old), builtin_variant).unwrap();
    let theirs = computer_setup(&v, &options, Side::Red, &mut rng);
    let refused = LinkedGame::join(&invitation, theirs.clone(), [2; 16], false).unwrap_err();
    assert_eq!(refused, LinkError::Refused(Refusal::SetupShownFirst));
    assert!(
        refused.to_string().contains("an older version of Flagfall"),
        "{refused}"
    );

    // Red joins; its first code claims a move it could not have chosen.
    let mut inviter = LinkedGame::invite(Arc::clone(&v), options, mine, 4, [1; 16]);
    let invitation = Invitation::read(&code(&inviter), builtin_variant).unwrap();
    let joiner = LinkedGame::join(&invitation, theirs, [2; 16], false).unwrap();
    let honest = code(&joiner);
    let mut envelope = Envelope::from_text(&honest).unwrap();
    let turn = Turn::decode(&envelope.body, &v).unwrap();
    let piece = turn.intro.as_ref().unwrap().public[0].square;
    let mv = flagfall::core::moves::Move {
        from: piece,
        to: flagfall::core::square::Square {
            col: piece.col,
            row: piece.row + 1,
        },
    };
    envelope.body = Turn {
        actions: vec![SentAction::Move { mv, shown: None }],
        ..turn
    }
    .encode(&v);
    assert_eq!(
        inviter.read(&envelope.to_text()).unwrap_err(),
        LinkError::Refused(Refusal::PlaysBeforeSetup)
    );
    inviter.read(&honest).unwrap();
    assert_eq!(
        inviter.status(),
        LinkStatus::AwaitingCode,
        "Blue shows its setup at once"
    );
}

/// A free-setup invitation, made by an app that let one through, is refused
/// by the session that would join it, with the home screen's reason, before
/// any setup is made (issue 65: it was accepted and failed later on squares
/// both armies chose).
#[test]
fn a_free_setup_invitation_is_refused_by_the_joining_session() {
    use flagfall::games::TwoDeviceGame;
    let free = variant("free");
    let mut inviter = TwoDeviceGame::create(
        Arc::clone(&free),
        GameOptions::defaults(&free),
        Side::Red,
        5,
    );
    common::ready_link(&mut inviter);
    let invitation = common::link_code(&inviter);
    let refused = TwoDeviceGame::join(&invitation, 6).unwrap_err();
    assert!(
        matches!(refused, LinkError::NotForTwoDevices(_)),
        "{refused:?}"
    );
    let home_says = flagfall::link::not_for_two_devices(&free).unwrap();
    assert_eq!(refused.to_string(), home_says);
    assert!(Invitation::read(&invitation, builtin_variant).is_err());
}
