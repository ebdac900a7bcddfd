//! How Lazy SMP's helper threads spread over the iteration depths, so that they do not all
//! search the same tree in step.

/// Whether helper thread `helper` (0 for the first helper) leaves out the iteration of `depth`.
/// Stockfish's former skip pattern: helpers skip depths in blocks of 1 to 4 with different
/// phases, so that at any moment the threads work on different depths and fill the shared table
/// with results the main thread finds when it gets there (the first helper starts at depth 2).
pub(super) fn helper_skips(helper: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = helper % SIZE.len();
    (depth + PHASE[i]) / SIZE[i] % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_search_different_depths() {
        let depths = |helper| (1..=8).filter(|&d| !helper_skips(helper, d)).collect::<Vec<_>>();
        assert_eq!(depths(0), [2, 4, 6, 8]);
        assert_eq!(depths(1), [1, 3, 5, 7]);
        assert_eq!(depths(2), [1, 4, 5, 8]);
        // Every helper searches some depth of every few.
        for helper in 0..40 {
            assert!((1..=8).any(|d| !helper_skips(helper, d)), "{helper}");
        }
    }
}
