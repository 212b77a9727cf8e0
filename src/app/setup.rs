//! The setup editor's controller (`ui/setup.slint`, global `SetupAdapter`):
//! the tray, placing, moving and swapping pieces, "fill for me", turning a
//! domino round, the setup library, and the checks before "Ready", for any
//! kind of game (the draft lives in the session).

use super::models::{self, List};
use super::words::side_name;
use super::{App, AppWindow, SetupAdapter, State, TrayItem, board, cells};
use crate::core::square::Square;
use slint::{ComponentHandle, SharedString};
use std::sync::Arc;

/// What the setup editor has picked up: a tray group or a placed piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum SetupPick {
    #[default]
    None,
    Tray(usize),
    Square(Square),
}

pub(super) struct SetupState {
    pub pick: SetupPick,
    /// What the library did last ("Saved ...", "Loaded ...").
    status: String,
    tray: List<TrayItem>,
    saved_names: List<SharedString>,
}

impl SetupState {
    pub(super) fn new(w: &AppWindow) -> SetupState {
        let state = SetupState {
            pick: SetupPick::None,
            status: String::new(),
            tray: models::list(),
            saved_names: models::list(),
        };
        let setup = w.global::<SetupAdapter>();
        setup.set_tray(models::handle(&state.tray));
        setup.set_saved_names(models::handle(&state.saved_names));
        state
    }

    /// A new setup begins: nothing picked up, no library message.
    pub(super) fn forget(&mut self) {
        self.pick = SetupPick::None;
        self.status.clear();
    }
}

pub(super) fn connect(app: &App) {
    let setup = app.window().global::<SetupAdapter>();
    setup.on_pick(app.indexed(|s, _, i| tray_pick(s, i)));
    setup.on_fill(app.unit(|s, _| {
        s.setup.pick = SetupPick::None;
        if let Some(link) = s.games.link.as_mut() {
            link.fill_random();
        } else if let Some(session) = s.games.session.as_mut() {
            session.fill_random();
        }
    }));
    setup.on_clear(app.unit(|s, _| {
        s.setup.pick = SetupPick::None;
        if let Some(draft) = s.games.draft_mut() {
            draft.clear();
        }
    }));
    setup.on_flip(app.unit(|s, _| {
        let SetupPick::Square(square) = s.setup.pick else {
            return;
        };
        if let Some(draft) = s.games.draft_mut()
            && !draft.flip(square)
        {
            s.fail(crate::tr!(
                "only a domino with two different numbers can be turned round"
            ));
        }
    }));
    setup.on_save(app.unit(save_setup));
    setup.on_load(app.unit(load_setup));
    setup.on_ready(app.unit(|s, _| {
        s.setup.pick = SetupPick::None;
        let ready = match s.games.link.as_mut() {
            Some(link) => Some(link.setup_ready()),
            None => s.games.session.as_mut().map(|x| x.setup_ready()),
        };
        if let Some(Err(problems)) = ready {
            s.fail(problems.join("\n"));
        }
    }));
}

/// A tap on the board while setting up.
pub(super) fn square_clicked(s: &mut State, square: Square) {
    let pick = s.setup.pick;
    let Some(draft) = s.games.draft_mut() else {
        return;
    };
    let (next, error) = match pick {
        SetupPick::Tray(i) => match draft.tray().get(i).copied() {
            None => (SetupPick::None, None),
            Some((piece, left)) => {
                if !draft.place(piece, square) {
                    (
                        pick,
                        Some(crate::tr!(
                            "{} is not a free square of your setup zone",
                            square
                        )),
                    )
                } else if left <= 1 {
                    (SetupPick::None, None)
                } else {
                    (pick, None)
                }
            }
        },
        SetupPick::Square(from) if from == square => (SetupPick::None, None),
        SetupPick::Square(from) => {
            let moved = draft.move_or_swap(from, square);
            (
                SetupPick::None,
                (!moved).then(|| crate::tr!("{} is not in your setup zone", square)),
            )
        }
        SetupPick::None if draft.at(square).is_some() => (SetupPick::Square(square), None),
        SetupPick::None => (SetupPick::None, None),
    };
    s.setup.pick = next;
    if let Some(error) = error {
        s.fail(error);
    }
}

/// A piece dragged from one square to another while setting up.
pub(super) fn square_dragged(s: &mut State, from: Square, to: Square) {
    s.setup.pick = SetupPick::None;
    let Some(draft) = s.games.draft_mut() else {
        return;
    };
    if draft.at(from).is_some() && !draft.move_or_swap(from, to) {
        s.fail(crate::tr!("{} is not in your setup zone", to));
    }
}

fn tray_pick(s: &mut State, index: usize) {
    match s.setup.pick {
        // A placed piece picked up, then the tray: it goes back.
        SetupPick::Square(square) => {
            if let Some(draft) = s.games.draft_mut() {
                draft.remove(square);
            }
            s.setup.pick = SetupPick::None;
        }
        SetupPick::Tray(i) if i == index => s.setup.pick = SetupPick::None,
        _ => s.setup.pick = SetupPick::Tray(index),
    }
}

fn save_setup(s: &mut State, w: &AppWindow) {
    let name = w.global::<SetupAdapter>().get_save_name().to_string();
    let Some(draft) = s.games.draft() else {
        return;
    };
    let (variant, setup) = (Arc::clone(draft.variant()), draft.to_setup());
    match s.games.library.save(&variant, &name, &setup) {
        Ok(()) => s.setup.status = crate::tr!("Saved \"{}\".", name.trim()),
        Err(e) => {
            s.fail(e);
        }
    }
}

fn load_setup(s: &mut State, w: &AppWindow) {
    let Some(draft) = s.games.draft() else {
        return;
    };
    let (variant, side) = (Arc::clone(draft.variant()), draft.side());
    let names = s.games.library.names(&variant);
    let index = w.global::<SetupAdapter>().get_load_index().max(0) as usize;
    let Some(name) = names.get(index).cloned() else {
        return;
    };
    let Some(setup) = s.games.library.load(&variant, &name, side) else {
        return;
    };
    if let Some(draft) = s.games.draft_mut() {
        draft.load(&setup);
        s.setup.status = crate::tr!("Loaded \"{}\".", name);
    }
}

pub(super) fn refresh(w: &AppWindow, s: &State) {
    let (Some(draft), Some(options)) = (s.games.draft(), game_options(s)) else {
        return;
    };
    let setup = w.global::<SetupAdapter>();
    let side = draft.side();
    let variant = draft.variant();
    let selected = match s.setup.pick {
        SetupPick::Square(square) => Some(square),
        _ => None,
    };
    setup.set_title(crate::tr!("{}: set up your army", side_name(side)).into());
    setup.set_hint(
        crate::tr!(
            "Tap a piece in the tray, then a square of your zone. Tap a placed piece, then \
             another square to move or swap it (or drag it), or the tray to take it back."
        )
        .into(),
    );
    let display = s.display.for_viewer(side);
    board::show(w, s, variant, cells::setup_cells(draft, &display, selected));
    models::update(
        &s.setup.tray,
        draft
            .tray()
            .into_iter()
            .enumerate()
            .map(|(i, (piece, count))| {
                let selected = s.setup.pick == SetupPick::Tray(i);
                cells::tray_item(variant, &display, piece, count, selected)
            }),
    );
    let problems = draft.problems(&options);
    setup.set_problems(problems.join("\n").into());
    setup.set_ready_enabled(problems.is_empty());
    setup.set_can_flip(variant.is_domino());
    models::update_texts(&s.setup.saved_names, s.games.library.names(variant));
    setup.set_status(s.setup.status.clone().into());
}

/// The options of the game being set up.
fn game_options(s: &State) -> Option<crate::core::options::GameOptions> {
    match (&s.games.link, &s.games.session) {
        (Some(link), _) => Some(*link.options()),
        (None, Some(session)) => Some(*session.options()),
        (None, None) => None,
    }
}
