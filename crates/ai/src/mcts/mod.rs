//! Monte Carlo tree search: UCT with capped random playouts, a heuristic value at the cap,
//! MCTS-Solver for proven wins and losses, and tree reuse between moves.
//!
//! With more than one thread it is tree-parallel (Chaslot, Winands and van den Herik, "Parallel
//! Monte-Carlo Tree Search", 2008): every thread runs whole iterations on the one shared tree,
//! which a lock guards only while a thread descends or backs up; the playouts run in parallel,
//! and a virtual loss on each path in flight keeps the threads apart. The main thread alone
//! reports and decides when to stop. One thread is exactly the sequential search.

mod iteration;
mod solver;
mod tree;

pub use tree::Proof;

use crate::past::{start_search, Past};
use crate::{Agent, Choice, Clock, Limits, Score, SearchInfo, Threads};
use arbiter_core::{Heuristics, Player, Session};
use iteration::{back_up, Descent, Place, Walker};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tree::Tree;

/// How an MCTS agent searches.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsConfig {
    /// When to stop (`nodes` counts iterations; `depth` is ignored).
    pub limits: Limits,
    /// The UCT exploration constant `c` in `mean + c·sqrt(ln N / n)` (rewards in 0..=1).
    pub exploration: f64,
    /// Random plies played from a new leaf before the playout is scored.
    pub playout_cap: u32,
    /// Score a capped playout with the game's `evaluate()` (else a capped playout is a draw), and
    /// try a node's children in `move_order_hint` order.
    pub heuristic: bool,
    /// `evaluate()` is turned into a win probability by `1 / (1 + exp(-eval / eval_scale))`.
    pub eval_scale: f64,
    /// Seed of the random playouts and tie-breaks.
    pub seed: u64,
    /// Most nodes kept; beyond it the tree stops growing and iterations only play out.
    pub max_nodes: usize,
    /// Keep the subtree of the moves played since the last search.
    pub reuse: bool,
    /// Threads running iterations on the one tree; one gives the sequential search, whose
    /// iterations are reproducible.
    pub threads: Threads,
}

impl MctsConfig {
    /// Plain UCT: long random playouts (a capped one counts as a draw), no heuristic.
    pub fn uct(limits: Limits) -> MctsConfig {
        MctsConfig {
            limits,
            exploration: 1.0,
            playout_cap: 300,
            heuristic: false,
            eval_scale: 200.0,
            seed: 1,
            max_nodes: 1_500_000,
            reuse: true,
            threads: Threads::ONE,
        }
    }

    /// MCTS with the game's heuristic: short playouts scored by `evaluate()`.
    pub fn heuristic(limits: Limits) -> MctsConfig {
        MctsConfig {
            exploration: 0.7,
            playout_cap: 4,
            heuristic: true,
            ..MctsConfig::uct(limits)
        }
    }
}

/// The MCTS agent. It keeps its tree between the moves of a game (when `reuse` is on).
pub struct Mcts<G: Heuristics> {
    config: MctsConfig,
    /// One per thread; the first is the main thread's.
    walkers: Vec<Walker<G>>,
    tree: Tree<G::Move>,
    /// The start hash and moves of the session the tree's root belongs to.
    root_path: Option<(u64, Vec<G::Move>)>,
}

const INFO_INTERVAL: Duration = Duration::from_millis(250);

impl<G: Heuristics> Mcts<G> {
    /// An agent with this configuration.
    pub fn new(config: MctsConfig) -> Mcts<G> {
        // The main thread's generator is seeded as the sequential search's always was; each
        // helper's seed is the next one.
        let walkers = (0..config.threads.get() as u64)
            .map(|k| Walker::new(SmallRng::seed_from_u64(config.seed.wrapping_add(k))))
            .collect();
        Mcts {
            walkers,
            config,
            tree: Tree::new(Player::Second),
            root_path: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Moves the root to the session's current position, keeping the subtree when possible.
    fn prepare_tree(&mut self, session: &Session<G>) -> bool {
        let start = session.start().hash();
        let moves = session.moves();
        let mut reused = false;
        if let Some((hash, old)) = &self.root_path {
            if self.config.reuse && *hash == start && moves.len() >= old.len() && moves[..old.len()] == old[..] {
                let mut node = Some(0);
                for &mv in &moves[old.len()..] {
                    node = node.and_then(|n| self.tree.child_by_move(n, mv));
                }
                if let Some(n) = node {
                    if n != 0 {
                        self.tree = self.tree.extract(n);
                    }
                    reused = true;
                }
            }
        }
        if !reused {
            self.tree = Tree::new(session.current().to_move().opponent());
        }
        self.root_path = Some((start, moves.to_vec()));
        reused
    }

    /// The child of `node` to play: a proven win first, then the most visited unproven or drawn
    /// child, then the longest proven loss.
    fn best_child(tree: &Tree<G::Move>, node: usize) -> Option<usize> {
        let n = &tree.nodes[node];
        let key = |i: usize| {
            let c = &tree.nodes[i];
            match c.proof {
                Proof::Loss(k) => (3, -(k as i64), 0),
                Proof::Unknown | Proof::Draw => (2, c.visits as i64, (c.mean() * 1e6) as i64),
                Proof::Win(k) => (1, k as i64, 0),
            }
        };
        n.children().max_by_key(|&i| key(i))
    }

    /// The report of the search so far.
    fn info(tree: &Tree<G::Move>, root: &G, clock: &Clock, iterations: u64, depth: u32) -> SearchInfo {
        let mut pv = Vec::new();
        let mut game = root.clone();
        let mut node = 0;
        while pv.len() < 16 {
            let Some(c) = Self::best_child(tree, node) else { break };
            if tree.nodes[c].visits == 0 && tree.nodes[c].proof == Proof::Unknown {
                break;
            }
            let mv = tree.nodes[c].mv.expect("a child has a move");
            pv.push(game.format_move(mv));
            game.play(mv);
            node = c;
        }
        let score = match tree.nodes[0].proof {
            Proof::Win(k) => Score::WinIn(k as u32),
            Proof::Loss(k) => Score::LossIn(k as u32),
            Proof::Draw => Score::Draw,
            Proof::Unknown => match Self::best_child(tree, 0) {
                Some(c) => Score::WinRate(tree.nodes[c].mean()),
                None => Score::Unknown,
            },
        };
        SearchInfo {
            depth,
            nodes: iterations,
            nodes_per_second: clock.rate(iterations),
            elapsed_ms: clock.elapsed().as_millis() as u64,
            score,
            pv,
        }
    }
}

impl<G: Heuristics> Agent<G> for Mcts<G> {
    fn name(&self) -> String {
        if self.config.heuristic { "mcts" } else { "uct" }.into()
    }

    fn choose(
        &mut self,
        session: &Session<G>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Choice<G::Move>> {
        let (root, past, clock) = start_search(session, self.config.limits, stop)?;
        self.prepare_tree(session);
        let (main, helpers) = self.walkers.split_first_mut().expect("at least one thread");
        if !self.tree.nodes[0].expanded {
            main.expand(&mut self.tree, 0, &root, &self.config);
        }
        let tree = Mutex::new(std::mem::replace(&mut self.tree, Tree::new(Player::First)));
        let shared = Shared {
            config: &self.config,
            root: &root,
            past: &past,
            clock: &clock,
            tree: &tree,
            iterations: AtomicU64::new(0),
            depth: AtomicU32::new(0),
            done: AtomicBool::new(false),
        };
        std::thread::scope(|scope| {
            for walker in helpers.iter_mut() {
                let shared = &shared;
                scope.spawn(move || shared.help(walker));
            }
            let _finish = shared.finish_on_drop();
            shared.lead(main, on_info);
        });
        // The final report, once every thread has stopped, counts all their iterations.
        let info = shared.report(shared.iterations.load(Ordering::Relaxed));
        on_info(&info);
        self.tree = tree.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
        let best = Self::best_child(&self.tree, 0).expect("a game in progress has a move");
        let mv = self.tree.nodes[best].mv.expect("a child has a move");
        Some(Choice { mv, info })
    }

    fn new_game(&mut self) {
        self.root_path = None;
        self.tree = Tree::new(Player::Second);
    }
}

/// What the threads of one search share: the tree behind its lock, the position, the limits and
/// the iteration count.
struct Shared<'a, G: Heuristics> {
    config: &'a MctsConfig,
    root: &'a G,
    past: &'a Past,
    clock: &'a Clock<'a>,
    tree: &'a Mutex<Tree<G::Move>>,
    /// Iterations of every thread.
    iterations: AtomicU64,
    /// The deepest leaf any thread reached.
    depth: AtomicU32,
    /// Set when the main thread has its answer: the helpers stop.
    done: AtomicBool,
}

impl<G: Heuristics> Shared<'_, G> {
    /// The tree, even if a thread panicked while holding it (the main thread then panics too).
    fn lock(&self) -> MutexGuard<'_, Tree<G::Move>> {
        self.tree.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// One iteration: descend and back up under the lock; list the moves of the nodes it
    /// expands, and play out, outside it.
    fn iterate(&self, walker: &mut Walker<G>) {
        let mut tree = self.lock();
        let mut descent = walker.descend(&mut tree, Place::root(self.root), false, self.past, self.config);
        let mut leaf = loop {
            match descent {
                Descent::Leaf(leaf) => break leaf,
                Descent::Expand(at) => {
                    drop(tree);
                    walker.generate(at.game(), self.config);
                    tree = self.lock();
                    descent = walker.descend(&mut tree, at, true, self.past, self.config);
                }
            }
        };
        drop(tree);
        let reward = walker.play_out(&mut leaf, self.past, self.config);
        back_up(&mut self.lock(), &leaf, reward);
        self.depth.fetch_max(leaf.at.depth, Ordering::Relaxed);
    }

    /// Whether the search is over: the root is proven, or the budget is spent.
    fn finished(&self, iterations: u64) -> bool {
        self.lock().nodes[0].proof != Proof::Unknown || self.clock.nodes_exhausted(iterations)
    }

    /// The main thread: iterates, reports every [`INFO_INTERVAL`], and decides when to stop.
    fn lead(&self, walker: &mut Walker<G>, on_info: &mut dyn FnMut(&SearchInfo)) {
        let mut own = 0u64;
        let mut next_report = INFO_INTERVAL;
        loop {
            let iterations = self.iterations.load(Ordering::Relaxed);
            if self.finished(iterations) {
                break;
            }
            if own.is_multiple_of(32) && self.clock.should_stop() {
                break;
            }
            self.iterate(walker);
            own += 1;
            let iterations = self.iterations.fetch_add(1, Ordering::Relaxed) + 1;
            if own.is_multiple_of(256) && self.clock.elapsed() >= next_report {
                next_report = self.clock.elapsed() + INFO_INTERVAL;
                on_info(&self.report(iterations));
            }
        }
        self.done.store(true, Ordering::Relaxed);
    }

    /// A helper thread: iterates until the main thread is done or a limit is reached.
    fn help(&self, walker: &mut Walker<G>) {
        let mut own = 0u64;
        while !self.done.load(Ordering::Relaxed) {
            if self.finished(self.iterations.load(Ordering::Relaxed)) {
                break;
            }
            if own.is_multiple_of(32) && self.clock.should_stop() {
                break;
            }
            self.iterate(walker);
            own += 1;
            self.iterations.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn report(&self, iterations: u64) -> SearchInfo {
        let depth = self.depth.load(Ordering::Relaxed);
        Mcts::<G>::info(&self.lock(), self.root, self.clock, iterations, depth)
    }

    /// Tells the helpers to stop when dropped, however the main thread leaves its search.
    fn finish_on_drop(&self) -> impl Drop + '_ {
        struct Finish<'s>(&'s AtomicBool);
        impl Drop for Finish<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        Finish(&self.done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{Game, HistoryRules, NoVariant};
    use arbiter_void::Void;

    fn search(agent: &mut Mcts<Void>, session: &Session<Void>) -> Choice<<Void as Game>::Move> {
        agent.choose(session, &AtomicBool::new(false), &mut |_| {}).unwrap()
    }

    #[test]
    fn the_tree_is_reused_after_the_moves_played() {
        for reuse in [true, false] {
            let mut config = MctsConfig::heuristic(Limits::nodes(3000));
            config.reuse = reuse;
            let mut agent = Mcts::<Void>::new(config);
            let mut session = Session::<Void>::new(&NoVariant, HistoryRules::default());
            let first = search(&mut agent, &session);
            session.play(first.mv).unwrap();
            // The opponent's most likely reply is in the tree; play the one the search expects.
            let reply = agent.tree.nodes[Mcts::<Void>::best_child(&agent.tree, 0).unwrap()]
                .children()
                .max_by_key(|&c| agent.tree.nodes[c].visits)
                .and_then(|c| agent.tree.nodes[c].mv)
                .unwrap();
            session.play(reply).unwrap();
            agent.prepare_tree(&session);
            let kept = agent.tree.nodes[0].visits;
            assert_eq!(kept > 0, reuse, "reuse={reuse}: {kept} visits kept");
            // The kept subtree is consistent: children point back to their parents.
            for (i, n) in agent.tree.nodes.iter().enumerate() {
                for c in n.children() {
                    assert_eq!(agent.tree.nodes[c].parent as usize, i);
                }
            }
            // Another search from there works and gives a legal move.
            let next = search(&mut agent, &session);
            let mut legal = Vec::new();
            session.current().legal_moves(&mut legal);
            assert!(legal.contains(&next.mv));
        }
    }

    #[test]
    fn seeded_searches_repeat() {
        let session = Session::<Void>::new(&NoVariant, HistoryRules::default());
        let run = |seed| {
            let mut config = MctsConfig::uct(Limits::nodes(500));
            config.seed = seed;
            search(&mut Mcts::<Void>::new(config), &session).info.pv
        };
        assert_eq!(run(5), run(5));
    }

    #[test]
    fn threads_share_one_tree_and_leave_no_virtual_loss() {
        let session = Session::<Void>::new(&NoVariant, HistoryRules::default());
        for threads in [2, 3] {
            let mut config = MctsConfig::heuristic(Limits::nodes(4000));
            config.threads = Threads::new(threads).unwrap();
            let mut agent = Mcts::<Void>::new(config);
            let choice = search(&mut agent, &session);
            let tree = &agent.tree;
            let root = &tree.nodes[0];
            // Every iteration of every thread went through the root once and was counted; a
            // helper may finish the iteration it started as the budget ran out.
            let iterations = choice.info.nodes;
            assert!((4000..4000 + threads).contains(&iterations), "{iterations}");
            assert_eq!(u64::from(root.visits), iterations);
            let through_children: u32 = root.children().map(|c| tree.nodes[c].visits).sum();
            assert_eq!(through_children, root.visits);
            for (i, n) in tree.nodes.iter().enumerate() {
                // Every reward was backed up: no node keeps a virtual loss beyond its visits.
                assert!((0.0..=f64::from(n.visits)).contains(&n.value), "node {i}");
                let below: u32 = n.children().map(|c| tree.nodes[c].visits).sum();
                assert!(below <= n.visits, "node {i}: {below} > {}", n.visits);
                for c in n.children() {
                    assert_eq!(tree.nodes[c].parent as usize, i);
                }
            }
            let mut legal = Vec::new();
            session.current().legal_moves(&mut legal);
            assert!(legal.contains(&choice.mv));
        }
    }
}
