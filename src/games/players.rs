//! The players' names in a game on this device: each player's setups are
//! kept under their name, so two players need two names.

/// The longest name a player may give.
pub const LONGEST_NAME: usize = 40;

/// Why the names given for a pass-and-play game's players were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayersError {
    /// Both players gave one name: their setups could not be kept apart.
    SameName,
    TooLong,
}

impl std::fmt::Display for PlayersError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            PlayersError::SameName => crate::tr!(
                "The two players need different names: each player's setups are kept by name."
            ),
            PlayersError::TooLong => {
                crate::tr!(
                    "A player's name can have at most {} characters.",
                    LONGEST_NAME
                )
            }
        })
    }
}

/// The players' names as given for Red and Blue (blank: none), checked.
pub fn player_names(red: &str, blue: &str) -> Result<[Option<String>; 2], PlayersError> {
    let name = |text: &str| {
        let text = text.trim();
        match text.chars().count() {
            0 => Ok(None),
            n if n > LONGEST_NAME => Err(PlayersError::TooLong),
            _ => Ok(Some(text.to_string())),
        }
    };
    let names = [name(red)?, name(blue)?];
    if let [Some(red), Some(blue)] = &names
        && red.to_lowercase() == blue.to_lowercase()
    {
        return Err(PlayersError::SameName);
    }
    Ok(names)
}
