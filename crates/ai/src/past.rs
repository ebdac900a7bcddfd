//! The game's past as a search sees it: earlier positions (for repetitions) and the ply limit.
//! (Not the history heuristic of move ordering, which is in `alphabeta/ordering.rs`.)

use arbiter_core::{Heuristics, Session};

/// What a search needs to know of the session's past.
#[derive(Debug, Clone)]
pub(crate) struct Past {
    /// Repetition keys of every position before the current one, oldest first (empty when
    /// repetition is off).
    pub keys: Vec<u64>,
    /// Whether repetitions draw (then a search scores a repeated position as a draw).
    pub repetition: bool,
    /// Plies still allowed by the ply limit from the current position, if there is one.
    pub plies_left: Option<u32>,
}

impl Past {
    /// Reads the session.
    pub fn of<G: Heuristics>(session: &Session<G>) -> Past {
        let rules = session.rules();
        let mut keys = Vec::new();
        if rules.repetition {
            let mut game = session.start().clone();
            for &mv in session.moves() {
                keys.push(game.repetition_key());
                game.play(mv);
            }
        }
        let plies_left = rules.ply_limit.map(|limit| limit.saturating_sub(session.ply() as u32));
        Past {
            keys,
            repetition: rules.repetition,
            plies_left,
        }
    }

    /// Whether the game is drawn by the ply limit `ply` plies below the current position.
    #[inline]
    pub fn ply_limit_reached(&self, ply: u32) -> bool {
        self.plies_left.is_some_and(|left| ply >= left)
    }
}

/// What every search starts from: the position, its past and the running clock; `None` when
/// the game is over and there is nothing to choose.
pub(crate) fn start_search<'a, G: Heuristics>(
    session: &Session<G>,
    limits: crate::Limits,
    stop: &'a std::sync::atomic::AtomicBool,
) -> Option<(G, Past, crate::Clock<'a>)> {
    if session.ending().is_some() {
        return None;
    }
    Some((
        session.current().clone(),
        Past::of(session),
        crate::Clock::start(limits, stop),
    ))
}
