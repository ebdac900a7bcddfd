//! Move ordering: the TT move first, then attacks and captures (the game's `move_order_hint`),
//! then killer moves, then quiet moves by the history heuristic.

use std::hash::{Hash, Hasher};

const HISTORY_SIZE: usize = 1 << 14;
/// Sort keys from here up are the TT move, attacks and killers, which keep their place.
pub const KILLER: i64 = 1 << 45;
/// History counters stay below this, so an evaluation term above it dominates them.
const HISTORY_MAX: i32 = 1 << 18;
/// Plies with killer slots.
pub const MAX_PLY: usize = 128;

/// Killer moves per ply and history counters per side.
pub struct MoveOrdering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

/// A small, fast hasher (FxHash) for history indices.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, i: u32) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

impl<M: Copy + Eq + Hash> MoveOrdering<M> {
    /// Empty tables.
    pub fn new() -> MoveOrdering<M> {
        MoveOrdering {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 2 * HISTORY_SIZE],
        }
    }

    /// Halves the history counters (between searches) and clears the killers.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    fn history_index(side: usize, mv: M) -> usize {
        let mut h = Fx::default();
        mv.hash(&mut h);
        side * HISTORY_SIZE + (h.finish() >> 40) as usize % HISTORY_SIZE
    }

    /// The sort key of a move (higher first).
    #[inline]
    pub fn key(&self, mv: M, hint: i32, tt_move: Option<M>, ply: usize, side: usize) -> i64 {
        if Some(mv) == tt_move {
            return i64::MAX;
        }
        if hint > 0 {
            return (1 << 50) + hint as i64;
        }
        let killers = &self.killers[ply.min(MAX_PLY - 1)];
        if killers[0] == Some(mv) {
            return KILLER + 1;
        }
        if killers[1] == Some(mv) {
            return KILLER;
        }
        hint as i64 * (1 << 20) + self.history[Self::history_index(side, mv)] as i64
    }

    /// Records a quiet move that caused a beta cut-off at `ply` with `depth` remaining.
    pub fn cutoff(&mut self, mv: M, ply: usize, depth: i32, side: usize) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[Self::history_index(side, mv)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }
}

/// The sort-key term for a quiet move whose resulting position evaluates to `value` for the
/// mover: it outranks any history count and stays below the killers.
#[inline]
pub fn eval_key(value: i32) -> i64 {
    (value.clamp(-1 << 20, 1 << 20) as i64 + (1 << 20)) << 20
}

impl<M: Copy + Eq + Hash> Default for MoveOrdering<M> {
    fn default() -> Self {
        Self::new()
    }
}
