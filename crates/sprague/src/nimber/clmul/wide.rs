//! Eight nim products at once, on x86-64 processors with AVX-512 (with the
//! byte permutations of VBMI), `gf2p8affineqb` and `vpclmulqdq`, detected at
//! run time.
//!
//! The changes of basis are the same 64 × 64 bit matrices as in the parent
//! module, cut into 8 × 8 blocks: block `(r, j)` takes byte `r` of the
//! argument to its share of byte `j` of the image, and `gf2p8affineqb`
//! applies one block to every byte of a 64-bit lane. With the eight
//! arguments transposed as an 8 × 8 byte matrix (one `vpermb`), lane `j` of
//! the broadcast of row `r` meets block `(r, j)`; eight such steps XORed give
//! byte `j` of all eight images in lane `j`, and a second transpose puts
//! them back. The eight carry-less products and their Barrett reductions
//! are four `vpclmulqdq` pairs on the 512-bit registers. No table is read.

use super::Basis;
use core::arch::x86_64::{
    __m512i, _mm512_clmulepi64_epi128, _mm512_gf2p8affine_epi64_epi8, _mm512_loadu_si512,
    _mm512_permutexvar_epi8, _mm512_permutexvar_epi64, _mm512_set1_epi64, _mm512_storeu_si512,
    _mm512_unpackhi_epi64, _mm512_unpacklo_epi64, _mm512_xor_si512,
};
use std::sync::OnceLock;

/// A change of basis in the layout `gf2p8affineqb` reads: `blocks[r][j]` is
/// the 8 × 8 block from byte `r` of the argument to byte `j` of the image,
/// its row for output bit `i` in byte `7 − i`, that row's bit `k` the
/// coefficient of input bit `k`.
pub(super) type Blocks = [[u64; 8]; 8];

/// The blocks of the linear map `image` (given on the 64 unit vectors).
pub(super) fn blocks(image: impl Fn(u64) -> u64) -> Blocks {
    let mut m = [[0u64; 8]; 8];
    for (r, row) in m.iter_mut().enumerate() {
        for (j, block) in row.iter_mut().enumerate() {
            for i in 0..8 {
                let mut bits = 0u64;
                for k in 0..8 {
                    if (image(1u64 << (8 * r + k)) >> (8 * j + i)) & 1 == 1 {
                        bits |= 1 << k;
                    }
                }
                *block |= bits << (8 * (7 - i));
            }
        }
    }
    m
}

/// The two changes of basis as blocks, built when the processor has every
/// instruction the batch uses (see [`Wide::get`]).
pub(super) struct Wide {
    to_poly: Blocks,
    to_nim: Blocks,
}

impl Wide {
    /// The blocks of the process's basis ([`Basis::get`]), built on first
    /// use, or `None` when the processor lacks one of the instructions.
    pub(super) fn get() -> Option<&'static Wide> {
        static WIDE: OnceLock<Option<Wide>> = OnceLock::new();
        WIDE.get_or_init(|| {
            let basis = Basis::get().filter(|_| available())?;
            Some(Wide {
                to_poly: blocks(|x| basis.poly(x)),
                to_nim: blocks(|x| basis.nim(x)),
            })
        })
        .as_ref()
    }

    /// Appends `a[i] ⊗ b[i]` to `out` for the pairs of each whole block of
    /// eight (`a` and `b` of one length); returns how many it did.
    pub(super) fn mul_blocks(&self, basis: &Basis, a: &[u64], b: &[u64], out: &mut Vec<u64>) -> usize {
        // SAFETY: a `Wide` exists only when `available()` found every
        // feature `mul_blocks_avx512` is compiled for on this processor.
        unsafe { mul_blocks_avx512(self, basis.p_low, basis.mu_low, a, b, out) }
    }
}

fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
        && std::arch::is_x86_feature_detected!("gfni")
        && std::arch::is_x86_feature_detected!("vpclmulqdq")
}

/// Byte `8r + m` of the transpose is byte `8m + r` of the argument (the
/// transpose of an 8 × 8 byte matrix, its own inverse).
const TRANSPOSE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i % 8) * 8 + i / 8) as u8;
        i += 1;
    }
    t
};

/// The change of basis `m` applied to each of the eight lanes of `x`.
#[target_feature(enable = "avx512f,avx512vbmi,gfni")]
fn apply8(m: &[__m512i; 8], x: __m512i, transpose: __m512i) -> __m512i {
    let rows = _mm512_permutexvar_epi8(transpose, x);
    let mut acc =
        _mm512_gf2p8affine_epi64_epi8::<0>(_mm512_permutexvar_epi64(_mm512_set1_epi64(0), rows), m[0]);
    for (r, block) in m.iter().enumerate().skip(1) {
        let row = _mm512_permutexvar_epi64(_mm512_set1_epi64(r as i64), rows);
        acc = _mm512_xor_si512(acc, _mm512_gf2p8affine_epi64_epi8::<0>(row, *block));
    }
    _mm512_permutexvar_epi8(transpose, acc)
}

/// Eight 64-bit words as one register.
#[target_feature(enable = "avx512f")]
fn load(words: &[u64; 8]) -> __m512i {
    // SAFETY: the array is 64 readable bytes; the load has no alignment requirement.
    unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
}

#[target_feature(enable = "avx512f,avx512vbmi,gfni,vpclmulqdq")]
fn mul_blocks_avx512(w: &Wide, p_low: u64, mu_low: u64, a: &[u64], b: &[u64], out: &mut Vec<u64>) -> usize {
    let transpose = {
        let mut words = [0u64; 8];
        for (word, chunk) in words.iter_mut().zip(TRANSPOSE.chunks_exact(8)) {
            *word = chunk
                .iter()
                .rev()
                .fold(0, |acc, &byte| (acc << 8) | u64::from(byte));
        }
        load(&words)
    };
    let to_poly = w.to_poly.map(|row| load(&row));
    let to_nim = w.to_nim.map(|row| load(&row));
    let (mu, p) = (_mm512_set1_epi64(mu_low as i64), _mm512_set1_epi64(p_low as i64));
    let mut done = 0;
    let mut eight = [0u64; 8];
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let (Ok(x), Ok(y)) = (<&[u64; 8]>::try_from(x), <&[u64; 8]>::try_from(y)) else {
            break;
        };
        let pa = apply8(&to_poly, load(x), transpose);
        let pb = apply8(&to_poly, load(y), transpose);
        // Products 2l and 2l+1 sit in 128-bit lane l.
        let even = _mm512_clmulepi64_epi128::<0x00>(pa, pb);
        let odd = _mm512_clmulepi64_epi128::<0x11>(pa, pb);
        let lo = _mm512_unpacklo_epi64(even, odd);
        let hi = _mm512_unpackhi_epi64(even, odd);
        // Barrett, as in the scalar product: q = hi + ⌊hi · mu_low / x^64⌋.
        let q = _mm512_xor_si512(
            hi,
            _mm512_unpackhi_epi64(
                _mm512_clmulepi64_epi128::<0x00>(hi, mu),
                _mm512_clmulepi64_epi128::<0x01>(hi, mu),
            ),
        );
        let reduced = _mm512_xor_si512(
            lo,
            _mm512_unpacklo_epi64(
                _mm512_clmulepi64_epi128::<0x00>(q, p),
                _mm512_clmulepi64_epi128::<0x01>(q, p),
            ),
        );
        let nim = apply8(&to_nim, reduced, transpose);
        // SAFETY: `eight` is 64 writable bytes; the store has no alignment requirement.
        unsafe { _mm512_storeu_si512(eight.as_mut_ptr().cast(), nim) }
        out.extend_from_slice(&eight);
        done += 8;
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::nim_mul_plain;

    /// What `gf2p8affineqb` does to one byte, written out: output bit `i` is
    /// the parity of row byte `7 − i` of the block AND the input.
    fn affine_byte(block: u64, x: u8) -> u8 {
        (0..8).fold(0u8, |acc, i| {
            let row = (block >> (8 * (7 - i))) as u8;
            acc | (((row & x).count_ones() as u8 & 1) << i)
        })
    }

    /// The blocks applied to `x` in software, as the batch applies them.
    fn apply_soft(m: &Blocks, x: u64) -> u64 {
        let bytes = x.to_le_bytes();
        (0..8).fold(0u64, |acc, j| {
            let byte = (0..8).fold(0u8, |b, r| b ^ affine_byte(m[r][j], bytes[r]));
            acc | (u64::from(byte) << (8 * j))
        })
    }

    #[test]
    fn blocks_apply_the_changes_of_basis() {
        let basis = super::super::build(nim_mul_plain);
        let (to_poly, to_nim) = (blocks(|x| basis.poly(x)), blocks(|x| basis.nim(x)));
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(apply_soft(&to_poly, x), basis.poly(x));
            assert_eq!(apply_soft(&to_nim, x), basis.nim(x));
        }
    }

    #[test]
    fn eight_at_once_equal_the_plain_product() {
        let Some(basis) = Basis::get() else { return };
        let Some(wide) = Wide::get() else { return };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..2000 {
            let mut a: [u64; 8] = core::array::from_fn(|_| next());
            let b: [u64; 8] = core::array::from_fn(|_| next());
            // Small and special values too.
            if round % 4 == 0 {
                a = [0, 1, 2, 3, u64::MAX, 1 << 32, 1 << 63, a[7] & 0xffff];
            }
            let mut out = Vec::new();
            assert_eq!(wide.mul_blocks(basis, &a, &b, &mut out), 8);
            for i in 0..8 {
                assert_eq!(out[i], nim_mul_plain(a[i], b[i]), "{:#x} * {:#x}", a[i], b[i]);
            }
        }
    }
}
