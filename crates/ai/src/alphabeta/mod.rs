//! Alpha-beta search: negamax with principal-variation search, iterative deepening, a
//! transposition table keyed by the game hash, move ordering (TT move, attacks/captures by the
//! game's hint, killers, history) and a quiescence search over attacks.

mod ordering;
mod tt;

use crate::past::{start_search, Past};
use crate::{Agent, Choice, Clock, Limits, Score, SearchInfo};
use arbiter_core::{Game, Outcome, Session};
use ordering::MoveOrdering;
use std::sync::atomic::AtomicBool;
use tt::{Bound, Table};

/// The score of a win at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
const MATE_BOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// Deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 64;
const FILTER_SIZE: usize = 4096;

/// How an alpha-beta agent searches.
#[derive(Debug, Clone, PartialEq)]
pub struct AlphaBetaConfig {
    /// When to stop: time, nodes, and the deepest iteration.
    pub limits: Limits,
    /// Size of the transposition table in MB.
    pub hash_mb: usize,
    /// Plies of attacks (moves with a positive `move_order_hint`) searched beyond the horizon.
    pub quiescence: u32,
    /// Order quiet moves by the static evaluation of the position they lead to (where at least
    /// two plies remain), before history: meant for games whose move generation costs far more
    /// than the evaluation. Measured neutral in Krux at 1 s per move, so no level uses it yet.
    pub eval_order: bool,
    /// Late-move reductions: quiet moves late in the order are first searched one ply
    /// shallower, and searched fully only if they beat alpha.
    pub reductions: bool,
    /// How much worse than even a draw (repetition, ply limit, or the game's own) is for the
    /// side that searches, in evaluation units: above 0 it plays on rather than repeat
    /// positions it judges only slightly better than even.
    pub contempt: i32,
}

impl AlphaBetaConfig {
    /// The default configuration with these limits.
    pub fn new(limits: Limits) -> AlphaBetaConfig {
        AlphaBetaConfig {
            limits,
            hash_mb: 16,
            quiescence: 6,
            eval_order: false,
            reductions: false,
            contempt: 0,
        }
    }
}

/// The alpha-beta agent. It keeps its transposition table and history between moves.
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    tt: Table<G::Move>,
    ordering: MoveOrdering<G::Move>,
    lists: Vec<Vec<(G::Move, i64)>>,
    buffer: Vec<G::Move>,
    /// Repetition keys of the game's past and of the current search path.
    path: Vec<u64>,
    /// Counts of `path` keys by their low bits, so that most nodes skip scanning `path`.
    filter: Vec<u16>,
    past: Past,
    nodes: u64,
    aborted: bool,
    hints_seen: bool,
    root_best: Option<(G::Move, i32)>,
}

impl<G: Game> AlphaBeta<G> {
    /// An agent with this configuration.
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta<G> {
        AlphaBeta {
            tt: Table::new(config.hash_mb),
            config,
            ordering: MoveOrdering::new(),
            lists: Vec::new(),
            buffer: Vec::new(),
            path: Vec::new(),
            past: Past {
                keys: Vec::new(),
                repetition: false,
                plies_left: None,
            },
            filter: vec![0; FILTER_SIZE],
            nodes: 0,
            aborted: false,
            hints_seen: false,
            root_best: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
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
    fn draw(&self, ply: u32) -> i32 {
        if ply.is_multiple_of(2) {
            -self.config.contempt
        } else {
            self.config.contempt
        }
    }

    #[inline]
    fn terminal(&self, outcome: Outcome, game: &G, ply: u32) -> i32 {
        match outcome {
            Outcome::Draw => self.draw(ply),
            Outcome::Win(p) if p == game.to_move() => MATE - ply as i32,
            Outcome::Win(_) => -(MATE - ply as i32),
        }
    }

    #[inline]
    fn tick(&mut self, clock: &Clock) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && (clock.should_stop() || clock.nodes_exhausted(self.nodes)) {
            self.aborted = true;
        }
        self.aborted
    }

    fn list(&mut self, ply: usize) -> Vec<(G::Move, i64)> {
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(64));
        }
        std::mem::take(&mut self.lists[ply])
    }

    fn negamax(&mut self, game: &G, depth: i32, ply: u32, mut alpha: i32, beta: i32, clock: &Clock) -> i32 {
        if self.tick(clock) {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return self.terminal(outcome, game, ply);
        }
        if ply > 0 {
            if self.past.ply_limit_reached(ply) {
                return self.draw(ply);
            }
            if self.past.repetition {
                let key = game.repetition_key();
                if self.filter[key as usize % FILTER_SIZE] > 0 && self.path.contains(&key) {
                    return self.draw(ply);
                }
            }
        }
        if depth <= 0 {
            return self.quiesce(game, ply, alpha, beta, 0, clock);
        }
        let key = game.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
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
        let mut moves = self.list(ply as usize);
        game.legal_moves(&mut self.buffer);
        let side = game.to_move().index();
        moves.clear();
        let by_eval = self.config.eval_order && depth >= 2;
        for &mv in &self.buffer {
            let hint = game.move_order_hint(mv);
            self.hints_seen |= hint > 0;
            let mut key = self.ordering.key(mv, hint, tt_move, ply as usize, side);
            if by_eval && key < ordering::KILLER {
                let mut child = game.clone();
                child.play(mv);
                key += ordering::eval_key(-child.evaluate());
            }
            moves.push((mv, key));
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        self.push_path(game.repetition_key());
        for (i, &(mv, _)) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.play(mv);
            let mut s;
            if i == 0 {
                s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, clock);
            } else {
                // A late quiet move is first tried one ply shallower; only if it beats alpha
                // there is it searched to the full depth.
                let reduce = self.config.reductions && depth >= 3 && i >= 4 && moves[i].1 < ordering::KILLER;
                let reduced = if reduce {
                    Some(-self.negamax(&child, depth - 2, ply + 1, -alpha - 1, -alpha, clock))
                } else {
                    None
                };
                s = match reduced {
                    Some(r) if r <= alpha || self.aborted => r,
                    _ => -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, clock),
                };
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, clock);
                }
            }
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(mv);
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
        self.lists[ply as usize] = moves;
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
        self.tt.store(key, best_move, to_tt(best, ply), depth as i16, bound);
        best
    }

    fn quiesce(&mut self, game: &G, ply: u32, mut alpha: i32, beta: i32, qdepth: u32, clock: &Clock) -> i32 {
        if qdepth > 0 && self.tick(clock) {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return self.terminal(outcome, game, ply);
        }
        let stand = game.evaluate();
        if qdepth >= self.config.quiescence || !self.hints_seen || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = self.list(ply as usize);
        moves.clear();
        game.legal_moves(&mut self.buffer);
        for &mv in &self.buffer {
            let hint = game.move_order_hint(mv);
            if hint > 0 {
                moves.push((mv, hint as i64));
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
        for &(mv, _) in &moves {
            let mut child = game.clone();
            child.play(mv);
            let s = -self.quiesce(&child, ply + 1, -beta, -alpha, qdepth + 1, clock);
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
        self.lists[ply as usize] = moves;
        if self.aborted {
            0
        } else {
            best
        }
    }

    /// The principal variation from the transposition table.
    fn pv(&self, root: &G, first: G::Move, max: usize) -> Vec<String> {
        let mut game = root.clone();
        let mut pv = vec![game.format_move(first)];
        game.play(first);
        let mut seen = vec![root.hash(), game.hash()];
        let mut legal = Vec::new();
        while pv.len() < max {
            let Some(mv) = self.tt.probe(game.hash()).and_then(|e| e.mv) else {
                break;
            };
            game.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            pv.push(game.format_move(mv));
            game.play(mv);
            if seen.contains(&game.hash()) {
                break;
            }
            seen.push(game.hash());
        }
        pv
    }
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

/// The score of an alpha-beta value.
pub fn score_of(value: i32) -> Score {
    if value >= MATE_BOUND {
        Score::WinIn((MATE - value) as u32)
    } else if value <= -MATE_BOUND {
        Score::LossIn((MATE + value) as u32)
    } else {
        Score::Eval(value)
    }
}

impl<G: Game> Agent<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        "alphabeta".into()
    }

    fn choose(
        &mut self,
        session: &Session<G>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Choice<G::Move>> {
        let (root, past, clock) = start_search(session, self.config.limits, stop)?;
        self.past = past;
        self.path.clear();
        self.filter.iter_mut().for_each(|f| *f = 0);
        for key in self.past.keys.clone() {
            self.push_path(key);
        }
        self.tt.new_search();
        self.ordering.age();
        self.nodes = 0;
        self.aborted = false;
        self.hints_seen = false;
        let max_depth = self.config.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut best: Option<(G::Move, i32)> = None;
        let mut info = SearchInfo::empty();
        for depth in 1..=max_depth {
            self.root_best = None;
            let value = self.negamax(&root, depth as i32, 0, -INFINITY, INFINITY, &clock);
            let complete = !self.aborted;
            if let Some((mv, partial)) = self.root_best {
                // A partly searched iteration searched the previous best first, so its best is
                // at least as good as the previous iteration's.
                best = Some((mv, if complete { value } else { partial }));
            }
            if let Some((mv, value)) = best {
                info = SearchInfo {
                    depth: if complete { depth } else { depth - 1 },
                    nodes: self.nodes,
                    nodes_per_second: clock.rate(self.nodes),
                    elapsed_ms: clock.elapsed().as_millis() as u64,
                    score: score_of(value),
                    pv: self.pv(&root, mv, depth as usize + 1),
                };
                on_info(&info);
            }
            if !complete || best.is_some_and(|(_, v)| v.abs() >= MATE_BOUND) {
                break;
            }
            if clock.past_fraction(0.5) || clock.nodes_exhausted(self.nodes) || clock.should_stop() {
                break;
            }
        }
        let mv = match best {
            Some((mv, _)) => mv,
            None => {
                // Stopped before the first move was searched: the first legal move.
                root.legal_moves(&mut self.buffer);
                *self.buffer.first()?
            }
        };
        Some(Choice { mv, info })
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.ordering = MoveOrdering::new();
    }
}
