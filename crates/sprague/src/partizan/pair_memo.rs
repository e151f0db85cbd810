//! Memos keyed on one word: the `≤` and `+` tables of the store (keyed on
//! pairs of ids) and the partizan solver's table of components named by a
//! memo word.

use super::game_id::GameId;

/// Results keyed on a `u64` (an id pair `a << 32 | b`, see `store::pair`,
/// or a ruleset's memo word), by open addressing with linear probing in one array of slots, each
/// holding its key and value together ([`Slot`]).
///
/// A look-up reads one slot, usually one cache line, where a general hash
/// map reads a control byte and then the slot in another line: these tables
/// grow to millions of entries, far past the caches, and every comparison
/// and sum of the store asks them first. At most half the slots are used;
/// the array doubles when that is reached. O(1) expected per operation.
#[derive(Debug)]
pub(super) struct PairTable<S> {
    slots: Vec<S>,
    len: usize,
    /// `64 - log2(slots.len())`: the top bits of the hashed key index a slot.
    shift: u32,
}

/// The `+` memo: pairs to the id of their sum; also memo words to the ids
/// of their components' values.
pub(super) type PairMemo = PairTable<IdSlot>;
/// The `≤` memo: pairs to the answer, in one word a slot.
pub(super) type PairFlags = PairTable<FlagSlot>;

/// How a [`PairTable`] lays a key and its value out in a slot.
pub(super) trait Slot: Copy {
    /// What the table returns for a key.
    type Value: Copy;
    /// The slot of no key.
    const EMPTY: Self;
    /// The slot holding `value` for `key`.
    fn new(key: u64, value: Self::Value) -> Self;
    /// Whether this is [`EMPTY`](Self::EMPTY).
    fn is_empty(self) -> bool;
    /// The key of a slot that is not empty.
    fn key(self) -> u64;
    /// The value of a slot that is not empty.
    fn value(self) -> Self::Value;
}

/// A key and a game id. The key is stored plus one, so a zero stored key
/// means empty (no key is `u64::MAX`: no id pair, as ids stay below 2^31,
/// and no memo word, which `component_memo` refuses).
#[derive(Clone, Copy, Debug)]
pub(super) struct IdSlot {
    stored: u64,
    id: GameId,
}

impl Slot for IdSlot {
    type Value = GameId;
    const EMPTY: Self = IdSlot {
        stored: 0,
        id: GameId::ZERO,
    };
    #[inline]
    fn new(key: u64, id: GameId) -> Self {
        IdSlot {
            stored: key.wrapping_add(1),
            id,
        }
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.stored == 0
    }
    #[inline]
    fn key(self) -> u64 {
        self.stored.wrapping_sub(1)
    }
    #[inline]
    fn value(self) -> GameId {
        self.id
    }
}

/// A key whose first id is below 2^31 (the store holds fewer than 2^31
/// forms) and a yes-or-no answer in one word: the key shifted left once,
/// the answer in the low bit, and `u64::MAX` for an empty slot (its key
/// would need a second id of 2^32 − 1, which is no id). Eight slots to a
/// cache line, so the table spends half the memory of [`IdSlot`]s.
#[derive(Clone, Copy, Debug)]
pub(super) struct FlagSlot(u64);

impl Slot for FlagSlot {
    type Value = bool;
    const EMPTY: Self = FlagSlot(u64::MAX);
    #[inline]
    fn new(key: u64, answer: bool) -> Self {
        debug_assert!(key >> 63 == 0);
        FlagSlot((key << 1) | u64::from(answer))
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == u64::MAX
    }
    #[inline]
    fn key(self) -> u64 {
        self.0 >> 1
    }
    #[inline]
    fn value(self) -> bool {
        self.0 & 1 == 1
    }
}

impl<S: Slot> Default for PairTable<S> {
    fn default() -> Self {
        PairTable {
            slots: Vec::new(),
            len: 0,
            shift: 64,
        }
    }
}

/// Fibonacci hashing: multiplying by 2^64 / φ spreads consecutive ids over
/// the top bits.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

impl<S: Slot> PairTable<S> {
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_add(1).wrapping_mul(SPREAD) >> self.shift) as usize
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<S::Value> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.is_empty() {
                return None;
            }
            if s.key() == key {
                return Some(s.value());
            }
            i = (i + 1) & mask;
        }
    }

    /// Starts fetching the slot where a look-up of `key` begins, so that a
    /// later [`get`](Self::get) finds it in the cache. O(1), no effect on
    /// the contents.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        if !self.slots.is_empty() {
            crate::prefetch::prefetch(&self.slots, self.home(key));
        }
    }

    /// Stores `value` for `key` (replacing an earlier value).
    pub(super) fn insert(&mut self, key: u64, value: S::Value) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        if self.place(S::new(key, value)) {
            self.len += 1;
        }
    }

    /// Writes `slot` where its key belongs; whether the key was new.
    fn place(&mut self, slot: S) -> bool {
        let mask = self.slots.len() - 1;
        let key = slot.key();
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.is_empty() || s.key() == key {
                self.slots[i] = slot;
                return s.is_empty();
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        let old = core::mem::replace(&mut self.slots, crate::prefetch::huge_table(size, S::EMPTY));
        self.shift = 64 - size.trailing_zeros();
        for s in old {
            if !s.is_empty() {
                self.place(s);
            }
        }
    }

    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// `memo` answers as a plain map does through growth, replacement and
    /// absent keys: keys with few distinct high words (so that probes collide
    /// and wrap), 0, and `largest`.
    fn behaves_as_a_map<S: Slot>(largest: u64, value: impl Fn(u32, u64) -> S::Value)
    where
        S::Value: PartialEq + core::fmt::Debug,
    {
        let mut memo = PairTable::<S>::default();
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

    /// Up to the largest key (the pair of two ids `u32::MAX - 1`).
    #[test]
    fn pair_memo_behaves_as_a_map() {
        let mut store = crate::partizan::GameStore::new();
        let ids: Vec<GameId> = (0..50).map(|k| store.integer(k)).collect();
        let largest = u64::from(u32::MAX - 1) << 32 | u64::from(u32::MAX - 1);
        behaves_as_a_map::<IdSlot>(largest, |step, _| ids[step as usize % ids.len()]);
    }

    /// Up to the largest pair the one-word table takes (first id 2^31 - 1,
    /// second 2^32 - 2).
    #[test]
    fn pair_flags_behave_as_a_map() {
        let largest = ((1u64 << 31) - 1) << 32 | (u64::from(u32::MAX) - 1);
        behaves_as_a_map::<FlagSlot>(largest, |_, x| x & 1 == 1);
    }
}
