//! One MCTS iteration in three steps — descend to a leaf, play out from it, back the reward up —
//! so that several threads can share one tree: the two steps that touch the tree run under its
//! lock, the playout (most of the work) outside it, and so does listing the moves of a node to
//! expand (a descent stops there and goes on once they are listed: in Krux that listing costs
//! more than the playout). While a thread plays out, the path it took carries a virtual loss (its
//! visits are counted, its reward not yet), which steers the other threads to other leaves. With
//! one thread the steps join up into exactly the classic iteration, so a seeded one-thread search
//! repeats to the node.

use super::solver;
use super::tree::{Node, Proof, Tree};
use super::MctsConfig;
use crate::past::Past;
use arbiter_core::{Heuristics, Outcome, Player};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

/// One thread's own state: its random numbers and its move buffer.
pub(super) struct Walker<G: Heuristics> {
    /// The random playouts' and tie-breaks' generator.
    pub rng: SmallRng,
    buffer: Vec<G::Move>,
}

/// A node of the tree with its position.
pub(super) struct Place<G> {
    node: usize,
    game: G,
    /// Plies from the root.
    pub depth: u32,
}

impl<G: Heuristics> Place<G> {
    /// The root.
    pub fn root(root: &G) -> Place<G> {
        Place {
            node: 0,
            game: root.clone(),
            depth: 0,
        }
    }

    /// The position, whose moves a descent that stopped here needs listed.
    pub fn game(&self) -> &G {
        &self.game
    }
}

/// Where a descent stopped: the leaf's place, and the reward if the leaf is proven.
pub(super) struct Leaf<G> {
    /// The leaf.
    pub at: Place<G>,
    /// The reward for the first player when the leaf needs no playout (it is proven).
    known: Option<f64>,
}

/// How a descent ended.
pub(super) enum Descent<G> {
    /// At a leaf, with the virtual loss on its path: play it out.
    Leaf(Leaf<G>),
    /// At a node to expand: list its moves ([`Walker::generate`]) and descend on from here.
    Expand(Place<G>),
}

impl<G: Heuristics> Walker<G> {
    /// A walker whose random numbers come from `rng`.
    pub fn new(rng: SmallRng) -> Walker<G> {
        Walker {
            rng,
            buffer: Vec::with_capacity(256),
        }
    }

    /// Creates the children of `node`, ordered by hint (heuristic) or shuffled.
    pub fn expand(&mut self, tree: &mut Tree<G::Move>, node: usize, game: &G, config: &MctsConfig) {
        self.generate(game, config);
        self.attach(tree, node, game.to_move());
    }

    /// Lists the moves of `game` in the order they become children, ordered by hint
    /// (heuristic) or shuffled; the tree is not needed for it.
    pub fn generate(&mut self, game: &G, config: &MctsConfig) {
        game.legal_moves(&mut self.buffer);
        self.buffer.shuffle(&mut self.rng);
        if config.heuristic {
            self.buffer.sort_by_cached_key(|&m| -game.move_order_hint(m));
        }
    }

    /// Makes the moves last generated the children of `node`, played by `mover`.
    fn attach(&mut self, tree: &mut Tree<G::Move>, node: usize, mover: Player) {
        let first = tree.nodes.len();
        for &mv in &self.buffer {
            tree.nodes.push(Node::new(Some(mv), node as u32, mover));
        }
        let n = &mut tree.nodes[node];
        n.first_child = first as u32;
        n.child_count = self.buffer.len() as u32;
        n.expanded = true;
    }

    /// Selects down the tree from `at` to a leaf or to a node to expand. At a leaf it puts a
    /// virtual loss on the path (one visit each, no reward yet). `generated` says that the
    /// moves of `at` were just listed for it: they become its children, unless another thread
    /// expanded it meanwhile.
    pub fn descend(
        &mut self,
        tree: &mut Tree<G::Move>,
        mut at: Place<G>,
        mut generated: bool,
        past: &Past,
        config: &MctsConfig,
    ) -> Descent<G> {
        loop {
            let node = at.node;
            if tree.nodes[node].proof != Proof::Unknown {
                break;
            }
            if !tree.nodes[node].expanded {
                if !generated {
                    if let Some(proof) = terminal_proof(&at.game, past, at.depth) {
                        tree.nodes[node].proof = proof;
                        solver::propagate(tree, node);
                        break;
                    }
                    if (tree.nodes[node].visits == 0 && node != 0) || tree.nodes.len() >= config.max_nodes {
                        break;
                    }
                    return Descent::Expand(at);
                }
                self.attach(tree, node, at.game.to_move());
            }
            generated = false;
            at.node = select(tree, node, config.exploration);
            at.game.play(tree.nodes[at.node].mv.expect("a child has a move"));
            at.depth += 1;
        }
        let known = match tree.nodes[at.node].proof {
            Proof::Unknown => None,
            proof => {
                let r = match proof {
                    Proof::Win(_) => 1.0,
                    Proof::Loss(_) => 0.0,
                    _ => 0.5,
                };
                Some(if at.game.to_move() == Player::First { r } else { 1.0 - r })
            }
        };
        let mut up = at.node;
        loop {
            tree.nodes[up].visits += 1;
            if up == 0 {
                break;
            }
            up = tree.nodes[up].parent as usize;
        }
        Descent::Leaf(Leaf { at, known })
    }

    /// The reward of `leaf` for the first player: a random playout from it, unless proven.
    pub fn play_out(&mut self, leaf: &mut Leaf<G>, past: &Past, config: &MctsConfig) -> f64 {
        match leaf.known {
            Some(reward) => reward,
            None => self.playout(&mut leaf.at.game, past, leaf.at.depth, config),
        }
    }

    /// A random playout from `game`; the reward in 0..=1 for the first player.
    fn playout(&mut self, game: &mut G, past: &Past, depth: u32, config: &MctsConfig) -> f64 {
        let mut plies = 0;
        loop {
            if let Some(outcome) = game.outcome() {
                return match outcome {
                    Outcome::Win(Player::First) => 1.0,
                    Outcome::Win(Player::Second) => 0.0,
                    Outcome::Draw => 0.5,
                };
            }
            if plies >= config.playout_cap || past.ply_limit_reached(depth + plies) {
                if !config.heuristic {
                    return 0.5;
                }
                let p = 1.0 / (1.0 + (-(game.evaluate() as f64) / config.eval_scale).exp());
                return if game.to_move() == Player::First { p } else { 1.0 - p };
            }
            match game.random_move(&mut self.rng, &mut self.buffer) {
                Some(mv) => game.play(mv),
                None => return 0.5,
            }
            plies += 1;
        }
    }
}

/// Adds the reward of a played-out leaf along its path; the visits were counted by the descent.
pub(super) fn back_up<M: Copy + PartialEq, G>(tree: &mut Tree<M>, leaf: &Leaf<G>, reward_first: f64) {
    let mut node = leaf.at.node;
    loop {
        let n = &mut tree.nodes[node];
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
}

/// The UCT choice among the children of `node`.
fn select<M: Copy + PartialEq>(tree: &Tree<M>, node: usize, c: f64) -> usize {
    let parent = &tree.nodes[node];
    let log_n = (parent.visits.max(1) as f64).ln();
    let mut best = parent.first_child as usize;
    let mut best_value = f64::NEG_INFINITY;
    for (k, i) in parent.children().enumerate() {
        let child = &tree.nodes[i];
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
fn terminal_proof<G: Heuristics>(game: &G, past: &Past, depth: u32) -> Option<Proof> {
    match game.outcome() {
        Some(Outcome::Draw) => Some(Proof::Draw),
        Some(Outcome::Win(p)) if p == game.to_move() => Some(Proof::Win(0)),
        Some(Outcome::Win(_)) => Some(Proof::Loss(0)),
        None if past.ply_limit_reached(depth) => Some(Proof::Draw),
        None => None,
    }
}
