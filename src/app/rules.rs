//! The rules screen's controller (`ui/rules.slint`, global `RulesAdapter`):
//! the rules text of every variant, opened at the one chosen on the home screen.

use super::effect::Effect;
use super::{App, AppWindow, RulesAdapter};
use crate::core::rules_text::rules_text;
use crate::core::variant::Variant;
use crate::i18n::translate;
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};
use std::sync::Arc;

/// The texts are filled when the screen opens (`show`), not at start.
pub(super) fn connect(app: &App) {
    let rules = app.window().global::<RulesAdapter>();
    rules.on_back(app.unit(|_, _| Effect::Overlay(None)));
}

/// The variants' names and rules, in the language chosen now.
fn fill(w: &AppWindow, variants: &[Arc<Variant>]) {
    let rules = w.global::<RulesAdapter>();
    let names: Vec<SharedString> = variants.iter().map(|v| translate(&v.name).into()).collect();
    let texts: Vec<SharedString> = variants.iter().map(|v| rules_text(v).into()).collect();
    rules.set_variant_names(ModelRc::new(VecModel::from(names)));
    rules.set_texts(ModelRc::new(VecModel::from(texts)));
}

/// Fills the rules of `variants`, opened at the one numbered `selected`.
pub(super) fn show(w: &AppWindow, variants: &[Arc<Variant>], selected: usize) {
    fill(w, variants);
    w.global::<RulesAdapter>()
        .set_variant_index(selected as i32);
}
