//! Prime signatures for the divisor-splitting games.

/// Heaps up to this size are factored (by trial division, ≤ 2^25 steps).
pub const FACTOR_LIMIT: u64 = 1 << 50;

/// `(n is even, exponents of the odd primes of n, sorted)`, or `None` when
/// `n` is 0 or above [`FACTOR_LIMIT`].
pub(crate) fn odd_signature(mut n: u64) -> Option<(bool, Vec<u32>)> {
    if n == 0 || n > FACTOR_LIMIT {
        return None;
    }
    let even = n.is_multiple_of(2);
    while n.is_multiple_of(2) {
        n /= 2;
    }
    let mut exps = Vec::new();
    let mut p = 3u64;
    while p * p <= n {
        let mut e = 0;
        while n.is_multiple_of(p) {
            n /= p;
            e += 1;
        }
        if e > 0 {
            exps.push(e);
        }
        p += 2;
    }
    if n > 1 {
        exps.push(1);
    }
    exps.sort_unstable();
    Some((even, exps))
}

/// Calls `f` with every exponent vector `e' ≤ e` (componentwise), `e' ≠ e`,
/// sorted, i.e. the signatures of `n / k` for the odd divisors `k ≥ 3`.
pub(crate) fn proper_sub_signatures(exps: &[u32], f: &mut dyn FnMut(Vec<u32>)) {
    let mut cur = vec![0u32; exps.len()];
    loop {
        if cur != exps {
            let mut s: Vec<u32> = cur.iter().copied().filter(|&e| e > 0).collect();
            s.sort_unstable();
            f(s);
        }
        // Next vector in mixed radix.
        let mut i = 0;
        loop {
            if i == exps.len() {
                return;
            }
            if cur[i] < exps[i] {
                cur[i] += 1;
                break;
            }
            cur[i] = 0;
            i += 1;
        }
    }
}
