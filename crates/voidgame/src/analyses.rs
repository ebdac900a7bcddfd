//! The analyses of the positions met so far, shared by every machine of the process.

use crate::analysis::Analysis;
use arbiter_core::{Game, NoVariant};
use arbiter_void::{Move, Void};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};

/// How many analyses are kept: when full, the cache starts again. A game's positions rarely come
/// back after a few turns, but copies of a state, restored states and new games meet the same
/// positions again; a small cache serves them and stays in the processor's caches.
const CAPACITY: usize = 64;

/// Hashes the engine's Zobrist keys, which are random already, by taking them as they are.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type Map = HashMap<u64, Arc<Analysis>, BuildHasherDefault<ZobristHasher>>;

/// Analyses by position, so that a position is analysed once however often clicks reach it.
///
/// A position is found by the engine's Zobrist hash (which covers the pieces, the side to move
/// and the pass count) and checked for equality, so a collision costs an analysis, never a wrong
/// one.
pub struct Analyses {
    map: Mutex<Map>,
}

impl Analyses {
    /// An empty cache.
    pub fn new() -> Analyses {
        Analyses {
            map: Mutex::new(Map::default()),
        }
    }

    /// The cache every [`crate::Machine`] uses.
    pub fn shared() -> &'static Analyses {
        static SHARED: LazyLock<Analyses> = LazyLock::new(Analyses::new);
        &SHARED
    }

    fn map(&self) -> MutexGuard<'_, Map> {
        // The map is consistent after any panic (entries are inserted whole), so a poisoned
        // lock is taken over rather than failing every later click.
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The analysis of a position, made on first use.
    pub fn of(&self, void: Void) -> Arc<Analysis> {
        let key = void.hash();
        let mut map = self.map();
        if let Some(found) = map.get(&key).filter(|found| *found.void() == void) {
            return Arc::clone(found);
        }
        if map.len() >= CAPACITY {
            map.clear();
        }
        let made = Arc::new(Analysis::new(void));
        map.insert(key, Arc::clone(&made));
        made
    }

    /// The analysis of the position after a legal turn (or pass) of `analysis`.
    pub fn after(&self, analysis: &Analysis, turn: Move) -> Arc<Analysis> {
        let mut void = analysis.void().clone();
        void.play(turn);
        self.of(void)
    }

    /// The analysis of the start position.
    pub fn start(&self) -> Arc<Analysis> {
        self.of(Void::new(&NoVariant))
    }

    /// Forgets every analysis (machines keep the ones they hold): for measuring cold caches.
    pub fn clear(&self) {
        self.map().clear();
    }

    /// Number of analyses kept.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether no analysis is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Default for Analyses {
    fn default() -> Analyses {
        Analyses::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_analysed_once() {
        let cache = Analyses::new();
        let a = cache.start();
        let b = cache.start();
        assert!(Arc::ptr_eq(&a, &b));
        let first = a.turns()[0];
        let after = cache.after(&a, first);
        assert_eq!(cache.len(), 2);
        assert_ne!(after.side(), a.side());
        cache.clear();
        assert!(cache.is_empty());
        assert!(!Arc::ptr_eq(&cache.start(), &a));
    }
}
