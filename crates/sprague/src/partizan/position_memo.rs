//! The partizan solver's memo of component values: positions to the ids of
//! their canonical forms.

use super::game_id::GameId;
use core::hash::{BuildHasher, Hash};

/// A word-sized hash made to fill 64 bits, as the open-addressed indexes
/// read a hash's top bits. FxHash is word-sized: on 32-bit targets (wasm32)
/// its top 32 bits are zero, which would send every key to the first slot;
/// there a multiplication by an odd constant (a bijection) spreads it over
/// 64 bits. 64-bit targets keep the hash as it is.
#[inline]
#[must_use]
pub(super) const fn wide_hash(h: u64) -> u64 {
    if usize::BITS < 64 {
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    } else {
        h
    }
}

/// Positions (component representatives) to their values, by open
/// addressing over an index of one word a slot.
///
/// The entries sit in one vector in the order they were stored; a slot of
/// the index holds the high half of an entry's hash (never 0) and its place
/// in that vector (plus one; an empty slot is 0). A look-up reads one slot
/// of the index, usually in cache (8 bytes a slot, at most half of them
/// used), and compares the full key only when the hash halves agree; the
/// entries stored last, which a depth-first search reads most, are near
/// each other. Growing the index moves slots by their stored hash halves:
/// no key is hashed again and no entry moves. The caller hashes a key once
/// ([`hash`](Self::hash)) for its look-up and its insertion, and may ask for
/// its slot to be fetched early ([`prefetch`](Self::prefetch)).
///
/// O(1) expected per operation; 8 bytes a slot (two slots an entry at
/// least) plus the entries.
pub(super) struct PositionMemo<P> {
    slots: Vec<u64>,
    entries: Vec<(P, GameId)>,
    /// `64 - log2(slots.len())`: the top bits of a hash index a slot.
    shift: u32,
}

impl<P: Eq + Hash> PositionMemo<P> {
    /// An empty memo.
    pub(super) fn new() -> Self {
        PositionMemo {
            slots: Vec::new(),
            entries: Vec::new(),
            shift: 64,
        }
    }

    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The hash of `key` that the other methods take.
    #[inline]
    pub(super) fn hash(key: &P) -> u64 {
        wide_hash(rustc_hash::FxBuildHasher.hash_one(key))
    }

    /// The slot where the search for a hash starts.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        // A shift by 64 (no slots yet) would overflow: `checked_shr` gives 0.
        hash.checked_shr(self.shift).unwrap_or(0) as usize
    }

    /// The stored form of an entry's hash: its high half, never 0.
    #[inline]
    const fn tag(hash: u64) -> u64 {
        (hash | (1 << 32)) >> 32 << 32
    }

    /// Hints that `hash` will be looked up soon. No effect on any value.
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        crate::prefetch::prefetch(&self.slots, self.home(hash));
    }

    /// The value stored for `key` (whose hash is `hash`).
    #[inline]
    pub(super) fn get(&self, key: &P, hash: u64) -> Option<GameId> {
        if self.entries.is_empty() {
            return None;
        }
        let tag = Self::tag(hash);
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return None;
            }
            if s & !0xffff_ffff == tag {
                let (k, v) = &self.entries[(s & 0xffff_ffff) as usize - 1];
                if k == key {
                    return Some(*v);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` for `key` (hash `hash`), which must not be stored yet.
    /// At most 2^32 − 1 entries (beyond, the memo only stops remembering).
    pub(super) fn insert(&mut self, key: P, hash: u64, value: GameId) {
        if self.entries.len() >= u32::MAX as usize {
            return;
        }
        if 2 * (self.entries.len() + 1) > self.slots.len() {
            self.grow();
        }
        self.entries.push((key, value));
        let slot = Self::tag(hash) | self.entries.len() as u64;
        self.place(slot);
    }

    /// Puts a slot word in the first free slot from its home.
    #[inline]
    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }

    /// Doubles the index (at least 64 slots), moving each slot by the hash
    /// half it holds: the home of a hash is its top bits, which the half
    /// keeps as long as the index has at most 2^32 slots.
    #[cold]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        let old = core::mem::replace(&mut self.slots, vec![0; size]);
        self.shift = 64 - size.trailing_zeros();
        for s in old.into_iter().filter(|&s| s != 0) {
            self.place(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random keys, stored and looked up against a standard map, through
    /// several growths; keys with equal hash halves share no entry.
    #[test]
    fn agrees_with_a_hash_map() {
        let mut memo = PositionMemo::new();
        let mut plain = std::collections::HashMap::new();
        let mut rng = crate::test_rng::XorShift::new(0x1234_5678_9abc_def1);
        for n in 0..20_000u32 {
            let key = (rng.next_u64() % 30_000, n % 7);
            let h = PositionMemo::hash(&key);
            assert_eq!(memo.get(&key, h), plain.get(&key).copied(), "{key:?}");
            if let std::collections::hash_map::Entry::Vacant(slot) = plain.entry(key) {
                let v = GameId::from_index(n);
                memo.insert(key, h, v);
                slot.insert(v);
            }
        }
        assert_eq!(memo.len(), plain.len());
        for (k, v) in &plain {
            assert_eq!(memo.get(k, PositionMemo::hash(k)), Some(*v));
        }
    }
}
