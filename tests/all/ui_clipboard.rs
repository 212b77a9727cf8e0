//! The codes screens' Copy and Paste and read through a clipboard the
//! platform gives (a browser page's), through the real UI.

use crate::common;

use common::ui::*;
use flagfall::app::{App, AppConfig};
use flagfall::link::PictureError;
use flagfall::link::scan::clipboard::{Clipboard, pasted};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A clipboard holding one text.
#[derive(Default)]
struct Held(RefCell<String>);

impl Clipboard for Held {
    fn copy_text(&self, text: &str) {
        *self.0.borrow_mut() = text.to_owned();
    }

    fn paste_text(&self) -> Receiver<Result<Vec<String>, PictureError>> {
        let (sender, receiver) = channel();
        sender.send(pasted(self.0.borrow().clone())).unwrap();
        receiver
    }
}

fn app_with(clipboard: Rc<Held>, seed: u64) -> App {
    app_of(AppConfig {
        platform: flagfall::app::Platform {
            clipboard: Some(clipboard),
            ..Default::default()
        },
        ..AppConfig::in_memory(seed)
    })
}

#[test]
fn a_copied_invitation_pasted_on_the_other_app_starts_the_game() {
    let clipboard = Rc::new(Held::default());
    let inviter = app_with(Rc::clone(&clipboard), 5);
    let invitation = invite_other_device(&inviter);
    tap(&inviter, "Copy the code's text");
    assert_eq!(*clipboard.0.borrow(), invitation);

    let joiner = app_with(Rc::clone(&clipboard), 6);
    tap(&joiner, "Read a code");
    tap(&joiner, "Paste and read");
    for _ in 0..3 {
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(40));
    }
    assert_eq!(screen(&joiner), "setup", "{:?}", labels(&joiner));
}
