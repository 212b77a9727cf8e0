//! The router: where the player is (the home screen, the codes over it, the
//! game on show, a finished game's replay, the referee's screens, the
//! clock for the table, or a
//! screen opened over them), and from that and the stage of the game on show
//! the screen to show. `ui/app.slint` shows the screen named in its `Router`
//! global.

use super::Screen;
use crate::games::Stage;

/// A screen opened over the home screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Overlay {
    Rules,
    Settings,
    Records,
    Print,
    About,
    /// The list of lessons.
    Lessons,
    /// A lesson being played.
    Lesson,
}

/// A two-device game shows its codes while this device waits and its board
/// on the player's turn, unless the player asked for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum GameView {
    #[default]
    Auto,
    Board,
    Codes,
}

/// Where the player went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Home,
    /// The codes screen over the home screen: a game to move, or codes to read.
    Codes,
    /// The game on show.
    Game,
    /// A finished game or a game record, replayed.
    Review,
    /// The Stratego go go referee's screens.
    Referee,
    /// The clock for games at the table.
    TableClock,
}

pub(super) struct Router {
    place: Place,
    overlay: Option<Overlay>,
    view: GameView,
}

impl Default for Router {
    fn default() -> Router {
        Router {
            place: Place::Home,
            overlay: None,
            view: GameView::Auto,
        }
    }
}

impl Router {
    /// The screen to show now, given the stage of the game on show and the
    /// referee's page (when the referee's screens are open).
    pub(super) fn screen(&self, game: Option<Stage>, referee: Option<Screen>) -> Screen {
        if let Some(overlay) = self.overlay {
            return match overlay {
                Overlay::Rules => Screen::Rules,
                Overlay::Settings => Screen::Settings,
                Overlay::Records => Screen::Records,
                Overlay::Print => Screen::Print,
                Overlay::About => Screen::About,
                Overlay::Lessons => Screen::Lessons,
                Overlay::Lesson => Screen::Lesson,
            };
        }
        match self.place {
            Place::Home => Screen::Home,
            Place::Codes => Screen::Codes,
            Place::Review => Screen::Over,
            Place::Referee => referee.unwrap_or(Screen::Home),
            Place::TableClock => Screen::TableClock,
            Place::Game => match game {
                None => Screen::Home,
                Some(stage) => self.game_screen(stage),
            },
        }
    }

    fn game_screen(&self, stage: Stage) -> Screen {
        match (stage, self.view) {
            (Stage::Dealing, _) => Screen::Link,
            (Stage::Deal(_), _) => Screen::Deal,
            (Stage::Setup(_), _) => Screen::Setup,
            (Stage::HandOff(..), _) => Screen::Handoff,
            (Stage::Play, GameView::Codes) | (Stage::Over, GameView::Codes) => Screen::Link,
            (Stage::Play, _) => Screen::Play,
            (Stage::Waiting, GameView::Board) => Screen::Play,
            (Stage::Waiting, _) => Screen::Link,
            (Stage::Over, _) => Screen::Over,
        }
    }

    /// Whether the player is in the game on show (its screens, or its codes
    /// between two devices), not on the way to another place.
    pub(super) fn in_game(&self) -> bool {
        self.place == Place::Game && self.overlay.is_none()
    }

    /// Back to the home screen.
    pub(super) fn go_home(&mut self) {
        self.place = Place::Home;
    }

    /// The game on show comes forward, as the game shows it first.
    pub(super) fn show_game(&mut self) {
        self.place = Place::Game;
        self.view = GameView::Auto;
    }

    /// The codes screen over the home screen.
    pub(super) fn show_codes(&mut self) {
        self.place = Place::Codes;
    }

    pub(super) fn show_review(&mut self) {
        self.place = Place::Review;
    }

    pub(super) fn show_referee(&mut self) {
        self.place = Place::Referee;
    }

    pub(super) fn show_table_clock(&mut self) {
        self.place = Place::TableClock;
    }

    /// A two-device game's codes or board, as the player asked.
    pub(super) fn set_view(&mut self, view: GameView) {
        self.view = view;
    }

    /// The screen open over the others, if any.
    pub(super) fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    pub(super) fn set_overlay(&mut self, overlay: Option<Overlay>) {
        self.overlay = overlay;
    }
}
