//! Draw offers between two devices: an offer travels in the offerer's next
//! code with its move; the other device accepts (an agreed draw, both setups
//! opened and checked) or declines by playing on. A code that accepts a draw
//! nobody offered is refused; offers survive saving, and saves from before
//! draw offers still load and play on.

use crate::common;

use common::{link_code, start_link};

use common::variant;
use flagfall::ai::{Level, choose};
use flagfall::core::variant::builtin_variant;
use flagfall::core::{Action, DrawReason, GameOptions, Outcome, Side};
use flagfall::games::{LINKED_FORMAT, SavedLinked, TwoDeviceGame};
use flagfall::link::message::{CodeError, Envelope, SentAction, Turn};
use flagfall::link::selfplay::computer_setup;
use flagfall::link::{ClaimsVerdict, Invitation, LinkError, LinkStatus, LinkedGame, Refusal};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

const AGREED: Outcome = Outcome::Draw {
    reason: DrawReason::Agreed,
};

fn format_of(text: &str) -> u8 {
    Envelope::from_text(text).unwrap().header.format
}

fn reload(session: &TwoDeviceGame) -> TwoDeviceGame {
    let json = serde_json::to_string(&session.to_saved()).unwrap();
    let saved: SavedLinked = serde_json::from_str(&json).unwrap();
    let again = TwoDeviceGame::from_saved(&saved).unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert_eq!(
        again.game().unwrap().last_code(),
        session.game().unwrap().last_code()
    );
    assert_eq!(again.status(), session.status());
    assert_eq!(again.draw_offer(), session.draw_offer());
    again
}

/// Two sessions, invited and joined, with Red to move.
fn sessions(id: &str, seed: u64) -> (TwoDeviceGame, TwoDeviceGame) {
    let v = builtin_variant(id).unwrap();
    let options = GameOptions::defaults(&v);
    start_link(v, options, Side::Red, seed)
}

/// The computer plays one turn on `mover`, and `other` reads its code.
fn turn(mover: &mut TwoDeviceGame, other: &mut TwoDeviceGame, seed: u64) {
    assert_eq!(
        mover.status(),
        Some(LinkStatus::YourTurn),
        "{} after {:?}",
        mover.variant().id,
        mover.game().unwrap().plies()
    );
    let view = mover.game().unwrap().view().unwrap();
    let action = choose(Level::Heuristic, &view, seed).unwrap();
    mover.play(action).unwrap();
    other.read(&link_code(mover)).unwrap();
}

fn outcome(session: &TwoDeviceGame) -> Option<Outcome> {
    session.game().unwrap().view().unwrap().outcome
}

/// Blue has accepted: Red reads that, Blue reads Red's opened setup, and both
/// end in an agreed draw with every claim verified.
fn finish_agreed(red: &mut TwoDeviceGame, blue: &mut TwoDeviceGame) {
    assert_eq!(blue.status(), Some(LinkStatus::AwaitingReveal));
    assert_eq!(outcome(blue), Some(AGREED));
    let accepted = link_code(blue);
    assert_eq!(format_of(&accepted), 2, "an accepted draw needs format 2");
    red.read(&accepted).unwrap();
    assert_eq!(red.status(), Some(LinkStatus::Finished));
    blue.read(&link_code(red)).unwrap();
    for session in [&*red, &*blue] {
        assert_eq!(session.status(), Some(LinkStatus::Finished));
        assert_eq!(outcome(session), Some(AGREED));
        assert_eq!(
            session.game().unwrap().verdict(),
            Some(&ClaimsVerdict::Verified)
        );
        assert_eq!(session.draw_offer(), None);
        let game = session.game().unwrap().finished_game().unwrap();
        assert_eq!(game.position().outcome(), Some(AGREED));
        assert_eq!(game.actions().last(), Some(&Action::AgreeDraw));
    }
}

#[test]
fn an_offer_travels_with_a_move_and_an_accepted_draw_ends_both_verified() {
    for (id, seed) in [
        ("classic", 1),
        ("domino", 2),
        ("piecepack", 7),
        ("barrage", 4),
    ] {
        let (mut red, mut blue) = sessions(id, seed);
        for ply in 0..3 {
            turn(&mut red, &mut blue, seed * 100 + 2 * ply);
            turn(&mut blue, &mut red, seed * 100 + 2 * ply + 1);
        }
        assert_eq!(red.draw_offer(), None, "{id}");
        red.offer_draw().unwrap();
        // Marked, and still Red's turn: the offer goes out with the move.
        assert_eq!(red.draw_offer(), Some(Side::Red), "{id}");
        assert_eq!(red.status(), Some(LinkStatus::YourTurn), "{id}");
        // Blue cannot offer or answer out of turn.
        assert_eq!(blue.offer_draw().unwrap_err(), LinkError::NotYourTurn);
        assert_eq!(blue.answer_draw(true).unwrap_err(), LinkError::NotYourTurn);
        turn(&mut red, &mut blue, seed);
        assert_eq!(
            format_of(&link_code(&red)),
            2,
            "{id}: the offer needs format 2"
        );
        assert_eq!(red.draw_offer(), Some(Side::Red), "{id}");
        assert_eq!(red.status(), Some(LinkStatus::AwaitingCode), "{id}");
        // Blue reads "Red offers a draw" and accepts on its turn.
        assert_eq!(blue.draw_offer(), Some(Side::Red), "{id}");
        assert_eq!(blue.status(), Some(LinkStatus::YourTurn), "{id}");
        // Blue cannot offer back while Red's offer waits: it may accept.
        assert_eq!(blue.offer_draw().unwrap_err(), LinkError::OfferWaiting);
        blue.answer_draw(true).unwrap();
        assert_eq!(blue.draw_offer(), None, "{id}");
        finish_agreed(&mut red, &mut blue);
    }
}

#[test]
fn a_declined_offer_lapses_and_play_goes_on() {
    let (mut red, mut blue) = sessions("classic", 11);
    for ply in 0..4 {
        turn(&mut red, &mut blue, 2 * ply);
        turn(&mut blue, &mut red, 2 * ply + 1);
        // Codes without a draw stay in the first format.
        assert_eq!(format_of(&link_code(&red)), 1);
        assert_eq!(format_of(&link_code(&blue)), 1);
    }
    // Red offers; Blue declines by simply playing a move.
    red.offer_draw().unwrap();
    red.offer_draw().unwrap(); // offering twice is one offer
    turn(&mut red, &mut blue, 20);
    assert_eq!(blue.draw_offer(), Some(Side::Red));
    turn(&mut blue, &mut red, 21);
    assert_eq!(blue.draw_offer(), None);
    assert_eq!(red.draw_offer(), None);
    assert!(red.draw_declined());
    assert_eq!(format_of(&link_code(&blue)), 1, "declining is just a move");
    // The offer does not carry over: Red cannot be held to it later.
    assert_eq!(outcome(&red), None);
    assert_eq!(red.answer_draw(true).unwrap_err(), LinkError::NotOffered);
    turn(&mut red, &mut blue, 22);
    assert!(!red.draw_declined(), "cleared by Red's next action");
    assert_eq!(blue.answer_draw(true).unwrap_err(), LinkError::NotOffered);
    assert_eq!(
        blue.game().unwrap().clone().play(Action::AgreeDraw),
        Err(LinkError::NotOffered)
    );

    // Blue offers; Red declines explicitly, then plays on.
    blue.offer_draw().unwrap();
    turn(&mut blue, &mut red, 23);
    assert_eq!(red.draw_offer(), Some(Side::Blue));
    red.answer_draw(false).unwrap();
    assert_eq!(red.draw_offer(), None);
    assert_eq!(red.status(), Some(LinkStatus::YourTurn));
    assert_eq!(red.answer_draw(true).unwrap_err(), LinkError::NotOffered);
    let red = reload(&red);
    let mut red = red;
    turn(&mut red, &mut blue, 24);
    assert!(blue.draw_declined());
    assert_eq!(blue.draw_offer(), None);
    for session in [&red, &blue] {
        assert_eq!(outcome(session), None);
    }
    turn(&mut blue, &mut red, 25);
    assert_eq!(red.status(), Some(LinkStatus::YourTurn));
}

/// Two devices, invited and joined, with Red to move; [red, blue].
fn linked(id: &str, seed: u64) -> [LinkedGame; 2] {
    let v = variant(id);
    let options = GameOptions::defaults(&v);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = computer_setup(&v, &options, Side::Red, &mut rng);
    let mut inviter =
        LinkedGame::invite(Arc::clone(&v), options, red, seed as u32, [seed as u8; 16]);
    let invitation = Invitation::read(inviter.last_code().unwrap(), builtin_variant).unwrap();
    let blue = computer_setup(&v, &options, Side::Blue, &mut rng);
    let joiner = LinkedGame::join(&invitation, blue, [7; 16], false).unwrap();
    inviter.read(joiner.last_code().unwrap()).unwrap();
    [inviter, joiner]
}

/// The computer plays one turn on `devices[mover]`; the other device reads it.
fn device_turn(devices: &mut [LinkedGame; 2], mover: usize, seed: u64) {
    let view = devices[mover].view().unwrap();
    let action = choose(Level::Heuristic, &view, seed).unwrap();
    devices[mover].play(action).unwrap();
    let text = devices[mover].last_code().unwrap().to_string();
    devices[1 - mover].read(&text).unwrap();
}

/// `text` with its turn's actions replaced, written in code format `format`.
fn forged(text: &str, actions: Vec<SentAction>, format: u8) -> String {
    let v = variant("classic");
    let mut envelope = Envelope::from_text(text).unwrap();
    let turn = Turn::decode(&envelope.body, &v).unwrap();
    envelope.body = Turn { actions, ..turn }.encode(&v);
    envelope.header.format = format;
    envelope.to_text()
}

/// The state a refused code must leave alone.
type State = (
    Option<flagfall::core::PlayerView>,
    Option<String>,
    u16,
    LinkStatus,
    Vec<(Side, Action)>,
    Option<Side>,
);

fn state(device: &LinkedGame) -> State {
    (
        device.view(),
        device.last_code().map(str::to_string),
        device.codes(),
        device.status(),
        device.plies().to_vec(),
        device.draw_offer(),
    )
}

#[test]
fn a_code_that_accepts_a_draw_never_offered_is_refused_and_changes_nothing() {
    let mut devices = linked("classic", 5);
    for ply in 0..4 {
        device_turn(&mut devices, 0, 2 * ply);
        device_turn(&mut devices, 1, 2 * ply + 1);
    }
    // Red moves without an offer; Blue's device is the attacker: its code
    // claims Blue accepted a draw.
    device_turn(&mut devices, 0, 40);
    let [red, blue] = &mut devices;
    let view = blue.view().unwrap();
    blue.play(choose(Level::Heuristic, &view, 41).unwrap())
        .unwrap();
    let honest = blue.last_code().unwrap().to_string();
    let attack = forged(&honest, vec![SentAction::AgreeDraw], 2);
    let before = state(red);
    let error = red.read(&attack).unwrap_err();
    assert_eq!(error, LinkError::Refused(Refusal::DrawNotOffered));
    assert!(
        error
            .to_string()
            .contains("breaks the rules: it accepts a draw this player did not offer"),
        "{error}"
    );
    assert_eq!(state(red), before);
    // The same claim in the old code format cannot even be read.
    let old = forged(&honest, vec![SentAction::AgreeDraw], 1);
    assert!(
        matches!(
            red.read(&old).unwrap_err(),
            LinkError::Code(CodeError::Damaged(_))
        ),
        "a format 1 code cannot hold a draw"
    );
    assert_eq!(state(red), before);
    // The honest code reads, and the game goes on.
    red.read(&honest).unwrap();
    assert_eq!(red.status(), LinkStatus::YourTurn);
    assert_eq!(red.view().unwrap().outcome, None);

    // Red offers now; Blue plays on (declining), then a later code claims
    // the draw after all: the offer lapsed, so it is refused.
    red.offer_draw().unwrap();
    let view = red.view().unwrap();
    red.play(choose(Level::Heuristic, &view, 42).unwrap())
        .unwrap();
    blue.read(red.last_code().unwrap()).unwrap();
    assert_eq!(blue.draw_offer(), Some(Side::Red));
    // A code that plays on and then accepts is refused too.
    let view = blue.view().unwrap();
    blue.play(choose(Level::Heuristic, &view, 43).unwrap())
        .unwrap();
    assert_eq!(blue.draw_offer(), None, "playing on declines");
    let played_on = blue.last_code().unwrap().to_string();
    let envelope = Envelope::from_text(&played_on).unwrap();
    let mut actions = Turn::decode(&envelope.body, &variant("classic"))
        .unwrap()
        .actions;
    actions.push(SentAction::AgreeDraw);
    let before = state(red);
    let error = red.read(&forged(&played_on, actions, 2)).unwrap_err();
    assert_eq!(error, LinkError::Refused(Refusal::DrawAfterPlaying));
    assert_eq!(
        error.to_string(),
        "the other device's code breaks the rules: it accepts a draw after playing on"
    );
    assert_eq!(state(red), before);
    red.read(&played_on).unwrap();
    assert!(red.draw_declined());
    assert_eq!(red.draw_offer(), None);
    let view = red.view().unwrap();
    red.play(choose(Level::Heuristic, &view, 44).unwrap())
        .unwrap();
    blue.read(red.last_code().unwrap()).unwrap();
    let view = blue.view().unwrap();
    blue.play(choose(Level::Heuristic, &view, 45).unwrap())
        .unwrap();
    let honest = blue.last_code().unwrap().to_string();
    let before = state(red);
    let error = red
        .read(&forged(&honest, vec![SentAction::AgreeDraw], 2))
        .unwrap_err();
    assert_eq!(error, LinkError::Refused(Refusal::DrawNotOffered));
    assert_eq!(
        error.to_string(),
        "the other device's code breaks the rules: it accepts a draw this player did not offer"
    );
    assert_eq!(state(red), before);
    red.read(&honest).unwrap();
    assert_eq!(red.view().unwrap().outcome, None);
}

#[test]
fn an_offer_survives_saving_and_loading() {
    let (mut red, mut blue) = sessions("small", 21);
    for ply in 0..5 {
        turn(&mut red, &mut blue, 2 * ply);
        turn(&mut blue, &mut red, 2 * ply + 1);
    }
    // Marked, saved, loaded: the offer still goes out with the move.
    red.offer_draw().unwrap();
    let mut red = reload(&red);
    assert_eq!(red.draw_offer(), Some(Side::Red));
    let saved = red.to_saved();
    assert_eq!(saved.format, LINKED_FORMAT);
    assert!(
        saved.log.iter().any(|l| l == "offer draw"),
        "{:?}",
        saved.log
    );
    turn(&mut red, &mut blue, 30);
    assert_eq!(format_of(&link_code(&red)), 2);
    // Sent, and received: both survive a reload.
    let mut red = reload(&red);
    let mut blue = reload(&blue);
    assert_eq!(red.draw_offer(), Some(Side::Red));
    assert_eq!(blue.draw_offer(), Some(Side::Red));
    blue.answer_draw(true).unwrap();
    let mut blue = reload(&blue);
    finish_agreed(&mut red, &mut blue);
    let red = reload(&red);
    let blue = reload(&blue);
    for session in [&red, &blue] {
        assert_eq!(outcome(session), Some(AGREED));
        assert_eq!(
            session.game().unwrap().verdict(),
            Some(&ClaimsVerdict::Verified)
        );
    }
}

fn fixture(name: &str) -> SavedLinked {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1");
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn saves_from_before_draw_offers_load_and_can_agree_a_draw() {
    let (red_saved, blue_saved) = (
        fixture("linked-classic-red.json"),
        fixture("linked-classic-blue.json"),
    );
    assert_eq!((red_saved.format, blue_saved.format), (1, 1));
    let mut red = TwoDeviceGame::from_saved(&red_saved).unwrap();
    let mut blue = TwoDeviceGame::from_saved(&blue_saved).unwrap();
    // Replayed without draws, the codes are the very ones made before.
    let last_read = |saved: &SavedLinked| {
        saved
            .log
            .iter()
            .rev()
            .find_map(|l| l.strip_prefix("read ").map(str::to_string))
            .unwrap()
    };
    assert_eq!(link_code(&red), last_read(&blue_saved));
    assert_eq!(link_code(&blue), last_read(&red_saved));
    assert_eq!(format_of(&link_code(&red)), 1);
    assert_eq!(red.status(), Some(LinkStatus::YourTurn));
    assert_eq!(blue.status(), Some(LinkStatus::AwaitingCode));
    // Saved again, they take the new format and come back the same.
    assert_eq!(red.to_saved().format, LINKED_FORMAT);
    let _ = reload(&blue);
    red.offer_draw().unwrap();
    let mut red = reload(&red);
    turn(&mut red, &mut blue, 3);
    assert_eq!(blue.draw_offer(), Some(Side::Red));
    blue.answer_draw(true).unwrap();
    finish_agreed(&mut red, &mut blue);
}

/// Whole random games in which both players offer draws on most turns (with
/// attacks, rescues and Silent Defense about; games that end unseen by the
/// offerer's device) and answer them every way: the devices always agree,
/// verify, and end with no offer standing.
#[test]
fn offers_made_and_answered_at_random_keep_both_devices_in_step() {
    use rand::RngExt;
    let classic = variant("classic");
    let mut agreed = 0;
    let mut declined = 0;
    let mut waiting = 0; // offers read while the offerer's turn goes on
    for seed in 0..16u64 {
        let options = GameOptions {
            rescue: seed % 4 != 3,
            silent_defense: seed % 3 == 0,
            ..GameOptions::defaults(&classic)
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let red = computer_setup(&classic, &options, Side::Red, &mut rng);
        let mut inviter = LinkedGame::invite(Arc::clone(&classic), options, red, 9, [1; 16]);
        let invitation = Invitation::read(inviter.last_code().unwrap(), builtin_variant).unwrap();
        let blue = computer_setup(&classic, &options, Side::Blue, &mut rng);
        let joiner = LinkedGame::join(&invitation, blue, [2; 16], false).unwrap();
        inviter.read(joiner.last_code().unwrap()).unwrap();
        let mut devices = [inviter, joiner];
        let mut carried = devices
            .each_ref()
            .map(|d| d.last_code().unwrap().to_string());
        for ply in 0..4000u64 {
            for i in [0, 1, 0, 1, 0, 1] {
                let text = devices[i].last_code().unwrap().to_string();
                if text != carried[i] {
                    devices[1 - i]
                        .read(&text)
                        .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: {e}"));
                    declined += usize::from(devices[1 - i].draw_declined());
                    let reader = &devices[1 - i];
                    waiting += usize::from(
                        reader.draw_offer() == Some(reader.endpoint().side().opponent())
                            && reader.status() != LinkStatus::YourTurn,
                    );
                    carried[i] = text;
                }
            }
            if devices.iter().all(|d| d.status() == LinkStatus::Finished) {
                break;
            }
            let mover = devices
                .iter()
                .position(|d| d.status() == LinkStatus::YourTurn)
                .unwrap_or_else(|| panic!("seed {seed}: both devices wait"));
            let device = &mut devices[mover];
            let me = device.endpoint().side();
            if device.draw_offer() == Some(me.opponent()) {
                if rng.random_ratio(1, 400) {
                    device.play(Action::AgreeDraw).unwrap();
                    agreed += 1;
                    continue;
                }
                if rng.random_bool(0.5) {
                    device.decline_draw().unwrap();
                }
            } else if rng.random_bool(0.9) {
                device.offer_draw().unwrap();
            }
            let view = device.view().unwrap();
            let action = choose(Level::Random, &view, seed * 7919 + ply).unwrap();
            device.play(action).unwrap();
        }
        let outcomes = devices.each_ref().map(|d| d.view().unwrap().outcome);
        assert!(outcomes[0].is_some(), "seed {seed}: unfinished");
        assert_eq!(outcomes[0], outcomes[1], "seed {seed}");
        for d in &devices {
            assert_eq!(d.status(), LinkStatus::Finished, "seed {seed}");
            assert_eq!(d.verdict(), Some(&ClaimsVerdict::Verified), "seed {seed}");
            assert_eq!(d.draw_offer(), None, "seed {seed}");
        }
    }
    assert!(
        agreed >= 5 && declined >= 100,
        "{agreed} agreed, {declined} declined"
    );
    // An offer sent with an attack that gains a rescue waits while the
    // offerer's turn goes on.
    assert!(waiting >= 1, "no offer waited through a rescue");
}

/// `text` with its opening left out.
fn without_opening(text: &str) -> String {
    let v = variant("classic");
    let mut envelope = Envelope::from_text(text).unwrap();
    let turn = Turn::decode(&envelope.body, &v).unwrap();
    assert!(turn.reveal.is_some(), "the honest code opens its setup");
    envelope.body = Turn {
        reveal: None,
        ..turn
    }
    .encode(&v);
    envelope.to_text()
}

/// Issue 46: a device that ended the game in a draw (it accepted the offer,
/// or its move reached the quiet-move limit) opens first, in that code. A
/// device that leaves its opening out gets none back: the other waits, "not
/// verified", and may end the game as abandoned.
#[test]
fn a_draw_ended_without_its_opening_gets_no_opening_back() {
    // An accepted offer.
    let mut devices = linked("classic", 9);
    for ply in 0..3 {
        device_turn(&mut devices, 0, 2 * ply);
        device_turn(&mut devices, 1, 2 * ply + 1);
    }
    let [red, blue] = &mut devices;
    red.offer_draw().unwrap();
    let view = red.view().unwrap();
    red.play(choose(Level::Heuristic, &view, 50).unwrap())
        .unwrap();
    blue.read(red.last_code().unwrap()).unwrap();
    blue.play(Action::AgreeDraw).unwrap();
    let attack = without_opening(blue.last_code().unwrap());
    let red_code = red.last_code().unwrap().to_string();
    red.read(&attack).unwrap();
    assert_eq!(red.view().unwrap().outcome, Some(AGREED));
    assert_eq!(red.status(), LinkStatus::AwaitingReveal);
    assert!(!red.has_opened(), "the honest setup stays closed");
    assert_eq!(red.last_code(), Some(red_code.as_str()), "no code goes out");
    assert_eq!(red.verdict(), None);
    red.abandon().unwrap();
    assert_eq!(red.status(), LinkStatus::Abandoned);

    // The quiet-move limit, reached by one device's move.
    // (Codes carry no quiet-move limit: the variant's 200 plies count.)
    let mut devices = linked("classic", 3);
    let mut seed = 60;
    let ender = loop {
        assert!(seed < 2_000, "no draw by quiet moves");
        let mover = usize::from(devices[0].status() != LinkStatus::YourTurn);
        let view = devices[mover].view().unwrap();
        let quiet = view
            .legal_moves
            .iter()
            .copied()
            .find(|m| view.at(m.to).is_none());
        let action = quiet.map_or_else(
            || choose(Level::Heuristic, &view, seed).unwrap(),
            Action::Move,
        );
        seed += 1;
        devices[mover].play(action).unwrap();
        if devices[mover].view().unwrap().outcome.is_some() {
            break mover;
        }
        let text = devices[mover].last_code().unwrap().to_string();
        devices[1 - mover].read(&text).unwrap();
    };
    assert!(
        matches!(
            devices[ender].view().unwrap().outcome,
            Some(Outcome::Draw { .. })
        ),
        "{:?}",
        devices[ender].view().unwrap().outcome
    );
    let attack = without_opening(devices[ender].last_code().unwrap());
    let waiting = &mut devices[1 - ender];
    let before = waiting.last_code().unwrap().to_string();
    waiting.read(&attack).unwrap();
    assert_eq!(waiting.status(), LinkStatus::AwaitingReveal);
    assert!(!waiting.has_opened());
    assert_eq!(waiting.last_code(), Some(before.as_str()));
}
