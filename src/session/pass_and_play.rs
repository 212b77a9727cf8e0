//! One device, two players: deals, setups and turns, with a hand-off
//! screen whenever the device changes hands so neither army is shown to
//! the wrong player.

use super::saved::{SESSION_FORMAT, SavedSession, SavedStage};
use super::setup_draft::SetupDraft;
use crate::core::deal::{Deal, deal_dominoes};
use crate::core::game::Game;
use crate::core::moves::{Action, IllegalMove, Outcome};
use crate::core::options::GameOptions;
use crate::core::position::PlyReport;
use crate::core::record::{SideRecord, action_text, parse_action, side_start};
use crate::core::setup::{Placement, Setup};
use crate::core::side::Side;
use crate::core::variant::builtin_variant;
use crate::core::variant::{ArmyRule, SuitId, Variant};
use crate::core::view::{PlayerView, ViewPly};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
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
    stage: Stage,
    handoff: Option<Side>,
    deals: [Option<Deal>; 2],
    drafts: [Option<SetupDraft>; 2],
    game: Option<Game>,
    last_ply: Option<PlyReport>,
    battle_on_show: bool,
    draw_offer: Option<Side>,
    /// Counts changes, so the app saves only when something changed.
    revision: u64,
}

impl PassAndPlay {
    /// A new game; the device goes to Red first.
    pub fn new(variant: Arc<Variant>, options: GameOptions, seed: u64) -> PassAndPlay {
        let mut session = PassAndPlay {
            variant,
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            stage: Stage::Setup(Side::Red),
            handoff: Some(Side::Red),
            deals: [None, None],
            drafts: [None, None],
            game: None,
            last_ply: None,
            battle_on_show: false,
            draw_offer: None,
            revision: 0,
        };
        session.begin_side(Side::Red);
        session
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// While `Some`, only the hand-off screen may be shown.
    pub fn handoff(&self) -> Option<Side> {
        self.handoff
    }

    /// The player who holds the device now (after the hand-off).
    pub fn holder(&self) -> Side {
        match self.stage {
            Stage::Deal(side) | Stage::Setup(side) => side,
            Stage::Play | Stage::Over => {
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
        if self.stage != Stage::Over {
            self.handoff = Some(self.holder());
        }
    }

    /// The holder taps the hand-off screen away.
    pub fn reveal(&mut self) {
        self.revision += 1;
        self.handoff = None;
    }

    fn begin_side(&mut self, side: Side) {
        self.handoff = Some(side);
        self.stage = match self.variant.army {
            ArmyRule::Fixed => {
                self.deals[side.index()] = Some(Deal::Fixed);
                self.drafts[side.index()] = Some(SetupDraft::new(
                    Arc::clone(&self.variant),
                    side,
                    Deal::Fixed,
                ));
                Stage::Setup(side)
            }
            ArmyRule::Domino { .. } => {
                self.deals[side.index()] = deal_dominoes(&self.variant, &mut self.rng);
                Stage::Deal(side)
            }
            ArmyRule::Suited { .. } => Stage::Deal(side),
        };
    }

    /// The deal of `side`, once made.
    pub fn deal(&self, side: Side) -> Option<&Deal> {
        self.deals[side.index()].as_ref()
    }

    /// Piecepack: the holder chooses which of their suits gives up its flag (null).
    pub fn choose_discards(&mut self, first_loss_suit: SuitId) -> Result<(), String> {
        self.revision += 1;
        let Stage::Deal(side) = self.stage else {
            return Err("no deal is under way".into());
        };
        let deal = Deal::Discard { first_loss_suit };
        deal.army(&self.variant, side).map_err(|e| e.to_string())?;
        self.deals[side.index()] = Some(deal);
        Ok(())
    }

    /// The holder has seen their deal and goes on to set up.
    pub fn accept_deal(&mut self) -> Result<(), String> {
        self.revision += 1;
        let Stage::Deal(side) = self.stage else {
            return Err("no deal is under way".into());
        };
        let deal = self.deals[side.index()]
            .clone()
            .ok_or("choose your discards first")?;
        self.drafts[side.index()] = Some(SetupDraft::new(Arc::clone(&self.variant), side, deal));
        self.stage = Stage::Setup(side);
        Ok(())
    }

    pub fn draft(&self, side: Side) -> Option<&SetupDraft> {
        self.drafts[side.index()].as_ref()
    }

    pub fn draft_mut(&mut self, side: Side) -> Option<&mut SetupDraft> {
        self.revision += 1;
        self.drafts[side.index()].as_mut()
    }

    /// Fills the holder's setup at random (the "fill for me" button).
    pub fn fill_random(&mut self) {
        self.revision += 1;
        let Stage::Setup(side) = self.stage else {
            return;
        };
        if let Some(draft) = self.drafts[side.index()].as_mut() {
            draft.fill_random(&mut self.rng);
        }
    }

    /// The holder's setup is done: on to Blue, or to the first move.
    pub fn setup_ready(&mut self) -> Result<(), Vec<String>> {
        self.revision += 1;
        let Stage::Setup(side) = self.stage else {
            return Err(vec!["no setup is under way".into()]);
        };
        let draft = self.drafts[side.index()]
            .as_ref()
            .ok_or_else(|| vec!["no setup".to_string()])?;
        let problems = draft.problems(&self.options);
        if !problems.is_empty() {
            return Err(problems);
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
        let game = Game::new(Arc::clone(&self.variant), self.options, red, blue).map_err(|e| {
            e.to_string()
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })?;
        self.stage = if game.position().outcome().is_some() {
            Stage::Over
        } else {
            Stage::Play
        };
        self.game = Some(game);
        self.handoff = (self.stage == Stage::Play).then_some(Side::Red);
        Ok(())
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The game as `side` sees it.
    pub fn view(&self, side: Side) -> Option<PlayerView> {
        self.game.as_ref().map(|g| g.view(side))
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
        let game = self.game.as_mut().ok_or(IllegalMove::GameOver)?;
        let report = game.play(action)?;
        self.revision += 1;
        self.draw_offer = None;
        self.last_ply = Some(report.clone());
        if game.position().outcome().is_some() {
            self.stage = Stage::Over;
        } else if report.battle.is_some() && !report.rescue_offered {
            self.battle_on_show = true;
        } else if !report.rescue_offered {
            self.handoff = Some(game.position().to_move());
        }
        Ok(report)
    }

    /// The mover has seen the battle; the device goes to the other player.
    pub fn battle_seen(&mut self) {
        self.revision += 1;
        if self.battle_on_show {
            self.battle_on_show = false;
            self.handoff = self.game.as_ref().map(|g| g.position().to_move());
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
        self.stage = Stage::Over;
        Ok(())
    }

    /// The holder offers a draw; the device goes to the other player, who accepts or declines.
    pub fn offer_draw(&mut self) {
        self.revision += 1;
        if self.stage == Stage::Play && self.handoff.is_none() && !self.battle_on_show {
            let side = self.holder();
            self.draw_offer = Some(side);
            self.handoff = Some(side.opponent());
        }
    }

    /// The side whose draw offer awaits an answer from the other.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
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
            self.handoff = Some(offerer);
            Ok(())
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.as_ref().and_then(|g| g.position().outcome())
    }
}

impl PassAndPlay {
    /// Bumped by the app (and by every call here that changes the session).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Marks a change made through `draft_mut` or `reveal`.
    pub fn touch(&mut self) {
        self.revision += 1;
    }

    /// The session as saved data.
    pub fn to_saved(&self) -> SavedSession {
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
        let (stage, stage_side) = match self.stage {
            Stage::Deal(side) => (SavedStage::Deal, Some(side)),
            Stage::Setup(side) => (SavedStage::Setup, Some(side)),
            Stage::Play => (SavedStage::Play, None),
            Stage::Over => (SavedStage::Over, None),
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
        SavedSession {
            format: SESSION_FORMAT,
            mode: "pass-and-play".into(),
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
        }
    }

    /// Rebuilds a session from saved data, checking everything against the
    /// rules: deals, setups, and every action replayed.
    pub fn from_saved(saved: &SavedSession) -> Result<PassAndPlay, String> {
        if saved.format != SESSION_FORMAT {
            return Err(format!(
                "it has format {}, and this app reads format {SESSION_FORMAT}",
                saved.format
            ));
        }
        if saved.mode != "pass-and-play" {
            return Err(format!(
                "it is a \"{}\" game, which this app cannot continue",
                saved.mode
            ));
        }
        let variant = builtin_variant(&saved.variant)
            .ok_or_else(|| format!("it is for an unknown variant \"{}\"", saved.variant))?;
        let problems = saved.options.problems(&variant);
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        let mut session = PassAndPlay {
            variant: Arc::clone(&variant),
            options: saved.options,
            rng: ChaCha8Rng::seed_from_u64(saved.seed),
            stage: Stage::Play,
            handoff: saved.handoff,
            deals: [None, None],
            drafts: [None, None],
            game: None,
            last_ply: None,
            battle_on_show: false,
            draw_offer: None,
            revision: 0,
        };
        let stage_side = || saved.stage_side.ok_or("its stage names no side");
        let mut setups: Vec<Setup> = Vec::new();
        for (side, record) in [(Side::Red, &saved.red), (Side::Blue, &saved.blue)] {
            let Some(record) = record else { continue };
            let (deal, setup) = side_start(&variant, side, record).map_err(|e| e.to_string())?;
            deal.army(&variant, side)
                .map_err(|e| format!("{side}'s deal: {e}"))?;
            session.deals[side.index()] = Some(deal.clone());
            let mut draft = SetupDraft::new(Arc::clone(&variant), side, deal);
            draft.load(&setup);
            if draft.placed().count() != setup.placements.len() {
                return Err(format!(
                    "{side}'s setup does not fit the variant or the deal"
                ));
            }
            session.drafts[side.index()] = Some(draft);
            setups.push(setup);
        }
        match saved.stage {
            SavedStage::Deal => {
                let side = stage_side()?;
                session.stage = Stage::Deal(side);
                session.drafts[side.index()] = None;
                if !matches!(variant.army, ArmyRule::Suited { .. })
                    && session.deals[side.index()].is_none()
                {
                    return Err(format!("{side}'s deal is missing"));
                }
            }
            SavedStage::Setup => {
                let side = stage_side()?;
                if session.drafts[side.index()].is_none() {
                    return Err(format!("{side}'s setup is missing"));
                }
                session.stage = Stage::Setup(side);
            }
            SavedStage::Play | SavedStage::Over => {
                let starts = Side::BOTH.map(|side| {
                    let draft = session.drafts[side.index()].as_ref();
                    draft.map(|d| (d.deal().clone(), d.to_setup()))
                });
                let [Some(red), Some(blue)] = starts else {
                    return Err("a setup is missing".into());
                };
                let mut game = Game::new(Arc::clone(&variant), saved.options, red, blue)
                    .map_err(|e| e.to_string().replace('\n', " "))?;
                let start = game.position_after(0);
                for (i, text) in saved.actions.iter().enumerate() {
                    let action = parse_action(&start, text)
                        .map_err(|e| format!("move {} \"{text}\": {e}", i + 1))?;
                    let report = game
                        .play(action)
                        .map_err(|e| format!("move {} ({text}) is illegal: {e}", i + 1))?;
                    session.last_ply = Some(report);
                }
                let over = game.position().outcome().is_some();
                if over != (saved.stage == SavedStage::Over) {
                    return Err("its stage does not match the game's moves".into());
                }
                session.stage = if over { Stage::Over } else { Stage::Play };
                session.battle_on_show = saved.battle_on_show
                    && !over
                    && session
                        .last_ply
                        .as_ref()
                        .is_some_and(|r| r.battle.is_some());
                session.draw_offer = saved.draw_offer.filter(|_| !over);
                session.game = Some(game);
            }
        }
        if session.stage == Stage::Over {
            session.handoff = None;
        }
        Ok(session)
    }
}
