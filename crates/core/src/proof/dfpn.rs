//! Depth-first proof-number search (df-pn, Nagai 2002) with a transposition table, bounded by a
//! horizon: does the attacker (to move) force a win within so many plies? The same question as the
//! exact search in [`super`], answered by expanding first the moves that look easiest to prove
//! (fewest positions left to prove) or to refute, rather than every move in order: where one
//! defence holds, it is usually found long before the others are tried.
//!
//! Proof and disproof numbers are kept per (position, plies left), so that the horizon makes
//! every path finite: a position reached again with fewer plies left is another node, and the
//! graph has no cycles (no graph-history interaction to handle).
//!
//! Near the horizon the numbers cost more than they save: a node with few plies left is settled
//! by the exact search instead (each move looked at once, in order, with early exits), and a node
//! the game's tactics settle is not expanded at all. A child's threshold is its runner-up's number
//! times 1 + ε rather than plus one (Pawlewicz and Lew's 1 + ε trick), so that the search does not
//! leave a subtree and come back to it over and over when two children are close.

use super::exact::Prover;
use super::{settled_by_tactics, Solver};
use crate::{Heuristics, Outcome, Player};
use rustc_hash::FxHashMap;

/// A proof or disproof number that stands for "never": the node is settled the other way.
const INFINITE: u32 = u32::MAX / 4;

/// Caps the table (entries): a full table keeps what it has and stops remembering, so a long
/// search slows down rather than eating the memory.
const TABLE_LIMIT: usize = 1 << 24;

/// Nodes with at most this many plies left are settled by the exact search.
const EXACT_PLIES: u32 = 3;

/// The runner-up's number is stretched by 1 + 1/`EPSILON_DIVISOR` for a child's threshold.
const EPSILON_DIVISOR: u32 = 4;

/// Proof and disproof numbers: how many positions at least must still be proved to prove the
/// node (for the attacker), or to disprove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    proof: u32,
    disproof: u32,
}

impl Numbers {
    const UNKNOWN: Numbers = Numbers { proof: 1, disproof: 1 };
    const PROVEN: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    const DISPROVEN: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };

    fn settled(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// The searcher: the attacker, the table and the count of positions visited.
pub(super) struct ProofNumbers<G: Heuristics> {
    attacker: Player,
    table: FxHashMap<(u64, u32), Numbers>,
    /// Settles the nodes near the horizon.
    exact: Prover<G>,
    /// Reused child lists, one per ply from the root.
    children: Vec<Vec<G>>,
    moves: Vec<Vec<G::Move>>,
    /// Positions visited (expansions counted once each time).
    nodes: u64,
}

impl<G: Heuristics> ProofNumbers<G> {
    pub(super) fn new(attacker: Player) -> Self {
        ProofNumbers {
            attacker,
            table: FxHashMap::default(),
            exact: Prover::new(attacker),
            children: Vec::new(),
            moves: Vec::new(),
            nodes: 0,
        }
    }

    /// A position's numbers without expanding it: settled by its outcome or the horizon, else
    /// as the table has them.
    fn look(&self, game: &G, plies: u32) -> Numbers {
        match game.outcome() {
            Some(Outcome::Win(p)) if p == self.attacker => Numbers::PROVEN,
            Some(_) => Numbers::DISPROVEN,
            None if plies == 0 => Numbers::DISPROVEN,
            None => self
                .table
                .get(&(game.hash(), plies))
                .copied()
                .unwrap_or(Numbers::UNKNOWN),
        }
    }

    fn store(&mut self, key: (u64, u32), numbers: Numbers) {
        if self.table.len() < TABLE_LIMIT || self.table.contains_key(&key) {
            self.table.insert(key, numbers);
        }
    }

    /// Does the attacker (if `game`'s side to move is the attacker) or the defender lose within
    /// `plies`? Settles the position and returns its numbers.
    fn solve(&mut self, game: &G, plies: u32) -> Numbers {
        let mut numbers = self.look(game, plies);
        while !numbers.settled() {
            numbers = self.search(game, plies, 0, INFINITE, INFINITE);
        }
        numbers
    }

    /// Expands `game` (not settled, plies ≥ 1) until its numbers reach a threshold.
    fn search(&mut self, game: &G, plies: u32, depth: usize, proof_limit: u32, disproof_limit: u32) -> Numbers {
        let key = (game.hash(), plies);
        let settled = match settled_by_tactics(game, self.attacker, plies) {
            None if plies <= EXACT_PLIES => Some(self.exact.wins_within(game, plies)),
            settled => settled,
        };
        if let Some(won) = settled {
            let numbers = if won { Numbers::PROVEN } else { Numbers::DISPROVEN };
            self.store(key, numbers);
            return numbers;
        }
        self.nodes += 1;
        let or_node = game.to_move() == self.attacker;
        while self.children.len() <= depth {
            self.children.push(Vec::new());
            self.moves.push(Vec::with_capacity(256));
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        game.legal_moves(&mut moves);
        moves.sort_by_key(|&mv| std::cmp::Reverse(game.move_order_hint(mv)));
        if !or_node {
            // Ties of the numbers go to the first child: the defence most likely to hold.
            self.exact.order_defences(game, &mut moves);
        }
        let mut children = std::mem::take(&mut self.children[depth]);
        children.clear();
        for &mv in &moves {
            let mut child = game.clone();
            child.play(mv);
            children.push(child);
        }
        self.moves[depth] = moves;
        let numbers = loop {
            let (numbers, best, second) = self.combine(&children, plies - 1, or_node);
            if numbers.proof >= proof_limit || numbers.disproof >= disproof_limit || numbers.settled() {
                break numbers;
            }
            let child = &children[best];
            let current = self.look(child, plies - 1);
            let (child_proof, child_disproof) = if or_node {
                (
                    proof_limit.min(stretched(second)),
                    (disproof_limit - numbers.disproof)
                        .saturating_add(current.disproof)
                        .min(INFINITE),
                )
            } else {
                (
                    (proof_limit - numbers.proof)
                        .saturating_add(current.proof)
                        .min(INFINITE),
                    disproof_limit.min(stretched(second)),
                )
            };
            self.search(child, plies - 1, depth + 1, child_proof, child_disproof);
        };
        self.children[depth] = children;
        self.store(key, numbers);
        numbers
    }

    /// The node's numbers from its children's, the child to expand next, and the runner-up's
    /// number (proof numbers at an OR node, disproof numbers at an AND node).
    fn combine(&self, children: &[G], plies: u32, or_node: bool) -> (Numbers, usize, u32) {
        let (mut least, mut second, mut best, mut sum) = (INFINITE, INFINITE, 0, 0u32);
        for (i, child) in children.iter().enumerate() {
            let n = self.look(child, plies);
            let (key, other) = if or_node {
                (n.proof, n.disproof)
            } else {
                (n.disproof, n.proof)
            };
            if key < least {
                second = least;
                least = key;
                best = i;
            } else if key < second {
                second = key;
            }
            sum = sum.saturating_add(other).min(INFINITE);
        }
        let numbers = if or_node {
            Numbers {
                proof: least,
                disproof: sum,
            }
        } else {
            Numbers {
                proof: sum,
                disproof: least,
            }
        };
        (numbers, best, second)
    }
}

impl<G: Heuristics> Solver<G> for ProofNumbers<G> {
    fn wins_within(&mut self, position: &G, plies: u32) -> bool {
        self.solve(position, plies).proof == 0
    }

    fn nodes(&self) -> u64 {
        self.nodes + self.exact.nodes()
    }
}

/// A child's threshold from its runner-up's number: the 1 + ε trick (at least one more, as plain
/// df-pn has it).
fn stretched(second: u32) -> u32 {
    second
        .saturating_add(second / EPSILON_DIVISOR)
        .saturating_add(1)
        .min(INFINITE)
}
