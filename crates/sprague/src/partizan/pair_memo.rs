//! Memos keyed on pairs of ids: the `≤` and `+` tables of the store.

/// Results keyed on a `u64` (an id pair, see `store::pair`), by open
/// addressing with linear probing in one array of (key, value) slots.
///
/// A look-up reads one slot, usually one cache line, where a general hash
/// map reads a control byte and then the slot in another line: these tables
/// grow to millions of entries, far past the caches, and every comparison
/// and sum of the store asks them first. Keys are stored plus one, so the
/// zero slot means empty (no id pair is `u64::MAX`: ids stay below
/// 2^31). At most half the slots are used; the array doubles when
/// that is reached. O(1) expected per operation.
#[derive(Debug)]
pub(super) struct PairMemo<V> {
    slots: Vec<(u64, V)>,
    len: usize,
    /// `64 - log2(slots.len())`: the top bits of the hashed key index a slot.
    shift: u32,
}

impl<V: Copy + Default> Default for PairMemo<V> {
    fn default() -> Self {
        PairMemo {
            slots: Vec::new(),
            len: 0,
            shift: 64,
        }
    }
}

/// Fibonacci hashing: multiplying by 2^64 / φ spreads consecutive ids over
/// the top bits.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

impl<V: Copy + Default> PairMemo<V> {
    #[inline]
    fn home(&self, stored: u64) -> usize {
        (stored.wrapping_mul(SPREAD) >> self.shift) as usize
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let stored = key.wrapping_add(1);
        let mask = self.slots.len() - 1;
        let mut i = self.home(stored);
        loop {
            let (k, v) = self.slots[i];
            if k == stored {
                return Some(v);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` for `key` (replacing an earlier value).
    pub(super) fn insert(&mut self, key: u64, value: V) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let stored = key.wrapping_add(1);
        if self.place(stored, value) {
            self.len += 1;
        }
    }

    /// Writes the slot of `stored`; whether it was new.
    fn place(&mut self, stored: u64, value: V) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(stored);
        loop {
            let k = self.slots[i].0;
            if k == stored || k == 0 {
                self.slots[i] = (stored, value);
                return k == 0;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        let old = core::mem::replace(&mut self.slots, vec![(0, V::default()); size]);
        self.shift = 64 - size.trailing_zeros();
        for (k, v) in old {
            if k != 0 {
                self.place(k, v);
            }
        }
    }

    /// Number of entries.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

/// Yes-or-no answers keyed on an id pair `a << 32 | b` with `a < 2^31` (the
/// store holds fewer than 2^31 forms), as [`PairMemo`] does but in slots of
/// one word: the pair shifted left once, the answer in the low bit, and
/// `u64::MAX` for an empty slot (the pair would need `b = 2^32 - 1`, which
/// is no id). Eight slots to a cache line, so the table spends half the
/// memory and misses the caches less often. O(1) expected per operation.
#[derive(Debug)]
pub(super) struct PairFlags {
    slots: Vec<u64>,
    len: usize,
    shift: u32,
}

const EMPTY: u64 = u64::MAX;

impl Default for PairFlags {
    fn default() -> Self {
        PairFlags {
            slots: Vec::new(),
            len: 0,
            shift: 64,
        }
    }
}

impl PairFlags {
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_add(1).wrapping_mul(SPREAD) >> self.shift) as usize
    }

    /// The answer stored for `key`, if any.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        debug_assert!(key >> 63 == 0);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                return None;
            }
            if s >> 1 == key {
                return Some(s & 1 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `answer` for `key` (replacing an earlier answer).
    pub(super) fn insert(&mut self, key: u64, answer: bool) {
        debug_assert!(key >> 63 == 0);
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        if self.place((key << 1) | u64::from(answer)) {
            self.len += 1;
        }
    }

    fn place(&mut self, slot: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot >> 1);
        loop {
            let s = self.slots[i];
            if s == EMPTY || s >> 1 == slot >> 1 {
                self.slots[i] = slot;
                return s == EMPTY;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        let old = core::mem::replace(&mut self.slots, vec![EMPTY; size]);
        self.shift = 64 - size.trailing_zeros();
        for s in old {
            if s != EMPTY {
                self.place(s);
            }
        }
    }

    /// Number of entries.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The two tables, seen alike by the test.
    trait Table<V> {
        fn get(&self, key: u64) -> Option<V>;
        fn insert(&mut self, key: u64, value: V);
        fn len(&self) -> usize;
    }

    impl Table<u32> for PairMemo<u32> {
        fn get(&self, key: u64) -> Option<u32> {
            PairMemo::get(self, key)
        }
        fn insert(&mut self, key: u64, value: u32) {
            PairMemo::insert(self, key, value);
        }
        fn len(&self) -> usize {
            PairMemo::len(self)
        }
    }

    impl Table<bool> for PairFlags {
        fn get(&self, key: u64) -> Option<bool> {
            PairFlags::get(self, key)
        }
        fn insert(&mut self, key: u64, value: bool) {
            PairFlags::insert(self, key, value);
        }
        fn len(&self) -> usize {
            PairFlags::len(self)
        }
    }

    /// `memo` answers as a plain map does through growth, replacement and
    /// absent keys: keys with few distinct high words (so that probes collide
    /// and wrap), 0, and `largest`.
    fn behaves_as_a_map<V: Copy + PartialEq + core::fmt::Debug>(
        mut memo: impl Table<V>,
        largest: u64,
        value: impl Fn(u32, u64) -> V,
    ) {
        let mut map = HashMap::new();
        assert_eq!(memo.get(7), None);
        let mut rng = crate::test_rng::XorShift::new(0x2545_F491_4F6C_DD1D);
        for step in 0..200_000u32 {
            let x = rng.next_u64();
            let key = match step % 5 {
                0 => 0,
                1 => largest,
                _ => (x % 64) << 32 | (x >> 40),
            };
            if step % 3 == 0 {
                assert_eq!(memo.get(key), map.get(&key).copied(), "{key}");
            } else {
                memo.insert(key, value(step, x));
                map.insert(key, value(step, x));
            }
        }
        assert_eq!(memo.len(), map.len());
        for (k, v) in map {
            assert_eq!(memo.get(k), Some(v));
        }
    }

    #[test]
    fn pair_memo_behaves_as_a_map() {
        behaves_as_a_map(PairMemo::<u32>::default(), u64::MAX - 1, |step, _| step);
    }

    /// Up to the largest pair the one-word table takes (first id 2^31 - 1,
    /// second 2^32 - 2).
    #[test]
    fn pair_flags_behave_as_a_map() {
        let largest = ((1u64 << 31) - 1) << 32 | (u64::from(u32::MAX) - 1);
        behaves_as_a_map(PairFlags::default(), largest, |_, x| x & 1 == 1);
    }
}
