//! The all-but subtraction game: remove any number of tokens except one
//! forbidden amount.

use super::HeapGame;

/// All-but-`l`: a move removes any positive number of tokens from one heap
/// except exactly `l`. Values grow without bound (the sequence is
/// arithmetic-periodic, with a saltus).
///
/// Values are computed in O(1) per heap: the options of `n` are all heaps
/// below `n` except `n − l`, so the mex is the mex of the prefix unless the
/// one excluded value occurs only there.
///
/// ```
/// use sprague::{HeapGame, heap::AllBut};
/// let g = AllBut::new(2).unwrap();
/// assert_eq!(g.grundy_values(6, &mut |_| true), vec![0, 1, 0, 1, 2, 3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllBut {
    l: u64,
}

impl AllBut {
    /// All but `l` (`l ≥ 1`); `None` for 0.
    #[must_use]
    pub const fn new(l: u64) -> Option<AllBut> {
        if l == 0 { None } else { Some(AllBut { l }) }
    }

    /// The forbidden removal.
    #[must_use]
    pub const fn forbidden(self) -> u64 {
        self.l
    }
}

impl HeapGame for AllBut {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in 1..=n {
            if k == self.l {
                continue;
            }
            crate::heap::leave_heap(n - k, f);
        }
    }

    fn grundy_values(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(count);
        // How many of G(0 .. n) take each value, and their mex.
        let mut counts: Vec<u64> = Vec::new();
        let mut prefix_mex = 0u64;
        let l = usize::try_from(self.l).unwrap_or(usize::MAX);
        for n in 0..count {
            if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
                break;
            }
            let v = match n.checked_sub(l) {
                // The only option missing is n − l (when n ≥ l; n = l removes nothing).
                Some(m) if n > 0 => {
                    let x = g[m];
                    if x < prefix_mex && counts[x as usize] == 1 {
                        x
                    } else {
                        prefix_mex
                    }
                }
                _ => prefix_mex,
            };
            let v = if n == 0 { 0 } else { v };
            g.push(v);
            let i = v as usize;
            if i >= counts.len() {
                counts.resize(i + 1, 0);
            }
            counts[i] += 1;
            while counts.get(prefix_mex as usize).is_some_and(|&c| c > 0) {
                prefix_mex += 1;
            }
        }
        g
    }
}
