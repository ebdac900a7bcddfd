//! Distinct-turn generation: a depth-first search over token sequences from the turn's start,
//! with a visited set over intermediate states (board, carried piece, ring, steps and actions
//! left; see [`crate::table`]). Every state whose key is new and which may end the turn is a
//! new distinct turn, so each result is listed once, in the order first reached.

use crate::board::Krux;
use crate::moves::Move;
use crate::table::{Visit, Visited};
use crate::turn::TurnState;
use std::cell::RefCell;

/// Reusable search scratch: the visited table.
struct Generator {
    visited: Visited,
}

thread_local! {
    /// One generator per thread, so `legal_moves(&self)` allocates nothing in steady state.
    static GENERATOR: RefCell<Generator> = RefCell::new(Generator::new());
}

impl Generator {
    /// A generator with a table sized for typical searches (it grows if one needs more).
    fn new() -> Generator {
        Generator {
            visited: Visited::new(15),
        }
    }

    /// Fills `out` with every distinct turn of `k` (nothing if the game is over).
    fn generate(&mut self, k: &Krux, out: &mut Vec<Move>) {
        out.clear();
        if k.is_over() {
            return;
        }
        self.visited.clear();
        let root = TurnState::start(k);
        self.search(&root, out);
    }

    fn search(&mut self, st: &TurnState, out: &mut Vec<Move>) {
        match self.visited.visit(st.key(), st.budget()) {
            Visit::Dominated => return,
            Visit::Explore { first } => {
                if first && st.can_finish() {
                    out.push(st.result());
                }
            }
        }
        st.expand(|_, child| self.search(child, out));
    }
}

/// Every distinct turn of `k` into `out`, with the thread's generator.
pub(crate) fn legal_moves(k: &Krux, out: &mut Vec<Move>) {
    GENERATOR.with(|g| g.borrow_mut().generate(k, out));
}

impl Krux {
    /// Generates every distinct turn into `moves` and returns how many distinct intermediate
    /// boards the search visited (a measure of its work).
    pub fn legal_moves_counting(&self, moves: &mut Vec<Move>) -> usize {
        GENERATOR.with(|g| {
            let mut g = g.borrow_mut();
            g.generate(self, moves);
            g.visited.len()
        })
    }
}
