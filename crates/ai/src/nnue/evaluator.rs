//! A position's evaluation through a net, as one search thread asks for it. The accumulator
//! holds the last position evaluated; the next one (in a search, a sibling or a nearby node)
//! is reached by the inputs that differ, which are few.

use super::accumulator::{diff, Accumulator};
use super::network::Network;
use arbiter_core::Encoding;
use std::sync::Arc;

/// The largest evaluation a net gives, in the search's units: far inside the scores of proven
/// wins, which the search keeps for itself.
pub const NET_EVAL_LIMIT: i32 = 20_000;

/// One thread's evaluator: the net and the buffers reused at every node (nothing is allocated
/// per evaluation once the buffers have grown).
#[derive(Debug, Clone)]
pub struct NetEvaluator {
    net: Arc<Network>,
    accumulator: Accumulator,
    observation: Vec<f32>,
    /// Active inputs of the position the accumulator holds (empty: none yet).
    held: Vec<u32>,
    active: Vec<u32>,
    added: Vec<u32>,
    removed: Vec<u32>,
    /// Evaluations that summed the accumulator from scratch, and that updated it.
    counts: [u64; 2],
}

/// The active inputs of an observation, ascending.
pub fn active_inputs(observation: &[f32], out: &mut Vec<u32>) {
    out.clear();
    out.extend(
        observation
            .iter()
            .enumerate()
            .filter(|(_, &v)| v != 0.0)
            .map(|(i, _)| i as u32),
    );
}

impl NetEvaluator {
    /// An evaluator of `net` (already checked against the game).
    pub fn new(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            accumulator: Accumulator::new(&net),
            observation: vec![0.0; net.inputs],
            held: Vec::new(),
            active: Vec::new(),
            added: Vec::new(),
            removed: Vec::new(),
            counts: [0; 2],
            net,
        }
    }

    /// The net's logit for `game`, the accumulator brought there from the last position by the
    /// inputs that changed (or refreshed, when more than half of them did).
    pub fn logit<G: Encoding>(&mut self, game: &G) -> f32 {
        game.observe(&mut self.observation);
        active_inputs(&self.observation, &mut self.active);
        diff(&self.held, &self.active, &mut self.added, &mut self.removed);
        if self.held.is_empty() || self.added.len() + self.removed.len() > self.active.len() / 2 {
            self.accumulator.refresh(&self.net, &self.active);
            self.counts[0] += 1;
        } else {
            self.accumulator.update(&self.net, &self.added, &self.removed);
            self.counts[1] += 1;
        }
        std::mem::swap(&mut self.held, &mut self.active);
        self.accumulator.logit(&self.net)
    }

    /// The evaluation of `game` for the side to move, in the search's units.
    pub fn evaluate<G: Encoding>(&mut self, game: &G) -> i32 {
        let value = self.net.scale * self.logit(game);
        (value.round() as i32).clamp(-NET_EVAL_LIMIT, NET_EVAL_LIMIT)
    }

    /// The accumulator as it stands (for tests: updated sums equal refreshed ones).
    pub fn accumulator(&self) -> &Accumulator {
        &self.accumulator
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
