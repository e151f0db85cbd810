//! The equal-split game: split a heap into k ≥ 2 equal heaps.

use super::HeapGame;
use super::factor::{odd_signature, proper_sub_signatures};
use crate::nimber::Nimber;
use std::collections::HashMap;

/// Split one heap of `n` into `k ≥ 2` equal heaps (`k` divides `n`). The
/// option's value is `G(n/k)` for odd `k` and 0 for even `k`; so `G(n)`
/// depends only on whether `n` is even and on the exponents of its odd primes,
/// which gives every heap up to [`FACTOR_LIMIT`](super::FACTOR_LIMIT) a value
/// by factoring.
///
/// ```
/// use sprague::{HeapGame, Nimber, heap::EqualSplit};
/// // 9 → three 3s (value G(3) = 1) or nine 1s (value 0): G(9) = 2.
/// assert_eq!(EqualSplit.heap_value(9), Some(Nimber(2)));
/// assert_eq!(EqualSplit.grundy_values(10, &mut |_| true), vec![0, 0, 1, 1, 1, 1, 2, 1, 1, 2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EqualSplit;

type Signature = (bool, Vec<u32>);

fn value_of(sig: &Signature, memo: &mut HashMap<Signature, u64>) -> u64 {
    if let Some(&v) = memo.get(sig) {
        return v;
    }
    let (even, exps) = sig;
    if !even && exps.is_empty() {
        return 0; // the heap of 1
    }
    let mut options = vec![0u64]; // an even k, or k = n for odd n
    let mut subs = Vec::new();
    proper_sub_signatures(exps, &mut |s| subs.push(s));
    for s in subs {
        options.push(value_of(&(*even, s), memo));
    }
    let v = crate::nimber::mex_in_place(&mut options).get();
    memo.insert(sig.clone(), v);
    v
}

impl HeapGame for EqualSplit {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        let Ok(len) = usize::try_from(n) else { return };
        let mut parts = Vec::new();
        for k in 2..=len {
            if len % k == 0 {
                parts.clear();
                parts.resize(k, (len / k) as u64);
                f(&parts);
            }
        }
    }

    /// A heap of 2 or more splits into `n` heaps of 1.
    fn has_move(&self, n: u64) -> bool {
        n >= 2
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        if n == 0 {
            return Some(Nimber::ZERO);
        }
        let sig = odd_signature(n)?;
        Some(Nimber(value_of(&sig, &mut HashMap::new())))
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        // Sieve: when G(m) is known, it reaches m·k for every k ≥ 2.
        let mut reach = vec![0u64; count];
        let mut g = Vec::with_capacity(count);
        for n in 0..count {
            let v = if n < 2 {
                0
            } else {
                u64::from((!reach[n]).trailing_zeros())
            };
            g.push(v);
            if n >= 1 {
                let mut k = 2;
                while n * k < count {
                    let x = if k % 2 == 1 { v } else { 0 };
                    reach[n * k] |= 1 << x.min(63);
                    k += 1;
                }
            }
        }
        g
    }
}
