//! The phone's gallery as a place to read codes from: the newest pictures in
//! Android's `MediaStore` (photos from the camera app, screenshots, pictures
//! saved from a chat), read through JNI. A player photographs the other
//! device's code with the camera app, comes back, and taps "Read the newest
//! picture".
//!
//! Compiled on every platform so that the desktop build checks it; it only
//! runs on Android, where it was not tried (see android/README.md).

use flagfall::link::{MAX_PICTURE_FILE_BYTES, PhotoSource, PhotosUnreachable};
use jni::errors::Error as JniError;
use jni::objects::{JByteArray, JObject, JString, JValue};
use jni::refs::Global;
use jni::{Env, JavaVM, jni_sig, jni_str};
use std::ffi::c_void;

/// Bytes read from a picture's stream per JNI call.
const CHUNK: usize = 256 * 1024;

/// The newest pictures in the gallery, newest first.
pub struct Gallery {
    vm: JavaVM,
    activity: Global<JObject<'static>>,
}

/// Why the gallery could not be read.
#[derive(Debug)]
enum Problem {
    /// The player has not allowed reading photos yet; Android was asked.
    NotAllowed,
    /// The gallery gave no list of pictures.
    NoGallery,
    Jni(JniError),
}

impl From<JniError> for Problem {
    fn from(e: JniError) -> Problem {
        Problem::Jni(e)
    }
}

impl Gallery {
    /// # Safety
    /// `vm` must be the process's `JavaVM` and `activity` a valid JNI
    /// reference to the app's `Activity` for the duration of this call
    /// (`AndroidApp::vm_as_ptr` and `activity_as_ptr`).
    pub unsafe fn new(vm: *mut c_void, activity: *mut c_void) -> Result<Gallery, JniError> {
        // SAFETY: the caller's promise, passed on.
        let (vm, activity) = unsafe { hold_activity(vm, activity) }?;
        Ok(Gallery { vm, activity })
    }

    fn visit(
        &self,
        env: &mut Env,
        limit: usize,
        visit: &mut dyn FnMut(&str, &[u8]) -> bool,
    ) -> Result<(), Problem> {
        let activity = self.activity.as_obj();
        let sdk = sdk_version(env)?;
        let permission = env.new_string(read_permission(sdk))?;
        let granted = env
            .call_method(
                activity,
                jni_str!("checkSelfPermission"),
                jni_sig!("(Ljava/lang/String;)I"),
                &[JValue::Object(&permission)],
            )?
            .i()?;
        let strings = env.find_class(jni_str!("java/lang/String"))?;
        if granted != 0 {
            // Android shows its question; the player taps the button again after.
            let asked = env.new_object_array(1, &strings, &permission)?;
            env.call_method(
                activity,
                jni_str!("requestPermissions"),
                jni_sig!("([Ljava/lang/String;I)V"),
                &[JValue::Object(&asked), JValue::Int(1)],
            )?;
            return Err(Problem::NotAllowed);
        }
        let resolver = env
            .call_method(
                activity,
                jni_str!("getContentResolver"),
                jni_sig!("()Landroid/content/ContentResolver;"),
                &[],
            )?
            .l()?;
        let images = env
            .get_static_field(
                jni_str!("android/provider/MediaStore$Images$Media"),
                jni_str!("EXTERNAL_CONTENT_URI"),
                jni_sig!("Landroid/net/Uri;"),
            )?
            .l()?;
        let columns = env.new_object_array(2, &strings, JObject::null())?;
        for (i, name) in ["_id", "_display_name"].into_iter().enumerate() {
            let name = env.new_string(name)?;
            columns.set_element(env, i, &name)?;
        }
        let newest_first = env.new_string("date_added DESC")?;
        let none = JObject::null();
        let cursor = env
            .call_method(
                &resolver,
                jni_str!("query"),
                jni_sig!(
                    "(Landroid/net/Uri;[Ljava/lang/String;Ljava/lang/String;[Ljava/lang/String;Ljava/lang/String;)Landroid/database/Cursor;"
                ),
                &[
                    JValue::Object(&images),
                    JValue::Object(&columns),
                    JValue::Object(&none),
                    JValue::Object(&none),
                    JValue::Object(&newest_first),
                ],
            )?
            .l()?;
        if cursor.is_null() {
            return Err(Problem::NoGallery);
        }
        let buffer = env.new_byte_array(CHUNK)?;
        let mut shown = 0;
        let result = (|| -> Result<(), Problem> {
            while shown < limit
                && env
                    .call_method(&cursor, jni_str!("moveToNext"), jni_sig!("()Z"), &[])?
                    .z()?
            {
                let id = env
                    .call_method(
                        &cursor,
                        jni_str!("getLong"),
                        jni_sig!("(I)J"),
                        &[JValue::Int(0)],
                    )?
                    .j()?;
                let name = env
                    .call_method(
                        &cursor,
                        jni_str!("getString"),
                        jni_sig!("(I)Ljava/lang/String;"),
                        &[JValue::Int(1)],
                    )?
                    .l()?;
                let name = if name.is_null() {
                    format!("picture {}", shown + 1)
                } else {
                    env.cast_local::<JString>(name)?.try_to_string(env)?
                };
                let item = env
                    .call_static_method(
                        jni_str!("android/content/ContentUris"),
                        jni_str!("withAppendedId"),
                        jni_sig!("(Landroid/net/Uri;J)Landroid/net/Uri;"),
                        &[JValue::Object(&images), JValue::Long(id)],
                    )?
                    .l()?;
                shown += 1;
                // A picture that cannot be opened (deleted since, or on a
                // removed card), or larger than any real one, is passed over.
                let Ok(Some(bytes)) = read_all(env, &resolver, &item, &buffer) else {
                    env.exception_clear();
                    continue;
                };
                if visit(&name, &bytes) {
                    break;
                }
            }
            Ok(())
        })();
        // The cursor is closed whatever happened above.
        env.exception_clear();
        env.call_method(&cursor, jni_str!("close"), jni_sig!("()V"), &[])?;
        result
    }
}

/// The permission that lets an app read the photos of others (the camera
/// app's): Android 13 split it out of the storage permission.
fn read_permission(sdk_version: i32) -> &'static str {
    if sdk_version >= 33 {
        "android.permission.READ_MEDIA_IMAGES"
    } else {
        "android.permission.READ_EXTERNAL_STORAGE"
    }
}

/// The process's `JavaVM` and our own global reference to the activity.
///
/// # Safety
/// As [`Gallery::new`].
pub(crate) unsafe fn hold_activity(
    vm: *mut c_void,
    activity: *mut c_void,
) -> Result<(JavaVM, Global<JObject<'static>>), JniError> {
    // SAFETY: the caller passes the process's JavaVM.
    let vm = unsafe { JavaVM::from_raw(vm.cast()) };
    let activity = vm.attach_current_thread(|env| {
        // SAFETY: a valid reference, only borrowed here to make our own.
        let borrowed = unsafe { JObject::from_raw(env, activity.cast()) };
        env.new_global_ref(&borrowed)
    })?;
    Ok((vm, activity))
}

pub(crate) fn sdk_version(env: &mut Env) -> Result<i32, JniError> {
    env.get_static_field(
        jni_str!("android/os/Build$VERSION"),
        jni_str!("SDK_INT"),
        jni_sig!("I"),
    )?
    .i()
}

/// A picture's whole file, through `ContentResolver.openInputStream`; none
/// when it holds more than `MAX_PICTURE_FILE_BYTES` (reading stops there).
fn read_all(
    env: &mut Env,
    resolver: &JObject,
    item: &JObject,
    buffer: &JByteArray,
) -> Result<Option<Vec<u8>>, JniError> {
    let stream = env
        .call_method(
            resolver,
            jni_str!("openInputStream"),
            jni_sig!("(Landroid/net/Uri;)Ljava/io/InputStream;"),
            &[JValue::Object(item)],
        )?
        .l()?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0i8; CHUNK];
    let read = loop {
        let n = match env.call_method(
            &stream,
            jni_str!("read"),
            jni_sig!("([B)I"),
            &[JValue::Object(buffer)],
        ) {
            Ok(n) => n.i()?,
            Err(e) => break Err(e),
        };
        if n < 0 {
            break Ok(true);
        }
        let n = n as usize;
        if (bytes.len() + n) as u64 > MAX_PICTURE_FILE_BYTES {
            break Ok(false);
        }
        buffer.get_region(env, 0, &mut chunk[..n])?;
        bytes.extend(chunk[..n].iter().map(|b| *b as u8));
    };
    env.exception_clear();
    env.call_method(&stream, jni_str!("close"), jni_sig!("()V"), &[])?;
    read.map(|whole| whole.then_some(bytes))
}

impl PhotoSource for Gallery {
    fn place(&self) -> String {
        "your photos".to_string()
    }

    fn visit_newest(
        &self,
        limit: usize,
        visit: &mut dyn FnMut(&str, &[u8]) -> bool,
    ) -> Result<(), PhotosUnreachable> {
        self.vm
            .attach_current_thread(|env| self.visit(env, limit, visit))
            .map_err(|problem| match problem {
                Problem::NotAllowed => PhotosUnreachable::NotAllowed,
                Problem::NoGallery => PhotosUnreachable::NoGallery,
                Problem::Jni(e) => PhotosUnreachable::Platform(e.to_string()),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::read_permission;

    #[test]
    fn android_13_asks_for_images_and_older_ones_for_storage() {
        assert_eq!(read_permission(33), "android.permission.READ_MEDIA_IMAGES");
        assert_eq!(read_permission(34), "android.permission.READ_MEDIA_IMAGES");
        assert_eq!(
            read_permission(32),
            "android.permission.READ_EXTERNAL_STORAGE"
        );
        assert_eq!(
            read_permission(26),
            "android.permission.READ_EXTERNAL_STORAGE"
        );
    }
}
