//! The games on this device, as the screens reach them: the pass-and-play
//! or solo game on show and the parked ones (one per mode and variant), the
//! two-device games, the finished games, and their saving after every
//! change. The computer's turns are played from here too.

use super::State;
use crate::core::Game;
use crate::core::moves::Action;
use crate::core::side::Side;
use crate::core::variant::Variant;
use crate::core::view::PlayerView;
use crate::session::ai::choose_within;
use crate::session::link::{LinkStatus, LinkedSession, LinkedStage};
use crate::session::storage::FinishedGame;
use crate::session::{PassAndPlay, SetupDraft, SetupLibrary, Stage, Storage};
use std::sync::Arc;
use std::sync::mpsc::Receiver;

pub(super) struct Games {
    /// The pass-and-play or solo game on show (none while a two-device game is).
    pub session: Option<PassAndPlay>,
    /// Other pass-and-play and solo games in progress.
    pub parked: Vec<PassAndPlay>,
    /// The two-device game on show.
    pub link: Option<LinkedSession>,
    pub parked_links: Vec<LinkedSession>,
    pub finished: Vec<FinishedGame>,
    pub storage: Option<Storage>,
    pub library: SetupLibrary,
    /// The revisions of the games on show last written to disk.
    saved_revision: Option<u64>,
    link_saved_revision: Option<u64>,
    /// The computer's move being worked out on another thread.
    pub thinking: Option<Receiver<Option<Action>>>,
    /// Work on worker threads (the app), or at once (tests, screenshots).
    pub background_work: bool,
    /// The seed of the next deal, "fill for me" or computer move.
    pub next_seed: u64,
    /// Seeds come from the operating system (a player's app), not `next_seed`.
    pub fresh_seeds: bool,
}

impl Games {
    /// The games kept in `storage` (none without one); what could not be
    /// read goes to `notices`.
    pub(super) fn open(
        storage: Option<Storage>,
        library: SetupLibrary,
        seed: u64,
        notices: &mut Vec<String>,
    ) -> Games {
        let (mut parked, mut parked_links, mut finished) = (Vec::new(), Vec::new(), Vec::new());
        if let Some(storage) = &storage {
            let (games, problems) = storage.games_in_progress();
            notices.extend(problems);
            parked = games.into_iter().map(|g| g.session).collect();
            let (links, problems) = storage.linked_in_progress();
            notices.extend(problems);
            parked_links = links;
            let (games, problems) = storage.finished_games();
            notices.extend(problems);
            finished = games;
        }
        Games {
            session: None,
            parked,
            link: None,
            parked_links,
            finished,
            storage,
            library,
            saved_revision: None,
            link_saved_revision: None,
            thinking: None,
            background_work: false,
            next_seed: seed,
            fresh_seeds: false,
        }
    }

    /// The side whose view the screens show.
    pub(super) fn holder(&self) -> Side {
        if let Some(link) = &self.link {
            return link.side();
        }
        self.session.as_ref().map_or(Side::Red, |s| s.holder())
    }

    /// The variant of the game on show.
    pub(super) fn variant(&self) -> Option<Arc<Variant>> {
        match (&self.link, &self.session) {
            (Some(link), _) => Some(Arc::clone(link.variant())),
            (None, Some(session)) => Some(Arc::clone(session.variant())),
            (None, None) => None,
        }
    }

    /// The on-screen player's view of the game being played.
    pub(super) fn current_view(&self) -> Option<PlayerView> {
        match (&self.link, &self.session) {
            (Some(link), _) => link.game().and_then(|g| g.view()),
            (None, Some(session)) => session.view(session.holder()),
            (None, None) => None,
        }
    }

    /// The game on show is being set up (not dealt, played or over).
    pub(super) fn setting_up(&self) -> bool {
        match (&self.link, &self.session) {
            (Some(link), _) => link.stage() == LinkedStage::Setup,
            (None, Some(session)) => matches!(session.stage(), Stage::Setup(_)),
            (None, None) => false,
        }
    }

    /// The game on show is being played (or, between two devices, over).
    pub(super) fn playing(&self) -> bool {
        match (&self.link, &self.session) {
            (Some(link), _) => link.stage() == LinkedStage::Game,
            (None, Some(session)) => session.stage() == Stage::Play,
            (None, None) => false,
        }
    }

    /// The setup being arranged on screen, in any kind of game.
    pub(super) fn draft(&self) -> Option<&SetupDraft> {
        if let Some(link) = &self.link {
            return link.draft();
        }
        let session = self.session.as_ref()?;
        let Stage::Setup(side) = session.stage() else {
            return None;
        };
        session.draft(side)
    }

    pub(super) fn draft_mut(&mut self) -> Option<&mut SetupDraft> {
        if let Some(link) = self.link.as_mut() {
            return link.draft_mut();
        }
        let session = self.session.as_mut()?;
        let Stage::Setup(side) = session.stage() else {
            return None;
        };
        session.draft_mut(side)
    }

    /// The finished game on show with both armies (none while it goes on,
    /// or when a two-device game's opened setup does not replay it).
    pub(super) fn finished_on_show(&self) -> Option<Game> {
        if let Some(link) = &self.link {
            return link.game()?.finished_game();
        }
        self.session
            .as_ref()
            .filter(|x| x.stage() == Stage::Over)
            .and_then(|x| x.game().cloned())
    }

    /// The pass-and-play and solo games offered by "Continue": the one on
    /// show first, then the parked ones.
    pub(super) fn local_in_progress(&self) -> Vec<&PassAndPlay> {
        self.session
            .iter()
            .chain(self.parked.iter())
            .filter(|x| x.stage() != Stage::Over)
            .collect()
    }

    /// The two-device games here: the one on show first, then the parked ones.
    pub(super) fn links_here(&self) -> impl Iterator<Item = &LinkedSession> {
        self.link.iter().chain(self.parked_links.iter())
    }

    /// The two-device games "Continue" offers, after the local ones.
    pub(super) fn links_in_progress(&self) -> Vec<&LinkedSession> {
        self.links_here().filter(|l| !link_finished(l)).collect()
    }

    /// Puts the pass-and-play or solo game aside (another game comes forward).
    pub(super) fn park_local(&mut self) {
        if let Some(current) = self.session.take()
            && current.stage() != Stage::Over
        {
            self.parked.push(current);
        }
        self.saved_revision = None;
        self.thinking = None;
    }

    /// Puts the two-device game aside (another game comes forward).
    pub(super) fn park_link(&mut self) {
        if let Some(link) = self.link.take()
            && !link_finished(&link)
        {
            self.parked_links.push(link);
        }
        self.link_saved_revision = None;
    }

    /// Makes `session` the pass-and-play or solo game on show.
    pub(super) fn bring_local(&mut self, session: PassAndPlay) {
        self.park_local();
        self.park_link();
        self.session = Some(session);
    }

    /// Makes `session` the two-device game on show.
    pub(super) fn bring_link(&mut self, session: LinkedSession) {
        self.park_local();
        self.park_link();
        self.link = Some(session);
    }

    /// Deletes game `index` of "Continue" (local games first, then the
    /// two-device ones) here and on disk.
    pub(super) fn delete_in_progress(&mut self, index: usize) -> Result<(), String> {
        let locals = self.local_in_progress().len();
        if index < locals {
            let session = match self.session.as_ref().filter(|x| x.stage() != Stage::Over) {
                Some(_) if index == 0 => self.session.take(),
                Some(_) => Some(self.parked.remove(index - 1)),
                None => Some(self.parked.remove(index)),
            };
            self.thinking = None;
            return match (&self.storage, session) {
                (Some(storage), Some(session)) => storage.delete_session(&session),
                _ => Ok(()),
            };
        }
        let chosen = self
            .links_here()
            .enumerate()
            .filter(|(_, l)| !link_finished(l))
            .nth(index - locals)
            .map(|(i, _)| i);
        let on_show = usize::from(self.link.is_some());
        let session = match chosen {
            Some(0) if on_show == 1 => self.link.take(),
            Some(i) => Some(self.parked_links.remove(i - on_show)),
            None => None,
        };
        match (&self.storage, session) {
            (Some(storage), Some(session)) => storage.delete_linked(&session),
            _ => Ok(()),
        }
    }
}

/// The game is over for good here: checked, or abandoned by the other device.
pub(super) fn link_finished(link: &LinkedSession) -> bool {
    matches!(
        link.status(),
        Some(LinkStatus::Finished | LinkStatus::Abandoned)
    )
}

/// Writes the games on show to disk when they changed since the last save.
pub(super) fn autosave(s: &mut State) {
    autosave_link(s);
    let games = &mut s.games;
    let (Some(storage), Some(session)) = (&games.storage, &games.session) else {
        return;
    };
    if games.saved_revision == Some(session.revision()) {
        return;
    }
    let (saved, ended) = (
        storage.save_session(session),
        session.stage() == Stage::Over,
    );
    if saved.is_ok() {
        games.saved_revision = Some(session.revision());
    }
    after_save(s, saved, ended, false);
}

fn autosave_link(s: &mut State) {
    let games = &mut s.games;
    let (Some(storage), Some(link)) = (&games.storage, &games.link) else {
        return;
    };
    if games.link_saved_revision == Some(link.revision()) {
        return;
    }
    let ended = link_finished(link);
    let saved = storage.save_linked(link);
    if saved.is_ok() {
        games.link_saved_revision = Some(link.revision());
    }
    after_save(s, saved, ended, true);
}

/// A game that just ended joins the finished list; a failed save is told,
/// and the game goes on (it is saved again after the next move, or the next
/// code of a two-device game).
fn after_save(s: &mut State, saved: Result<(), String>, ended: bool, linked: bool) {
    match saved {
        Ok(()) if ended => s.games.reload_finished(&mut s.notices),
        Ok(()) => {}
        Err(e) if linked => {
            s.fail(crate::tr!(
                "{} (the game goes on; it will be saved again after the next code)",
                e
            ));
        }
        Err(e) => {
            s.fail(crate::tr!(
                "{} (the game goes on; it will be saved again after the next move)",
                e
            ));
        }
    }
}

impl Games {
    /// Reads the finished games again (one was just saved).
    fn reload_finished(&mut self, notices: &mut Vec<String>) {
        if let Some(storage) = &self.storage {
            let (finished, problems) = storage.finished_games();
            self.finished = finished;
            notices.extend(problems);
        }
    }
}

/// Lets the computer play when it is its turn, thinking for as long as the
/// think-time setting allows: on a worker thread in the app (a timer
/// collects the move), at once in tests.
pub(super) fn drive_computer(s: &mut State) {
    use std::sync::mpsc::TryRecvError;
    let think_time = s.think_time;
    let games = &mut s.games;
    if let Some(receiver) = &games.thinking {
        match receiver.try_recv() {
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => games.thinking = None,
            Ok(action) => {
                games.thinking = None;
                let played = action.and_then(|a| games.session.as_mut().map(|x| x.play(a).is_ok()));
                if played != Some(true) {
                    return;
                }
            }
        }
    }
    loop {
        let Some((level, view)) = games.session.as_ref().and_then(|x| x.computer_turn()) else {
            return;
        };
        let seed = games.next_seed ^ u64::from(view.ply);
        if games.background_work {
            let (sender, receiver) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                // The budget's clock starts here, as the search does.
                let budget = think_time.budget(&view.variant);
                let _ = sender.send(choose_within(level, &view, seed, budget));
            });
            games.thinking = Some(receiver);
            return;
        }
        let budget = think_time.budget(&view.variant);
        let Some(action) = choose_within(level, &view, seed, budget) else {
            return;
        };
        if games
            .session
            .as_mut()
            .is_none_or(|x| x.play(action).is_err())
        {
            return;
        }
    }
}

impl Games {
    /// Starts `session` as the pass-and-play or solo game on show. One game
    /// is kept in progress per mode and variant: the new one replaces the
    /// old one of its kind (and its file); others are parked.
    pub(super) fn start_local(&mut self, session: PassAndPlay) {
        self.park_link();
        let same_kind = |other: &PassAndPlay| {
            other.variant().id == session.variant().id
                && other.computer().is_some() == session.computer().is_some()
        };
        if let Some(current) = self.session.take()
            && current.stage() != Stage::Over
            && !same_kind(&current)
        {
            self.parked.push(current);
        }
        self.parked.retain(|p| !same_kind(p));
        self.session = Some(session);
        self.saved_revision = None;
        self.thinking = None;
    }

    /// Brings game `index` of `local_in_progress` on show.
    pub(super) fn continue_local(&mut self, index: usize) {
        self.park_link();
        let current_in_progress = self
            .session
            .as_ref()
            .is_some_and(|x| x.stage() != Stage::Over);
        if index > 0 || !current_in_progress {
            let parked_index = index - usize::from(current_in_progress);
            if parked_index >= self.parked.len() {
                return;
            }
            let chosen = self.parked.remove(parked_index);
            if let Some(current) = self.session.replace(chosen)
                && current.stage() != Stage::Over
            {
                self.parked.push(current);
            }
            self.saved_revision = None;
            self.thinking = None;
        }
        if let Some(session) = self.session.as_mut() {
            // The device may have changed hands while the app was on its menu.
            session.hand_off_again();
        }
    }

    /// The seed of a two-device game's deal and filled setups: fresh from the
    /// operating system in a player's app; in tests and tools the configured
    /// seed itself, so a staged game replays the same way.
    pub(super) fn link_seed(&mut self) -> u64 {
        if self.fresh_seeds {
            os_seed()
        } else {
            self.next_seed
        }
    }

    /// The seed of the next game, deal or filled setup: fresh from the
    /// operating system in a player's app (an opponent who saw one opened
    /// setup learns nothing of the next), a step of a 64-bit LCG from the
    /// configured seed in tests and tools.
    pub(super) fn take_seed(&mut self) -> u64 {
        if self.fresh_seeds {
            return os_seed();
        }
        self.next_seed = self
            .next_seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.next_seed
    }
}

/// 64 bits from the operating system's random source.
pub(super) fn os_seed() -> u64 {
    use rand::TryRng;
    rand::rngs::SysRng
        .try_next_u64()
        .unwrap_or_else(|_| rand::random())
}
