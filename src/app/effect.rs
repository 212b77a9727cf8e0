//! What crosses screens: a controller answers a tap by changing its own
//! state and the game, and returns these for `App` to act on (the router's
//! place, the other screens' reset, the home screen's notices).

use super::router::{GameView, Overlay};
use crate::core::Game;

/// One thing a tap asks of the rest of the app.
#[derive(Debug)]
pub(super) enum Effect {
    /// The tap was refused: the board shakes and says why.
    Refuse(String),
    /// The player met a rule worth a note (a move it refused): shown once.
    RuleMet(crate::learn::RuleNote),
    /// Worth telling on the home screen (a file that could not be written).
    Notice(String),
    /// Back to the home screen.
    GoHome,
    /// A game came on show (started, continued, joined or read): the game
    /// screens forget what they held of the last one, and it comes forward.
    GameOnShow,
    /// The game on show moved on (the player acted, or a code of the other
    /// device was read): the screens forget the picked-up piece, the replay
    /// is at the end, and a two-device game shows `GameView`.
    Moved(GameView),
    /// A new turn or setup on one device (the hand-off was tapped away):
    /// nothing stays picked up.
    HandedOver,
    /// A two-device game: its codes or its board, whichever the player asked for.
    View(GameView),
    /// A screen opened over the home screen, or (none) closed.
    Overlay(Option<Overlay>),
    /// A finished game or a game record, replayed on the game-over screen
    /// with what the engine found (empty for a finished game).
    Review { game: Box<Game>, note: String },
    /// The game on show as codes for another device.
    SendGame,
    /// The hand-over of the game on show, moved to or from another device,
    /// on the codes screen (such a game is played on nowhere here).
    ShowHandover,
    /// The codes screen, to read a code.
    ReadCodes,
    /// The referee's screens, at their first page.
    OpenReferee,
    /// The clock for games at the table.
    OpenTableClock,
    /// The referee's match is given up (deleted from Continue).
    ForgetRefereeMatch,
    /// The language changed: the texts made once are made again.
    Relabel,
    /// A picture of a code was chosen in the file chooser: read it.
    ReadCodePicture(std::path::PathBuf),
    /// A game record was chosen in the file chooser: replay it.
    OpenRecord(std::path::PathBuf),
}

/// What a tap asks of the rest of the app, in order.
#[derive(Debug, Default)]
pub(super) struct Effects(pub(super) Vec<Effect>);

impl From<()> for Effects {
    fn from((): ()) -> Effects {
        Effects::default()
    }
}

impl From<Effect> for Effects {
    fn from(effect: Effect) -> Effects {
        Effects(vec![effect])
    }
}

impl From<Option<Effect>> for Effects {
    fn from(effect: Option<Effect>) -> Effects {
        Effects(effect.into_iter().collect())
    }
}

impl From<Vec<Effect>> for Effects {
    fn from(effects: Vec<Effect>) -> Effects {
        Effects(effects)
    }
}

impl<E: Into<Effects>> From<Result<(), E>> for Effects {
    fn from(result: Result<(), E>) -> Effects {
        result.err().map(Into::into).unwrap_or_default()
    }
}
