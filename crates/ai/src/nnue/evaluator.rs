//! A position's evaluation through a net, as one search thread asks for it. An accumulator per
//! ply (and per view) holds the last position evaluated there; the next one is reached from its
//! parent's or its sibling's by the inputs that differ, which are few.

use super::accumulator::{Accumulator, InputBits};
use super::network::Network;
use arbiter_core::{Encoding, Player};
use std::sync::Arc;

/// The largest evaluation a net gives, in the search's units: far inside the scores of proven
/// wins, which the search keeps for itself.
pub const NET_EVAL_LIMIT: i32 = 20_000;

/// The last position evaluated at one ply of the search in one view: its active inputs (none
/// yet: empty) and its accumulator.
#[derive(Debug, Clone)]
struct Held {
    inputs: InputBits,
    accumulator: Accumulator,
}

/// One thread's evaluator: the net, an accumulator per ply of the search and per view, and the
/// buffers reused at every node (nothing is allocated per evaluation once they have grown).
#[derive(Debug, Clone)]
pub struct NetEvaluator {
    net: Arc<Network>,
    /// `slots[ply][view]`; a net of two views keeps the first player's view first, whoever is
    /// to move, so that a move changes few inputs of either.
    slots: Vec<Vec<Held>>,
    /// The slot of the last evaluation.
    last: usize,
    active: InputBits,
    /// The active inputs as a list, for a refresh.
    list: Vec<u32>,
    /// Inputs added and removed from the parent's slot, and from this ply's.
    from_parent: (Vec<u32>, Vec<u32>),
    from_sibling: (Vec<u32>, Vec<u32>),
    /// Accumulators (one per view and evaluation) summed from scratch, and updated.
    counts: [u64; 2],
}

impl NetEvaluator {
    /// An evaluator of `net` (already checked against the game).
    pub fn new(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            slots: Vec::new(),
            last: 0,
            active: InputBits::default(),
            list: Vec::new(),
            from_parent: (Vec::new(), Vec::new()),
            from_sibling: (Vec::new(), Vec::new()),
            counts: [0; 2],
            net,
        }
    }

    /// The net's logit for `game`, a position at `ply` of a search. Each view's accumulator
    /// starts from the position last evaluated one ply up (in the quiescence search, its
    /// parent: one move away) or at this ply (a sibling), whichever is fewer inputs away, and
    /// is refreshed when more than half of the inputs changed.
    pub fn logit_at<G: Encoding>(&mut self, game: &G, ply: usize) -> f32 {
        let views = self.net.views;
        while self.slots.len() <= ply {
            let held = Held {
                inputs: InputBits::default(),
                accumulator: Accumulator::new(&self.net),
            };
            self.slots.push(vec![held; views]);
        }
        for view in 0..views {
            let active = &mut self.active;
            active.clear(self.net.inputs);
            if views == 1 {
                game.observation_inputs(&mut |input| active.insert(input));
            } else {
                game.view_inputs(Player::BOTH[view], &mut |input| active.insert(input));
            }
            self.follow(ply, view);
        }
        self.last = ply;
        let here = &self.slots[ply];
        if views == 1 {
            self.net.logit(&[&here[0].accumulator])
        } else {
            let mover = game.to_move().index();
            self.net
                .logit(&[&here[mover].accumulator, &here[1 - mover].accumulator])
        }
    }

    /// Brings the accumulator of `view` at `ply` to the active inputs in `self.active`.
    fn follow(&mut self, ply: usize, view: usize) {
        let (above, here) = self.slots.split_at_mut(ply);
        let here = &mut here[0][view];
        let limit = self.active.count() / 2;
        let parent = above
            .last()
            .map(|p| &p[view])
            .filter(|p| !p.inputs.is_empty())
            .map(|p| {
                p.inputs
                    .diff(&self.active, &mut self.from_parent.0, &mut self.from_parent.1);
                (p, self.from_parent.0.len() + self.from_parent.1.len())
            });
        // One move changes a few inputs: a parent that close is not worth comparing.
        let sibling = if here.inputs.is_empty() || parent.is_some_and(|(_, n)| n <= 4) {
            None
        } else {
            here.inputs
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
        std::mem::swap(&mut here.inputs, &mut self.active);
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

    /// The accumulators of the last evaluation, one per view (the first player's view first),
    /// for tests: updated sums equal refreshed ones.
    pub fn accumulators(&self) -> Vec<&Accumulator> {
        self.slots
            .get(self.last)
            .map(|views| views.iter().map(|v| &v.accumulator).collect())
            .unwrap_or_default()
    }

    /// How many accumulators (one per view and evaluation) were summed from scratch, and how
    /// many updated.
    pub fn counts(&self) -> (u64, u64) {
        (self.counts[0], self.counts[1])
    }

    /// The net.
    pub fn network(&self) -> &Network {
        &self.net
    }
}
