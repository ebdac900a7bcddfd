//! Move generation: per direction, whole-board fills find every piece that has a jump (no branch
//! per piece and direction), then a few ray look-ups and bit scans give its landing squares.
//!
//! Along direction `d` from the jumper: the first occupied square `b` must be an own piece; the
//! phalanx is the run of `b`'s colour and type starting at `b` (the jumper itself is never part
//! of it); `e`, the first square after the run, decides the rest:
//! - a villager needs `e` empty and may land on `e` or any square of the empty stretch after it;
//! - a warrior needs a warrior phalanx, and lands on the first occupied square from `e` on, which
//!   must hold an enemy piece.
//!
//! The direction is a const parameter so that "nearest square on a ray" is a fixed bit scan.
//!
//! `rule.rs` states the same rule square by square, with a reason for each refusal, for parsing;
//! its tests prove that it accepts exactly the jumps listed here.

use crate::bits::Bits;
use crate::board::Board;
use crate::fill::{fill_back, step_back};
use crate::geometry::{Geometry, MAX_SQUARES};
use crate::moves::Move;

type Rays<B> = [[B; 8]; MAX_SQUARES];

/// Where the moves go: the move list, or a counter for perft's last ply (bulk counting), which
/// adds a piece's landing squares with one population count.
trait Jumps<B: Bits> {
    /// The jumps of the piece on `from` in direction `d`, one per square of `landings`.
    fn add(&mut self, from: usize, landings: B, d: usize);
    /// No move added yet?
    fn none(&self) -> bool;
    /// The pass.
    fn pass(&mut self);
    /// Direction `d` is done (a tally notes how many moves it had).
    #[inline(always)]
    fn end_direction(&mut self, _d: usize) {}
    /// Only the number of moves matters: a warrior that can jump has exactly one capture, so
    /// the warriors that can are counted at once, their targets never looked up.
    const COUNTS_ONLY: bool = false;
    /// Adds `n` moves (only where [`Jumps::COUNTS_ONLY`]).
    #[inline(always)]
    fn add_count(&mut self, _n: u32) {}
}

impl<B: Bits> Jumps<B> for Vec<Move> {
    #[inline(always)]
    fn add(&mut self, from: usize, mut landings: B, d: usize) {
        while !landings.none() {
            self.push(Move::jump(from, landings.pop(), d));
        }
    }

    #[inline(always)]
    fn none(&self) -> bool {
        self.is_empty()
    }

    #[inline(always)]
    fn pass(&mut self) {
        self.push(Move::PASS);
    }
}

/// A count of moves.
struct Count(usize);

impl<B: Bits> Jumps<B> for Count {
    #[inline(always)]
    fn add(&mut self, _: usize, landings: B, _: usize) {
        self.0 += landings.count() as usize;
    }

    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        self.0 += n as usize;
    }

    #[inline(always)]
    fn none(&self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    fn pass(&mut self) {
        self.0 += 1;
    }
}

/// A count of moves that also notes the running total at the end of each direction, so that
/// the move at a given place can be found by generating one direction again.
struct Tally {
    count: usize,
    ends: [usize; 8],
}

impl<B: Bits> Jumps<B> for Tally {
    #[inline(always)]
    fn add(&mut self, _: usize, landings: B, _: usize) {
        self.count += landings.count() as usize;
    }

    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        self.count += n as usize;
    }

    #[inline(always)]
    fn none(&self) -> bool {
        self.count == 0
    }

    #[inline(always)]
    fn pass(&mut self) {
        self.count += 1;
    }

    #[inline(always)]
    fn end_direction(&mut self, d: usize) {
        self.ends[d] = self.count;
    }
}

/// The move at a given place of one direction's jumps in listing order: whole pieces' landing
/// squares are skipped by their count.
struct Pick {
    /// Moves still to skip.
    left: usize,
    /// The move, once reached.
    found: Option<Move>,
}

impl<B: Bits> Jumps<B> for Pick {
    #[inline(always)]
    fn add(&mut self, from: usize, mut landings: B, d: usize) {
        let n = landings.count() as usize;
        if self.found.is_some() || self.left >= n {
            self.left = self.left.wrapping_sub(n);
            return;
        }
        for _ in 0..self.left {
            landings.pop();
        }
        self.found = Some(Move::jump(from, landings.lowest(), d));
    }

    #[inline(always)]
    fn none(&self) -> bool {
        self.found.is_none()
    }

    #[inline(always)]
    fn pass(&mut self) {
        self.found = Some(Move::PASS);
    }
}

/// The nearest square of `set` along direction `D` (lowest bit for the ascending directions).
#[inline(always)]
fn nearest<B: Bits, const D: usize>(set: B) -> usize {
    if D < 4 {
        set.lowest()
    } else {
        set.highest()
    }
}

/// The squares nearer than every square of `set` along direction `D` (all if `set` is empty).
#[inline(always)]
fn nearer_than<B: Bits, const D: usize>(set: B) -> B {
    if D < 4 {
        set.below_lowest()
    } else {
        set.above_highest()
    }
}

/// The squares a villager on `s` lands on in direction `D`, given that it has a jump there:
/// the empty stretch right after the phalanx that starts at the first piece ahead.
#[inline(always)]
fn villager_landings<B: Bits, const D: usize>(s: usize, ov: B, ow: B, occ: B, rays: &Rays<B>) -> B {
    let b = nearest::<B, D>(occ & rays[s][D]);
    let run = if ov.has(b) { ov } else { ow };
    let e = nearest::<B, D>(rays[b][D] & !run);
    let beyond = rays[e][D];
    (beyond & nearer_than::<B, D>(occ & beyond)) | B::bit(e)
}

/// The square the warrior on `s` captures on in direction `D`, given that it has a capture
/// there: the first piece past its warrior phalanx.
#[inline(always)]
fn warrior_target<B: Bits, const D: usize>(s: usize, ow: B, occ: B, rays: &Rays<B>) -> usize {
    let b = nearest::<B, D>(occ & rays[s][D]);
    let e = nearest::<B, D>(rays[b][D] & !ow);
    nearest::<B, D>(occ & (rays[e][D] | B::bit(e)))
}

/// Every jump in direction `D`: first the pieces that have one (by whole-board fills), then
/// their landing squares by ray look-ups.
#[inline(always)]
fn direction<G: Geometry, O: Jumps<G::B>, const D: usize>(ov: G::B, ow: G::B, occ: G::B, empty: G::B, out: &mut O) {
    let rays = &G::tables().rays;
    let own = ov | ow;
    // Own pieces whose run (same colour and type, along D) ends just before an empty square.
    let run_then_empty = fill_back::<G, D>(
        own & step_back::<G, D>(empty),
        (ov & step_back::<G, D>(ov)) | (ow & step_back::<G, D>(ow)),
    );
    // A villager jumps if, past empty squares, the first piece ahead starts such a run.
    let reach = fill_back::<G, D>(run_then_empty, empty);
    let mut villagers = ov & step_back::<G, D>(reach);
    while !villagers.none() {
        let s = villagers.pop();
        out.add(s, villager_landings::<G::B, D>(s, ov, ow, occ, rays), D);
    }
    if ow.count() < 2 {
        return; // a warrior can only jump another warrior
    }
    // Squares from which the first piece ahead (at or after) is an enemy.
    let enemy = occ & !own;
    let enemy_ahead = fill_back::<G, D>(enemy, empty);
    let warrior_run = fill_back::<G, D>(ow & step_back::<G, D>(enemy_ahead), ow & step_back::<G, D>(ow));
    let reach = fill_back::<G, D>(warrior_run, empty);
    let mut warriors = ow & step_back::<G, D>(reach);
    if O::COUNTS_ONLY {
        out.add_count(warriors.count());
        return;
    }
    while !warriors.none() {
        let s = warriors.pop();
        out.add(s, G::B::bit(warrior_target::<G::B, D>(s, ow, occ, rays)), D);
    }
}

/// Clears `out` and fills it with every legal move: the jumps, or the pass when there is none;
/// nothing once two passes ended the game. (Listing counts nothing, so it gains nothing from the
/// bit instructions, and compiled for them it ran 0.9× in random games: the call to the chosen
/// version is not inlined into the caller.)
#[inline]
pub fn legal_moves<G: Geometry>(board: &Board<G>, out: &mut Vec<Move>) {
    out.clear();
    generate(board, out);
}

arbiter_core::with_bit_instructions! {
    /// The number of legal moves, as [`legal_moves`] lists them: perft's last ply, where
    /// `popcnt` counts each piece's landing squares in one instruction.
    pub fn count_moves<G: Geometry>(board: &Board<G>) -> usize {
        let mut count = Count(0);
        generate(board, &mut count);
        count.0
    }
}

arbiter_core::with_bit_instructions! {
    /// A uniformly random legal move, the very one that drawing a place in [`legal_moves`]'s list
    /// with the same `rng` gives, but found by counting: the moves are counted direction by
    /// direction, a place is drawn, and only the direction that holds it is generated again.
    pub fn random_move<G: Geometry, R: rand::Rng>(board: &Board<G>, rng: &mut R) -> Option<Move> {
        let mut tally = Tally { count: 0, ends: [0; 8] };
        generate(board, &mut tally);
        if tally.count == 0 {
            return None;
        }
        let place = rng.random_range(0..tally.count);
        let d = tally.ends.iter().position(|&end| place < end);
        let Some(d) = d else {
            return Some(Move::PASS); // no jump: the place is the forced pass
        };
        let mut pick = Pick {
            left: place - if d == 0 { 0 } else { tally.ends[d - 1] },
            found: None,
        };
        let (ov, ow, occ, empty) = sets(board);
        match d {
            0 => direction::<G, _, 0>(ov, ow, occ, empty, &mut pick),
            1 => direction::<G, _, 1>(ov, ow, occ, empty, &mut pick),
            2 => direction::<G, _, 2>(ov, ow, occ, empty, &mut pick),
            3 => direction::<G, _, 3>(ov, ow, occ, empty, &mut pick),
            4 => direction::<G, _, 4>(ov, ow, occ, empty, &mut pick),
            5 => direction::<G, _, 5>(ov, ow, occ, empty, &mut pick),
            6 => direction::<G, _, 6>(ov, ow, occ, empty, &mut pick),
            _ => direction::<G, _, 7>(ov, ow, occ, empty, &mut pick),
        }
        pick.found
    }
}

/// What generation reads: the side to move's villagers and warriors, the occupied and the empty
/// squares.
#[inline(always)]
fn sets<G: Geometry>(board: &Board<G>) -> (G::B, G::B, G::B, G::B) {
    let us = board.side.index() * 2;
    let occ = board.occupied();
    (board.pieces[us], board.pieces[us + 1], occ, !occ & G::tables().full)
}

/// Every jump into `out`, or the pass when there is none; nothing once two passes ended the game.
#[inline(always)]
fn generate<G: Geometry>(board: &Board<G>, out: &mut impl Jumps<G::B>) {
    if board.passes >= 2 {
        return;
    }
    let (ov, ow, occ, empty) = sets(board);
    macro_rules! directions {
        ($($d:literal)*) => {$(
            direction::<G, _, $d>(ov, ow, occ, empty, out);
            out.end_direction($d);
        )*};
    }
    directions!(0 1 2 3 4 5 6 7);
    if out.none() {
        out.pass();
    }
}
