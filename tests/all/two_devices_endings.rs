//! The end of a two-device game against a device that lies (issue 17): who
//! opens its setup first, a result that is not verified until the other
//! device has opened, a flag capture hidden under Silent Defense, and a game
//! abandoned by a device that went silent. Each test plays the malicious
//! device by forging its real codes.

use crate::common;

use common::variant;
use flagfall::ai::{self, Level};
use flagfall::core::moves::{Action, Move, Outcome, WinReason};
use flagfall::core::options::GameOptions;
use flagfall::core::side::Side;
use flagfall::core::square::Square;
use flagfall::core::variant::Special;
use flagfall::core::variant::builtin_variant;
use flagfall::link::message::{Answer, CodeKind, Envelope, Header, Reveal, SentAction, Turn};
use flagfall::link::selfplay::computer_setup;
use flagfall::link::{ClaimsVerdict, Invitation, LinkError, LinkStatus, LinkedGame};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn linked(options: GameOptions, seed: u64) -> [LinkedGame; 2] {
    let v = variant("classic");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = computer_setup(&v, &options, Side::Red, &mut rng);
    let inviter = LinkedGame::invite(Arc::clone(&v), options, red, seed as u32, [seed as u8; 16]);
    let invitation = Invitation::read(inviter.last_code().unwrap(), builtin_variant).unwrap();
    let blue = computer_setup(&v, &options, Side::Blue, &mut rng);
    let joiner = LinkedGame::join(&invitation, blue, [7; 16], false).unwrap();
    [inviter, joiner]
}

fn code(device: &LinkedGame) -> String {
    device.last_code().unwrap().to_string()
}

fn turn_of(text: &str) -> Option<Turn> {
    let envelope = Envelope::from_text(text).ok()?;
    (envelope.header.kind == CodeKind::Turn)
        .then(|| Turn::decode(&envelope.body, &variant("classic")).ok())
        .flatten()
}

/// Plays both devices with the heuristic player, carrying every new code
/// across. `tamper(sender, turn)` may forge a code before the other device
/// reads it (a malicious sender); it returns whether it forged one yet.
fn play(
    devices: &mut [LinkedGame; 2],
    seed: u64,
    mut tamper: impl FnMut(&LinkedGame, &Turn) -> Option<Turn>,
) -> bool {
    let mut forged_any = false;
    let mut carried = [code(&devices[0]), String::new()];
    for ply in 0..3000u64 {
        for i in [0, 1, 0, 1, 0, 1] {
            let text = code(&devices[i]);
            if text == carried[i] {
                continue;
            }
            carried[i] = text.clone();
            let mut delivered = text.clone();
            if let Some(turn) = turn_of(&text)
                && let Some(forged) = tamper(&devices[i], &turn)
            {
                let envelope = Envelope::from_text(&text).unwrap();
                delivered = Envelope {
                    body: forged.encode(&variant("classic")),
                    ..envelope
                }
                .to_text();
                forged_any = true;
            }
            let _ = devices[1 - i].read(&delivered);
        }
        let Some(mover) = devices
            .iter()
            .position(|d| d.status() == LinkStatus::YourTurn)
        else {
            break;
        };
        let view = devices[mover].view().unwrap();
        let action = ai::choose(Level::Heuristic, &view, seed * 7919 + ply).unwrap();
        devices[mover].play(action).unwrap();
    }
    forged_any
}

/// The side `device` lost to, if its game is over with a win.
fn lost_to(device: &LinkedGame) -> Option<Side> {
    let winner = device.view()?.outcome?.winner()?;
    (winner != device.endpoint().side()).then_some(winner)
}

/// Issue 17, 1: a device that lost used to get the winner's setup in answer to
/// any code that ended the game, and could then say nothing more. The side the
/// result favours opens last: a loser that does not open gets nothing, the
/// winner's result says "not verified" and stays under Continue, and a late
/// opening is still read and checked.
#[test]
fn the_winner_opens_last_and_a_result_is_not_verified_until_the_loser_opens() {
    for seed in 0..12 {
        let mut devices = linked(GameOptions::defaults(&variant("classic")), seed);
        let mut withheld: Option<(Side, Reveal)> = None;
        let forged = play(&mut devices, seed, |sender, turn| {
            let reveal = turn.reveal.clone()?;
            if withheld.is_some() || lost_to(sender).is_none() {
                return None;
            }
            // The loser's device drops its opening from the code that ends the game.
            withheld = Some((sender.endpoint().side(), reveal));
            Some(Turn {
                reveal: None,
                ..turn.clone()
            })
        });
        let Some((liar, reveal)) = withheld.filter(|_| forged) else {
            continue;
        };
        let winner = devices
            .iter_mut()
            .find(|d| d.endpoint().side() != liar)
            .unwrap();
        assert_eq!(winner.status(), LinkStatus::AwaitingReveal, "seed {seed}");
        assert_eq!(winner.verdict(), None);
        assert!(
            !winner.has_opened(),
            "the winner opened to a loser that did not"
        );
        assert!(
            winner.finished_game().is_none(),
            "an unverified result is recorded"
        );
        for text in [winner.last_code().unwrap()] {
            if let Some(turn) = turn_of(text) {
                assert!(turn.reveal.is_none(), "the winner's code opens its setup");
            }
        }
        // The loser opens late, in a code of its own: it is read and checked,
        // and only then does the winner open in answer.
        let late = Envelope {
            header: Header {
                format: 1,
                kind: CodeKind::Turn,
                sender: liar,
                game_id: winner.endpoint().game_id(),
                seq: winner.codes(),
            },
            body: Turn {
                reveal: Some(reveal),
                ..Turn::default()
            }
            .encode(&variant("classic")),
        }
        .to_text();
        winner.read(&late).unwrap();
        assert_eq!(winner.verdict(), Some(&ClaimsVerdict::Verified));
        assert_eq!(winner.status(), LinkStatus::Finished);
        assert!(winner.has_opened());
        assert!(winner.finished_game().is_some());
        return;
    }
    panic!("no game ended in a win to test");
}

/// Issue 17, 5: under Silent Defense a device whose flag was taken could
/// answer with the true result and resign (or play on) instead of ending the
/// game, and still be "Verified". The end check calls it false.
#[test]
fn a_flag_capture_hidden_under_silent_defense_is_false() {
    let options = GameOptions {
        silent_defense: true,
        ..GameOptions::defaults(&variant("classic"))
    };
    for seed in 0..20 {
        let mut devices = linked(options, seed);
        let mut liar = None;
        let forged = play(&mut devices, seed, |sender, turn| {
            let flag_taken = matches!(
                sender.view()?.outcome?,
                Outcome::Win { winner, reason: WinReason::FlagCaptured } if winner != sender.endpoint().side()
            );
            if liar.is_some() || !flag_taken || !matches!(turn.answer, Some(Answer::Silent(_))) {
                return None;
            }
            liar = Some(sender.endpoint().side());
            // The true (silent) result, then a resignation as if the game went on.
            Some(Turn {
                actions: vec![SentAction::Resign],
                ..turn.clone()
            })
        });
        let Some(liar) = liar.filter(|_| forged) else {
            continue;
        };
        let honest = devices
            .iter()
            .find(|d| d.endpoint().side() != liar)
            .unwrap();
        let Some(ClaimsVerdict::False(lies)) = honest.verdict() else {
            panic!(
                "seed {seed}: the hidden flag capture passed: {:?}",
                honest.verdict()
            );
        };
        assert!(
            lies.iter()
                .any(|l| l.contains("played on after the game had ended")),
            "{lies:?}"
        );
        assert!(honest.finished_game().is_none());
        return;
    }
    panic!("no game under Silent Defense had its flag taken");
}

/// Issue 17, 1: a device that stops sending codes leaves the game waiting;
/// its player may end it as abandoned by the other device, which is no
/// result, but never on its own turn.
#[test]
fn a_game_the_other_device_stopped_answering_can_be_ended_as_abandoned() {
    let [mut red, mut blue] = linked(GameOptions::defaults(&variant("classic")), 5);
    red.read(&code(&blue)).unwrap();
    assert_eq!(red.status(), LinkStatus::YourTurn);
    assert_eq!(red.abandon(), Err(LinkError::NotAbandoned));
    let view = red.view().unwrap();
    red.play(ai::choose(Level::Heuristic, &view, 1).unwrap())
        .unwrap();
    assert_eq!(red.status(), LinkStatus::AwaitingCode);
    // Blue goes silent after reading Red's move.
    blue.read(&code(&red)).unwrap();
    red.abandon().unwrap();
    assert_eq!(red.status(), LinkStatus::Abandoned);
    assert!(
        red.view().unwrap().outcome.is_none(),
        "abandoned is no result"
    );
    assert!(red.finished_game().is_none());
    let view = blue.view().unwrap();
    blue.play(ai::choose(Level::Heuristic, &view, 2).unwrap())
        .unwrap();
    assert_eq!(red.read(&code(&blue)), Err(LinkError::Finished));
    assert!(matches!(
        red.play(Action::Resign(Side::Red)),
        Err(LinkError::NotYourTurn)
    ));
}

/// A device that moves a piece its setup says cannot move (a bomb), then
/// resigns and opens that setup, is false at the end.
#[test]
fn a_bomb_that_moved_is_false_at_the_end() {
    let v = variant("classic");
    for seed in 0..10 {
        let [mut red, mut blue] = linked(GameOptions::defaults(&v), seed);
        red.read(&code(&blue)).unwrap();
        red.play(ai::choose(Level::Heuristic, &red.view().unwrap(), 1).unwrap())
            .unwrap();
        blue.read(&code(&red)).unwrap();
        // A Blue bomb with an empty square beside it.
        let view = blue.view().unwrap();
        let is_bomb = |sq: Square| {
            view.at(sq).is_some_and(|p| {
                p.owner == Side::Blue
                    && p.piece
                        .is_some_and(|k| v.kind(k.kind).special == Special::Bomb)
            })
        };
        let step = v
            .board
            .squares()
            .filter(|&sq| is_bomb(sq))
            .find_map(|from| {
                v.board
                    .squares()
                    .filter(|to| from.distance(*to) == 1)
                    .find(|&to| view.at(to).is_none() && !v.board.is_blocked(to))
                    .map(|to| Move { from, to })
            });
        let Some(bomb_move) = step else { continue };
        // Blue's device plays a legal move; the code Red reads moves the bomb.
        blue.play(ai::choose(Level::Heuristic, &view, 2).unwrap())
            .unwrap();
        let text = code(&blue);
        let envelope = Envelope::from_text(&text).unwrap();
        let mut turn = Turn::decode(&envelope.body, &v).unwrap();
        turn.actions = vec![SentAction::Move {
            mv: bomb_move,
            shown: None,
        }];
        let forged = Envelope {
            body: turn.encode(&v),
            ..envelope
        }
        .to_text();
        red.read(&forged).unwrap();
        red.play(ai::choose(Level::Heuristic, &red.view().unwrap(), 3).unwrap())
            .unwrap();
        // Blue resigns, which opens its true setup.
        if blue.read(&code(&red)).is_err() {
            continue;
        }
        blue.play(Action::Resign(Side::Blue)).unwrap();
        red.read(&code(&blue)).unwrap();
        let Some(ClaimsVerdict::False(lies)) = red.verdict() else {
            panic!("seed {seed}: a moved bomb passed: {:?}", red.verdict());
        };
        assert!(
            lies.iter().any(|l| l.contains("which that piece cannot")),
            "{lies:?}"
        );
        return;
    }
    panic!("no game had a bomb to move");
}
