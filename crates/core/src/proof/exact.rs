//! The exact proof search: every move in the game's order, depth first, with a table of settled
//! positions and a killer defence per ply.
//!
//! A defence needs only one move that holds, so the defender's moves are tried in the order most
//! likely to hold: the last refutation at this ply first, then, with four or more plies left
//! (where each try is a deep search), the moves the evaluation likes best for the defender. With
//! two plies left a try is cheap (does the attacker then win at once?), so a few sampled moves are
//! tried before the moves are listed at all: in Krux, where listing a position's hundreds of turns
//! is most of the proof's work and a random turn is cheap, one of them usually holds.

use super::{settled_by_tactics, Solver};
use crate::{Heuristics, Outcome, Player};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use rustc_hash::FxHashMap;

/// Sampled defences tried, with two plies left, before the defender's moves are listed.
const SAMPLED_DEFENCES: usize = 4;

/// Caps the table of proven positions (entries), so that a long proof does not eat the memory.
const TABLE_LIMIT: usize = 1 << 23;

pub(super) struct Prover<G: Heuristics> {
    attacker: Player,
    lists: Vec<Vec<G::Move>>,
    /// Positions already settled at a horizon: (hash, plies left) → attacker wins.
    table: FxHashMap<(u64, u32), bool>,
    /// Per ply, the defence that refuted last time: often refutes again (the killer heuristic).
    killers: Vec<Option<G::Move>>,
    /// Scratch for ordering the defences by evaluation.
    scored: Vec<(i32, G::Move)>,
    /// Samples defences (seeded: a proof visits the same positions every time).
    rng: SmallRng,
    nodes: u64,
}

impl<G: Heuristics> Prover<G> {
    pub(super) fn new(attacker: Player) -> Self {
        Prover {
            attacker,
            lists: Vec::new(),
            table: FxHashMap::default(),
            killers: Vec::new(),
            scored: Vec::new(),
            rng: SmallRng::seed_from_u64(0x5eed),
            nodes: 0,
        }
    }

    /// The move list kept for `ply` (to be put back), the per-ply lists and killers grown to it.
    fn take_list(&mut self, ply: usize) -> Vec<G::Move> {
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(256));
            self.killers.push(None);
        }
        std::mem::take(&mut self.lists[ply])
    }

    /// The legal moves at `ply`, most promising first (the game's own hint: winning moves first).
    fn moves(&mut self, game: &G, ply: usize) -> Vec<G::Move> {
        let mut list = self.take_list(ply);
        game.legal_moves(&mut list);
        list.sort_by_key(|&mv| std::cmp::Reverse(game.move_order_hint(mv)));
        list
    }

    fn remember(&mut self, key: (u64, u32), value: bool) {
        if self.table.len() < TABLE_LIMIT {
            self.table.insert(key, value);
        }
    }

    /// The attacker to move: does some move force a win within `plies` (odd, ≥ 1)?
    fn attacker_wins(&mut self, game: &G, plies: u32, ply: usize) -> bool {
        self.nodes += 1;
        let key = (game.hash(), plies);
        if let Some(&known) = self.table.get(&key) {
            return known;
        }
        if let Some(won) = settled_by_tactics(game, self.attacker, plies) {
            return won;
        }
        let list = self.moves(game, ply);
        let wins_at_once = |mv: &G::Move| {
            let mut child = game.clone();
            child.play(*mv);
            child.outcome() == Some(Outcome::Win(self.attacker))
        };
        let mut found = list.iter().any(wins_at_once);
        if !found && plies >= 3 {
            for &mv in &list {
                let mut child = game.clone();
                child.play(mv);
                if child.outcome().is_none() && self.defender_loses(&child, plies - 1, ply + 1) {
                    found = true;
                    break;
                }
            }
        }
        self.lists[ply] = list;
        self.remember(key, found);
        found
    }

    /// The defender to move: does every move lose within `plies` (even, ≥ 2)?
    fn defender_loses(&mut self, game: &G, plies: u32, ply: usize) -> bool {
        self.nodes += 1;
        if let Some(won) = settled_by_tactics(game, self.attacker, plies) {
            return won;
        }
        if plies == 2 && self.a_sampled_defence_holds(game, ply) {
            return false;
        }
        let mut list = self.moves(game, ply);
        if plies >= 4 {
            self.order_defences(game, &mut list);
        }
        if let Some(killer) = self.killers[ply] {
            if let Some(i) = list.iter().position(|&mv| mv == killer) {
                list[..=i].rotate_right(1);
            }
        }
        let mut loses = true;
        for &mv in &list {
            let mut child = game.clone();
            child.play(mv);
            let holds = match child.outcome() {
                Some(Outcome::Win(p)) => p != self.attacker,
                Some(Outcome::Draw) => true,
                None => !self.attacker_wins(&child, plies - 1, ply + 1),
            };
            if holds {
                self.killers[ply] = Some(mv);
                loses = false;
                break;
            }
        }
        self.lists[ply] = list;
        loses
    }
}

impl<G: Heuristics> Prover<G> {
    /// The defender to move with two plies left: does one of a few sampled moves hold (the
    /// attacker then has no win at once)? `false` says nothing: the listed moves decide.
    fn a_sampled_defence_holds(&mut self, game: &G, ply: usize) -> bool {
        let mut scratch = self.take_list(ply);
        let mut holds = false;
        for _ in 0..SAMPLED_DEFENCES {
            let Some(mv) = game.random_move(&mut self.rng, &mut scratch) else {
                break;
            };
            let mut child = game.clone();
            child.play(mv);
            holds = match child.outcome() {
                Some(outcome) => outcome != Outcome::Win(self.attacker),
                None => !self.attacker_wins(&child, 1, ply + 1),
            };
            if holds {
                break;
            }
        }
        self.lists[ply] = scratch;
        holds
    }

    /// Orders the defences best first for the defender by the evaluation of the position each
    /// leaves (from the attacker's side, who is then to move): a move that ends the game for the
    /// defender first, one that loses at once last; ties keep the game's order.
    pub(super) fn order_defences(&mut self, game: &G, list: &mut [G::Move]) {
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        for &mv in list.iter() {
            let mut child = game.clone();
            child.play(mv);
            let score = match child.outcome() {
                Some(Outcome::Win(p)) if p == self.attacker => i32::MAX,
                Some(_) => i32::MIN,
                None => child.evaluate(),
            };
            scored.push((score, mv));
        }
        scored.sort_by_key(|&(score, _)| score);
        for (slot, &(_, mv)) in list.iter_mut().zip(scored.iter()) {
            *slot = mv;
        }
        self.scored = scored;
    }
}

impl<G: Heuristics> Solver<G> for Prover<G> {
    fn wins_within(&mut self, position: &G, plies: u32) -> bool {
        match position.outcome() {
            Some(outcome) => outcome == Outcome::Win(self.attacker),
            None if plies == 0 => false,
            None if position.to_move() == self.attacker => self.attacker_wins(position, plies, 1),
            None => self.defender_loses(position, plies, 1),
        }
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
