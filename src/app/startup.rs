//! Opt-in start-up probe for the "Size and start" benchmark (BENCHMARKS.md):
//! with `FLAGFALL_FIRST_FRAME` set, the app prints `first-frame MICROS` (the
//! wall clock, in microseconds since the Unix epoch) as soon as its first frame
//! has been drawn, and quits. `examples/first_frame.rs` is a one-Text Slint
//! window with the same probe, to compare against. Without the variable this
//! is one environment lookup.

/// Watches `window` for its first frame when `FLAGFALL_FIRST_FRAME` is set.
pub fn watch_first_frame(window: &slint::Window) {
    #[cfg(not(target_os = "android"))]
    if std::env::var_os("FLAGFALL_FIRST_FRAME").is_some() {
        use slint::winit_030::winit::event::WindowEvent;
        use slint::winit_030::{EventResult, WinitWindowAccessor};
        // The software renderer has no rendering notifier, so the probe
        // watches winit's events instead: Slint draws and presents a frame
        // while it handles a redraw request, and a closure queued then runs
        // right after that.
        let mut seen = false;
        window.on_winit_window_event(move |_, event| {
            if !seen && matches!(event, WindowEvent::RedrawRequested) {
                seen = true;
                let _ = slint::invoke_from_event_loop(|| {
                    let micros = crate::platform::time_source::wall_clock()
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
    let _ = window;
}
