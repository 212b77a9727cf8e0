//! What one device's code says, and its text form: `FLAGFALL:` then the
//! bytes in base45 (QR alphanumeric mode). Every code carries the format
//! version, the game's id, its number in the game and a checksum.
//!
//! Code formats: 1 is every code without a draw; 2 adds the draw offer (bit 3
//! of a turn code's flags: "the sender offers a draw", sent with the sender's
//! own turn) and the accepted draw (action tag 5, the whole of the answering
//! turn). A code is written in the lowest format that holds it, so a game
//! without draws makes the same codes as before and an older app can still
//! read them; an older app shown a draw code says it was made by a newer
//! version. Format 3 adds the fair deal (`fair_deal`): for a variant whose
//! deal is chance (dominoes) the invitation carries the inviter's deal
//! commitment in place of its setup, and the first turn codes carry the deal
//! steps (bits 4 and 5 of a turn code's flags). Domino invitations are only
//! read in format 3: an older app's hands cannot be checked. Format 4 has
//! the invitation of any other variant carry the inviter's setup
//! commitment in place of its setup, which the inviter shows in its first
//! turn code, after the joiner's: neither player sets up knowing where the
//! other's pieces stand. An invitation in an older format (with the setup)
//! is read only to go on with a game saved before (`LinkedGame::join`).
//! Format 5 brings clocks: the invitation of a timed game carries its time
//! control after the rule options, and every turn code of it the time its
//! sender's clock ran since its last code (bit 6 of the flags, in ms);
//! untimed games keep to the older formats. Format 6 has the invitation of
//! a timed game name its allowance (the part of a wait for a code read from
//! text or a picture not charged to the other side, in seconds, after the
//! time control), and the turn codes of such a game carry what the sender
//! charged the reader beyond its claims over the game (bit 7 of the flags,
//! in ms), so both devices show both counts. Every format is read.

use super::public_setup::{PublicPiece, PublicSetup};
use crate::core::battle::BattleResult;
use crate::core::deal::Deal;
use crate::core::moves::Move;
use crate::core::options::{GameOptions, QuietPlies, StuckRule, TwoSquares};
use crate::core::piece::Piece;
use crate::core::setup::Placement;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{KindId, SuitId, Variant};
use crate::link::codes::base45;
use crate::link::codes::wire::{Reader, WireError, Writer};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// The newest code format this app reads and writes (see the module docs).
pub const CODE_FORMAT: u8 = 6;
/// The code format that names a timed game's allowance and shares the
/// devices' counts of each other's time (issue 77).
pub const ALLOWANCE_FORMAT: u8 = 6;
/// The code format that carries a time control and the time used (issue 49).
pub const CLOCK_FORMAT: u8 = 5;
/// The code format whose invitation commits to the inviter's setup and
/// shows it only after the joiner has shown its own (issue 46).
pub const SETUP_COMMITMENT_FORMAT: u8 = 4;
/// The code format that brought the fair domino deal.
pub const FAIR_DEAL_FORMAT: u8 = 3;
/// The code format before draw offers; every other code is still written in it.
pub const FIRST_CODE_FORMAT: u8 = 1;
pub const TEXT_PREFIX: &str = "FLAGFALL:";
/// The longest allowance an invitation may name, in seconds.
pub const MOST_ALLOWANCE_SECONDS: u8 = 60;
const CHECKSUM_LEN: usize = 4;
const HEADER_LEN: usize = 8;

/// What kind of code this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    /// The first code of a two-device game: variant, options, the inviter's side.
    Invite = 0,
    /// Every later code of a two-device game.
    Turn = 1,
    /// One part of a whole game moved to another device.
    Transfer = 2,
    /// The hand-over of a moved game (code format 6): the receiving
    /// device's receipt, or the sending device's release (`transfer`).
    Handover = 3,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The code format it is written in: the lowest that holds its body
    /// (`Turn::format`), at most `CODE_FORMAT`.
    pub format: u8,
    pub kind: CodeKind,
    pub sender: Side,
    pub game_id: u32,
    /// The code's number in the game (both devices' codes counted together).
    pub seq: u16,
}

/// Why a code cannot be read (shown on the codes screen; `Damaged` holds
/// words already in the player's language).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    NotOurs,
    Damaged(String),
    Checksum,
    Version(u8),
    Body(#[from] WireError),
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            CodeError::NotOurs => crate::tr!(
                "this is not a Flagfall code (it should start with {})",
                TEXT_PREFIX
            ),
            CodeError::Damaged(why) => crate::tr!("the code is damaged: {}", why),
            CodeError::Checksum => crate::tr!(
                "the code is damaged: its checksum does not match (a character was misread or changed)"
            ),
            CodeError::Version(format) => crate::tr!(
                "the code was made by a newer version of Flagfall (code format {}); update the app",
                format
            ),
            CodeError::Body(why) => crate::tr!("the code is damaged: {}", why),
        };
        f.write_str(&text)
    }
}

/// A code's checked bytes: the header, then the body still to be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub header: Header,
    pub body: Vec<u8>,
}

impl Envelope {
    pub fn to_text(&self) -> String {
        let mut w = Writer::default();
        w.u8(self.header.format)
            .u8(self.header.kind as u8 | ((self.header.sender == Side::Blue) as u8) << 7)
            .u32(self.header.game_id)
            .u16(self.header.seq)
            .bytes(&self.body);
        let mut bytes = w.finish();
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum);
        format!("{TEXT_PREFIX}{}", base45::encode(&bytes))
    }

    /// Reads a code's text (spaces and line breaks around it are ignored;
    /// lower case is taken as upper case, as chat programs may change it).
    pub fn from_text(text: &str) -> Result<Envelope, CodeError> {
        let text = text.trim().to_ascii_uppercase();
        let data = text.strip_prefix(TEXT_PREFIX).ok_or(CodeError::NotOurs)?;
        let bytes = base45::decode(data).map_err(|e| CodeError::Damaged(e.to_string()))?;
        if bytes.len() < HEADER_LEN + CHECKSUM_LEN {
            return Err(CodeError::Damaged(crate::tr!("it is too short")));
        }
        let (payload, sum) = bytes.split_at(bytes.len() - CHECKSUM_LEN);
        if checksum(payload) != sum {
            return Err(CodeError::Checksum);
        }
        let format = payload[0];
        if format > CODE_FORMAT {
            return Err(CodeError::Version(format));
        }
        if format < FIRST_CODE_FORMAT {
            return Err(CodeError::Damaged(crate::tr!(
                "unknown code format {}",
                format
            )));
        }
        let mut r = Reader::new(&payload[1..]);
        let kind_byte = r.u8()?;
        let kind = match kind_byte & 0x7f {
            0 => CodeKind::Invite,
            1 => CodeKind::Turn,
            2 => CodeKind::Transfer,
            3 => CodeKind::Handover,
            other => {
                return Err(CodeError::Damaged(crate::tr!(
                    "unknown code kind {}",
                    other
                )));
            }
        };
        let sender = if kind_byte & 0x80 != 0 {
            Side::Blue
        } else {
            Side::Red
        };
        let game_id = r.u32()?;
        let seq = r.u16()?;
        Ok(Envelope {
            header: Header {
                format,
                kind,
                sender,
                game_id,
                seq,
            },
            body: payload[HEADER_LEN..].to_vec(),
        })
    }
}

fn checksum(bytes: &[u8]) -> [u8; CHECKSUM_LEN] {
    let digest = Sha256::digest(bytes);
    [digest[0], digest[1], digest[2], digest[3]]
}

/// A device's setup as it enters the game: what everyone sees, and a salted
/// hash of the hidden rest (deal and setup), opened when the game ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intro {
    pub commitment: [u8; 16],
    pub public: PublicSetup,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub variant: String,
    pub options: GameOptions,
    pub opening: Opening,
    /// A timed game's allowance (code format 6; none in older invitations).
    pub allowance: Option<Duration>,
}

/// What an invitation shows of the inviter: its setup commitment (its setup
/// follows once the joiner has shown its own), or (when the deal is chance)
/// only its deal commitment, since it has no hand yet. Invitations of codes
/// before format 4 showed the setup itself; they are read only to go on with
/// games saved before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    SetupCommitment([u8; 16]),
    Setup(Intro),
    DealCommitment([u8; 16]),
}

/// A step of the fair deal (`fair_deal`), in the first turn codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealStep {
    /// The joiner's first code: its deal commitment, and the number the
    /// inviter's hand is drawn with.
    Commit {
        commitment: [u8; 16],
        nonce: [u8; 16],
    },
    /// The inviter's answer (with its setup): the number the joiner's hand
    /// is drawn with.
    Nonce([u8; 16]),
}

/// The answer to an attack on the sender's piece: the defender as the rules
/// show it, or under Silent Defense only the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Shown(Piece),
    Silent(BattleResult),
}

/// One action as sent: a move names the moving piece only when the rules
/// show it (it attacks, or makes a scout's long move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SentAction {
    Move {
        mv: Move,
        shown: Option<Piece>,
    },
    Rescue {
        piece: u8,
        to: Square,
    },
    SkipRescue,
    Resign,
    /// The sender accepts the draw the reader offered in its last code.
    AgreeDraw,
}

/// What a device opens when the game is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reveal {
    pub salt: [u8; 16],
    pub deal: Deal,
    pub placements: Vec<Placement>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Turn {
    /// A step of the fair deal (the first codes of a domino game).
    pub deal: Option<DealStep>,
    /// The joining device's setup (in its first code).
    pub intro: Option<Intro>,
    pub answer: Option<Answer>,
    pub actions: Vec<SentAction>,
    /// The sender offers a draw (with its turn in this code); the reader
    /// accepts with `SentAction::AgreeDraw` on its turn, or plays on.
    pub draw_offer: bool,
    /// In a timed game: how long the sender's clock ran since its last
    /// code (nothing when its clock did not run).
    pub time_used: Option<Duration>,
    /// In a timed game of code format 6: what the sender charged the
    /// reader beyond its claims, over the game.
    pub their_count: Option<Duration>,
    pub reveal: Option<Reveal>,
}

impl Invite {
    /// The lowest code format that holds this invitation.
    pub fn format(&self) -> u8 {
        let opening = match self.opening {
            Opening::Setup(_) => FIRST_CODE_FORMAT,
            Opening::DealCommitment(_) => FAIR_DEAL_FORMAT,
            Opening::SetupCommitment(_) => SETUP_COMMITMENT_FORMAT,
        };
        match (self.options.time_control, self.allowance) {
            (Some(_), Some(_)) => opening.max(ALLOWANCE_FORMAT),
            (Some(_), None) => opening.max(CLOCK_FORMAT),
            (None, _) => opening,
        }
    }

    /// The opening is written as the variant expects it: a deal commitment
    /// when its deal is chance, a setup otherwise.
    pub fn encode(&self, variant: &Variant) -> Vec<u8> {
        let mut w = Writer::default();
        w.text(&self.variant);
        write_options(&mut w, &self.options, self.format());
        if let (Some(_), Some(allowance)) = (self.options.time_control, self.allowance) {
            w.u8(allowance.as_secs().clamp(1, MOST_ALLOWANCE_SECONDS.into()) as u8);
        }
        match &self.opening {
            Opening::Setup(intro) => write_intro(&mut w, variant, intro),
            Opening::DealCommitment(commitment) | Opening::SetupCommitment(commitment) => {
                w.bytes(commitment);
            }
        }
        w.finish()
    }

    /// The variant's id comes first, so the body can be read once the
    /// variant is known (`variant_of` finds it by id). `format` is the
    /// code's: a domino invitation older than the fair deal is refused.
    pub fn decode(
        body: &[u8],
        format: u8,
        variant_of: impl Fn(&str) -> Option<std::sync::Arc<Variant>>,
    ) -> Result<(Invite, std::sync::Arc<Variant>), CodeError> {
        let mut r = Reader::new(body);
        let id = r.text()?;
        let variant = variant_of(&id).ok_or_else(|| {
            CodeError::Damaged(crate::tr!("this app does not know the game \"{}\"", id))
        })?;
        let options = read_options(&mut r, format)?;
        let allowance = match options.time_control {
            Some(_) if format >= ALLOWANCE_FORMAT => match r.u8()? {
                seconds @ 1..=MOST_ALLOWANCE_SECONDS => Some(Duration::from_secs(seconds.into())),
                _ => return Err(r.invalid(crate::tr!("unknown allowance")).into()),
            },
            _ => None,
        };
        let opening = if super::fair_deal::deals_by_chance(&variant) {
            if format < FAIR_DEAL_FORMAT {
                return Err(CodeError::Damaged(crate::tr!(
                    "this {} invitation was made by an older version of Flagfall, whose deals \
                     cannot be checked; both devices need this version",
                    crate::i18n::translate(&variant.name)
                )));
            }
            Opening::DealCommitment(r.array::<16>()?)
        } else if format >= SETUP_COMMITMENT_FORMAT {
            Opening::SetupCommitment(r.array::<16>()?)
        } else {
            Opening::Setup(read_intro(&mut r, &variant)?)
        };
        r.end()?;
        Ok((
            Invite {
                variant: id,
                options,
                opening,
                allowance,
            },
            variant,
        ))
    }
}

impl Turn {
    /// The lowest code format that holds this turn.
    pub fn format(&self) -> u8 {
        let draw = self.draw_offer || self.actions.contains(&SentAction::AgreeDraw);
        if self.their_count.is_some() {
            ALLOWANCE_FORMAT
        } else if self.time_used.is_some() {
            CLOCK_FORMAT
        } else if self.deal.is_some() {
            FAIR_DEAL_FORMAT
        } else if draw {
            2
        } else {
            FIRST_CODE_FORMAT
        }
    }

    pub fn encode(&self, variant: &Variant) -> Vec<u8> {
        let mut w = Writer::default();
        let flags = u8::from(self.intro.is_some())
            | u8::from(self.answer.is_some()) << 1
            | u8::from(self.reveal.is_some()) << 2
            | u8::from(self.draw_offer) << 3
            | u8::from(matches!(self.deal, Some(DealStep::Commit { .. }))) << 4
            | u8::from(matches!(self.deal, Some(DealStep::Nonce(_)))) << 5
            | u8::from(self.time_used.is_some()) << 6
            | u8::from(self.their_count.is_some()) << 7;
        w.u8(flags);
        match &self.deal {
            Some(DealStep::Commit { commitment, nonce }) => {
                w.bytes(commitment).bytes(nonce);
            }
            Some(DealStep::Nonce(nonce)) => {
                w.bytes(nonce);
            }
            None => {}
        }
        if let Some(intro) = &self.intro {
            write_intro(&mut w, variant, intro);
        }
        match self.answer {
            Some(Answer::Shown(piece)) => {
                w.u8(0).piece(piece);
            }
            Some(Answer::Silent(result)) => {
                w.u8(1).u8(result_byte(result));
            }
            None => {}
        }
        w.u8(self.actions.len() as u8);
        for action in &self.actions {
            write_action(&mut w, variant, action);
        }
        if let Some(used) = self.time_used {
            w.u32(used.as_millis().min(u32::MAX as u128) as u32);
        }
        if let Some(count) = self.their_count {
            w.u32(count.as_millis().min(u32::MAX as u128) as u32);
        }
        if let Some(reveal) = &self.reveal {
            w.bytes(&reveal.salt);
            w.bytes(&secret_bytes(variant, &reveal.deal, &reveal.placements));
        }
        w.finish()
    }

    pub fn decode(body: &[u8], variant: &Variant) -> Result<Turn, CodeError> {
        let mut r = Reader::new(body);
        let flags = r.u8()?;
        if flags & 48 == 48 || (flags & 128 != 0 && flags & 64 == 0) {
            return Err(r.invalid(crate::tr!("unknown parts in a turn code")).into());
        }
        let deal = if flags & 16 != 0 {
            Some(DealStep::Commit {
                commitment: r.array::<16>()?,
                nonce: r.array::<16>()?,
            })
        } else if flags & 32 != 0 {
            Some(DealStep::Nonce(r.array::<16>()?))
        } else {
            None
        };
        let intro = if flags & 1 != 0 {
            Some(read_intro(&mut r, variant)?)
        } else {
            None
        };
        let answer = if flags & 2 != 0 {
            Some(match r.u8()? {
                0 => Answer::Shown(r.piece(variant)?),
                1 => Answer::Silent(read_result(&mut r)?),
                _ => return Err(r.invalid(crate::tr!("unknown answer")).into()),
            })
        } else {
            None
        };
        let count = r.u8()?;
        if count > 3 {
            return Err(r.invalid(crate::tr!("too many actions in one turn")).into());
        }
        let actions = (0..count)
            .map(|_| read_action(&mut r, variant))
            .collect::<Result<Vec<_>, _>>()?;
        let time_used = if flags & 64 != 0 {
            Some(Duration::from_millis(r.u32()?.into()))
        } else {
            None
        };
        let their_count = if flags & 128 != 0 {
            Some(Duration::from_millis(r.u32()?.into()))
        } else {
            None
        };
        let reveal = if flags & 4 != 0 {
            let salt = r.array::<16>()?;
            let (deal, placements) = read_secret(&mut r, variant)?;
            Some(Reveal {
                salt,
                deal,
                placements,
            })
        } else {
            None
        };
        r.end()?;
        Ok(Turn {
            deal,
            intro,
            answer,
            actions,
            draw_offer: flags & 8 != 0,
            time_used,
            their_count,
            reveal,
        })
    }
}

/// The salted hash a device commits to: game, side, deal and setup.
pub fn commitment(
    variant: &Variant,
    game_id: u32,
    side: Side,
    salt: &[u8; 16],
    deal: &Deal,
    placements: &[Placement],
) -> [u8; 16] {
    let mut hasher = Sha256::new();
    hasher.update(b"flagfall setup commitment 1");
    hasher.update(game_id.to_le_bytes());
    hasher.update([side.index() as u8]);
    hasher.update(salt);
    hasher.update(secret_bytes(variant, deal, placements));
    let digest = hasher.finalize();
    let mut out = [0; 16];
    out.copy_from_slice(&digest[..16]);
    out
}

/// The rule options; from code format 5 on, the time control too (its
/// text form, empty for none).
fn write_options(w: &mut Writer, options: &GameOptions, format: u8) {
    w.u8(match options.two_squares {
        TwoSquares::Off => 0,
        TwoSquares::Limit(n) => n,
    });
    w.u8(u8::from(options.aggressor_advantage)
        | u8::from(options.silent_defense) << 1
        | u8::from(options.rescue) << 2
        | u8::from(options.more_squares) << 3);
    if format >= CLOCK_FORMAT {
        w.text(
            &options
                .time_control
                .map_or(String::new(), |c| c.to_string()),
        );
    }
}

fn read_options(r: &mut Reader, format: u8) -> Result<GameOptions, WireError> {
    let two_squares = match r.u8()? {
        0 => TwoSquares::Off,
        n => TwoSquares::Limit(n),
    };
    let flags = r.u8()?;
    if flags > 15 {
        return Err(r.invalid(crate::tr!("unknown rule options")));
    }
    let time_control = match format {
        CLOCK_FORMAT.. => match r.text()?.as_str() {
            "" => None,
            text => Some(
                text.parse()
                    .map_err(|_| r.invalid(crate::tr!("unknown time control")))?,
            ),
        },
        _ => None,
    };
    Ok(GameOptions {
        two_squares,
        aggressor_advantage: flags & 1 != 0,
        silent_defense: flags & 2 != 0,
        rescue: flags & 4 != 0,
        more_squares: flags & 8 != 0,
        check_army: true,
        quiet_plies: QuietPlies::Variant,
        stuck: StuckRule::OnItsTurn,
        time_control,
    })
}

fn write_intro(w: &mut Writer, variant: &Variant, intro: &Intro) {
    w.bytes(&intro.commitment);
    w.u8(intro.public.len() as u8);
    for p in &intro.public {
        w.square(variant, p.square);
        w.u8(p.suit.map_or(0xff, |s| s.0));
        match p.shown {
            Some(piece) => w.u8(1).piece(piece),
            None => w.u8(0),
        };
    }
}

fn read_intro(r: &mut Reader, variant: &Variant) -> Result<Intro, WireError> {
    let commitment = r.array::<16>()?;
    let count = r.u8()?;
    let mut public = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let square = r.square(variant)?;
        let suit = match r.u8()? {
            0xff => None,
            s if (s as usize) < variant.suits.len() => Some(SuitId(s)),
            _ => return Err(r.invalid(crate::tr!("unknown suit"))),
        };
        let shown = match r.u8()? {
            0 => None,
            1 => Some(r.piece(variant)?),
            _ => return Err(r.invalid(crate::tr!("unknown piece mark"))),
        };
        public.push(PublicPiece {
            square,
            suit,
            shown,
        });
    }
    Ok(Intro { commitment, public })
}

fn result_byte(result: BattleResult) -> u8 {
    match result {
        BattleResult::AttackerWins => 0,
        BattleResult::DefenderWins => 1,
        BattleResult::BothRemoved => 2,
    }
}

fn read_result(r: &mut Reader) -> Result<BattleResult, WireError> {
    Ok(match r.u8()? {
        0 => BattleResult::AttackerWins,
        1 => BattleResult::DefenderWins,
        2 => BattleResult::BothRemoved,
        _ => return Err(r.invalid(crate::tr!("unknown battle result"))),
    })
}

fn write_action(w: &mut Writer, variant: &Variant, action: &SentAction) {
    match *action {
        SentAction::Move { mv, shown } => {
            w.u8(if shown.is_some() { 1 } else { 0 });
            w.square(variant, mv.from).square(variant, mv.to);
            if let Some(piece) = shown {
                w.piece(piece);
            }
        }
        SentAction::Rescue { piece, to } => {
            w.u8(2).u8(piece).square(variant, to);
        }
        SentAction::SkipRescue => {
            w.u8(3);
        }
        SentAction::Resign => {
            w.u8(4);
        }
        SentAction::AgreeDraw => {
            w.u8(5);
        }
    }
}

fn read_action(r: &mut Reader, variant: &Variant) -> Result<SentAction, WireError> {
    Ok(match r.u8()? {
        tag @ (0 | 1) => {
            let mv = Move::new(r.square(variant)?, r.square(variant)?);
            let shown = if tag == 1 {
                Some(r.piece(variant)?)
            } else {
                None
            };
            SentAction::Move { mv, shown }
        }
        2 => SentAction::Rescue {
            piece: r.u8()?,
            to: r.square(variant)?,
        },
        3 => SentAction::SkipRescue,
        4 => SentAction::Resign,
        5 => SentAction::AgreeDraw,
        _ => return Err(r.invalid(crate::tr!("unknown action"))),
    })
}

/// The hidden part of a side: its deal and every placement.
fn secret_bytes(variant: &Variant, deal: &Deal, placements: &[Placement]) -> Vec<u8> {
    let mut w = Writer::default();
    match deal {
        Deal::Fixed => {
            w.u8(0);
        }
        Deal::Domino {
            hand,
            set_aside,
            redraws,
        } => {
            w.u8(1).u8(hand.len() as u8);
            hand.iter().for_each(|k| {
                w.u8(k.0);
            });
            w.u8(set_aside.len() as u8);
            set_aside.iter().for_each(|k| {
                w.u8(k.0);
            });
            w.u32(*redraws);
        }
        Deal::Discard { first_loss_suit } => {
            w.u8(2).u8(first_loss_suit.0);
        }
    }
    w.u8(placements.len() as u8);
    for p in placements {
        w.square(variant, p.square).piece(p.piece);
    }
    w.finish()
}

fn read_secret(r: &mut Reader, variant: &Variant) -> Result<(Deal, Vec<Placement>), WireError> {
    let kinds = |r: &mut Reader| -> Result<Vec<KindId>, WireError> {
        let count = r.u8()?;
        (0..count)
            .map(|_| {
                let k = r.u8()?;
                if (k as usize) < variant.kinds.len() {
                    Ok(KindId(k))
                } else {
                    Err(r.invalid(crate::tr!("unknown stone")))
                }
            })
            .collect()
    };
    let deal = match r.u8()? {
        0 => Deal::Fixed,
        1 => {
            let hand = kinds(r)?;
            let set_aside = kinds(r)?;
            Deal::Domino {
                hand,
                set_aside,
                redraws: r.u32()?,
            }
        }
        2 => Deal::Discard {
            first_loss_suit: SuitId(r.u8()?),
        },
        _ => return Err(r.invalid(crate::tr!("unknown deal"))),
    };
    let count = r.u8()?;
    let placements = (0..count)
        .map(|_| {
            Ok(Placement {
                square: r.square(variant)?,
                piece: r.piece(variant)?,
            })
        })
        .collect::<Result<Vec<_>, WireError>>()?;
    Ok((deal, placements))
}
