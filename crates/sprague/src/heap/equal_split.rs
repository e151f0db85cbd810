//! The equal-split game: split a heap into k ≥ 2 equal heaps.

use super::factor::{big_omega, odd_part};
use super::game::HeapGame;
use crate::nimber::Nimber;

/// Split one heap of `n` into `k ≥ 2` equal heaps (`k` divides `n`). The
/// option's value is `G(n/k)` for odd `k` and 0 for even `k` (equal heaps
/// cancel in pairs). By induction, `G(n) = Ω(m)` for odd `n` and `Ω(m) + 1`
/// for even `n`, where `m` is the odd part of `n` and Ω counts prime factors
/// with multiplicity: the odd `k` leave heaps whose odd parts have every Ω
/// below `Ω(m)`, and an even `n` also has the option 0. So every heap below
/// 2^64 is valued by factoring it (expected O(n^{1/4})).
///
/// ```
/// use sprague::{HeapGame, Nimber, heap::EqualSplit};
/// // 9 → three 3s (value G(3) = 1) or nine 1s (value 0): G(9) = 2.
/// assert_eq!(EqualSplit.heap_value(9), Some(Nimber(2)));
/// assert_eq!(EqualSplit.grundy_values(10, &mut |_| true), vec![0, 0, 1, 1, 1, 1, 2, 1, 1, 2]);
/// // 2^64 − 1 = 3·5·17·257·641·65537·6700417: Ω = 7.
/// assert_eq!(EqualSplit.heap_value(u64::MAX), Some(Nimber(7)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EqualSplit;

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
        let (m, twos) = odd_part(n);
        Some(Nimber(u64::from(big_omega(m)) + u64::from(twos > 0)))
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
