//! The variants shipped in `variants/`, parsed once.

use super::{Variant, VariantError};
use std::sync::{Arc, OnceLock};

include!(concat!(env!("OUT_DIR"), "/builtin_variants.rs"));

/// Every built-in variant that loaded, and the files that did not (which a
/// release never has: a test loads them all).
#[derive(Debug)]
pub struct BuiltinVariants {
    pub variants: Vec<Arc<Variant>>,
    pub errors: Vec<VariantError>,
}

pub fn builtin() -> &'static BuiltinVariants {
    static BUILTIN: OnceLock<BuiltinVariants> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        let mut variants = Vec::new();
        let mut errors = Vec::new();
        for (name, text) in BUILTIN_FILES {
            match Variant::from_json(name, text) {
                Ok(variant) => variants.push(Arc::new(variant)),
                Err(error) => errors.push(error),
            }
        }
        BuiltinVariants { variants, errors }
    })
}

/// The built-in variant with this id ("classic", "domino", ...).
pub fn builtin_variant(id: &str) -> Option<Arc<Variant>> {
    builtin().variants.iter().find(|v| v.id == id).cloned()
}
