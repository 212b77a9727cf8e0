//! The referee's and the table clock's signals in a page: the desktop's
//! tones (`clock_signals::tone_samples`), played through the Web Audio API.
//! A page may make sound only after a tap, so the sound is made ready when
//! the player starts the clock (`prepare`) and played from then on.

use flagfall::platform::{Signal, Signals, tone, tone_samples};
use std::cell::RefCell;

/// The tones' sample rate.
const RATE: u32 = 24_000;

thread_local! {
    /// The page's audio, once made; or why it could not be.
    static AUDIO: RefCell<Option<Result<web_sys::AudioContext, String>>> = const { RefCell::new(None) };
}

/// The page's sound (the state lives in `AUDIO`: a page has one thread).
pub struct PageSound;

fn with_audio<T>(then: impl FnOnce(&Result<web_sys::AudioContext, String>) -> T) -> T {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        let audio = audio.get_or_insert_with(|| {
            web_sys::AudioContext::new()
                .map_err(|e| e.as_string().unwrap_or_else(|| format!("{e:?}")))
        });
        then(audio)
    })
}

fn play(context: &web_sys::AudioContext, signal: Signal) -> Result<(), wasm_bindgen::JsValue> {
    let samples: Vec<f32> = tone_samples(RATE, tone(signal))
        .into_iter()
        .map(|s| f32::from(s) / f32::from(i16::MAX))
        .collect();
    let buffer = context.create_buffer(1, samples.len() as u32, RATE as f32)?;
    buffer.copy_to_channel(&samples, 0)?;
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(&buffer));
    source.connect_with_audio_node(&context.destination())?;
    source.start()?;
    Ok(())
}

impl Signals for PageSound {
    fn prepare(&self) {
        // Within the player's tap: the page may sound from now on.
        with_audio(|audio| {
            if let Ok(context) = audio {
                let _ = context.resume();
            }
        });
    }

    fn call(&self, signal: Signal) {
        with_audio(|audio| {
            if let Ok(context) = audio
                && let Err(e) = play(context, signal)
            {
                crate::web_log(&format!("a signal was not heard: {e:?}"));
            }
        });
    }

    fn problem(&self) -> Option<String> {
        with_audio(|audio| {
            audio
                .as_ref()
                .err()
                .map(|why| flagfall::tr!("this browser gives the page no sound ({})", why))
        })
    }
}
