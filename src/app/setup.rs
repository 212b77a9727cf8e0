//! The setup editor's controller (`ui/setup.slint`, global `SetupAdapter`):
//! the tray, placing, moving and swapping pieces, "fill for me", turning a
//! domino round, the setup library, and the checks before "Ready", for any
//! kind of game (the draft lives in the game). What the screen shows is
//! worked out as a `SetupModel` first, so it is tested without a window.

use super::board::BoardController;
use super::effect::Effect;
use super::models::{self, List};
use super::naming::side_name;
use super::{App, AppWindow, Cell, Display, SetupAdapter, TrayItem, board_cells};
use crate::core::setup::SetupProblem;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::Variant;
use crate::games::GameOnDevice;
use crate::store::SetupLibrary;
use crate::store::setup_library::SetupOwner;
use slint::{ComponentHandle, SharedString};
use std::sync::Arc;

/// What the setup editor has picked up: a tray group or a placed piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum SetupPick {
    #[default]
    None,
    Tray(usize),
    Square(Square),
}

pub(super) struct SetupController {
    pick: SetupPick,
    /// What the library did last ("Saved ...", "Loaded ...").
    status: String,
    tray: List<TrayItem>,
    saved_names: List<SharedString>,
}

/// What the setup screen shows of the setup under way.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SetupModel {
    pub variant: Arc<Variant>,
    pub cells: Vec<Cell>,
    pub title: String,
    pub tray: Vec<TrayItem>,
    /// What is still wrong, one line each (none: ready).
    pub problems: Vec<String>,
    /// A domino may be turned round.
    pub can_flip: bool,
    /// The setups of this variant saved by the player setting up.
    pub saved_names: Vec<String>,
    /// Whose setups the library offers is known (else it offers none).
    pub library_open: bool,
    pub status: String,
}

impl SetupController {
    /// A controller whose lists are not yet shown anywhere.
    pub(super) fn unbound() -> SetupController {
        SetupController {
            pick: SetupPick::None,
            status: String::new(),
            tray: models::list(),
            saved_names: models::list(),
        }
    }

    pub(super) fn new(w: &AppWindow) -> SetupController {
        let controller = SetupController::unbound();
        let setup = w.global::<SetupAdapter>();
        setup.set_tray(models::handle(&controller.tray));
        setup.set_saved_names(models::handle(&controller.saved_names));
        controller
    }

    /// A new setup begins, or the device went to another player: nothing
    /// picked up, and nothing of the last player's library on screen (the
    /// name typed, the setup chosen to load, the last message).
    pub(super) fn forget(&mut self, w: &AppWindow) {
        self.pick = SetupPick::None;
        self.status.clear();
        let setup = w.global::<SetupAdapter>();
        setup.set_save_name(SharedString::new());
        setup.set_load_index(0);
    }

    /// A tap on the board while setting up.
    pub(super) fn tap(&mut self, game: &mut GameOnDevice, square: Square) -> Option<Effect> {
        let pick = self.pick;
        let draft = game.game_mut().draft_mut()?;
        let (next, error) = match pick {
            SetupPick::Tray(i) => match draft.tray_places().get(i).copied() {
                None | Some((_, 0)) => (SetupPick::None, None),
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
        self.pick = next;
        error.map(Effect::Refuse)
    }

    /// A piece dragged from one square to another while setting up.
    pub(super) fn drag(
        &mut self,
        game: &mut GameOnDevice,
        from: Square,
        to: Square,
    ) -> Option<Effect> {
        self.pick = SetupPick::None;
        let draft = game.game_mut().draft_mut()?;
        (draft.at(from).is_some() && !draft.move_or_swap(from, to))
            .then(|| Effect::Refuse(crate::tr!("{} is not in your setup zone", to)))
    }

    /// A piece of tray group `index` dragged to `square` and let go there:
    /// placed as picking the group up and tapping the square places it
    /// (the group stays picked up while pieces of it are left).
    pub(super) fn drop_from_tray(
        &mut self,
        game: &mut GameOnDevice,
        index: usize,
        square: Square,
    ) -> Option<Effect> {
        self.pick = SetupPick::Tray(index);
        self.tap(game, square)
    }

    /// A tap on the tray: picks a group up (or puts it down), or takes a
    /// placed piece that was picked up back to the tray.
    fn tray_tap(&mut self, game: &mut GameOnDevice, index: usize) {
        match self.pick {
            SetupPick::Square(square) => {
                if let Some(draft) = game.game_mut().draft_mut() {
                    draft.remove(square);
                }
                self.pick = SetupPick::None;
            }
            SetupPick::Tray(i) if i == index => self.pick = SetupPick::None,
            _ => {
                // A place whose pieces are all on the board picks nothing up.
                let left = game
                    .game()
                    .draft()
                    .and_then(|draft| draft.tray_places().get(index).map(|(_, n)| *n));
                self.pick = match left {
                    Some(n) if n > 0 => SetupPick::Tray(index),
                    _ => SetupPick::None,
                };
            }
        }
    }

    fn fill(&mut self, game: &mut GameOnDevice) {
        self.pick = SetupPick::None;
        game.game_mut().fill_setup();
    }

    fn clear(&mut self, game: &mut GameOnDevice) {
        self.pick = SetupPick::None;
        if let Some(draft) = game.game_mut().draft_mut() {
            draft.clear();
        }
    }

    /// "Turn stone": turns the domino picked up on the board end for end,
    /// or says why not.
    fn flip(&mut self, game: &mut GameOnDevice) -> Option<Effect> {
        let SetupPick::Square(square) = self.pick else {
            return Some(Effect::Refuse(crate::tr!(
                "Tap a stone on the board first, then Turn stone."
            )));
        };
        let draft = game.game_mut().draft_mut()?;
        if !draft.flip(square) {
            return Some(Effect::Refuse(crate::tr!(
                "A double reads the same both ways: only a stone with two different numbers can be turned."
            )));
        }
        let stone = draft.at(square)?;
        crate::learn::note_for_turned_stone(draft.variant(), stone).map(Effect::RuleMet)
    }

    fn ready(&mut self, game: &mut GameOnDevice) -> Option<Effect> {
        self.pick = SetupPick::None;
        game.game_mut()
            .setup_ready()
            .err()
            .map(|e| Effect::Refuse(e.to_string()))
    }

    /// Keeps the setup on the board in the library as `name`, as the
    /// setting-up player's.
    fn save(
        &mut self,
        game: &GameOnDevice,
        library: &mut SetupLibrary,
        name: &str,
    ) -> Option<Effect> {
        let draft = game.game().draft()?;
        let Some(owner) = game.game().setup_owner() else {
            return Some(Effect::Refuse(no_owner_note()));
        };
        match library.save(draft.variant(), &owner, name, &draft.to_setup()) {
            Ok(()) => {
                self.status = crate::tr!("Saved \"{}\".", name.trim());
                None
            }
            Err(e) => Some(Effect::Refuse(e.to_string())),
        }
    }

    /// Puts the library's setup number `index` (of this variant's) on the board.
    fn load(&mut self, game: &mut GameOnDevice, library: &SetupLibrary, index: usize) {
        let Some(draft) = game.game().draft() else {
            return;
        };
        let (variant, side) = (Arc::clone(draft.variant()), draft.side());
        let Some(owner) = game.game().setup_owner() else {
            return;
        };
        let Some(name) = library.names(&variant, &owner).get(index).cloned() else {
            return;
        };
        let Some(setup) = library.load(&variant, &owner, &name, side) else {
            return;
        };
        if let Some(draft) = game.game_mut().draft_mut() {
            draft.load(&setup);
            self.status = crate::tr!("Loaded \"{}\".", name);
        }
    }

    /// What the screen shows of the setup under way in `game`.
    pub(super) fn model(
        &self,
        game: &GameOnDevice,
        library: &SetupLibrary,
        display: Display,
    ) -> Option<SetupModel> {
        let draft = game.game().draft()?;
        let variant = Arc::clone(draft.variant());
        let owner: Option<SetupOwner> = game.game().setup_owner();
        let selected = match self.pick {
            SetupPick::Square(square) => Some(square),
            _ => None,
        };
        Some(SetupModel {
            cells: board_cells::setup_cells(draft, &display, selected),
            title: crate::tr!("{}: set up your army", side_name(draft.side())),
            tray: draft
                .tray_places()
                .into_iter()
                .enumerate()
                .map(|(i, (piece, count))| {
                    let selected = self.pick == SetupPick::Tray(i);
                    board_cells::tray_item(&variant, &display, piece, count, selected)
                })
                .collect(),
            problems: what_is_left(&draft.problems(game.game().options())),
            can_flip: variant.is_domino(),
            saved_names: owner
                .as_ref()
                .map_or_else(Vec::new, |owner| library.names(&variant, owner)),
            library_open: owner.is_some(),
            status: self.status.clone(),
            variant,
        })
    }

    pub(super) fn refresh(
        &self,
        w: &AppWindow,
        board: &BoardController,
        game: Option<&GameOnDevice>,
        library: &SetupLibrary,
        display: impl Fn(Side) -> Display,
    ) {
        let Some(game) = game else { return };
        let Some(model) = self.model(game, library, display(game.game().viewer())) else {
            return;
        };
        let setup = w.global::<SetupAdapter>();
        setup.set_title(model.title.into());
        setup.set_hint(
            crate::tr!(
                "Tap a piece in the tray, then a square of your zone (or drag it there). Tap a \
                 placed piece, then another square to move or swap it (or drag it), or the tray \
                 to take it back."
            )
            .into(),
        );
        board.show(w, &model.variant, game.game().viewer(), model.cells);
        models::update(&self.tray, model.tray);
        setup.set_ready_enabled(model.problems.is_empty());
        setup.set_problems(model.problems.join("\n").into());
        setup.set_can_flip(model.can_flip);
        models::update_texts(&self.saved_names, model.saved_names);
        setup.set_library_open(model.library_open);
        setup.set_library_note(no_owner_note().into());
        setup.set_status(model.status.into());
    }
}

pub(super) fn connect(app: &App) {
    let setup = app.window().global::<SetupAdapter>();
    setup.on_pick(app.indexed(|s, _, i| {
        if let Some(game) = s.games.on_show_mut() {
            s.setup.tray_tap(game, i);
        }
    }));
    setup.on_fill(app.unit(|s, _| {
        if let Some(game) = s.games.on_show_mut() {
            s.setup.fill(game);
        }
    }));
    setup.on_clear(app.unit(|s, _| {
        if let Some(game) = s.games.on_show_mut() {
            s.setup.clear(game);
        }
    }));
    setup.on_flip(app.unit(|s, _| s.games.on_show_mut().and_then(|g| s.setup.flip(g))));
    setup.on_save(app.unit(|s, w| {
        let name = w.global::<SetupAdapter>().get_save_name().to_string();
        let (game, library) = s.games.on_show_and_library();
        game.and_then(|g| s.setup.save(g, library, &name))
    }));
    setup.on_load(app.unit(|s, w| {
        let index = w.global::<SetupAdapter>().get_load_index().max(0) as usize;
        let (game, library) = s.games.on_show_mut_and_library();
        if let Some(game) = game {
            s.setup.load(game, library, index);
        }
    }));
    setup.on_menu(app.unit(|_, _| Effect::GoHome));
    setup.on_ready(app.unit(|s, _| s.games.on_show_mut().and_then(|g| s.setup.ready(g))));
}

/// Why the library offers nothing on a shared device to a player who gave
/// no name: each player's setups are kept under their name.
fn no_owner_note() -> String {
    crate::tr!(
        "Setups are kept by each player's name: name the players when you start a pass-and-play game to save and load your own."
    )
}

/// What is left to do before Ready, in a line or two for a phone: the
/// pieces still to place as one count (the tray shows which), and each
/// other problem. An unfilled zone is not said while pieces are left to
/// place, as placing them fills it.
fn what_is_left(problems: &[SetupProblem]) -> Vec<String> {
    let to_place: usize = problems
        .iter()
        .map(|p| match p {
            SetupProblem::WrongCount {
                expected, found, ..
            } => expected.saturating_sub(*found),
            _ => 0,
        })
        .sum();
    let mut lines = match to_place {
        0 => Vec::new(),
        1 => vec![crate::tr!(
            "1 piece still to place: tap it in the tray, then a square."
        )],
        n => vec![crate::tr!(
            "{} pieces still to place: tap one in the tray, then a square.",
            n
        )],
    };
    lines.extend(problems.iter().filter_map(|p| match p {
        SetupProblem::WrongCount {
            expected, found, ..
        } if found < expected => None,
        SetupProblem::ZoneNotFilled { .. } if to_place > 0 => None,
        other => Some(other.to_string()),
    }));
    lines
}

#[cfg(test)]
mod tests;
