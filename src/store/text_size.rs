//! The text-size setting: how large the app writes, on every platform alike
//! (a phone's browser page and the native app keep it the same way, in the
//! settings).

use serde::{Deserialize, Serialize};

/// How large the app's text is, as the player chose in Settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TextSize {
    #[default]
    Normal,
    Large,
    Larger,
}

impl TextSize {
    /// In the order the settings screen lists them.
    pub const ALL: [TextSize; 3] = [TextSize::Normal, TextSize::Large, TextSize::Larger];

    /// How much larger than normal the text is drawn.
    pub fn scale(self) -> f32 {
        match self {
            TextSize::Normal => 1.0,
            TextSize::Large => 1.2,
            TextSize::Larger => 1.4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_size_is_larger_than_the_one_before_and_normal_is_as_designed() {
        assert_eq!(TextSize::default().scale(), 1.0);
        for pair in TextSize::ALL.windows(2) {
            assert!(pair[0].scale() < pair[1].scale(), "{pair:?}");
        }
    }

    #[test]
    fn the_setting_is_saved_by_name() {
        let text = serde_json::to_string(&TextSize::Larger).unwrap();
        assert_eq!(text, "\"larger\"");
        assert_eq!(
            serde_json::from_str::<TextSize>(&text).unwrap(),
            TextSize::Larger
        );
    }
}
