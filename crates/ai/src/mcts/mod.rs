//! Monte Carlo tree search: UCT with capped random playouts, a heuristic value at the cap,
//! MCTS-Solver for proven wins and losses, and tree reuse between moves.

mod solver;
mod tree;

pub use tree::Proof;

use crate::past::{start_search, Past};
use crate::{Agent, Choice, Clock, Limits, Score, SearchInfo};
use arbiter_core::{Game, Outcome, Player, Session};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tree::{Node, Tree};

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
pub struct Mcts<G: Game> {
    config: MctsConfig,
    rng: SmallRng,
    tree: Tree<G::Move>,
    /// The start hash and moves of the session the tree's root belongs to.
    root_path: Option<(u64, Vec<G::Move>)>,
    buffer: Vec<G::Move>,
}

const INFO_INTERVAL: Duration = Duration::from_millis(250);

impl<G: Game> Mcts<G> {
    /// An agent with this configuration.
    pub fn new(config: MctsConfig) -> Mcts<G> {
        Mcts {
            rng: SmallRng::seed_from_u64(config.seed),
            config,
            tree: Tree::new(Player::Second),
            root_path: None,
            buffer: Vec::with_capacity(256),
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

    /// Creates the children of `node`, ordered by hint (heuristic) or shuffled.
    fn expand(&mut self, node: usize, game: &G) {
        game.legal_moves(&mut self.buffer);
        self.buffer.shuffle(&mut self.rng);
        if self.config.heuristic {
            self.buffer.sort_by_cached_key(|&m| -game.move_order_hint(m));
        }
        let first = self.tree.nodes.len();
        let mover = game.to_move();
        for &mv in &self.buffer {
            self.tree.nodes.push(Node::new(Some(mv), node as u32, mover));
        }
        let n = &mut self.tree.nodes[node];
        n.first_child = first as u32;
        n.child_count = self.buffer.len() as u32;
        n.expanded = true;
    }

    /// The UCT choice among the children of `node`.
    fn select(&self, node: usize) -> usize {
        let parent = &self.tree.nodes[node];
        let log_n = (parent.visits.max(1) as f64).ln();
        let c = self.config.exploration;
        let mut best = parent.first_child as usize;
        let mut best_value = f64::NEG_INFINITY;
        for (k, i) in parent.children().enumerate() {
            let child = &self.tree.nodes[i];
            let value = match child.proof {
                Proof::Loss(_) => f64::INFINITY,
                Proof::Win(k) => -1e9 + k as f64,
                _ if child.visits == 0 => 1e6 - k as f64,
                Proof::Draw => 0.5 + c * (log_n / child.visits as f64).sqrt(),
                Proof::Unknown => child.mean() + c * (log_n / child.visits as f64).sqrt(),
            };
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        best
    }

    /// Proof of a leaf position, if it is finished (by the board or the ply limit).
    fn terminal_proof(game: &G, past: &Past, depth: u32) -> Option<Proof> {
        match game.outcome() {
            Some(Outcome::Draw) => Some(Proof::Draw),
            Some(Outcome::Win(p)) if p == game.to_move() => Some(Proof::Win(0)),
            Some(Outcome::Win(_)) => Some(Proof::Loss(0)),
            None if past.ply_limit_reached(depth) => Some(Proof::Draw),
            None => None,
        }
    }

    /// A random playout from `game`; the reward in 0..=1 for the first player.
    fn playout(&mut self, game: &mut G, past: &Past, depth: u32) -> f64 {
        let mut plies = 0;
        loop {
            if let Some(outcome) = game.outcome() {
                return match outcome {
                    Outcome::Win(Player::First) => 1.0,
                    Outcome::Win(Player::Second) => 0.0,
                    Outcome::Draw => 0.5,
                };
            }
            if plies >= self.config.playout_cap || past.ply_limit_reached(depth + plies) {
                if !self.config.heuristic {
                    return 0.5;
                }
                let p = 1.0 / (1.0 + (-(game.evaluate() as f64) / self.config.eval_scale).exp());
                return if game.to_move() == Player::First { p } else { 1.0 - p };
            }
            match game.random_move(&mut self.rng, &mut self.buffer) {
                Some(mv) => game.play(mv),
                None => return 0.5,
            }
            plies += 1;
        }
    }

    /// One iteration: select, expand, play out, back up. Returns the depth of the leaf.
    fn iterate(&mut self, root: &G, past: &Past) -> u32 {
        let mut game = root.clone();
        let mut node = 0;
        let mut depth = 0;
        loop {
            if self.tree.nodes[node].proof != Proof::Unknown {
                break;
            }
            if !self.tree.nodes[node].expanded {
                if let Some(proof) = Self::terminal_proof(&game, past, depth) {
                    self.tree.nodes[node].proof = proof;
                    solver::propagate(&mut self.tree, node);
                    break;
                }
                if (self.tree.nodes[node].visits == 0 && node != 0) || self.tree.nodes.len() >= self.config.max_nodes {
                    break;
                }
                self.expand(node, &game);
            }
            node = self.select(node);
            game.play(self.tree.nodes[node].mv.expect("a child has a move"));
            depth += 1;
        }
        let reward_first = match self.tree.nodes[node].proof {
            Proof::Unknown => self.playout(&mut game, past, depth),
            proof => {
                let r = match proof {
                    Proof::Win(_) => 1.0,
                    Proof::Loss(_) => 0.0,
                    _ => 0.5,
                };
                if game.to_move() == Player::First {
                    r
                } else {
                    1.0 - r
                }
            }
        };
        loop {
            let n = &mut self.tree.nodes[node];
            n.visits += 1;
            n.value += if n.mover == Player::First {
                reward_first
            } else {
                1.0 - reward_first
            };
            if node == 0 {
                break;
            }
            node = n.parent as usize;
        }
        depth
    }

    /// The child of `node` to play: a proven win first, then the most visited unproven or drawn
    /// child, then the longest proven loss.
    fn best_child(&self, node: usize) -> Option<usize> {
        let n = &self.tree.nodes[node];
        let key = |i: usize| {
            let c = &self.tree.nodes[i];
            match c.proof {
                Proof::Loss(k) => (3, -(k as i64), 0),
                Proof::Unknown | Proof::Draw => (2, c.visits as i64, (c.mean() * 1e6) as i64),
                Proof::Win(k) => (1, k as i64, 0),
            }
        };
        n.children().max_by_key(|&i| key(i))
    }

    /// The report of the search so far.
    fn info(&self, root: &G, clock: &Clock, iterations: u64, depth: u32) -> SearchInfo {
        let mut pv = Vec::new();
        let mut game = root.clone();
        let mut node = 0;
        while pv.len() < 16 {
            let Some(c) = self.best_child(node) else { break };
            if self.tree.nodes[c].visits == 0 && self.tree.nodes[c].proof == Proof::Unknown {
                break;
            }
            let mv = self.tree.nodes[c].mv.expect("a child has a move");
            pv.push(game.format_move(mv));
            game.play(mv);
            node = c;
        }
        let score = match self.tree.nodes[0].proof {
            Proof::Win(k) => Score::WinIn(k as u32),
            Proof::Loss(k) => Score::LossIn(k as u32),
            Proof::Draw => Score::Draw,
            Proof::Unknown => match self.best_child(0) {
                Some(c) => Score::WinRate(self.tree.nodes[c].mean()),
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

impl<G: Game> Agent<G> for Mcts<G> {
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
        if !self.tree.nodes[0].expanded {
            self.expand(0, &root);
        }
        let (mut iterations, mut depth) = (0u64, 0u32);
        let mut next_report = INFO_INTERVAL;
        loop {
            if self.tree.nodes[0].proof != Proof::Unknown || clock.nodes_exhausted(iterations) {
                break;
            }
            if iterations % 32 == 0 && clock.should_stop() {
                break;
            }
            depth = depth.max(self.iterate(&root, &past));
            iterations += 1;
            if iterations % 256 == 0 && clock.elapsed() >= next_report {
                next_report = clock.elapsed() + INFO_INTERVAL;
                on_info(&self.info(&root, &clock, iterations, depth));
            }
        }
        let info = self.info(&root, &clock, iterations, depth);
        on_info(&info);
        let best = self.best_child(0).expect("a game in progress has a move");
        let mv = self.tree.nodes[best].mv.expect("a child has a move");
        Some(Choice { mv, info })
    }

    fn new_game(&mut self) {
        self.root_path = None;
        self.tree = Tree::new(Player::Second);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::{HistoryRules, NoVariant};
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
            let reply = agent.tree.nodes[agent.best_child(0).unwrap()]
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
}
