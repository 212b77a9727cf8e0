//! The phone's Downloads as the place saved files go (printed sheets, game
//! records, pictures of codes): a file is written through Android's
//! `MediaStore` into Download/Flagfall (Android 10 and later, no permission
//! needed), or into the app's folder on the shared storage (Android 8 and 9,
//! reachable over USB and from file managers).
//!
//! Compiled on every platform so that the desktop build checks it; it only
//! runs on Android, where it was not tried (see android/README.md).

use flagfall::platform::{ExportError, Exports, Kept};
use jni::errors::Error as JniError;
use jni::objects::{JObject, JString, JValue};
use jni::refs::Global;
use jni::{Env, JavaVM, jni_sig, jni_str};
use std::ffi::c_void;

/// Bytes handed to the output stream per JNI call.
const CHUNK: usize = 256 * 1024;
/// Where in Downloads the files go.
const FOLDER: &str = "Download/Flagfall";

pub struct Downloads {
    vm: JavaVM,
    activity: Global<JObject<'static>>,
}

impl Downloads {
    /// # Safety
    /// As `Gallery::new`: `vm` is the process's `JavaVM` and `activity` a
    /// valid JNI reference to the app's `Activity` during this call.
    pub unsafe fn new(vm: *mut c_void, activity: *mut c_void) -> Result<Downloads, JniError> {
        // SAFETY: the caller's promise, passed on.
        let (vm, activity) = unsafe { crate::gallery::hold_activity(vm, activity) }?;
        Ok(Downloads { vm, activity })
    }

    fn keep_in(
        &self,
        env: &mut Env,
        file_name: &str,
        mime: &str,
        bytes: &[u8],
    ) -> Result<(String, Option<String>), String> {
        let sdk = crate::gallery::sdk_version(env).map_err(|e| e.to_string())?;
        if sdk >= 29 {
            self.write_to_media_store(env, file_name, mime, bytes)
                .map(|address| (format!("{FOLDER}/{file_name}"), Some(address)))
                .map_err(|e| {
                    env.exception_clear();
                    format!("Android would not take the file ({e})")
                })
        } else {
            let dir = self.app_folder(env).map_err(|e| {
                env.exception_clear();
                format!("the shared storage cannot be reached ({e})")
            })?;
            let path = std::path::Path::new(&dir).join(file_name);
            flagfall::platform::write_atomic(&path, bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            // (No content address here: Android 8 and 9 share no file by path.)
            Ok((path.display().to_string(), None))
        }
    }

    /// `ContentResolver.insert` into `MediaStore.Downloads`, then the bytes
    /// through `openOutputStream`; the new item's `content://` address.
    fn write_to_media_store(
        &self,
        env: &mut Env,
        file_name: &str,
        mime: &str,
        bytes: &[u8],
    ) -> Result<String, JniError> {
        let values = env.new_object(
            jni_str!("android/content/ContentValues"),
            jni_sig!("()V"),
            &[],
        )?;
        for (key, value) in [
            ("_display_name", file_name),
            ("mime_type", mime),
            ("relative_path", FOLDER),
        ] {
            let (key, value) = (env.new_string(key)?, env.new_string(value)?);
            env.call_method(
                &values,
                jni_str!("put"),
                jni_sig!("(Ljava/lang/String;Ljava/lang/String;)V"),
                &[JValue::Object(&key), JValue::Object(&value)],
            )?;
        }
        let resolver = env
            .call_method(
                self.activity.as_obj(),
                jni_str!("getContentResolver"),
                jni_sig!("()Landroid/content/ContentResolver;"),
                &[],
            )?
            .l()?;
        let downloads = env
            .get_static_field(
                jni_str!("android/provider/MediaStore$Downloads"),
                jni_str!("EXTERNAL_CONTENT_URI"),
                jni_sig!("Landroid/net/Uri;"),
            )?
            .l()?;
        let item = env
            .call_method(
                &resolver,
                jni_str!("insert"),
                jni_sig!("(Landroid/net/Uri;Landroid/content/ContentValues;)Landroid/net/Uri;"),
                &[JValue::Object(&downloads), JValue::Object(&values)],
            )?
            .l()?;
        if item.is_null() {
            return Err(JniError::NullPtr("the new download"));
        }
        let stream = env
            .call_method(
                &resolver,
                jni_str!("openOutputStream"),
                jni_sig!("(Landroid/net/Uri;)Ljava/io/OutputStream;"),
                &[JValue::Object(&item)],
            )?
            .l()?;
        let buffer = env.new_byte_array(CHUNK)?;
        let mut written = Ok(());
        for chunk in bytes.chunks(CHUNK) {
            let signed: Vec<i8> = chunk.iter().map(|b| *b as i8).collect();
            written = buffer.set_region(env, 0, &signed).and_then(|()| {
                env.call_method(
                    &stream,
                    jni_str!("write"),
                    jni_sig!("([BII)V"),
                    &[
                        JValue::Object(&buffer),
                        JValue::Int(0),
                        JValue::Int(chunk.len() as i32),
                    ],
                )
                .map(|_| ())
            });
            if written.is_err() {
                break;
            }
        }
        // The stream is closed whatever happened above.
        env.exception_clear();
        env.call_method(&stream, jni_str!("close"), jni_sig!("()V"), &[])?;
        written?;
        let address = env
            .call_method(
                &item,
                jni_str!("toString"),
                jni_sig!("()Ljava/lang/String;"),
                &[],
            )?
            .l()?;
        env.cast_local::<JString>(address)?.try_to_string(env)
    }

    /// `Activity.getExternalFilesDir(null)`, as a path.
    fn app_folder(&self, env: &mut Env) -> Result<String, JniError> {
        let none = JObject::null();
        let dir = env
            .call_method(
                self.activity.as_obj(),
                jni_str!("getExternalFilesDir"),
                jni_sig!("(Ljava/lang/String;)Ljava/io/File;"),
                &[JValue::Object(&none)],
            )?
            .l()?;
        if dir.is_null() {
            return Err(JniError::NullPtr("the shared storage"));
        }
        let path = env
            .call_method(
                &dir,
                jni_str!("getAbsolutePath"),
                jni_sig!("()Ljava/lang/String;"),
                &[],
            )?
            .l()?;
        env.cast_local::<JString>(path)?.try_to_string(env)
    }
}

impl Exports for Downloads {
    fn keep(&self, file_name: &str, mime: &str, bytes: &[u8]) -> Result<Kept, ExportError> {
        let (place, address) = self
            .vm
            .attach_current_thread(
                |env| -> Result<Result<(String, Option<String>), String>, JniError> {
                    Ok(self.keep_in(env, file_name, mime, bytes))
                },
            )
            .map_err(|e| format!("Android cannot be reached ({e})"))
            .and_then(|kept| kept)
            .map_err(|why| ExportError::Platform(why.into()))?;
        // A phone has no file manager to open from here; the share sheet
        // sends the file on by its address.
        Ok(Kept {
            place,
            folder: None,
            address,
        })
    }
}
