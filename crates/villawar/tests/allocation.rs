//! Move generation, playing and random playouts allocate nothing per ply, on every size.
//!
//! A counting global allocator (counting only on the measuring thread) watches seeded random
//! playouts after a warm-up that lets the reused move buffer reach its size.

use arbiter_core::playout::random_playout;
use arbiter_core::Game;
use arbiter_villawar::{Size, Villawar, VillawarVariant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
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

#[test]
fn playouts_allocate_nothing_per_ply() {
    for size in Size::ALL {
        let start = Villawar::new(&VillawarVariant::new(size));
        let mut rng = SmallRng::seed_from_u64(5);
        let mut buffer = Vec::with_capacity(2048);
        let mut plies = 0u64;
        ALLOCATIONS.with(|a| a.set(0));
        COUNTING.with(|c| c.set(true));
        for _ in 0..300 {
            let mut game = start;
            plies += u64::from(random_playout(&mut game, &mut rng, &mut buffer, 1000).plies);
            game.legal_moves(&mut buffer);
            let _ = game.outcome();
            let _ = game.evaluate();
        }
        COUNTING.with(|c| c.set(false));
        assert!(plies > 10_000, "{size}: {plies}");
        assert_eq!(
            ALLOCATIONS.with(Cell::get),
            0,
            "{size}: allocations during {plies} plies"
        );
    }
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
