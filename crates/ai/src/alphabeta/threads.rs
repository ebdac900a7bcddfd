//! How many threads search one position, and how Lazy SMP's helper threads spread over the
//! iteration depths so that they do not all search the same tree in step.

use std::fmt;
use std::num::NonZeroU16;
use std::str::FromStr;

/// The number of threads of one alpha-beta search (Lazy SMP): 1 (the default, the plain
/// sequential search) to [`Threads::MAX`]. A type of its own so that a count of 0 or beyond the
/// bound can never reach the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Threads(NonZeroU16);

impl Threads {
    /// One thread: the sequential search, whose node counts are reproducible.
    pub const ONE: Threads = Threads(NonZeroU16::MIN);

    /// The most threads a search may use: far more than any machine this runs on has cores, so
    /// the bound only catches typing mistakes (each thread costs its own history tables).
    pub const MAX: u16 = 256;

    /// `n` threads, if 1 to [`Threads::MAX`].
    pub fn new(n: u64) -> Option<Threads> {
        u16::try_from(n)
            .ok()
            .filter(|&n| n <= Threads::MAX)
            .and_then(NonZeroU16::new)
            .map(Threads)
    }

    /// The count, for sizing and spawning.
    pub fn get(self) -> usize {
        usize::from(self.0.get())
    }
}

impl Default for Threads {
    fn default() -> Threads {
        Threads::ONE
    }
}

impl FromStr for Threads {
    type Err = String;

    /// Parses a count; the error reads after the option's name ("must be 1 to 256, not '0'").
    fn from_str(text: &str) -> Result<Threads, String> {
        text.trim().parse().ok().and_then(Threads::new).ok_or_else(|| {
            format!(
                "must be a whole number from 1 to {}, not '{}'",
                Threads::MAX,
                arbiter_core::quote(text)
            )
        })
    }
}

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

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
    fn counts_are_bounded() {
        assert_eq!(Threads::new(1), Some(Threads::ONE));
        assert_eq!(Threads::new(256).map(Threads::get), Some(256));
        assert_eq!(Threads::new(0), None);
        assert_eq!(Threads::new(257), None);
        assert_eq!(Threads::new(1 << 40), None);
        assert_eq!("4".parse::<Threads>().unwrap().to_string(), "4");
        for bad in ["0", "257", "-1", "two", "", "1.5"] {
            let err = bad.parse::<Threads>().unwrap_err();
            assert!(err.contains("from 1 to 256"), "{bad}: {err}");
        }
    }

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
