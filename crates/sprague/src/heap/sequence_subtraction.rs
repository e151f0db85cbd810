//! Subtraction games whose subtraction set is an infinite sequence: the
//! squares and the Fibonacci numbers.

use super::game::HeapGame;
use crate::nimber::MexSet;

/// Which infinite subtraction set a [`SequenceSubtraction`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubtractionSequence {
    /// Remove a positive square: 1, 4, 9, 16, …
    Squares,
    /// Remove a Fibonacci number: 1, 2, 3, 5, 8, …
    Fibonacci,
}

/// A subtraction game with an infinite subtraction set: subtract-a-square or
/// subtract-a-Fibonacci-number. Values are computed by one mex per heap over
/// the set members below it: O(n·√n) for squares, O(n log n) for Fibonacci.
///
/// ```
/// use sprague::{HeapGame, heap::{SequenceSubtraction, SubtractionSequence}};
/// let sq = SequenceSubtraction::new(SubtractionSequence::Squares);
/// // OEIS A014586 begins 0, 1, 0, 1, 2, 0, 1, 0, 1, 2.
/// assert_eq!(sq.grundy_values(10, &mut |_| true), vec![0, 1, 0, 1, 2, 0, 1, 0, 1, 2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequenceSubtraction {
    kind: SubtractionSequence,
}

impl SequenceSubtraction {
    /// The game for `kind`.
    #[must_use]
    pub const fn new(kind: SubtractionSequence) -> Self {
        SequenceSubtraction { kind }
    }

    /// Which sequence.
    #[must_use]
    pub const fn kind(self) -> SubtractionSequence {
        self.kind
    }

    /// Calls `f` with each member of the set that is at most `n`, ascending.
    fn members(&self, n: u64, mut f: impl FnMut(u64)) {
        match self.kind {
            SubtractionSequence::Squares => {
                let mut k = 1u64;
                while let Some(s) = k.checked_mul(k).filter(|&s| s <= n) {
                    f(s);
                    k += 1;
                }
            }
            SubtractionSequence::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    f(a);
                    let Some(c) = a.checked_add(b) else { break };
                    (a, b) = (b, c);
                }
            }
        }
    }
}

impl HeapGame for SequenceSubtraction {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        self.members(n, |s| if s == n { f(&[]) } else { f(&[n - s]) });
    }

    /// Both sequences start at 1.
    fn has_move(&self, n: u64) -> bool {
        n > 0
    }

    fn grundy_values(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        let mut set = Vec::new();
        self.members(count as u64, |s| set.push(s as usize));
        let mut g: Vec<u64> = Vec::with_capacity(count);
        let mut seen = MexSet::new();
        for n in 0..count {
            if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
                break;
            }
            seen.clear();
            for &s in set.iter().take_while(|&&s| s <= n) {
                seen.insert(g[n - s] as usize);
            }
            g.push(seen.mex() as u64);
        }
        g
    }
}
