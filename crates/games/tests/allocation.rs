//! Move generation and random playouts allocate nothing per ply, for every game.
//!
//! A counting global allocator watches seeded random playouts after a warm-up that lets the
//! reused move buffer reach its size; any allocation during the measured playouts fails.

use arbiter_core::playout::random_playout;
use arbiter_core::{Game, NoVariant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Only the measuring thread counts: the test harness allocates on its own threads.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `plies` of random play from `start` after a warm-up.
fn allocations_in_playouts<G: Game>(start: &G, playouts: usize) -> (usize, u64) {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut buffer = Vec::with_capacity(1 << 15);
    for _ in 0..20 {
        random_playout(&mut start.clone(), &mut rng, &mut buffer, 300);
    }
    let mut plies = 0;
    ALLOCATIONS.with(|a| a.set(0));
    COUNTING.with(|c| c.set(true));
    for _ in 0..playouts {
        let mut game = start.clone();
        plies += u64::from(random_playout(&mut game, &mut rng, &mut buffer, 300).plies);
        game.legal_moves(&mut buffer);
    }
    COUNTING.with(|c| c.set(false));
    (ALLOCATIONS.with(Cell::get), plies)
}

#[test]
fn void_allocates_nothing_per_ply() {
    let (allocations, plies) = allocations_in_playouts(&arbiter_void::Void::new(&NoVariant), 200);
    assert!(plies > 10_000, "{plies}");
    assert_eq!(allocations, 0, "allocations during {plies} plies");
}

#[test]
fn attraction_allocates_nothing_per_ply() {
    let (allocations, plies) = allocations_in_playouts(&arbiter_attraction::Attraction::new(&NoVariant), 100);
    assert!(plies > 10_000, "{plies}");
    assert_eq!(allocations, 0, "allocations during {plies} plies");
}

#[test]
fn the_counter_sees_allocations() {
    COUNTING.with(|c| c.set(true));
    ALLOCATIONS.with(|a| a.set(0));
    let v: Vec<u64> = Vec::with_capacity(16);
    COUNTING.with(|c| c.set(false));
    assert_eq!(v.capacity(), 16);
    assert_eq!(ALLOCATIONS.with(Cell::get), 1);
}
