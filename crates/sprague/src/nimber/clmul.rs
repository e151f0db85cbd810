//! The nim product by carry-less multiplication, after a change of basis.
//!
//! GF(2^64) has two descriptions: the nimbers (Conway's Fermat tower, the
//! basis `1, 2, 4, …, 2^63`) and the polynomials over GF(2) modulo an
//! irreducible `p(x)` of degree 64 (the basis `1, α, α², …, α^63` for a root
//! `α`). Any nimber of degree 64 over GF(2) serves as `α`: every nimber of
//! at least 2^32 lies outside the largest proper subfield GF(2^32), so the
//! code takes `α = 2^32`, computes its powers by the nim product, and reads
//! `p` off the linear relation `α^64 = Σ c_i α^i`.
//!
//! A product then costs two changes of basis into the polynomial basis, one
//! 64 × 64 carry-less multiplication (x86-64 `pclmulqdq`), a Barrett reduction
//! modulo `p` (two more carry-less multiplications: the reduction of a
//! polynomial is exact with no correction step) and one change of basis back.
//! A change of basis is a 64 × 64 bit matrix applied as eight look-ups of 256
//! words, one per byte (16 KiB a direction, so both directions stay in the
//! first-level cache).
//!
//! Many products at once ([`crate::nimber::nim_mul_batch`]) go eight at a
//! time on processors with AVX-512 (VBMI), GFNI and `vpclmulqdq`: the changes
//! of basis become `gf2p8affineqb` on 8 × 8 bit blocks and the products and
//! reductions run eight wide (the `wide` submodule).
//!
//! The instruction is used only where the processor reports it at run time;
//! this module calls it with `unsafe` (the crate's other use is the cache
//! prefetch hint in `src/prefetch.rs`).

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
mod wide;

use std::sync::OnceLock;

/// The two changes of basis and the reduction constants. Built only when the
/// processor has the carry-less multiplication (see [`Basis::get`]), so that a
/// `&Basis` is the proof that the instruction may run.
pub(super) struct Basis {
    /// `to_poly[k][x]`: the polynomial coordinates of the nimber `x << 8k`.
    to_poly: [[u64; 256]; 8],
    /// `to_nim[k][x]`: the nimber with polynomial coordinates `x << 8k`.
    to_nim: [[u64; 256]; 8],
    /// `p(x) = x^64 + p_low`.
    p_low: u64,
    /// `⌊x^128 / p(x)⌋ = x^64 + mu_low`.
    mu_low: u64,
}

impl Basis {
    /// The tables, built on first use, or `None` when the processor has no
    /// carry-less multiplication.
    #[inline]
    pub(super) fn get() -> Option<&'static Basis> {
        static BASIS: OnceLock<Option<Box<Basis>>> = OnceLock::new();
        BASIS
            .get_or_init(|| available().then(|| build(super::nim_mul_tables)))
            .as_deref()
    }

    /// The nim product `a ⊗ b`.
    #[inline]
    pub(super) fn mul(&self, a: u64, b: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Basis` exists only when `available()` found the
            // `pclmulqdq` feature on this processor (see `Basis::get`).
            unsafe { mul_x86(self, a, b) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.mul_with(a, b, clmul_soft)
        }
    }

    /// `out` cleared, then `a[i] ⊗ b[i]` for every `i` below both lengths:
    /// eight at a time where the processor has the instructions of
    /// `wide` (AVX-512 VBMI, GFNI, `vpclmulqdq`), the rest one by one.
    pub(super) fn mul_batch(&self, a: &[u64], b: &[u64], out: &mut Vec<u64>) {
        let n = a.len().min(b.len());
        let (a, b) = (&a[..n], &b[..n]);
        out.clear();
        out.reserve(n);
        #[cfg(target_arch = "x86_64")]
        if let Some(wide) = wide::Wide::get() {
            wide.mul_blocks(self, a, b, out);
        }
        let done = out.len();
        out.extend(a[done..].iter().zip(&b[done..]).map(|(&x, &y)| self.mul(x, y)));
    }

    /// The product with a given carry-less multiplication (the low and high
    /// 64 bits of the 128-bit product).
    #[inline(always)]
    fn mul_with(&self, a: u64, b: u64, clmul: impl Fn(u64, u64) -> (u64, u64)) -> u64 {
        let (lo, hi) = clmul(self.poly(a), self.poly(b));
        // Barrett: the quotient by p is ⌊hi · μ / x^64⌋ with μ = x^64 + mu_low.
        let q = hi ^ clmul(hi, self.mu_low).1;
        self.nim(lo ^ clmul(q, self.p_low).0)
    }

    #[inline(always)]
    fn poly(&self, x: u64) -> u64 {
        apply(&self.to_poly, x)
    }

    #[inline(always)]
    fn nim(&self, x: u64) -> u64 {
        apply(&self.to_nim, x)
    }
}

/// A 64 × 64 bit matrix, given by the images of the 256 values of each byte,
/// applied to `x`.
#[inline(always)]
fn apply(t: &[[u64; 256]; 8], x: u64) -> u64 {
    let b = x.to_le_bytes();
    (t[0][usize::from(b[0])] ^ t[1][usize::from(b[1])])
        ^ (t[2][usize::from(b[2])] ^ t[3][usize::from(b[3])])
        ^ ((t[4][usize::from(b[4])] ^ t[5][usize::from(b[5])])
            ^ (t[6][usize::from(b[6])] ^ t[7][usize::from(b[7])]))
}

#[cfg(target_arch = "x86_64")]
fn available() -> bool {
    std::arch::is_x86_feature_detected!("pclmulqdq")
}

/// Elsewhere the carry-less product would be a software loop, slower than the
/// logarithm tables, so the tables serve.
#[cfg(not(target_arch = "x86_64"))]
fn available() -> bool {
    false
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
fn mul_x86(basis: &Basis, a: u64, b: u64) -> u64 {
    use core::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm_unpackhi_epi64,
    };
    basis.mul_with(a, b, |x, y| {
        let p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(x as i64), _mm_cvtsi64_si128(y as i64), 0);
        (
            _mm_cvtsi128_si64(p) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64,
        )
    })
}

/// The carry-less product of two 64-bit polynomials, bit by bit: the
/// reference the instruction is tested against, and the product off x86-64.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(super) fn clmul_soft(a: u64, b: u64) -> (u64, u64) {
    let mut acc = 0u128;
    for i in 0..64 {
        if (b >> i) & 1 == 1 {
            acc ^= u128::from(a) << i;
        }
    }
    (acc as u64, (acc >> 64) as u64)
}

/// The tables, from the nim product `mul` (any correct one: it runs 64 times).
fn build(mul: fn(u64, u64) -> u64) -> Box<Basis> {
    let alpha = 1u64 << 32;
    // pow[i] = α^i as nimbers, i = 0..=64.
    let mut pow = [0u64; 65];
    pow[0] = 1;
    for i in 1..=64 {
        pow[i] = mul(pow[i - 1], alpha);
    }
    // Reduced echelon form of the columns α^0..α^63, each with the polynomial
    // it stands for: pivot[bit] = (nimber whose top bit is `bit`, polynomial).
    let mut pivot = [(0u64, 0u64); 64];
    for (i, &v) in pow[..64].iter().enumerate() {
        let (mut v, mut c) = (v, 1u64 << i);
        while v != 0 {
            let top = 63 - v.leading_zeros() as usize;
            if pivot[top].0 == 0 {
                pivot[top] = (v, c);
                break;
            }
            v ^= pivot[top].0;
            c ^= pivot[top].1;
        }
    }
    // α has degree 64, so the powers are independent and every pivot is set.
    let express = |mut v: u64| -> u64 {
        let mut c = 0;
        while v != 0 {
            let top = 63 - v.leading_zeros() as usize;
            v ^= pivot[top].0;
            c ^= pivot[top].1;
        }
        c
    };
    let mut basis = Box::new(Basis {
        to_poly: [[0; 256]; 8],
        to_nim: [[0; 256]; 8],
        p_low: express(pow[64]),
        mu_low: 0,
    });
    for k in 0..8 {
        for x in 0..256usize {
            let (mut to_poly, mut to_nim) = (0, 0);
            for bit in 0..8 {
                if (x >> bit) & 1 == 1 {
                    to_poly ^= express(1u64 << (8 * k + bit));
                    to_nim ^= pow[8 * k + bit];
                }
            }
            basis.to_poly[k][x] = to_poly;
            basis.to_nim[k][x] = to_nim;
        }
    }
    basis.mu_low = barrett_mu(basis.p_low);
    basis
}

/// `⌊x^128 / p⌋ − x^64` for `p = x^64 + p_low`, by long division.
fn barrett_mu(p_low: u64) -> u64 {
    // The remainder is kept below x^64 (as a u64 plus the implicit top term
    // being brought down): dividing x^128, each step brings down a zero bit.
    // r holds the current partial remainder of degree < 64 after x^64 was
    // replaced by p_low; the quotient bit is the bit shifted out.
    let mut r = p_low; // x^64 ≡ p_low, the first quotient bit (x^64) is 1
    let mut q = 0u64;
    for i in (0..64).rev() {
        // Multiply the remainder by x: its top bit decides the quotient bit x^i.
        let top = r >> 63;
        r <<= 1;
        if top == 1 {
            r ^= p_low;
            q |= 1 << i;
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::nim_mul_plain;
    use proptest::prelude::*;

    fn basis() -> Box<Basis> {
        build(nim_mul_plain)
    }

    /// `mu` satisfies the defining property: x^128 = (x^64 + mu_low)·p + r with deg r < 64.
    #[test]
    fn barrett_constant_divides() {
        let b = basis();
        // (x^64 + mu)(x^64 + p) = x^128 + (mu + p)x^64 + mu·p.
        let (lo, hi) = clmul_soft(b.mu_low, b.p_low);
        let top = b.mu_low ^ b.p_low ^ hi; // coefficient of x^64..x^127 beside x^128
        assert_eq!(top, 0, "x^128 - mu·p has degree below 64 (remainder {lo:#x})");
    }

    #[test]
    fn changes_of_basis_are_inverse() {
        let b = basis();
        for x in [0u64, 1, 2, 3, 255, 256, 1 << 32, u64::MAX, 0x0123_4567_89ab_cdef] {
            assert_eq!(b.nim(b.poly(x)), x);
            assert_eq!(b.poly(b.nim(x)), x);
        }
        // α = 2^32 is the polynomial x.
        assert_eq!(b.poly(1 << 32), 2);
    }

    proptest! {
        #[test]
        fn soft_product_equals_plain(a: u64, c: u64) {
            let b = basis();
            prop_assert_eq!(b.mul_with(a, c, clmul_soft), nim_mul_plain(a, c));
        }

        #[test]
        fn machine_product_equals_plain(a: u64, c: u64) {
            if let Some(b) = Basis::get() {
                prop_assert_eq!(b.mul(a, c), nim_mul_plain(a, c));
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn instruction_matches_soft_product() {
        if !available() {
            return;
        }
        let b = basis();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29) ^ 0x5555;
            assert_eq!(
                b.mul_with(x, y, clmul_soft),
                Basis::get().map_or(0, |m| m.mul(x, y))
            );
        }
    }
}
