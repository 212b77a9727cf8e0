//! The referee's clock on a phone: a beep through Android's `ToneGenerator`
//! and a buzz through the `Vibrator`, both reached through JNI, and the
//! screen kept on while a round runs (through the activity's window flags,
//! given by the entry point).
//!
//! Compiled on every platform so that the desktop build checks it; it only
//! runs on Android, where it was not tried (see android/README.md).

use flagfall::platform::{Signal, Signals};
use jni::errors::Error as JniError;
use jni::objects::{JObject, JValue};
use jni::refs::Global;
use jni::{JavaVM, jni_sig, jni_str};
use std::ffi::c_void;

/// `AudioManager.STREAM_ALARM`: heard even when media is turned down.
const STREAM_ALARM: i32 = 4;
/// `ToneGenerator.TONE_PROP_BEEP` and `TONE_PROP_ACK`.
const TONE_BEEP: i32 = 24;
const TONE_ACK: i32 = 25;

pub struct Buzzer {
    vm: JavaVM,
    tones: Global<JObject<'static>>,
    vibrator: Option<Global<JObject<'static>>>,
    keep_on: Box<dyn Fn(bool) + Send + Sync>,
}

impl Buzzer {
    /// # Safety
    /// `vm` must be the process's `JavaVM` and `activity` a valid JNI
    /// reference to the app's `Activity` for the duration of this call.
    pub unsafe fn new(
        vm: *mut c_void,
        activity: *mut c_void,
        keep_on: Box<dyn Fn(bool) + Send + Sync>,
    ) -> Result<Buzzer, JniError> {
        // SAFETY: the caller passes the process's JavaVM.
        let vm = unsafe { JavaVM::from_raw(vm.cast()) };
        let (tones, vibrator) = vm.attach_current_thread(|env| {
            // SAFETY: a valid reference, only borrowed here.
            let activity = unsafe { JObject::from_raw(env, activity.cast()) };
            let tones = env.new_object(
                jni_str!("android/media/ToneGenerator"),
                jni_sig!("(II)V"),
                &[JValue::Int(STREAM_ALARM), JValue::Int(100)],
            )?;
            let service = env.new_string("vibrator")?;
            let vibrator = env
                .call_method(
                    &activity,
                    jni_str!("getSystemService"),
                    jni_sig!("(Ljava/lang/String;)Ljava/lang/Object;"),
                    &[JValue::Object(&service)],
                )
                .and_then(|v| v.l());
            env.exception_clear();
            let vibrator = match vibrator {
                Ok(v) if !v.is_null() => Some(env.new_global_ref(&v)?),
                _ => None,
            };
            Ok::<_, JniError>((env.new_global_ref(&tones)?, vibrator))
        })?;
        Ok(Buzzer {
            vm,
            tones,
            vibrator,
            keep_on,
        })
    }

    fn play(&self, signal: Signal) -> Result<(), JniError> {
        let (tone, millis, buzz) = match signal {
            Signal::Count(_) => (TONE_BEEP, 120, 0),
            Signal::Step => (TONE_ACK, 300, 200),
            Signal::RoundWarning => (TONE_BEEP, 600, 400),
            Signal::RoundOver => (TONE_ACK, 900, 800),
        };
        self.vm.attach_current_thread(|env| {
            env.call_method(
                self.tones.as_obj(),
                jni_str!("startTone"),
                jni_sig!("(II)Z"),
                &[JValue::Int(tone), JValue::Int(millis)],
            )?;
            if let Some(vibrator) = self.vibrator.as_ref().filter(|_| buzz > 0) {
                let done = env.call_method(
                    vibrator.as_obj(),
                    jni_str!("vibrate"),
                    jni_sig!("(J)V"),
                    &[JValue::Long(buzz)],
                );
                // No vibrator permission or motor: the beep is enough.
                if done.is_err() {
                    env.exception_clear();
                }
            }
            Ok(())
        })
    }
}

impl Signals for Buzzer {
    fn call(&self, signal: Signal) {
        if self.play(signal).is_err() {
            eprintln!("flagfall: the referee's beep could not be played");
        }
    }

    fn problem(&self) -> Option<String> {
        None
    }

    fn keep_screen_on(&self, on: bool) {
        (self.keep_on)(on);
    }
}
