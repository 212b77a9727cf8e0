//! How the piecepack props look, shared by the screens (`ui/piece.slint`,
//! through `app::board_cells`) and the printed sheets (`print`): the suits
//! in their colours with the piecepack standard's symbols, and the pawn. The shapes
//! are path data on a 100 x 100 grid, the same strings `ui/piece.slint`
//! draws (a test holds the two together).

/// A colour as red, green and blue.
pub type Rgb = [u8; 3];

/// A piecepack suit on the board: its symbol (0 suns, 1 moons, 2 crowns,
/// 3 arms), its colour and the colour of marks on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuitLook {
    pub symbol: usize,
    pub face: Rgb,
    pub ink: Rgb,
}

const WHITE: Rgb = [0xff, 0xff, 0xff];

/// The look of the suit with this key. Our suits are named by colour; the
/// standard's crowns are green, which our yellow suit stands in for.
pub fn suit_look(key: &str) -> SuitLook {
    match key {
        "red" => SuitLook {
            symbol: 0,
            face: [0xb0, 0x2a, 0x1e],
            ink: WHITE,
        },
        "black" => SuitLook {
            symbol: 1,
            face: [0x2b, 0x2b, 0x2b],
            ink: WHITE,
        },
        "yellow" => SuitLook {
            symbol: 2,
            face: [0xe3, 0xaa, 0x12],
            ink: [0x1d, 0x1d, 0x1f],
        },
        _ => SuitLook {
            symbol: 3,
            face: [0x1f, 0x5f, 0xa8],
            ink: WHITE,
        },
    }
}

/// `#rrggbb`.
pub fn hex(colour: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", colour[0], colour[1], colour[2])
}

/// The suits' symbols, in `SuitLook::symbol` order.
pub const SUIT_SYMBOLS: [&str; 4] = [
    // A sun: a disc and eight rays.
    "M 27 50 A 23 23 0 1 1 73 50 A 23 23 0 1 1 27 50 Z \
     M 50.0 3.0 L 55.5 21.5 L 44.5 21.5 Z M 83.2 16.8 L 74.0 33.8 L 66.2 26.0 Z \
     M 97.0 50.0 L 78.5 55.5 L 78.5 44.5 Z M 83.2 83.2 L 66.2 74.0 L 74.0 66.2 Z \
     M 50.0 97.0 L 44.5 78.5 L 55.5 78.5 Z M 16.8 83.2 L 26.0 66.2 L 33.8 74.0 Z \
     M 3.0 50.0 L 21.5 44.5 L 21.5 55.5 Z M 16.8 16.8 L 33.8 26.0 L 26.0 33.8 Z",
    // A crescent moon: a disc with a smaller disc cut from its right.
    "M 48.5 12.0 A 38 38 0 1 0 83.5 68.0 A 33 33 0 0 1 48.5 12.0 Z",
    // A crown: three points with balls on a band.
    "M 14 76 L 10 34 L 31 52 L 50 22 L 69 52 L 90 34 L 86 76 Z \
     M 14 81 L 86 81 L 86 91 L 14 91 Z \
     M 3 29 A 7 7 0 1 1 17 29 A 7 7 0 1 1 3 29 Z \
     M 43 16 A 7 7 0 1 1 57 16 A 7 7 0 1 1 43 16 Z \
     M 83 29 A 7 7 0 1 1 97 29 A 7 7 0 1 1 83 29 Z",
    // Arms: a fleur-de-lis.
    "M 50 4 C 66 20 66 42 54 60 L 46 60 C 34 42 34 20 50 4 Z \
     M 44 60 C 28 64 8 56 8 38 C 8 26 22 20 30 30 C 20 32 18 42 26 48 C 32 52 38 54 44 54 Z \
     M 56 60 C 72 64 92 56 92 38 C 92 26 78 20 70 30 C 80 32 82 42 74 48 C 68 52 62 54 56 54 Z \
     M 26 61 L 74 61 L 74 70 L 26 70 Z \
     M 44 70 L 56 70 L 62 92 L 50 84 L 38 92 Z",
];

/// A piecepack pawn, standing: head, collar, body and foot.
pub const PAWN: &str = "M 36 24 A 14 14 0 1 1 64 24 A 14 14 0 1 1 36 24 Z \
     M 35 39 L 65 39 L 65 46 L 35 46 Z \
     M 42 46 L 58 46 L 67 80 L 33 80 Z \
     M 22 80 L 78 80 L 82 94 L 18 94 Z";

#[cfg(test)]
mod tests {
    use super::*;

    /// Each closed figure of `data`, as one string ("M ... Z").
    fn figures(data: &str) -> Vec<String> {
        let words: Vec<&str> = data.split_whitespace().collect();
        words
            .split(|w| *w == "Z")
            .filter(|f| !f.is_empty())
            .map(|f| format!("{} Z", f.join(" ")))
            .collect()
    }

    #[test]
    fn the_screens_draw_the_same_shapes_as_the_sheets() {
        let slint = include_str!("../../ui/piece.slint");
        // The .slint strings are joined with `+`: read the figures across them.
        let joined: String = slint
            .split('"')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        let joined = joined.split_whitespace().collect::<Vec<_>>().join(" ");
        for data in SUIT_SYMBOLS.iter().chain([&PAWN]) {
            for figure in figures(data) {
                assert!(joined.contains(&figure), "ui/piece.slint lacks {figure}");
            }
        }
    }

    #[test]
    fn each_suit_has_its_own_symbol() {
        let symbols: Vec<usize> = ["red", "black", "yellow", "blue"]
            .iter()
            .map(|k| suit_look(k).symbol)
            .collect();
        assert_eq!(symbols, [0, 1, 2, 3]);
    }
}
