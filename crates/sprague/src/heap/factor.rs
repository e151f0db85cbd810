//! Factoring any `u64` (Miller–Rabin and Pollard's rho), for the divisor
//! games: equal splits of heaps and cuts of rectangles.
//!
//! Primality is decided by the Miller–Rabin test with the seven bases
//! 2, 325, 9375, 28178, 450775, 9780504, 1795265022, which together admit no
//! composite below 2^64 as a strong probable prime (J. Sinclair's set, 2011;
//! see the bases listed at miller-rabin.appspot.com), so the test is exact on
//! `u64`. Composites are split by Pollard's rho with Brent's cycle detection
//! and batched gcds (R. P. Brent, "An improved Monte Carlo factorization
//! algorithm", BIT 20, 1980), after trial division by the primes below 64.
//! Expected cost: O(n^{1/4}) products modulo `n` for the largest split, a few
//! microseconds for any `u64`.

/// `a · b mod n` through a 128-bit product.
#[inline]
fn mul_mod(a: u64, b: u64, n: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(n)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, n: u64) -> u64 {
    let mut acc = 1 % n;
    base %= n;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base, n);
        }
        base = mul_mod(base, base, n);
        exp >>= 1;
    }
    acc
}

/// Whether `n` is prime, exactly, for every `u64` (Miller–Rabin with a set
/// of bases that no composite below 2^64 passes). O(log n) products a base.
#[must_use]
pub(crate) fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in [2u64, 325, 9375, 28178, 450_775, 9_780_504, 1_795_265_022] {
        let a = a % n;
        if a == 0 {
            continue;
        }
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// A proper divisor of the odd composite `n` (not a prime power of a prime
/// below 64), by Pollard's rho with Brent's cycle detection: the sequence
/// `x ↦ x² + c mod n`, products of 128 differences between gcds, a new `c`
/// when a run fails.
fn rho(n: u64) -> u64 {
    const BATCH: u64 = 128;
    let f = |x: u64, c: u64| (mul_mod(x, x, n) + c) % n;
    for c in 1u64.. {
        let (mut y, mut r, mut q) = (2u64, 1u64, 1u64);
        let (mut x, mut ys);
        let mut g;
        loop {
            x = y;
            for _ in 0..r {
                y = f(y, c);
            }
            let mut k = 0;
            loop {
                ys = y;
                for _ in 0..BATCH.min(r - k) {
                    y = f(y, c);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += BATCH;
                if k >= r || g != 1 {
                    break;
                }
            }
            r *= 2;
            if g != 1 {
                break;
            }
        }
        if g == n {
            // The batch overshot: step back one difference at a time.
            loop {
                ys = f(ys, c);
                g = gcd(x.abs_diff(ys), n);
                if g != 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    n // unreachable: some c splits every odd composite
}

fn split_into(n: u64, out: &mut Vec<u64>) {
    if n == 1 {
        return;
    }
    if is_prime(n) {
        out.push(n);
        return;
    }
    let d = rho(n);
    split_into(d, out);
    split_into(n / d, out);
}

/// The prime factorisation of `n ≥ 1` as `(prime, exponent)` pairs with the
/// primes increasing (`[]` for 1 and for 0). Expected O(n^{1/4} log n).
#[must_use]
pub(crate) fn factorize(mut n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    if n == 0 {
        return Vec::new();
    }
    for p in [
        2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
    ] {
        while n.is_multiple_of(p) {
            primes.push(p);
            n /= p;
        }
    }
    split_into(n, &mut primes);
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

/// Ω(n): the number of prime factors of `n ≥ 1` counted with multiplicity
/// (Ω(1) = 0). Expected O(n^{1/4} log n).
#[must_use]
pub(crate) fn big_omega(n: u64) -> u32 {
    factorize(n).iter().map(|&(_, e)| e).sum()
}

/// `n` without its factors 2, and how many there were.
#[must_use]
pub(crate) const fn odd_part(n: u64) -> (u64, u32) {
    if n == 0 {
        return (0, 0);
    }
    let s = n.trailing_zeros();
    (n >> s, s)
}

/// Every divisor of the number whose factorisation is `factors`, each with
/// its Ω, in no particular order. O(number of divisors), at most 103 680
/// for a `u64`.
#[must_use]
pub(crate) fn divisors_with_omega(factors: &[(u64, u32)]) -> Vec<(u64, u32)> {
    let mut out = vec![(1u64, 0u32)];
    for &(p, e) in factors {
        let len = out.len();
        let mut pk = 1u64;
        for k in 1..=e {
            pk *= p;
            for i in 0..len {
                let (d, w) = out[i];
                out.push((d * pk, w + k));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn trial(mut n: u64) -> Vec<(u64, u32)> {
        let mut out = Vec::new();
        let mut p = 2;
        while p * p <= n {
            let mut e = 0;
            while n.is_multiple_of(p) {
                n /= p;
                e += 1;
            }
            if e > 0 {
                out.push((p, e));
            }
            p += 1;
        }
        if n > 1 {
            out.push((n, 1));
        }
        out
    }

    #[test]
    fn known_primes_and_composites() {
        // The largest primes below 10^9, 2^32 (2^32 − 5) and 2^64 (2^64 − 59).
        for p in [2u64, 3, 999_999_937, 4_294_967_291, 18_446_744_073_709_551_557] {
            assert!(is_prime(p), "{p}");
        }
        // 3215031751 = 151·751·28351 is a strong pseudoprime to the bases 2,
        // 3, 5 and 7; 3825123056546413051 = 149491·747451·34233211 to every
        // prime base up to 23 (OEIS A014233); 561 and 41041 are Carmichael
        // numbers; the product of the two largest primes below 2^32.
        let big = 4_294_967_291u64 * 4_294_967_279;
        for c in [
            0u64,
            1,
            561,
            41_041,
            3_215_031_751,
            3_825_123_056_546_413_051,
            big,
        ] {
            assert!(!is_prime(c), "{c}");
        }
        assert_eq!(factorize(3_215_031_751), vec![(151, 1), (751, 1), (28_351, 1)]);
        assert_eq!(
            factorize(3_825_123_056_546_413_051),
            vec![(149_491, 1), (747_451, 1), (34_233_211, 1)]
        );
        assert_eq!(factorize(big), vec![(4_294_967_279, 1), (4_294_967_291, 1)]);
        assert_eq!(factorize(1_000_000_000), vec![(2, 9), (5, 9)]);
        // 2^64 − 1 = 3·5·17·257·641·65537·6700417.
        assert_eq!(
            factorize(u64::MAX),
            vec![
                (3, 1),
                (5, 1),
                (17, 1),
                (257, 1),
                (641, 1),
                (65_537, 1),
                (6_700_417, 1)
            ]
        );
        assert_eq!(big_omega(1), 0);
        assert_eq!(big_omega(720_720), 10); // 2^4·3^2·5·7·11·13
    }

    proptest! {
        /// Small numbers: the factorisation equals trial division's.
        #[test]
        fn factorization_equals_trial_division(n in 1u64..=u64::from(u32::MAX)) {
            prop_assert_eq!(factorize(n), trial(n));
        }

        /// Any u64 multiplies back from its factors, each prime.
        #[test]
        fn factors_multiply_back(n in any::<u64>()) {
            let f = factorize(n.max(1));
            let mut m = 1u64;
            for &(p, e) in &f {
                prop_assert!(is_prime(p));
                for _ in 0..e {
                    m = m.checked_mul(p).unwrap();
                }
            }
            prop_assert_eq!(m, n.max(1));
            prop_assert!(f.windows(2).all(|w| w[0].0 < w[1].0));
        }

        #[test]
        fn divisors_are_every_divisor(n in 1u64..200_000) {
            let mut got: Vec<(u64, u32)> = divisors_with_omega(&factorize(n));
            got.sort_unstable();
            let want: Vec<(u64, u32)> = (1..=n)
                .filter(|d| n % d == 0)
                .map(|d| (d, trial(d).iter().map(|&(_, e)| e).sum()))
                .collect();
            prop_assert_eq!(got, want);
        }
    }
}
