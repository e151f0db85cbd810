//! The trait of one-heap games: a move turns one heap into zero or more heaps.

use super::period::PeriodRule;
use crate::{nimber::Nimber, outcome::Outcome};

/// A way to value any heap, as [`HeapGame::huge_heap_moves`] is given it:
/// the Grundy value of a heap of `n`, or `None` when it is out of reach.
pub type HeapValuer<'a> = &'a dyn Fn(u64) -> Option<Nimber>;

/// A game played on heaps in which a move acts on a single heap, turning it
/// into zero or more smaller heaps (take-away, take-and-break and splitting
/// games). A position of several heaps is their sum; [`Heaps`](super::Heaps)
/// turns any `HeapGame` into an [`ImpartialRules`](crate::ImpartialRules).
///
/// Only [`heap_options`](HeapGame::heap_options) is required. Every heap left
/// by a move must be non-empty and smaller than the heap moved from.
pub trait HeapGame {
    /// Calls `f` once for every option of a heap of `n` tokens, with the heaps
    /// it leaves (each ≥ 1 and < `n`; an empty slice means nothing is left).
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64]));

    /// The Grundy value of a heap of `n` by a closed form, if the game has one
    /// (for every `n`, including huge ones).
    fn heap_value(&self, n: u64) -> Option<Nimber> {
        let _ = n;
        None
    }

    /// The (possibly arithmetic) period that the closed form
    /// [`heap_value`](HeapGame::heap_value) follows, proven for every heap
    /// size, with the theorem or source in [`Period::proof`](super::period::Period);
    /// `None` when the game declares none. Tables report it instead of a
    /// period observed in the values.
    fn closed_form_period(&self) -> Option<super::period::Period> {
        None
    }

    /// Grundy values `G(0), …, G(count − 1)`. `progress(k)` is called now and
    /// then with the number of values done; when it returns `false` the
    /// computation stops and the values computed so far are returned.
    ///
    /// The default is the definition: a mex over every option, using the values
    /// already computed (O(sum of option counts · parts)). Rulesets override it
    /// with faster algorithms.
    fn grundy_values(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        plain_values(self, count, progress)
    }

    /// When observed periods can be proven (see [`PeriodRule`]); `None` if the
    /// game has no periodicity theorem.
    fn period_rule(&self) -> Option<PeriodRule> {
        None
    }

    /// The misère outcome of a whole list of heaps by a closed form, if known
    /// (`None` means "search").
    fn misere_outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let _ = heaps;
        None
    }

    /// Whether a heap of `n` is *tame* in misère play (every position of it
    /// has the genus of a misère Nim position; see
    /// [`TameSum`](crate::impartial::TameSum)): `Some(true)` when it is tiny
    /// (genus `0^120` or `1^031`), `Some(false)` for another tame genus,
    /// `None` when the game does not know it tame. Sums of tame heaps are
    /// then answered by the tame rule, for heaps of any size
    /// ([`Heaps::solve_tame_misere`](super::Heaps::solve_tame_misere)).
    fn misere_tame(&self, n: u64) -> Option<bool> {
        let _ = n;
        None
    }

    /// Options of a heap of `n` with Grundy value `target`, for heaps too large
    /// to enumerate, given a way to value any heap (`value`). `None` when the
    /// game cannot do better than enumerating every option.
    fn huge_heap_moves(&self, n: u64, target: Nimber, value: HeapValuer<'_>) -> Option<Vec<Vec<u64>>> {
        let _ = (n, target, value);
        None
    }

    /// Whether [`huge_heap_moves`](HeapGame::huge_heap_moves), when it answers,
    /// lists every option with the target value (`true` by default). Games
    /// that list only representatives (take-and-break games list the splits
    /// whose smaller part is below `e + 2p`) say `false`.
    fn huge_heap_moves_complete(&self) -> bool {
        true
    }

    /// Whether a heap of `n` has at least one option. The default lists the
    /// options (O(options)); rulesets whose heaps can have many options
    /// answer in O(1) or O(rule size), which keeps searches that only ask
    /// this question (the misère piece search) linear.
    fn has_move(&self, n: u64) -> bool {
        let mut any = false;
        self.heap_options(n, &mut |_| any = true);
        any
    }
}

/// Calls `f` with what a move leaving a single heap of `m` tokens leaves:
/// nothing when `m` is 0, else the one heap. O(1).
pub(crate) fn leave_heap(m: u64, f: &mut dyn FnMut(&[u64])) {
    if m == 0 { f(&[]) } else { f(&[m]) }
}

/// How often (in heap sizes) the table loops report progress.
pub(crate) const PROGRESS_STEP: usize = 1 << 12;

/// Grundy values by the definition: for each `n`, the mex of the nim-sums of
/// the values of the heaps each option leaves.
///
/// Complexity: O(Σ_n options(n) · parts). This is the oracle the fast
/// algorithms are tested against.
///
/// ```
/// use sprague::{heap::{plain_values, Subtraction}};
/// let s = Subtraction::new(&[1, 3, 4]).unwrap();
/// assert_eq!(plain_values(&s, 8, &mut |_| true), vec![0, 1, 0, 1, 2, 3, 2, 0]);
/// ```
pub fn plain_values<G: HeapGame + ?Sized>(
    game: &G,
    count: usize,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(count);
    let mut seen: Vec<u64> = Vec::new();
    for n in 0..count {
        if n % PROGRESS_STEP == 0 && n > 0 && !progress(n) {
            break;
        }
        seen.clear();
        game.heap_options(n as u64, &mut |parts| {
            let mut x = 0;
            for &p in parts {
                debug_assert!(p < n as u64, "a heap option must be smaller than the heap");
                x ^= usize::try_from(p)
                    .ok()
                    .and_then(|p| values.get(p))
                    .copied()
                    .unwrap_or(0);
            }
            seen.push(x);
        });
        values.push(crate::nimber::mex_in_place(&mut seen).get());
    }
    values
}
