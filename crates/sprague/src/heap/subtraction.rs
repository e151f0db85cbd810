//! Subtraction games with a finite subtraction set.

use super::game::{HeapGame, HeapValuer};
use super::period::{PeriodRule, extend_periodic, find_period};
use crate::nimber::MexSet;
use crate::nimber::Nimber;

/// The subtraction game S(s₁, …, s_k): a move removes exactly `s` tokens from
/// one heap for some `s` in the set. Its Grundy sequence is ultimately
/// periodic, and a period is proven once it repeats over `e + p + max(S)`
/// values (every value depends only on the `max(S)` values before it).
///
/// ```
/// use sprague::{HeapGame, heap::Subtraction};
/// let s = Subtraction::new(&[1, 3, 4]).unwrap();
/// // Period 7 from n = 0 (Winning Ways, ch. 4): 0 1 0 1 2 3 2.
/// assert_eq!(s.grundy_values(9, &mut |_| true), vec![0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// The game with subtraction set `set` (sorted and deduplicated); `None` if
    /// the set is empty or contains 0.
    #[must_use]
    pub fn new(set: &[u64]) -> Option<Subtraction> {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() || set[0] == 0 {
            return None;
        }
        Some(Subtraction { set })
    }

    /// The subtraction set, ascending.
    #[must_use]
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// `G(0 .. count)` as 16-bit values (a value never exceeds |S|), without the
    /// period shortcut: one mex over |S| values per heap. O(count · |S|).
    ///
    /// `None` if |S| ≥ 65 536.
    #[must_use]
    pub fn values_direct(&self, count: usize) -> Option<Vec<u16>> {
        if self.set.len() >= 1 << 16 {
            return None;
        }
        let mut g: Vec<u16> = Vec::with_capacity(count);
        self.extend_direct(&mut g, count, &mut |_| true);
        Some(g)
    }

    /// Extends `g` to `count` values; stops early (returning `false`) when
    /// `progress`, called with the values done about every 2^20 steps of
    /// work, returns `false`.
    fn extend_direct(&self, g: &mut Vec<u16>, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> bool {
        let small: Vec<usize> = self.set.iter().filter_map(|&s| usize::try_from(s).ok()).collect();
        // Values between two calls of `progress`: about 2^20 set elements scanned.
        let step = ((1usize << 20) / small.len().max(1)).max(1);
        let mut from = g.len();
        while from < count {
            let upto = count.min(from.saturating_add(step));
            self.extend_direct_to(g, &small, upto);
            from = upto;
            if from < count && !progress(from) {
                return false;
            }
        }
        true
    }

    fn extend_direct_to(&self, g: &mut Vec<u16>, small: &[usize], count: usize) {
        if small.len() < 64 {
            for n in g.len()..count {
                let mut seen = 0u64;
                for &s in small {
                    if s > n {
                        break;
                    }
                    seen |= 1 << g[n - s];
                }
                g.push((!seen).trailing_zeros() as u16);
            }
        } else {
            let mut seen = MexSet::new();
            for n in g.len()..count {
                seen.clear();
                for &s in small {
                    if s > n {
                        break;
                    }
                    seen.insert(usize::from(g[n - s]));
                }
                g.push(seen.mex() as u16);
            }
        }
    }

    /// `G(0 .. count)` as 16-bit values, computing only until the period is
    /// proven and copying it from there on. O(e + p + max(S)) mex steps plus
    /// O(count) copying. `None` if |S| ≥ 65 536.
    ///
    /// ```
    /// use sprague::heap::Subtraction;
    /// let s = Subtraction::new(&[1, 3, 4]).unwrap();
    /// assert_eq!(s.values_periodic(10_000_000).unwrap().len(), 10_000_000);
    /// ```
    #[must_use]
    pub fn values_periodic(&self, count: usize) -> Option<Vec<u16>> {
        self.values_periodic_with(count, &mut |_| true)
    }

    /// [`values_periodic`](Self::values_periodic), stopping with fewer
    /// values when `progress` (called with the values done) returns `false`.
    fn values_periodic_with(
        &self,
        count: usize,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Option<Vec<u16>> {
        if self.set.len() >= 1 << 16 {
            return None;
        }
        let rule = self.period_rule();
        let mut g: Vec<u16> = Vec::with_capacity(count);
        let mut target = 64usize;
        loop {
            let upto = target.min(count);
            if !self.extend_direct(&mut g, upto, progress) || upto == count {
                return Some(g);
            }
            if let Some(p) = find_period(&g, rule).filter(|p| p.proven && p.saltus == 0) {
                let (e, p) = (p.preperiod as usize, p.period as usize);
                extend_periodic(&mut g, e, p, count);
                return Some(g);
            }
            target = target.saturating_mul(2);
        }
    }
}

impl HeapGame for Subtraction {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for &s in &self.set {
            if s > n {
                break;
            }
            super::game::leave_heap(n - s, f);
        }
    }

    fn has_move(&self, n: u64) -> bool {
        self.set.first().is_some_and(|&s| s <= n)
    }

    fn grundy_values(&self, count: usize, progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        match self.values_periodic_with(count, progress) {
            Some(g) => g.into_iter().map(u64::from).collect(),
            None => super::game::plain_values(self, count, progress),
        }
    }

    fn period_rule(&self) -> Option<PeriodRule> {
        Some(PeriodRule {
            max_parts: 1,
            max_removal: self.set.last().copied().unwrap_or(0),
        })
    }

    fn huge_heap_moves(&self, n: u64, target: Nimber, value: HeapValuer<'_>) -> Option<Vec<Vec<u64>>> {
        let mut found = Vec::new();
        for &s in self.set.iter().take_while(|&&s| s <= n) {
            if value(n - s)? == target {
                found.push(vec![n - s]);
            }
        }
        Some(found)
    }
}

/// Take between `l` and `r` tokens (`1 ≤ l ≤ r`) from one heap; `l = 1` is the
/// Bash game. Closed form: `G(n) = ⌊(n mod (l + r)) / l⌋`.
///
/// ```
/// use sprague::{HeapGame, Nimber, heap::RangeSubtraction};
/// let g = RangeSubtraction::new(2, 3).unwrap();
/// assert_eq!(g.heap_value(6), Some(Nimber(0)));
/// assert_eq!(g.heap_value(u64::MAX), Some(Nimber((u64::MAX % 5) / 2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeSubtraction {
    l: u64,
    r: u64,
}

impl RangeSubtraction {
    /// Take `l..=r`; `None` unless `1 ≤ l ≤ r` and `l + r` fits in 64 bits.
    #[must_use]
    pub const fn new(l: u64, r: u64) -> Option<RangeSubtraction> {
        if l == 0 || l > r || l.checked_add(r).is_none() {
            None
        } else {
            Some(RangeSubtraction { l, r })
        }
    }

    /// The bounds `(l, r)`.
    #[must_use]
    pub const fn bounds(self) -> (u64, u64) {
        (self.l, self.r)
    }
}

impl HeapGame for RangeSubtraction {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if n < self.l {
            return;
        }
        for k in self.l..=self.r.min(n) {
            super::game::leave_heap(n - k, f);
        }
    }

    fn has_move(&self, n: u64) -> bool {
        self.l <= n && self.l <= self.r
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber((n % (self.l + self.r)) / self.l))
    }

    /// `G(n) = ⌊(n mod (l + r)) / l⌋`: period `l + r` from 0.
    fn closed_form_period(&self) -> Option<super::period::Period> {
        Some(super::period::Period {
            preperiod: 0,
            period: self.l.checked_add(self.r)?,
            saltus: 0,
            proven: true,
            proof: Some(
                "the closed form G(n) = ⌊(n mod (l + r)) / l⌋ of the subtraction game {l, …, r} (Berlekamp, Conway and Guy, Winning Ways, ch. 4)",
            ),
        })
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        (0..count as u64)
            .map(|n| (n % (self.l + self.r)) / self.l)
            .collect()
    }

    fn period_rule(&self) -> Option<PeriodRule> {
        Some(PeriodRule {
            max_parts: 1,
            max_removal: self.r,
        })
    }

    fn huge_heap_moves(&self, n: u64, target: Nimber, _value: HeapValuer<'_>) -> Option<Vec<Vec<u64>>> {
        // Options n − k (l ≤ k ≤ r) with value t are the heaps m with
        // m mod (l + r) in [t·l, t·l + l): list them when there are few.
        let period = self.l + self.r;
        let t = target.get();
        let lo_res = t.checked_mul(self.l)?;
        if lo_res >= period {
            return Some(Vec::new());
        }
        let hi_res = (lo_res + self.l).min(period);
        let lowest = n.checked_sub(self.r.min(n))?;
        let highest = n.checked_sub(self.l)?;
        if highest - lowest > super::heaps::ENUMERATION_LIMIT {
            return None;
        }
        Some(
            (lowest..=highest)
                .filter(|m| (lo_res..hi_res).contains(&(m % period)))
                .map(|m| vec![m])
                .collect(),
        )
    }
}
