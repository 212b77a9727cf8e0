//! One device, two players: deals, setups and turns, with a hand-off
//! screen whenever the device changes hands so neither army is shown to
//! the wrong player. Under a time control each side has a clock
//! (`core::clock`), running only while its player can act: not during a
//! hand-off, a battle shown to the mover, a draw offer, or while the game
//! is not on screen; the app tells the time with `set_time`.

mod device_game;

use crate::ai::{Level, setup_around};
use crate::core::clock::GameClock;
use crate::core::deal::{Deal, deal_dominoes};
use crate::core::game::Game;
use crate::core::moves::{Action, IllegalMove, Outcome};
use crate::core::options::GameOptions;
use crate::core::position::PlyReport;
use crate::core::record::{SideRecord, action_text, parse_action};
use crate::core::seen::Seen;
use crate::core::setup::Placement;
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{ArmyRule, SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use crate::games::Computer;
use crate::games::device_game::DeviceGame;
use crate::games::game_error::GameError;
use crate::games::handover::Handed;
use crate::games::players::player_names;
use crate::games::saved::{
    LoadError, SESSION_FORMAT, SavedComputer, SavedPassAndPlay, SavedStage, restore_draft,
    saved_variant,
};
use crate::games::setup_draft::SetupDraft;
use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;

/// Whose deal or setup is under way, or whether the game is on or over
/// (the hand-off is kept beside it: it can come before each of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// A player looks at their deal (domino) or chooses discards (piecepack).
    Deal(Side),
    /// A player arranges their army.
    Setup(Side),
    Play,
    Over,
}

#[derive(Debug)]
pub struct PassAndPlay {
    variant: Arc<Variant>,
    options: GameOptions,
    rng: ChaCha8Rng,
    phase: Phase,
    handoff: Option<Side>,
    deals: [Option<Deal>; 2],
    drafts: [Option<SetupDraft>; 2],
    game: Option<Game>,
    last_ply: Option<PlyReport>,
    battle_on_show: bool,
    draw_offer: Option<Side>,
    /// Counts changes, so the app saves only when something changed.
    revision: u64,
    /// Solo practice: the computer plays this side, and there are no hand-offs.
    computer: Option<Computer>,
    /// Both sides' clocks, once play begins under a time control.
    clock: Option<GameClock>,
    /// The time the app last told (`set_time`), on its time source.
    now: Duration,
    /// When a running clock last counted as a change, so that it is saved
    /// every few seconds as well as after every move.
    clock_counted: Duration,
    /// When the game began, in milliseconds since 1970 (`SavedPassAndPlay::started`).
    started: Option<u64>,
    /// What both players saw in plies taken back: it stays seen.
    seen: Seen,
    /// The players' names, where they gave them (pass-and-play, by
    /// `Side::index`): each player's setups are kept under their name.
    players: [Option<String>; 2],
    /// A move to or from another device under way or done: the game is
    /// then played on nowhere here.
    handed: Option<Handed>,
}

impl PassAndPlay {
    /// A new game; the device goes to Red first.
    pub fn new(variant: Arc<Variant>, options: GameOptions, seed: u64) -> PassAndPlay {
        let mut session = PassAndPlay::empty(variant, options, seed, None);
        session.begin_side(Side::Red);
        session
    }

    /// A game with nothing dealt, set up or played yet.
    fn empty(
        variant: Arc<Variant>,
        options: GameOptions,
        seed: u64,
        computer: Option<Computer>,
    ) -> PassAndPlay {
        PassAndPlay {
            variant,
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            phase: Phase::Setup(Side::Red),
            handoff: None,
            deals: [None, None],
            drafts: [None, None],
            game: None,
            last_ply: None,
            battle_on_show: false,
            draw_offer: None,
            revision: 0,
            computer,
            clock: None,
            now: Duration::ZERO,
            clock_counted: Duration::ZERO,
            started: None,
            seen: Seen::default(),
            players: [None, None],
            handed: None,
        }
    }

    /// A solo game against the computer: no hand-offs, and the computer
    /// deals and sets up for itself.
    pub fn solo(
        variant: Arc<Variant>,
        options: GameOptions,
        seed: u64,
        computer: Computer,
    ) -> PassAndPlay {
        let mut session = PassAndPlay::new(variant, options, seed);
        session.computer = Some(computer);
        session.handoff = None;
        if computer.side == Side::Red {
            session.auto_setup(Side::Red);
        }
        session
    }

    /// Names the players (pass-and-play; see `player_names`).
    pub fn set_players(&mut self, names: [Option<String>; 2]) {
        self.players = names;
        self.revision += 1;
    }

    /// The move between devices stands at `handed` (none: the game is
    /// this device's to play on).
    pub fn set_handed(&mut self, handed: Option<Handed>) {
        self.handed = handed;
        self.revision += 1;
    }

    /// The name `side`'s player gave, if any.
    pub fn player(&self, side: Side) -> Option<&str> {
        self.players[side.index()].as_deref()
    }

    /// Shows the hand-off screen for `side` (never in solo play).
    fn hand_to(&mut self, side: Side) {
        self.handoff = if self.computer.is_some() {
            None
        } else {
            Some(side)
        };
    }

    /// The computer deals (choosing discards at random) and sets up sensibly.
    fn auto_setup(&mut self, side: Side) {
        let Some(computer) = self.computer.filter(|c| c.side == side) else {
            return;
        };
        if let Phase::Deal(_) = self.phase {
            if self.deals[side.index()].is_none() {
                let suits: Vec<SuitId> = self.variant.suits_of(side).collect();
                if !suits.is_empty() {
                    let suit = suits[self.rng.random_range(0..suits.len())];
                    let _ = self.choose_discards(suit);
                }
            }
            let _ = self.accept_deal();
        }
        let Some(deal) = self.deals[side.index()].clone() else {
            return;
        };
        // Each level sets up as it does in `flagfall match`: in a free
        // setup, round the squares the other army took.
        let taken = self.drafts[side.index()]
            .as_ref()
            .map(|draft| draft.taken().to_vec())
            .unwrap_or_default();
        let setup = setup_around(
            computer.level,
            &self.variant,
            side,
            &deal,
            &taken,
            &mut self.rng,
        );
        if let Some(draft) = self.drafts[side.index()].as_mut() {
            draft.load(&setup);
        }
        let _ = self.setup_ready();
    }

    /// Takes back the player's last move and the computer's reply; a game
    /// that is not solo, has no move yet or runs on a clock refuses.
    pub fn take_back(&mut self) -> Result<(), GameError> {
        let (Some(computer), Some(game)) = (self.computer, self.game.as_mut()) else {
            return Err(GameError::NothingToTakeBack);
        };
        if self.phase != Phase::Play || game.actions().is_empty() {
            return Err(GameError::NothingToTakeBack);
        }
        // A timed game is played as it went.
        if self.clock.is_some() {
            return Err(GameError::TimedGame);
        }
        let human = computer.side.opponent();
        // What was seen in the plies taken back stays seen, by the player
        // and by the computer alike.
        self.seen.take_in(game.position());
        loop {
            game.undo(1);
            if game.position().to_move() == human || game.actions().is_empty() {
                break;
            }
        }
        self.revision += 1;
        self.last_ply = None;
        self.battle_on_show = false;
        self.draw_offer = None;
        Ok(())
    }

    /// While `Some`, only the hand-off screen may be shown.
    pub fn handoff(&self) -> Option<Side> {
        self.handoff
    }

    /// The player who holds the device now (after the hand-off).
    pub fn holder(&self) -> Side {
        if let Some(computer) = self.computer {
            return computer.side.opponent();
        }
        match self.phase {
            Phase::Deal(side) | Phase::Setup(side) => side,
            Phase::Play | Phase::Over => {
                let Some(game) = &self.game else {
                    return Side::Red;
                };
                let to_move = game.position().to_move();
                match (self.battle_on_show, self.draw_offer) {
                    // The turn has passed, but the mover still looks at the battle.
                    (true, _) => to_move.opponent(),
                    (false, Some(offerer)) => offerer.opponent(),
                    (false, None) => to_move,
                }
            }
        }
    }

    /// The device may have changed hands (the app went to its menu): show the
    /// hand-off screen again before anything of the holder's army.
    pub fn hand_off_again(&mut self) {
        self.revision += 1;
        if self.phase != Phase::Over {
            let holder = self.holder();
            self.hand_to(holder);
        }
    }

    /// The holder taps the hand-off screen away.
    pub fn reveal(&mut self) {
        self.revision += 1;
        self.handoff = None;
    }

    fn begin_side(&mut self, side: Side) {
        self.hand_to(side);
        self.phase = match self.variant.army {
            ArmyRule::Fixed => {
                self.deals[side.index()] = Some(Deal::Fixed);
                self.drafts[side.index()] = Some(SetupDraft::new(
                    Arc::clone(&self.variant),
                    side,
                    Deal::Fixed,
                ));
                self.share_board();
                Phase::Setup(side)
            }
            ArmyRule::Domino { .. } => {
                self.deals[side.index()] = deal_dominoes(&self.variant, &mut self.rng);
                Phase::Deal(side)
            }
            ArmyRule::Suited { .. } => Phase::Deal(side),
        };
        if self.computer.is_some_and(|c| c.side == side) {
            self.auto_setup(side);
        }
    }

    /// Where both armies set up anywhere (free setup), Blue, who sets up
    /// second, cannot use the squares Red took: their occupancy is public
    /// from the first move on, their ranks stay hidden.
    fn share_board(&mut self) {
        if !self.variant.setup.anywhere {
            return;
        }
        let red: Vec<Square> = self.drafts[Side::Red.index()]
            .as_ref()
            .map(|draft| draft.placed().map(|(square, _)| square).collect())
            .unwrap_or_default();
        if let Some(blue) = self.drafts[Side::Blue.index()].as_mut() {
            blue.set_taken(red);
        }
    }

    /// The deal of `side`, once made.
    pub fn deal(&self, side: Side) -> Option<&Deal> {
        self.deals[side.index()].as_ref()
    }

    pub fn draft(&self, side: Side) -> Option<&SetupDraft> {
        self.drafts[side.index()].as_ref()
    }

    pub fn draft_mut(&mut self, side: Side) -> Option<&mut SetupDraft> {
        self.revision += 1;
        self.drafts[side.index()].as_mut()
    }

    /// The setup under way (none outside the setups).
    pub fn setup_on_show(&self) -> Option<&SetupDraft> {
        let Phase::Setup(side) = self.phase else {
            return None;
        };
        self.draft(side)
    }

    pub fn setup_on_show_mut(&mut self) -> Option<&mut SetupDraft> {
        let Phase::Setup(side) = self.phase else {
            return None;
        };
        self.draft_mut(side)
    }

    /// Fills the holder's setup at random (the "fill for me" button).
    pub fn fill_for_me(&mut self) {
        self.revision += 1;
        let Phase::Setup(side) = self.phase else {
            return;
        };
        if let Some(draft) = self.drafts[side.index()].as_mut() {
            draft.fill_for_me(&mut self.rng);
        }
    }

    /// The holder's setup is done: on to Blue, or to the first move.
    pub fn setup_ready(&mut self) -> Result<(), GameError> {
        self.revision += 1;
        let Phase::Setup(side) = self.phase else {
            return Err(GameError::NoSetup);
        };
        let draft = self.drafts[side.index()]
            .as_ref()
            .ok_or(GameError::NoSetup)?;
        let problems = draft.problems(&self.options);
        if !problems.is_empty() {
            return Err(GameError::Setup(problems));
        }
        if side == Side::Red {
            self.begin_side(Side::Blue);
            return Ok(());
        }
        let starts = Side::BOTH.map(|s| {
            let draft = self.drafts[s.index()].as_ref().expect("both drafts");
            (draft.deal().clone(), draft.to_setup())
        });
        let [red, blue] = starts;
        let game = Game::new(Arc::clone(&self.variant), self.options, red, blue)?;
        self.phase = if game.position().outcome().is_some() {
            Phase::Over
        } else {
            Phase::Play
        };
        self.clock = self.options.time_control.map(|control| {
            let mut clock = GameClock::new(control);
            clock.begin_turn(game.position().to_move());
            clock
        });
        self.game = Some(game);
        self.handoff = None;
        if self.phase == Phase::Play {
            self.hand_to(Side::Red);
        }
        Ok(())
    }

    /// Both sides' clocks, in a timed game that has begun.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The time the app last told.
    pub fn now(&self) -> Duration {
        self.now
    }

    /// The side to move can act: its turn is on screen, with no hand-off,
    /// battle to look at or draw offer in the way.
    fn side_to_move_can_act(&self) -> bool {
        self.phase == Phase::Play
            && self.handoff.is_none()
            && !self.battle_on_show
            && self.draw_offer.is_none()
    }

    /// After a ply: when the turn passed, the mover's clock is charged and
    /// the other's turn begins (running once `set_time` finds it can act).
    fn pass_the_clock(&mut self) {
        let (Some(clock), Some(game)) = (self.clock.as_mut(), self.game.as_ref()) else {
            return;
        };
        let to_move = game.position().to_move();
        if game.position().outcome().is_some() {
            clock.pause(self.now);
            return;
        }
        if let Some(mover) = clock.to_move().filter(|&side| side != to_move) {
            clock.press(mover, self.now);
            clock.pause(self.now);
        }
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The game as `side` sees it (with what it saw in plies taken back).
    pub fn view(&self, side: Side) -> Option<PlayerView> {
        self.game.as_ref().map(|g| self.seen_view(g, side))
    }

    fn seen_view(&self, game: &Game, side: Side) -> PlayerView {
        let mut view = game.view(side);
        self.seen.show(game.position(), &mut view);
        view
    }

    /// The last ply as `side` saw it (for "what happened while you were away").
    pub fn last_ply_seen_by(&self, side: Side) -> Option<ViewPly> {
        let game = self.game.as_ref()?;
        self.last_ply
            .as_ref()
            .map(|r| r.seen_by(side, game.position()))
    }

    /// A battle the mover is being shown before passing the device on.
    pub fn battle_on_show(&self) -> bool {
        self.battle_on_show
    }

    /// Plays the holder's action. After a battle the mover sees it first;
    /// otherwise the device goes to the other player at once.
    pub fn play(&mut self, action: Action) -> Result<PlyReport, IllegalMove> {
        if self.handoff.is_some() || self.battle_on_show {
            return Err(IllegalMove::NotYourTurn(self.holder().opponent()));
        }
        // A move in the instant time ran out is too late.
        self.set_time(self.now, true);
        let game = self.game.as_mut().ok_or(IllegalMove::GameOver)?;
        let report = game.play(action)?;
        self.pass_the_clock();
        let game = self.game.as_mut().ok_or(IllegalMove::GameOver)?;
        self.revision += 1;
        self.draw_offer = None;
        self.last_ply = Some(report.clone());
        if game.position().outcome().is_some() {
            self.phase = Phase::Over;
        } else if report.battle.is_some()
            && !report.rescue_offered
            && self.computer.is_none_or(|c| c.side != report.side)
        {
            self.battle_on_show = true;
        } else if !report.rescue_offered {
            let next = game.position().to_move();
            self.hand_to(next);
        }
        Ok(report)
    }

    /// The mover has seen the battle; the device goes to the other player.
    pub fn battle_seen(&mut self) {
        self.revision += 1;
        if self.battle_on_show {
            self.battle_on_show = false;
            if let Some(next) = self.game.as_ref().map(|g| g.position().to_move()) {
                self.hand_to(next);
            }
        }
    }

    /// The holder resigns.
    pub fn resign(&mut self) -> Result<(), IllegalMove> {
        self.revision += 1;
        let side = self.holder();
        self.battle_on_show = false;
        self.play_unconditionally(Action::Resign(side))
    }

    fn play_unconditionally(&mut self, action: Action) -> Result<(), IllegalMove> {
        self.revision += 1;
        let game = self.game.as_mut().ok_or(IllegalMove::GameOver)?;
        let report = game.play(action)?;
        self.last_ply = Some(report);
        self.handoff = None;
        self.draw_offer = None;
        self.phase = Phase::Over;
        Ok(())
    }

    /// The holder offers a draw; the device goes to the other player, who accepts or declines.
    pub fn offer_draw(&mut self) {
        self.revision += 1;
        // The computer always plays on.
        if self.phase == Phase::Play
            && self.handoff.is_none()
            && !self.battle_on_show
            && self.computer.is_none()
        {
            let side = self.holder();
            self.draw_offer = Some(side);
            self.hand_to(side.opponent());
        }
    }

    /// The offer is answered; declining gives the device back to the offerer, whose turn it is.
    pub fn answer_draw(&mut self, accept: bool) -> Result<(), IllegalMove> {
        self.revision += 1;
        let Some(offerer) = self.draw_offer.take() else {
            return Ok(());
        };
        if accept {
            self.play_unconditionally(Action::AgreeDraw)
        } else {
            self.hand_to(offerer);
            Ok(())
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.as_ref().and_then(|g| g.position().outcome())
    }
}

impl PassAndPlay {
    /// Dates the game's beginning (the app does, as it starts the game).
    pub fn set_started(&mut self, unix_ms: u64) {
        self.started = Some(unix_ms);
        self.revision += 1;
    }

    /// The game as saved data.
    pub fn to_saved(&self) -> SavedPassAndPlay {
        use rand::Rng as _;
        let side_record = |side: Side| -> Option<SideRecord> {
            let deal = self.deals[side.index()].as_ref()?;
            let placements: Vec<Placement> = match (&self.game, &self.drafts[side.index()]) {
                (Some(game), _) => game.setup(side).placements().to_vec(),
                (None, Some(draft)) => draft.to_setup().placements,
                (None, None) => Vec::new(),
            };
            Some(SideRecord::new(&self.variant, deal, &placements))
        };
        let (stage, stage_side) = match self.phase {
            Phase::Deal(side) => (SavedStage::Deal, Some(side)),
            Phase::Setup(side) => (SavedStage::Setup, Some(side)),
            Phase::Play => (SavedStage::Play, None),
            Phase::Over => (SavedStage::Over, None),
        };
        let actions = match &self.game {
            Some(game) => {
                let start = game.position_after(0);
                game.actions()
                    .iter()
                    .map(|a| action_text(&start, *a))
                    .collect()
            }
            None => Vec::new(),
        };
        SavedPassAndPlay {
            format: SESSION_FORMAT,
            mode: if self.computer.is_some() {
                "solo"
            } else {
                "pass-and-play"
            }
            .into(),
            variant: self.variant.id.clone(),
            options: self.options,
            stage,
            stage_side,
            red: side_record(Side::Red),
            blue: side_record(Side::Blue),
            actions,
            handoff: self.handoff,
            battle_on_show: self.battle_on_show,
            draw_offer: self.draw_offer,
            seed: self.rng.clone().next_u64(),
            computer: self.computer.map(|c| SavedComputer {
                side: c.side,
                level: c.level.name().to_string(),
            }),
            clock: self.clock.as_ref().map(|c| c.paused_copy(self.now)),
            started: self.started,
            seen: self.seen.clone(),
            players: self.players.clone(),
            handed: self.handed,
        }
    }

    /// Rebuilds a game from saved data, checking everything against the
    /// rules: deals, setups, and every action replayed.
    pub fn from_saved(saved: &SavedPassAndPlay) -> Result<PassAndPlay, LoadError> {
        let variant = saved_variant(saved.format, SESSION_FORMAT, &saved.variant, &saved.options)?;
        let computer = match (saved.mode.as_str(), &saved.computer) {
            ("pass-and-play", None) => None,
            ("solo", Some(c)) => {
                let level = Level::from_name(&c.level)
                    .ok_or_else(|| LoadError::UnknownLevel(c.level.clone()))?;
                Some(Computer {
                    side: c.side,
                    level,
                })
            }
            _ => return Err(LoadError::Mode(saved.mode.clone())),
        };
        let mut session =
            PassAndPlay::empty(Arc::clone(&variant), saved.options, saved.seed, computer);
        session.handoff = saved.handoff;
        session.started = saved.started;
        let [red, blue] = &saved.players;
        session.players = player_names(
            red.as_deref().unwrap_or_default(),
            blue.as_deref().unwrap_or_default(),
        )
        .map_err(LoadError::Players)?;
        session.handed = saved.handed;
        let stage_side = || saved.stage_side.ok_or(LoadError::NoStageSide);
        for (side, record) in [(Side::Red, &saved.red), (Side::Blue, &saved.blue)] {
            let Some(record) = record else { continue };
            let draft = restore_draft(&variant, side, record)?;
            session.deals[side.index()] = Some(draft.deal().clone());
            session.drafts[side.index()] = Some(draft);
        }
        session.share_board();
        match saved.stage {
            SavedStage::Deal => {
                let side = stage_side()?;
                session.phase = Phase::Deal(side);
                session.drafts[side.index()] = None;
                if !matches!(variant.army, ArmyRule::Suited { .. })
                    && session.deals[side.index()].is_none()
                {
                    return Err(LoadError::NoDeal(side));
                }
            }
            SavedStage::Setup => {
                let side = stage_side()?;
                if session.drafts[side.index()].is_none() {
                    return Err(LoadError::NoSetup(side));
                }
                session.phase = Phase::Setup(side);
            }
            SavedStage::Play | SavedStage::Over => {
                let starts = Side::BOTH.map(|side| {
                    let draft = session.drafts[side.index()].as_ref();
                    draft.map(|d| (d.deal().clone(), d.to_setup()))
                });
                let [Some(red), Some(blue)] = starts else {
                    return Err(LoadError::SetupMissing);
                };
                let mut game = Game::new(Arc::clone(&variant), saved.options, red, blue)
                    .map_err(LoadError::Start)?;
                let start = game.position_after(0);
                for (i, text) in saved.actions.iter().enumerate() {
                    let action =
                        parse_action(&start, text).map_err(|problem| LoadError::BadMove {
                            number: i + 1,
                            text: text.clone(),
                            problem,
                        })?;
                    let report = game
                        .play(action)
                        .map_err(|problem| LoadError::IllegalMove {
                            number: i + 1,
                            text: text.clone(),
                            problem,
                        })?;
                    session.last_ply = Some(report);
                }
                let over = game.position().outcome().is_some();
                if over != (saved.stage == SavedStage::Over) {
                    return Err(LoadError::StageMismatch);
                }
                session.phase = if over { Phase::Over } else { Phase::Play };
                session.battle_on_show = saved.battle_on_show
                    && !over
                    && session
                        .last_ply
                        .as_ref()
                        .is_some_and(|r| r.battle.is_some());
                session.draw_offer = saved.draw_offer.filter(|_| !over);
                session.clock = restore_clock(saved, game.position().to_move(), over)?;
                if !saved.seen.fits(game.position()) {
                    return Err(LoadError::Seen);
                }
                session.seen = saved.seen.clone();
                session.game = Some(game);
            }
        }
        if session.phase == Phase::Over {
            session.handoff = None;
        }
        Ok(session)
    }
}

/// A saved game's clocks, checked against its time control and turn.
fn restore_clock(
    saved: &SavedPassAndPlay,
    to_move: Side,
    over: bool,
) -> Result<Option<GameClock>, LoadError> {
    match (saved.options.time_control, &saved.clock) {
        (None, None) => Ok(None),
        (Some(control), Some(clock))
            if clock.control() == control
                && clock.plausible()
                && (over || clock.to_move() == Some(to_move)) =>
        {
            Ok(Some(clock.clone()))
        }
        _ => Err(LoadError::Clock),
    }
}
