//! What a search reports: its score, principal variation and effort.

use serde::Serialize;
use std::fmt;

/// A search's verdict on the position, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Score {
    /// A heuristic value (alpha-beta), centipawn-like: 0 even, about ±1000 decisive.
    Eval(i32),
    /// An expected score in 0..=1 (MCTS): 1 sure win, 0.5 even, 0 sure loss.
    WinRate(f64),
    /// A proven win in this many plies.
    WinIn(u32),
    /// A proven loss in this many plies.
    LossIn(u32),
    /// A proven draw.
    Draw,
    /// Nothing known (no search done, e.g. a random mover).
    Unknown,
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v:+}"),
            Score::WinRate(p) => write!(f, "{:.1}%", p * 100.0),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
            Score::Draw => write!(f, "draw"),
            Score::Unknown => write!(f, "?"),
        }
    }
}

/// Progress of a search, reported while it thinks and at its end.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchInfo {
    /// Alpha-beta: the last completed iteration depth; MCTS: the deepest tree path.
    pub depth: u32,
    /// Alpha-beta nodes (quiescence included) or MCTS iterations.
    pub nodes: u64,
    /// `nodes` per second.
    pub nodes_per_second: f64,
    /// Time spent so far, in milliseconds.
    pub elapsed_ms: u64,
    /// The value of the position for the side to move.
    pub score: Score,
    /// The principal variation, in notation, starting with the best move.
    pub pv: Vec<String>,
}

impl SearchInfo {
    /// An empty report (no search).
    pub fn empty() -> SearchInfo {
        SearchInfo {
            depth: 0,
            nodes: 0,
            nodes_per_second: 0.0,
            elapsed_ms: 0,
            score: Score::Unknown,
            pv: Vec::new(),
        }
    }
}

impl fmt::Display for SearchInfo {
    /// One line: `depth 7  score +35  nodes 120345  nps 1.2M  time 312 ms  pv a b c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {:>2}  score {:>10}  nodes {:>10}  nps {:>8}  time {:>6} ms  pv {}",
            self.depth,
            self.score.to_string(),
            self.nodes,
            human_rate(self.nodes_per_second),
            self.elapsed_ms,
            self.pv.join(" ")
        )
    }
}

fn human_rate(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.2}M", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1}k", rate / 1e3)
    } else {
        format!("{rate:.0}")
    }
}

/// A chosen move with the search's final report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchResult {
    /// The move, in canonical notation.
    pub best: String,
    /// The final search report.
    pub info: SearchInfo,
}
