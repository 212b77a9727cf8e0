//! Where a two-device game stands on this device, as three small state
//! machines: what this device owes the other in its next code (`Owed`),
//! how far the end has come (`Ending`: who has opened its setup, and what
//! the check of the other's opening found), and where a draw offer stands
//! (`Draw`); and the status its player sees (`LinkStatus`), which
//! `LinkedGame::status` reads off them and the position.

use crate::core::side::Side;
use crate::link::message::Reveal;
use crate::link::verify::ClaimsVerdict;

/// Where the game stands for this device's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkStatus {
    /// The invitation is out; the other device's first code is awaited.
    AwaitingJoin,
    /// This player's turn (a move, or a rescue choice).
    YourTurn,
    /// The code on show must be read by the other device, then its answer read here.
    AwaitingCode,
    /// The other device's opening was read and checked: both setups are
    /// open, or its opening was false and this device's stays closed.
    Finished,
    /// The game is over on this device but not verified: the other device's
    /// opened setup is awaited (this device opens its own first when it lost,
    /// or its own ply ended a draw, else in answer; see `may_open`).
    AwaitingReveal,
    /// This player ended the game as abandoned by the other device, which
    /// stopped sending codes: not a result.
    Abandoned,
}

/// What this device owes the other device in its next code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Owed {
    /// Nothing: its last code is on show, and the other device's next code
    /// is awaited (a code read now is refused with `YourCodeFirst` otherwise).
    Nothing,
    /// A code: it has read the other device's last one. The code goes out
    /// when this player's turn ends, or at once when it only answers an
    /// attack or opens this device's setup.
    Code,
    /// Its code with its own setup as everyone sees it (its intro): it has
    /// just met the other device's setup and has not shown its own yet.
    CodeWithSetup,
}

impl Owed {
    pub(super) fn any(self) -> bool {
        self != Owed::Nothing
    }

    /// Whether the next code carries this device's intro.
    pub(super) fn setup(self) -> bool {
        self == Owed::CodeWithSetup
    }
}

/// How far the end of the game has come on this device: which setups are
/// open, and what the check of the other device's opening found. Whether
/// the game is over is the position's to say (`LinkedGame::over`); this says
/// what has been opened since (`docs/two-devices.md`, "The end").
#[derive(Debug, Clone)]
pub(super) enum Ending {
    /// Neither setup is open: the game goes on, or it is over and this device
    /// opens first in its next code (it lost, or its own ply ended
    /// a draw: `may_open`), or waits for the other's opening.
    Closed,
    /// This device opened its setup first; the other's opening is awaited.
    OpenedFirst,
    /// The other device opened its setup first and the check found it true:
    /// this device opens its own in answer, in the code it makes at once.
    AnswerDue(TheirOpening),
    /// Both setups are open; the other's was checked (its verdict is false
    /// when it lied after this device had opened first).
    BothOpen(TheirOpening),
    /// The other device opened first and its opening was false: this
    /// device's setup stays closed (issue 17: a fake opening learned the
    /// honest setup).
    Withheld(TheirOpening),
    /// This player ended the game as abandoned by the other device, which
    /// stopped sending codes; `opened_first`: this device had opened its
    /// setup.
    Abandoned { opened_first: bool },
}

/// The other device's opened setup, and the check of its claims.
#[derive(Debug, Clone)]
pub(super) struct TheirOpening {
    pub reveal: Reveal,
    pub verdict: ClaimsVerdict,
}

impl Ending {
    /// The other device's opening, once read and checked.
    pub(super) fn theirs(&self) -> Option<&TheirOpening> {
        match self {
            Ending::AnswerDue(theirs) | Ending::BothOpen(theirs) | Ending::Withheld(theirs) => {
                Some(theirs)
            }
            Ending::Closed | Ending::OpenedFirst | Ending::Abandoned { .. } => None,
        }
    }

    /// Whether this device has opened its setup.
    pub(super) fn ours_open(&self) -> bool {
        match self {
            Ending::OpenedFirst | Ending::BothOpen(_) => true,
            Ending::Abandoned { opened_first } => *opened_first,
            Ending::Closed | Ending::AnswerDue(_) | Ending::Withheld(_) => false,
        }
    }

    /// Whether this device's setup may still go out: it is neither open nor
    /// withheld, and the game was not abandoned.
    pub(super) fn ours_to_open(&self) -> bool {
        matches!(self, Ending::Closed | Ending::AnswerDue(_))
    }

    /// This device opens its setup (in the code it makes now).
    pub(super) fn open_ours(&mut self) {
        *self = match std::mem::replace(self, Ending::Closed) {
            Ending::Closed => Ending::OpenedFirst,
            Ending::AnswerDue(theirs) => Ending::BothOpen(theirs),
            other => other,
        };
    }

    /// The other device opened its setup, checked: a false opening gets no
    /// opening back.
    pub(super) fn open_theirs(&mut self, theirs: TheirOpening) {
        *self = if self.ours_open() {
            Ending::BothOpen(theirs)
        } else if matches!(theirs.verdict, ClaimsVerdict::False(_)) {
            Ending::Withheld(theirs)
        } else {
            Ending::AnswerDue(theirs)
        };
    }

    /// This player ends the game as abandoned by the other device.
    pub(super) fn abandon(&mut self) {
        *self = Ending::Abandoned {
            opened_first: self.ours_open(),
        };
    }
}

/// Where a draw offer stands on this device, with whether the last code read
/// played on past this player's offer (the offer lapsed: `declined`, said
/// once, until this player's next action).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Draw {
    /// No offer stands.
    NoOffer,
    /// No offer stands: the last code read played on past this player's offer.
    Declined,
    /// This player offers: the offer goes out with the code that ends its turn.
    Marked,
    /// This player's offer is in the code on show; the other device's next
    /// code answers it.
    Sent,
    /// The other player offers; this player answers on its turn.
    Received,
    /// The last code read played on past this player's offer, and the other
    /// player offers a draw of its own; this player answers on its turn.
    Countered,
}

impl Draw {
    /// The side whose offer stands (see `LinkedGame::draw_offer`).
    pub(super) fn offerer(self, me: Side) -> Option<Side> {
        match self {
            Draw::Marked | Draw::Sent => Some(me),
            Draw::Received | Draw::Countered => Some(me.opponent()),
            Draw::NoOffer | Draw::Declined => None,
        }
    }

    /// The other player's offer waits for this player's answer.
    pub(super) fn received(self) -> bool {
        matches!(self, Draw::Received | Draw::Countered)
    }

    /// The last code read played on past this player's offer.
    pub(super) fn declined(self) -> bool {
        matches!(self, Draw::Declined | Draw::Countered)
    }

    /// The standing offer ends (answered, or the game is over); that this
    /// player's offer was declined is still said.
    pub(super) fn lapse(self) -> Draw {
        if self.declined() {
            Draw::Declined
        } else {
            Draw::NoOffer
        }
    }

    /// That this player's offer was declined has been said.
    pub(super) fn forget_declined(self) -> Draw {
        match self {
            Draw::Declined => Draw::NoOffer,
            Draw::Countered => Draw::Received,
            other => other,
        }
    }

    /// The other player offers a draw in the code read now.
    pub(super) fn receive(self) -> Draw {
        if self.declined() {
            Draw::Countered
        } else {
            Draw::Received
        }
    }
}
