//! The page around the app when it runs in a browser: the browser's Back
//! button goes where the app's own Back goes (each screen the app can go
//! back from is one entry in the page's history), and the page's language
//! (`<html lang>`) is the app's, for the browser's reading and translating.
//! The app is drawn on a canvas, which a screen reader cannot read: the
//! page also holds, as text, what the play screen says (whose turn, the
//! last move) and its list of moves, and nothing on any other screen.

/// What the app tells the page it runs in, and the way back it gives it.
pub trait Page {
    /// The app shows something its Back leaves (`can_go_back`), or the
    /// home screen with nothing over it; and the language it speaks
    /// (`lang`, as `<html lang>` wants it: "en", "ja").
    fn showing(&self, can_go_back: bool, lang: &str);

    /// What the page holds as text for a screen reader: `now` (the play
    /// screen's turn and last move, read aloud as it changes) and `lines`
    /// (its moves, newest first); both empty on every other screen, so
    /// nothing of one player's screen stays once the device is handed on.
    fn reading(&self, now: &str, lines: &[String]);

    /// Hands the page the app's way back, for the browser's Back button:
    /// it goes one step back and says whether there was anywhere to go.
    fn on_back(&self, back: Box<dyn Fn() -> bool>);
}
