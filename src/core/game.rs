//! A game from its start: both setups, the position now, and every action,
//! so it can be replayed, reviewed, undone and saved.

use super::deal::{Deal, random_deal};
use super::moves::{Action, IllegalMove};
use super::options::GameOptions;
use super::position::{PlyReport, Position};
use super::setup::{CheckedSetup, Setup, SetupError};
use super::side::Side;
use super::square::Square;
use super::variant::Variant;
use super::view::{PlayerView, ViewPly};
use rand::Rng;
use std::fmt;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Game {
    setups: [CheckedSetup; 2],
    start: Position,
    position: Position,
    actions: Vec<Action>,
}

/// Why a game could not start, with every problem of both sides.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct StartError {
    pub options: Vec<String>,
    pub setups: Vec<SetupError>,
    /// Squares both armies chose, where setups share the board.
    pub clashes: Vec<Square>,
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines: Vec<String> = self.options.clone();
        lines.extend(self.setups.iter().map(|e| e.to_string()));
        lines.extend(
            self.clashes
                .iter()
                .map(|sq| crate::tr!("{} was chosen by both armies", sq)),
        );
        f.write_str(&lines.join("\n"))
    }
}

impl Game {
    /// Checks both setups against their deals and the options, reporting
    /// every problem at once.
    pub fn new(
        variant: Arc<Variant>,
        options: GameOptions,
        red: (Deal, Setup),
        blue: (Deal, Setup),
    ) -> Result<Game, StartError> {
        let options_problems = options.problems(&variant);
        let mut setup_errors = Vec::new();
        let mut checked = Vec::new();
        let clashes: Vec<Square> = red
            .1
            .placements
            .iter()
            .map(|p| p.square)
            .filter(|sq| blue.1.placements.iter().any(|p| p.square == *sq))
            .collect();
        for (side, (deal, mut setup)) in Side::BOTH.into_iter().zip([red, blue]) {
            setup.side = side;
            match setup.check(&variant, &deal, &options) {
                Ok(c) => checked.push(c),
                Err(e) => setup_errors.push(e),
            }
        }
        if !options_problems.is_empty() || !setup_errors.is_empty() || !clashes.is_empty() {
            return Err(StartError {
                options: options_problems,
                setups: setup_errors,
                clashes,
            });
        }
        let blue = checked.pop().expect("two setups");
        let red = checked.pop().expect("two setups");
        Ok(Game::from_checked(variant, options, red, blue))
    }

    pub fn from_checked(
        variant: Arc<Variant>,
        options: GameOptions,
        red: CheckedSetup,
        blue: CheckedSetup,
    ) -> Game {
        let start = Position::new(variant, options, &red, &blue);
        Game {
            setups: [red, blue],
            position: start.clone(),
            start,
            actions: Vec::new(),
        }
    }

    /// Random deals and random setups for both sides.
    pub fn random(variant: Arc<Variant>, options: GameOptions, rng: &mut impl Rng) -> Game {
        let mut taken = Vec::new();
        let [red, blue] = Side::BOTH.map(|side| {
            let deal = random_deal(&variant, side, rng);
            let setup = Setup::random_avoiding(&variant, side, &deal, &taken, rng)
                .expect("a random deal fits its variant");
            taken.extend(setup.placements.iter().map(|p| p.square));
            (deal, setup)
        });
        Game::new(variant, options, red, blue).expect("random setups are valid")
    }

    pub fn variant(&self) -> &Arc<Variant> {
        self.position.variant()
    }

    pub fn options(&self) -> &GameOptions {
        self.position.options()
    }

    pub fn setup(&self, side: Side) -> &CheckedSetup {
        &self.setups[side.index()]
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    pub fn view(&self, side: Side) -> PlayerView {
        PlayerView::new(&self.position, side)
    }

    /// Plays an action; on error the game is unchanged.
    pub fn play(&mut self, action: Action) -> Result<PlyReport, IllegalMove> {
        let report = self.position.play(action)?;
        self.actions.push(action);
        Ok(report)
    }

    /// The position after the first `count` actions (for review).
    pub fn position_after(&self, count: usize) -> Position {
        let mut position = self.start.clone();
        for action in &self.actions[..count.min(self.actions.len())] {
            position.play(*action).expect("recorded actions were legal");
        }
        position
    }

    /// Every ply as `viewer` saw it (a battle's pieces as far as the rules
    /// showed them to `viewer`, or all of them once the game is over).
    pub fn plies_seen_by(&self, viewer: Side) -> Vec<ViewPly> {
        let mut position = self.start.clone();
        let mut reports = Vec::with_capacity(self.actions.len());
        for action in &self.actions {
            match position.play(*action) {
                Ok(report) => reports.push(report),
                Err(_) => break,
            }
        }
        reports
            .iter()
            .map(|report| report.seen_by(viewer, &self.position))
            .collect()
    }

    /// Takes back the last `count` actions.
    pub fn undo(&mut self, count: usize) {
        let keep = self.actions.len().saturating_sub(count);
        self.position = self.position_after(keep);
        self.actions.truncate(keep);
    }
}
