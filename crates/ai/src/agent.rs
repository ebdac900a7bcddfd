//! The typed agent interface.

use crate::SearchInfo;
use arbiter_core::{Heuristics, Session};
use std::sync::atomic::AtomicBool;

/// A move chosen by an agent, with the search's final report.
#[derive(Debug, Clone)]
pub struct Choice<M> {
    /// The move; always legal in the session it was chosen for.
    pub mv: M,
    /// The final report.
    pub info: SearchInfo,
}

/// A computer player for the game `G`.
///
/// An agent carries its own [`crate::Limits`] (set when it is built) and may keep state between
/// moves of one game (MCTS reuses its tree, alpha-beta its transposition table): give it the
/// moves of one game in order, and call [`Agent::new_game`] before another game.
pub trait Agent<G: Heuristics>: Send {
    /// A short description: `mcts`, `alphabeta`, `random`.
    fn name(&self) -> String;

    /// Chooses a move for the side to move in `session`, calling `on_info` while it thinks.
    /// Returns `None` only when the game is over. Stops early when `stop` is set.
    fn choose(
        &mut self,
        session: &Session<G>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Choice<G::Move>>;

    /// Forgets what was kept from earlier moves.
    fn new_game(&mut self) {}
}
