//! Canonical notation, which the rules require for output: for every distinct turn, the token
//! sequence with the fewest tokens, ties broken by the smallest string in byte order.
//!
//! A breadth-first search over intermediate states, expanding each state's tokens in byte order,
//! discovers states level by level in the order of their best sequences; the first state found
//! with a given result therefore carries that result's canonical sequence. States dominated by
//! an earlier one (same board, no more steps or actions left) are skipped: the earlier one has a
//! sequence no longer and, at equal length, smaller, so nothing canonical is lost.
//!
//! One search gives every turn's sequence; the last position's answers are cached per thread,
//! so listing all turns in notation costs one search.

use crate::board::Krux;
use crate::moves::Move;
use crate::piece::Ring;
use crate::table::DOMINATORS;
use crate::token::Token;
use crate::turn::TurnState;
use std::cell::RefCell;
use std::collections::HashMap;

/// Every turn's canonical sequence for one position, as a tree of search nodes.
struct Canonical {
    /// (parent node, token that led here); node 0 is the turn's start.
    nodes: Vec<(u32, Token)>,
    /// Result key → node holding its canonical sequence.
    results: HashMap<u64, u32>,
}

impl Canonical {
    /// Searches every turn of `k`.
    fn search(k: &Krux) -> Canonical {
        let mut nodes: Vec<(u32, Token)> = Vec::new();
        let mut states: Vec<TurnState> = Vec::new();
        let mut results = HashMap::new();
        let mut seen: HashMap<u64, u16> = HashMap::new();
        if k.is_over() {
            return Canonical { nodes, results };
        }
        let root = TurnState::start(k);
        let mut discover =
            |st: TurnState, parent: u32, token: Token, nodes: &mut Vec<(u32, Token)>, states: &mut Vec<TurnState>| {
                let key = st.key();
                let entry = seen.entry(key).or_insert(0);
                if *entry & DOMINATORS[st.budget()] != 0 {
                    return;
                }
                *entry |= 1 << st.budget();
                let id = nodes.len() as u32;
                nodes.push((parent, token));
                states.push(st);
                if st.can_finish() {
                    results.entry(key).or_insert(id);
                }
            };
        // The root's token is a placeholder: node 0 has no token.
        discover(root, 0, Token::Ring(Ring::Blue), &mut nodes, &mut states);
        let mut children: Vec<(Token, TurnState)> = Vec::new();
        let mut next = 0;
        while next < states.len() {
            let st = states[next];
            children.clear();
            st.expand(|t, c| children.push((t, *c)));
            children.sort_unstable_by_key(|c| c.0);
            for &(t, c) in &children {
                discover(c, next as u32, t, &mut nodes, &mut states);
            }
            next += 1;
        }
        Canonical { nodes, results }
    }

    /// The canonical tokens of a turn (empty for the empty turn), `None` if it is not a turn here.
    fn tokens(&self, mv: Move) -> Option<Vec<Token>> {
        let mut node = *self.results.get(&mv.0)?;
        let mut out = Vec::new();
        while node != 0 {
            let (parent, token) = self.nodes[node as usize];
            out.push(token);
            node = parent;
        }
        out.reverse();
        Some(out)
    }
}

thread_local! {
    /// The last position searched and its answers.
    static CACHE: RefCell<Option<(Krux, Canonical)>> = const { RefCell::new(None) };
}

impl Krux {
    /// The canonical token sequence of a turn (empty for the empty turn), `None` if `mv` is not
    /// a legal turn here.
    pub fn canonical_tokens(&self, mv: Move) -> Option<Vec<Token>> {
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            match &*cache {
                Some((pos, _)) if pos == self => {}
                _ => *cache = Some((*self, Canonical::search(self))),
            }
            cache.as_ref().and_then(|(_, c)| c.tokens(mv))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search expands no state twice with the same steps and actions left: each node's
    /// state, replayed from the start along its tokens, is one of a kind.
    #[test]
    fn no_state_is_searched_twice() {
        let start = Krux::start();
        let next = {
            let mut moves = Vec::new();
            crate::movegen::legal_moves(&start, &mut moves);
            let mut next = start;
            crate::play::play(&mut next, moves[0]);
            next
        };
        for k in [start, next] {
            let search = Canonical::search(&k);
            let mut states = vec![TurnState::start(&k)];
            for &(parent, token) in &search.nodes[1..] {
                let state = states[parent as usize]
                    .play_token(token)
                    .expect("a searched token is legal");
                states.push(state);
            }
            let mut kinds: Vec<(u64, usize)> = states.iter().map(|s| (s.key(), s.budget())).collect();
            kinds.sort_unstable();
            let total = kinds.len();
            kinds.dedup();
            assert_eq!(kinds.len(), total, "{total} nodes");
            assert!(!search.results.is_empty());
        }
    }
}
