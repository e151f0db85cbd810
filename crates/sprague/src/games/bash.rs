//! Bash (the one-heap subtraction game 1..M), played on a list of heaps.

use crate::{heap::HeapValuer, nimber::Nimber, outcome::Outcome};

/// Bash game with parameter `m >= 1`: a move removes 1 to `m` tokens from one
/// heap. A heap of `n` has Grundy value `n mod (m + 1)`; a single heap is a
/// misère P-position iff `n mod (m + 1) == 1`.
///
/// ```
/// use sprague::{GrundySolver, Nimber, games::Bash};
/// let bash = Bash::new(3).unwrap();
/// assert_eq!(GrundySolver::new(&bash).grundy(&vec![10]).unwrap(), Nimber(2));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bash {
    m: u64,
}

impl Bash {
    /// Bash with moves 1..=m; `None` for `m == 0` (no moves at all is Nim-less and
    /// almost certainly a typo) or `m == u64::MAX` (no modulus).
    #[must_use]
    pub const fn new(m: u64) -> Option<Bash> {
        if m == 0 || m == u64::MAX {
            None
        } else {
            Some(Bash { m })
        }
    }

    /// The largest number of tokens one move may take.
    #[must_use]
    pub const fn max_take(self) -> u64 {
        self.m
    }
}

crate::heap::heap_rules!(Bash);

/// A Bash heap: remove 1 to `m` tokens; `G(n) = n mod (m + 1)`.
impl crate::heap::HeapGame for Bash {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in 1..=self.m.min(n) {
            crate::heap::leave_heap(n - k, f);
        }
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n % (self.m + 1)))
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        (0..count as u64).map(|n| n % (self.m + 1)).collect()
    }

    fn huge_heap_moves(&self, n: u64, target: Nimber, _value: HeapValuer<'_>) -> Option<Vec<Vec<u64>>> {
        let period = self.m + 1;
        // The only candidate removal k ≡ n − target (mod m+1) with 1 ≤ k ≤ m.
        let k = (n % period + period - target.0 % period) % period;
        let ok = target.0 < period && k >= 1 && k <= n;
        Some(if ok { vec![vec![n - k]] } else { vec![] })
    }

    /// A single heap is a misère P-position iff `n mod (m + 1) == 1`; sums are searched.
    fn misere_outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        match heaps {
            [h] => Some(if h % (self.m + 1) == 1 {
                Outcome::P
            } else {
                Outcome::N
            }),
            _ => None,
        }
    }

    fn period_rule(&self) -> Option<crate::heap::PeriodRule> {
        Some(crate::heap::PeriodRule {
            max_parts: 1,
            max_removal: self.m,
        })
    }
}
