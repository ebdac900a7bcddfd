//! A position's evaluation through a net, as one search thread asks for it. An accumulator per
//! ply holds the last position evaluated there; the next one is reached from its parent's or
//! its sibling's by the inputs that differ, which are few.

use super::accumulator::{Accumulator, InputBits};
use super::network::Network;
use arbiter_core::Encoding;
use std::sync::Arc;

/// The largest evaluation a net gives, in the search's units: far inside the scores of proven
/// wins, which the search keeps for itself.
pub const NET_EVAL_LIMIT: i32 = 20_000;

/// The last position evaluated at one ply of the search: its active inputs (none yet: empty)
/// and its accumulator.
#[derive(Debug, Clone)]
struct Slot {
    held: InputBits,
    accumulator: Accumulator,
}

/// One thread's evaluator: the net, an accumulator per ply of the search, and the buffers
/// reused at every node (nothing is allocated per evaluation once they have grown).
#[derive(Debug, Clone)]
pub struct NetEvaluator {
    net: Arc<Network>,
    slots: Vec<Slot>,
    /// The slot of the last evaluation.
    last: usize,
    observation: Vec<f32>,
    active: InputBits,
    /// The active inputs as a list, for a refresh.
    list: Vec<u32>,
    /// Inputs added and removed from the parent's slot, and from this ply's.
    from_parent: (Vec<u32>, Vec<u32>),
    from_sibling: (Vec<u32>, Vec<u32>),
    /// Evaluations that summed the accumulator from scratch, and that updated it.
    counts: [u64; 2],
}

impl NetEvaluator {
    /// An evaluator of `net` (already checked against the game).
    pub fn new(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            slots: Vec::new(),
            last: 0,
            observation: vec![0.0; net.inputs],
            active: InputBits::default(),
            list: Vec::new(),
            from_parent: (Vec::new(), Vec::new()),
            from_sibling: (Vec::new(), Vec::new()),
            counts: [0; 2],
            net,
        }
    }

    /// The net's logit for `game`, a position at `ply` of a search. Its accumulator starts from
    /// the position last evaluated one ply up (in the quiescence search, its parent: one move
    /// away) or at this ply (a sibling), whichever is fewer inputs away, and is refreshed when
    /// more than half of the inputs changed.
    pub fn logit_at<G: Encoding>(&mut self, game: &G, ply: usize) -> f32 {
        game.observe(&mut self.observation);
        self.active.set_from(&self.observation);
        while self.slots.len() <= ply {
            self.slots.push(Slot {
                held: InputBits::default(),
                accumulator: Accumulator::new(&self.net),
            });
        }
        let (above, here) = self.slots.split_at_mut(ply);
        let here = &mut here[0];
        let limit = self.active.count() / 2;
        let parent = above.last().filter(|p| !p.held.is_empty()).map(|p| {
            p.held
                .diff(&self.active, &mut self.from_parent.0, &mut self.from_parent.1);
            (p, self.from_parent.0.len() + self.from_parent.1.len())
        });
        // One move changes a few inputs: a parent that close is not worth comparing.
        let sibling = if here.held.is_empty() || parent.is_some_and(|(_, n)| n <= 4) {
            None
        } else {
            here.held
                .diff(&self.active, &mut self.from_sibling.0, &mut self.from_sibling.1);
            Some(self.from_sibling.0.len() + self.from_sibling.1.len())
        };
        match (parent, sibling) {
            (Some((p, n)), s) if n <= limit && s.is_none_or(|s| n <= s) => {
                here.accumulator.clone_from(&p.accumulator);
                here.accumulator
                    .update(&self.net, &self.from_parent.0, &self.from_parent.1);
                self.counts[1] += 1;
            }
            (_, Some(s)) if s <= limit => {
                here.accumulator
                    .update(&self.net, &self.from_sibling.0, &self.from_sibling.1);
                self.counts[1] += 1;
            }
            _ => {
                self.active.list(&mut self.list);
                here.accumulator.refresh(&self.net, &self.list);
                self.counts[0] += 1;
            }
        }
        std::mem::swap(&mut here.held, &mut self.active);
        self.last = ply;
        here.accumulator.logit(&self.net)
    }

    /// The net's logit for `game`, as one more position at the same ply (outside a search).
    pub fn logit<G: Encoding>(&mut self, game: &G) -> f32 {
        self.logit_at(game, 0)
    }

    /// The evaluation of `game`, a position at `ply` of a search, for the side to move, in the
    /// search's units.
    pub fn evaluate<G: Encoding>(&mut self, game: &G, ply: usize) -> i32 {
        let value = self.net.scale * self.logit_at(game, ply);
        (value.round() as i32).clamp(-NET_EVAL_LIMIT, NET_EVAL_LIMIT)
    }

    /// The accumulator of the last evaluation (for tests: updated sums equal refreshed ones).
    pub fn accumulator(&self) -> Option<&Accumulator> {
        self.slots.get(self.last).map(|s| &s.accumulator)
    }

    /// How many evaluations summed the accumulator from scratch, and how many updated it.
    pub fn counts(&self) -> (u64, u64) {
        (self.counts[0], self.counts[1])
    }

    /// The net.
    pub fn network(&self) -> &Network {
        &self.net
    }
}
