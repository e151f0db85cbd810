//! The solvers' memo of component values: positions to their Grundy values
//! (the impartial solver) or to the ids of their canonical forms (the
//! partizan solver).

use crate::slot_index::{SlotIndex, wide_hash};
use core::hash::{BuildHasher, Hash};

/// The hash of `key` that the methods of [`PositionMemo`] take.
#[inline]
pub(crate) fn position_hash<P: Hash>(key: &P) -> u64 {
    wide_hash(rustc_hash::FxBuildHasher.hash_one(key))
}

/// Positions (component representatives) to their values (any small
/// `Copy` value), by open
/// addressing over an index of one word a slot ([`SlotIndex`]).
///
/// The entries sit in one vector in the order they were stored; the index
/// compares the full key only when the hash halves agree, and the entries
/// stored last, which a depth-first search reads most, are near each other.
/// The caller hashes a key once ([`position_hash`]) for its look-up and
/// its insertion, and may ask for its slot to be fetched early
/// ([`prefetch`](Self::prefetch)).
///
/// O(1) expected per operation; 8 bytes a slot (two slots an entry at
/// least) plus the entries.
pub(crate) struct PositionMemo<P, V> {
    index: SlotIndex,
    entries: Vec<(P, V)>,
}

impl<P: Eq + Hash, V: Copy> PositionMemo<P, V> {
    /// An empty memo.
    pub(crate) fn new() -> Self {
        PositionMemo {
            index: SlotIndex::new(),
            entries: Vec::new(),
        }
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Hints that `hash` will be looked up soon. No effect on any value.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        self.index.prefetch(hash);
    }

    /// The value stored for `key` (whose hash is `hash`).
    #[inline]
    pub(crate) fn get(&self, key: &P, hash: u64) -> Option<V> {
        let place = self.index.find(hash, |e| self.entries[e].0 == *key)?;
        Some(self.entries[place].1)
    }

    /// Stores `value` for `key` (hash `hash`), which must not be stored yet.
    /// At most 2^32 − 1 entries (beyond, the memo only stops remembering).
    pub(crate) fn insert(&mut self, key: P, hash: u64, value: V) {
        if SlotIndex::is_full(self.entries.len()) {
            return;
        }
        self.entries.push((key, value));
        self.index.insert(hash, self.entries.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;

    /// Random keys, stored and looked up against a standard map, through
    /// several growths; keys with equal hash halves share no entry.
    #[test]
    fn agrees_with_a_hash_map() {
        let mut memo = PositionMemo::new();
        let mut plain = std::collections::HashMap::new();
        let mut rng = crate::test_rng::XorShift::new(0x1234_5678_9abc_def1);
        for n in 0..20_000u32 {
            let key = (rng.next_u64() % 30_000, n % 7);
            let h = position_hash(&key);
            assert_eq!(memo.get(&key, h), plain.get(&key).copied(), "{key:?}");
            if let std::collections::hash_map::Entry::Vacant(slot) = plain.entry(key) {
                let v = GameId::from_index(n);
                memo.insert(key, h, v);
                slot.insert(v);
            }
        }
        assert_eq!(memo.len(), plain.len());
        for (k, v) in &plain {
            assert_eq!(memo.get(k, position_hash(k)), Some(*v));
        }
    }
}
