//! MCTS-Solver: proven wins and losses propagate up the tree as in minimax.

use super::tree::{Proof, Tree};

/// Recomputes the proof of `node` from its children: a child that is lost for its side to move
/// is a win here (in one more ply); when every child is proven, the best of them decides.
pub fn prove<M: Copy + PartialEq>(tree: &Tree<M>, node: usize) -> Proof {
    let n = &tree.nodes[node];
    if !n.expanded || n.child_count == 0 {
        return n.proof;
    }
    let mut fastest_win: Option<u16> = None;
    let mut all_proven = true;
    let mut any_draw = false;
    let mut slowest_loss = 0u16;
    for c in n.children() {
        match tree.nodes[c].proof {
            Proof::Loss(k) => fastest_win = Some(fastest_win.map_or(k + 1, |w| w.min(k + 1))),
            Proof::Win(k) => slowest_loss = slowest_loss.max(k + 1),
            Proof::Draw => any_draw = true,
            Proof::Unknown => all_proven = false,
        }
    }
    if let Some(w) = fastest_win {
        Proof::Win(w)
    } else if !all_proven {
        Proof::Unknown
    } else if any_draw {
        Proof::Draw
    } else {
        Proof::Loss(slowest_loss)
    }
}

/// Propagates a new proof from `node` towards the root, as far as proofs change.
pub fn propagate<M: Copy + PartialEq>(tree: &mut Tree<M>, mut node: usize) {
    while node != 0 {
        let parent = tree.nodes[node].parent as usize;
        let proof = prove(tree, parent);
        if proof == tree.nodes[parent].proof {
            return;
        }
        tree.nodes[parent].proof = proof;
        node = parent;
    }
}
