//! The rules a player meets in a real game (or its deal and setup) that
//! the app explains the first time (`rule_note`), each named by a key that lesson files use to say
//! which they teach (`"teaches"`) and that the app keeps once told.

/// A rule met in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleMoment {
    /// A battle of ranks: the higher wins, a tie as the options say.
    Battle,
    /// The Spy attacked the piece it alone beats, and took it.
    SpyStrikes,
    /// A piece attacked a bomb and lost.
    BombHolds,
    /// A one-time bomb went off, taking its attacker with it.
    BombGoesOff,
    /// The one kind that defuses bombs took one.
    BombDefused,
    /// A tie won by the attacker (Aggressor Advantage).
    AggressorAdvantage,
    /// A defender won and stayed hidden (Silent Defense).
    SilentDefense,
    /// A piece moved more than one square, which only some kinds can.
    LongRun,
    /// A move refused by the two-squares rule.
    TwoSquares,
    /// A piece reached the far row and may bring back a captured one.
    Rescue,
    /// A battle of domino stones: attack half against defense half.
    StoneBattle,
    /// The 0-0 and the 6-6 met.
    FlagSlayer,
    /// A battle of piecepack coins.
    CoinBattle,
    /// A domino stone turned end for end at setup.
    StoneTurned,
    /// The piecepack discards chosen, in secret.
    Discard,
}

impl RuleMoment {
    pub const ALL: [RuleMoment; 15] = [
        RuleMoment::Battle,
        RuleMoment::SpyStrikes,
        RuleMoment::BombHolds,
        RuleMoment::BombGoesOff,
        RuleMoment::BombDefused,
        RuleMoment::AggressorAdvantage,
        RuleMoment::SilentDefense,
        RuleMoment::LongRun,
        RuleMoment::TwoSquares,
        RuleMoment::Rescue,
        RuleMoment::StoneBattle,
        RuleMoment::FlagSlayer,
        RuleMoment::CoinBattle,
        RuleMoment::StoneTurned,
        RuleMoment::Discard,
    ];

    /// Its name in lesson files and in what the app keeps.
    pub fn key(self) -> &'static str {
        match self {
            RuleMoment::Battle => "battle",
            RuleMoment::SpyStrikes => "spy-strikes",
            RuleMoment::BombHolds => "bomb-holds",
            RuleMoment::BombGoesOff => "bomb-goes-off",
            RuleMoment::BombDefused => "bomb-defused",
            RuleMoment::AggressorAdvantage => "aggressor-advantage",
            RuleMoment::SilentDefense => "silent-defense",
            RuleMoment::LongRun => "long-run",
            RuleMoment::TwoSquares => "two-squares",
            RuleMoment::Rescue => "rescue",
            RuleMoment::StoneBattle => "stone-battle",
            RuleMoment::FlagSlayer => "flag-slayer",
            RuleMoment::CoinBattle => "coin-battle",
            RuleMoment::StoneTurned => "stone-turned",
            RuleMoment::Discard => "discard",
        }
    }

    pub fn from_key(key: &str) -> Option<RuleMoment> {
        RuleMoment::ALL.into_iter().find(|m| m.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_as_its_moment_and_keys_differ() {
        for moment in RuleMoment::ALL {
            assert_eq!(RuleMoment::from_key(moment.key()), Some(moment));
        }
        let mut keys: Vec<_> = RuleMoment::ALL.iter().map(|m| m.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), RuleMoment::ALL.len());
        assert_eq!(RuleMoment::from_key("castling"), None);
    }
}
