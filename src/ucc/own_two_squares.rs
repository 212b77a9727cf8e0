//! The two-squares rule the bot keeps for its own moves. The manager has
//! no such rule (nor any draw before its turn limit), so a bot that
//! mirrors ours could shuffle one piece beside ours back and forth for
//! hundreds of turns; playing by classic Stratego's own rule, the bot
//! leaves such a dance after its third move between the same two squares
//! and must do something else.

use crate::core::moves::Move;
use crate::core::options::TwoSquares;

/// The bot's last move and how many moves in a row one piece has made
/// between its two squares.
#[derive(Debug, Clone, Copy, Default)]
pub struct OwnTwoSquares {
    last: Option<Move>,
    run: u8,
}

/// Consecutive moves between the same two squares allowed (classic's
/// default, `Limit(3)`: the 4th is not).
const LIMIT: u8 = 3;

/// The rule as the bot's computer player is told it: the search keeps it
/// for both sides, as it cannot know whether the enemy bot keeps it too.
pub const SETTING: TwoSquares = TwoSquares::Limit(LIMIT);

impl OwnTwoSquares {
    /// The moves of `moves` the rule allows; all of them when it would
    /// allow none (the manager's only way out then is to resign).
    pub fn allowed(&self, moves: &[Move]) -> Vec<Move> {
        let forbidden = self
            .last
            .filter(|_| self.run >= LIMIT)
            .map(|last| Move::new(last.to, last.from));
        let allowed: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| Some(*m) != forbidden)
            .collect();
        if allowed.is_empty() {
            moves.to_vec()
        } else {
            allowed
        }
    }

    /// Counts the bot's move `m`.
    pub fn record(&mut self, m: Move) {
        self.run = match self.last {
            Some(last) if last.from == m.to && last.to == m.from => self.run.saturating_add(1),
            _ => 1,
        };
        self.last = Some(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: &str, to: &str) -> Move {
        Move::new(from.parse().unwrap(), to.parse().unwrap())
    }

    #[test]
    fn the_fourth_move_between_two_squares_is_left_out() {
        let mut rule = OwnTwoSquares::default();
        let there = mv("e4", "e5");
        let back = mv("e5", "e4");
        let other = mv("e5", "f5");
        rule.record(there);
        rule.record(back);
        assert_eq!(
            rule.allowed(&[there, other]),
            vec![there, other],
            "a third is allowed"
        );
        rule.record(there);
        assert_eq!(rule.allowed(&[back, other]), vec![other], "a fourth is not");
        rule.record(other);
        assert_eq!(
            rule.allowed(&[mv("f5", "e5"), back]),
            vec![mv("f5", "e5"), back]
        );
    }

    #[test]
    fn with_no_other_move_the_rule_gives_way() {
        let mut rule = OwnTwoSquares::default();
        let there = mv("a1", "a2");
        let back = mv("a2", "a1");
        rule.record(there);
        rule.record(back);
        rule.record(there);
        assert_eq!(rule.allowed(&[back]), vec![back]);
    }
}
