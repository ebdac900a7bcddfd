//! The exact proof search: every move in the game's order, depth first, with a table of settled
//! positions and a killer defence per ply.

use super::Solver;
use crate::{Heuristics, Outcome, Player};
use std::collections::HashMap;

/// Caps the table of proven positions (entries), so that a long proof does not eat the memory.
const TABLE_LIMIT: usize = 1 << 23;

pub(super) struct Prover<G: Heuristics> {
    attacker: Player,
    lists: Vec<Vec<G::Move>>,
    /// Positions already settled at a horizon: (hash, plies left) → attacker wins.
    table: HashMap<(u64, u32), bool>,
    /// Per ply, the defence that refuted last time: often refutes again (the killer heuristic).
    killers: Vec<Option<G::Move>>,
    nodes: u64,
}

impl<G: Heuristics> Prover<G> {
    pub(super) fn new(attacker: Player) -> Self {
        Prover {
            attacker,
            lists: Vec::new(),
            table: HashMap::new(),
            killers: Vec::new(),
            nodes: 0,
        }
    }

    /// The legal moves at `ply`, most promising first (the game's own hint: winning moves first).
    fn moves(&mut self, game: &G, ply: usize) -> Vec<G::Move> {
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(256));
            self.killers.push(None);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
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
    fn attacker_wins(&mut self, game: &G, plies: u32, ply: usize) -> Option<G::Move> {
        self.nodes += 1;
        let key = (game.hash(), plies);
        if self.table.get(&key) == Some(&false) {
            return None;
        }
        let list = self.moves(game, ply);
        let mut found = None;
        for &mv in &list {
            let mut child = game.clone();
            child.play(mv);
            if child.outcome() == Some(Outcome::Win(self.attacker)) {
                found = Some(mv);
                break;
            }
        }
        if found.is_none() && plies >= 3 {
            for &mv in &list {
                let mut child = game.clone();
                child.play(mv);
                if child.outcome().is_none() && self.defender_loses(&child, plies - 1, ply + 1) {
                    found = Some(mv);
                    break;
                }
            }
        }
        self.lists[ply] = list;
        self.remember(key, found.is_some());
        found
    }

    /// The defender to move: does every move lose within `plies` (even, ≥ 2)?
    fn defender_loses(&mut self, game: &G, plies: u32, ply: usize) -> bool {
        self.nodes += 1;
        let mut list = self.moves(game, ply);
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
                None => self.attacker_wins(&child, plies - 1, ply + 1).is_none(),
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

impl<G: Heuristics> Solver<G> for Prover<G> {
    fn wins_within(&mut self, position: &G, plies: u32) -> bool {
        match position.outcome() {
            Some(outcome) => outcome == Outcome::Win(self.attacker),
            None if plies == 0 => false,
            None if position.to_move() == self.attacker => self.attacker_wins(position, plies, 1).is_some(),
            None => self.defender_loses(position, plies, 1),
        }
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
