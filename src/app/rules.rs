//! The rules screen's controller (`ui/rules.slint`, global `RulesAdapter`):
//! the rules text of every variant, opened at the one chosen on the home screen.

use super::{App, AppWindow, RulesAdapter, State, router};
use crate::core::rules_text::rules_text;
use crate::i18n::translate;
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};

pub(super) fn connect(app: &App) {
    let rules = app.window().global::<RulesAdapter>();
    fill(app.window(), &app.state.borrow());
    rules.on_back(app.unit(|s, _| s.route.overlay = router::Overlay::None));
}

/// The variants' names and rules, in the language chosen now.
fn fill(w: &AppWindow, s: &State) {
    let rules = w.global::<RulesAdapter>();
    let names: Vec<SharedString> = s
        .home
        .variants
        .iter()
        .map(|v| translate(&v.name).into())
        .collect();
    let texts: Vec<SharedString> = s
        .home
        .variants
        .iter()
        .map(|v| rules_text(v).into())
        .collect();
    rules.set_variant_names(ModelRc::new(VecModel::from(names)));
    rules.set_texts(ModelRc::new(VecModel::from(texts)));
}

/// Opens the rules at the variant chosen on the home screen.
pub(super) fn show(s: &mut State, w: &AppWindow) {
    s.route.overlay = router::Overlay::Rules;
    fill(w, s);
    w.global::<RulesAdapter>()
        .set_variant_index(s.home.selected as i32);
}
