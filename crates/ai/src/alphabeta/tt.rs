//! The transposition table: search results keyed by the game's Zobrist hash, shared by every
//! thread of a search without locks.
//!
//! A slot is three atomic words: two of data and a check word, the key XOR-ed with both data
//! words (the scheme of Hyatt and Mann, "A lock-less transposition table implementation for
//! parallel search chess engines"). Threads read and write the words independently; a slot torn
//! by two writers at once fails the check on reading and counts as a miss, so no lock is needed
//! and a single thread pays only plain loads and stores. The move is stored as its index in the
//! position's `legal_moves` order, so that the table needs no bound on the game's move type.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// Tables that searches dropped, kept for the next ones. A server runs a fresh search per
/// analysed position and per hint; making a 16 MB table anew costs a page fault per 4 KB page
/// when the allocator maps it (as the server has it do, so that freed tables go back to the
/// system), while clearing a kept one only writes it: 50 queued analyses at 5,000 nodes ran 1.9×
/// slower without the spares. At most one per core is kept, so the memory held follows the
/// searches running at once.
static SPARES: Mutex<Spares> = Mutex::new(Spares::new());

/// Tables smaller than this are not worth keeping.
const SPARE_FROM_SLOTS: usize = (1 << 20) / std::mem::size_of::<Slot>();

/// The most spare tables kept: one per core.
fn most_spares() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(arbiter_core::playout::cores)
}

fn spares() -> std::sync::MutexGuard<'static, Spares> {
    SPARES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kept tables' slots, the oldest given up first when there are too many.
struct Spares(Vec<Box<[Slot]>>);

impl Spares {
    const fn new() -> Spares {
        Spares(Vec::new())
    }

    /// A kept table of `size` slots, if any (not cleared).
    fn take(&mut self, size: usize) -> Option<Box<[Slot]>> {
        let found = self.0.iter().position(|slots| slots.len() == size)?;
        Some(self.0.remove(found))
    }

    /// Keeps `slots` if large enough, giving up the oldest beyond `most`.
    fn keep(&mut self, slots: Box<[Slot]>, most: usize) {
        if slots.len() >= SPARE_FROM_SLOTS && most > 0 {
            if self.0.len() >= most {
                self.0.remove(0);
            }
            self.0.push(slots);
        }
    }
}

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

impl Bound {
    /// The bound's code in a slot; 0 marks an empty slot.
    fn code(self) -> u64 {
        match self {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        }
    }

    fn from_code(code: u64) -> Option<Bound> {
        match code {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }
}

/// A move as the table keeps it: its index in the position's `legal_moves` list, which is the
/// same every time the position is generated.
pub type MoveIndex = u16;

/// The stored index that means "no move"; moves at this index or beyond are not kept.
const NO_MOVE: u64 = 0xFFFF;

/// One slot's contents, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The best or refuting move found.
    pub mv: Option<MoveIndex>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i16,
    /// How to read `score`.
    pub bound: Bound,
    /// The search (move) that stored it.
    pub age: u16,
}

impl Entry {
    /// The two data words: score, move and age in the first; depth and bound in the second.
    fn pack(self) -> [u64; 2] {
        let mv = self.mv.map_or(NO_MOVE, u64::from);
        let first = u64::from(self.score as u32) | (mv << 32) | (u64::from(self.age) << 48);
        let second = u64::from(self.depth as u16) | (self.bound.code() << 16);
        [first, second]
    }

    /// The entry of two data words, or `None` for an empty slot.
    fn unpack([first, second]: [u64; 2]) -> Option<Entry> {
        let bound = Bound::from_code((second >> 16) & 3)?;
        let mv = (first >> 32) & 0xFFFF;
        Some(Entry {
            mv: (mv != NO_MOVE).then_some(mv as MoveIndex),
            score: first as u32 as i32,
            depth: second as u16 as i16,
            bound,
            age: (first >> 48) as u16,
        })
    }
}

/// One slot: the check word (key ^ data) and the two data words.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: [AtomicU64; 2],
}

impl Slot {
    /// The data words and whether they belong to `key` (false also for a torn slot).
    #[inline]
    fn read(&self, key: u64) -> ([u64; 2], bool) {
        let check = self.check.load(Ordering::Relaxed);
        let data = [
            self.data[0].load(Ordering::Relaxed),
            self.data[1].load(Ordering::Relaxed),
        ];
        (data, check ^ data[0] ^ data[1] == key)
    }

    #[inline]
    fn write(&self, key: u64, data: [u64; 2]) {
        self.data[0].store(data[0], Ordering::Relaxed);
        self.data[1].store(data[1], Ordering::Relaxed);
        self.check.store(key ^ data[0] ^ data[1], Ordering::Relaxed);
    }
}

/// A fixed-size, always-allocated table with depth-preferred replacement within one search.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
    age: u16,
}

impl Table {
    /// A table of at most `megabytes` MB (the largest power of two of slots that fits, and at
    /// least 1024 slots).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let size = (1usize << wanted.max(1).ilog2()).max(1024);
        let spare = spares().take(size);
        let kept = spare.is_some();
        let mut table = Table {
            slots: spare.unwrap_or_else(|| (0..size).map(|_| Slot::default()).collect()),
            mask: size - 1,
            age: 0,
        };
        if kept {
            table.clear(); // as empty as a new one, so that searches stay reproducible
        }
        table
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in self.slots.iter() {
            slot.write(0, [0, 0]);
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[key as usize & self.mask]
    }

    /// The entry for `key`, if stored (and not torn by two threads writing at once).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        match self.slot(key).read(key) {
            (data, true) => Entry::unpack(data),
            _ => None,
        }
    }

    /// Stores a result, replacing an entry of another search, of the same position, or a
    /// shallower one; a result without a move keeps the move stored for the same position.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<MoveIndex>, score: i32, depth: i16, bound: Bound) {
        let slot = self.slot(key);
        let (data, same) = slot.read(key);
        let replace = match Entry::unpack(data) {
            None => true,
            Some(e) => same || e.age != self.age || depth >= e.depth,
        };
        if replace {
            let kept = if same {
                Entry::unpack(data).and_then(|e| e.mv)
            } else {
                None
            };
            let entry = Entry {
                mv: mv.or(kept),
                score,
                depth,
                bound,
                age: self.age,
            };
            slot.write(key, entry.pack());
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        spares().keep(slots, most_spares());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_survive_packing() {
        for entry in [
            Entry {
                mv: Some(0),
                score: -1_000_001,
                depth: 64,
                bound: Bound::Upper,
                age: u16::MAX,
            },
            Entry {
                mv: None,
                score: i32::MAX,
                depth: -3,
                bound: Bound::Exact,
                age: 0,
            },
        ] {
            assert_eq!(Entry::unpack(entry.pack()), Some(entry));
        }
        assert_eq!(Entry::unpack([0, 0]), None);
    }

    #[test]
    fn stores_replace_by_depth_and_age_and_keep_moves() {
        let mut table = Table::new(1);
        let key = 0xDEAD_BEEF_0000_0007;
        let other = key ^ (1 << 40); // the same slot
        assert_eq!(table.probe(key), None);
        table.store(key, Some(3), 10, 5, Bound::Lower);
        table.store(key, None, 20, 6, Bound::Exact);
        let e = table.probe(key).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound), (Some(3), 20, 6, Bound::Exact));
        // A shallower result of another position does not replace it in the same search …
        table.store(other, Some(1), 0, 2, Bound::Upper);
        assert!(table.probe(other).is_none() && table.probe(key).is_some());
        // … but does in the next.
        table.new_search();
        table.store(other, Some(1), 0, 2, Bound::Upper);
        assert!(table.probe(key).is_none());
        assert_eq!(table.probe(other).unwrap().mv, Some(1));
        table.clear();
        assert!(table.probe(other).is_none());
    }

    #[test]
    fn spares_are_found_by_size_and_the_oldest_given_up() {
        let slots = |n: usize| -> Box<[Slot]> { (0..n).map(|_| Slot::default()).collect() };
        let (big, bigger) = (SPARE_FROM_SLOTS, 2 * SPARE_FROM_SLOTS);
        let mut spares = Spares::new();
        spares.keep(slots(1024), 2); // too small to keep
        assert!(spares.0.is_empty());
        let first = slots(big);
        let first_memory = first.as_ptr();
        spares.keep(first, 2);
        spares.keep(slots(bigger), 2);
        assert!(spares.take(3 * SPARE_FROM_SLOTS).is_none());
        assert_eq!(spares.take(big).map(|s| s.as_ptr()), Some(first_memory));
        spares.keep(slots(big), 2);
        spares.keep(slots(big), 2); // the oldest (the bigger one) goes
        assert_eq!(spares.0.len(), 2);
        assert!(spares.take(bigger).is_none());
        spares.keep(slots(big), 0);
        assert_eq!(spares.0.len(), 2);
    }

    #[test]
    fn a_table_made_after_a_filled_one_was_dropped_is_empty() {
        let table = Table::new(8);
        let keys: Vec<u64> = (1..=1000u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        for &key in &keys {
            table.store(key, Some(1), 5, 3, Bound::Exact);
        }
        drop(table);
        let again = Table::new(8);
        assert!(keys.iter().all(|&key| again.probe(key).is_none()));
        assert!(spares().0.len() <= most_spares());
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let table = Table::new(1);
        let key = 42;
        table.store(key, Some(2), 7, 3, Bound::Exact);
        // Another thread's data word without its check word.
        table.slot(key).data[0].fetch_xor(1, Ordering::Relaxed);
        assert_eq!(table.probe(key), None);
    }
}
