//! Lasker's Nim: remove any number of tokens from a heap, or split a heap in two.

use super::game::HeapGame;
use crate::nimber::Nimber;

/// Lasker's Nim: a move removes any positive number of tokens from one heap,
/// or splits one heap into two non-empty heaps. Closed form (Winning Ways,
/// ch. 4): `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`,
/// `G(4k+4) = 4k+3` — arithmetic-periodic with period 4 and saltus 4.
///
/// ```
/// use sprague::{HeapGame, Nimber, heap::Lasker};
/// assert_eq!(Lasker.heap_value(3), Some(Nimber(4)));
/// assert_eq!(Lasker.heap_value(4), Some(Nimber(3)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lasker;

impl HeapGame for Lasker {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in 0..n {
            super::game::leave_heap(k, f);
        }
        for a in 1..=n / 2 {
            f(&[a, n - a]);
        }
    }

    fn has_move(&self, n: u64) -> bool {
        n > 0
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        match n % 4 {
            0 => Some(Nimber(n.saturating_sub(1))),
            3 => n.checked_add(1).map(Nimber),
            _ => Some(Nimber(n)),
        }
    }

    /// The closed form is arithmetic-periodic: `G(n + 4) = G(n) + 4` from `n = 1`.
    fn closed_form_period(&self) -> Option<super::period::Period> {
        Some(super::period::Period {
            preperiod: 1,
            period: 4,
            saltus: 4,
            proven: true,
            proof: Some(
                "the closed form G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Lasker 1931; Winning Ways, ch. 4)",
            ),
        })
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        (0..count as u64)
            .filter_map(|n| self.heap_value(n).map(Nimber::get))
            .collect()
    }
}
