//! The engine protocol's grammar (docs/engine-protocol.md), for both of its sides: `arbiter engine`
//! reads `go` and writes `info` and `bestmove`; an external engine ([`crate::external`]) is sent
//! `go` and read back. One module, so that what one side writes the other reads.

use crate::{Limits, Score, SearchInfo};
use arbiter_core::{quote, Player};
use std::io::{self, BufRead};

/// The deepest search a `go depth` may ask for.
pub const MAX_DEPTH: u32 = 64;

/// What reading a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its end) is in the buffer.
    Text,
    /// A line longer than the bound was skipped; the buffer is empty.
    TooLong,
    /// The input ended.
    End,
}

/// Reads one line into `buffer` (its end removed), never holding more than `max` bytes: a longer
/// line is read to its end and skipped, so that a runaway peer cannot fill the memory.
pub fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    buffer.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => Line::End,
                (true, true) => Line::TooLong,
                (true, false) => Line::Text,
            });
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !too_long {
            if buffer.len() + part.len() > max {
                too_long = true;
                buffer.clear();
            } else {
                buffer.extend_from_slice(part);
            }
        }
        input.consume(used);
        if done {
            return Ok(if too_long { Line::TooLong } else { Line::Text });
        }
    }
}

/// What `go` asks for.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Go {
    /// Time for this move in ms.
    pub movetime: Option<u64>,
    /// Time left per side in ms, by [`Player::index`].
    pub time: [Option<u64>; 2],
    /// Increment per side in ms, by [`Player::index`].
    pub inc: [u64; 2],
    /// Moves until the clock's period ends.
    pub movestogo: Option<u64>,
    /// Deepest iteration, at most [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// Nodes (or MCTS iterations).
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl Go {
    /// The `go` of a search's limits (time as `movetime`).
    pub fn of_limits(limits: &Limits) -> Go {
        Go {
            movetime: limits.time.map(|t| t.as_millis().max(1) as u64),
            depth: limits.depth,
            nodes: limits.nodes,
            ..Go::default()
        }
    }

    /// The line that asks for it; clocks are written per player (`p1time`, `p2inc`, …).
    pub fn line(&self) -> String {
        let mut line = "go".to_string();
        let mut add = |word: &str, value: Option<u64>| {
            if let Some(value) = value {
                line.push_str(&format!(" {word} {value}"));
            }
        };
        add("movetime", self.movetime);
        add("p1time", self.time[0]);
        add("p2time", self.time[1]);
        add("p1inc", Some(self.inc[0]).filter(|&n| n > 0));
        add("p2inc", Some(self.inc[1]).filter(|&n| n > 0));
        add("movestogo", self.movestogo);
        add("depth", self.depth.map(u64::from));
        add("nodes", self.nodes);
        if self.infinite {
            line.push_str(" infinite");
        }
        line
    }

    /// Reads the words after `go`; `white` is the side whose clock `wtime` and `winc` give.
    pub fn parse(words: &[&str], white: Player) -> Result<Go, String> {
        let mut go = Go::default();
        let (w, b) = (white.index(), white.opponent().index());
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            if word == "infinite" {
                go.infinite = true;
                continue;
            }
            if matches!(word, "ponder" | "searchmoves" | "mate") {
                return Err(format!("go {word} is not supported"));
            }
            let Some(&value) = words.next() else {
                return Err(match word {
                    "movetime" | "wtime" | "btime" | "winc" | "binc" | "p1time" | "p2time" | "p1inc" | "p2inc"
                    | "movestogo" | "depth" | "nodes" => format!("go {word} needs a number"),
                    _ => format!("unknown go parameter '{}'", quote(word)),
                });
            };
            // Clocks may be slightly negative after an overstep: that is no time left.
            let millis = || {
                value
                    .parse::<i64>()
                    .map(|v| v.max(0) as u64)
                    .map_err(|_| format!("go {word} needs a number of milliseconds, not '{}'", quote(value)))
            };
            let positive = || match value.parse::<u64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!(
                    "go {word} needs a whole number above 0, not '{}'",
                    quote(value)
                )),
            };
            match word {
                "movetime" => go.movetime = Some(millis()?),
                "p1time" => go.time[0] = Some(millis()?),
                "p2time" => go.time[1] = Some(millis()?),
                "p1inc" => go.inc[0] = millis()?,
                "p2inc" => go.inc[1] = millis()?,
                "wtime" => go.time[w] = Some(millis()?),
                "btime" => go.time[b] = Some(millis()?),
                "winc" => go.inc[w] = millis()?,
                "binc" => go.inc[b] = millis()?,
                "movestogo" => go.movestogo = Some(positive()?),
                "depth" => go.depth = Some(positive()?.min(u64::from(MAX_DEPTH)) as u32),
                "nodes" => go.nodes = Some(positive()?),
                _ => return Err(format!("unknown go parameter '{}'", quote(word))),
            }
        }
        Ok(go)
    }
}

/// A search report as an `info` line (an MCTS win rate as centipawns, [`win_rate_cp`]).
pub fn info_line(info: &SearchInfo) -> String {
    let mut line = format!("info depth {}", info.depth);
    match info.score {
        Score::Eval(v) => line.push_str(&format!(" score cp {v}")),
        Score::WinRate(p) => line.push_str(&format!(" score cp {}", win_rate_cp(p))),
        Score::WinIn(n) => line.push_str(&format!(" score win {n}")),
        Score::LossIn(n) => line.push_str(&format!(" score loss {n}")),
        Score::Draw => line.push_str(" score draw"),
        Score::Unknown => {}
    }
    line.push_str(&format!(
        " nodes {} nps {} time {}",
        info.nodes,
        info.nodes_per_second.round() as u64,
        info.elapsed_ms
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// MCTS's expected score as a centipawn-like value: the inverse of the logistic curve MCTS puts
/// evaluations on (scale 200), bounded at ±2000.
pub fn win_rate_cp(p: f64) -> i64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    ((200.0 * (p / (1.0 - p)).ln()).round() as i64).clamp(-2000, 2000)
}

/// Reads an `info` line: depth, score (`cp`, `win`, `loss`, `draw`, UCI's `mate`), nodes, nps,
/// time and pv; `None` for `info string` and lines with nothing of that.
pub fn parse_info(line: &str) -> Option<SearchInfo> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let mut info = SearchInfo::empty();
    let mut any = false;
    let mut i = 1;
    while i < words.len() {
        let next = words.get(i + 1).copied().unwrap_or("");
        let number = next.parse::<u64>().ok();
        match words[i] {
            "depth" => info.depth = number.map_or(info.depth, |n| n.min(u64::from(u32::MAX)) as u32),
            "nodes" => info.nodes = number.unwrap_or(info.nodes),
            "nps" => info.nodes_per_second = number.map_or(info.nodes_per_second, |n| n as f64),
            "time" => info.elapsed_ms = number.unwrap_or(info.elapsed_ms),
            "score" => {
                let value = words.get(i + 2).and_then(|v| v.parse::<i64>().ok());
                let plies = |v: i64| v.unsigned_abs().min(u64::from(u32::MAX)) as u32;
                info.score = match (next, value) {
                    ("cp", Some(v)) => Score::Eval(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32),
                    ("win", Some(v)) => Score::WinIn(plies(v)),
                    ("loss", Some(v)) => Score::LossIn(plies(v)),
                    ("mate", Some(v)) if v > 0 => Score::WinIn(plies(2 * v - 1)),
                    ("mate", Some(v)) => Score::LossIn(plies(2 * v)),
                    ("draw", _) => Score::Draw,
                    _ => info.score,
                };
                i += if next == "draw" { 2 } else { 3 };
                any = true;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                any = true;
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        any = true;
        i += 2;
    }
    any.then_some(info)
}

/// The `bestmove` line of a search's answer (`None`: no move, `bestmove (none)`).
pub fn bestmove_line(best: Option<&str>) -> String {
    format!("bestmove {}", best.unwrap_or("(none)"))
}

/// Reads a `bestmove` line: `Some(Some(move))`, `Some(None)` when it says there is no move
/// (`(none)`, UCI's `0000`, or nothing), `None` when the line is not a `bestmove` line.
pub fn parse_bestmove(line: &str) -> Option<Option<&str>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    Some(match words.next() {
        Some("(none)" | "0000") | None => None,
        Some(mv) => Some(mv),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn lines_are_bounded_and_split() {
        let mut input = io::Cursor::new(b"ugi\r\nisready\n\nlast".to_vec());
        let mut buffer = Vec::new();
        let mut lines = Vec::new();
        while let Ok(Line::Text) = read_line(&mut input, &mut buffer, 100) {
            lines.push(String::from_utf8_lossy(&buffer).trim().to_string());
        }
        assert_eq!(lines, ["ugi", "isready", "", "last"]);
        let mut long = vec![b'x'; 110];
        long.extend_from_slice(b"\nisready\n");
        let mut input = io::Cursor::new(long);
        assert_eq!(read_line(&mut input, &mut buffer, 100).unwrap(), Line::TooLong);
        assert!(buffer.is_empty());
        assert_eq!(read_line(&mut input, &mut buffer, 100).unwrap(), Line::Text);
        assert_eq!(buffer, b"isready");
        assert_eq!(read_line(&mut input, &mut buffer, 100).unwrap(), Line::End);
    }

    #[test]
    fn go_parameters_parse_or_fail_clearly() {
        let words = ["wtime", "-20", "btime", "5000", "winc", "100", "depth", "99"];
        let go = Go::parse(&words, Player::First).unwrap();
        assert_eq!(go.time, [Some(0), Some(5000)]);
        assert_eq!(go.inc, [100, 0]);
        assert_eq!(go.depth, Some(MAX_DEPTH));
        let go = Go::parse(&words, Player::Second).unwrap();
        assert_eq!(go.time, [Some(5000), Some(0)]);
        let go = Go::parse(&["p1time", "7", "p2inc", "3"], Player::Second).unwrap();
        assert_eq!((go.time, go.inc), ([Some(7), None], [0, 3]));
        for (words, needle) in [
            (&["depth"][..], "needs a number"),
            (&["depth", "0"][..], "above 0"),
            (&["nodes", "x"][..], "above 0"),
            (&["fast", "1"][..], "unknown go parameter"),
            (&["ponder"][..], "not supported"),
        ] {
            let err = Go::parse(words, Player::First).unwrap_err();
            assert!(err.contains(needle), "{words:?}: {err}");
        }
        assert!(Go::parse(&["infinite"], Player::First).unwrap().infinite);
    }

    #[test]
    fn a_go_line_reads_back_as_itself() {
        let go = Go {
            movetime: Some(250),
            time: [Some(60_000), Some(0)],
            inc: [1_000, 0],
            movestogo: Some(12),
            depth: Some(7),
            nodes: Some(5_000),
            infinite: true,
        };
        let line = go.line();
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(Go::parse(&words, Player::Second).unwrap(), go);
        let limits = Limits {
            time: Some(Duration::from_millis(40)),
            nodes: None,
            depth: Some(3),
        };
        assert_eq!(Go::of_limits(&limits).line(), "go movetime 40 depth 3");
    }

    #[test]
    fn info_lines_are_read() {
        let info = parse_info("info depth 4 score cp -35 nodes 1200 nps 50000 time 24 pv a1-a2 b1-b2").unwrap();
        assert_eq!((info.depth, info.nodes, info.elapsed_ms), (4, 1200, 24));
        assert_eq!(info.score, Score::Eval(-35));
        assert_eq!(info.pv, ["a1-a2", "b1-b2"]);
        assert_eq!(parse_info("info score win 3").unwrap().score, Score::WinIn(3));
        assert_eq!(parse_info("info score draw depth 2").unwrap().depth, 2);
        assert_eq!(parse_info("info score mate -2").unwrap().score, Score::LossIn(4));
        assert!(parse_info("info string hello depth 3").is_none());
        assert!(parse_info("info").is_none());
        assert!(parse_info("bestmove a1 depth 3").is_none());
        assert!(parse_info("info depth x score cp").is_some());
    }

    #[test]
    fn an_info_line_reads_back_as_the_report_it_was_written_from() {
        for score in [
            Score::Eval(-35),
            Score::WinIn(3),
            Score::LossIn(4),
            Score::Draw,
            Score::Unknown,
        ] {
            let info = SearchInfo {
                depth: 6,
                score,
                nodes: 12_345,
                nodes_per_second: 98_765.0,
                elapsed_ms: 125,
                pv: vec!["a1-a2".into(), "b1-b2".into()],
            };
            assert_eq!(parse_info(&info_line(&info)), Some(info));
        }
        // A win rate is written as centipawns and read back as such.
        let info = SearchInfo {
            score: Score::WinRate(0.5),
            ..SearchInfo::empty()
        };
        assert_eq!(parse_info(&info_line(&info)).unwrap().score, Score::Eval(0));
    }

    #[test]
    fn win_rates_read_as_centipawns() {
        assert_eq!(win_rate_cp(0.5), 0);
        assert!(win_rate_cp(0.75) > 200);
        assert_eq!(win_rate_cp(1.0), 2000);
        assert_eq!(win_rate_cp(0.0), -2000);
    }

    #[test]
    fn bestmove_lines_read_back() {
        assert_eq!(parse_bestmove(&bestmove_line(Some("a1-a2"))), Some(Some("a1-a2")));
        assert_eq!(parse_bestmove(&bestmove_line(None)), Some(None));
        assert_eq!(parse_bestmove("bestmove 0000"), Some(None));
        assert_eq!(parse_bestmove("bestmove"), Some(None));
        assert_eq!(parse_bestmove("info depth 1"), None);
    }
}
