//! Periodicity of Grundy sequences: detection (pure and arithmetic) and the
//! bound of the octal periodicity theorem that turns an observed period into a
//! proven one.

/// An (ultimately, possibly arithmetic) period of a sequence:
/// `G(n + period) = G(n) + saltus` for every `n ≥ preperiod`.
///
/// `saltus == 0` is ordinary (pure) periodicity. `proven` says whether the
/// period holds for every `n`, not only for the values computed (see
/// [`PeriodRule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// First index from which the sequence repeats.
    pub preperiod: u64,
    /// Length of the period (≥ 1).
    pub period: u64,
    /// Increase per period (0 for pure periodicity).
    pub saltus: u64,
    /// `true` when the period is known to hold for every heap size.
    pub proven: bool,
    /// What proves it, when proven: the closed form or theorem, with its
    /// source (e.g. [`PERIODICITY_THEOREM`]).
    pub proof: Option<&'static str>,
}

/// The proof of a pure period observed over enough values (see [`PeriodRule`]).
pub const PERIODICITY_THEOREM: &str = "the periodicity theorem for take-away and take-and-break games (Guy and Smith 1956; Winning Ways, ch. 4), its bound checked on the values computed";

impl Period {
    /// The value at `n` (any `n`, even beyond `values`), extrapolated through
    /// the period from the computed prefix `values`. `None` if `n` is not
    /// covered (the prefix is too short) or the value overflows 64 bits.
    ///
    /// O(1).
    ///
    /// ```
    /// use sprague::Period;
    /// let p = Period { preperiod: 0, period: 3, saltus: 0, proven: true, proof: None };
    /// assert_eq!(p.value_at(&[0, 1, 2], 1_000_000_000_000), Some(1));
    /// ```
    #[must_use]
    pub fn value_at(&self, values: &[u64], n: u64) -> Option<u64> {
        let len = values.len() as u64;
        if n < len {
            return values.get(usize::try_from(n).ok()?).copied();
        }
        if self.period == 0 || n < self.preperiod || len < self.preperiod + self.period {
            return None;
        }
        let base = self.preperiod + (n - self.preperiod) % self.period;
        let steps = (n - base) / self.period;
        let v = *values.get(usize::try_from(base).ok()?)?;
        v.checked_add(self.saltus.checked_mul(steps)?)
    }

    /// Describes the period in one short line, e.g. `period 34 from n = 53
    /// (proven)` or `arithmetic-periodic: period 2, saltus 1 from n = 0 (not
    /// proven)`. What proves it, with its source, is [`Period::proof`].
    #[must_use]
    pub fn describe(&self) -> String {
        let status = if self.proven { "proven" } else { "not proven" };
        if self.saltus == 0 {
            format!("period {} from n = {} ({status})", self.period, self.preperiod)
        } else {
            format!(
                "arithmetic-periodic: period {}, saltus {} from n = {} ({status})",
                self.period, self.saltus, self.preperiod
            )
        }
    }
}

/// When an observed period can be proven: the games whose every move removes
/// at most `max_removal` tokens from one heap and leaves at most `max_parts`
/// heaps (octal games: 2 parts; hexadecimal games: 3; subtraction games: 1).
///
/// The periodicity theorem (Guy and Smith for octal games; Winning Ways, ch. 4):
/// if `G(n + p) = G(n)` for every `e ≤ n < k(e + p) + t − p`, i.e. the values
/// `G(0 .. k(e + p) + t)` are known and repeat, then `G(n + p) = G(n)` for all
/// `n ≥ e`. (For an option of `n + p` beyond that range, the largest of its at
/// most `k` parts is at least `e + p`, so shrinking it by `p` gives an option of
/// `n` with the same value, and back.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodRule {
    /// Largest number of heaps one move may leave.
    pub max_parts: u64,
    /// Largest number of tokens one move may remove.
    pub max_removal: u64,
}

impl PeriodRule {
    /// Number of values `G(0 .. n)` that must be computed (and repeat) to prove
    /// a pure period `p` from `e`: `k(e + p) + t`. `None` on overflow.
    /// (A preperiod of 0 is counted as 1, which keeps every shrunken part non-empty.)
    #[must_use]
    pub const fn proof_length(&self, preperiod: u64, period: u64) -> Option<u64> {
        let e = if preperiod == 0 { 1 } else { preperiod };
        match e.checked_add(period) {
            Some(s) => match s.checked_mul(self.max_parts) {
                Some(m) => m.checked_add(self.max_removal),
                None => None,
            },
            None => None,
        }
    }
}

/// Finds the smallest period of `values` (pure or arithmetic), and for it the
/// smallest preperiod, requiring the periodic part to show the period at least
/// twice plus 8 values, and to cover at least a quarter of the values (so a
/// coincidence at the end of a long aperiodic table is not reported). `proven` is decided by `rule`: a
/// pure period is proven when `values` reaches the rule's
/// [`proof_length`](PeriodRule::proof_length).
///
/// Complexity: O(len · P) in the worst case for the P candidate periods, but a
/// wrong candidate usually fails within a few comparisons from the end.
///
/// ```
/// use sprague::{heap::{find_period, PeriodRule}};
/// // Subtraction game {1, 2}: 0 1 2 0 1 2 …
/// let v: Vec<u64> = (0..30).map(|n| n % 3).collect();
/// let rule = PeriodRule { max_parts: 1, max_removal: 2 };
/// let p = find_period(&v, Some(rule)).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus, p.proven), (0, 3, 0, true));
/// ```
#[must_use]
pub fn find_period<T: Copy + Into<u64>>(values: &[T], rule: Option<PeriodRule>) -> Option<Period> {
    let len = values.len();
    let at = |i: usize| -> u64 { values[i].into() };
    for p in 1..=len / 2 {
        let last = at(len - 1);
        let before = at(len - 1 - p);
        if last < before {
            continue;
        }
        let s = last - before;
        // Walk back while G(n + p) = G(n) + s.
        let mut e = len - p;
        while e > 0 && at(e - 1).checked_add(s) == Some(at(e - 1 + p)) {
            e -= 1;
        }
        let span = len - e;
        if span < 2 * p + 8 || span < len / 4 {
            continue;
        }
        let proven = s == 0
            && rule
                .and_then(|r| r.proof_length(e as u64, p as u64))
                .is_some_and(|need| len as u64 >= need);
        return Some(Period {
            preperiod: e as u64,
            period: p as u64,
            saltus: s,
            proven,
            proof: proven.then_some(PERIODICITY_THEOREM),
        });
    }
    None
}

/// Extends `values` to `count` entries by a pure period `period` that holds
/// from `preperiod` (which must be covered: `values.len() ≥ preperiod + period`).
/// Copies in doubling chunks: O(count) memory traffic.
pub(crate) fn extend_periodic<T: Copy>(values: &mut Vec<T>, preperiod: usize, period: usize, count: usize) {
    if period == 0 || values.len() < preperiod + period {
        return;
    }
    while values.len() < count {
        let len = values.len();
        let reps = (len - preperiod) / period;
        let chunk = (reps * period).min(count - len);
        let start = len - reps * period;
        values.extend_from_within(start..start + chunk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_pure_and_arithmetic() {
        let v: Vec<u64> = (0..40).collect();
        let p = find_period(&v, None).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proven), (0, 1, 1, false));
        // Pre-period: 5 9 then 0 1 0 1 …
        let mut w = vec![5, 9];
        w.extend((0..30).map(|n| n % 2));
        let p = find_period(
            &w,
            Some(PeriodRule {
                max_parts: 2,
                max_removal: 2,
            }),
        )
        .unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (2, 2, 0));
        assert!(p.proven); // 2(2 + 2) + 2 = 10 ≤ 32
        assert_eq!(p.value_at(&w, 1 << 40), Some(0));
        assert_eq!(p.value_at(&w, 1), Some(9));
    }

    #[test]
    fn periodic_extension_matches_the_rule() {
        let mut v: Vec<u64> = vec![7, 0, 1, 2];
        extend_periodic(&mut v, 1, 3, 20);
        let want: Vec<u64> = std::iter::once(7).chain((0..19).map(|n| n % 3)).collect();
        assert_eq!(v, want);
    }

    #[test]
    fn short_or_aperiodic_sequences_have_no_period() {
        assert_eq!(find_period(&[0u64, 1, 0], None), None);
        let v: Vec<u64> = (0..64u64).map(|n| n * n % 61).collect();
        assert_eq!(find_period(&v, None), None);
    }

    #[test]
    fn not_proven_below_the_bound() {
        let v: Vec<u64> = (0..24).map(|n| n % 3).collect();
        let rule = PeriodRule {
            max_parts: 2,
            max_removal: 3,
        };
        // needs 2(1 + 3) + 3 = 11 values: proven with 24.
        assert!(find_period(&v, Some(rule)).unwrap().proven);
        let rule = PeriodRule {
            max_parts: 3,
            max_removal: 20,
        };
        // needs 3 · 4 + 20 = 32 values: not proven with 24.
        assert!(!find_period(&v, Some(rule)).unwrap().proven);
    }
}
