//! The hint: the move the strongest computer player would make for the
//! player, from the player's view alone, worked out where the computer
//! thinks (`thinking`: a worker thread in the app, at once in tests); the
//! expert thinks for as long as the computer would.

use crate::ai::thinking::{Question, Thinker};
use crate::ai::{Level, ThinkTime};
use crate::core::moves::Action;
use crate::core::view::PlayerView;
use std::sync::mpsc::{Receiver, TryRecvError};

/// A hint being worked out, for the position at one ply.
#[derive(Default)]
pub struct HintWorker {
    pending: Option<(u32, Receiver<Option<Action>>)>,
}

impl HintWorker {
    /// Starts working out the hint in `view` (the player's) where
    /// `thinker` says; any hint asked for before is dropped.
    pub fn ask(&mut self, view: PlayerView, seed: u64, think_time: ThinkTime, thinker: &Thinker) {
        let ply = view.ply;
        let receiver = thinker.ask(Question {
            level: Level::STRONGEST,
            view,
            seed,
            think: think_time.into(),
            memory: None,
        });
        self.pending = Some((ply, receiver));
    }

    /// Whether a hint is being worked out or waits to be collected.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// The hint once worked out: `Some(Some(action))` if the game still
    /// stands at the ply it was asked at (`ply`), `Some(None)` when there is
    /// nothing to suggest (no move, a position since changed, a worker that
    /// failed); `None` while it is being worked out, or when none was asked
    /// for.
    pub fn collect(&mut self, ply: Option<u32>) -> Option<Option<Action>> {
        let (asked_at, receiver) = self.pending.as_ref()?;
        let current = ply == Some(*asked_at);
        let hint = match receiver.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
            Ok(hint) => hint.filter(|_| current),
        };
        self.pending = None;
        Some(hint)
    }

    /// Forgets the hint being worked out (the position changed).
    pub fn drop_pending(&mut self) {
        self.pending = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::options::GameOptions;
    use crate::core::side::Side;
    use crate::core::variant::builtin_variant;
    use rand::SeedableRng;

    fn opening_view() -> PlayerView {
        let variant = builtin_variant("classic").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        Game::random(variant.clone(), GameOptions::defaults(&variant), &mut rng).view(Side::Red)
    }

    #[test]
    fn a_hint_is_a_legal_move_of_the_players() {
        let view = opening_view();
        let mut hint = HintWorker::default();
        hint.ask(view.clone(), 1, ThinkTime::Quick, &Thinker::AtOnce);
        let Some(Some(Action::Move(m))) = hint.collect(Some(view.ply)) else {
            panic!("a move");
        };
        assert!(view.legal_moves.contains(&m), "{m:?}");
        assert!(!hint.thinking());
    }

    #[test]
    fn a_hint_for_a_position_since_changed_is_dropped() {
        let view = opening_view();
        let mut hint = HintWorker::default();
        hint.ask(view.clone(), 1, ThinkTime::Quick, &Thinker::AtOnce);
        assert_eq!(hint.collect(Some(view.ply + 1)), Some(None));
        assert!(!hint.thinking(), "and forgotten");
        hint.ask(view.clone(), 1, ThinkTime::Quick, &Thinker::AtOnce);
        hint.drop_pending();
        assert_eq!(hint.collect(Some(view.ply)), None);
    }

    #[test]
    fn a_hint_worked_out_on_another_thread_arrives() {
        let view = opening_view();
        let mut hint = HintWorker::default();
        hint.ask(view.clone(), 1, ThinkTime::Quick, &Thinker::OnAThread);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let arrived = loop {
            if let Some(arrived) = hint.collect(Some(view.ply)) {
                break arrived;
            }
            assert!(hint.thinking(), "still being worked out");
            assert!(std::time::Instant::now() < deadline, "no hint in a minute");
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        assert!(matches!(arrived, Some(Action::Move(_))), "{arrived:?}");
    }
}
