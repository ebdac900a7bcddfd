//! The transposition table: search results keyed by the game's Zobrist hash.

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (a beta cut-off).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// One slot.
#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    /// The full hash, to tell collisions apart.
    pub key: u64,
    /// The best or refuting move found.
    pub mv: Option<M>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i16,
    /// How to read `score`.
    pub bound: Bound,
    /// The search (move) that stored it.
    pub age: u16,
}

/// A fixed-size, always-allocated table with depth-preferred replacement within one search.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    age: u16,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MB (a power of two of slots, at least 1024).
    pub fn new(megabytes: usize) -> Table<M> {
        let slot = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / slot;
        let size = (wanted.max(1024)).next_power_of_two() / 2;
        let size = size.max(1024);
        Table {
            slots: vec![None; size],
            mask: size - 1,
            age: 0,
        }
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, replacing an entry of another search, of the same position, or a shallower one.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(e) => e.key == key || e.age != self.age || depth >= e.depth,
        };
        if replace {
            let mv = mv.or_else(|| slot.filter(|e| e.key == key).and_then(|e| e.mv));
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age: self.age,
            });
        }
    }
}
