//! Proof search: can the side to move force a win within N plies, whatever the opponent does?
//!
//! An exact AND/OR search over every legal move, with no evaluation and no pruning that could miss
//! a defence, so its answers are proofs: "a forced win in 5 plies" holds against every defence,
//! and "no forced win within 5 plies" means every first move has a defence that survives that
//! long. It answers questions a heuristic search cannot settle (is Krux's start a win for White?).
//! The history rules are not applied: within 7 plies no position can occur a third time, and a
//! ply limit is the caller's business.
//!
//! Two searches answer it ([`ProofMethod`]): `exact.rs` tries every move in order, `dfpn.rs` the
//! moves that look cheapest to settle first; the horizons and the winning line are asked of either
//! the same way, here.

mod dfpn;
mod exact;

use crate::{Heuristics, Player, Tactics};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

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

/// [`forced_win`] by the given method, the first moves shared out among `threads` threads (at
/// least one), each with a searcher and table of its own. The answer and the line do not depend
/// on the threads; the positions visited do.
pub fn forced_win_by<G: Heuristics>(
    method: ProofMethod,
    game: &G,
    max_plies: u32,
    threads: usize,
    progress: &mut dyn FnMut(u32, usize, usize),
) -> Proof {
    let attacker = game.to_move();
    let threads = threads.max(1);
    match method {
        ProofMethod::Exact => search(
            (0..threads).map(|_| exact::Prover::new(attacker)).collect(),
            game,
            max_plies,
            progress,
        ),
        ProofMethod::ProofNumber => search(
            (0..threads).map(|_| dfpn::ProofNumbers::new(attacker)).collect(),
            game,
            max_plies,
            progress,
        ),
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

/// A proof search's one question: does the attacker force a win from `position` (whoever is to
/// move) within `plies`? Both methods answer it; the horizons and the line are asked the same way.
trait Solver<G: Heuristics> {
    fn wins_within(&mut self, position: &G, plies: u32) -> bool;
    /// Positions visited so far.
    fn nodes(&self) -> u64;
}

/// The answer for a position that is not over, with `plies` (≥ 1) left, when the game can give it
/// without listing the moves ([`Heuristics::tactics`]): `Some(true)` the attacker wins within the
/// horizon, `Some(false)` it does not, `None` the moves must be searched. A side that can win at
/// once does: within the horizon if it is the attacker, refuting the attack if it is the defender.
/// An attacker with one ply left in a quiet position has no winning move (a winning move carries a
/// tactical hint, and a quiet position has none). In Krux, whose turns are hundreds, this settles
/// the last ply of every line without listing it.
fn settled_by_tactics<G: Heuristics>(game: &G, attacker: Player, plies: u32) -> Option<bool> {
    let attacking = game.to_move() == attacker;
    match game.tactics() {
        Tactics::WinAtOnce => Some(attacking),
        Tactics::Quiet if attacking && plies == 1 => Some(false),
        Tactics::Quiet | Tactics::Unknown => None,
    }
}

/// Searches horizons 1, 3, 5, … up to `max_plies` for a forced win of the side to move, by the
/// exact search; stops at the first horizon that has one. `progress(horizon, done, total)`
/// follows the first moves of each horizon.
pub fn forced_win<G: Heuristics>(game: &G, max_plies: u32, progress: &mut dyn FnMut(u32, usize, usize)) -> Proof {
    forced_win_by(ProofMethod::Exact, game, max_plies, 1, progress)
}

/// The horizons, each first move in the game's order, and the line of the first win; one searcher
/// per thread, each kept from horizon to horizon (its table too).
fn search<G: Heuristics, S: Solver<G> + Send>(
    mut solvers: Vec<S>,
    game: &G,
    max_plies: u32,
    progress: &mut dyn FnMut(u32, usize, usize),
) -> Proof {
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
        let winner = first_winner(&mut solvers, game, &root, plies, &mut |done| {
            progress(plies, done, root.len())
        });
        proof.searched_plies = plies;
        if let Some(i) = winner {
            proof.win_in = Some(plies);
            proof.line = line(&mut solvers[0], game, root[i], plies);
            break;
        }
    }
    proof.nodes = solvers.iter().map(Solver::nodes).sum();
    proof
}

/// The index of the first of the `root` moves that forces a win within `plies` (in their order,
/// whatever the threads), if any. With several searchers, each takes the next move not yet taken;
/// once a win is found no later move is taken, and the earlier ones under way finish, so the
/// first win in order is the one reported. `progress(done)` counts the moves settled.
fn first_winner<G: Heuristics, S: Solver<G> + Send>(
    solvers: &mut [S],
    game: &G,
    root: &[G::Move],
    plies: u32,
    progress: &mut dyn FnMut(usize),
) -> Option<usize> {
    let settles = |solver: &mut S, i: usize| {
        let mut child = game.clone();
        child.play(root[i]);
        solver.wins_within(&child, plies - 1)
    };
    if let [solver] = solvers {
        for i in 0..root.len() {
            let wins = settles(solver, i);
            progress(i + 1);
            if wins {
                return Some(i);
            }
        }
        return None;
    }
    let next = AtomicUsize::new(0);
    let first_win = AtomicUsize::new(usize::MAX);
    let (settled, news) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for solver in solvers.iter_mut() {
            let (next, first_win, settled, settles) = (&next, &first_win, settled.clone(), &settles);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= root.len() || i > first_win.load(Ordering::Relaxed) {
                    break;
                }
                if settles(solver, i) {
                    first_win.fetch_min(i, Ordering::Relaxed);
                }
                // The receiver lives until every worker has ended.
                let _ = settled.send(());
            });
        }
        drop(settled);
        for (done, ()) in news.iter().enumerate() {
            progress(done + 1);
        }
    });
    let first = first_win.into_inner();
    (first != usize::MAX).then_some(first)
}

/// The winning line from `first`: at each defender turn the move that holds out longest, at each
/// attacker turn the first move that still wins in the time left.
fn line<G: Heuristics>(solver: &mut impl Solver<G>, game: &G, first: G::Move, plies: u32) -> Vec<String> {
    let mut out = vec![game.format_move(first)];
    let mut position = game.clone();
    position.play(first);
    let mut left = plies - 1;
    let mut moves = Vec::new();
    while position.outcome().is_none() && left >= 2 {
        // For each defence, the shortest horizon within which it loses.
        position.legal_moves(&mut moves);
        let mut best: Option<(G::Move, u32)> = None;
        for &mv in &moves {
            let mut child = position.clone();
            child.play(mv);
            let lasts = match child.outcome() {
                Some(_) => 0,
                None => (1..left)
                    .step_by(2)
                    .find(|&n| solver.wins_within(&child, n))
                    .unwrap_or(left),
            };
            if best.is_none_or(|(_, b)| lasts > b) {
                best = Some((mv, lasts));
            }
        }
        let Some((defence, needed)) = best else {
            break;
        };
        out.push(position.format_move(defence));
        position.play(defence);
        if position.outcome().is_some() || needed == 0 {
            break;
        }
        position.legal_moves(&mut moves);
        let attack = moves.iter().copied().find(|&mv| {
            let mut child = position.clone();
            child.play(mv);
            solver.wins_within(&child, needed - 1)
        });
        let Some(attack) = attack else {
            break;
        };
        out.push(position.format_move(attack));
        position.play(attack);
        left = needed - 1;
    }
    out
}
