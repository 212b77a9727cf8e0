//! Two computer players on two linked devices that talk only through codes:
//! the `qr-selfplay` tool and the end-to-end tests drive this.

use super::deal_handshake::DealHandshake;
use super::device::{LinkStatus, LinkedGame};
use super::error::LinkError;
use super::fair_deal::deals_by_chance;
use super::invitation::Invitation;
use crate::core::deal::{Deal, random_deal};
use crate::core::moves::Outcome;
use crate::core::options::GameOptions;
use crate::core::setup::CheckedSetup;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::variant::builtin_variant;
use crate::session::ai::{self, Level};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Passes a code from one device to the other (through a picture, say) and
/// returns the text the other device read.
pub trait Courier {
    fn carry(&mut self, number: usize, from: Side, text: &str) -> Result<String, String>;
}

impl<F: FnMut(usize, Side, &str) -> Result<String, String>> Courier for F {
    fn carry(&mut self, number: usize, from: Side, text: &str) -> Result<String, String> {
        self(number, from, text)
    }
}

#[derive(Debug, Clone)]
pub struct SelfPlay {
    pub codes: usize,
    pub outcome: Outcome,
    /// Both devices' verdicts on the other: verified, or the false claims.
    pub verified: [bool; 2],
    pub plies: usize,
}

/// A computer player's deal and sensible setup.
pub fn computer_setup(
    variant: &Variant,
    options: &GameOptions,
    side: Side,
    rng: &mut impl Rng,
) -> CheckedSetup {
    let deal = random_deal(variant, side, rng);
    computer_setup_of(variant, options, side, &deal, rng)
}

/// A computer player's sensible setup of a given deal.
pub fn computer_setup_of(
    variant: &Variant,
    options: &GameOptions,
    side: Side,
    deal: &Deal,
    rng: &mut impl Rng,
) -> CheckedSetup {
    ai::sensible_setup(variant, side, deal, rng)
        .check(variant, deal, options)
        .expect("sensible setups are valid")
}

/// Two devices that have started a game through a courier.
pub struct Pair {
    /// The inviter, then the joiner.
    pub devices: [LinkedGame; 2],
    /// Codes carried so far.
    pub codes: usize,
    /// Each device's last code that the other has read.
    pub carried: [Option<String>; 2],
}

/// Invites and joins with computer setups, every code through the courier;
/// with the fair deal (`fair_deal`) when the variant's deal is chance.
pub fn start_pair(
    variant: &Arc<Variant>,
    options: GameOptions,
    inviter: Side,
    rng: &mut impl Rng,
    courier: &mut impl Courier,
) -> Result<Pair, String> {
    if let Some(why) = super::not_for_two_devices(variant) {
        return Err(why);
    }
    let joiner = inviter.opponent();
    let mut codes = 0;
    let mut carry = |from: Side, text: &str| {
        let read = courier.carry(codes, from, text);
        codes += 1;
        read
    };
    if !deals_by_chance(variant) {
        let setup = computer_setup(variant, &options, inviter, rng);
        let first = LinkedGame::invite(
            Arc::clone(variant),
            options,
            setup,
            rng.random(),
            rng.random(),
        );
        let invite_text = first.last_code().expect("an invitation").to_string();
        let read = carry(inviter, &invite_text)?;
        let invitation = Invitation::read(&read, builtin_variant).map_err(|e| e.to_string())?;
        let setup = computer_setup(variant, &options, joiner, rng);
        let second =
            LinkedGame::join(&invitation, setup, rng.random(), false).map_err(|e| e.to_string())?;
        return Ok(Pair {
            devices: [first, second],
            codes,
            carried: [Some(invite_text), None],
        });
    }
    let failed = |e: LinkError| e.to_string();
    let mut first = DealHandshake::invite(
        Arc::clone(variant),
        options,
        inviter,
        rng.random(),
        rng.random(),
    );
    let invitation =
        Invitation::read(&carry(inviter, first.last_code())?, builtin_variant).map_err(failed)?;
    let mut second = DealHandshake::join(&invitation, rng.random()).map_err(failed)?;
    first
        .read(&carry(joiner, second.last_code())?)
        .map_err(failed)?;
    let dealt = first.deal().ok_or("the inviter has no hand")?;
    let setup = computer_setup_of(variant, &options, inviter, &dealt, rng);
    let first = LinkedGame::after_handshake(&first, setup).map_err(failed)?;
    let first_text = first.last_code().unwrap_or_default().to_string();
    second.read(&carry(inviter, &first_text)?).map_err(failed)?;
    let dealt = second.deal().ok_or("the joiner has no hand")?;
    let setup = computer_setup_of(variant, &options, joiner, &dealt, rng);
    let second = LinkedGame::after_handshake(&second, setup).map_err(failed)?;
    Ok(Pair {
        devices: [first, second],
        codes,
        carried: [Some(first_text), None],
    })
}

/// Plays a whole game; the inviter is Red for even seeds, Blue for odd ones.
pub fn self_play(
    variant: Arc<Variant>,
    options: GameOptions,
    seed: u64,
    level: Level,
    courier: &mut impl Courier,
) -> Result<SelfPlay, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let inviter = if seed.is_multiple_of(2) {
        Side::Red
    } else {
        Side::Blue
    };
    let Pair {
        mut devices,
        mut codes,
        mut carried,
    } = start_pair(&variant, options, inviter, &mut rng, courier)?;
    let mut plies = 0;
    for _ in 0..20_000 {
        // Carry every new code across until none is left (a code read may
        // make an answer at once; the end takes up to three in a row).
        let mut quiet = 0;
        for i in [0, 1].into_iter().cycle().take(8) {
            if quiet == 2 {
                break;
            }
            let Some(text) = devices[i].last_code().map(str::to_string) else {
                quiet += 1;
                continue;
            };
            if carried[i].as_deref() == Some(text.as_str()) {
                quiet += 1;
                continue;
            }
            quiet = 0;
            let from = devices[i].endpoint().side();
            let read = courier.carry(codes, from, &text)?;
            codes += 1;
            devices[1 - i]
                .read(&read)
                .map_err(|e| format!("code {codes}: {e}"))?;
            carried[i] = Some(text);
        }
        if devices.iter().all(|d| d.status() == LinkStatus::Finished) {
            let outcomes: Vec<Outcome> = devices
                .iter()
                .map(|d| d.view().and_then(|v| v.outcome))
                .collect::<Option<_>>()
                .ok_or("a finished device has no result")?;
            if outcomes[0] != outcomes[1] {
                return Err(format!(
                    "the devices disagree: {} against {}",
                    outcomes[0], outcomes[1]
                ));
            }
            let verified = [0, 1].map(|i| {
                matches!(
                    devices[i].verdict(),
                    Some(super::verify::ClaimsVerdict::Verified)
                )
            });
            return Ok(SelfPlay {
                codes,
                outcome: outcomes[0],
                verified,
                plies: devices[0].plies().len().max(devices[1].plies().len()),
            });
        }
        let Some(mover) = devices
            .iter()
            .position(|d| d.status() == LinkStatus::YourTurn)
        else {
            let status = devices.each_ref().map(|d| d.status());
            let ends = devices
                .each_ref()
                .map(|d| d.view().and_then(|v| v.outcome).map(|o| o.to_string()));
            return Err(format!(
                "both devices are waiting ({status:?}, {ends:?}, after {plies} plies)"
            ));
        };
        let view = devices[mover].view().expect("joined");
        let action = ai::choose(level, &view, seed ^ plies as u64)
            .ok_or("the computer found no action on its turn")?;
        devices[mover]
            .play(action)
            .map_err(|e| format!("{action:?}: {e}"))?;
        plies += 1;
    }
    Err("the game did not end".into())
}
