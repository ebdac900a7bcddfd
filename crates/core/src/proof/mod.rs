//! Proof search: can the side to move force a win within N plies, whatever the opponent does?
//!
//! An exact AND/OR search over every legal move, with no evaluation and no pruning that could miss
//! a defence, so its answers are proofs: "a forced win in 5 plies" holds against every defence,
//! and "no forced win within 5 plies" means every first move has a defence that survives that
//! long. It answers questions a heuristic search cannot settle (is Krux's start a win for White?).
//! The history rules are not applied: within 7 plies no position can occur a third time, and a
//! ply limit is the caller's business.

mod dfpn;

use crate::{Heuristics, Outcome, Player};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// How a proof is searched: both answer the same question exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProofMethod {
    /// Every move in the game's order, depth first, with a table of settled positions and killer
    /// defences.
    #[default]
    Exact,
    /// Depth-first proof-number search (df-pn): the moves that look easiest to settle first.
    ProofNumber,
}

impl std::str::FromStr for ProofMethod {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim() {
            "exact" => Ok(ProofMethod::Exact),
            "pns" | "dfpn" | "proof-number" => Ok(ProofMethod::ProofNumber),
            other => Err(format!("unknown proof method '{other}' (exact or dfpn)")),
        }
    }
}

/// [`forced_win`] by the given method.
pub fn forced_win_by<G: Heuristics>(
    method: ProofMethod,
    game: &G,
    max_plies: u32,
    progress: &mut dyn FnMut(u32, usize, usize),
) -> Proof {
    match method {
        ProofMethod::Exact => forced_win(game, max_plies, progress),
        ProofMethod::ProofNumber => dfpn::forced_win(game, max_plies, progress),
    }
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The longest horizon searched completely (plies, odd: the attacker moves last).
    pub searched_plies: u32,
    /// The shortest horizon with a forced win, in plies, if any (at most `searched_plies`). The
    /// win takes this many plies or one fewer (when a defender's move can end the game).
    pub win_in: Option<u32>,
    /// A winning line (the attacker's moves and the longest-resisting defence), in notation.
    pub line: Vec<String>,
    /// Positions visited.
    pub nodes: u64,
}

/// Caps the table of proven positions (entries), so that a long proof does not eat the memory.
const TABLE_LIMIT: usize = 1 << 23;

struct Prover<G: Heuristics> {
    attacker: Player,
    lists: Vec<Vec<G::Move>>,
    /// Positions already settled at a horizon: (hash, plies left) → attacker wins.
    table: HashMap<(u64, u32), bool>,
    /// Per ply, the defence that refuted last time: often refutes again (the killer heuristic).
    killers: Vec<Option<G::Move>>,
    nodes: u64,
}

impl<G: Heuristics> Prover<G> {
    fn new(attacker: Player) -> Self {
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

    /// The number of plies the defender can hold out after `game` (defender to move) against a
    /// forced win within `plies`: its longest-resisting move and the length it reaches.
    fn longest_defence(&mut self, game: &G, plies: u32, ply: usize) -> Option<(G::Move, u32)> {
        let list = self.moves(game, ply);
        let mut best: Option<(G::Move, u32)> = None;
        for &mv in &list {
            let mut child = game.clone();
            child.play(mv);
            let lasts = match child.outcome() {
                Some(_) => 1,
                None => (1..plies)
                    .step_by(2)
                    .find(|&n| self.attacker_wins(&child, n, ply + 1).is_some())
                    .map_or(plies, |n| n + 1),
            };
            if best.is_none_or(|(_, b)| lasts > b) {
                best = Some((mv, lasts));
            }
        }
        self.lists[ply] = list;
        best
    }
}

/// Searches horizons 1, 3, 5, … up to `max_plies` for a forced win of the side to move; stops at
/// the first horizon that has one. `progress(horizon, done, total)` follows the first moves of
/// each horizon.
pub fn forced_win<G: Heuristics>(game: &G, max_plies: u32, progress: &mut dyn FnMut(u32, usize, usize)) -> Proof {
    let attacker = game.to_move();
    let mut prover = Prover::<G>::new(attacker);
    let mut proof = Proof {
        searched_plies: 0,
        win_in: None,
        line: Vec::new(),
        nodes: 0,
    };
    if game.outcome().is_some() {
        return proof;
    }
    let mut root = Vec::new();
    game.legal_moves(&mut root);
    root.sort_by_key(|&mv| std::cmp::Reverse(game.move_order_hint(mv)));
    for plies in (1..=max_plies.max(1)).step_by(2) {
        let mut winner = None;
        for (i, &mv) in root.iter().enumerate() {
            let mut child = game.clone();
            child.play(mv);
            let wins = match child.outcome() {
                Some(outcome) => outcome == Outcome::Win(attacker),
                None => plies >= 3 && prover.defender_loses(&child, plies - 1, 1),
            };
            progress(plies, i + 1, root.len());
            if wins {
                winner = Some(mv);
                break;
            }
        }
        proof.searched_plies = plies;
        if let Some(mv) = winner {
            proof.win_in = Some(plies);
            proof.line = line(&mut prover, game, mv, plies);
            break;
        }
    }
    proof.nodes = prover.nodes;
    proof
}

/// The winning line from `first`: at each defender turn the move that holds out longest, at each
/// attacker turn the first move that still wins in time.
fn line<G: Heuristics>(prover: &mut Prover<G>, game: &G, first: G::Move, plies: u32) -> Vec<String> {
    let mut out = vec![game.format_move(first)];
    let mut position = game.clone();
    position.play(first);
    let mut left = plies - 1;
    while position.outcome().is_none() && left >= 2 {
        let Some((defence, lasts)) = prover.longest_defence(&position, left, 1) else {
            break;
        };
        out.push(position.format_move(defence));
        position.play(defence);
        if position.outcome().is_some() {
            break;
        }
        let needed = (1..=left - 1)
            .step_by(2)
            .find(|&n| prover.attacker_wins(&position, n, 1).is_some())
            .unwrap_or(lasts.saturating_sub(1).max(1));
        let Some(attack) = prover.attacker_wins(&position, needed, 1) else {
            break;
        };
        out.push(position.format_move(attack));
        position.play(attack);
        left = needed - 1;
    }
    out
}
