//! Bash (the one-heap subtraction game 1..M), played on a list of heaps.

use crate::notation::{ParseError, describe_heap_move, format_heaps, parse_heaps};
use crate::{ImpartialRules, Nimber, Notation, Outcome};

/// Bash game with parameter `m >= 1`: a move removes 1 to `m` tokens from one
/// heap. A heap of `n` has Grundy value `n mod (m + 1)`; a single heap is a
/// misère P-position iff `n mod (m + 1) == 1`.
///
/// ```
/// use sprague::{Bash, GrundySolver, Nimber};
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

impl ImpartialRules for Bash {
    type Position = Vec<u64>;

    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in position.iter().enumerate() {
            for k in 1..=self.m.min(h) {
                let mut p = position.clone();
                p[i] = h - k;
                out.push(p);
            }
        }
    }

    fn decompose(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if position.len() == 1 {
            return false;
        }
        out.extend(position.iter().map(|&h| vec![h]));
        true
    }

    fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
        Some(parts.concat())
    }

    fn closed_form(&self, component: &Vec<u64>) -> Option<Nimber> {
        match component[..] {
            [h] => Some(Nimber(h % (self.m + 1))),
            _ => None,
        }
    }

    fn moves_to_value(&self, component: &Vec<u64>, target: Nimber) -> Option<Vec<Vec<u64>>> {
        let [h] = component[..] else { return None };
        let period = self.m + 1;
        // The only candidate removal k ≡ h − target (mod m+1) with 1 ≤ k ≤ m.
        let k = (h % period + period - target.0 % period) % period;
        let ok = target.0 < period && k >= 1 && k <= h;
        Some(if ok { vec![vec![h - k]] } else { vec![] })
    }

    fn misere_outcome(&self, position: &Vec<u64>) -> Option<Outcome> {
        match position[..] {
            [h] => Some(if h % (self.m + 1) == 1 {
                Outcome::P
            } else {
                Outcome::N
            }),
            _ => None,
        }
    }
}

impl Notation<Vec<u64>> for Bash {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text)
    }
    fn format_position(&self, position: &Vec<u64>) -> String {
        format_heaps(position)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        describe_heap_move(from, to)
    }
}

/// A Bash heap: remove 1 to `m` tokens; `G(n) = n mod (m + 1)`.
impl crate::HeapGame for Bash {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in 1..=self.m.min(n) {
            if k == n {
                f(&[]);
            } else {
                f(&[n - k]);
            }
        }
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n % (self.m + 1)))
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        (0..count as u64).map(|n| n % (self.m + 1)).collect()
    }

    fn huge_heap_moves(
        &self,
        n: u64,
        target: Nimber,
        _value: &dyn Fn(u64) -> Option<Nimber>,
    ) -> Option<Vec<Vec<u64>>> {
        self.moves_to_value(&vec![n], target)
    }

    fn period_rule(&self) -> Option<crate::PeriodRule> {
        Some(crate::PeriodRule {
            max_parts: 1,
            max_removal: self.m,
        })
    }
}
