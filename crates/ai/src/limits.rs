//! Search limits (wall time, iterations/nodes, depth) and the clock that enforces them with the stop flag.

use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What may stop a search: any combination; a search stops at the first limit reached or when
/// the stop flag is set. With no limit at all, only the stop flag ends it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Wall time per move.
    pub time: Option<Duration>,
    /// MCTS iterations or alpha-beta nodes per move.
    pub nodes: Option<u64>,
    /// Alpha-beta: deepest iteration (plies); MCTS: ignored.
    pub depth: Option<u32>,
}

impl Limits {
    /// A time limit only.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// A node (or iteration) limit only.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A depth limit only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Whether no limit is set (the search then runs until stopped).
    pub fn is_unlimited(&self) -> bool {
        self.time.is_none() && self.nodes.is_none() && self.depth.is_none()
    }
}

/// The running clock of one search: start time, limits and the stop flag.
pub struct Clock<'a> {
    started: Instant,
    limits: Limits,
    stop: &'a AtomicBool,
}

impl<'a> Clock<'a> {
    /// Starts the clock now.
    pub fn start(limits: Limits, stop: &'a AtomicBool) -> Clock<'a> {
        Clock {
            started: Instant::now(),
            limits,
            stop,
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether the stop flag is set or the time is up.
    pub fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.limits.time.is_some_and(|t| self.started.elapsed() >= t)
    }

    /// Whether `nodes` reaches the node limit.
    pub fn nodes_exhausted(&self, nodes: u64) -> bool {
        self.limits.nodes.is_some_and(|n| nodes >= n)
    }

    /// Nodes per second for `nodes` searched so far.
    pub fn rate(&self, nodes: u64) -> f64 {
        nodes as f64 / self.elapsed().as_secs_f64().max(1e-6)
    }
}

/// The longest a search given only a depth or a node budget may run (give `time=` for longer).
pub const UNTIMED_CAP: Duration = Duration::from_secs(120);

/// Parses `1s`, `500ms`, `1.5s`, `2m`.
pub fn parse_duration(value: &str) -> Result<Duration, String> {
    let (number, unit) = if let Some(n) = value.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = value.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = value.strip_suffix('m') {
        (n, 60.0)
    } else {
        return Err(format!("time '{value}' needs a unit: ms, s or m (like 500ms or 2s)"));
    };
    let n: f64 = number
        .parse()
        .map_err(|_| format!("time '{value}' is not a number with a unit (like 500ms or 2s)"))?;
    let seconds = n * unit;
    if !(seconds > 0.0 && seconds <= 24.0 * 3600.0) {
        return Err(format!("time '{value}' must be more than 0 and at most 24 hours"));
    }
    Ok(Duration::from_secs_f64(seconds))
}
