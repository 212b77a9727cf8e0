//! The fair domino deal between two devices (issue 17, 2): a hand drawn from
//! both devices' secrets, checked at the end. Each attack is played by a
//! device that forges its real codes.

use crate::common;

use common::variant;
use flagfall::ai::{self, Level};
use flagfall::core::deal::Deal;
use flagfall::core::moves::Action;
use flagfall::core::options::GameOptions;
use flagfall::core::setup::Placement;
use flagfall::core::side::Side;
use flagfall::core::variant::ArmyRule;
use flagfall::core::variant::builtin_variant;
use flagfall::link::message::{
    CodeKind, Envelope, Header, Invite, Opening, Reveal, Turn, commitment,
};
use flagfall::link::selfplay::computer_setup_of;
use flagfall::link::{ClaimsVerdict, DealHandshake, Invitation, LinkError, LinkStatus, LinkedGame};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// The fair deal up to the joiner's setup: (inviter as a game, joiner's
/// handshake), the inviter's code 2 already read by the joiner.
fn dealt(seed: u64) -> (LinkedGame, DealHandshake) {
    let v = variant("domino");
    let options = GameOptions::defaults(&v);
    let mut inviter =
        DealHandshake::invite(Arc::clone(&v), options, Side::Red, 11, [seed as u8; 16]);
    let invitation = Invitation::read(inviter.last_code(), builtin_variant).unwrap();
    let mut joiner = DealHandshake::join(&invitation, [seed as u8 ^ 0x5a; 16]).unwrap();
    inviter.read(joiner.last_code()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let setup = computer_setup_of(&v, &options, Side::Red, &inviter.deal().unwrap(), &mut rng);
    let red = LinkedGame::after_handshake(&inviter, setup).unwrap();
    joiner.read(red.last_code().unwrap()).unwrap();
    (red, joiner)
}

fn forge(text: &str, change: impl FnOnce(&mut Turn)) -> String {
    let v = variant("domino");
    let envelope = Envelope::from_text(text).unwrap();
    let mut turn = Turn::decode(&envelope.body, &v).unwrap();
    change(&mut turn);
    let mut header = envelope.header;
    header.format = header.format.max(turn.format());
    Envelope {
        header,
        body: turn.encode(&v),
    }
    .to_text()
}

#[test]
fn each_hand_comes_from_both_secrets_and_both_devices_verify_it() {
    for seed in 0..6 {
        let (red, joiner) = dealt(seed);
        let v = variant("domino");
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
        let hand = joiner.deal().unwrap();
        let setup = computer_setup_of(&v, red.endpoint().options(), Side::Blue, &hand, &mut rng);
        let (mut red, mut blue) = (red, LinkedGame::after_handshake(&joiner, setup).unwrap());
        let code = |d: &LinkedGame| d.last_code().unwrap().to_string();
        red.read(&code(&blue)).unwrap();
        // Blue resigns at once; each device checks the other's deal.
        red.play(ai::choose(Level::Random, &red.view().unwrap(), seed).unwrap())
            .unwrap();
        blue.read(&code(&red)).unwrap();
        blue.play(Action::Resign(Side::Blue)).unwrap();
        red.read(&code(&blue)).unwrap();
        blue.read(&code(&red)).unwrap();
        let devices = [red, blue];
        for device in &devices {
            assert_eq!(device.status(), LinkStatus::Finished, "seed {seed}");
            assert_eq!(
                device.verdict(),
                Some(&ClaimsVerdict::Verified),
                "seed {seed}"
            );
        }
    }
}

/// The review's attack: a device set aside the four stones it liked, said
/// it had reshuffled 9 times, committed to that hand, and was "Verified".
/// Now its hand is dealt again from its opened secret and the number the
/// other device sent: it is false.
#[test]
fn a_hand_chosen_by_the_device_is_false_at_the_end() {
    let v = variant("domino");
    let (mut red, joiner) = dealt(3);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let fair = joiner.deal().unwrap();
    let setup = computer_setup_of(&v, red.endpoint().options(), Side::Blue, &fair, &mut rng);
    let honest: Vec<Placement> = setup.placements().to_vec();
    let mut blue = LinkedGame::after_handshake(&joiner, setup).unwrap();
    // The stones it wants: the first set-aside stone in place of a hand stone
    // (not a must-hold one), and any number of reshuffles.
    let Deal::Domino {
        mut hand,
        mut set_aside,
        ..
    } = fair.clone()
    else {
        panic!("a domino deal")
    };
    let ArmyRule::Domino { must_hold, .. } = &v.army else {
        panic!("a domino army")
    };
    let wanted = set_aside[0];
    let (given_up, _) = hand
        .iter()
        .enumerate()
        .find(|(_, k)| !must_hold.contains(k))
        .map(|(i, k)| (i, *k))
        .unwrap();
    let dropped = hand[given_up];
    hand[given_up] = wanted;
    set_aside[0] = dropped;
    hand.sort();
    set_aside.sort();
    let chosen = Deal::Domino {
        hand,
        set_aside,
        redraws: 9,
    };
    let placements: Vec<Placement> = honest
        .iter()
        .map(|p| {
            let mut p = *p;
            if p.piece.kind == dropped {
                p.piece.kind = wanted;
            }
            p
        })
        .collect();
    let salt = [3u8 ^ 0x5a; 16];
    let chosen_commitment = commitment(
        &v,
        blue.endpoint().game_id(),
        Side::Blue,
        &salt,
        &chosen,
        &placements,
    );
    // Its setup code commits to the chosen hand (same squares on show).
    let intro_code = forge(blue.last_code().unwrap(), |turn| {
        turn.intro.as_mut().unwrap().commitment = chosen_commitment;
    });
    red.read(&intro_code).unwrap();
    red.play(ai::choose(Level::Random, &red.view().unwrap(), 1).unwrap())
        .unwrap();
    blue.read(red.last_code().unwrap()).unwrap();
    blue.play(Action::Resign(Side::Blue)).unwrap();
    // It opens the chosen hand with its true secret.
    let last = forge(blue.last_code().unwrap(), |turn| {
        turn.reveal = Some(Reveal {
            salt,
            deal: chosen.clone(),
            placements: placements.clone(),
        });
    });
    red.read(&last).unwrap();
    let Some(ClaimsVerdict::False(lies)) = red.verdict() else {
        panic!("a chosen hand passed: {:?}", red.verdict());
    };
    assert!(
        lies.iter()
            .any(|l| l.contains("it chose its hand") && l.contains("claimed 9 reshuffles")),
        "{lies:?}"
    );
}

/// A device that tries secret after secret for a hand it likes (after
/// seeing the other's number) cannot open the secret it committed to.
#[test]
fn a_hand_ground_from_another_secret_is_false_at_the_end() {
    let v = variant("domino");
    let (mut red, _honest_joiner) = dealt(4);
    // The joiner committed to secret [4 ^ 0x5a; 16] in its first code, then
    // deals from another secret, as if it had searched for one.
    // (The same invitation as `dealt` made: same game, side and secret.)
    let inviter = DealHandshake::invite(
        Arc::clone(&v),
        *red.endpoint().options(),
        Side::Red,
        11,
        [4; 16],
    );
    let invitation = Invitation::read(inviter.last_code(), builtin_variant).unwrap();
    let mut ground = DealHandshake::join(&invitation, [0xee; 16]).unwrap();
    ground.read(red.last_code().unwrap()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let setup = computer_setup_of(
        &v,
        red.endpoint().options(),
        Side::Blue,
        &ground.deal().unwrap(),
        &mut rng,
    );
    let mut blue = LinkedGame::after_handshake(&ground, setup).unwrap();
    red.read(blue.last_code().unwrap()).unwrap();
    red.play(ai::choose(Level::Random, &red.view().unwrap(), 1).unwrap())
        .unwrap();
    blue.read(red.last_code().unwrap()).unwrap();
    blue.play(Action::Resign(Side::Blue)).unwrap();
    red.read(blue.last_code().unwrap()).unwrap();
    let Some(ClaimsVerdict::False(lies)) = red.verdict() else {
        panic!("a ground hand passed: {:?}", red.verdict());
    };
    assert!(
        lies.iter()
            .any(|l| l.contains("not the one it committed to before the deal")),
        "{lies:?}"
    );
}

/// A domino invitation from before the fair deal (a setup in code format 1)
/// is refused with the reason; a deal step in the middle of a game too.
#[test]
fn an_unfair_domino_invitation_and_a_late_deal_step_are_refused() {
    let v = variant("domino");
    let (red, joiner) = dealt(6);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let hand = joiner.deal().unwrap();
    let setup = computer_setup_of(&v, red.endpoint().options(), Side::Blue, &hand, &mut rng);
    let blue = LinkedGame::after_handshake(&joiner, setup).unwrap();
    let intro = Turn::decode(
        &Envelope::from_text(blue.last_code().unwrap()).unwrap().body,
        &v,
    )
    .unwrap()
    .intro
    .unwrap();
    let old = Envelope {
        header: Header {
            format: 1,
            kind: CodeKind::Invite,
            sender: Side::Red,
            game_id: 77,
            seq: 0,
        },
        body: Invite {
            variant: "domino".into(),
            options: *red.endpoint().options(),
            opening: Opening::Setup(intro),
            allowance: None,
        }
        .encode(&v),
    }
    .to_text();
    let refused = Invitation::read(&old, builtin_variant).unwrap_err();
    assert!(refused.to_string().contains("older version"), "{refused}");

    let mut red = red;
    let late = forge(blue.last_code().unwrap(), |turn| {
        turn.deal = Some(flagfall::link::message::DealStep::Nonce([1; 16]));
    });
    assert!(matches!(red.read(&late), Err(LinkError::Refused(_))));
}

/// Issue 46: with the fair deal the joiner sees the inviter's setup as
/// everyone sees it before it sets up its own. That is fair only while such
/// a setup tells nothing of the placement: every army of a variant dealt by
/// chance must show the same squares, suits and public kinds, whatever its
/// hand and setup. A variant dealt by chance with a partial zone, suits or
/// public kinds fails here, and needs the commit-first start of the others.
#[test]
fn every_variant_dealt_by_chance_shows_nothing_of_its_placement() {
    use flagfall::link::fair_deal::deals_by_chance;
    use flagfall::link::selfplay::start_pair;
    let mut checked = 0;
    for id in common::BUILT_IN {
        let v = variant(id);
        if !deals_by_chance(&v) {
            continue;
        }
        checked += 1;
        let options = GameOptions::defaults(&v);
        let shown: Vec<_> = (0..4u64)
            .map(|seed| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let pair = start_pair(&v, options, Side::Red, &mut rng, &mut |_, _, text: &str| {
                    Ok(text.to_string())
                })
                .unwrap();
                let text = pair.devices[0].last_code().unwrap().to_string();
                let turn = Turn::decode(&Envelope::from_text(&text).unwrap().body, &v).unwrap();
                turn.intro.expect("the inviter's setup").public
            })
            .collect();
        assert!(
            shown.windows(2).all(|pair| pair[0] == pair[1]),
            "{id}: the setup shown during the fair deal differs from one army to another"
        );
    }
    assert!(checked > 0, "domino is dealt by chance");
}
