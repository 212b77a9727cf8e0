//! Two computer players on two linked devices that talk only through codes:
//! the `qr-selfplay` tool and the end-to-end tests drive this.

use super::deal_handshake::DealHandshake;
use super::device::{LinkStatus, LinkedGame};
use super::error::LinkError;
use super::fair_deal::deals_by_chance;
use super::invitation::Invitation;
use crate::ai::{self, Level};
use crate::core::deal::{Deal, random_deal};
use crate::core::moves::{Action, Outcome};
use crate::core::options::GameOptions;
use crate::core::setup::CheckedSetup;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::variant::builtin_variant;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Why a courier could not carry a code: its own error.
pub type CarryError = Box<dyn std::error::Error + Send + Sync>;

/// Passes a code from one device to the other (through a picture, say) and
/// returns the text the other device read.
pub trait Courier {
    fn carry(&mut self, number: usize, from: Side, text: &str) -> Result<String, CarryError>;
}

impl<F: FnMut(usize, Side, &str) -> Result<String, CarryError>> Courier for F {
    fn carry(&mut self, number: usize, from: Side, text: &str) -> Result<String, CarryError> {
        self(number, from, text)
    }
}

/// Why two devices playing each other through codes did not finish a game
/// both agree on.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// The variant is not played on two devices, in the player's words.
    #[error("{0}")]
    NotForTwoDevices(String),
    #[error("code {number} was not carried: {why}")]
    NotCarried { number: usize, why: CarryError },
    /// A device refused a step of the start.
    #[error(transparent)]
    Start(#[from] LinkError),
    #[error("the {} has no hand", if *inviter { "inviter" } else { "joiner" })]
    NoHand { inviter: bool },
    #[error("code {number}: {error}")]
    CodeRefused { number: usize, error: LinkError },
    #[error("a finished device has no result")]
    NoResult,
    #[error("the devices disagree: {0} against {1}")]
    Disagree(Outcome, Outcome),
    #[error("both devices are waiting ({status:?}, {ends:?}, after {plies} plies)")]
    BothWaiting {
        status: [LinkStatus; 2],
        ends: [Option<Outcome>; 2],
        plies: usize,
    },
    #[error("the computer found no action on its turn")]
    NoAction,
    #[error("{action:?}: {error}")]
    Refused { action: Action, error: LinkError },
    #[error("the game did not end")]
    DidNotEnd,
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
) -> Result<Pair, SelfPlayError> {
    if let Some(why) = super::not_for_two_devices(variant) {
        return Err(SelfPlayError::NotForTwoDevices(why));
    }
    let joiner = inviter.opponent();
    let mut codes = 0;
    let mut carry = |from: Side, text: &str| {
        let read = courier
            .carry(codes, from, text)
            .map_err(|why| SelfPlayError::NotCarried { number: codes, why });
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
        let invitation = Invitation::read(&read, builtin_variant)?;
        let setup = computer_setup(variant, &options, joiner, rng);
        let second = LinkedGame::join(&invitation, setup, rng.random(), false)?;
        return Ok(Pair {
            devices: [first, second],
            codes,
            carried: [Some(invite_text), None],
        });
    }
    let mut first = DealHandshake::invite(
        Arc::clone(variant),
        options,
        inviter,
        rng.random(),
        rng.random(),
    );
    let invitation = Invitation::read(&carry(inviter, first.last_code())?, builtin_variant)?;
    let mut second = DealHandshake::join(&invitation, rng.random())?;
    first.read(&carry(joiner, second.last_code())?)?;
    let dealt = first
        .deal()
        .ok_or(SelfPlayError::NoHand { inviter: true })?;
    let setup = computer_setup_of(variant, &options, inviter, &dealt, rng);
    let first = LinkedGame::after_handshake(&first, setup)?;
    let first_text = first.last_code().unwrap_or_default().to_string();
    second.read(&carry(inviter, &first_text)?)?;
    let dealt = second
        .deal()
        .ok_or(SelfPlayError::NoHand { inviter: false })?;
    let setup = computer_setup_of(variant, &options, joiner, &dealt, rng);
    let second = LinkedGame::after_handshake(&second, setup)?;
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
) -> Result<SelfPlay, SelfPlayError> {
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
            let read = courier
                .carry(codes, from, &text)
                .map_err(|why| SelfPlayError::NotCarried { number: codes, why })?;
            codes += 1;
            devices[1 - i]
                .read(&read)
                .map_err(|error| SelfPlayError::CodeRefused {
                    number: codes,
                    error,
                })?;
            carried[i] = Some(text);
        }
        if devices.iter().all(|d| d.status() == LinkStatus::Finished) {
            let outcomes: Vec<Outcome> = devices
                .iter()
                .map(|d| d.view().and_then(|v| v.outcome))
                .collect::<Option<_>>()
                .ok_or(SelfPlayError::NoResult)?;
            if outcomes[0] != outcomes[1] {
                return Err(SelfPlayError::Disagree(outcomes[0], outcomes[1]));
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
            return Err(SelfPlayError::BothWaiting {
                status: devices.each_ref().map(|d| d.status()),
                ends: devices.each_ref().map(|d| d.view().and_then(|v| v.outcome)),
                plies,
            });
        };
        let view = devices[mover].view().expect("joined");
        let action =
            ai::choose(level, &view, seed ^ plies as u64).ok_or(SelfPlayError::NoAction)?;
        devices[mover]
            .play(action)
            .map_err(|error| SelfPlayError::Refused { action, error })?;
        plies += 1;
    }
    Err(SelfPlayError::DidNotEnd)
}
