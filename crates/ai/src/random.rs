//! The random mover: a uniformly random legal move.

use crate::{Agent, Choice, SearchInfo};
use arbiter_core::{Heuristics, Session};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;

/// Plays a uniformly random legal move (the game's `random_move`).
pub struct RandomAgent {
    rng: SmallRng,
}

impl RandomAgent {
    /// A random mover reproducible by `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<G: Heuristics> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(
        &mut self,
        session: &Session<G>,
        _stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Choice<G::Move>> {
        if session.ending().is_some() {
            return None;
        }
        let game = session.current();
        let mv = game.random_move(&mut self.rng, &mut Vec::new())?;
        let mut info = SearchInfo::empty();
        info.pv = vec![game.format_move(mv)];
        on_info(&info);
        Some(Choice { mv, info })
    }
}
