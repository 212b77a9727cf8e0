//! The router: which screen is shown, worked out from where the player went
//! (the menu, the rules or settings over it, the two-device game's codes or
//! board) and the stage of the game on show. `ui/app.slint` shows the screen
//! named in its `Router` global.

use super::State;
use crate::session::Stage;
use crate::session::link::{LinkStatus, LinkedSession, LinkedStage};

/// The screens, as `ui/app.slint` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Screen {
    Home,
    /// Codes of a game moved between devices, or a code to read.
    Codes,
    /// The codes of a two-device game.
    Link,
    Handoff,
    Deal,
    Setup,
    Play,
    Over,
    Rules,
    Settings,
    /// Opening a game record to watch.
    Records,
    /// Print and play: sheets saved as PDF.
    Print,
    /// Stratego go go, the referee's companion: the match's setup, the
    /// field, and the challenge resolver (which also takes a flag touch).
    RefereeSetup,
    Referee,
    RefereeChallenge,
}

impl Screen {
    pub(super) fn name(self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Codes => "codes",
            Screen::Link => "link",
            Screen::Handoff => "handoff",
            Screen::Deal => "deal",
            Screen::Setup => "setup",
            Screen::Play => "play",
            Screen::Over => "over",
            Screen::Rules => "rules",
            Screen::Settings => "settings",
            Screen::Records => "records",
            Screen::Print => "print",
            Screen::RefereeSetup => "referee-setup",
            Screen::Referee => "referee",
            Screen::RefereeChallenge => "referee-challenge",
        }
    }
}

/// A screen opened over the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Overlay {
    #[default]
    None,
    Rules,
    Settings,
    Records,
    Print,
}

/// A two-device game shows the codes while waiting and the board on the
/// player's turn, unless the player asked for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum LinkView {
    #[default]
    Auto,
    Board,
    Codes,
}

/// Where the player went.
#[derive(Debug, Clone, Copy)]
pub(super) struct Route {
    /// The home screen (or the codes screen over it) rather than the game on show.
    pub at_home: bool,
    pub overlay: Overlay,
    pub link_view: LinkView,
}

impl Default for Route {
    fn default() -> Route {
        Route {
            at_home: true,
            overlay: Overlay::None,
            link_view: LinkView::Auto,
        }
    }
}

/// The screen to show now.
pub(super) fn screen(s: &State) -> Screen {
    match s.route.overlay {
        Overlay::Rules => return Screen::Rules,
        Overlay::Settings => return Screen::Settings,
        Overlay::Records => return Screen::Records,
        Overlay::Print => return Screen::Print,
        Overlay::None => {}
    }
    {
        use super::referee::Page;
        match s.referee.page {
            Page::Closed => {}
            Page::Setup => return Screen::RefereeSetup,
            Page::Field => return Screen::Referee,
            Page::Challenge | Page::Flag | Page::Resolver => return Screen::RefereeChallenge,
        }
    }
    if s.route.at_home {
        return if s.codes.codes.is_some() {
            Screen::Codes
        } else {
            Screen::Home
        };
    }
    if s.over.review.is_some() {
        return Screen::Over;
    }
    if let Some(link) = &s.games.link {
        return linked_screen(s, link);
    }
    let Some(session) = &s.games.session else {
        return Screen::Home;
    };
    if session.handoff().is_some() {
        return Screen::Handoff;
    }
    match session.stage() {
        Stage::Deal(_) => Screen::Deal,
        Stage::Setup(_) => Screen::Setup,
        Stage::Play => Screen::Play,
        Stage::Over => Screen::Over,
    }
}

/// The screen for the two-device game on show.
fn linked_screen(s: &State, link: &LinkedSession) -> Screen {
    match link.stage() {
        LinkedStage::Dealing => Screen::Link,
        LinkedStage::Deal => Screen::Deal,
        LinkedStage::Setup => Screen::Setup,
        LinkedStage::Game => match (link.status(), s.route.link_view) {
            (
                Some(LinkStatus::Finished | LinkStatus::Abandoned),
                LinkView::Auto | LinkView::Board,
            ) => Screen::Over,
            (_, LinkView::Codes) => Screen::Link,
            (Some(LinkStatus::YourTurn), _) | (_, LinkView::Board) => Screen::Play,
            _ => Screen::Link,
        },
    }
}

/// The two-device game's screens are up (not the home screen over it).
pub(super) fn link_on_screen(s: &State) -> bool {
    s.games.link.is_some() && !s.route.at_home && s.route.overlay == Overlay::None
}

/// Back to the home screen.
pub(super) fn go_home(s: &mut State) {
    s.route.at_home = true;
    s.play.pick = None;
}

/// The game on show comes forward (the home screen goes).
pub(super) fn show_game(s: &mut State) {
    s.route.at_home = false;
    s.over.close_review();
}
