//! One thread's search: negamax with principal-variation search, the quiescence search, and the
//! iterative deepening of the main thread (which decides and reports) and of a helper thread
//! (which only fills the shared transposition table).

use super::lazy_smp::helper_skips;
use super::ordering::{self, MoveOrdering};
use super::tt::{Bound, MoveIndex, Table};
use super::{score_of, AlphaBetaConfig, INFINITY, MATE, MATE_BOUND};
use crate::nnue::{NetEvaluator, Network};
use crate::past::Past;
use crate::{Clock, SearchInfo};
use arbiter_core::{Encoding, Heuristics, Outcome, Tactics, TACTICAL_HINT};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Slots of the repetition filter.
const FILTER_SIZE: usize = 4096;
/// Nodes a thread searches between looks at the clock, the stop flags and the node budget; it
/// adds them to the shared count at each look.
const CHECK_EVERY: u64 = 1024;

/// What the threads of one search share: the settings, the table, the clock and the node count.
pub(super) struct Shared<'a> {
    /// How to search.
    pub config: &'a AlphaBetaConfig,
    /// The transposition table every thread reads and writes.
    pub tt: &'a Table,
    /// The learned evaluation of this search, if any (the spec's net resolved for the game's
    /// variant).
    pub net: Option<&'a Arc<Network>>,
    /// The limits and the caller's stop flag.
    pub clock: &'a Clock<'a>,
    /// Nodes of every thread, added [`CHECK_EVERY`] at a time: the node budget is the sum.
    nodes: AtomicU64,
    /// Set when the main thread has its answer: the helpers stop.
    done: AtomicBool,
}

impl<'a> Shared<'a> {
    /// The shared state of a search about to start.
    pub fn new(
        config: &'a AlphaBetaConfig,
        tt: &'a Table,
        clock: &'a Clock<'a>,
        net: Option<&'a Arc<Network>>,
    ) -> Shared<'a> {
        Shared {
            config,
            tt,
            net,
            clock,
            nodes: AtomicU64::new(0),
            done: AtomicBool::new(false),
        }
    }

    /// Every thread's nodes, counting `own` (the caller's) exactly and the others' as last
    /// published; exact with one thread.
    pub fn total_nodes(&self, own: u64) -> u64 {
        self.nodes.load(Ordering::Relaxed) + own % CHECK_EVERY
    }

    /// Whether a thread whose search has seen `total` nodes in all should stop: the main thread
    /// is done, the time is up, the caller stopped it, or the node budget is spent.
    fn should_stop(&self, total: u64) -> bool {
        self.done.load(Ordering::Relaxed) || self.clock.should_stop() || self.clock.nodes_exhausted(total)
    }

    /// Tells the helpers to stop when dropped, so that they stop however the main thread
    /// leaves its search (a panic included) and the caller never waits for them.
    pub fn finish_on_drop(&self) -> impl Drop + '_ {
        struct Finish<'s>(&'s AtomicBool);
        impl Drop for Finish<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        Finish(&self.done)
    }
}

/// A move with its sort key (higher first) and its place in the generated list, which is how
/// the transposition table refers to it.
#[derive(Clone, Copy)]
struct Ordered<M> {
    mv: M,
    key: i64,
    index: u32,
}

/// The reusable buffers of one ply: the moves as generated and as sorted for searching.
struct Ply<M> {
    generated: Vec<M>,
    ordered: Vec<Ordered<M>>,
}

impl<M> Default for Ply<M> {
    /// Empty buffers, which allocate nothing: a ply's buffers are taken out at every node.
    fn default() -> Ply<M> {
        Ply {
            generated: Vec::new(),
            ordered: Vec::new(),
        }
    }
}

/// What the main thread's iterations found: the best move with its value, and the last report.
pub(super) struct Found<M> {
    /// The best move and its value, if any iteration got as far as searching a move.
    pub best: Option<(M, i32)>,
    /// The report of the last iteration.
    pub info: SearchInfo,
}

/// One thread's search state, kept between moves (its killers and history).
pub(super) struct Worker<G: Heuristics + Encoding> {
    ordering: MoveOrdering<G::Move>,
    plies: Vec<Ply<G::Move>>,
    /// Repetition keys of the game's past and of the current search path.
    path: Vec<u64>,
    /// Counts of `path` keys by their low bits, so that most nodes skip scanning `path`.
    filter: Vec<u16>,
    past: Past,
    /// Nodes this thread searched in the current search.
    pub nodes: u64,
    aborted: bool,
    hints_seen: bool,
    root_best: Option<(G::Move, i32)>,
    /// The learned evaluation's state, made at the first evaluation of a search with a net.
    evaluator: Option<NetEvaluator>,
}

impl<G: Heuristics + Encoding> Worker<G> {
    /// A thread's state that remembers nothing.
    pub fn new() -> Worker<G> {
        Worker {
            ordering: MoveOrdering::new(),
            plies: Vec::new(),
            path: Vec::new(),
            filter: vec![0; FILTER_SIZE],
            past: Past {
                keys: Vec::new(),
                repetition: false,
                plies_left: None,
            },
            nodes: 0,
            aborted: false,
            hints_seen: false,
            root_best: None,
            evaluator: None,
        }
    }

    /// The static evaluation for the side to move: the net's when the search has one, else the
    /// game's own.
    fn evaluate(&mut self, game: &G, ply: u32, shared: &Shared) -> i32 {
        match shared.net {
            None => game.evaluate(),
            Some(net) => {
                if self
                    .evaluator
                    .as_ref()
                    .is_none_or(|e| !std::ptr::eq(e.network(), &**net))
                {
                    self.evaluator = Some(NetEvaluator::new(net.clone()));
                }
                self.evaluator.as_mut().map_or(0, |e| e.evaluate(game, ply as usize))
            }
        }
    }

    /// Forgets the history and killers of earlier games.
    pub fn new_game(&mut self) {
        self.ordering = MoveOrdering::new();
    }

    /// Prepares a search of the position whose past is `past`.
    pub fn start(&mut self, past: &Past) {
        self.past = past.clone();
        self.path.clear();
        self.filter.iter_mut().for_each(|f| *f = 0);
        for &key in &past.keys {
            self.push_path(key);
        }
        self.ordering.age();
        self.nodes = 0;
        self.aborted = false;
        self.hints_seen = false;
    }

    /// The main thread's iterative deepening: reports each iteration and decides when to stop.
    pub fn lead(
        &mut self,
        root: &G,
        max_depth: u32,
        shared: &Shared,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Found<G::Move> {
        let clock = shared.clock;
        let mut found = Found {
            best: None,
            info: SearchInfo::empty(),
        };
        for depth in 1..=max_depth {
            let (value, complete) = self.iterate(root, depth, shared);
            if let Some((mv, partial)) = self.root_best {
                // A partly searched iteration searched the previous best first, so its best is
                // at least as good as the previous iteration's.
                found.best = Some((mv, if complete { value } else { partial }));
            }
            if let Some((mv, value)) = found.best {
                let nodes = shared.total_nodes(self.nodes);
                found.info = SearchInfo {
                    depth: if complete { depth } else { depth - 1 },
                    nodes,
                    nodes_per_second: clock.rate(nodes),
                    elapsed_ms: clock.elapsed().as_millis() as u64,
                    score: score_of(value),
                    pv: pv(shared.tt, root, mv, depth as usize + 1),
                };
                on_info(&found.info);
            }
            if !complete || found.best.is_some_and(|(_, v)| v.abs() >= MATE_BOUND) {
                break;
            }
            if shared.should_stop(shared.total_nodes(self.nodes)) {
                break;
            }
        }
        found
    }

    /// A helper thread's iterative deepening: the depths its place in the skip pattern gives
    /// it, until the main thread is done or a limit is reached; its results are in the table.
    pub fn help(&mut self, root: &G, helper: usize, max_depth: u32, shared: &Shared) {
        for depth in (1..=max_depth).filter(|&depth| !helper_skips(helper, depth)) {
            let (_, complete) = self.iterate(root, depth, shared);
            if !complete || shared.should_stop(shared.total_nodes(self.nodes)) {
                break;
            }
        }
    }

    /// One iteration from the root: its value, and whether it was searched to the end.
    fn iterate(&mut self, root: &G, depth: u32, shared: &Shared) -> (i32, bool) {
        self.root_best = None;
        let value = self.negamax(root, depth as i32, 0, -INFINITY, INFINITY, true, shared);
        (value, !self.aborted)
    }

    fn push_path(&mut self, key: u64) {
        self.path.push(key);
        self.filter[key as usize % FILTER_SIZE] += 1;
    }

    fn pop_path(&mut self) {
        if let Some(key) = self.path.pop() {
            self.filter[key as usize % FILTER_SIZE] -= 1;
        }
    }

    /// A draw's value for the side to move at `ply`: the searching side (even plies) counts it
    /// `contempt` below even, its opponent as much above.
    #[inline]
    fn draw(ply: u32, shared: &Shared) -> i32 {
        if ply.is_multiple_of(2) {
            -shared.config.contempt
        } else {
            shared.config.contempt
        }
    }

    #[inline]
    fn terminal(outcome: Outcome, game: &G, ply: u32, shared: &Shared) -> i32 {
        match outcome {
            Outcome::Draw => Self::draw(ply, shared),
            Outcome::Win(p) if p == game.to_move() => MATE - ply as i32,
            Outcome::Win(_) => -(MATE - ply as i32),
        }
    }

    /// Counts a node; every [`CHECK_EVERY`] nodes, publishes them and looks whether to stop.
    #[inline]
    fn tick(&mut self, shared: &Shared) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let total = shared.nodes.fetch_add(CHECK_EVERY, Ordering::Relaxed) + CHECK_EVERY;
            if shared.should_stop(total) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The buffers of `ply`, taken out so that the search below it can use its own.
    fn take_ply(&mut self, ply: u32) -> Ply<G::Move> {
        let ply = ply as usize;
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Ply::default);
        }
        std::mem::take(&mut self.plies[ply])
    }

    /// The value of `game` searched `depth` plies deep within (`alpha`, `beta`); `null_ok`
    /// is false just after a null move, so that two never follow each other.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        game: &G,
        depth: i32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        null_ok: bool,
        shared: &Shared,
    ) -> i32 {
        if self.tick(shared) {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return Self::terminal(outcome, game, ply, shared);
        }
        if ply > 0 {
            if self.past.ply_limit_reached(ply) {
                return Self::draw(ply, shared);
            }
            if self.past.repetition {
                let key = game.repetition_key();
                if self.filter[key as usize % FILTER_SIZE] > 0 && self.path.contains(&key) {
                    return Self::draw(ply, shared);
                }
            }
        }
        if depth <= 0 {
            return self.quiesce(game, ply, alpha, beta, 0, shared);
        }
        // A win in one is the best a node can hold; the root still needs its move.
        if ply > 0 && game.tactics() == Tactics::WinAtOnce {
            return MATE - (ply as i32 + 1);
        }
        let key = game.hash();
        let mut tt_index = None;
        if let Some(e) = shared.tt.probe(key) {
            tt_index = e.mv;
            if ply > 0 && e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut buffers = self.take_ply(ply);
        let Ply {
            generated,
            ordered: moves,
        } = &mut buffers;
        game.legal_moves(generated);
        // Only where the side to move has a choice: a forced move (a forced pass above all)
        // is no move it could skip.
        if shared.config.null_move && null_ok && ply > 0 && depth >= 3 && beta.abs() < MATE_BOUND && generated.len() > 1
        {
            if let Some(s) = self.null_move_cut(game, depth, ply, beta, shared) {
                self.plies[ply as usize] = buffers;
                return s;
            }
        }
        let tt_move = tt_index.and_then(|i| generated.get(usize::from(i))).copied();
        let side = game.to_move().index();
        moves.clear();
        let by_eval = shared.config.eval_order && depth >= 2;
        for (index, &mv) in (0..).zip(generated.iter()) {
            let hint = game.move_order_hint(mv);
            self.hints_seen |= hint > 0;
            let mut key = self.ordering.key(mv, hint, tt_move, ply as usize, side);
            if by_eval && key < ordering::KILLER {
                let mut child = game.clone();
                child.play(mv);
                key += ordering::eval_key(-self.evaluate(&child, ply + 1, shared));
            }
            moves.push(Ordered { mv, key, index });
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.key));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<Ordered<G::Move>> = None;
        self.push_path(game.repetition_key());
        for (i, &ordered) in moves.iter().enumerate() {
            let mv = ordered.mv;
            let mut child = game.clone();
            child.play(mv);
            let mut s;
            if i == 0 {
                s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true, shared);
            } else {
                // A late quiet move is first tried one ply shallower; only if it beats alpha
                // there is it searched to the full depth.
                let reduce = shared.config.reductions && depth >= 3 && i >= 4 && ordered.key < ordering::KILLER;
                let reduced = if reduce {
                    Some(-self.negamax(&child, depth - 2, ply + 1, -alpha - 1, -alpha, true, shared))
                } else {
                    None
                };
                s = match reduced {
                    Some(r) if r <= alpha || self.aborted => r,
                    _ => -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, true, shared),
                };
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true, shared);
                }
            }
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(ordered);
                if ply == 0 {
                    self.root_best = Some((mv, s));
                }
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        if game.move_order_hint(mv) <= 0 {
                            self.ordering.cutoff(mv, ply as usize, depth, side);
                        }
                        break;
                    }
                }
            }
        }
        self.pop_path();
        self.plies[ply as usize] = buffers;
        if self.aborted {
            return 0;
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // The table keeps the move as its place in the generated list.
        let best_index = best_move.and_then(|b| MoveIndex::try_from(b.index).ok());
        shared.tt.store(key, best_index, to_tt(best, ply), depth as i16, bound);
        best
    }

    /// Null-move pruning: if the side to move, already at or above `beta` by the evaluation,
    /// would still be at or above it after a null move and a search 2 or 3 plies shallower,
    /// the node is cut with that value (a proven win is not trusted: it returns
    /// `beta`). `None`: search the node.
    fn null_move_cut(&mut self, game: &G, depth: i32, ply: u32, beta: i32, shared: &Shared) -> Option<i32> {
        if self.evaluate(game, ply, shared) < beta {
            return None;
        }
        let mut child = game.clone();
        if !child.null_move() {
            return None;
        }
        let reduction = if depth >= 6 { 3 } else { 2 };
        let s = -self.negamax(&child, depth - 1 - reduction, ply + 1, -beta, -beta + 1, false, shared);
        if self.aborted {
            Some(0)
        } else if s >= beta {
            Some(if s >= MATE_BOUND { beta } else { s })
        } else {
            None
        }
    }

    fn quiesce(&mut self, game: &G, ply: u32, mut alpha: i32, beta: i32, qdepth: u32, shared: &Shared) -> i32 {
        if qdepth > 0 && self.tick(shared) {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return Self::terminal(outcome, game, ply, shared);
        }
        let stand = self.evaluate(game, ply, shared);
        if qdepth >= shared.config.quiescence || stand >= beta {
            return stand;
        }
        match game.tactics() {
            Tactics::WinAtOnce => return MATE - (ply as i32 + 1),
            Tactics::Quiet => return stand,
            Tactics::Unknown if !self.hints_seen => return stand,
            Tactics::Unknown => {}
        }
        let least = if qdepth < shared.config.promising {
            1
        } else {
            TACTICAL_HINT
        };
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut buffers = self.take_ply(ply);
        let Ply {
            generated,
            ordered: moves,
        } = &mut buffers;
        moves.clear();
        game.legal_moves(generated);
        for (index, &mv) in (0..).zip(generated.iter()) {
            let hint = game.move_order_hint(mv);
            if hint >= least {
                moves.push(Ordered {
                    mv,
                    key: hint as i64,
                    index,
                });
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.key));
        for &Ordered { mv, .. } in moves.iter() {
            let mut child = game.clone();
            child.play(mv);
            let s = -self.quiesce(&child, ply + 1, -beta, -alpha, qdepth + 1, shared);
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.plies[ply as usize] = buffers;
        if self.aborted {
            0
        } else {
            best
        }
    }
}

/// The principal variation from the transposition table.
fn pv<G: Heuristics>(tt: &Table, root: &G, first: G::Move, max: usize) -> Vec<String> {
    let mut game = root.clone();
    let mut pv = vec![game.format_move(first)];
    game.play(first);
    let mut seen = vec![root.hash(), game.hash()];
    let mut legal = Vec::new();
    while pv.len() < max {
        let Some(index) = tt.probe(game.hash()).and_then(|e| e.mv) else {
            break;
        };
        game.legal_moves(&mut legal);
        let Some(&mv) = legal.get(usize::from(index)) else {
            break;
        };
        pv.push(game.format_move(mv));
        game.play(mv);
        if seen.contains(&game.hash()) {
            break;
        }
        seen.push(game.hash());
    }
    pv
}

#[inline]
fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
