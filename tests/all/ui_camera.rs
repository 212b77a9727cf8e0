//! Reading codes with a camera the platform gives (a browser's), through
//! the real UI: "Scan with the camera" shows only where there is one; the
//! codes it reads go on as a read code does; a camera refused says what
//! else to do, and one closed by the player says nothing.

use crate::common;

use common::ui::*;
use flagfall::app::{App, AppConfig};
use flagfall::link::CameraError;
use flagfall::link::PictureError;
use flagfall::link::scan::camera::{Camera, SightedCodes, Watch};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A camera that answers each scan with the next of its answers, and
/// counts the scans.
#[derive(Default)]
struct Answers {
    next: RefCell<VecDeque<Result<SightedCodes, PictureError>>>,
    scans: RefCell<u32>,
}

impl Camera for Answers {
    fn scan(&self, _watch: Watch) -> Receiver<Result<SightedCodes, PictureError>> {
        *self.scans.borrow_mut() += 1;
        let (sender, receiver) = channel();
        if let Some(answer) = self.next.borrow_mut().pop_front() {
            sender.send(answer).unwrap();
        }
        receiver
    }
}

fn app_with(camera: Rc<Answers>) -> App {
    app_of(AppConfig {
        platform: flagfall::app::Platform {
            camera: Some(camera),
            ..Default::default()
        },
        ..AppConfig::in_memory(6)
    })
}

/// The app's timer collects what the camera read.
fn let_the_camera_answer() {
    for _ in 0..3 {
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(40));
    }
}

#[test]
fn no_camera_no_scan_button() {
    let app = new_app(6);
    tap(&app, "Read a code");
    assert_eq!(screen(&app), "codes");
    assert!(!labels(&app).iter().any(|l| l == "Scan with the camera"));
}

#[test]
fn the_camera_reads_the_invitation_and_the_game_starts() {
    let inviter = new_app(5);
    let invitation = invite_other_device(&inviter);

    let camera = Rc::new(Answers::default());
    camera.next.borrow_mut().extend([
        Err(PictureError::Camera(CameraError::Closed)),
        Err(PictureError::Camera(CameraError::Denied)),
        Ok(SightedCodes::unsighted(vec![invitation])),
    ]);
    let joiner = app_with(Rc::clone(&camera));
    tap(&joiner, "Read a code");
    assert_eq!(screen(&joiner), "codes");
    let before = labels(&joiner);

    // Closed by the player: nothing is said.
    tap(&joiner, "Scan with the camera");
    let_the_camera_answer();
    assert_eq!(labels(&joiner), before);

    // Refused: the screen says so, and what else to do.
    tap(&joiner, "Scan with the camera");
    let_the_camera_answer();
    assert_shows(&joiner, "reading: the camera was not allowed");
    assert_eq!(screen(&joiner), "codes");

    // Read: the joiner is in the game, setting up as Blue.
    tap(&joiner, "Scan with the camera");
    let_the_camera_answer();
    assert_eq!(*camera.scans.borrow(), 3);
    assert_eq!(screen(&joiner), "setup", "{:?}", labels(&joiner));
}
