//! Alpha-beta search: negamax with principal-variation search, iterative deepening, a
//! transposition table keyed by the game hash, move ordering (TT move, attacks/captures by the
//! game's hint, killers, history), a quiescence search over attacks, and optionally late-move
//! reductions and null-move pruning. A time limit is spent in full: a time per move saves
//! nothing for later, so the last iteration runs until the deadline and its searched part counts.
//!
//! With more than one thread it is a Lazy SMP search (as in Stockfish and Ethereal): every
//! thread searches the same root by iterative deepening and they share only the lock-free
//! transposition table, through which each finds what the others have already searched. The
//! helpers start at different depths and skip depths in different patterns, so that they work
//! ahead of the main thread rather than in step with it; the main thread alone decides when to
//! stop, reports, and gives the move. One thread is exactly the sequential search.

mod lazy_smp;
mod ordering;
mod search;
mod tt;

use crate::past::start_search;
use crate::Threads;
use crate::{Agent, Choice, Limits, Score, SearchInfo};
use arbiter_core::{Encoding, Heuristics, Session};
use search::{Found, Shared, Worker};
use std::sync::atomic::AtomicBool;
use tt::Table;

/// The score of a win at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
const MATE_BOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// Deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 64;

/// How an alpha-beta agent searches.
#[derive(Debug, Clone, PartialEq)]
pub struct AlphaBetaConfig {
    /// When to stop: time, nodes, and the deepest iteration.
    pub limits: Limits,
    /// Size of the transposition table in MB.
    pub hash_mb: usize,
    /// Plies of tactical moves (a `move_order_hint` of at least `TACTICAL_HINT`: captures,
    /// attacks, winning turns) searched beyond the horizon.
    pub quiescence: u32,
    /// The first plies of the quiescence search in which promising moves (a positive hint below
    /// `TACTICAL_HINT`, such as a Villawar villager's jump forward) are searched too: they change
    /// the evaluation much, but following them to the full quiescence depth explodes.
    pub promising: u32,
    /// Order quiet moves by the static evaluation of the position they lead to (where at least
    /// two plies remain), before history: meant for games whose move generation costs far more
    /// than the evaluation. Measured neutral in Krux at 1 s per move, so no level uses it yet.
    pub eval_order: bool,
    /// Late-move reductions: quiet moves late in the order are first searched one ply
    /// shallower, and searched fully only if they beat alpha.
    pub reductions: bool,
    /// Null-move pruning, in games that allow a null move ([`Heuristics::null_move`]): where the
    /// side to move stands at or above beta, it first lets the opponent move twice in a row at
    /// a reduced depth, and a position still at or above beta is cut without searching its
    /// moves. Blind to zugzwang, so a level uses it only where moving rarely hurts.
    pub null_move: bool,
    /// How much worse than even a draw (repetition, ply limit, or the game's own) is for the
    /// side that searches, in evaluation units: above 0 it plays on rather than repeat
    /// positions it judges only slightly better than even.
    pub contempt: i32,
    /// Threads searching each position (Lazy SMP); one gives the sequential search, whose node
    /// counts are reproducible.
    pub threads: Threads,
    /// A learned evaluation used instead of the game's own (each thread keeps its accumulator).
    pub net: Option<crate::NetSpec>,
}

impl AlphaBetaConfig {
    /// The default configuration with these limits.
    pub fn new(limits: Limits) -> AlphaBetaConfig {
        AlphaBetaConfig {
            limits,
            hash_mb: 16,
            quiescence: 6,
            promising: 2,
            eval_order: false,
            reductions: false,
            null_move: false,
            contempt: 0,
            threads: Threads::ONE,
            net: None,
        }
    }
}

/// The alpha-beta agent. It keeps its transposition table and each thread's history between
/// moves.
pub struct AlphaBeta<G: Heuristics + Encoding> {
    config: AlphaBetaConfig,
    tt: Table,
    /// One search state per thread; the first is the main thread's, which reports and decides.
    workers: Vec<Worker<G>>,
}

impl<G: Heuristics + Encoding> AlphaBeta<G> {
    /// An agent with this configuration.
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta<G> {
        AlphaBeta {
            tt: Table::new(config.hash_mb),
            workers: (0..config.threads.get()).map(|_| Worker::new()).collect(),
            config,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }
}

/// The score of an alpha-beta value.
pub fn score_of(value: i32) -> Score {
    if value >= MATE_BOUND {
        Score::WinIn((MATE - value) as u32)
    } else if value <= -MATE_BOUND {
        Score::LossIn((MATE + value) as u32)
    } else {
        Score::Eval(value)
    }
}

impl<G: Heuristics + Encoding> Agent<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        "alphabeta".into()
    }

    fn choose(
        &mut self,
        session: &Session<G>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Choice<G::Move>> {
        let (root, past, clock) = start_search(session, self.config.limits, stop)?;
        self.tt.new_search();
        let max_depth = self.config.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let net = match &self.config.net {
            None => None,
            Some(crate::NetSpec::Builtin) => crate::nnue::builtin::<G>(&root.variant()),
            Some(crate::NetSpec::File { network, .. }) => Some(network.clone()),
        };
        let shared = Shared::new(&self.config, &self.tt, &clock, net.as_ref());
        let (main, helpers) = self.workers.split_first_mut().expect("at least one thread");
        let threaded = !helpers.is_empty();
        let Found { best, mut info } = std::thread::scope(|scope| {
            for (helper, worker) in helpers.iter_mut().enumerate() {
                let (root, past, shared) = (&root, &past, &shared);
                scope.spawn(move || {
                    worker.start(past);
                    worker.help(root, helper, max_depth, shared);
                });
            }
            let _finish = shared.finish_on_drop();
            main.start(&past);
            main.lead(&root, max_depth, &shared, on_info)
        });
        if threaded {
            // Every thread's nodes, now that all have stopped: the reports during the search
            // counted the helpers' only as they last published them.
            let nodes = self.workers.iter().map(|w| w.nodes).sum();
            info.nodes = nodes;
            info.nodes_per_second = clock.rate(nodes);
            info.elapsed_ms = clock.elapsed().as_millis() as u64;
        }
        let mv = match best {
            Some((mv, _)) => mv,
            None => {
                // Stopped before the first move was searched: the first legal move.
                let mut legal = Vec::new();
                root.legal_moves(&mut legal);
                *legal.first()?
            }
        };
        Some(Choice { mv, info })
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.workers.iter_mut().for_each(Worker::new_game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{HistoryRules, NoVariant};
    use arbiter_void::Void;

    fn agent(threads: u64, limits: Limits) -> AlphaBeta<Void> {
        let mut config = AlphaBetaConfig::new(limits);
        config.threads = Threads::new(threads).unwrap();
        AlphaBeta::new(config)
    }

    #[test]
    fn the_final_report_counts_every_threads_nodes() {
        let session = Session::<Void>::new(&NoVariant, HistoryRules::default());
        for threads in [1, 2, 4] {
            let mut agent = agent(threads, Limits::depth(5));
            let mut reported = Vec::new();
            let choice = agent
                .choose(&session, &AtomicBool::new(false), &mut |info| reported.push(info.nodes))
                .unwrap();
            let per_thread: Vec<u64> = agent.workers.iter().map(|w| w.nodes).collect();
            assert_eq!(per_thread.len() as u64, threads);
            assert_eq!(choice.info.nodes, per_thread.iter().sum::<u64>(), "{per_thread:?}");
            assert!(reported.windows(2).all(|w| w[0] <= w[1]), "{reported:?}");
            if threads == 1 {
                // One thread reports exactly what it searched.
                assert_eq!(reported.last(), Some(&choice.info.nodes));
            }
        }
    }

    #[test]
    fn one_thread_searches_as_before_each_move() {
        // The same search twice from a fresh agent: one thread is reproducible to the node.
        let session = Session::<Void>::new(&NoVariant, HistoryRules::default());
        let run = || {
            let choice = agent(1, Limits::depth(4))
                .choose(&session, &AtomicBool::new(false), &mut |_| {})
                .unwrap();
            (choice.mv, choice.info.nodes, choice.info.score)
        };
        assert_eq!(run(), run());
    }
}
