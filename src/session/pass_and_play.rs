//! One device, two players: deals, setups and turns, with a hand-off
//! screen whenever the device changes hands so neither army is shown to
//! the wrong player.

use super::setup_draft::SetupDraft;
use crate::core::deal::{Deal, deal_dominoes};
use crate::core::game::Game;
use crate::core::moves::{Action, IllegalMove, Outcome};
use crate::core::options::GameOptions;
use crate::core::position::PlyReport;
use crate::core::side::Side;
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
        if self.stage != Stage::Over {
            self.handoff = Some(self.holder());
        }
    }

    /// The holder taps the hand-off screen away.
    pub fn reveal(&mut self) {
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
        self.drafts[side.index()].as_mut()
    }

    /// Fills the holder's setup at random (the "fill for me" button).
    pub fn fill_random(&mut self) {
        let Stage::Setup(side) = self.stage else {
            return;
        };
        if let Some(draft) = self.drafts[side.index()].as_mut() {
            draft.fill_random(&mut self.rng);
        }
    }

    /// The holder's setup is done: on to Blue, or to the first move.
    pub fn setup_ready(&mut self) -> Result<(), Vec<String>> {
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
        if self.battle_on_show {
            self.battle_on_show = false;
            self.handoff = self.game.as_ref().map(|g| g.position().to_move());
        }
    }

    /// The holder resigns.
    pub fn resign(&mut self) -> Result<(), IllegalMove> {
        let side = self.holder();
        self.battle_on_show = false;
        self.play_unconditionally(Action::Resign(side))
    }

    fn play_unconditionally(&mut self, action: Action) -> Result<(), IllegalMove> {
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
