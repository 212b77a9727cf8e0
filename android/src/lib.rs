//! Flagfall on Android: the desktop app's screens and rules, started from
//! Android's native activity, with its data in the app's private folder,
//! codes read from the newest photos in the phone's gallery, printed sheets
//! saved to Downloads, codes sent through the share sheet, and the referee's
//! clock heard as beeps and felt as buzzes.
//!
//! Everything but the entry point compiles on every platform, so the desktop
//! build checks the Android code too (`cargo clippy -p flagfall-android`).

pub mod clock_signals;
pub mod downloads;
pub mod gallery;
pub mod share;

#[cfg(target_os = "android")]
#[unsafe(no_mangle)]
fn android_main(app: slint::android::AndroidApp) {
    use std::sync::Arc;
    // Games, setups and settings live in the app's own files folder.
    let data_dir = app.internal_data_path();
    // SAFETY: both pointers come from the live `AndroidApp`; the gallery takes
    // its own reference to the activity before `app` is handed to Slint.
    let gallery = unsafe { gallery::Gallery::new(app.vm_as_ptr(), app.activity_as_ptr()) };
    let photos = match gallery {
        Ok(gallery) => Some(Arc::new(gallery) as Arc<dyn flagfall::link::PhotoSource>),
        Err(e) => {
            eprintln!("flagfall: the gallery cannot be reached ({e}); codes can still be pasted");
            None
        }
    };
    // SAFETY: as for the gallery.
    let downloads = unsafe { downloads::Downloads::new(app.vm_as_ptr(), app.activity_as_ptr()) };
    let store = match downloads {
        Ok(downloads) => Some(Arc::new(downloads) as Arc<dyn flagfall::platform::Exports>),
        Err(e) => {
            eprintln!("flagfall: Downloads cannot be reached ({e}); sheets stay in the app");
            None
        }
    };
    // The referee's beeps and buzzes; the screen stays on while a round runs.
    let window = app.clone();
    let keep_on = Box::new(move |on: bool| {
        use slint::android::android_activity::WindowManagerFlags;
        let flag = WindowManagerFlags::KEEP_SCREEN_ON;
        if on {
            window.set_window_flags(flag, WindowManagerFlags::empty());
        } else {
            window.set_window_flags(WindowManagerFlags::empty(), flag);
        }
    });
    // SAFETY: as for the gallery.
    let signals = match unsafe {
        clock_signals::Buzzer::new(app.vm_as_ptr(), app.activity_as_ptr(), keep_on)
    } {
        Ok(buzzer) => Some(Arc::new(buzzer) as Arc<dyn flagfall::platform::Signals>),
        Err(e) => {
            eprintln!("flagfall: no beeps for the referee ({e})");
            None
        }
    };
    // SAFETY: as for the gallery.
    let share = match unsafe { share::Share::new(app.vm_as_ptr(), app.activity_as_ptr()) } {
        Ok(share) => Some(Arc::new(share) as Arc<dyn flagfall::platform::ShareSheet>),
        Err(e) => {
            eprintln!("flagfall: no share sheet ({e}); codes can still be copied");
            None
        }
    };
    if let Err(e) = slint::android::init(app) {
        eprintln!("flagfall: Slint cannot start on this device: {e}");
        return;
    }
    let platform = flagfall::app::Platform {
        photos,
        signals,
        exports: store,
        share,
    };
    if let Err(e) = flagfall::app::run(data_dir, platform) {
        eprintln!("flagfall: {e}");
    }
}
