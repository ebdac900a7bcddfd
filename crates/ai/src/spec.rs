//! Agents as text: `random`, `level=3`, `mcts:time=1s,iterations=5000`, `alphabeta:depth=5,time=500ms`,
//! `alphabeta:time=1s,threads=4`, `uct:time=1s,threads=2`.

use crate::Threads;
use crate::{levels, Agent, AlphaBeta, AlphaBetaConfig, Limits, Mcts, MctsConfig, RandomAgent};
use arbiter_core::{key_values, switch, Error, FullGame};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The kind of agent a spec names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentKind {
    /// Uniformly random legal moves.
    Random,
    /// MCTS with the game's heuristic (short playouts scored by `evaluate()`).
    Mcts,
    /// Plain UCT: long random playouts, no heuristic.
    Uct,
    /// Alpha-beta with the game's heuristic.
    AlphaBeta,
    /// A strength level 1..=6: an agent and budget chosen per game
    /// ([`arbiter_core::Heuristics::STRENGTH_LEVELS`]).
    Level(u8),
    /// An external program that speaks the engine protocol (`engine:<command line>`), described
    /// by [`AgentSpec::external`].
    External,
}

/// A parsed agent spec: the kind, its limits and tuning parameters. Unset parameters take the
/// agent's defaults; an MCTS, UCT or alpha-beta spec without any limit thinks for 1 s.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentSpec {
    /// Which agent.
    pub kind: AgentKind,
    /// Time, iterations/nodes and depth.
    pub limits: Limits,
    /// Seed of the agent's randomness (`seed=`).
    pub seed: Option<u64>,
    /// MCTS exploration constant (`c=`).
    pub exploration: Option<f64>,
    /// MCTS playout length in plies before scoring (`playout=`).
    pub playout: Option<u32>,
    /// MCTS: evaluation-to-probability scale (`scale=`).
    pub scale: Option<f64>,
    /// MCTS tree reuse between moves (`reuse=on|off`).
    pub reuse: Option<bool>,
    /// Alpha-beta transposition table size in MB (`hash=`, at most 1024).
    pub hash_mb: Option<usize>,
    /// Alpha-beta quiescence plies (`quiescence=`).
    pub quiescence: Option<u32>,
    /// Alpha-beta: the first quiescence plies that also follow promising moves (`promising=`).
    pub promising: Option<u32>,
    /// Alpha-beta: order quiet moves by the evaluation after them (`order=eval`) or by
    /// history alone (`order=history`, the default).
    pub eval_order: Option<bool>,
    /// Alpha-beta late-move reductions (`lmr=on|off`, off by default).
    pub reductions: Option<bool>,
    /// Alpha-beta null-move pruning (`null=on|off`, off by default), in games that allow it.
    pub null_move: Option<bool>,
    /// Alpha-beta: how far below even a draw counts for the searching side (`contempt=`, 0 to
    /// 1000 evaluation units, 0 by default).
    pub contempt: Option<i32>,
    /// Search threads (`threads=`, 1 to 256, 1 by default): more than one searches in parallel
    /// (Lazy SMP for alpha-beta, one shared tree for MCTS and UCT), and its node counts are then
    /// no longer reproducible.
    pub threads: Option<Threads>,
    /// The program and its options, for [`AgentKind::External`].
    pub external: Option<crate::external::ExternalSpec>,
    /// Alpha-beta: a learned evaluation instead of the game's own (`net=builtin`, the game's
    /// own net, or `net=PATH`, a net written by `arbiter-train`, read when the spec is parsed).
    pub net: Option<NetSpec>,
}

/// The learned evaluation a spec names.
#[derive(Clone, PartialEq)]
pub enum NetSpec {
    /// `net=builtin`: the net built into the game for the variant played
    /// ([`arbiter_core::Encoding::builtin_net`]); a variant without one keeps the game's own
    /// evaluation, so that one level can name it for every variant.
    Builtin,
    /// `net=PATH`: a net file written by `arbiter-train`, read when the spec is parsed.
    File {
        /// The path as given.
        path: String,
        /// The quantised net.
        network: std::sync::Arc<crate::nnue::Network>,
    },
}

impl NetSpec {
    /// The net a file names, if this is one.
    pub fn file(&self) -> Option<&std::sync::Arc<crate::nnue::Network>> {
        match self {
            NetSpec::Builtin => None,
            NetSpec::File { network, .. } => Some(network),
        }
    }
}

impl fmt::Display for NetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetSpec::Builtin => write!(f, "builtin"),
            NetSpec::File { path, .. } => write!(f, "{path}"),
        }
    }
}

impl fmt::Debug for NetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetSpec::Builtin => write!(f, "NetSpec(builtin)"),
            NetSpec::File { path, network } => {
                write!(f, "NetSpec({path} for {}, {} hidden)", network.game, network.hidden)
            }
        }
    }
}

pub use crate::limits::{parse_duration, UNTIMED_CAP};

/// The default thinking time of a spec without limits.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

impl AgentSpec {
    /// A spec of this kind with no parameters.
    pub fn of(kind: AgentKind) -> AgentSpec {
        AgentSpec {
            kind,
            limits: Limits::default(),
            seed: None,
            exploration: None,
            playout: None,
            scale: None,
            reuse: None,
            hash_mb: None,
            quiescence: None,
            promising: None,
            eval_order: None,
            reductions: None,
            null_move: None,
            contempt: None,
            threads: None,
            external: None,
            net: None,
        }
    }

    /// Strength level `n` (1 = beginner … 6 = strongest at 1 s per move).
    pub fn level(n: u8) -> Result<AgentSpec, Error> {
        if (1..=levels::LEVELS).contains(&n) {
            Ok(AgentSpec::of(AgentKind::Level(n)))
        } else {
            Err(Error::Invalid(format!(
                "level must be 1 to {}, not {n}",
                levels::LEVELS
            )))
        }
    }

    /// The same spec with `seed` unless it names its own.
    pub fn with_default_seed(&self, seed: u64) -> AgentSpec {
        let mut spec = self.clone();
        spec.seed.get_or_insert(seed);
        spec
    }

    /// The concrete spec for a game with these strength levels (its `STRENGTH_LEVELS`): a level
    /// becomes its agent and budget (keeping the seed); a search without limits gets the default
    /// time.
    pub fn resolve(&self, levels: &arbiter_core::Levels) -> AgentSpec {
        let mut spec = match self.kind {
            AgentKind::Level(n) => {
                let mut s = levels::spec(levels, n);
                s.seed = self.seed.or(s.seed);
                s
            }
            _ => self.clone(),
        };
        // An external engine without limits thinks as it sees fit (a bare `go`).
        if !matches!(spec.kind, AgentKind::Random | AgentKind::External) && spec.limits.is_unlimited() {
            spec.limits.time = Some(DEFAULT_TIME);
        }
        spec
    }

    /// The limits a search of this (resolved) spec runs with: a depth or node budget alone could
    /// run for hours (depth=64), so it is capped in time too ([`UNTIMED_CAP`]).
    pub fn search_limits(&self) -> crate::Limits {
        let mut limits = self.limits;
        if self.kind != AgentKind::Random && limits.time.is_none() {
            limits.time = Some(UNTIMED_CAP);
        }
        limits
    }

    /// Builds the typed agent for the game `G`.
    pub fn build<G: FullGame>(&self) -> Box<dyn Agent<G>> {
        let spec = self.resolve(&G::STRENGTH_LEVELS);
        let seed = spec.seed.unwrap_or(1);
        match spec.kind {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
            // `resolve` turns every level into the agent it describes (levels.rs tests each one).
            AgentKind::Level(n) => unreachable!("level {n} was not resolved into its agent"),
            AgentKind::External => {
                crate::external::TypedExternal::boxed::<G>(spec.external.as_ref(), spec.limits, seed)
            }
            AgentKind::Mcts | AgentKind::Uct => {
                let mut config = if spec.kind == AgentKind::Mcts {
                    MctsConfig::heuristic(spec.search_limits())
                } else {
                    MctsConfig::uct(spec.search_limits())
                };
                config.seed = seed;
                if let Some(c) = spec.exploration {
                    config.exploration = c;
                }
                if let Some(p) = spec.playout {
                    config.playout_cap = p;
                }
                if let Some(s) = spec.scale {
                    config.eval_scale = s;
                }
                if let Some(r) = spec.reuse {
                    config.reuse = r;
                }
                if let Some(t) = spec.threads {
                    config.threads = t;
                }
                Box::new(Mcts::<G>::new(config))
            }
            AgentKind::AlphaBeta => {
                let mut config = AlphaBetaConfig::new(spec.search_limits());
                if let Some(h) = spec.hash_mb {
                    config.hash_mb = h;
                }
                if let Some(q) = spec.quiescence {
                    config.quiescence = q;
                }
                if let Some(p) = spec.promising {
                    config.promising = p;
                }
                if let Some(e) = spec.eval_order {
                    config.eval_order = e;
                }
                if let Some(r) = spec.reductions {
                    config.reductions = r;
                }
                if let Some(n) = spec.null_move {
                    config.null_move = n;
                }
                if let Some(c) = spec.contempt {
                    config.contempt = c;
                }
                if let Some(t) = spec.threads {
                    config.threads = t;
                }
                config.net = spec.net.clone();
                Box::new(AlphaBeta::<G>::new(config))
            }
        }
    }
}

fn bad(text: &str, why: impl fmt::Display) -> Error {
    // The spec and the reason quote the same outside text: both are kept short.
    Error::Invalid(format!(
        "bad agent spec '{}': {}",
        arbiter_core::quote(text),
        arbiter_core::shorten(&why.to_string(), 160)
    ))
}

/// The deepest quiescence search a spec may ask for.
const MAX_QUIESCENCE: u32 = 32;

/// A count of quiescence plies, at most [`MAX_QUIESCENCE`].
fn plies(key: &str, value: &str) -> Result<u32, String> {
    number(key, value).and_then(|q: u32| {
        if q <= MAX_QUIESCENCE {
            Ok(q)
        } else {
            Err(format!("'{key}' must be 0 to {MAX_QUIESCENCE} plies, not '{value}'"))
        }
    })
}

fn number<T: FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("'{key}' must be a number, not '{value}'"))
}

fn positive<T: FromStr + PartialOrd + Default>(key: &str, value: &str) -> Result<T, String> {
    let n: T = number(key, value)?;
    if n > T::default() {
        Ok(n)
    } else {
        Err(format!("'{key}' must be more than 0, not '{value}'"))
    }
}

impl FromStr for AgentSpec {
    type Err = Error;

    fn from_str(text: &str) -> Result<AgentSpec, Error> {
        let trimmed = text.trim();
        let (kind_text, params) = match trimmed.split_once(':') {
            Some((k, p)) => (k.trim(), p),
            None if trimmed.contains('=') => ("", trimmed),
            None => (trimmed, ""),
        };
        if kind_text.eq_ignore_ascii_case("engine") {
            let (external, limits) = crate::external::parse(text, params)?;
            let mut spec = AgentSpec::of(AgentKind::External);
            spec.external = Some(external);
            spec.limits = limits;
            return Ok(spec);
        }
        let mut spec = AgentSpec::of(match kind_text.to_ascii_lowercase().as_str() {
            "random" => AgentKind::Random,
            "mcts" => AgentKind::Mcts,
            "uct" => AgentKind::Uct,
            "alphabeta" | "ab" => AgentKind::AlphaBeta,
            "" => AgentKind::Level(0),
            other => {
                return Err(bad(
                    text,
                    format!("unknown agent '{other}' (known: random, mcts, uct, alphabeta, level=N, engine:COMMAND)"),
                ))
            }
        });
        for (key, value) in key_values(params).map_err(|e| bad(text, e))? {
            let key = key.to_ascii_lowercase();
            let kind = spec.kind;
            let search = matches!(kind, AgentKind::Mcts | AgentKind::Uct | AgentKind::AlphaBeta);
            let mcts = matches!(kind, AgentKind::Mcts | AgentKind::Uct);
            let result: Result<(), String> = match key.as_str() {
                "level" if kind == AgentKind::Level(0) => {
                    number(&key, value).and_then(|n: u8| match AgentSpec::level(n) {
                        Ok(level) => {
                            spec.kind = level.kind;
                            Ok(())
                        }
                        Err(e) => Err(e.to_string()),
                    })
                }
                "seed" => number(&key, value).map(|s| spec.seed = Some(s)),
                "time" if search => parse_duration(value).map(|t| spec.limits.time = Some(t)),
                "iterations" | "nodes" if search => positive(&key, value).map(|n| spec.limits.nodes = Some(n)),
                "depth" if kind == AgentKind::AlphaBeta => {
                    positive(&key, value).map(|d: u32| spec.limits.depth = Some(d.min(64)))
                }
                "c" if mcts => positive(&key, value).map(|c| spec.exploration = Some(c)),
                "playout" if mcts => number(&key, value).map(|p| spec.playout = Some(p)),
                "scale" if kind == AgentKind::Mcts => positive(&key, value).map(|s| spec.scale = Some(s)),
                "reuse" if mcts => switch(&key, value).map(|r| spec.reuse = Some(r)),
                "hash" if kind == AgentKind::AlphaBeta => {
                    positive(&key, value).map(|h: usize| spec.hash_mb = Some(h.min(1024)))
                }
                // Deeper quiescence only burns time: each ply is a full capture search.
                "quiescence" if kind == AgentKind::AlphaBeta => plies(&key, value).map(|q| spec.quiescence = Some(q)),
                "promising" if kind == AgentKind::AlphaBeta => plies(&key, value).map(|p| spec.promising = Some(p)),
                "order" if kind == AgentKind::AlphaBeta => match value {
                    "eval" => Ok(true),
                    "history" => Ok(false),
                    _ => Err(format!("'order' must be eval or history, not '{value}'")),
                }
                .map(|e| spec.eval_order = Some(e)),
                "net" if kind == AgentKind::AlphaBeta && value == "builtin" => {
                    spec.net = Some(NetSpec::Builtin);
                    Ok(())
                }
                "net" if kind == AgentKind::AlphaBeta => crate::nnue::Network::load(std::path::Path::new(value))
                    .map(|network| {
                        spec.net = Some(NetSpec::File {
                            path: value.to_string(),
                            network: std::sync::Arc::new(network),
                        })
                    })
                    .map_err(|e| e.to_string()),
                "lmr" if kind == AgentKind::AlphaBeta => switch(&key, value).map(|r| spec.reductions = Some(r)),
                "null" if kind == AgentKind::AlphaBeta => switch(&key, value).map(|n| spec.null_move = Some(n)),
                "contempt" if kind == AgentKind::AlphaBeta => number(&key, value).and_then(|c: i32| {
                    if (0..=1000).contains(&c) {
                        spec.contempt = Some(c);
                        Ok(())
                    } else {
                        Err(format!("'contempt' must be 0 to 1000, not '{value}'"))
                    }
                }),
                "threads" if search => value
                    .parse()
                    .map(|t| spec.threads = Some(t))
                    .map_err(|why| format!("'threads' {why}")),
                _ => Err(format!("'{key}' is not a parameter of {}", kind_name(kind))),
            };
            result.map_err(|e| bad(text, e))?;
        }
        if spec.kind == AgentKind::Level(0) {
            return Err(bad(
                text,
                "give an agent (random, mcts, uct, alphabeta) or a level (level=1 … level=6)",
            ));
        }
        Ok(spec)
    }
}

fn kind_name(kind: AgentKind) -> &'static str {
    match kind {
        AgentKind::Random => "random (it takes: seed)",
        AgentKind::Mcts => "mcts (it takes: time, iterations, c, playout, scale, reuse, threads, seed)",
        AgentKind::Uct => "uct (it takes: time, iterations, c, playout, reuse, threads, seed)",
        AgentKind::AlphaBeta => {
            "alphabeta (it takes: time, nodes, depth, hash, quiescence, promising, order, lmr, null, contempt, threads)"
        }
        AgentKind::Level(_) => "a level (it takes: level, seed)",
        AgentKind::External => "engine (it takes: time, depth, nodes, and options for the engine)",
    }
}

fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if (ms / 1000) * 1000 == ms {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}

impl fmt::Display for AgentSpec {
    /// The spec in its own syntax, parameters in a fixed order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (AgentKind::External, Some(external)) = (self.kind, &self.external) {
            return f.write_str(&crate::external::format(external, &self.limits));
        }
        let mut parts = Vec::new();
        let kind = match self.kind {
            AgentKind::Random => "random",
            AgentKind::Mcts => "mcts",
            AgentKind::Uct => "uct",
            AgentKind::AlphaBeta => "alphabeta",
            AgentKind::Level(n) => {
                parts.push(format!("level={n}"));
                ""
            }
            AgentKind::External => "engine",
        };
        if let Some(t) = self.limits.time {
            parts.push(format!("time={}", format_duration(t)));
        }
        if let Some(n) = self.limits.nodes {
            let key = if self.kind == AgentKind::AlphaBeta {
                "nodes"
            } else {
                "iterations"
            };
            parts.push(format!("{key}={n}"));
        }
        if let Some(d) = self.limits.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(c) = self.exploration {
            parts.push(format!("c={c}"));
        }
        if let Some(p) = self.playout {
            parts.push(format!("playout={p}"));
        }
        if let Some(s) = self.scale {
            parts.push(format!("scale={s}"));
        }
        if let Some(r) = self.reuse {
            parts.push(format!("reuse={}", if r { "on" } else { "off" }));
        }
        if let Some(h) = self.hash_mb {
            parts.push(format!("hash={h}"));
        }
        if let Some(q) = self.quiescence {
            parts.push(format!("quiescence={q}"));
        }
        if let Some(p) = self.promising {
            parts.push(format!("promising={p}"));
        }
        if let Some(e) = self.eval_order {
            parts.push(format!("order={}", if e { "eval" } else { "history" }));
        }
        if let Some(r) = self.reductions {
            parts.push(format!("lmr={}", if r { "on" } else { "off" }));
        }
        if let Some(n) = self.null_move {
            parts.push(format!("null={}", if n { "on" } else { "off" }));
        }
        if let Some(c) = self.contempt {
            parts.push(format!("contempt={c}"));
        }
        if let Some(t) = self.threads {
            parts.push(format!("threads={t}"));
        }
        if let Some(n) = &self.net {
            parts.push(format!("net={n}"));
        }
        if let Some(s) = self.seed {
            parts.push(format!("seed={s}"));
        }
        match (kind.is_empty(), parts.is_empty()) {
            (true, _) => write!(f, "{}", parts.join(",")),
            (false, true) => write!(f, "{kind}"),
            (false, false) => write!(f, "{kind}:{}", parts.join(",")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_search_is_capped_in_time() {
        let levels = arbiter_core::DEFAULT_LEVELS;
        let cases = [
            ("alphabeta:depth=64", Some(UNTIMED_CAP)),
            ("mcts:iterations=1000000000", Some(UNTIMED_CAP)),
            ("alphabeta", Some(DEFAULT_TIME)),
            ("alphabeta:depth=3,time=5s", Some(Duration::from_secs(5))),
            ("random", None),
        ];
        for (text, time) in cases {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.resolve(&levels).search_limits().time, time, "{text}");
        }
    }

    #[test]
    fn parses_and_prints() {
        for text in [
            "random",
            "level=3",
            "mcts:time=1s,iterations=5000",
            "alphabeta:time=500ms,depth=5",
            "uct:time=1s",
            "mcts:time=250ms,c=0.5,playout=8,scale=150,reuse=off,seed=9",
            "alphabeta:nodes=1000,hash=8,quiescence=2",
            "alphabeta:depth=3,quiescence=4,promising=1",
            "alphabeta:time=1s,order=eval,lmr=on",
            "alphabeta:depth=3,order=history,lmr=off",
            "alphabeta:time=250ms,contempt=50",
            "alphabeta:time=200ms,threads=2",
            "alphabeta:depth=4,lmr=on,threads=256,seed=3",
            "alphabeta:time=1s,null=on",
            "alphabeta:time=1s,lmr=on,net=builtin",
            "mcts:time=250ms,threads=2",
            "uct:iterations=900,reuse=off,threads=4,seed=2",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        let s: AgentSpec = "alphabeta:depth=5,time=500ms".parse().unwrap();
        assert_eq!(s.limits.depth, Some(5));
        assert_eq!(s.limits.time, Some(Duration::from_millis(500)));
        assert_eq!("level=2,seed=4".parse::<AgentSpec>().unwrap().seed, Some(4));
        assert_eq!(AgentSpec::level(4).unwrap().kind, AgentKind::Level(4));
    }

    #[test]
    fn rejects_bad_specs_clearly() {
        for (text, needle) in [
            ("", "give an agent"),
            ("minimax", "unknown agent 'minimax'"),
            ("mcts:time=1", "needs a unit"),
            ("mcts:time=-1s", "more than 0"),
            ("mcts:time=abcs", "not a number"),
            ("mcts:depth=3", "'depth' is not a parameter of mcts"),
            ("alphabeta:depth=0", "more than 0"),
            ("alphabeta:depth", "key=value"),
            ("level=7", "level must be 1 to 6"),
            ("level=0", "level must be 1 to 6"),
            ("level=x", "must be a number"),
            ("random:time=1s", "not a parameter of random"),
            ("uct:time=1s,time=2s", "given twice"),
            ("seed=3", "give an agent"),
            ("alphabeta:order=best", "'order' must be eval or history"),
            ("alphabeta:lmr=2", "'lmr' must be on or off"),
            ("mcts:lmr=on", "'lmr' is not a parameter of mcts"),
            ("alphabeta:contempt=5000", "'contempt' must be 0 to 1000"),
            (
                "alphabeta:quiescence=99999,depth=1",
                "'quiescence' must be 0 to 32 plies",
            ),
            ("alphabeta:promising=33", "'promising' must be 0 to 32 plies"),
            ("alphabeta:contempt=x", "must be a number"),
            (
                "alphabeta:threads=0",
                "'threads' must be a whole number from 1 to 256, not '0'",
            ),
            (
                "alphabeta:threads=257",
                "'threads' must be a whole number from 1 to 256, not '257'",
            ),
            ("alphabeta:threads=-2", "'threads' must be a whole number from 1 to 256"),
            (
                "alphabeta:threads=many",
                "'threads' must be a whole number from 1 to 256",
            ),
            ("alphabeta:threads=", "empty key or value"),
            ("random:threads=2", "'threads' is not a parameter of random"),
        ] {
            let err = text.parse::<AgentSpec>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
        assert!(AgentSpec::level(9).is_err());
    }

    #[test]
    fn engine_specs_parse_and_print() {
        for text in [
            "engine:arbiter engine void",
            "engine:./e,Level=3,Hash=8",
            "engine:arbiter engine 'void:plies=20,repetition=off',time=250ms,depth=3,nodes=500",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.kind, AgentKind::External);
            assert_eq!(spec.to_string(), text);
        }
        let spec: AgentSpec = "engine:./e x,Level=3,time=1s".parse().unwrap();
        let external = spec.external.unwrap();
        assert_eq!(external.command, "./e x");
        assert_eq!(external.options, [("Level".to_string(), "3".to_string())]);
        assert_eq!(spec.limits.time, Some(Duration::from_secs(1)));
        for (text, needle) in [
            ("engine:", "the command is empty"),
            ("engine:'x", "not closed"),
            ("engine:x,Level", "key=value"),
            ("engine:x,time=5", "needs a unit"),
            ("engine:x,depth=0", "above 0"),
            ("engine:x,Level=1,level=2", "given twice"),
        ] {
            let err = text.parse::<AgentSpec>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}
