//! Move generation and random playouts allocate nothing per ply, for every game.
//!
//! A counting global allocator watches seeded random playouts after a warm-up that lets the
//! reused move buffer reach its size; any allocation during the measured playouts fails.

use arbiter_core::{Game, NoVariant};
use arbiter_villawar::{Size, VillawarVariant};
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

// A global allocator cannot be written without unsafe code.
#[allow(unsafe_code)]
// SAFETY: forwards every call unchanged to the system allocator; counting touches a thread-local only.
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

/// Random play from `start`, listing the legal moves of every position on the way (as search
/// does) besides sampling a move (as playouts do). Returns the plies played.
fn play_randomly<G: Game>(start: &G, playouts: usize, rng: &mut SmallRng, buffers: &mut [Vec<G::Move>; 2]) -> u64 {
    let mut plies = 0;
    for _ in 0..playouts {
        let mut game = start.clone();
        for _ in 0..300 {
            game.legal_moves(&mut buffers[0]);
            let Some(mv) = game.random_move(rng, &mut buffers[1]) else {
                break;
            };
            game.play(mv);
            plies += 1;
        }
    }
    plies
}

/// Allocations made by `playouts` random games after a warm-up of the same kind, which lets the
/// reused buffers and tables reach their size.
fn allocations_in_playouts<G: Game>(start: &G, playouts: usize) -> (usize, u64) {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut buffers = [Vec::with_capacity(1 << 15), Vec::with_capacity(1 << 15)];
    play_randomly(start, 20, &mut rng, &mut buffers);
    ALLOCATIONS.with(|a| a.set(0));
    COUNTING.with(|c| c.set(true));
    let plies = play_randomly(start, playouts, &mut rng, &mut buffers);
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
fn krux_allocates_nothing_per_ply() {
    use arbiter_krux::{Distance, Hole, Krux, KruxVariant, Setup};
    let standard = KruxVariant::default();
    let rules = KruxVariant {
        setup: Setup::CENTRE,
        hole: Hole::Blocks,
        freeze: false,
        distance: Distance::One,
    };
    for variant in [standard, rules] {
        let (allocations, plies) = allocations_in_playouts(&Krux::new(&variant), 60);
        assert!(plies > 3_000, "{plies}");
        assert_eq!(allocations, 0, "allocations during {plies} plies under {variant:?}");
    }
}

#[test]
fn villawar_allocates_nothing_per_ply_on_every_size() {
    for size in [Size::Six, Size::Eight, Size::Ten] {
        let variant = VillawarVariant { size };
        let start = arbiter_villawar::Villawar::new(&variant);
        let (allocations, plies) = allocations_in_playouts(&start, 100);
        assert!(plies > 2_000, "{plies}");
        assert_eq!(allocations, 0, "allocations during {plies} plies on {size:?}");
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
