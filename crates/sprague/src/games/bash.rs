//! Bash (the one-heap subtraction game 1..M), played on a list of heaps.

use crate::registry::{Entry, Error, Family, HeapRuleset, whole_param};
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

    fn has_move(&self, n: u64) -> bool {
        n > 0 && self.m > 0
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n % (self.m + 1)))
    }

    /// `G(n) = n mod (m + 1)`: period `m + 1` from 0.
    fn closed_form_period(&self) -> Option<crate::heap::Period> {
        Some(crate::heap::Period {
            preperiod: 0,
            period: self.m.checked_add(1)?,
            saltus: 0,
            proven: true,
            proof: Some(
                "the closed form G(n) = n mod (m + 1) of the subtraction game {1, …, m} (Winning Ways, ch. 4)",
            ),
        })
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

    /// A Bash heap of `n` is taken as tame, tiny exactly when `n mod (m + 1)
    /// ≤ 1` (genus `0^120` or `1^031`; `g^g` for larger residues `g`). That
    /// sums of Bash heaps follow the tame rule is checked against exhaustive
    /// misère search on random sums by the tests (`tests/engine/heap_games.rs`).
    fn misere_tame(&self, n: u64) -> Option<bool> {
        Some(n % (self.m + 1) <= 1)
    }

    /// The tame rule on the heaps' values `n mod (m + 1)` (see
    /// [`misere_tame`](crate::heap::HeapGame::misere_tame)): a single heap
    /// is a misère P-position iff `n mod (m + 1) == 1`. O(heaps).
    fn misere_outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let period = self.m.checked_add(1)?;
        Some(
            crate::impartial::TameSum::of(heaps.iter().map(|&h| crate::impartial::TameComponent {
                grundy: Nimber(h % period),
                tiny: h % period <= 1,
            }))
            .outcome(),
        )
    }

    fn period_rule(&self) -> Option<crate::heap::PeriodRule> {
        Some(crate::heap::PeriodRule {
            max_parts: 1,
            max_removal: self.m,
        })
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "bash",
    params: "M",
    family: Family::Heap,
    summary: "remove 1 to M tokens from one heap (Bash game); value n mod (M+1)",
    notation: "heap sizes separated by spaces, e.g. `10 7`",
    example: "value bash:3 10 7",
    example2: "table bash:3 --count 20",
    rules: "The Bash game: heaps of tokens, and a move takes between 1 and M tokens from one heap. The player who takes the last token wins.",
    known: "G(n) = n mod (M+1): a single heap loses for the player to move exactly when its size is a multiple of M+1 — the subtraction game {1, …, M}, periodic with period M+1 from n = 0 (subtraction games: Winning Ways, 2nd ed., vol. 1, ch. 4).",
    build: |name, params| {
        let m = whole_param(name, params, "M")?;
        let rules = Bash::new(m)
            .ok_or_else(|| Error::input(format!("ruleset `{name}:{m}`: M must be between 1 and 2^64 - 2")))?;
        Ok(Box::new(HeapRuleset::new(format!("{name}:{m}"), rules)))
    },
}];
