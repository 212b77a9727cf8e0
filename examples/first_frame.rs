//! The yardstick for the app's start-up time (BENCHMARKS.md, "Size and
//! start"): a Slint window with one Text, built with the app's Slint features,
//! that with `FLAGFALL_FIRST_FRAME` set prints `first-frame MICROS`
//! (microseconds since the Unix epoch) once its first frame has been drawn,
//! and quits: the app's own probe (`flagfall::app::watch_first_frame`). Without the variable it stays
//! open, for comparing idle CPU and memory.
//!
//! ```sh
//! FLAGFALL_FIRST_FRAME=1 cargo run --release --example first_frame
//! ```

slint::slint! {
    export component FirstFrame inherits Window {
        // The app's window size.
        preferred-width: 1280px;
        preferred-height: 800px;
        Text {
            text: "Flagfall";
        }
    }
}

fn main() -> Result<(), slint::PlatformError> {
    let window = FirstFrame::new()?;
    // The app's own probe (src/app/startup.rs): the same measurement for both.
    flagfall::app::watch_first_frame(slint::ComponentHandle::window(&window));
    slint::ComponentHandle::run(&window)
}
