//! Calling out the referee's clock: a beep at every count and step (and a
//! buzz on phones). On Linux the sound goes through ALSA's `libasound.so.2`,
//! loaded at run time like fontconfig, so building needs no -dev package;
//! Android has its own (`flagfall-android`). Where there is no sound, the
//! app says so and the countdown goes on on screen. The sound device is
//! taken only while the referee is in use, never at start.

use std::sync::Arc;

/// What a clock calls out: the referee's, or the table clock's round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// A counted second before a step: 3, 2, 1.
    Count(u8),
    /// Everyone takes one step.
    Step,
    /// The round ends soon (the rules' warning time).
    RoundWarning,
    /// The round's time is up.
    RoundOver,
}

/// Something that calls the clock's signals out loud.
pub trait Signals: Send + Sync {
    /// Gets ready to call signals out (on the desktop, opens the sound
    /// device on a thread of its own), so that a missing device shows
    /// before the first round. Never blocks.
    fn prepare(&self) {}
    /// Lets the sound device go: the match is over. `prepare` or `call`
    /// takes it again.
    fn release(&self) {}
    /// Calls out one signal, getting ready first if needed; never blocks.
    fn call(&self, signal: Signal);
    /// Why nothing can be heard, if nothing can (shown on screen).
    fn problem(&self) -> Option<String>;
    /// Keeps the screen on while a round runs (phones; a no-op elsewhere).
    fn keep_screen_on(&self, _on: bool) {}
}

/// The tone of each signal: (frequency in Hz, length in ms, repeats).
pub fn tone(signal: Signal) -> (u32, u32, u32) {
    match signal {
        Signal::Count(_) => (880, 120, 1),
        Signal::Step => (1320, 300, 1),
        Signal::RoundWarning => (660, 150, 3),
        Signal::RoundOver => (440, 900, 1),
    }
}

/// A short sine tone at `rate`, 16-bit mono, with soft edges (no clicks).
pub fn tone_samples(rate: u32, (frequency, millis, repeats): (u32, u32, u32)) -> Vec<i16> {
    let length = (rate * millis / 1000) as usize;
    let gap = (rate / 10) as usize;
    let edge = (rate / 200).max(1) as usize;
    let mut out = Vec::with_capacity((length + gap) * repeats as usize);
    for _ in 0..repeats {
        for i in 0..length {
            let envelope = (i.min(length - i) as f32 / edge as f32).min(1.0);
            let phase = 2.0 * std::f32::consts::PI * frequency as f32 * i as f32 / rate as f32;
            out.push((phase.sin() * envelope * 0.6 * i16::MAX as f32) as i16);
        }
        out.extend(std::iter::repeat_n(0, gap));
    }
    out
}

/// No sound: the platform has none the app can use. The reason is English
/// (a catalogue text, `tr_noop!`), translated when it is shown.
pub struct Silent(pub String);

impl Signals for Silent {
    fn call(&self, _: Signal) {}

    fn problem(&self) -> Option<String> {
        Some(crate::i18n::translate(&self.0))
    }
}

/// The desktop's sound: ALSA on Linux, none elsewhere (yet).
pub fn desktop() -> Arc<dyn Signals> {
    #[cfg(target_os = "linux")]
    {
        Arc::new(alsa::Alsa::new())
    }
    #[cfg(not(target_os = "linux"))]
    {
        Arc::new(Silent(
            crate::tr_noop!("this platform has no sound in Flagfall yet").to_string(),
        ))
    }
}

#[cfg(target_os = "linux")]
mod alsa {
    use super::{Arc, Signal, Signals, tone, tone_samples};
    use libloading::{Library, Symbol};
    use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
    use std::sync::mpsc::{self, Sender};
    use std::sync::{Mutex, MutexGuard};

    const RATE: u32 = 44_100;
    const PLAYBACK: c_int = 0;
    const FORMAT_S16_LE: c_int = 2;
    const ACCESS_RW_INTERLEAVED: c_int = 3;

    /// Plays tones on a thread of its own, which holds the device from
    /// `prepare` (or the first call) to `release`; a tone waits for the one
    /// before.
    pub struct Alsa {
        player: Mutex<Option<Player>>,
    }

    /// A started sound thread: its inbox, and where it reports why it
    /// stopped. Each thread has its own report, so a thread let go cannot
    /// speak for the next.
    struct Player {
        inbox: Sender<Signal>,
        problem: Arc<Mutex<Option<Trouble>>>,
    }

    /// Why nothing can be heard. Kept as it happened and put into words when
    /// shown, so the words are in the language of that moment.
    enum Trouble {
        NoLibrary,
        MissingSymbol(String),
        NoDevice,
        NoMono,
        Stopped,
        NoThread(String),
    }

    impl Trouble {
        fn words(&self) -> String {
            match self {
                Trouble::NoLibrary => crate::tr!("ALSA's libasound.so.2 is not installed"),
                Trouble::MissingSymbol(name) => crate::tr!("libasound.so.2 has no {}", name),
                Trouble::NoDevice => crate::tr!("no sound device can be opened"),
                Trouble::NoMono => crate::tr!("the sound device refuses 16-bit mono"),
                Trouble::Stopped => crate::tr!("the sound device stopped"),
                Trouble::NoThread(e) => crate::tr!("the sound thread could not start: {}", e),
            }
        }
    }

    impl Alsa {
        /// Loads nothing and opens nothing: that waits for `prepare`.
        pub fn new() -> Alsa {
            Alsa {
                player: Mutex::new(None),
            }
        }

        /// The sound thread, started if none is: it opens the device, then
        /// plays what it is sent until its inbox is dropped or the device
        /// fails. A thread that stopped stays until `release`, so a missing
        /// device is not looked for again at every signal.
        fn player(&self) -> MutexGuard<'_, Option<Player>> {
            let mut player = self.slot();
            if player.is_none() {
                *player = Some(Player::start());
            }
            player
        }

        /// The sound thread, if one is started; never starts one.
        fn slot(&self) -> MutexGuard<'_, Option<Player>> {
            self.player.lock().unwrap_or_else(|e| e.into_inner())
        }
    }

    impl Player {
        fn start() -> Player {
            let (inbox, receiver) = mpsc::channel::<Signal>();
            let problem = Arc::new(Mutex::new(None));
            let report = Arc::clone(&problem);
            let started = std::thread::Builder::new()
                .name("flagfall-sound".into())
                .spawn(move || {
                    let stopped = |reason| {
                        *report.lock().unwrap_or_else(|e| e.into_inner()) = Some(reason);
                    };
                    let device = match Device::open() {
                        Ok(device) => device,
                        Err(reason) => return stopped(reason),
                    };
                    for signal in receiver {
                        if let Err(reason) = device.play(&tone_samples(RATE, tone(signal))) {
                            return stopped(reason);
                        }
                    }
                });
            if let Err(e) = started {
                *problem.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some(Trouble::NoThread(e.to_string()));
            }
            Player { inbox, problem }
        }
    }

    impl Signals for Alsa {
        fn prepare(&self) {
            // Starting the thread is all: it opens the device by itself.
            drop(self.player());
        }

        fn release(&self) {
            // Dropping the inbox ends the thread, which closes the device.
            *self.slot() = None;
        }

        fn call(&self, signal: Signal) {
            // A thread that stopped has dropped its inbox; its report says why.
            let _ = self.player().as_ref().map(|p| p.inbox.send(signal));
        }

        fn problem(&self) -> Option<String> {
            let player = self.slot();
            let report = player
                .as_ref()?
                .problem
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            report
                .as_ref()
                .map(|trouble| crate::tr!("no sound ({})", trouble.words()))
        }
    }

    type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
    type SetParams =
        unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
    type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
    type Handle = unsafe extern "C" fn(*mut c_void) -> c_int;
    type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;

    /// The default playback device, opened through the library loaded now.
    struct Device {
        library: Library,
        pcm: *mut c_void,
    }

    impl Device {
        fn open() -> Result<Device, Trouble> {
            // SAFETY: loading ALSA's library runs its initialisers, which
            // have no preconditions.
            let library =
                unsafe { Library::new("libasound.so.2") }.map_err(|_| Trouble::NoLibrary)?;
            let mut pcm: *mut c_void = std::ptr::null_mut();
            // SAFETY: the signatures are ALSA's (alsa/pcm.h); `pcm` is written
            // by snd_pcm_open before it is used, and "default" is a C string.
            unsafe {
                let open: Symbol<Open> = symbol(&library, b"snd_pcm_open\0")?;
                let set: Symbol<SetParams> = symbol(&library, b"snd_pcm_set_params\0")?;
                let close: Symbol<Handle> = symbol(&library, b"snd_pcm_close\0")?;
                if open(&mut pcm, c"default".as_ptr(), PLAYBACK, 0) < 0 || pcm.is_null() {
                    return Err(Trouble::NoDevice);
                }
                // Mono 16-bit at 44.1 kHz, resampled by ALSA if needed, 100 ms latency.
                if set(
                    pcm,
                    FORMAT_S16_LE,
                    ACCESS_RW_INTERLEAVED,
                    1,
                    RATE,
                    1,
                    100_000,
                ) < 0
                {
                    close(pcm);
                    return Err(Trouble::NoMono);
                }
            }
            Ok(Device { library, pcm })
        }

        fn play(&self, samples: &[i16]) -> Result<(), Trouble> {
            // SAFETY: `pcm` is the open device; the buffer holds `len` frames
            // of one 16-bit channel and outlives the calls.
            unsafe {
                let write: Symbol<WriteI> = symbol(&self.library, b"snd_pcm_writei\0")?;
                let recover: Symbol<Recover> = symbol(&self.library, b"snd_pcm_recover\0")?;
                let mut rest = samples;
                while !rest.is_empty() {
                    let written = write(self.pcm, rest.as_ptr().cast(), rest.len() as c_ulong);
                    if written < 0 {
                        // An underrun between beeps is normal: recover and go on.
                        if recover(self.pcm, written as c_int, 1) < 0 {
                            return Err(Trouble::Stopped);
                        }
                        continue;
                    }
                    rest = &rest[(written as usize).min(rest.len())..];
                }
            }
            Ok(())
        }
    }

    impl Drop for Device {
        fn drop(&mut self) {
            // SAFETY: the device is open and closed only here. Draining
            // first lets the last tone finish: closing alone would cut it.
            unsafe {
                if let Ok(drain) = symbol::<Handle>(&self.library, b"snd_pcm_drain\0") {
                    drain(self.pcm);
                }
                if let Ok(close) = symbol::<Handle>(&self.library, b"snd_pcm_close\0") {
                    close(self.pcm);
                }
            }
        }
    }

    /// # Safety
    /// `T` must be the symbol's true type.
    unsafe fn symbol<'a, T>(library: &'a Library, name: &[u8]) -> Result<Symbol<'a, T>, Trouble> {
        // SAFETY: passed on to the caller.
        unsafe { library.get(name) }.map_err(|_| {
            Trouble::MissingSymbol(String::from_utf8_lossy(&name[..name.len() - 1]).into_owned())
        })
    }

    // Last in the file: tests/all/translations.rs reads texts up to the first
    // test code.
    #[cfg(test)]
    mod tests {
        use super::{Alsa, Signals};

        #[test]
        fn the_sound_device_is_held_only_from_prepare_to_release() {
            let alsa = Alsa::new();
            let idle = |alsa: &Alsa| alsa.slot().is_none();
            assert!(idle(&alsa), "made: nothing is loaded or opened yet");
            alsa.prepare();
            assert!(!idle(&alsa), "prepared: the sound thread is started");
            alsa.release();
            assert!(idle(&alsa), "released: the device is let go");
            assert_eq!(alsa.problem(), None, "a released thread's problem is gone");
        }
    }
}
