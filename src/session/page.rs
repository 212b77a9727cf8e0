//! The page around the app when it runs in a browser: the browser's Back
//! button goes where the app's own Back goes (each screen the app can go
//! back from is one entry in the page's history), and the page's language
//! (`<html lang>`) is the app's, for the browser's reading and translating.

/// What the app tells the page it runs in, and the way back it gives it.
pub trait Page {
    /// The app shows something its Back leaves (`can_go_back`), or the
    /// home screen with nothing over it; and the language it speaks
    /// (`lang`, as `<html lang>` wants it: "en", "ja").
    fn showing(&self, can_go_back: bool, lang: &str);

    /// Hands the page the app's way back, for the browser's Back button:
    /// it goes one step back and says whether there was anywhere to go.
    fn on_back(&self, back: Box<dyn Fn() -> bool>);
}
