//! The two things the server asks of glibc's allocator, so that memory it no longer uses goes back
//! to the system (elsewhere than glibc, nothing to do).
//!
//! - **Large blocks are mapped, always.** By default glibc raises its mmap threshold to the size of
//!   any mapped block freed (up to 32 MB): after the first search table (16 MB) is dropped, every
//!   later one comes from a thread's arena instead, and each arena keeps up to twice that when
//!   freed. Analyses and hints run on many threads (one per job, Tokio's blocking pool), so 50
//!   queued analyses left the server at 435 MB with two searching at a time; with the threshold
//!   fixed, 63 MB (`scripts/bench_analysis.py`, docs/analysis-bench.md). Fixed, a table is mapped
//!   zeroed when made and unmapped when dropped.
//! - **Trimming** returns the free pages of every arena, after many connections have closed.

/// Blocks from this size on are mapped on their own and unmapped when freed: search tables (MBs)
/// are; a request's buffers and a game's state (KBs) stay in the arenas.
const MAP_FROM_BYTES: i32 = 1 << 20;

/// Fixes the allocator's mmap threshold at [`MAP_FROM_BYTES`] (which also turns off glibc's
/// dynamic adjustment of it). Process-wide; calling it again changes nothing.
#[allow(unsafe_code)] // foreign functions: the crate's only unsafe calls are in this file
pub fn map_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator, under its own lock; blocks already
    // allocated keep the way they were allocated, and it may be called from any thread.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAP_FROM_BYTES);
    }
}

/// Returns the allocator's free pages to the system.
#[allow(unsafe_code)] // foreign functions: the crate's only unsafe calls are in this file
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim has no preconditions; it only releases free memory, under the
    // allocator's own locks, and may be called from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
