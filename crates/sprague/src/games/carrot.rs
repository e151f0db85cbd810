//! Choosing Carrot (Codeforces 794E): carrots in a row with juiciness values;
//! Oleg and Igor alternately eat a carrot from either end, Oleg first, until
//! one carrot is left, which goes to their friend. Oleg wants it as juicy as
//! possible, Igor as dry as possible. Before the game Oleg makes k extra moves
//! alone; the problem asks for the final carrot for every k from 0 to n − 1.
//!
//! [`carrot_answers`] answers every k in O(n): with m carrots left for the
//! game, the result is fixed by the middle of the row (for even m the larger
//! of the two middle carrots; for odd m ≥ 3 the larger of the middle carrot's
//! minima with each neighbour), and Oleg's k extra moves pick the best row of
//! length m = n − k. [`carrot_brute_force`] solves every row by the generic
//! minimax solver on the graph of all intervals.

use crate::graph::DiGraph;
use crate::loopy::minimax_dag;

/// The juiciness of the final carrot for every k = 0, 1, …, n − 1 (Oleg's
/// extra moves before the game), for the row `a`. O(n) time.
///
/// ```
/// use sprague::games::carrot_answers;
/// // Codeforces 794E, sample 1.
/// assert_eq!(carrot_answers(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
/// ```
#[must_use]
pub fn carrot_answers(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    let mut answers = vec![0; n];
    if n == 0 {
        return answers;
    }
    // The game on a row of m ≥ 2 carrots is decided by its middle: for even m
    // by the pair at offsets m/2 − 1, m/2 (value `pair`), for odd m by the
    // middle carrot and its neighbours (value `triple`). Rows of length m have
    // their centres in a range that widens by one at each end when m drops
    // by 2, so each parity keeps a running maximum from the longest rows down.
    let pair = |i: usize| a[i].max(a[i + 1]);
    let triple = |i: usize| a[i - 1].min(a[i]).max(a[i].min(a[i + 1]));
    for parity in 0..2 {
        let mut best: Option<u64> = None;
        // Centre ranges, inclusive: [lo, hi].
        let mut m = if n % 2 == parity { n } else { n - 1 };
        let (mut lo, mut hi): (usize, usize);
        if m < 2 {
            continue;
        }
        if parity == 0 {
            lo = m / 2 - 1;
            hi = n - 1 - m / 2;
        } else {
            lo = m / 2;
            hi = n - 1 - m / 2;
        }
        let mut covered: Option<(usize, usize)> = None;
        loop {
            let value = |i: usize| if parity == 0 { pair(i) } else { triple(i) };
            for i in lo..=hi {
                if covered.is_none_or(|(cl, ch)| i < cl || i > ch) {
                    best = Some(best.map_or(value(i), |b| b.max(value(i))));
                }
            }
            covered = Some((lo, hi));
            answers[n - m] = best.unwrap_or(0);
            if m < 4 {
                break;
            }
            m -= 2;
            lo -= 1;
            hi += 1;
        }
    }
    answers[n - 1] = a.iter().copied().max().unwrap_or(0);
    answers
}

/// The answer for every k by the definition: for each length m = n − k, every
/// row of length m that Oleg's k moves can leave (any contiguous row) is
/// solved by [`minimax_dag`] on the graph of its sub-rows, and Oleg takes the
/// best. O(n⁴) time; for tests on short rows.
#[must_use]
pub fn carrot_brute_force(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    let index = |l: usize, r: usize| (l * n + r) as u32;
    let mut answers = Vec::with_capacity(n);
    for k in 0..n {
        let m = n - k;
        // Vertices: intervals [l, r]; from a row of more than one carrot the
        // mover eats the left or the right end.
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for l in 0..n {
            for r in l + 1..n {
                from.extend([index(l, r), index(l, r)]);
                to.extend([index(l + 1, r), index(l, r - 1)]);
            }
        }
        let Ok(graph) = DiGraph::from_edges(n * n, &from, &to) else {
            return Vec::new();
        };
        // At a single carrot the game is over; its score for the player to
        // move there: Oleg moves at rows of length m, m − 2, …
        let score = |v: u32| {
            let l = v as usize / n;
            let value = a[l] as i64;
            if (m - 1).is_multiple_of(2) { value } else { -value }
        };
        let Ok(values) = minimax_dag(&graph, score) else {
            return Vec::new();
        };
        let best = (0..=n - m).map(|l| values[index(l, l + m - 1) as usize]).max();
        answers.push(best.unwrap_or(0) as u64);
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn codeforces_794e_samples() {
        // Codeforces 794E (Choosing Carrot), samples 1 and 2.
        assert_eq!(carrot_answers(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
        assert_eq!(carrot_brute_force(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
        let b = [1_000_000_000, 1_000_000_000, 1_000_000_000, 1_000_000_000, 1];
        assert_eq!(carrot_answers(&b), vec![1_000_000_000; 5]);
        assert_eq!(carrot_brute_force(&b), vec![1_000_000_000; 5]);
        assert_eq!(carrot_answers(&[7]), vec![7]);
        assert!(carrot_answers(&[]).is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_form_matches_minimax(a in proptest::collection::vec(0u64..10, 1..10)) {
            prop_assert_eq!(carrot_answers(&a), carrot_brute_force(&a));
        }
    }
}
