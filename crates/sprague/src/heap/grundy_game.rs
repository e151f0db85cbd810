//! Grundy's game (split one heap into two unequal non-empty heaps) tabulated
//! to very large heaps by the sparse-space method, in at most 1.5 bytes a value.
//!
//! # The method
//!
//! Call a value *rare* when the bits of `v >> 1` have even parity (0, 1, 6, 7,
//! 10, 11, 12, 13, …) and *common* otherwise (2, 3, 4, 5, 8, 9, …). This is the
//! class of the mask `…1110`, the mask Flammenkamp gives for Grundy's game
//! (A. Flammenkamp, "Sprague-Grundy Values of Grundy's Game",
//! wwwhomes.uni-bielefeld.de/achim/grundy.html). The class of a nim-sum is the
//! sum of the classes, so a split `(a, n − a)` has a common value only when
//! exactly one part is a *rare heap* (a heap with a rare value). Rare heaps are
//! very few: 1273 of them below 10⁶ (Flammenkamp lists 1287 known in all). The
//! value of heap `n` is found as follows:
//!
//! 1. Every split with a rare part (one pass over the rare heaps, about 1300
//!    table reads) gives every common option value exactly, and some rare ones.
//! 2. Let `c` be the smallest common value not reached. `G(n) = c` unless a rare
//!    value below `c` is not reached.
//! 3. The rare values below `c` not reached yet are looked for among all splits,
//!    in blocks of 32 splits taken in turn from 16 segments spread over the
//!    range of the smaller part (variety finds them sooner than one sweep:
//!    about 1500 splits a heap near 10⁶). The scan runs to the end only when
//!    `G(n)` itself is rare, that is 1287 times in all.
//!
//! Cost: O(R + S) a heap for R rare heaps and S splits scanned, near-linear in
//! practice (a few microseconds a heap up to 10⁹); O(n) for the few rare heaps.
//! The values are kept as one byte each while they are below 256, and as 12
//! bits (a byte and a nibble, 1.5 bytes) once a larger one appears; values
//! above 4095 are refused with [`GrundyGameError::ValueTooLarge`].

use core::fmt;

/// The largest value the table stores (12 bits).
pub const GRUNDY_GAME_MAX_VALUE: u16 = 4095;

/// Rare heaps up to this size (the default of the field `window`) are read from a window of the latest values
/// kept as plain `u16` (at most `2 · WINDOW` values, 512 KiB), which spares
/// step 1 the decoding of the 12-bit layout; larger rare heaps (a handful)
/// read the table.
const WINDOW: usize = 1 << 17;

/// Bit `i` set when `v = 64w + i` is common, for a word `w` with an even
/// number of one bits; the complement for the other words. (The class of
/// `v` is the parity of the bits of `v >> 1 = 32w + (i >> 1)`.)
const COMMON_EVEN_WORD: u64 = {
    let mut bits = 0u64;
    let mut i = 0u32;
    while i < 64 {
        if (i >> 1).count_ones() & 1 == 1 {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
};

/// The common values among `64w .. 64w + 64`, as bits.
#[inline]
const fn common_word(w: usize) -> u64 {
    if w.count_ones() & 1 == 0 {
        COMMON_EVEN_WORD
    } else {
        !COMMON_EVEN_WORD
    }
}

/// Heaps valued in one batch (see `GrundyGameTable::run`): a stamp slot of
/// 16 KiB each.
const HEAPS_AT_ONCE: usize = 8;

/// Smaller parts scanned in one block of step 3.
const BLOCK: usize = 32;
/// Segments of the range of the smaller part visited in turn by step 3.
const SEGMENTS: usize = 16;

/// `true` when `v` is in the rare class of Grundy's game (even parity of `v >> 1`).
#[must_use]
#[inline]
pub const fn grundy_game_rare(v: u16) -> bool {
    (v >> 1).count_ones() & 1 == 0
}

/// What went wrong while extending a [`GrundyGameTable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrundyGameError {
    /// A value above [`GRUNDY_GAME_MAX_VALUE`] would be needed at this heap.
    ValueTooLarge {
        /// The heap whose value does not fit in 12 bits.
        heap: usize,
    },
    /// The table cannot grow past this many heaps on this platform (memory).
    TooLarge {
        /// The number of values asked for.
        count: usize,
    },
}

impl fmt::Display for GrundyGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GrundyGameError::ValueTooLarge { heap } => write!(
                f,
                "heap {heap} of Grundy's game has a value above {GRUNDY_GAME_MAX_VALUE}, more than the 12-bit table stores"
            ),
            GrundyGameError::TooLarge { count } => {
                write!(f, "cannot reserve memory for {count} values of Grundy's game")
            }
        }
    }
}

impl std::error::Error for GrundyGameError {}

/// The values `G(0), G(1), …` of Grundy's game, grown one heap at a time by
/// the sparse-space method (see the module documentation), with the list of
/// rare heaps it keeps.
///
/// ```
/// use sprague::heap::GrundyGameTable;
/// let mut t = GrundyGameTable::new();
/// t.extend_to(20, &mut |_| true).unwrap();
/// // OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3.
/// let v: Vec<u16> = (0..20).map(|n| t.value(n).unwrap()).collect();
/// assert_eq!(v, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct GrundyGameTable {
    /// The low 8 bits of every value.
    lo: Vec<u8>,
    /// The high 4 bits, two values a byte; empty while every value is below 256.
    hi: Vec<u8>,
    /// Rare heaps `r ≥ 1` with their values, in increasing order.
    rare: Vec<(usize, u16)>,
    /// The same heaps and values as two arrays, for the loop of step 1.
    rare_heap: Vec<usize>,
    rare_value: Vec<u16>,
    /// How many rare heaps are at most `window`.
    near: usize,
    /// [`WINDOW`], smaller in tests.
    window: usize,
    /// The values of the latest heaps (all of them while fewer than
    /// `2 · WINDOW`; at least the latest `WINDOW` always).
    recent: Vec<u16>,
    /// `stamp[v] == tag`: value `v` is an option of the heap being valued.
    stamp: Vec<u32>,
    tag: u32,
    /// Scratch: rare values below the candidate still to be found.
    need: Vec<u16>,
}

impl Default for GrundyGameTable {
    fn default() -> Self {
        Self::new()
    }
}

impl GrundyGameTable {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        GrundyGameTable {
            lo: Vec::new(),
            hi: Vec::new(),
            rare: Vec::new(),
            rare_heap: Vec::new(),
            rare_value: Vec::new(),
            near: 0,
            window: WINDOW,
            recent: Vec::new(),
            stamp: vec![0; HEAPS_AT_ONCE * (usize::from(GRUNDY_GAME_MAX_VALUE) + 1)],
            tag: 0,
            need: Vec::new(),
        }
    }

    /// The number of values held (`G(0 .. len)`).
    #[must_use]
    pub fn len(&self) -> usize {
        self.lo.len()
    }

    /// `true` when no value is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lo.is_empty()
    }

    /// `G(n)`, when `n` is below [`len`](Self::len).
    #[must_use]
    pub fn value(&self, n: usize) -> Option<u16> {
        let low = u16::from(*self.lo.get(n)?);
        Some(if self.hi.is_empty() {
            low
        } else {
            low | self.high(n)
        })
    }

    #[inline]
    fn high(&self, n: usize) -> u16 {
        u16::from((self.hi[n / 2] >> (4 * (n & 1))) & 15) << 8
    }

    /// The rare heaps `r ≥ 1` held, with their values, in increasing order.
    #[must_use]
    pub fn rare_heaps(&self) -> &[(usize, u16)] {
        &self.rare
    }

    /// Bytes of memory the values take: one a value while all are below 256,
    /// 1.5 bytes a value afterwards (capacity reserved included).
    #[must_use]
    pub fn value_bytes(&self) -> usize {
        self.lo.capacity() + self.hi.capacity()
    }

    /// Reserves room for `count` values in all, exactly (no doubling), so that a
    /// table grown to `count` takes one byte a value.
    ///
    /// # Errors
    /// [`GrundyGameError::TooLarge`] when the memory cannot be reserved.
    pub fn reserve_to(&mut self, count: usize) -> Result<(), GrundyGameError> {
        let more = count.saturating_sub(self.lo.len());
        self.lo
            .try_reserve_exact(more)
            .map_err(|_| GrundyGameError::TooLarge { count })?;
        if !self.hi.is_empty() {
            let more = (count / 2 + 1).saturating_sub(self.hi.len());
            self.hi
                .try_reserve_exact(more)
                .map_err(|_| GrundyGameError::TooLarge { count })?;
        }
        Ok(())
    }

    /// Appends a value known from elsewhere (a table file being resumed) as
    /// `G(len)`, without checking it.
    ///
    /// # Errors
    /// [`GrundyGameError::ValueTooLarge`] above 4095.
    pub fn push_known(&mut self, v: u16) -> Result<(), GrundyGameError> {
        let n = self.lo.len();
        if v > GRUNDY_GAME_MAX_VALUE {
            return Err(GrundyGameError::ValueTooLarge { heap: n });
        }
        if v > 255 && self.hi.is_empty() {
            let mut hi = Vec::new();
            hi.try_reserve_exact(self.lo.capacity() / 2 + 1)
                .map_err(|_| GrundyGameError::TooLarge { count: n + 1 })?;
            hi.resize(n / 2 + 1, 0);
            self.hi = hi;
        }
        self.lo.push((v & 255) as u8);
        if !self.hi.is_empty() {
            if self.hi.len() <= n / 2 {
                self.hi.push(0);
            }
            self.hi[n / 2] |= ((v >> 8) as u8) << (4 * (n & 1));
        }
        if n >= 1 && grundy_game_rare(v) {
            self.rare.push((n, v));
            self.rare_heap.push(n);
            self.rare_value.push(v);
            if n <= self.window {
                self.near += 1;
            }
        }
        self.recent.push(v);
        if self.recent.len() >= 2 * self.window {
            self.recent.drain(..self.window);
        }
        Ok(())
    }

    /// Drops every value from heap `len` on.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.lo.len() {
            return;
        }
        self.lo.truncate(len);
        if !self.hi.is_empty() {
            self.hi.truncate(len / 2 + 1);
            let keep_low = if len.is_multiple_of(2) { 0 } else { 15 };
            if let Some(b) = self.hi.last_mut() {
                *b &= keep_low;
            }
        }
        let keep = self.rare.partition_point(|&(r, _)| r < len);
        self.rare.truncate(keep);
        self.rare_heap.truncate(keep);
        self.rare_value.truncate(keep);
        self.near = self.rare_heap.partition_point(|&r| r <= self.window);
        self.recent = (len.saturating_sub(self.window)..len)
            .map(|n| self.get_any(n))
            .collect();
    }

    /// Computes values until `count` are held; `progress` is called with the
    /// number held every 2^16 values and stops the computation by returning
    /// `false`. Memory for `count` values is reserved first.
    ///
    /// # Errors
    /// [`GrundyGameError`] when a value does not fit in 12 bits or the memory
    /// cannot be reserved.
    pub fn extend_to(
        &mut self,
        count: usize,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Result<(), GrundyGameError> {
        self.reserve_to(count)?;
        while self.len() < count {
            let n = self.len();
            if n > 0 && n.is_multiple_of(1 << 16) && !progress(n) {
                return Ok(());
            }
            let stop = count.min((n | 0xffff) + 1);
            if self.hi.is_empty() {
                self.run::<false>(stop)?;
            } else {
                self.run::<true>(stop)?;
            }
        }
        Ok(())
    }

    /// Values heaps `len .. stop`, or until a value needs the wide layout,
    /// [`HEAPS_AT_ONCE`] heaps at a time: step 1 for the rare heaps of at
    /// least that size is done for the whole batch first (see
    /// [`Self::mark_rare_batch`]), the rest heap by heap.
    fn run<const WIDE: bool>(&mut self, stop: usize) -> Result<(), GrundyGameError> {
        while self.len() < stop {
            let first = self.len();
            let heaps = HEAPS_AT_ONCE.min(stop - first);
            let tag = self.next_tag();
            let known_rare = self.rare_heap.len();
            self.mark_rare_batch::<WIDE>(first, heaps, tag);
            for slot in 0..heaps {
                let v = self.next_value::<WIDE>(slot, tag, known_rare)?;
                self.push_known(v)?;
                if self.hi.is_empty() == WIDE {
                    // The layout changed: the caller picks the other loop.
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// Step 1 for heaps `first .. first + heaps` (slot `k` for heap
    /// `first + k`) and the rare heaps `r ≥ HEAPS_AT_ONCE` known now (all
    /// below `first`): each such `r` reads the values of `first + k − r`,
    /// which are consecutive and all known, so the reads are one short run
    /// instead of one scattered read a heap.
    fn mark_rare_batch<const WIDE: bool>(&mut self, first: usize, heaps: usize, tag: u32) {
        const SLOT: usize = GRUNDY_GAME_MAX_VALUE as usize + 1;
        let start = self.rare_heap.partition_point(|&r| r < HEAPS_AT_ONCE);
        let near = self.near.max(start);
        let stamp = &mut self.stamp[..HEAPS_AT_ONCE * SLOT];
        let (recent, base) = (&self.recent[..], self.recent.len());
        // Heap `first` is at `base` in the window.
        let near_heaps = self.rare_heap[start..near]
            .iter()
            .zip(&self.rare_value[start..near]);
        if heaps == HEAPS_AT_ONCE {
            // A whole batch: a fixed-size run, unrolled.
            for (&r, &v) in near_heaps {
                let run = &recent[base - r..][..HEAPS_AT_ONCE];
                for k in 0..HEAPS_AT_ONCE {
                    stamp[k * SLOT + (usize::from(v ^ run[k]) & (SLOT - 1))] = tag;
                }
            }
        } else {
            for (&r, &v) in near_heaps {
                for (k, &g) in recent[base - r..base - r + heaps].iter().enumerate() {
                    stamp[k * SLOT + (usize::from(v ^ g) & (SLOT - 1))] = tag;
                }
            }
        }
        for (&r, &v) in self.rare_heap[near..].iter().zip(&self.rare_value[near..]) {
            let lo = &self.lo[first - r..first - r + heaps];
            for (k, (slot, &low)) in stamp.chunks_exact_mut(SLOT).zip(lo).enumerate() {
                let n = first - r + k;
                let g = if WIDE {
                    u16::from(low) | (u16::from((self.hi[n / 2] >> (4 * (n & 1))) & 15) << 8)
                } else {
                    u16::from(low)
                };
                slot[usize::from(v ^ g) & (SLOT - 1)] = tag;
            }
        }
    }

    #[inline]
    fn get<const WIDE: bool>(&self, n: usize) -> u16 {
        let low = u16::from(self.lo[n]);
        if WIDE { low | self.high(n) } else { low }
    }

    /// The next stamp; the stamps are cleared when the counter wraps.
    fn next_tag(&mut self) -> u32 {
        if self.tag == u32::MAX {
            self.stamp.fill(0);
            self.tag = 0;
        }
        self.tag += 1;
        self.tag
    }

    /// `G(len)` by the three steps of the module documentation, in stamp
    /// slot `slot` of the batch whose rare heaps `r ≥ HEAPS_AT_ONCE` among
    /// the first `known_rare` are marked already.
    fn next_value<const WIDE: bool>(
        &mut self,
        slot: usize,
        tag: u32,
        known_rare: usize,
    ) -> Result<u16, GrundyGameError> {
        let m = self.len();
        const MASK: usize = GRUNDY_GAME_MAX_VALUE as usize;
        // 1. The rest of the splits with a rare part: rare heaps below
        // HEAPS_AT_ONCE, and those found in this batch (every one below m).
        let small = self.rare_heap.partition_point(|&r| r < HEAPS_AT_ONCE);
        for i in (0..small).chain(known_rare..self.rare_heap.len()) {
            let r = self.rare_heap[i];
            if r < m {
                let x = self.rare_value[i] ^ self.get::<WIDE>(m - r);
                self.stamp[slot * (MASK + 1) + (usize::from(x) & MASK)] = tag;
            }
        }
        // The pair (m/2, m/2) is no move: what it marked (0) is looked for again.
        if m.is_multiple_of(2) && m > 0 && grundy_game_rare(self.get::<WIDE>(m / 2)) {
            self.stamp[slot * (MASK + 1)] = 0;
        }
        let stamp = &self.stamp[slot * (MASK + 1)..(slot + 1) * (MASK + 1)];
        // 2. The smallest common value not reached, 64 values at a time: a
        // word of the values reached, against the word of common values.
        // 3. The rare values below c not reached yet, from the same words.
        self.need.clear();
        let mut c = None;
        for (w, slots) in stamp.chunks_exact(64).enumerate() {
            let mut reached = 0u64;
            for (i, &s) in slots.iter().enumerate() {
                reached |= u64::from(s == tag) << i;
            }
            let common = common_word(w);
            let missing = common & !reached;
            let below = if missing == 0 {
                u64::MAX
            } else {
                (1u64 << missing.trailing_zeros()) - 1
            };
            let mut rare_missing = !common & !reached & below;
            while rare_missing != 0 {
                self.need
                    .push((64 * w) as u16 + rare_missing.trailing_zeros() as u16);
                rare_missing &= rare_missing - 1;
            }
            if missing != 0 {
                c = Some((64 * w) as u16 + missing.trailing_zeros() as u16);
                break;
            }
        }
        let Some(c) = c else {
            return Err(GrundyGameError::ValueTooLarge { heap: m });
        };
        if self.need.is_empty() {
            return Ok(c);
        }
        // Smaller parts a = 1 ..= half, in blocks, segment after segment.
        let half = m.saturating_sub(1) / 2;
        let blocks = half.div_ceil(BLOCK);
        let segments = SEGMENTS.min(blocks.max(1));
        let seg_len = blocks.div_ceil(segments).max(1);
        'rounds: for k in 0..seg_len {
            for s in 0..segments {
                let b = s * seg_len + k;
                if b >= blocks {
                    continue;
                }
                let first = 1 + b * BLOCK;
                let last = (first + BLOCK - 1).min(half);
                self.mark_splits::<WIDE>(slot, m, first, last, tag);
                // The values still needed, every fourth block (and after
                // the loop): a pass over them costs as much as a few splits.
                if (k * segments + s) % 4 == 3 {
                    let stamp = &self.stamp[slot * (MASK + 1)..];
                    self.need.retain(|&v| stamp[usize::from(v)] != tag);
                    if self.need.is_empty() {
                        break 'rounds;
                    }
                }
            }
        }
        let stamp = &self.stamp[slot * (MASK + 1)..];
        self.need.retain(|&v| stamp[usize::from(v)] != tag);
        Ok(self.need.first().copied().unwrap_or(c))
    }

    /// Marks in stamp slot `slot` the values of the splits `(a, m − a)` for
    /// `a` in `first ..= last`.
    #[inline]
    fn mark_splits<const WIDE: bool>(&mut self, slot: usize, m: usize, first: usize, last: usize, tag: u32) {
        const MASK: usize = GRUNDY_GAME_MAX_VALUE as usize;
        let stamp = &mut self.stamp[slot * (MASK + 1)..=slot * (MASK + 1) + MASK];
        let left = &self.lo[first..=last];
        let right = &self.lo[m - last..=m - first];
        // Values of 256 and more are few: a block whose two sides have no
        // high bits set takes the one-byte loop (the bytes of `hi` read also
        // cover at most one heap on either side, which only makes the test
        // stricter).
        let wide = WIDE && {
            let hi = &self.hi;
            let or = |r: &[u8]| r.iter().fold(0u8, |acc, &b| acc | b);
            or(&hi[first / 2..=last / 2]) | or(&hi[(m - last) / 2..=(m - first) / 2]) != 0
        };
        if wide {
            for (j, (&x, &y)) in left.iter().zip(right.iter().rev()).enumerate() {
                let a = first + j;
                let hx = u16::from((self.hi[a / 2] >> (4 * (a & 1))) & 15) << 8;
                let b = m - a;
                let hy = u16::from((self.hi[b / 2] >> (4 * (b & 1))) & 15) << 8;
                let v = (u16::from(x) | hx) ^ (u16::from(y) | hy);
                stamp[usize::from(v) & MASK] = tag;
            }
        } else if left.len() == BLOCK {
            // Nim-sums of a whole block first (a vector loop), then the marks.
            let mut sums = [0u8; BLOCK];
            for (s, (&x, &y)) in sums.iter_mut().zip(left.iter().zip(right.iter().rev())) {
                *s = x ^ y;
            }
            for &x in &sums {
                stamp[usize::from(x)] = tag;
            }
        } else {
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                stamp[usize::from(x ^ y)] = tag;
            }
        }
    }

    /// The record values: every heap whose value is larger than all values
    /// before it, as `(heap, value)`. O(len).
    #[must_use]
    pub fn records(&self) -> Vec<(usize, u16)> {
        let mut out = Vec::new();
        let mut best = None;
        for n in 0..self.len() {
            let v = self.get_any(n);
            if best.is_none_or(|b| v > b) {
                out.push((n, v));
                best = Some(v);
            }
        }
        out
    }

    fn get_any(&self, n: usize) -> u16 {
        if self.hi.is_empty() {
            self.get::<false>(n)
        } else {
            self.get::<true>(n)
        }
    }
}

/// `G(0 .. count)` of Grundy's game by the definition: every split of every
/// heap, O(count²). The test oracle of [`GrundyGameTable`].
#[must_use]
pub fn grundy_game_plain(count: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::with_capacity(count);
    let mut seen = crate::nimber::MexSet::new();
    for n in 0..count {
        seen.clear();
        for a in 1..n {
            let b = n - a;
            if a < b {
                seen.insert(usize::from(g[a] ^ g[b]));
            }
        }
        g.push(seen.mex() as u16);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The 12-bit layout from the first value on (a real table takes it only
    /// past heap 10⁷): every value still agrees with the definition, through
    /// the blocks of the one-byte loop (all of them here).
    #[test]
    fn wide_layout_agrees_with_the_definition() {
        let n = 3000;
        let plain = grundy_game_plain(n);
        let mut t = GrundyGameTable {
            hi: vec![0],
            window: 64,
            ..GrundyGameTable::new()
        };
        t.extend_to(n, &mut |_| true).unwrap();
        assert!(!t.hi.is_empty());
        assert!((0..n).all(|i| t.value(i) == Some(plain[i])));
    }

    proptest! {
        /// The marks of a block of splits, on arbitrary 12-bit values (some
        /// blocks with high bits, some without), are exactly the nim-sums of
        /// the splits.
        #[test]
        fn marked_splits_are_the_nim_sums(
            values in prop::collection::vec(
                prop_oneof![40 => 0u16..256, 1 => 0u16..=GRUNDY_GAME_MAX_VALUE], 8..300),
            pick in any::<(usize, usize)>(),
        ) {
            let mut t = GrundyGameTable::new();
            for &v in &values {
                t.push_known(v).unwrap();
            }
            let m = values.len();
            let half = (m - 1) / 2;
            let first = 1 + pick.0 % half;
            let last = (first + pick.1 % BLOCK).min(half);
            let tag = t.next_tag();
            if t.hi.is_empty() {
                t.mark_splits::<false>(0, m, first, last, tag);
            } else {
                t.mark_splits::<true>(0, m, first, last, tag);
            }
            let want: std::collections::BTreeSet<usize> =
                (first..=last).map(|a| usize::from(values[a] ^ values[m - a])).collect();
            let got: std::collections::BTreeSet<usize> =
                (0..=usize::from(GRUNDY_GAME_MAX_VALUE)).filter(|&v| t.stamp[v] == tag).collect();
            prop_assert_eq!(got, want, "m {} splits {}..={}", m, first, last);
        }
    }

    /// A window of 16 values: most rare heaps are read from the table, the
    /// window slides many times, and truncation rebuilds it.
    #[test]
    fn small_window_agrees_with_the_definition() {
        let n = 2500;
        let plain = grundy_game_plain(n);
        let mut t = GrundyGameTable {
            window: 16,
            ..GrundyGameTable::new()
        };
        t.extend_to(n, &mut |_| true).unwrap();
        assert!((0..n).all(|i| t.value(i) == Some(plain[i])));
        for cut in [0, 7, 31, 33, 1000, 1999] {
            t.truncate(cut);
            t.extend_to(n, &mut |_| true).unwrap();
            assert!(
                (0..n).all(|i| t.value(i) == Some(plain[i])),
                "regrown after a cut at {cut}"
            );
        }
    }
}
