//! The bot's own record of a UCC game. The manager shows every enemy piece
//! as `#`, so the bot keeps the game itself: its own army, the enemy's
//! moves, and what battles and long moves revealed of enemy pieces.
//!
//! The rules engine needs a whole enemy army, so the record holds a
//! stand-in one that fits everything seen so far (revealed ranks where
//! they were revealed, movable pieces where pieces moved). When a new fact
//! contradicts the stand-in, the army is drawn again and the game replayed.
//! The computer player sees only `PlayerView`, which shows none of the
//! stand-in's guesses, so they cannot change a move.

use super::game_error::UccGameError;
use super::protocol::{Outcome, Rank, Shown, UccMove};
use crate::core::battle::BattleResult;
use crate::core::deal::Deal;
use crate::core::game::Game;
use crate::core::moves::{Action, Move};
use crate::core::options::{GameOptions, QuietPlies, TwoSquares};
use crate::core::piece::{Piece, PieceId};
use crate::core::setup::{Placement, Setup};
use crate::core::side::Side;
use crate::core::square::Square;
use crate::core::variant::{KindId, Mobility, Variant, builtin_variant};
use crate::core::view::PlayerView;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The classic game as the manager plays it: no two-squares or
/// more-squares rule and no quiet-ply draw (only its turn limit ends a chase).
pub fn ucc_rules() -> (Arc<Variant>, GameOptions) {
    let variant = builtin_variant("classic").expect("classic is built in");
    let options = GameOptions {
        two_squares: TwoSquares::Off,
        more_squares: false,
        quiet_plies: QuietPlies::Off,
        ..GameOptions::defaults(&variant)
    };
    (variant, options)
}

/// The piece character of `kind` (the classic numbering; the spy is `s`).
pub fn rank_of(variant: &Variant, kind: KindId) -> Rank {
    let label = &variant.kind(kind).labels.classic;
    match label.as_str() {
        "S" => 's',
        other => other.chars().next().unwrap_or('?'),
    }
}

/// The kind a piece character stands for.
pub fn kind_of(variant: &Variant, rank: Rank) -> Option<KindId> {
    variant.kind_ids().find(|k| rank_of(variant, *k) == rank)
}

/// A game as one UCC bot knows it.
pub struct UccGame {
    pub side: Side,
    variant: Arc<Variant>,
    options: GameOptions,
    own: Setup,
    /// The enemy's starting squares.
    enemy_squares: Vec<Square>,
    /// Enemy pieces whose kind the bot has learned, by starting square.
    known: BTreeMap<Square, KindId>,
    game: Game,
}

impl UccGame {
    /// A record from the bot's setup; the enemy fills its four rows.
    pub fn new(side: Side, own: Setup) -> Result<UccGame, UccGameError> {
        let (variant, options) = ucc_rules();
        let enemy = side.opponent();
        let enemy_squares: Vec<Square> = variant
            .board
            .squares()
            .filter(|sq| variant.in_setup_zone(enemy, *sq) && !variant.board.is_blocked(*sq))
            .collect();
        let mut record = UccGame {
            side,
            game: placeholder_game(&variant, options, &own)?,
            variant,
            options,
            own,
            enemy_squares,
            known: BTreeMap::new(),
        };
        record.redraw(&[])?;
        Ok(record)
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The game as the bot's side sees it: nothing of the stand-in army.
    pub fn view(&self) -> PlayerView {
        self.game.view(self.side)
    }

    /// Each enemy piece whose kind the game showed, by its starting square.
    pub fn known_starts(&self) -> impl Iterator<Item = (Square, KindId)> + '_ {
        self.known.iter().map(|(square, kind)| (*square, *kind))
    }

    /// Plays a move the manager reports, learning what it showed of enemy
    /// pieces, and checks that the rules give the manager's outcome.
    pub fn apply(&mut self, m: UccMove, outcome: Outcome) -> Result<(), UccGameError> {
        let to = m.to().ok_or(UccGameError::LeavesBoard(m))?;
        let position = self.game.position();
        let mover = position.to_move();
        let Some(piece) = position.piece_at(m.from).filter(|id| id.side == mover) else {
            return Err(UccGameError::NoPieceToMove { m, mover });
        };
        let mut facts: Vec<(PieceId, Fact)> = Vec::new();
        if mover != self.side {
            facts.push((piece, Fact::Moves));
            if m.distance > 1 {
                // Only a scout moves more than one square.
                let scout = self
                    .variant
                    .kind_ids()
                    .find(|k| self.variant.kind(*k).mobility == Mobility::Line)
                    .ok_or(UccGameError::NoScouts)?;
                facts.push((piece, Fact::Is(scout)));
            }
        }
        if let Some((attacker, defender)) = outcome.ranks() {
            let target = position
                .piece_at(to)
                .filter(|id| id.side != mover)
                .ok_or(UccGameError::NoEnemyThere(m))?;
            for (id, rank) in [(piece, attacker), (target, defender)] {
                let kind = kind_of(&self.variant, rank).ok_or(UccGameError::NotAPiece(rank))?;
                if id.side == self.side {
                    let ours = position.piece(id).piece.kind;
                    if ours != kind {
                        return Err(UccGameError::NotOurRank {
                            square: position.square_of(id).unwrap_or(to),
                            said: rank,
                            is: rank_of(&self.variant, ours),
                        });
                    }
                } else {
                    facts.push((id, Fact::Is(kind)));
                }
            }
        }
        self.learn(&facts)?;
        let report = self
            .game
            .play(Action::Move(Move::new(m.from, to)))
            .map_err(|reason| UccGameError::Illegal { m, reason })?;
        let result = report.battle.map(|b| b.result);
        let expected = match outcome {
            Outcome::Ok => None,
            Outcome::Kills(..) => Some(BattleResult::AttackerWins),
            Outcome::Dies(..) => Some(BattleResult::DefenderWins),
            Outcome::BothDie(..) => Some(BattleResult::BothRemoved),
        };
        if result != expected {
            return Err(UccGameError::OutcomeNotGiven { m, outcome });
        }
        Ok(())
    }

    /// Checks row `y` of the manager's board against the record.
    pub fn check_row(&self, y: u8, row: &[Shown]) -> Result<(), UccGameError> {
        let position = self.game.position();
        for (x, shown) in row.iter().enumerate() {
            let square = Square::new(x as u8, y);
            let expected = match position.piece_at(square) {
                _ if self.variant.board.is_blocked(square) => Shown::Lake,
                None => Shown::Empty,
                Some(id) if id.side == self.side => {
                    Shown::Own(rank_of(&self.variant, position.piece(id).piece.kind))
                }
                Some(_) => Shown::Enemy,
            };
            if *shown != expected {
                return Err(UccGameError::BoardDiffers {
                    x,
                    y,
                    shown: *shown,
                    expected,
                });
            }
        }
        Ok(())
    }

    /// Adds facts about enemy pieces; draws the stand-in army again when
    /// it no longer fits them.
    fn learn(&mut self, facts: &[(PieceId, Fact)]) -> Result<(), UccGameError> {
        let position = self.game.position();
        let mut fits = true;
        let mut moving = Vec::new();
        for (id, fact) in facts {
            let start = position.piece(*id).start();
            let kind = self.variant.kind(position.piece(*id).piece.kind);
            match fact {
                Fact::Is(k) => {
                    if let Some(old) = self.known.insert(start, *k)
                        && old != *k
                    {
                        return Err(UccGameError::ShownAsTwoRanks {
                            start,
                            before: rank_of(&self.variant, old),
                            now: rank_of(&self.variant, *k),
                        });
                    }
                    fits &= position.piece(*id).piece.kind == *k;
                }
                Fact::Moves => {
                    moving.push(start);
                    fits &= kind.mobility != Mobility::Immobile;
                }
            }
        }
        if fits { Ok(()) } else { self.redraw(&moving) }
    }

    /// A new stand-in army that fits every fact, and the game replayed
    /// with it. `moving` are starting squares of pieces about to move.
    fn redraw(&mut self, moving: &[Square]) -> Result<(), UccGameError> {
        let variant = &self.variant;
        let enemy = self.side.opponent();
        let mut pool: BTreeMap<KindId, i64> = variant
            .kind_ids()
            .map(|k| (k, i64::from(variant.kind(k).count)))
            .collect();
        for kind in self.known.values() {
            let left = pool.entry(*kind).or_default();
            *left -= 1;
            if *left < 0 {
                return Err(UccGameError::MoreThanAnArmy(rank_of(variant, *kind)));
            }
        }
        let moved = |start: Square| {
            moving.contains(&start)
                || self
                    .game
                    .position()
                    .pieces(enemy)
                    .any(|(_, p)| p.start() == start && p.moved)
        };
        let mut unknown: Vec<Square> = self
            .enemy_squares
            .iter()
            .copied()
            .filter(|sq| !self.known.contains_key(sq))
            .collect();
        // Moved pieces first, so the movable kinds go to them.
        unknown.sort_by_key(|sq| !moved(*sq));
        let mut placements: Vec<Placement> = self
            .known
            .iter()
            .map(|(square, kind)| Placement {
                square: *square,
                piece: Piece::new(*kind),
            })
            .collect();
        for square in unknown {
            let must_move = moved(square);
            let kind = pool
                .iter()
                .find(|(k, left)| {
                    **left > 0 && (!must_move || variant.kind(**k).mobility != Mobility::Immobile)
                })
                .map(|(k, _)| *k)
                .ok_or(UccGameError::NoArmyFits)?;
            *pool.get_mut(&kind).expect("a kind of the pool") -= 1;
            placements.push(Placement {
                square,
                piece: Piece::new(kind),
            });
        }
        let enemy_setup = Setup {
            side: enemy,
            placements,
        };
        let mut game = start(variant, self.options, &self.own, enemy_setup)?;
        for action in self.game.actions() {
            game.play(*action).map_err(UccGameError::NoReplay)?;
        }
        self.game = game;
        Ok(())
    }
}

/// What a move or battle showed of an enemy piece.
#[derive(Debug, Clone, Copy)]
enum Fact {
    Is(KindId),
    /// It moves, so it is no bomb or flag.
    Moves,
}

/// A game of our setup against `enemy`.
fn start(
    variant: &Arc<Variant>,
    options: GameOptions,
    own: &Setup,
    enemy: Setup,
) -> Result<Game, UccGameError> {
    let (red, blue) = match own.side {
        Side::Red => (own.clone(), enemy),
        Side::Blue => (enemy, own.clone()),
    };
    Game::new(
        Arc::clone(variant),
        options,
        (Deal::Fixed, red),
        (Deal::Fixed, blue),
    )
    .map_err(UccGameError::NoGame)
}

/// Any valid enemy army, until `redraw` draws the stand-in.
fn placeholder_game(
    variant: &Arc<Variant>,
    options: GameOptions,
    own: &Setup,
) -> Result<Game, UccGameError> {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let enemy = Setup::random(variant, own.side.opponent(), &Deal::Fixed, &mut rng)?;
    start(variant, options, own, enemy)
}
