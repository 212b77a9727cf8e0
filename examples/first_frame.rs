//! The yardstick for the app's start-up time (BENCHMARKS.md, "Size and
//! start"): a Slint window with one Text, built with the app's Slint features,
//! that with `FLAGFALL_FIRST_FRAME` set prints `first-frame MICROS`
//! (microseconds since the Unix epoch) once its first frame has been drawn,
//! and quits: the same probe as the app's. Without the variable it stays
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
    if std::env::var_os("FLAGFALL_FIRST_FRAME").is_some() {
        watch_first_frame(slint::ComponentHandle::window(&window));
    }
    slint::ComponentHandle::run(&window)
}

#[cfg(not(target_os = "android"))]
fn watch_first_frame(window: &slint::Window) {
    use slint::winit_030::winit::event::WindowEvent;
    use slint::winit_030::{EventResult, WinitWindowAccessor};
    let mut seen = false;
    window.on_winit_window_event(move |_, event| {
        if !seen && matches!(event, WindowEvent::RedrawRequested) {
            seen = true;
            let _ = slint::invoke_from_event_loop(|| {
                let micros = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_micros());
                println!("first-frame {micros}");
                let _ = slint::quit_event_loop();
            });
        }
        EventResult::Propagate
    });
}

#[cfg(target_os = "android")]
fn watch_first_frame(_window: &slint::Window) {}
