//! The MCTS tree: an arena of nodes whose children are stored contiguously.

use arbiter_core::Player;

/// What is proven about a node, for the side to move at that node (MCTS-Solver).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Not proven.
    Unknown,
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies.
    Loss(u16),
    /// A draw with best play.
    Draw,
}

/// One node: the move that leads to it and its statistics.
#[derive(Debug, Clone)]
pub struct Node<M> {
    /// The move from the parent (`None` at the root).
    pub mv: Option<M>,
    /// Index of the parent (the root points to itself).
    pub parent: u32,
    /// Index of the first child; children are contiguous.
    pub first_child: u32,
    /// Number of children; 0 while not expanded.
    pub child_count: u32,
    /// Whether the children have been created.
    pub expanded: bool,
    /// The side that played `mv` (whose reward `value` sums).
    pub mover: Player,
    /// Visits.
    pub visits: u32,
    /// Sum of rewards in 0..=1 for `mover`.
    pub value: f64,
    /// Proven result for the side to move here.
    pub proof: Proof,
}

impl<M: Copy> Node<M> {
    /// A fresh node.
    pub fn new(mv: Option<M>, parent: u32, mover: Player) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: 0,
            child_count: 0,
            expanded: false,
            mover,
            visits: 0,
            value: 0.0,
            proof: Proof::Unknown,
        }
    }

    /// Mean reward for the side that moved into this node.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.value / self.visits as f64
        }
    }

    /// The children's index range.
    pub fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.child_count) as usize
    }
}

/// The arena of nodes; index 0 is the root.
#[derive(Debug, Clone)]
pub struct Tree<M> {
    /// Every node.
    pub nodes: Vec<Node<M>>,
}

impl<M: Copy + PartialEq> Tree<M> {
    /// A tree with only a root; `mover` is the side that moved into the root.
    pub fn new(mover: Player) -> Tree<M> {
        Tree {
            nodes: vec![Node::new(None, 0, mover)],
        }
    }

    /// The child of `node` reached by `mv`, if it exists.
    pub fn child_by_move(&self, node: usize, mv: M) -> Option<usize> {
        self.nodes[node].children().find(|&c| self.nodes[c].mv == Some(mv))
    }

    /// A new tree holding the subtree below `new_root` (which becomes index 0).
    pub fn extract(&self, new_root: usize) -> Tree<M> {
        let mut root = self.nodes[new_root].clone();
        root.parent = 0;
        root.mv = None;
        let mut nodes = vec![root];
        let mut queue = std::collections::VecDeque::from([(new_root, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let range = self.nodes[old].children();
            if range.is_empty() {
                nodes[new].first_child = 0;
                continue;
            }
            let first = nodes.len();
            nodes[new].first_child = first as u32;
            for (k, c) in range.enumerate() {
                let mut child = self.nodes[c].clone();
                child.parent = new as u32;
                nodes.push(child);
                queue.push_back((c, first + k));
            }
        }
        Tree { nodes }
    }
}
