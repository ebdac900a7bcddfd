//! The turn search's visited set, needed because many token orders reach the same state: a fixed
//! open-addressing table over packed states, cleared in O(1) by a generation stamp, grown only
//! when a search outgrows it (so in steady state a search allocates nothing).
//!
//! A state is its key (board, carried piece, ring: 38 bits) and its budget class (steps and
//! actions left, 12 classes). Each entry keeps, per key, the set of budget classes visited; a
//! new state is *dominated* when a visited state with the same key had at least as many steps
//! and as many actions left, because it can do everything the new one can.

/// Bits of the budget-class mask.
const MASK_BITS: u32 = 12;
/// Bits of the key.
const KEY_BITS: u32 = 38;
/// Where the stamp starts.
const STAMP_SHIFT: u32 = MASK_BITS + KEY_BITS;
/// Stamps run 1..STAMP_LIMIT, then the table is wiped once.
const STAMP_LIMIT: u64 = 1 << (64 - STAMP_SHIFT);

/// `DOMINATORS[b]`: the budget classes with at least `b`'s steps and actions left.
pub(crate) static DOMINATORS: [u16; 12] = {
    let mut t = [0u16; 12];
    let mut b = 0;
    while b < 12 {
        let (s, a) = (b / 3, b % 3);
        let mut o = 0;
        while o < 12 {
            if o / 3 >= s && o % 3 >= a {
                t[b] |= 1 << o;
            }
            o += 1;
        }
        b += 1;
    }
    t
};

/// What [`Visited::visit`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Visit {
    /// A visited state with the same key can do everything this one can: skip it.
    Dominated,
    /// Explore it; `first` when the key had not been seen in this search.
    Explore {
        /// The key is new in this search (so a finishable state is a new turn).
        first: bool,
    },
}

/// The visited table.
pub(crate) struct Visited {
    entries: Vec<u64>,
    shift: u32,
    stamp: u64,
    len: usize,
}

impl Visited {
    /// A table with `1 << log2` entries.
    pub fn new(log2: u32) -> Visited {
        Visited {
            entries: vec![0; 1 << log2],
            shift: 64 - log2,
            stamp: 1,
            len: 0,
        }
    }

    /// Forgets every state, in O(1).
    pub fn clear(&mut self) {
        self.stamp += 1;
        if self.stamp >= STAMP_LIMIT {
            self.entries.fill(0);
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// Keys stored in this search.
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Records `(key, budget)` unless dominated.
    #[inline]
    pub fn visit(&mut self, key: u64, budget: usize) -> Visit {
        debug_assert!(key < 1 << KEY_BITS && budget < 12);
        let want = (self.stamp << STAMP_SHIFT) | (key << MASK_BITS);
        let high = !((1u64 << MASK_BITS) - 1);
        let live = !((1u64 << STAMP_SHIFT) - 1);
        let cap_mask = self.entries.len() - 1;
        let mut i = self.slot(key);
        loop {
            let e = self.entries[i];
            if e & live != self.stamp << STAMP_SHIFT {
                // Empty in this search: a new key.
                self.entries[i] = want | (1 << budget);
                self.len += 1;
                if self.len * 2 > self.entries.len() {
                    self.grow();
                }
                return Visit::Explore { first: true };
            }
            if e & high == want {
                let mask = e as u16 & ((1 << MASK_BITS) - 1) as u16;
                if mask & DOMINATORS[budget] != 0 {
                    return Visit::Dominated;
                }
                self.entries[i] = e | (1 << budget);
                return Visit::Explore { first: false };
            }
            i = (i + 1) & cap_mask;
        }
    }

    /// Doubles the table, keeping this search's entries.
    #[cold]
    fn grow(&mut self) {
        let live = !((1u64 << STAMP_SHIFT) - 1);
        let current = self.stamp << STAMP_SHIFT;
        let old = std::mem::take(&mut self.entries);
        let log2 = 64 - self.shift + 1;
        self.entries = vec![0; 1 << log2];
        self.shift = 64 - log2;
        let cap_mask = self.entries.len() - 1;
        for e in old {
            if e & live == current {
                let key = (e >> MASK_BITS) & ((1 << KEY_BITS) - 1);
                let mut i = self.slot(key);
                while self.entries[i] & live == current {
                    i = (i + 1) & cap_mask;
                }
                self.entries[i] = e;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominance_and_clear() {
        let mut t = Visited::new(4);
        // budget 5 = 1 step and 2 actions left.
        assert_eq!(t.visit(42, 5), Visit::Explore { first: true });
        assert_eq!(t.visit(42, 4), Visit::Dominated); // 1 step, 1 action left
        assert_eq!(t.visit(42, 2), Visit::Dominated); // 0 steps, 2 actions
        assert_eq!(t.visit(42, 6), Visit::Explore { first: false }); // 2 steps, 0 actions
        assert_eq!(t.visit(42, 11), Visit::Explore { first: false });
        assert_eq!(t.visit(42, 0), Visit::Dominated);
        for k in 0..100 {
            t.visit(1000 + k, 0);
        }
        assert_eq!(t.len(), 101);
        assert_eq!(t.visit(42, 5), Visit::Dominated);
        t.clear();
        assert_eq!(t.visit(42, 0), Visit::Explore { first: true });
    }

    #[test]
    fn stamps_wrap() {
        let mut t = Visited::new(3);
        for _ in 0..STAMP_LIMIT + 3 {
            t.clear();
            assert_eq!(t.visit(7, 0), Visit::Explore { first: true });
        }
    }
}
