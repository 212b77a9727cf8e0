//! How willing the enemy is to attack our pieces it has not identified
//! (issue 80, P1): each turn of the enemy's, every one of its pieces that
//! stands beside one of ours whose rank it has not seen is a chance to
//! attack it; what it attacked is counted against those chances, by the
//! attacker's rank and whether our piece had moved. Against a bot with
//! fixed habits this is the share a search should expect: peternlewis's
//! Marshal almost never attacks an unmoved piece and mostly attacks a
//! moved one, its Sergeants and Scouts probe nearly everything.

use super::protocol::Rank;

/// The ranks that can attack, as the manager writes them.
pub const ATTACKERS: [Rank; 10] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 's'];

/// Attacks and chances by attacker rank (`ATTACKERS`' order) and by
/// whether our piece had moved (`[unmoved, moved]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Willingness {
    pub attacks: [[u32; 2]; 10],
    pub chances: [[u32; 2]; 10],
}

impl Willingness {
    /// An enemy piece of `rank` stood beside our unidentified piece, which
    /// had `moved` or not, on the enemy's turn.
    pub fn chance(&mut self, rank: Rank, moved: bool) {
        if let Some(at) = ATTACKERS.iter().position(|r| *r == rank) {
            self.chances[at][usize::from(moved)] += 1;
        }
    }

    /// An enemy piece of `rank` attacked our unidentified piece.
    pub fn attack(&mut self, rank: Rank, moved: bool) {
        if let Some(at) = ATTACKERS.iter().position(|r| *r == rank) {
            self.attacks[at][usize::from(moved)] += 1;
        }
    }

    /// The sum of two games' counts.
    pub fn add(&mut self, other: &Willingness) {
        for at in 0..ATTACKERS.len() {
            for moved in 0..2 {
                self.attacks[at][moved] += other.attacks[at][moved];
                self.chances[at][moved] += other.chances[at][moved];
            }
        }
    }

    /// Attacks and chances for `rank` against an unmoved or a moved piece
    /// (`None` for a rank that cannot attack).
    pub fn counts(&self, rank: Rank, moved: bool) -> Option<(u32, u32)> {
        let at = ATTACKERS.iter().position(|r| *r == rank)?;
        let moved = usize::from(moved);
        Some((self.attacks[at][moved], self.chances[at][moved]))
    }

    /// Attacks a chance for `rank` against an unmoved or a moved piece, or
    /// `None` where it never had one.
    pub fn rate(&self, rank: Rank, moved: bool) -> Option<f64> {
        let (attacks, chances) = self.counts(rank, moved)?;
        (chances > 0).then(|| f64::from(attacks) / f64::from(chances))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_is_attacks_over_chances_by_rank_and_movement() {
        let mut w = Willingness::default();
        for _ in 0..4 {
            w.chance('1', false);
        }
        w.attack('1', false);
        w.chance('1', true);
        w.attack('1', true);
        assert_eq!(w.rate('1', false), Some(0.25));
        assert_eq!(w.rate('1', true), Some(1.0));
        assert_eq!(w.rate('9', true), None, "no chance, no rate");
        assert_eq!(w.rate('B', false), None, "a bomb never attacks");
        let mut sum = w;
        sum.add(&w);
        assert_eq!(sum.rate('1', false), Some(0.25));
        assert_eq!(sum.chances[0][0], 8);
    }
}
