//! Nimbers: the values of impartial games, with nim-sum and the nim product of
//! Conway's field of 64-bit nimbers, GF(2^64).

use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign};
use std::sync::OnceLock;

mod clmul;

/// A nimber `*n` with `n < 2^64`.
///
/// Addition is the nim-sum (bitwise XOR); multiplication is the nim product,
/// under which the nimbers below `2^64` form the field GF(2^64).
///
/// ```
/// use sprague::Nimber;
/// let a = Nimber(3) + Nimber(5);
/// assert_eq!(a, Nimber(6));
/// assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
/// assert_eq!(Nimber(16) * Nimber(16), Nimber(24));
/// let x = Nimber(3141);
/// assert_eq!(x * x.inverse().unwrap(), Nimber::ONE);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct Nimber(pub u64);

impl Nimber {
    /// `*0`, the value of every second-player win.
    pub const ZERO: Nimber = Nimber(0);
    /// `*1`, the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The underlying integer.
    #[must_use]
    pub const fn get(self) -> u64 {
        self.0
    }

    /// Whether this is `*0` (a second-player win).
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Nim-sum (XOR), usable in `const` contexts.
    #[must_use]
    pub const fn nim_add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }

    /// Nim product in GF(2^64), O(1).
    ///
    /// On x86-64 processors with carry-less multiplication (`pclmulqdq`,
    /// detected at run time): a change of basis to polynomials modulo an
    /// irreducible `p(x)` of degree 64, one carry-less product, a Barrett
    /// reduction and the change of basis back (24 look-ups in 32 KiB of
    /// tables, three multiplications). Elsewhere: two levels of Karatsuba over
    /// the Fermat tower down to nine products of 16-bit nimbers, which multiply
    /// by logarithm tables, with the tower's constants folded into the
    /// logarithms and zero factors sent to a zero part of the exponential
    /// table instead of tested (28 look-ups in 512 KiB of tables, no
    /// branch). The tables are built on first use.
    #[must_use]
    #[inline]
    pub fn nim_mul(self, other: Nimber) -> Nimber {
        Nimber(nim_mul_fast(self.0, other.0))
    }

    /// `self` raised to the ordinary integer power `exp` under the nim product,
    /// by square-and-multiply (O(log exp) products).
    #[must_use]
    pub fn pow(self, exp: u64) -> Nimber {
        Nimber(power(self.0, exp, 1, nim_mul_fast))
    }

    /// Multiplicative inverse, or `None` for `*0`. Computed as `a^(2^64 - 2)`.
    #[must_use]
    pub fn inverse(self) -> Option<Nimber> {
        if self.0 == 0 {
            None
        } else {
            Some(self.pow(u64::MAX - 1))
        }
    }

    /// The unique square root: in characteristic 2 squaring is a bijection, and
    /// `sqrt(a) = a^(2^63)` (63 squarings).
    #[must_use]
    pub fn sqrt(self) -> Nimber {
        let mut x = self.0;
        for _ in 0..63 {
            x = nim_mul_fast(x, x);
        }
        Nimber(x)
    }
}

impl fmt::Display for Nimber {
    /// Prints the plain integer (`0`, `3`), as Grundy tables do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Self {
        Nimber(value)
    }
}

impl Add for Nimber {
    type Output = Nimber;
    /// Nim-sum: addition of nimbers is bitwise XOR.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        self.nim_mul(rhs)
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = self.nim_mul(rhs);
    }
}

impl core::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

/// The fastest nim product this processor runs (see [`Nimber::nim_mul`]).
/// `x` raised to the ordinary integer power `exp` under the product `mul`
/// whose unit is `one`, by square-and-multiply: O(log exp) products.
fn power<T: Copy>(mut x: T, mut exp: u64, one: T, mul: impl Fn(T, T) -> T) -> T {
    let mut acc = one;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul(acc, x);
        }
        x = mul(x, x);
        exp >>= 1;
    }
    acc
}

#[inline]
fn nim_mul_fast(a: u64, b: u64) -> u64 {
    match clmul::Basis::get() {
        Some(basis) => basis.mul(a, b),
        None => nim_mul_tables(a, b),
    }
}

/// Nim products of many pairs: `out` is cleared, then holds `a[i] ⊗ b[i]`
/// for every `i` below both lengths (extra elements of the longer slice are
/// ignored). O(1) a product.
///
/// On x86-64 processors with AVX-512 (VBMI), GFNI and `vpclmulqdq`
/// (detected at run time), eight products at a time: the changes of basis
/// of [`Nimber::nim_mul`] as `gf2p8affineqb` on 8 × 8 bit blocks, with no
/// table read, and the carry-less products and reductions eight wide.
/// Elsewhere, [`Nimber::nim_mul`] one pair at a time.
///
/// ```
/// use sprague::nimber::nim_mul_batch;
/// let mut out = Vec::new();
/// nim_mul_batch(&[2, 3, 16], &[2, 3, 16, 99], &mut out);
/// assert_eq!(out, [3, 2, 24]); // 2⊗2 = 3, 3⊗3 = 2, 16⊗16 = 24
/// ```
pub fn nim_mul_batch(a: &[u64], b: &[u64], out: &mut Vec<u64>) {
    match clmul::Basis::get() {
        Some(basis) => basis.mul_batch(a, b, out),
        None => {
            out.clear();
            out.extend(a.iter().zip(b).map(|(&x, &y)| nim_mul_tables(x, y)));
        }
    }
}

/// The nim product by the logarithm tables of GF(2^16): the portable path.
fn nim_mul_tables(a: u64, b: u64) -> u64 {
    mul64(tables(), a, b)
}

/// The nim product by the path that runs on every processor (the logarithm
/// tables of GF(2^16), see [`Nimber::nim_mul`]), whatever this processor
/// has: for benchmarks and tests of that path. [`Nimber::nim_mul`] is never
/// slower. O(1): 28 table look-ups, no branch.
///
/// ```
/// use sprague::{Nimber, nimber::nim_mul_portable};
/// assert_eq!(nim_mul_portable(3141, 5926), (Nimber(3141) * Nimber(5926)).get());
/// ```
#[must_use]
pub fn nim_mul_portable(a: u64, b: u64) -> u64 {
    nim_mul_tables(a, b)
}

/// Nim product by the textbook recursion over the Fermat tower, with no tables:
/// `(a1·F + a0)(b1·F + b0) = (p2 + p0)·F + (p0 + p1·F/2)` where `p0 = a0b0`,
/// `p1 = a1b1`, `p2 = (a0+a1)(b0+b1)` and `F·F = F + F/2`. Quadratic in the bit
/// width (4096 one-bit steps for 64 bits). Kept as the reference the fast product
/// is tested and benchmarked against.
#[must_use]
pub fn nim_mul_plain(a: u64, b: u64) -> u64 {
    mul_rec(a, b, 64)
}

fn mul_rec(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let p0 = mul_rec(a0, b0, h);
    let p1 = mul_rec(a1, b1, h);
    let p2 = mul_rec(a0 ^ a1, b0 ^ b1, h);
    let half = 1u64 << (h - 1);
    ((p2 ^ p0) << h) | (p0 ^ mul_rec(p1, half, h))
}

/// Minimum excludant: the least value not in `values`. O(k) for k values (it
/// collects them and calls [`mex_in_place`]).
///
/// ```
/// use sprague::{mex, Nimber};
/// assert_eq!(mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
/// assert_eq!(mex([]), Nimber(0));
/// ```
#[must_use]
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut v: Vec<u64> = values.into_iter().map(Nimber::get).collect();
    mex_in_place(&mut v)
}

/// Minimum excludant of a slice, the least non-negative integer not in it.
/// O(k) for k values, no allocation, so hot loops can reuse one scratch
/// buffer: the mex of k values is at most k, and each value below k is
/// swapped to the index equal to it (each swap puts one value in its place
/// for good), so the mex is the first index not holding itself. The slice
/// is left permuted.
///
/// ```
/// use sprague::{Nimber, nimber::mex_in_place};
/// assert_eq!(mex_in_place(&mut [3, 0, 1, 0]), Nimber(2));
/// ```
#[must_use]
pub fn mex_in_place(values: &mut [u64]) -> Nimber {
    let k = values.len();
    for i in 0..k {
        loop {
            let v = values[i];
            let Ok(j) = usize::try_from(v) else { break };
            // Out of range, already in its place, or a repeat of the value
            // already there.
            if j >= k || j == i || values[j] == v {
                break;
            }
            values.swap(i, j);
        }
    }
    let m = values
        .iter()
        .enumerate()
        .position(|(i, &v)| v != i as u64)
        .unwrap_or(k);
    Nimber(m as u64)
}

/// A reusable scratch set of small non-negative integers, for loops that take
/// one mex after another (Grundy tables, graph sweeps).
///
/// Each slot holds the stamp of the round that last inserted it, so
/// [`MexSet::clear`] is O(1) (it starts a new round; once every 2^32 rounds it
/// zeroes the slots) and [`MexSet::insert`] and [`MexSet::contains`] are O(1)
/// amortised. [`MexSet::mex`] is O(m) for a result m. Memory is O(largest value
/// inserted): callers skip values that cannot matter, e.g. any value greater
/// than the number of values inserted.
///
/// ```
/// use sprague::MexSet;
/// let mut set = MexSet::new();
/// for v in [0, 1, 3] {
///     set.insert(v);
/// }
/// assert_eq!(set.mex(), 2);
/// set.clear();
/// assert_eq!(set.mex(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct MexSet {
    stamp: Vec<u32>,
    now: u32,
}

impl Default for MexSet {
    fn default() -> Self {
        MexSet::new()
    }
}

impl MexSet {
    /// An empty set.
    #[must_use]
    pub fn new() -> Self {
        MexSet {
            stamp: vec![0; 64],
            now: 1,
        }
    }

    /// Empties the set in O(1) (amortised over 2^32 rounds).
    pub fn clear(&mut self) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.now = 1;
        }
    }

    /// Adds `v`, growing the slots to the next power of two above it if needed.
    #[inline]
    pub fn insert(&mut self, v: usize) {
        if v >= self.stamp.len() {
            self.stamp.resize((v + 1).next_power_of_two(), 0);
        }
        self.stamp[v] = self.now;
    }

    /// The slots, grown to hold every value below `len` (a power of two at
    /// least), and the current stamp: `v` is in the set when `slots[v] ==
    /// stamp`. For tight loops that insert many values below `len` (index with
    /// `v & (slots.len() - 1)`, which leaves such values unchanged).
    pub(crate) fn raw(&mut self, len: usize) -> (&mut [u32], u32) {
        if len > self.stamp.len() {
            self.stamp.resize(len.next_power_of_two(), 0);
        }
        (&mut self.stamp, self.now)
    }

    /// Whether `v` was inserted since the last [`MexSet::clear`].
    #[inline]
    #[must_use]
    pub fn contains(&self, v: usize) -> bool {
        self.stamp.get(v).is_some_and(|&s| s == self.now)
    }

    /// The least value not in the set. O(result).
    #[must_use]
    pub fn mex(&self) -> usize {
        let mut m = 0;
        while self.contains(m) {
            m += 1;
        }
        m
    }
}

// ---------------------------------------------------------------------------
// Tables for the fast product.
//
// GF(2^64) is built over GF(2^16) by two Karatsuba levels of the Fermat tower,
// `(a1·X + a0)(b1·X + b0) = (p2 + p0)·X + (p0 + p1·h)` with `X·X = X + h`,
// which leaves nine products of 16-bit nimbers. Each is one addition of
// discrete logarithms and one look-up in an exponential table. Every
// multiplication by a constant of the tower (the `h` above, and `2^31`, which
// the top level needs) is folded into those logarithms as an added offset, so
// it costs nothing: 18 logarithm look-ups and 10 exponential look-ups in all.
//
// The generator `g` is one whose cube is `h = 2^15` (`h` itself has order
// 65535/3, so it generates no more than the cubes). The offsets are then 3 and
// 6, every sum of two logarithms and an offset stays below 2·65535 + 6, and
// the part of the exponential table that products read is 256 KiB instead of
// the 384 KiB an arbitrary generator needs: with the 256 KiB logarithm table,
// both fit a 512 KiB second-level cache.

struct Tables {
    /// Discrete logarithm of each non-zero 16-bit nimber to a fixed generator
    /// `g`; the entry for 0 is [`ZERO_LOG`], which sends every sum it enters
    /// into the zero part of `exp`, so a zero factor needs no test.
    log: Box<[u32; 65536]>,
    /// `exp[i] = g^(i mod 65535)` for `i <` [`ZERO_LOG`] (two logarithms and
    /// one offset of at most [`LOG_HH`] index it directly), then 0 up to
    /// [`EXP_LEN`] (a sum with a zero factor's [`ZERO_LOG`] lands there; those
    /// pages are touched only by such sums).
    exp: Box<[u16; EXP_LEN]>,
}

/// `log(2^15)`, the offset that multiplies a 16-bit product by `h = 2^15`:
/// the generator is chosen with `g³ = h`.
const LOG_H: u32 = 3;

/// `log(2^15 ⊗ 2^15)`, the offset that multiplies by `h²`.
const LOG_HH: u32 = 2 * LOG_H;

const ORDER16: u32 = 65535;

/// The logarithm given to 0: above every sum of two logarithms and an offset
/// (at most `2·65534 + LOG_HH`).
const ZERO_LOG: u32 = 2 * (ORDER16 - 1) + LOG_HH + 1;

/// Length of the exponential table, a power of two above `2·ZERO_LOG +
/// LOG_HH` (the largest sum with zero factors), so that a mask keeps every
/// index in bounds without a test. Only its first `ZERO_LOG` entries are
/// read for products of non-zero factors.
const EXP_LEN: usize = 1 << 19;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// A boxed array of `N` copies of `fill`, built on the heap.
fn boxed_array<T: Copy, const N: usize>(fill: T) -> Box<[T; N]> {
    let v = vec![fill; N].into_boxed_slice();
    // ok: the slice has exactly N elements, so the conversion cannot fail
    // (the fallback builds the same array another way).
    v.try_into().unwrap_or_else(|_| Box::new([fill; N]))
}

fn build_tables() -> Tables {
    // 8-bit products from the reference recursion, then 16-bit products by one
    // Karatsuba level over them; enough to find a generator and fill the tables.
    let mut mul8 = vec![0u8; 256 * 256];
    for a in 0..256u64 {
        for b in a..256u64 {
            let p = mul_rec(a, b, 8) as u8;
            mul8[(a * 256 + b) as usize] = p;
            mul8[(b * 256 + a) as usize] = p;
        }
    }
    let m8 = |a: u16, b: u16| u16::from(mul8[usize::from(a) * 256 + usize::from(b)]);
    let mul16 = |a: u16, b: u16| -> u16 {
        let (a1, a0, b1, b0) = (a >> 8, a & 0xff, b >> 8, b & 0xff);
        let p0 = m8(a0, b0);
        let p1 = m8(a1, b1);
        let p2 = m8(a0 ^ a1, b0 ^ b1);
        ((p2 ^ p0) << 8) | (p0 ^ m8(p1, 0x80))
    };
    let pow16 = |x: u16, e: u32| power(x, u64::from(e), 1, mul16);
    // 65535 = 3 · 5 · 17 · 257: g generates iff g^(65535/p) != 1 for each
    // prime p. `h = 2^15` has order 65535/3, so two of its three cube roots
    // generate; the first is taken, which makes log(h) = LOG_H.
    let generates = |g: u16| [3u32, 5, 17, 257].iter().all(|&p| pow16(g, ORDER16 / p) != 1);
    let generator = (2u16..=u16::MAX)
        .find(|&g| pow16(g, LOG_H) == 0x8000 && generates(g))
        .unwrap_or(2); // ok: such a cube root exists (tested: `log[2^15] == LOG_H`)
    let mut exp: Box<[u16; EXP_LEN]> = boxed_array(0);
    let mut log: Box<[u32; 65536]> = boxed_array(ZERO_LOG);
    let mut powers = Vec::with_capacity(ORDER16 as usize);
    let mut x = 1u16;
    for i in 0..ORDER16 {
        log[usize::from(x)] = i;
        powers.push(x);
        x = mul16(x, generator);
    }
    for (i, e) in exp.iter_mut().take(ZERO_LOG as usize).enumerate() {
        *e = powers[i % powers.len()];
    }
    Tables { log, exp }
}

impl Tables {
    /// The logarithm of the low 16 bits of `x` ([`ZERO_LOG`] for 0).
    #[inline(always)]
    fn log(&self, x: u64) -> u32 {
        self.log[usize::from(x as u16)]
    }

    /// `g^sum` for a sum of logarithms and offsets (0 when a factor was 0).
    #[inline(always)]
    fn exp(&self, sum: u32) -> u32 {
        u32::from(self.exp[sum as usize & (EXP_LEN - 1)])
    }

    /// The product in GF(2^32) of the 32-bit words whose 16-bit halves have
    /// logarithms `(x0, x1)` and `(y0, y1)` and whose halves' nim-sums have
    /// `x2`, `y2`: three 16-bit products (Karatsuba), the one of the high
    /// halves taken times `h = 2^15` through its logarithm.
    #[inline(always)]
    fn mul32(&self, [x0, x1, x2]: [u32; 3], [y0, y1, y2]: [u32; 3]) -> u64 {
        let q0 = self.exp(x0 + y0);
        let q1h = self.exp(x1 + y1 + LOG_H);
        let q2 = self.exp(x2 + y2);
        u64::from(((q2 ^ q0) << 16) | (q0 ^ q1h))
    }

    /// `a ⊗ b ⊗ 2^31` in GF(2^32), from the logarithms as in
    /// [`Tables::mul32`]. With `X = 2^16`, `2^31 = h·X`, and for `c = a ⊗ b
    /// = c1·X + c0` one gets `c ⊗ hX = h(c1 + c0)·X + h²·c1`; in the
    /// Karatsuba products `q0, q1, q2` that is `(h·q2 + h²·q1)·X + h²·(q2 +
    /// q0)`: four look-ups with offsets.
    #[inline(always)]
    fn mul32_times_2_31(&self, [x0, x1, x2]: [u32; 3], [y0, y1, y2]: [u32; 3]) -> u64 {
        let s2 = x2 + y2;
        let q2h = self.exp(s2 + LOG_H);
        let q2hh = self.exp(s2 + LOG_HH);
        let q1hh = self.exp(x1 + y1 + LOG_HH);
        let q0hh = self.exp(x0 + y0 + LOG_HH);
        u64::from(((q2h ^ q1hh) << 16) | (q2hh ^ q0hh))
    }

    /// The logarithms a 64-bit factor `a = a1·2^32 + a0` brings to
    /// [`mul64`]: for each of the words `a0`, `a1` and `a0 ⊕ a1`, those of
    /// its two halves and of their nim-sum. Nine look-ups.
    #[inline(always)]
    fn logs(&self, a: u64) -> [[u32; 3]; 3] {
        // Halves' sums of all four 16-bit limbs at once, and the words' sum.
        let halves = a ^ (a >> 16);
        let words = a ^ (a >> 32);
        [
            [self.log(a), self.log(a >> 16), self.log(halves)],
            [self.log(a >> 32), self.log(a >> 48), self.log(halves >> 32)],
            [
                self.log(words),
                self.log(words >> 16),
                self.log(words ^ (words >> 16)),
            ],
        ]
    }
}

/// The product in GF(2^64) = GF(2^32)[X]/(X² + X + 2^31), X = 2^32: three
/// products in GF(2^32) (Karatsuba), each three in GF(2^16) by logarithms —
/// 18 logarithm look-ups and 10 exponentials, no branch (a zero factor goes
/// through its logarithm [`ZERO_LOG`]).
#[inline(always)]
fn mul64(t: &Tables, a: u64, b: u64) -> u64 {
    let [a0, a1, a01] = t.logs(a);
    let [b0, b1, b01] = t.logs(b);
    let p0 = t.mul32(a0, b0);
    let p1h = t.mul32_times_2_31(a1, b1);
    let p2 = t.mul32(a01, b01);
    ((p2 ^ p0) << 32) | (p0 ^ p1h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}.
    #[test]
    fn product_matches_mex_definition_below_256() {
        let n = 256usize;
        let mut def = vec![0u16; n * n];
        let mut seen = vec![0u32; 1024];
        let mut stamp = 0u32;
        for a in 0..n {
            for b in 0..n {
                stamp += 1;
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = def[a2 * n + b] ^ def[a * n + b2] ^ def[a2 * n + b2];
                        seen[usize::from(v)] = stamp;
                    }
                }
                let mut m = 0;
                while seen[m] == stamp {
                    m += 1;
                }
                def[a * n + b] = m as u16;
            }
        }
        for a in 0..n as u64 {
            for b in 0..n as u64 {
                let want = u64::from(def[a as usize * n + b as usize]);
                assert_eq!((Nimber(a) * Nimber(b)).0, want, "{a} ⊗ {b}");
                assert_eq!(nim_mul_plain(a, b), want, "plain {a} ⊗ {b}");
                assert_eq!(nim_mul_tables(a, b), want, "tables {a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn logarithm_tables_fold_the_tower_constant() {
        let t = tables();
        assert_eq!(t.log[0x8000], LOG_H, "the generator's cube is 2^15");
        assert_eq!(t.log[0], ZERO_LOG);
        // Every non-zero 16-bit nimber has one logarithm below 65535.
        let mut seen = vec![false; ORDER16 as usize];
        for x in 1..=u16::MAX {
            let l = t.log[usize::from(x)] as usize;
            assert!(!seen[l], "log {l} repeats");
            seen[l] = true;
            assert_eq!(t.exp[l], x);
        }
        // The largest sums products read, and the zero part above them.
        assert_eq!(
            t.exp[(ZERO_LOG - 1) as usize],
            t.exp[(ZERO_LOG - 1 - 2 * ORDER16) as usize]
        );
        assert!(t.exp[ZERO_LOG as usize..].iter().all(|&e| e == 0));
    }

    #[test]
    fn published_products() {
        // Winning Ways / Conway, On Numbers and Games: 2⊗2 = 3, 16⊗16 = 24.
        assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
        assert_eq!(Nimber(16) * Nimber(16), Nimber(24));
        // Library Checker "Nim Product (F_{2^64})" sample.
        let sample = [
            (5u64, 0u64, 0u64),
            (5, 1, 5),
            (5, 2, 10),
            (5, 3, 15),
            (5, 4, 2),
            (5, 5, 7),
            (5, 6, 8),
            (5, 7, 13),
            (5, 8, 3), // 5⊗8 = (4⊕1)⊗8 = 11⊕8 = 3
            (3141, 5926, 14994),
            (u64::MAX, u64::MAX, 11290409524105353207),
            // The top two bits, as documented by the crates.io `nimber` crate's README.
            (
                0x8000_0000_0000_0000,
                0x4000_0000_0000_0000,
                0xb9c5_9257_c544_5713,
            ),
        ];
        for (a, b, c) in sample {
            assert_eq!((Nimber(a) * Nimber(b)).0, c, "{a} ⊗ {b}");
            assert_eq!(nim_mul_plain(a, b), c, "plain {a} ⊗ {b}");
        }
    }

    /// OEIS A051775, "Table T(n,m) = Nim-product of n and m, read by
    /// antidiagonals": its first 83 terms (antidiagonals d = n + m = 0..11 and the start of d = 12).
    #[test]
    fn oeis_a051775_antidiagonals() {
        let terms: [u64; 83] = [
            0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6, 10, 12,
            12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9, 12, 14, 14, 7,
            14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7, 11,
        ];
        let mut k = 0;
        for d in 0..13u64 {
            for n in 0..=d {
                if k == terms.len() {
                    break;
                }
                let m = d - n;
                assert_eq!((Nimber(n) * Nimber(m)).0, terms[k], "T({n},{m})");
                assert_eq!(nim_mul_plain(n, m), terms[k], "plain T({n},{m})");
                k += 1;
            }
        }
        assert_eq!(k, terms.len());
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([Nimber(1), Nimber(2)]), Nimber(0));
        assert_eq!(mex([Nimber(2), Nimber(0), Nimber(0), Nimber(1)]), Nimber(3));
        assert_eq!(MexSet::new().mex(), 0, "a new set is empty");
        assert!(!MexSet::default().contains(0));
    }

    proptest! {
        /// The batch (eight at a time where the processor allows, the rest
        /// one by one) against the definition, for every length up to 40 and
        /// slices of different lengths.
        #[test]
        fn batch_equals_plain(
            a in proptest::collection::vec(any::<u64>(), 0..40),
            b in proptest::collection::vec(any::<u64>(), 0..40),
        ) {
            let mut out = vec![7; 3];
            nim_mul_batch(&a, &b, &mut out);
            prop_assert_eq!(out.len(), a.len().min(b.len()));
            for (i, (&x, &y)) in a.iter().zip(&b).enumerate() {
                prop_assert_eq!(out[i], nim_mul_plain(x, y));
            }
        }

        #[test]
        fn fast_equals_plain(a: u64, b: u64) {
            prop_assert_eq!((Nimber(a) * Nimber(b)).0, nim_mul_plain(a, b));
            prop_assert_eq!(nim_mul_tables(a, b), nim_mul_plain(a, b));
        }

        /// Factors with zero 16-bit limbs (every pattern of the four), which
        /// reach the zero part of the exponential table, against the definition.
        #[test]
        fn tables_with_zero_limbs_equal_plain(a: u64, b: u64, za in 0u32..16, zb in 0u32..16) {
            let keep = |x: u64, z: u32| (0..4).filter(|k| z >> k & 1 == 1).fold(x, |x, k| x & !(0xffff << (16 * k)));
            let (a, b) = (keep(a, za), keep(b, zb));
            prop_assert_eq!(nim_mul_tables(a, b), nim_mul_plain(a, b));
        }

        #[test]
        fn field_axioms(a: u64, b: u64, c: u64) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!(a * b, b * a);
            prop_assert_eq!((a * b) * c, a * (b * c));
            prop_assert_eq!(a * (b + c), a * b + a * c);
            prop_assert_eq!(a * Nimber::ONE, a);
            if let Some(inv) = a.inverse() {
                prop_assert_eq!(a * inv, Nimber::ONE);
            } else {
                prop_assert_eq!(a, Nimber::ZERO);
            }
            let r = a.sqrt();
            prop_assert_eq!(r * r, a);
        }

        /// The field laws on the portable path alone, whatever this processor
        /// has (the test above goes through the fastest path).
        #[test]
        fn portable_path_field_laws(a: u64, b: u64, c: u64) {
            let m = nim_mul_portable;
            prop_assert_eq!(m(a, b), m(b, a));
            prop_assert_eq!(m(m(a, b), c), m(a, m(b, c)));
            prop_assert_eq!(m(a, b ^ c), m(a, b) ^ m(a, c));
            prop_assert_eq!(m(a, 1), a);
            prop_assert_eq!(m(a, 0), 0);
            if let Some(inv) = Nimber(a).inverse() {
                prop_assert_eq!(m(a, inv.0), 1);
            }
        }

        #[test]
        fn pow_is_repeated_product(a: u64, e in 0u64..40) {
            let mut acc = Nimber::ONE;
            for _ in 0..e {
                acc *= Nimber(a);
            }
            prop_assert_eq!(Nimber(a).pow(e), acc);
        }

        #[test]
        fn mex_is_least_missing(v in proptest::collection::vec(0u64..12, 0..12)) {
            let m = mex(v.iter().copied().map(Nimber)).0;
            prop_assert!(!v.contains(&m));
            for k in 0..m {
                prop_assert!(v.contains(&k));
            }
        }

        /// Repeats, values far above the count and values near `u64::MAX`
        /// (which no index can hold) leave the mex as the definition gives it.
        #[test]
        fn mex_in_place_is_least_missing(
            mut v in proptest::collection::vec(prop_oneof![0u64..40, any::<u64>(), Just(u64::MAX)], 0..60),
        ) {
            let want = (0u64..).find(|m| !v.contains(m)).unwrap_or(0);
            let before = {
                let mut s = v.clone();
                s.sort_unstable();
                s
            };
            prop_assert_eq!(mex_in_place(&mut v), Nimber(want));
            // A permutation of what it was given.
            v.sort_unstable();
            prop_assert_eq!(v, before);
        }

        /// A reused set, over several rounds, agrees with the definition.
        #[test]
        fn mex_set_is_least_missing(
            rounds in proptest::collection::vec(proptest::collection::vec(0usize..200, 0..40), 1..6),
        ) {
            let mut set = MexSet::new();
            for v in rounds {
                set.clear();
                for &x in &v {
                    set.insert(x);
                }
                let m = set.mex();
                prop_assert!(!v.contains(&m));
                prop_assert!((0..m).all(|k| v.contains(&k)));
                prop_assert!((0..250).all(|k| set.contains(k) == v.contains(&k)));
                let mut slice: Vec<u64> = v.iter().map(|&x| x as u64).collect();
                prop_assert_eq!(mex_in_place(&mut slice).0, m as u64);
            }
        }
    }
}
