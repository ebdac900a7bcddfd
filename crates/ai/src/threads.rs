//! How many threads search one position, in either search: Lazy SMP for alpha-beta, a shared
//! tree for MCTS.

use std::fmt;
use std::num::NonZeroU16;
use std::str::FromStr;

/// The number of threads of one search (alpha-beta's Lazy SMP or tree-parallel MCTS): 1 (the default, the plain
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
}
