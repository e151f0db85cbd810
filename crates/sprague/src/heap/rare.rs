//! Grundy values of take-and-break games: the plain mex loop and the
//! rare-value ("sparse space") method.
//!
//! # The rare-value method
//!
//! Split the nimbers into two classes by the parity of `popcount(v & mask)`:
//! class 0 ("rare", containing 0) and class 1 ("common"). The class of a
//! nim-sum is the sum of the classes, so a split `a + b` has a common value
//! only when exactly one part has a rare value. For games where few heaps have
//! rare values (the sparse-space phenomenon observed by Gangolli and Plambeck,
//! and exploited by Flammenkamp), the value of heap `n` is found as follows:
//!
//! 1. Enumerate every split in which one part is a rare heap (few of them): this
//!    yields *every* common option value exactly, and some rare ones.
//! 2. Let `c` be the smallest common value not reached. `G(n)` is `c` unless a
//!    rare value below `c` is not reached.
//! 3. Rare values below `c` are usually reached by some split early in a scan;
//!    scan the splits until all of them are found. Only when `G(n)` itself is
//!    rare (rarely) does the scan run to the end.
//!
//! When every splitting move removes a number of tokens of one parity, the
//! class of the heaps of one parity may also be flipped (rare means
//! `class(G(a)) = flip[a mod 2]`): the parts of a split of `n − i` then have
//! parities fixed by `n`, and the two classes above swap roles for heaps of
//! one parity. Octal 4.07, for example, has no rare heap at all this way.
//!
//! The split is re-chosen as the table grows, minimising the number of rare
//! heaps. Any mask gives the right values; the mask only changes the speed.
//! Games with three-heap moves (where a common value also arises from three
//! common parts) use bitsets of pair sums instead.

use crate::nimber::MexSet;

/// The moves of a take-and-break game, by removal size.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spec {
    /// `(i, may leave nothing, may leave one heap)`.
    pub nonsplit: Vec<(usize, bool, bool)>,
    /// Removals after which the rest may be split into two non-empty heaps.
    pub split2: Vec<usize>,
    /// Removals after which the rest may be split into three non-empty heaps.
    pub split3: Vec<usize>,
    /// Two-heap splits must be unequal (Grundy's game).
    pub unequal: bool,
}

/// Inserts the non-splitting option values of heap `n`.
#[inline(always)]
fn nonsplit_options(spec: &Spec, g: &[u32], n: usize, seen: &mut MexSet) {
    for &(i, nothing, one) in &spec.nonsplit {
        if i == n && nothing {
            seen.insert(0);
        }
        if i < n && one && i > 0 {
            seen.insert(g[n - i] as usize);
        }
    }
}

/// [`nonsplit_options`] as the bits of one word, for values below 64.
#[inline(always)]
fn nonsplit_bits(spec: &Spec, g: &[u32], n: usize) -> u64 {
    let mut reached = 0u64;
    for &(i, nothing, one) in &spec.nonsplit {
        if i == n && nothing {
            reached |= 1;
        }
        if i < n && one && i > 0 {
            reached |= 1u64 << (g[n - i] & 63);
        }
    }
    reached
}

/// For each removal after which heap `n` may split into two heaps, the rest
/// `m` and the largest smaller part `half` (the equal split excluded when
/// splits must be unequal), in the order of `spec.split2`.
fn split_ranges(spec: &Spec, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    spec.split2.iter().filter(move |&&i| n >= i + 2).map(move |&i| {
        let m = n - i;
        (m, if spec.unequal { (m - 1) / 2 } else { m / 2 })
    })
}

/// The plain value of heap `n`: a mex over every option.
fn plain_at(spec: &Spec, g: &[u32], n: usize, seen: &mut MexSet) -> u32 {
    seen.clear();
    nonsplit_options(spec, g, n, seen);
    for &i in &spec.split2 {
        if n < i + 2 {
            continue;
        }
        let m = n - i;
        for a in 1..=m / 2 {
            if spec.unequal && 2 * a == m {
                continue;
            }
            seen.insert((g[a] ^ g[m - a]) as usize);
        }
    }
    for &i in &spec.split3 {
        if n < i + 3 {
            continue;
        }
        let m = n - i;
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                seen.insert((g[a] ^ g[b] ^ g[m - a - b]) as usize);
            }
        }
    }
    seen.mex() as u32
}

/// The value of heap `n` from every option, as [`plain_at`] finds it for
/// games without three-heap moves, with the splits of each removal marked
/// from two contiguous slices of the table ([`mark_splits`]), or ORed into
/// one word while `width` is at most 64 ([`splits_as_bits`]); every value of
/// `g` is below `width`, a power of two. For the rare-value engine when no
/// split of the values leaves few rare heaps. O(n).
fn every_split_at(spec: &Spec, g: &[u32], n: usize, width: usize, seen: &mut MexSet) -> u32 {
    if width <= 64 {
        // The option values as the bits of one word (nim-sums of values
        // below 64 are below 64): the mex is its trailing ones.
        let mut reached = nonsplit_bits(spec, g, n);
        for (m, half) in split_ranges(spec, n) {
            reached |= splits_as_bits(&g[1..=half], &g[m - half..m]);
        }
        return reached.trailing_ones();
    }
    seen.clear();
    nonsplit_options(spec, g, n, seen);
    for (m, half) in split_ranges(spec, n) {
        let (slots, now) = seen.raw(width);
        mark_splits(slots, now, &g[1..=half], &g[m - half..m]);
    }
    seen.mex() as u32
}

/// `G(0 .. count)` by the plain mex loop. O(n²) for two-heap splits.
pub(crate) fn plain_values_u32(
    spec: &Spec,
    count: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Vec<u32> {
    let mut g = Vec::with_capacity(count);
    let mut seen = MexSet::new();
    for n in 0..count {
        if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
            break;
        }
        let v = plain_at(spec, &g, n, &mut seen);
        g.push(v);
    }
    g
}

#[inline]
fn class(v: u32, mask: u32) -> u32 {
    // Masks have at most `HIST_BITS` bits: one table look-up, where a
    // population count without the instruction costs a dozen.
    u32::from(PARITY[(v & mask) as usize & (HIST_WIDTH - 1)])
}

/// Bits of the values a split's mask may cover.
const HIST_BITS: u32 = 10;
/// Values `0 .. HIST_WIDTH` are told apart by a split's mask.
const HIST_WIDTH: usize = 1 << HIST_BITS;

/// `PARITY[x]` is the parity of the number of bits set in `x`.
static PARITY: [u8; HIST_WIDTH] = {
    let mut t = [0u8; HIST_WIDTH];
    let mut x = 1;
    while x < HIST_WIDTH {
        t[x] = t[x >> 1] ^ (x as u8 & 1);
        x += 1;
    }
    t
};

/// Heaps `1 ..` counted by (parity of the heap, value mod [`HIST_WIDTH`]),
/// kept up to date as values are found, so that choosing a split reads
/// counts instead of the whole table.
struct Histogram {
    counts: Vec<i64>,
    /// The largest value counted.
    max: u32,
}

impl Histogram {
    fn new(g: &[u32]) -> Histogram {
        let mut h = Histogram {
            counts: vec![0; 2 * HIST_WIDTH],
            max: 0,
        };
        for (a, &v) in g.iter().enumerate().skip(1) {
            h.add(a, v);
        }
        h
    }

    #[inline]
    fn add(&mut self, a: usize, v: u32) {
        self.counts[(a & 1) * HIST_WIDTH + (v as usize & (HIST_WIDTH - 1))] += 1;
        self.max = self.max.max(v);
    }
}

/// How heaps are split into rare and common: heap `a` is rare when
/// `class(G(a), mask) == flip[a mod 2]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Split {
    mask: u32,
    flip: [u32; 2],
}

impl Split {
    #[inline]
    fn is_rare(&self, a: usize, v: u32) -> bool {
        class(v, self.mask) == self.flip[a & 1]
    }
}

/// A split is used only when it leaves fewer than one heap in
/// `RARE_SHARE_LIMIT` rare. Past that share, marking every split as the
/// plain loop does (two contiguous slices, [`every_split_at`]) costs less than
/// the pass over the rare heaps plus the scans: on 0.165, whose best split
/// leaves between a quarter and a half of the heaps rare, 0.57 s against
/// 0.69 s for 10^5 heaps.
const RARE_SHARE_LIMIT: usize = 4;

/// The split (a mask over the bits of the largest value, at most
/// [`HIST_BITS`] bits, and the class flip allowed for one parity of heaps)
/// that leaves the fewest heaps rare among those counted in `counts`; mask 0
/// when no split makes rare heaps fewer than the share `RARE_SHARE_LIMIT`
/// allows. O(W log W) for the `W` values the masks tell apart, whatever the
/// number of heaps.
fn choose_split(counts: &Histogram, flippable: Option<usize>) -> Split {
    let bits = (32 - counts.max.leading_zeros()).min(HIST_BITS);
    let width = 1usize << bits;
    // By (parity of the heap, value): values below `width` only, or every
    // value mod `HIST_WIDTH` when `width` is that.
    let mut hist = vec![0i64; 2 * width];
    for p in 0..2 {
        hist[p * width..(p + 1) * width].copy_from_slice(&counts.counts[p * HIST_WIDTH..][..width]);
    }
    let mut sizes = [0i64; 2];
    for p in 0..2 {
        let h = &mut hist[p * width..(p + 1) * width];
        sizes[p] = h.iter().sum();
        let mut len = 1;
        while len < width {
            for block in h.chunks_exact_mut(2 * len) {
                let (x, y) = block.split_at_mut(len);
                for (a, b) in x.iter_mut().zip(y.iter_mut()) {
                    (*a, *b) = (*a + *b, *a - *b);
                }
            }
            len *= 2;
        }
    }
    let total = (sizes[0] + sizes[1]) as usize;
    let mut best = (total / RARE_SHARE_LIMIT, Split::default());
    let flips: &[u32] = if flippable.is_some() { &[0, 1] } else { &[0] };
    for mask in 1u32..(width as u32) {
        for &f in flips {
            let mut flip = [0u32; 2];
            if let Some(p) = flippable {
                flip[p] = f;
            }
            let split = Split { mask, flip };
            // Heaps of parity p are rare when their class is flip[p].
            let rare: i64 = (0..2)
                .map(|p| {
                    let w = hist[p * width + mask as usize];
                    if flip[p] == 0 {
                        (sizes[p] + w) / 2
                    } else {
                        (sizes[p] - w) / 2
                    }
                })
                .sum();
            let rare = rare as usize;
            if rare < best.0 {
                best = (rare, split);
            }
        }
    }
    best.1
}

/// Sets `bits` (a bitset of nimbers) to the nim-sums `G(b) ⊕ G(m − b)` of
/// every split of `m` into two non-empty heaps. O(m).
fn pair_sums(g: &[u32], m: usize, bits: &mut Vec<u64>) {
    bits.clear();
    for b in 1..=m / 2 {
        let x = (g[b] ^ g[m - b]) as usize;
        if x / 64 >= bits.len() {
            bits.resize(x / 64 + 1, 0);
        }
        bits[x / 64] |= 1 << (x % 64);
    }
}

/// Calls `f` with every member of a bitset.
#[inline]
fn for_each_bit(bits: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(w * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

/// Games with three-heap moves: the set of pair sums of every heap size is
/// kept as a bitset, so a three-heap split `a + (b + c)` costs one pass over
/// the pair sums of `b + c` instead of a loop over `b`, and the splits are
/// grouped by the value of the lone part. O(n · (n·W + X·V)) for n heaps, W
/// words per pair-sum set, X distinct values and V pair sums, instead of O(n³).
fn three_heap_values(
    spec: &Spec,
    mut g: Vec<u32>,
    count: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Vec<u32> {
    let mut seen = MexSet::new();
    let mut pairs: Vec<Vec<u64>> = Vec::with_capacity(count);
    let mut acc: Vec<u64> = Vec::new();
    let mut width = 1usize;
    let mut maxg = g.iter().copied().max().unwrap_or(0);
    for m in 0..g.len() {
        let mut bits = Vec::new();
        pair_sums(&g, m, &mut bits);
        width = width.max(bits.len());
        pairs.push(bits);
    }
    for n in g.len()..count {
        if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
            break;
        }
        let mut bits = Vec::new();
        pair_sums(&g, n, &mut bits);
        width = width.max(bits.len());
        pairs.push(bits);
        seen.clear();
        nonsplit_options(spec, &g, n, &mut seen);
        for &i in &spec.split2 {
            if n >= i + 2 {
                if spec.unequal {
                    let m = n - i;
                    for a in 1..=m / 2 {
                        if 2 * a != m {
                            seen.insert((g[a] ^ g[m - a]) as usize);
                        }
                    }
                } else {
                    for_each_bit(&pairs[n - i], |x| seen.insert(x));
                }
            }
        }
        for &i in &spec.split3 {
            if n < i + 3 {
                continue;
            }
            let r = n - i;
            // Group the splits by the value x = G(a) of the lone part: OR the
            // pair-sum sets of the rest, then translate each group once by x.
            let words = width;
            let groups = maxg as usize + 1;
            acc.clear();
            acc.resize(groups * words, 0);
            for a in 1..=r - 2 {
                let row = &mut acc[g[a] as usize * words..][..words];
                for (dst, &src) in row.iter_mut().zip(&pairs[r - a]) {
                    *dst |= src;
                }
            }
            for x in 0..groups {
                for_each_bit(&acc[x * words..(x + 1) * words], |t| seen.insert(t ^ x));
            }
        }
        let v = seen.mex() as u32;
        maxg = maxg.max(v);
        g.push(v);
    }
    g
}

/// Marks in `slots` (a power of two long) with `now` the nim-sums of the
/// splits pairing `left[i]` with `right[len − 1 − i]`: the values of the
/// smaller parts `a` and of the larger parts `m − a`, as two contiguous
/// slices of the table. Branch-free apart from the loop.
#[inline]
fn mark_splits(slots: &mut [u32], now: u32, left: &[u32], right: &[u32]) {
    let top = slots.len() - 1;
    let slots = &mut slots[..=top];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        slots[(x ^ y) as usize & top] = now;
    }
}

/// Smaller parts scanned in one block by [`scan_order`].
const SCAN_BLOCK: usize = 16;
/// Segments of the range of the smaller part visited in turn by [`scan_order`].
const SCAN_SEGMENTS: usize = 16;

/// Inserts the values `G(a) ⊕ G(m − a)` of the splits with smaller part `a` in
/// `1 ..= half` into `seen` until every value of `needed` is in it (dropping the
/// found ones from `needed`); `true` when all were found. The splits are
/// taken in [`scan_order`] (a probe of the 4 splits nearest the middle and
/// the ends, the block `hint` where the previous scan ended, then blocks of
/// 16 in turn from 16 segments spread over `1 ..= half`): parts of every size
/// early on find the missing values sooner than one sweep, and each block is
/// a branch-free pass over two contiguous slices. O(half) at worst.
fn scan_splits(
    g: &[u32],
    m: usize,
    half: usize,
    width: usize,
    seen: &mut MexSet,
    needed: &mut Vec<usize>,
    hint: &mut usize,
) -> bool {
    scan_order(half, hint, |first, last, check| {
        let (slots, now) = seen.raw(width);
        mark_splits(slots, now, &g[first..=last], &g[m - last..=m - first]);
        if check {
            needed.retain(|&v| slots.get(v) != Some(&now));
        }
        check && needed.is_empty()
    })
}

/// [`scan_splits`] for values below 64: the values still needed are the bits
/// of `needed`, and each range of splits is ORed into one word, with no
/// stores. `true` when every needed value was found.
fn scan_splits_bits(g: &[u32], m: usize, half: usize, needed: &mut u64, hint: &mut usize) -> bool {
    scan_order(half, hint, |first, last, _| {
        *needed &= !splits_as_bits(&g[first..=last], &g[m - last..=m - first]);
        *needed == 0
    })
}

/// The nim-sums (below 64) of the splits pairing `left[i]` with
/// `right[len − 1 − i]`, as the bits of one word. Four words are ORed in turn,
/// so that four splits are in flight instead of a chain of one.
#[inline]
fn splits_as_bits(left: &[u32], right: &[u32]) -> u64 {
    let bit = |x: u32, y: u32| 1u64 << ((x ^ y) & 63);
    let mut words = [0u64; 4];
    let (lefts, rights) = (left.chunks_exact(4), right.rchunks_exact(4));
    let (left_rest, right_rest) = (lefts.remainder(), rights.remainder());
    for (l, r) in lefts.zip(rights) {
        words[0] |= bit(l[0], r[3]);
        words[1] |= bit(l[1], r[2]);
        words[2] |= bit(l[2], r[1]);
        words[3] |= bit(l[3], r[0]);
    }
    let mut rest = 0;
    for (&x, &y) in left_rest.iter().zip(right_rest.iter().rev()) {
        rest |= bit(x, y);
    }
    words[0] | words[1] | words[2] | words[3] | rest
}

/// The order in which the scans visit the smaller parts `1 ..= half`: the 4
/// nearest each end of the range first, then the block of
/// [`SCAN_BLOCK`] parts `hint` (where the previous scan ended; updated
/// here), then blocks in turn from [`SCAN_SEGMENTS`] segments spread over the
/// range. `visit(first, last, check)` takes the parts `first ..= last` and,
/// when `check` is set, says whether the scan is done (the probe's first
/// range is not checked alone); `true` when it was.
fn scan_order(half: usize, hint: &mut usize, mut visit: impl FnMut(usize, usize, bool) -> bool) -> bool {
    // A short probe first (games whose missing values sit next to the middle
    // or the ends, such as 4.07).
    let q = half.min(4);
    if q > 0 {
        visit(1, q, false);
        if visit(half + 1 - q, half, true) {
            return true;
        }
    }
    let blocks = half.div_ceil(SCAN_BLOCK);
    let block = |b: usize| {
        let first = 1 + b * SCAN_BLOCK;
        (first, (first + SCAN_BLOCK - 1).min(half))
    };
    // The block where the previous heap's scan ended first: the missing
    // values of neighbouring heaps tend to come from splits of similar size.
    if *hint < blocks {
        let (first, last) = block(*hint);
        if visit(first, last, true) {
            return true;
        }
    }
    let segments = SCAN_SEGMENTS.min(blocks.max(1));
    let seg_len = blocks.div_ceil(segments).max(1);
    for k in 0..seg_len {
        for s in 0..segments {
            let b = s * seg_len + k;
            if b >= blocks {
                continue;
            }
            let (first, last) = block(b);
            if visit(first, last, true) {
                *hint = b;
                return true;
            }
        }
    }
    false
}

/// The value of heap `n` by the rare-value method when every value so far is
/// below 64: the option values reached are the bits of one word, so marking
/// a split is a shift and an OR, and steps 2 and 3 (the least unreached value
/// `c` of the enumerated class `e`, the unreached values of the other class
/// below it) are a few operations on words (`class_words[c]`: the values
/// below 64 of class `c`). `None` when every value of class `e` below 64 is
/// reached (the value may then be 64 or more): the caller takes the general
/// path. Advances `below_len` as that path does.
#[allow(clippy::too_many_arguments)]
fn value_by_bits(
    spec: &Spec,
    g: &[u32],
    n: usize,
    rare: &[usize],
    rare_values: &[u32],
    below_len: &mut [usize],
    class_words: [u64; 2],
    e: u32,
    hint: &mut usize,
) -> Option<u32> {
    let bit = |v: u32| 1u64 << (v & 63);
    // 1. Non-splitting moves and every split with a rare part.
    let mut reached = nonsplit_bits(spec, g, n);
    for (len, &i) in below_len.iter_mut().zip(&spec.split2) {
        if n < i + 2 {
            continue;
        }
        let m = n - i;
        while rare.get(*len).is_some_and(|&a| a < m) {
            *len += 1;
        }
        let values = &g[..m];
        for (&a, &ga) in rare[..*len].iter().zip(rare_values) {
            if !(spec.unequal && 2 * a == m) {
                reached |= bit(ga ^ values[m - a]);
            }
        }
    }
    // 2. and 3., on the words of each class's values below 64.
    let (class_e, class_other) = (class_words[e as usize], class_words[e as usize ^ 1]);
    let unreached = !reached & class_e;
    if unreached == 0 {
        return None;
    }
    let c = unreached.trailing_zeros();
    let mut needed = !reached & class_other & ((1u64 << c) - 1);
    if needed != 0 {
        for (m, half) in split_ranges(spec, n) {
            if scan_splits_bits(g, m, half, &mut needed, hint) {
                break;
            }
        }
    }
    Some(if needed == 0 { c } else { needed.trailing_zeros() })
}

/// Extends `g` (a correct prefix) to `count` values by the rare-value method;
/// stops early when `progress` returns `false`.
pub(crate) fn rare_values_u32(
    spec: &Spec,
    mut g: Vec<u32>,
    count: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Vec<u32> {
    g.reserve(count.saturating_sub(g.len()));
    let mut seen = MexSet::new();
    if !spec.split3.is_empty() {
        return three_heap_values(spec, g, count, progress);
    }
    if spec.split2.is_empty() {
        for n in g.len()..count {
            if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
                break;
            }
            let v = plain_at(spec, &g, n, &mut seen);
            g.push(v);
        }
        return g;
    }
    // The class of heaps of one parity may be flipped when every split removal
    // has the same parity: then a split of n − i into a + b has parts of
    // parities fixed by n, and the class a common–common pair reaches is
    // `K(n) = (flip₀ ⊕ flip₁)·((n − i) mod 2)` for every i. The option values
    // of the other class come only from pairs with a rare part.
    let parities: Vec<usize> = spec.split2.iter().map(|i| i & 1).collect();
    let flippable = if parities.iter().all(|&p| p == 0) {
        Some(1)
    } else if parities.iter().all(|&p| p == 1) {
        Some(0)
    } else {
        None
    };
    let i0 = spec.split2[0];
    let mut split = Split::default();
    let mut rare: Vec<usize> = Vec::new();
    // The value of each rare heap, in the order of `rare`.
    let mut rare_values: Vec<u32> = Vec::new();
    let mut next_rebuild = g.len().max(32);
    let mut counts = Histogram::new(&g);
    let mut needed: Vec<usize> = Vec::new();
    // The split block where the last scan found its values (`scan_splits`).
    let mut hint = 0usize;
    // The values below 64 of each class of the split (`value_by_bits`).
    let mut class_words = [0u64; 2];
    // For each split removal i, how many rare heaps lie below n − i: n grows
    // by one a step, so the count only moves forward (recounted when the
    // rare list is rebuilt), where a binary search a heap would cost log R.
    let mut below_len: Vec<usize> = vec![0; spec.split2.len()];
    // A power of two above every value so far: nim-sums of two values are below it.
    let mut width = (g.iter().copied().max().unwrap_or(0) as usize + 1).next_power_of_two();
    for n in g.len()..count {
        if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
            break;
        }
        if n >= next_rebuild {
            let chosen = choose_split(&counts, flippable);
            // With the split unchanged the rare list, kept up to date below,
            // is already the one a rebuild would make.
            if chosen != split || chosen.mask == 0 {
                split = chosen;
                rare = (1..n).filter(|&a| split.is_rare(a, g[a])).collect();
                rare_values = rare.iter().map(|&a| g[a]).collect();
                for (len, &i) in below_len.iter_mut().zip(&spec.split2) {
                    let m = n.saturating_sub(i);
                    *len = rare.partition_point(|&a| a < m);
                }
            }
            class_words = [0, 1].map(|c| {
                (0..64u32)
                    .filter(|&v| class(v, split.mask) == c)
                    .fold(0, |w, v| w | 1 << v)
            });
            next_rebuild = if n < 1 << 16 {
                2 * n
            } else {
                n + (n / 2).max(1 << 16)
            };
        }
        if split.mask == 0 {
            let v = every_split_at(spec, &g, n, width, &mut seen);
            // `width` bounds every value: the marks below index by it.
            width = width.max((v as usize + 1).next_power_of_two());
            g.push(v);
            counts.add(n, v);
            continue;
        }
        let mask = split.mask;
        // The class reached by common–common pairs, and the one enumerated.
        let k = (split.flip[0] ^ split.flip[1]) & ((n.wrapping_sub(i0) & 1) as u32);
        let e = k ^ 1;
        if width <= 64
            && let Some(v) = value_by_bits(
                spec,
                &g,
                n,
                &rare,
                &rare_values,
                &mut below_len,
                class_words,
                e,
                &mut hint,
            )
        {
            g.push(v);
            counts.add(n, v);
            if split.is_rare(n, v) {
                rare.push(n);
                rare_values.push(v);
            }
            width = width.max((v as usize + 1).next_power_of_two());
            continue;
        }
        // 1. Non-splitting moves and every split with a rare part.
        seen.clear();
        nonsplit_options(spec, &g, n, &mut seen);
        for (len, &i) in below_len.iter_mut().zip(&spec.split2) {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            while rare.get(*len).is_some_and(|&a| a < m) {
                *len += 1;
            }
            let below = &rare[..*len];
            if spec.unequal {
                for &a in below {
                    if 2 * a != m {
                        seen.insert((g[a] ^ g[m - a]) as usize);
                    }
                }
            } else {
                // The tightest loop of the engine: the rare parts' values
                // come from their own array in the same order, with no
                // second look-up through g.
                let (slots, now) = seen.raw(width);
                let top = slots.len() - 1;
                let slots = &mut slots[..=top];
                let values: &[u32] = &g;
                // Four at a time: one loop test for four marks.
                let (parts, part_values) =
                    (below.chunks_exact(4), rare_values[..below.len()].chunks_exact(4));
                let (rest, rest_values) = (parts.remainder(), part_values.remainder());
                for (a, ga) in parts.zip(part_values) {
                    slots[(ga[0] ^ values[m - a[0]]) as usize & top] = now;
                    slots[(ga[1] ^ values[m - a[1]]) as usize & top] = now;
                    slots[(ga[2] ^ values[m - a[2]]) as usize & top] = now;
                    slots[(ga[3] ^ values[m - a[3]]) as usize & top] = now;
                }
                for (&a, &ga) in rest.iter().zip(rest_values) {
                    slots[(ga ^ values[m - a]) as usize & top] = now;
                }
            }
        }
        // 2. The smallest value c of the enumerated class not reached, and
        // 3. the values of the other class below c still to be found (in
        // one pass: below c, every value not reached is of the other class).
        needed.clear();
        let mut c = 0usize;
        {
            let (slots, now) = seen.raw(width);
            while slots.get(c) == Some(&now) || class(c as u32, mask) != e {
                if slots.get(c) != Some(&now) {
                    needed.push(c);
                }
                c += 1;
            }
        }
        if !needed.is_empty() {
            for (m, half) in split_ranges(spec, n) {
                if scan_splits(&g, m, half, width, &mut seen, &mut needed, &mut hint) {
                    break;
                }
            }
        }
        let v = needed.iter().copied().find(|&r| !seen.contains(r)).unwrap_or(c) as u32;
        width = width.max((v as usize + 1).next_power_of_two());
        g.push(v);
        counts.add(n, v);
        if n >= 1 && split.is_rare(n, v) {
            rare.push(n);
            rare_values.push(v);
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;

    /// The rare heaps of `g` under `split`, counted by the definition.
    fn rare_count(g: &[u32], split: Split) -> usize {
        (1..g.len()).filter(|&a| split.is_rare(a, g[a])).count()
    }

    /// The parity table is the population count's parity.
    #[test]
    fn parity_table_is_the_popcount_parity() {
        for (x, &p) in PARITY.iter().enumerate() {
            assert_eq!(u32::from(p), x.count_ones() & 1, "{x}");
        }
    }

    /// The split chosen from the running histogram leaves as few rare heaps
    /// as the best of every mask and flip tried one by one, on random tables
    /// of small and of wide values, with and without a flippable parity.
    #[test]
    fn chosen_split_is_the_best_by_exhaustion() {
        let mut rng = XorShift::new(0x05EE_D0F5_1175);
        for case in 0..120 {
            let bits = 1 + (case % 12) as u32;
            let len = 2 + (rng.next_u64() % 300) as usize;
            // Skewed values, so that some masks leave few rare heaps.
            let common = (rng.next_u64() as u32) & ((1 << bits) - 1);
            let g: Vec<u32> = (0..len)
                .map(|_| {
                    let r = rng.next_u64();
                    if r.is_multiple_of(4) {
                        (r >> 8) as u32 & ((1 << bits) - 1)
                    } else {
                        common ^ ((r >> 8) as u32 & 1)
                    }
                })
                .collect();
            let mut counts = Histogram::new(&[0]);
            for (a, &v) in g.iter().enumerate().skip(1) {
                counts.add(a, v);
            }
            for flippable in [None, Some(0), Some(1)] {
                let split = choose_split(&counts, flippable);
                let width_bits = (32 - g.iter().copied().max().unwrap_or(0).leading_zeros()).min(HIST_BITS);
                let mut best = (len - 1) / RARE_SHARE_LIMIT;
                for mask in 1..(1u32 << width_bits) {
                    for f in 0..2u32 {
                        let mut flip = [0u32; 2];
                        match flippable {
                            Some(p) => flip[p] = f,
                            None if f == 1 => continue,
                            None => {}
                        }
                        best = best.min(rare_count(&g, Split { mask, flip }));
                    }
                }
                if split.mask == 0 {
                    assert_eq!(best, (len - 1) / RARE_SHARE_LIMIT, "case {case}");
                } else {
                    assert_eq!(rare_count(&g, split), best, "case {case}");
                }
            }
        }
    }
}
