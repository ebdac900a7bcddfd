//! Distinct-turn generation: a depth-first search over token sequences from the turn's start,
//! with a visited set over intermediate states (board, carried piece, ring, steps and actions
//! left; see [`crate::table`]). Every state whose key is new and which may end the turn is a
//! new distinct turn, so each result is listed once, in the order first reached.

use crate::krux_move::Move;
use crate::state::Krux;
use crate::table::{Visit, Visited};
use crate::turn::TurnState;
use std::cell::RefCell;

/// Reusable search scratch: the visited table.
pub(crate) struct Generator {
    visited: Visited,
}

thread_local! {
    /// One generator per thread, so `legal_moves(&self)` allocates nothing in steady state.
    static GENERATOR: RefCell<Generator> = RefCell::new(Generator::new());
}

impl Generator {
    /// A generator with a table sized for typical searches (it grows if one needs more).
    pub fn new() -> Generator {
        Generator {
            visited: Visited::new(15),
        }
    }

    /// Fills `out` with every distinct turn of `k` (nothing if the game is over).
    pub fn generate(&mut self, k: &Krux, out: &mut Vec<Move>) {
        out.clear();
        if k.is_over() {
            return;
        }
        self.visited.clear();
        let root = TurnState::start(k);
        self.search(&root, out);
    }

    /// Intermediate states the last search kept (for statistics).
    pub fn states(&self) -> usize {
        self.visited.len()
    }

    fn search(&mut self, st: &TurnState, out: &mut Vec<Move>) {
        match self.visited.visit(st.key(), st.budget()) {
            Visit::Dominated => return,
            Visit::Explore { first } => {
                if first && st.can_finish() {
                    out.push(Move(st.key()));
                }
            }
        }
        st.expand(|_, child| self.search(child, out));
    }
}

/// Every distinct turn of `k`, with the thread's generator.
pub(crate) fn generate(k: &Krux, out: &mut Vec<Move>) {
    GENERATOR.with(|g| g.borrow_mut().generate(k, out));
}

/// Every distinct turn and the number of distinct intermediate keys searched.
pub(crate) fn generate_counting(k: &Krux, out: &mut Vec<Move>) -> usize {
    GENERATOR.with(|g| {
        let mut g = g.borrow_mut();
        g.generate(k, out);
        g.states()
    })
}
