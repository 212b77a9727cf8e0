//! The rules screen's controller (`ui/rules.slint`, global `RulesAdapter`):
//! the rules text of every variant, opened at the one chosen on the home screen.

use super::{App, AppWindow, RulesAdapter, State, router};
use crate::core::rules_text::rules_text;
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};

pub(super) fn connect(app: &App) {
    let rules = app.window().global::<RulesAdapter>();
    let state = app.state.borrow();
    let names: Vec<SharedString> = state
        .home
        .variants
        .iter()
        .map(|v| v.name.as_str().into())
        .collect();
    let texts: Vec<SharedString> = state
        .home
        .variants
        .iter()
        .map(|v| rules_text(v).into())
        .collect();
    rules.set_variant_names(ModelRc::new(VecModel::from(names)));
    rules.set_texts(ModelRc::new(VecModel::from(texts)));
    rules.on_back(app.unit(|s, _| s.route.overlay = router::Overlay::None));
}

/// Opens the rules at the variant chosen on the home screen.
pub(super) fn show(s: &mut State, w: &AppWindow) {
    s.route.overlay = router::Overlay::Rules;
    w.global::<RulesAdapter>()
        .set_variant_index(s.home.selected as i32);
}
