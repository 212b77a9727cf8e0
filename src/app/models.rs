//! Models kept for the life of the app and updated in place: a screen's
//! list is set once on its global, and each refresh changes only the rows
//! that differ, so Slint redraws only those.

use slint::{Model, ModelRc, SharedString, VecModel};
use std::rc::Rc;

/// A list model, shared between the controller and its screen's global.
pub(super) type List<T> = Rc<VecModel<T>>;

pub(super) fn list<T: Clone + 'static>() -> List<T> {
    Rc::new(VecModel::default())
}

/// The model handle a global's property takes.
pub(super) fn handle<T: Clone + 'static>(list: &List<T>) -> ModelRc<T> {
    ModelRc::from(Rc::clone(list))
}

/// Makes `list` hold `rows`, setting only the rows that changed and adding
/// or removing rows at the end.
pub(super) fn update<T: Clone + PartialEq + 'static>(
    list: &VecModel<T>,
    rows: impl IntoIterator<Item = T>,
) {
    let mut count = 0;
    for row in rows {
        if count < list.row_count() {
            if list.row_data(count).as_ref() != Some(&row) {
                list.set_row_data(count, row);
            }
        } else {
            list.push(row);
        }
        count += 1;
    }
    while list.row_count() > count {
        list.remove(list.row_count() - 1);
    }
}

/// `update` for lists of texts.
pub(super) fn update_texts(list: &VecModel<SharedString>, rows: impl IntoIterator<Item = String>) {
    update(list, rows.into_iter().map(SharedString::from));
}

/// The texts `list` holds, in order.
pub(super) fn texts(list: &VecModel<SharedString>) -> Vec<String> {
    list.iter().map(|text| text.to_string()).collect()
}
