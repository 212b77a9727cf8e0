//! An invitation to a two-device game, as read by the device that joins it:
//! the game, its rules, the inviter's side, and the inviter's setup
//! commitment (or, when the deal is chance, its deal commitment); and which
//! games cannot be played between two devices at all.

use super::device::clock::ClockTerms;
use super::error::LinkError;
use super::message::{CodeError, CodeKind, Envelope, Invite, Opening};
use super::public_setup::check_public;
use crate::core::options::GameOptions;
use crate::core::side::Side;
use crate::core::variant::Variant;
use std::sync::Arc;

/// An invitation as read, before this device has dealt and set up.
#[derive(Debug, Clone)]
pub struct Invitation {
    pub game_id: u32,
    pub variant: Arc<Variant>,
    pub options: GameOptions,
    pub inviter: Side,
    pub(super) opening: Opening,
    /// A timed game's allowance, where the invitation names one (code format 6).
    pub allowance: Option<std::time::Duration>,
}

impl Invitation {
    /// The clocks' terms the invitation agrees: its allowance, or the old
    /// one of invitations that name none.
    pub fn clock_terms(&self) -> ClockTerms {
        match self.allowance {
            Some(allowance) => ClockTerms {
                allowance,
                shares_counts: true,
            },
            None => ClockTerms::BEFORE_ALLOWANCE,
        }
    }
}

impl Invitation {
    pub fn read(
        text: &str,
        variant_of: impl Fn(&str) -> Option<Arc<Variant>>,
    ) -> Result<Invitation, LinkError> {
        let envelope = Envelope::from_text(text)?;
        match envelope.header.kind {
            CodeKind::Invite => {}
            CodeKind::Transfer | CodeKind::Handover => return Err(LinkError::Transfer),
            CodeKind::Turn => return Err(LinkError::NotInvitation),
        }
        let (invite, variant) = Invite::decode(&envelope.body, envelope.header.format, variant_of)?;
        if let Some(refused) = unplayable(&variant) {
            return Err(refused);
        }
        let problems = invite.options.problems(&variant);
        if !problems.is_empty() {
            return Err(CodeError::Damaged(problems.join("; ")).into());
        }
        let inviter = envelope.header.sender;
        if let Opening::Setup(intro) = &invite.opening {
            check_public(&variant, inviter, &intro.public)
                .map_err(|e| LinkError::Refused(e.into()))?;
        }
        Ok(Invitation {
            game_id: envelope.header.game_id,
            variant,
            options: invite.options,
            inviter,
            opening: invite.opening,
            allowance: invite.allowance,
        })
    }
}

/// Why a game of `variant` cannot be played between two devices, in the
/// player's words, or `None` when it can. Free setup cannot: both armies
/// choose from the same squares, and each device keeps its setup secret
/// until the end, so neither could keep clear of the squares the other chose.
pub fn not_for_two_devices(variant: &Variant) -> Option<String> {
    unplayable(variant).map(|refused| refused.to_string())
}

/// `not_for_two_devices` as the error that refuses such an invitation.
fn unplayable(variant: &Variant) -> Option<LinkError> {
    variant
        .setup
        .anywhere
        .then(|| LinkError::NotForTwoDevices(crate::i18n::translate(&variant.name)))
}
