//! The computer's strength levels as plain values. A game crate chooses them by measurement, since
//! which search and budget is strong depends on the game; the AI layer turns them into agents.
//! Core describes them without knowing the AI's spec syntax.

use std::fmt;

/// How many strength levels every game has. The AI, the server, the CLI and (through the
/// catalog) the web page all read this one constant.
pub const LEVELS: u8 = 6;

/// A game's strength levels, level 1 first.
pub type Levels = [Strength; LEVELS as usize];

/// Which search a level uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Search {
    /// Monte Carlo tree search with the game's heuristic.
    Mcts,
    /// Alpha-beta with the game's heuristic.
    AlphaBeta,
}

/// One strength level: a search and its budget. At least one budget (time, iterations or depth)
/// is always set, so no level can think forever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Strength {
    /// The search.
    pub search: Search,
    /// Thinking time per move in milliseconds.
    pub millis: Option<u32>,
    /// MCTS iterations per move.
    pub iterations: Option<u32>,
    /// Alpha-beta's deepest iteration in plies.
    pub depth: Option<u8>,
    /// Alpha-beta: how far below even a draw counts for the searching side.
    pub contempt: Option<i32>,
    /// Alpha-beta: null-move pruning, for a game where moving rarely hurts.
    pub null_move: bool,
    /// Alpha-beta: late-move reductions.
    pub reductions: bool,
}

impl Strength {
    const fn of(search: Search) -> Strength {
        Strength {
            search,
            millis: None,
            iterations: None,
            depth: None,
            contempt: None,
            null_move: false,
            reductions: false,
        }
    }

    /// MCTS with a number of iterations per move.
    pub const fn mcts_iterations(iterations: u32) -> Strength {
        Strength {
            iterations: Some(iterations),
            ..Strength::of(Search::Mcts)
        }
    }

    /// MCTS with a thinking time per move.
    pub const fn mcts_millis(millis: u32) -> Strength {
        Strength {
            millis: Some(millis),
            ..Strength::of(Search::Mcts)
        }
    }

    /// Alpha-beta to a fixed depth.
    pub const fn alphabeta_depth(depth: u8) -> Strength {
        Strength {
            depth: Some(depth),
            ..Strength::of(Search::AlphaBeta)
        }
    }

    /// Alpha-beta with a thinking time per move.
    pub const fn alphabeta_millis(millis: u32) -> Strength {
        Strength {
            millis: Some(millis),
            ..Strength::of(Search::AlphaBeta)
        }
    }

    /// The same level, stopping at `depth` plies at the latest.
    pub const fn max_depth(self, depth: u8) -> Strength {
        Strength {
            depth: Some(depth),
            ..self
        }
    }

    /// The same level with a contempt for draws.
    pub const fn contempt(self, contempt: i32) -> Strength {
        Strength {
            contempt: Some(contempt),
            ..self
        }
    }

    /// The same level with null-move pruning.
    pub const fn null_move(self) -> Strength {
        Strength {
            null_move: true,
            ..self
        }
    }

    /// The same level with late-move reductions.
    pub const fn reductions(self) -> Strength {
        Strength {
            reductions: true,
            ..self
        }
    }

    /// Whether the level has a budget, so that it cannot think forever.
    pub const fn is_limited(&self) -> bool {
        self.millis.is_some() || self.iterations.is_some() || self.depth.is_some()
    }
}

/// For people: "alpha-beta, 1 s, depth 3", "MCTS, 60 iterations".
impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.search {
            Search::Mcts => "MCTS",
            Search::AlphaBeta => "alpha-beta",
        })?;
        if let Some(ms) = self.millis {
            if ms % 1000 == 0 {
                write!(f, ", {} s", ms / 1000)?;
            } else {
                write!(f, ", {ms} ms")?;
            }
        }
        if let Some(n) = self.iterations {
            write!(f, ", {n} iterations")?;
        }
        if let Some(d) = self.depth {
            write!(f, ", depth {d}")?;
        }
        if let Some(c) = self.contempt {
            write!(f, ", contempt {c}")?;
        }
        if self.null_move {
            f.write_str(", null moves")?;
        }
        if self.reductions {
            f.write_str(", late-move reductions")?;
        }
        Ok(())
    }
}

/// The levels of a game that has not measured its own: heuristic MCTS with growing budgets.
pub const DEFAULT_LEVELS: Levels = [
    Strength::mcts_iterations(60),
    Strength::mcts_iterations(1000),
    Strength::mcts_millis(100),
    Strength::mcts_millis(250),
    Strength::mcts_millis(500),
    Strength::mcts_millis(1000),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_as_words() {
        let level = Strength::alphabeta_millis(1000).max_depth(3).contempt(50);
        assert_eq!(level.to_string(), "alpha-beta, 1 s, depth 3, contempt 50");
        let level = Strength::alphabeta_millis(250).null_move().reductions();
        assert_eq!(
            level.to_string(),
            "alpha-beta, 250 ms, null moves, late-move reductions"
        );
        assert_eq!(Strength::mcts_iterations(60).to_string(), "MCTS, 60 iterations");
        assert_eq!(Strength::mcts_millis(250).to_string(), "MCTS, 250 ms");
        assert!(DEFAULT_LEVELS.iter().all(Strength::is_limited));
    }
}
