//! The phone's share sheet for a code's text or a saved file: an
//! `ACTION_SEND` intent of plain text, or of a file's `content://` address
//! (`EXTRA_STREAM`, readable by the app chosen), wrapped in Android's
//! chooser, so the player sends it straight to a chat or a mail.
//!
//! Compiled on every platform so that the desktop build checks it; it only
//! runs on Android, where it was not tried (see android/README.md).

use flagfall::platform::{ShareError, ShareSheet};
use jni::errors::Error as JniError;
use jni::objects::{JObject, JValue};
use jni::refs::Global;
use jni::{Env, JavaVM, jni_sig, jni_str};
use std::ffi::c_void;

pub struct Share {
    vm: JavaVM,
    activity: Global<JObject<'static>>,
}

impl Share {
    /// # Safety
    /// As `Gallery::new`: `vm` is the process's `JavaVM` and `activity` a
    /// valid JNI reference to the app's `Activity` during this call.
    pub unsafe fn new(vm: *mut c_void, activity: *mut c_void) -> Result<Share, JniError> {
        // SAFETY: the caller's promise, passed on.
        let (vm, activity) = unsafe { crate::gallery::hold_activity(vm, activity) }?;
        Ok(Share { vm, activity })
    }

    /// `startActivity(Intent.createChooser(send, title))`, where `send` is an
    /// `ACTION_SEND` of `mime` carrying `what`.
    fn send(&self, env: &mut Env, title: &str, mime: &str, what: What) -> Result<(), JniError> {
        let action = env.new_string("android.intent.action.SEND")?;
        let send = env.new_object(
            jni_str!("android/content/Intent"),
            jni_sig!("(Ljava/lang/String;)V"),
            &[JValue::Object(&action)],
        )?;
        let mime = env.new_string(mime)?;
        env.call_method(
            &send,
            jni_str!("setType"),
            jni_sig!("(Ljava/lang/String;)Landroid/content/Intent;"),
            &[JValue::Object(&mime)],
        )?;
        match what {
            What::Text(text) => {
                let (key, value) = (
                    env.new_string("android.intent.extra.TEXT")?,
                    env.new_string(text)?,
                );
                env.call_method(
                    &send,
                    jni_str!("putExtra"),
                    jni_sig!("(Ljava/lang/String;Ljava/lang/String;)Landroid/content/Intent;"),
                    &[JValue::Object(&key), JValue::Object(&value)],
                )?;
            }
            What::File(address) => {
                let address = env.new_string(address)?;
                let uri = env
                    .call_static_method(
                        jni_str!("android/net/Uri"),
                        jni_str!("parse"),
                        jni_sig!("(Ljava/lang/String;)Landroid/net/Uri;"),
                        &[JValue::Object(&address)],
                    )?
                    .l()?;
                let key = env.new_string("android.intent.extra.STREAM")?;
                env.call_method(
                    &send,
                    jni_str!("putExtra"),
                    jni_sig!("(Ljava/lang/String;Landroid/os/Parcelable;)Landroid/content/Intent;"),
                    &[JValue::Object(&key), JValue::Object(&uri)],
                )?;
                // FLAG_GRANT_READ_URI_PERMISSION: the app chosen may read the file.
                env.call_method(
                    &send,
                    jni_str!("addFlags"),
                    jni_sig!("(I)Landroid/content/Intent;"),
                    &[JValue::Int(1)],
                )?;
            }
        }
        let title = env.new_string(title)?;
        let chooser = env
            .call_static_method(
                jni_str!("android/content/Intent"),
                jni_str!("createChooser"),
                jni_sig!(
                    "(Landroid/content/Intent;Ljava/lang/CharSequence;)Landroid/content/Intent;"
                ),
                &[JValue::Object(&send), JValue::Object(&title)],
            )?
            .l()?;
        env.call_method(
            &self.activity,
            jni_str!("startActivity"),
            jni_sig!("(Landroid/content/Intent;)V"),
            &[JValue::Object(&chooser)],
        )?;
        Ok(())
    }

    /// Sends `what` through the share sheet on this thread, attached to Java.
    fn share(&self, title: &str, mime: &str, what: What) -> Result<(), ShareError> {
        self.vm
            .attach_current_thread(|env| -> Result<Result<(), ShareError>, JniError> {
                Ok(self.send(env, title, mime, what).map_err(|e| {
                    env.exception_clear();
                    ShareError::NotOpened(e.to_string())
                }))
            })
            .map_err(|e| ShareError::Unreachable(e.to_string()))?
    }
}

/// What a share carries: text, or a file by its `content://` address.
#[derive(Clone, Copy)]
enum What<'a> {
    Text(&'a str),
    File(&'a str),
}

impl ShareSheet for Share {
    fn share_text(&self, title: &str, text: &str) -> Result<(), ShareError> {
        self.share(title, "text/plain", What::Text(text))
    }

    fn share_file(&self, title: &str, address: &str, mime: &str) -> Result<(), ShareError> {
        self.share(title, mime, What::File(address))
    }
}
