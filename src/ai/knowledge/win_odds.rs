//! The expert's judgement of a classic position as a chance of winning, in
//! material's units. Material alone counts a Marshal 17.8 and a flag 1000,
//! so any attack with a sampled flag one square behind it looked worth
//! the Marshal's life (issue 48: the Marshal and General died on back-row
//! bombs in most losses to the 2012 winner). Here a position counts
//! `WIN * tanh((m + x) / WIN)`, and a won game `WIN + FINISH`: `m` is
//! the material lead and `x` what a Marshal the enemy has seen costs
//! while the enemy's spy stands (`exposure`). The worth grows like
//! material while the lead is small and tends to `WIN` as it grows, so a
//! won game stays worth `FINISH` more than any lead; as the quiet-ply
//! limit nears, a lead is drawn toward a draw's worth (`press`). `WIN` and
//! the exposed Marshal's cost come from one logistic curve fitted to
//! people's classic games (`flagfall win-odds`, `win_odds_table.rs`).

use crate::ai::knowledge::eval::{FLAG, large_army};
use crate::ai::levels::best::DRAW;
use crate::core::position::Position;
use crate::core::side::Side;
use crate::core::variant::{Combat, Special, Variant};

/// A won game's worth in material's units: `tanh(m / WIN)` is
/// `2 P(win) - 1` on the curve fitted to people's games
/// (`win_odds_table.rs`), about 34.
const WIN: f32 = 2.0 / crate::ai::knowledge::win_odds_table::SLOPE;

/// How the expert weighs a position's judgement in `variant`: as a chance
/// of winning where the 40-piece armies start apart (classic, whose
/// records the curve is fitted to), as it is elsewhere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinOdds {
    win: Option<f32>,
}

/// What an exposed Marshal costs in material's units, by the same curve.
const EXPOSED_WORTH: f32 =
    crate::ai::knowledge::win_odds_table::EXPOSED / crate::ai::knowledge::win_odds_table::SLOPE;

/// How much more a won game is worth than the largest lead. On the curve
/// alone a lead of 60 was worth 32 and the won game 34, so the expert far
/// ahead had little reason to finish: 5 of 7 draws against `best` ended
/// by the quiet-ply limit with it four times the enemy's movable pieces
/// or more (BENCHMARKS.md, issue 48). People finish the games they lead;
/// the expert has to be told to.
const FINISH: f32 = WIN / 4.0;

impl WinOdds {
    pub fn new(variant: &Variant) -> WinOdds {
        WinOdds {
            win: (large_army(variant) && !variant.setup.anywhere).then_some(WIN),
        }
    }

    /// `position` for `side`, whose material the search judged
    /// `evaluation` (`±FLAG` for a game that ended), as a chance of
    /// winning: with what its Marshal's exposure costs (`exposure`).
    pub fn judge(&self, position: &Position, side: Side, evaluation: f32) -> f32 {
        if self.win.is_none() || position.outcome().is_some() {
            return self.scale(evaluation);
        }
        self.scale(evaluation + EXPOSED_WORTH * exposure(position, side))
    }

    /// A flag's worth: a won game.
    pub fn flag(&self) -> f32 {
        self.win.map_or(FLAG, |win| win + FINISH)
    }

    /// `evaluation` (material, or `±FLAG` for a game that ended) as a
    /// chance of winning; a game that ended counts `±flag()`.
    pub fn scale(&self, evaluation: f32) -> f32 {
        match self.win {
            None => evaluation,
            Some(_) if evaluation.abs() >= FLAG / 2.0 => self.flag() * evaluation.signum(),
            Some(win) => win * (evaluation / win).tanh(),
        }
    }

    /// `judged` (by `judge`) with the quiet-ply limit's pull toward a
    /// draw, `share` from 0 to 1 (`search::quiet_share`). As material,
    /// the draw's price is added as it is. As a chance of winning, a lead
    /// is drawn `share` of the way to the draw's worth: a lead the limit
    /// will end in a draw is worth a draw, however large, so a large lead
    /// presses for battles more, not less, than a small one.
    pub fn press(&self, judged: f32, share: f32) -> f32 {
        match self.win {
            None => judged + share * DRAW,
            Some(_) => judged + share * (DRAW - judged.max(0.0)),
        }
    }
}

/// How many numbers `features` gives.
pub const FEATURES: usize = 2;

/// What `flagfall win-odds` fits people's results to, for `side`: its
/// material lead as the expert counts it (flags aside), and `exposure`.
pub fn features(position: &Position, side: Side) -> [f32; FEATURES] {
    [
        crate::ai::levels::best::material(position, side),
        exposure(position, side),
    ]
}

/// How much more exposed the enemy's top piece is than `side`'s: a
/// Marshal the other side has seen while that side's spy stands can be
/// hunted by it. 1 when only the enemy's is, -1 when only ours is.
pub fn exposure(position: &Position, side: Side) -> f32 {
    let Combat::Rank {
        spy_target: Some(target),
        ..
    } = position.variant().combat
    else {
        return 0.0;
    };
    let variant = position.variant();
    let exposed = |owner: Side| {
        let seen = position.pieces(owner).any(|(id, state)| {
            position.square_of(id).is_some() && state.piece.kind == target && state.revealed
        });
        let hunted = position.pieces(owner.opponent()).any(|(id, state)| {
            position.square_of(id).is_some()
                && variant.kind(state.piece.kind).special == Special::Spy
        });
        if seen && hunted { 1.0 } else { 0.0 }
    };
    exposed(side.opponent()) - exposed(side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::variant::builtin_variant;

    fn odds(id: &str) -> WinOdds {
        WinOdds::new(&builtin_variant(id).unwrap())
    }

    #[test]
    fn in_classic_a_won_game_is_worth_what_peoples_games_say() {
        let classic = odds("classic");
        assert!((30.0..40.0).contains(&WIN), "{WIN}");
        assert_eq!(classic.flag(), WIN + FINISH);
        assert_eq!(classic.scale(FLAG), classic.flag());
        assert_eq!(classic.scale(-FLAG), -classic.flag());
        // A Marshal's lead (17.8) is about three games in four: tanh = 2P - 1.
        let marshal = classic.scale(17.8) / WIN;
        assert!((0.45..0.55).contains(&marshal), "{marshal}");
        assert!(classic.scale(60.0) < WIN && classic.scale(60.0) > classic.scale(30.0));
    }

    /// The lottery the curve ends: a Marshal's attack on an unmoved
    /// back-row piece that takes the flag in one sample of ten and dies on
    /// a bomb in three (by material alone, 100 - 5.3: worth it).
    #[test]
    fn a_marshal_is_not_staked_on_a_one_in_ten_flag() {
        let classic = odds("classic");
        let marshal = 17.8;
        let lottery = 0.1 * classic.flag() + 0.3 * classic.scale(-marshal);
        assert!(lottery < 0.0, "{lottery}");
    }

    /// Far ahead, taking the flag still counts: a won game stands above
    /// any lead by a margin, where the curve alone gave 2 for it at a lead
    /// of 60.
    #[test]
    fn a_won_game_is_worth_more_than_any_lead() {
        let classic = odds("classic");
        for lead in [20.0, 60.0, 200.0] {
            let gain = classic.flag() - classic.scale(lead);
            assert!(gain >= classic.flag() / 6.0, "{lead}: {gain}");
        }
    }

    /// As the quiet-ply limit nears, a lead is worth less the larger it
    /// is, and at the limit no more than a draw: a large lead must be
    /// spent on battles, not kept.
    #[test]
    fn the_quiet_limit_presses_a_large_lead_hardest() {
        let classic = odds("classic");
        let pressure = |lead: f32| classic.scale(lead) - classic.press(classic.scale(lead), 0.5);
        assert!(pressure(60.0) > pressure(10.0), "{}", pressure(60.0));
        assert!(pressure(10.0) >= -DRAW * 0.5);
        assert_eq!(classic.press(classic.scale(60.0), 1.0), DRAW);
        // Behind, the pressure is the draw's price as material counts it.
        let behind = classic.scale(-10.0);
        assert_eq!(classic.press(behind, 0.5), behind + 0.5 * DRAW);
    }

    /// Red's Marshal on e5 takes a scout on e6 and is seen; Blue's spy
    /// stands on a9 when `spy`, and Blue's Marshal, unseen, on j9.
    fn marshal_seen(spy: bool) -> Position {
        let mut pieces = vec![
            (Side::Red, "e5", "marshal"),
            (Side::Blue, "e6", "scout"),
            (Side::Blue, "j9", "marshal"),
        ];
        if spy {
            pieces.push((Side::Blue, "a9", "spy"));
        }
        let mut position = crate::ai::test_position("classic", &pieces, Side::Red);
        let take = crate::core::moves::Move::new("e5".parse().unwrap(), "e6".parse().unwrap());
        position
            .play(crate::core::moves::Action::Move(take))
            .unwrap();
        position
    }

    #[test]
    fn a_seen_marshal_is_exposed_while_the_enemy_spy_stands() {
        let hunted = marshal_seen(true);
        assert_eq!(exposure(&hunted, Side::Red), -1.0);
        assert_eq!(exposure(&hunted, Side::Blue), 1.0);
        let safe = marshal_seen(false);
        assert_eq!(exposure(&safe, Side::Red), 0.0);
        let [lead, exposed] = features(&hunted, Side::Red);
        assert!(
            (lead + 5.0).abs() < 1e-4,
            "Marshal for Marshal, and the spy: {lead}"
        );
        assert_eq!(exposed, -1.0);
    }

    #[test]
    fn people_pay_for_an_exposed_marshal() {
        let classic = odds("classic");
        let hunted = marshal_seen(true);
        let safe = marshal_seen(false);
        // The same material: the exposed Marshal counts against Red.
        let lead = 10.0;
        assert!(classic.judge(&hunted, Side::Red, lead) < classic.judge(&safe, Side::Red, lead));
        assert_eq!(classic.judge(&hunted, Side::Red, FLAG), classic.flag());
    }

    #[test]
    fn elsewhere_the_judgement_is_material() {
        for id in ["free", "barrage", "small", "piecepack", "domino"] {
            let other = odds(id);
            assert_eq!(other.flag(), FLAG, "{id}");
            assert_eq!(other.scale(17.8), 17.8, "{id}");
            assert_eq!(other.scale(-FLAG), -FLAG, "{id}");
            assert_eq!(other.press(60.0, 0.5), 60.0 + 0.5 * DRAW, "{id}");
        }
    }
}
