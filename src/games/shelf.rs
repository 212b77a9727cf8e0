//! The games on this device, as the app's screens reach them: the game on
//! show and the others in progress (pass-and-play, solo and two-device
//! games, any number of each kind), the finished games, and their
//! saving after every change. The computer's turns are played from here
//! too, where it thinks (`thinking`: a worker thread in the app).

use crate::ai::ThinkTime;
use crate::ai::hint::HintWorker;
use crate::ai::thinking::{Question, Thinker};
use crate::core::moves::Action;
use crate::core::side::Side;
use crate::games::DeviceGame;
use crate::games::KeepsGames;
use crate::games::TwoDeviceGame;
use crate::games::game::GameOnDevice;
use crate::games::game_error::GameError;
use crate::link::LinkError;
use crate::store::finished_games::FinishedSummary;
use crate::store::remembered_setups::{RememberedSetups, RememberedSetupsError};
use crate::store::setup_library::SetupLibrary;
use crate::store::storage::{FinishedGameError, Storage, StorageError};
use std::sync::mpsc::Receiver;

pub struct Games {
    /// The game on show (none at the start, or once a finished one is put away).
    on_show: Option<GameOnDevice>,
    /// The other games in progress, put aside.
    parked: Vec<GameOnDevice>,
    /// The finished games, newest first, replayed only when one is opened.
    finished: Vec<FinishedSummary>,
    storage: Option<Storage>,
    library: SetupLibrary,
    /// The revision of the game on show last written to disk.
    saved_revision: Option<u64>,
    /// The computer's move being worked out on another thread.
    thinking: Option<Receiver<Option<Action>>>,
    /// The player's hint being worked out.
    hint: HintWorker,
    /// Where the computer thinks: on a worker thread or a browser's worker
    /// (the app), or at once (tests, screenshots).
    thinker: Thinker,
    /// The seed of the next deal, "fill for me" or computer move.
    next_seed: u64,
    /// Seeds come from the operating system (a player's app), not `next_seed`.
    fresh_seeds: bool,
    /// Where the player's pieces were revealed in earlier solo games.
    remembered: RememberedSetups,
    /// The computer learns the player's setups and plays by what it learned
    /// (the setting "The computer learns my setups").
    learning: bool,
}

/// What saving the game on show found worth telling.
pub enum Saved {
    /// Nothing to tell (saved, or nothing changed).
    Quietly,
    /// A game ended and joined the finished games; some finished games
    /// could not be read again.
    Finished(Vec<String>),
    /// The save failed; the game goes on and is saved again after the next
    /// move (or code).
    Failed(String),
}

impl Games {
    /// The games kept in `storage` (none without one); what could not be
    /// read goes to `notices`.
    pub fn open(
        storage: Option<Storage>,
        library: SetupLibrary,
        seed: u64,
        notices: &mut Vec<String>,
    ) -> Games {
        let (mut parked, mut finished) = (Vec::new(), Vec::new());
        let mut remembered = RememberedSetups::default();
        if let Some(storage) = &storage {
            let (memory, problem) = RememberedSetups::open(storage.remembered_setups());
            notices.extend(problem);
            remembered = memory;
            let (games, problems) = storage.games_in_progress();
            notices.extend(problems);
            parked = games;
            let (games, problems) = storage.finished_games();
            notices.extend(problems);
            finished = games;
        }
        Games {
            on_show: None,
            parked,
            finished,
            storage,
            library,
            saved_revision: None,
            thinking: None,
            hint: HintWorker::default(),
            thinker: Thinker::AtOnce,
            next_seed: seed,
            fresh_seeds: false,
            remembered,
            learning: false,
        }
    }

    /// Whether the computer learns the player's setups in solo games and
    /// plays by what it learned.
    pub fn set_learning(&mut self, on: bool) {
        self.learning = on;
    }

    /// Solo games whose setups the computer remembers.
    pub fn remembered_games(&self) -> u32 {
        self.remembered.games()
    }

    /// Forgets every setup the computer learned.
    pub fn forget_setups(&mut self) -> Result<(), RememberedSetupsError> {
        self.remembered.forget()
    }

    /// Where the computer thinks (a worker thread or a browser's worker in
    /// the app), and whether seeds come from the operating system (a
    /// player's app); at once and from the configured seed in tests and tools.
    pub fn set_work(&mut self, thinker: Thinker, fresh_seeds: bool) {
        self.thinker = thinker;
        self.fresh_seeds = fresh_seeds;
    }

    /// Whether other work (reading a picture) goes to worker threads.
    pub fn background_work(&self) -> bool {
        self.thinker.has_threads()
    }

    pub fn storage(&self) -> Option<&Storage> {
        self.storage.as_ref()
    }

    pub fn library(&self) -> &SetupLibrary {
        &self.library
    }

    /// The game on show and the setup library, to save a setup from it.
    pub fn on_show_and_library(&mut self) -> (Option<&GameOnDevice>, &mut SetupLibrary) {
        (self.on_show.as_ref(), &mut self.library)
    }

    /// The game on show and the setup library, to load a setup into it.
    pub fn on_show_mut_and_library(&mut self) -> (Option<&mut GameOnDevice>, &SetupLibrary) {
        (self.on_show.as_mut(), &self.library)
    }

    pub fn finished(&self) -> &[FinishedSummary] {
        &self.finished
    }

    /// Reads and replays the `index`th finished game. One that cannot be
    /// read is moved aside and leaves the list; the message says so.
    pub fn open_finished(
        &mut self,
        index: usize,
    ) -> Option<Result<crate::core::game::Game, FinishedGameError>> {
        let summary = self.finished.get(index)?;
        let storage = self.storage.as_ref()?;
        let opened = storage.open_finished(summary);
        if opened.is_err() {
            self.reload_finished();
        }
        Some(opened)
    }

    /// The game on show.
    pub fn on_show(&self) -> Option<&GameOnDevice> {
        self.on_show.as_ref()
    }

    /// The game on show, as it is held (for `App::game`).
    pub fn on_show_slot(&self) -> &Option<GameOnDevice> {
        &self.on_show
    }

    pub fn on_show_mut(&mut self) -> Option<&mut GameOnDevice> {
        self.on_show.as_mut()
    }

    /// The games "Continue" offers, in an order that stays put however
    /// often a game is opened: first the two-device games whose turn,
    /// deal or setup is here (another player waits), then the games on
    /// this device newest first, then the two-device games waiting for the
    /// other device's code; two-device games by id.
    pub fn in_progress(&self) -> Vec<&GameOnDevice> {
        let mut games: Vec<&GameOnDevice> = self
            .on_show
            .iter()
            .chain(self.parked.iter())
            .filter(|g| !g.game().is_over())
            .collect();
        games.sort_by_key(|g| {
            let link = g.game().link();
            let group = match link {
                Some(l) if l.waits_for_this_device() => 0,
                None => 1,
                Some(_) => 2,
            };
            (
                group,
                std::cmp::Reverse(g.game().started()),
                link.map(|l| (l.game_id(), l.side())),
            )
        });
        games
    }

    /// The two-device games here, the one on show first (finished ones too).
    pub fn two_device_games(&self) -> impl Iterator<Item = &TwoDeviceGame> {
        self.on_show
            .iter()
            .chain(self.parked.iter())
            .filter_map(|g| g.game().link())
    }

    /// Brings `game` on show; the game on show before is parked (or put
    /// away, if it is over).
    pub fn bring(&mut self, game: GameOnDevice) {
        if let Some(current) = self.on_show.take()
            && !current.game().is_over()
        {
            self.parked.push(current);
        }
        self.on_show = Some(game);
        self.saved_revision = None;
        self.thinking = None;
        self.hint.drop_pending();
    }

    /// Starts `game` on show, or takes up one moved here from another
    /// device; the game on show before is parked, so no game in progress is
    /// lost (several of one kind may be). A game on this device is dated now
    /// when it has no date, or one a game here already has (a game moved
    /// back to the device it came from): the date names its file.
    pub fn start(&mut self, mut game: GameOnDevice) {
        if let GameOnDevice::OneDevice(session) = &mut game {
            let taken: Vec<u64> = self
                .on_show
                .iter()
                .chain(&self.parked)
                .filter_map(|g| g.game().started())
                .collect();
            if session.started().is_none_or(|date| taken.contains(&date)) {
                let mut started = unix_ms();
                while taken.contains(&started) {
                    started += 1;
                }
                session.set_started(started);
            }
        }
        self.bring(game);
    }

    /// Brings game `index` of `in_progress` on show. A game on this device
    /// shows the hand-off screen first: the device may have changed hands
    /// while the app was on its menu.
    pub fn continue_game(&mut self, index: usize) {
        let Some(position) = self.position_in_progress(index) else {
            return;
        };
        if let Some(parked) = position {
            let game = self.parked.remove(parked);
            self.bring(game);
        }
        if let Some(hand_offs) = self.on_show.as_mut().and_then(|g| g.game_mut().hand_offs()) {
            hand_offs.hand_off_again();
        }
    }

    /// Where game `index` of `in_progress` is: on show (`Some(None)`), or
    /// parked at `Some(Some(i))`.
    fn position_in_progress(&self, index: usize) -> Option<Option<usize>> {
        let chosen: *const GameOnDevice = *self.in_progress().get(index)?;
        if self
            .on_show
            .as_ref()
            .is_some_and(|g| std::ptr::eq(g, chosen))
        {
            return Some(None);
        }
        self.parked
            .iter()
            .position(|g| std::ptr::eq(g, chosen))
            .map(Some)
    }

    /// Brings the two-device game with this id and side on show, if it is here.
    pub fn bring_two_device_game(&mut self, game_id: u32, side: Side) {
        let here = |g: &GameOnDevice| {
            g.game()
                .link()
                .is_some_and(|l| l.game_id() == game_id && l.side() == side)
        };
        if self.on_show.as_ref().is_some_and(here) {
            return;
        }
        if let Some(i) = self.parked.iter().position(here) {
            let game = self.parked.remove(i);
            self.bring(game);
        }
    }

    /// Reads a code into whichever two-device game here it belongs to and
    /// brings that game on show, with the code it showed before: `None`
    /// when no game here has the code's id. A refused code changes nothing.
    pub fn read_into_any(&mut self, text: &str) -> Option<Result<Option<String>, LinkError>> {
        let mut read = None;
        for game in self.on_show.iter_mut().chain(self.parked.iter_mut()) {
            let Some(link) = game.game_mut().link_mut() else {
                continue;
            };
            let shown = link.code_on_show().map(str::to_string);
            match link.read(text) {
                Err(LinkError::WrongGame) => continue,
                Err(e) => return Some(Err(e)),
                Ok(()) => {
                    read = Some((link.game_id(), link.side(), shown));
                    break;
                }
            }
        }
        let (id, side, shown) = read?;
        self.bring_two_device_game(id, side);
        Some(Ok(shown))
    }

    /// Deletes game `index` of "Continue" here and on disk.
    pub fn delete_in_progress(&mut self, index: usize) -> Result<(), StorageError> {
        let Some(position) = self.position_in_progress(index) else {
            return Ok(());
        };
        let game = match position {
            None => {
                self.thinking = None;
                self.hint.drop_pending();
                self.on_show.take()
            }
            Some(i) => Some(self.parked.remove(i)),
        };
        match (&self.storage, game) {
            (Some(storage), Some(game)) => storage.delete_game(&game),
            _ => Ok(()),
        }
    }

    /// Puts the game on show away once it is over (the player leaves its
    /// game-over screen).
    pub fn put_away_finished(&mut self) {
        if self.on_show.as_ref().is_some_and(|g| g.game().is_over()) {
            self.on_show = None;
        }
    }

    /// Writes the game on show to disk when it changed since the last save.
    pub fn autosave(&mut self) -> Saved {
        let (Some(storage), Some(game)) = (&self.storage, &self.on_show) else {
            return Saved::Quietly;
        };
        if self.saved_revision == Some(game.game().revision()) {
            return Saved::Quietly;
        }
        match storage.save_game(game) {
            Ok(()) => {
                self.saved_revision = Some(game.game().revision());
                if game.game().is_over() {
                    let mut problems = self.reload_finished();
                    problems.extend(self.learn_from_game_on_show());
                    Saved::Finished(problems)
                } else {
                    Saved::Quietly
                }
            }
            // A two-device game is saved again after the next code.
            Err(e) if game.game().link().is_some() => Saved::Failed(crate::tr!(
                "{} (the game goes on; it will be saved again after the next code)",
                e
            )),
            Err(e) => Saved::Failed(crate::tr!(
                "{} (the game goes on; it will be saved again after the next move)",
                e
            )),
        }
    }

    /// With learning on, remembers where the player's pieces were revealed
    /// in the solo game on show, just finished; what could not be saved.
    fn learn_from_game_on_show(&mut self) -> Option<String> {
        if !self.learning {
            return None;
        }
        let (first, last) = self
            .on_show
            .as_ref()?
            .game()
            .computer_first_and_last_views()?;
        self.remembered
            .learn(&first, &last)
            .err()
            .map(|e| e.to_string())
    }

    /// Reads the finished games again (one was just saved); what could not
    /// be read.
    fn reload_finished(&mut self) -> Vec<String> {
        let Some(storage) = &self.storage else {
            return Vec::new();
        };
        let (finished, problems) = storage.finished_games();
        self.finished = finished;
        problems
    }

    /// The computer is working out a move on another thread.
    pub fn computer_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The time is `now`; `on_screen`: the game on show is on the screen.
    pub fn set_time(&mut self, now: std::time::Duration, on_screen: bool) {
        if let Some(game) = self.on_show.as_mut() {
            game.game_mut().set_time(now, on_screen);
        }
    }

    /// Whether the game on show has a clock running: on one device while it
    /// is on screen, between two devices on this player's turn.
    pub fn clock_running(&self) -> bool {
        self.on_show
            .as_ref()
            .and_then(|g| g.game().clock())
            .is_some_and(|(clock, _)| clock.running())
    }

    /// Lets the computer play when it is its turn, thinking for as long as
    /// `think_time` allows (in a timed game, within its clock): on a worker
    /// thread or a browser's worker in the app (the app's timer calls this
    /// again to collect the move), at once in tests.
    pub fn drive_computer(&mut self, think_time: ThinkTime) {
        use std::sync::mpsc::TryRecvError;
        if let Some(receiver) = &self.thinking {
            match receiver.try_recv() {
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => self.thinking = None,
                Ok(action) => {
                    self.thinking = None;
                    let played = action
                        .and_then(|a| self.on_show.as_mut().map(|g| g.game_mut().play(a).is_ok()));
                    if played != Some(true) {
                        return;
                    }
                }
            }
        }
        loop {
            let Some((level, view)) = self.on_show.as_ref().and_then(|g| g.game().computer_turn())
            else {
                return;
            };
            let seed = self.next_seed ^ u64::from(view.ply);
            let think_time = match self
                .on_show
                .as_ref()
                .and_then(|g| g.game().computer_time_left())
            {
                Some(left) => think_time.within_clock(left),
                None => think_time.into(),
            };
            let receiver = self.thinker.ask(Question {
                level,
                view,
                seed,
                think: think_time,
                memory: self.learning.then(|| self.remembered.memory()),
            });
            if !self.thinker.answers_at_once() {
                // The app's timer collects the move (above).
                self.thinking = Some(receiver);
                return;
            }
            let Ok(Some(action)) = receiver.try_recv() else {
                return;
            };
            if self
                .on_show
                .as_mut()
                .is_none_or(|g| g.game_mut().play(action).is_err())
            {
                return;
            }
        }
    }

    /// Solo: takes back the player's last move (and the computer's reply,
    /// or the move it is thinking about).
    pub fn take_back(&mut self) -> Result<(), GameError> {
        self.thinking = None;
        self.hint.drop_pending();
        match self.on_show.as_mut() {
            Some(game) => game.game_mut().take_back(),
            None => Err(GameError::NothingToTakeBack),
        }
    }

    /// Solo: asks for the strongest computer player's suggestion for the
    /// player, thinking for as long as `think_time` allows (on a worker
    /// thread in the app, at once in tests); `collect_hint` brings it.
    pub fn ask_hint(&mut self, think_time: ThinkTime) {
        match self.on_show.as_ref().and_then(|g| g.game().hint_view()) {
            Some(view) => self
                .hint
                .ask(view, self.next_seed, think_time, &self.thinker),
            None => self.hint.drop_pending(),
        }
    }

    /// The hint asked for, once worked out, while the game on show stands
    /// where it was asked (`HintWorker::collect`).
    pub fn collect_hint(&mut self) -> Option<Option<Action>> {
        let ply = self
            .on_show
            .as_ref()
            .and_then(|g| g.game().view())
            .map(|v| v.ply);
        self.hint.collect(ply)
    }

    /// A hint is being worked out, or waits to be collected.
    pub fn hint_thinking(&self) -> bool {
        self.hint.thinking()
    }

    /// The seed of a two-device game's deal and filled setups: fresh from the
    /// operating system in a player's app; in tests and tools the configured
    /// seed itself, so a staged game replays the same way.
    pub fn two_devices_seed(&mut self) -> u64 {
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
    pub fn take_seed(&mut self) -> u64 {
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

/// Milliseconds since 1970 on the system's clock.
fn unix_ms() -> u64 {
    crate::platform::time_source::wall_clock()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// 64 bits from the operating system's random source.
pub fn os_seed() -> u64 {
    use rand::TryRng;
    rand::rngs::SysRng
        .try_next_u64()
        .unwrap_or_else(|_| rand::random())
}
