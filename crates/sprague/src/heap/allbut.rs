//! The all-but subtraction game: remove any number of tokens except a few
//! forbidden amounts.

use super::game::HeapGame;

/// All-but-`F` for a finite set `F` of forbidden amounts: a move removes any
/// positive number of tokens from one heap except exactly one of the amounts
/// in `F` (`allbut:2` forbids 2, `allbut:2,3,7` forbids 2, 3 and 7). Values
/// grow without bound (the sequence is arithmetic-periodic, with a saltus).
///
/// Values are computed in O(|F|) per heap: the options of `n` are all heaps
/// below `n` except the `n − f` for `f ∈ F`, so the mex is the mex of the
/// prefix unless some value occurs in the prefix only at excluded heaps.
///
/// ```
/// use sprague::{HeapGame, heap::AllBut};
/// let g = AllBut::new(2).unwrap();
/// assert_eq!(g.grundy_values(6, &mut |_| true), vec![0, 1, 0, 1, 2, 3]);
/// let g = AllBut::of_set(&[2, 3]).unwrap();
/// assert_eq!(g.forbidden(), &[2, 3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllBut {
    /// Sorted, distinct, each ≥ 1.
    forbidden: Vec<u64>,
}

impl AllBut {
    /// All but `l` (`l ≥ 1`); `None` for 0.
    #[must_use]
    pub fn new(l: u64) -> Option<AllBut> {
        Self::of_set(&[l])
    }

    /// All but the amounts in `forbidden` (each ≥ 1, at least one; repeats
    /// are dropped); `None` for an empty set or a 0.
    #[must_use]
    pub fn of_set(forbidden: &[u64]) -> Option<AllBut> {
        if forbidden.is_empty() || forbidden.contains(&0) {
            return None;
        }
        let mut f = forbidden.to_vec();
        f.sort_unstable();
        f.dedup();
        Some(AllBut { forbidden: f })
    }

    /// The forbidden removals, increasing.
    #[must_use]
    pub fn forbidden(&self) -> &[u64] {
        &self.forbidden
    }
}

impl HeapGame for AllBut {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in 1..=n {
            if self.forbidden.binary_search(&k).is_ok() {
                continue;
            }
            super::game::leave_heap(n - k, f);
        }
    }

    /// Some `k` in `1..=n` is not forbidden: O(log forbidden).
    fn has_move(&self, n: u64) -> bool {
        // The forbidden set is sorted and distinct: 1..=n are all forbidden
        // exactly when the first n members are 1, 2, …, n.
        let Ok(len) = usize::try_from(n) else {
            return true;
        };
        n > 0 && !(self.forbidden.len() >= len && self.forbidden[len - 1] == n)
    }

    fn grundy_values(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(count);
        // How many of G(0 .. n) take each value, and their mex.
        let mut counts: Vec<u64> = Vec::new();
        let mut prefix_mex = 0u64;
        // The values at the excluded heaps n − f, with their multiplicity.
        let mut excluded: Vec<(u64, u64)> = Vec::with_capacity(self.forbidden.len());
        for n in 0..count {
            if n % super::game::PROGRESS_STEP == 0 && n > 0 && !progress(n) {
                break;
            }
            excluded.clear();
            for &f in &self.forbidden {
                // f = n removes the whole heap, which is forbidden too.
                let Some(m) = usize::try_from(f).ok().and_then(|f| n.checked_sub(f)) else {
                    break;
                };
                let x = g[m];
                match excluded.iter_mut().find(|(v, _)| *v == x) {
                    Some((_, k)) => *k += 1,
                    None => excluded.push((x, 1)),
                }
            }
            // A value below the prefix mex is missing when every heap of the
            // prefix that has it is excluded.
            let v = excluded
                .iter()
                .filter(|&&(x, k)| x < prefix_mex && counts[x as usize] == k)
                .map(|&(x, _)| x)
                .min()
                .unwrap_or(prefix_mex);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain_values;
    use proptest::prelude::*;

    proptest! {
        /// The O(|F|) recurrence agrees with the definition (a mex over every option).
        #[test]
        fn values_match_the_definition(f in prop::collection::vec(1u64..12, 1..5), count in 1usize..120) {
            let g = AllBut::of_set(&f).unwrap();
            prop_assert_eq!(g.grundy_values(count, &mut |_| true), plain_values(&g, count, &mut |_| true));
        }
    }

    #[test]
    fn empty_or_zero_sets_are_refused() {
        assert!(AllBut::of_set(&[]).is_none());
        assert!(AllBut::of_set(&[3, 0]).is_none());
        assert_eq!(AllBut::of_set(&[7, 2, 3, 2]).unwrap().forbidden(), &[2, 3, 7]);
    }
}
