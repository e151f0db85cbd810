//! The index of one word a slot under the memos keyed by positions (both
//! solvers) and by option lists (the partizan store): open addressing over hashes, pointing into the caller's
//! list of entries.

/// A word-sized hash made to fill 64 bits, as the index reads a hash's top
/// bits. FxHash is word-sized: on 32-bit targets (wasm32) its top 32 bits
/// are zero, which would send every key to the first slot; there a
/// multiplication by an odd constant (a bijection) spreads it over 64 bits.
/// 64-bit targets keep the hash as it is.
#[inline]
#[must_use]
pub(crate) const fn wide_hash(h: u64) -> u64 {
    if usize::BITS < 64 {
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    } else {
        h
    }
}

/// Hashes to places in a list of entries kept by the caller, in the order
/// they were stored, by open addressing with linear probing.
///
/// A slot holds the high half of an entry's hash (never 0) and the entry's
/// place in the list plus one (an empty slot is 0). A look-up reads one
/// slot, usually in cache (8 bytes a slot, at most half of them used), and
/// asks the caller to compare the full key only when the hash halves agree.
/// Growing moves slots by their stored hash halves: no key is hashed again
/// and no entry moves. At most 2^32 − 1 entries.
///
/// O(1) expected per operation; 8 bytes a slot, two slots an entry at least.
#[derive(Debug)]
pub(crate) struct SlotIndex {
    slots: Vec<u64>,
    /// `64 - log2(slots.len())`: the top bits of a hash index a slot.
    shift: u32,
}

impl Default for SlotIndex {
    fn default() -> Self {
        Self::new()
    }
}

impl SlotIndex {
    /// Most entries an index can point to.
    pub(crate) const MAX_ENTRIES: usize = u32::MAX as usize;

    /// Whether a list of `len` entries is as long as an index can point to.
    /// (Compared in 64 bits: on 32-bit targets `MAX_ENTRIES` is `usize::MAX`.)
    #[must_use]
    pub(crate) const fn is_full(len: usize) -> bool {
        len as u64 >= Self::MAX_ENTRIES as u64
    }

    /// An empty index.
    pub(crate) const fn new() -> Self {
        SlotIndex {
            slots: Vec::new(),
            shift: 64,
        }
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
    pub(crate) fn prefetch(&self, hash: u64) {
        crate::prefetch::prefetch(&self.slots, self.home(hash));
    }

    /// The place of the entry of hash `hash` whose key `is_key` accepts
    /// (given the entry's place), if any.
    #[inline]
    pub(crate) fn find(&self, hash: u64, mut is_key: impl FnMut(usize) -> bool) -> Option<usize> {
        if self.slots.is_empty() {
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
                let place = (s & 0xffff_ffff) as usize - 1;
                if is_key(place) {
                    return Some(place);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Points hash `hash` to the entry the caller has just added as its
    /// `entries`-th (at most [`MAX_ENTRIES`](Self::MAX_ENTRIES)), doubling
    /// the index first if it would be more than half full.
    pub(crate) fn insert(&mut self, hash: u64, entries: usize) {
        debug_assert!((1..=Self::MAX_ENTRIES).contains(&entries));
        if 2 * entries > self.slots.len() {
            self.grow();
        }
        self.place(Self::tag(hash) | entries as u64);
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
        let old = core::mem::replace(&mut self.slots, crate::prefetch::huge_table(size, 0));
        self.shift = 64 - size.trailing_zeros();
        for s in old.into_iter().filter(|&s| s != 0) {
            self.place(s);
        }
    }
}
