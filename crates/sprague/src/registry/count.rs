//! Counting over a range of single heaps: how many `n` in `[L, R]` are
//! P-positions, and how many have each Grundy value, from a proven period
//! (O(preperiod + period), not O(R − L)) or from a closed form.

use super::report::{Data, Report, Table};
use crate::heap::Period;
use crate::query::{Error, Options, Result};
use std::collections::BTreeMap;

/// How many single heaps `n` in `[low, high]` are P-positions and, when
/// known, how many have each Grundy value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeCount {
    /// First heap counted.
    pub low: u64,
    /// Last heap counted (inclusive).
    pub high: u64,
    /// Heaps in the range that lose for the player to move (value 0).
    pub p_positions: u128,
    /// `(value, how many)` for every value that occurs, smallest value first;
    /// `None` when only outcomes are known (e.g. values that grow without
    /// bound, or rules decided by outcome alone).
    pub by_value: Option<Vec<(u64, u128)>>,
    /// Where the count comes from, e.g. `proven period 12 from n = 71`.
    pub how: String,
}

impl RangeCount {
    /// Heaps in the range: `high − low + 1` (up to 2^64).
    #[must_use]
    pub const fn total(&self) -> u128 {
        self.high as u128 - self.low as u128 + 1
    }

    /// The counts of one heap range of `ruleset` as a report: fields
    /// `ruleset`, `low`, `high`, `total`, `p_positions`, `n_positions`,
    /// `by_value` (a list of `{"grundy": v, "count": c}`, or `null`) and `how`.
    #[must_use]
    pub fn report(&self, ruleset: &str) -> Report {
        let total = self.total();
        let by_value = self.by_value.as_ref().map_or(Data::Null, |rows| {
            Data::List(
                rows.iter()
                    .map(|&(v, c)| Data::map().with("grundy", v).with("count", count_data(c)))
                    .collect(),
            )
        });
        let data = Data::map()
            .with("ruleset", ruleset)
            .with("low", self.low)
            .with("high", self.high)
            .with("total", count_data(total))
            .with("p_positions", count_data(self.p_positions))
            .with("n_positions", count_data(total - self.p_positions))
            .with("by_value", by_value)
            .with("how", self.how.as_str());
        let mut text = format!(
            "{ruleset}: heaps n in [{}, {}] ({total} positions)\n",
            self.low, self.high
        );
        text.push_str(&format!(
            "P-positions (second player wins): {}\n",
            self.p_positions
        ));
        text.push_str(&format!(
            "N-positions (first player wins):  {}\n",
            total - self.p_positions
        ));
        if let Some(rows) = &self.by_value {
            text.push_str("by Grundy value:\n");
            for &(v, c) in rows {
                text.push_str(&format!("  {v}: {c}\n"));
            }
        }
        text.push_str(&format!("from: {}\n", self.how));
        Report::new(data, text)
    }
}

/// A count as report data (counts reach 2^64, one more than a `u64`).
fn count_data(c: u128) -> Data {
    Data::Int(i128::try_from(c).unwrap_or(i128::MAX))
}

/// How many heaps `n < below` have each value, for values `values` that
/// repeat with `period` (saltus 0) from its preperiod. O(preperiod + period).
fn histogram_below(values: &[u64], period: &Period, below: u128, out: &mut BTreeMap<u64, i128>, sign: i128) {
    let pre = u128::from(period.preperiod);
    let p = u128::from(period.period);
    let head = below.min(pre) as usize;
    for &v in &values[..head] {
        *out.entry(v).or_default() += sign;
    }
    if below <= pre {
        return;
    }
    let full = (below - pre) / p;
    let rem = (below - pre) % p;
    for r in 0..period.period {
        let v = values[(period.preperiod + r) as usize];
        let times = full + u128::from(u128::from(r) < rem);
        *out.entry(v).or_default() += sign * times as i128;
    }
}

impl Table {
    /// How many heaps `n` in `[low, high]` have each value, through the
    /// table's period: `None` unless `high` is tabulated or the period is
    /// proven. A pure period gives every value's count; an arithmetic period
    /// (saltus > 0) gives the P-positions only (values there grow without
    /// bound, and 0 can only occur before the second period).
    /// O(preperiod + period) (or O(high − low) inside the tabulated values).
    ///
    /// ```
    /// use sprague::{Period, Table};
    /// // Values 0 1 2 repeating (the Bash game with M = 2).
    /// let period = Period { preperiod: 0, period: 3, saltus: 0, proven: true, proof: None };
    /// let t = Table { values: vec![0, 1, 2], period: Some(period) };
    /// let c = t.count(1, 1_000_000_000_000).unwrap();
    /// assert_eq!(c.p_positions, 333_333_333_333);
    /// ```
    #[must_use]
    pub fn count(&self, low: u64, high: u64) -> Option<RangeCount> {
        if low > high {
            return None;
        }
        if let Ok(h) = usize::try_from(high)
            && h < self.values.len()
        {
            return Some(count_listed(
                &self.values[low as usize..=h],
                low,
                high,
                "the tabulated values",
            ));
        }
        let period = self.period.filter(|p| p.proven && p.period > 0)?;
        let len = self.values.len() as u64;
        if len < period.preperiod.checked_add(period.period)? {
            return None;
        }
        let how = period.describe();
        if period.saltus > 0 {
            // Zeros occur only below preperiod + period (later values are at
            // least one saltus above an earlier one).
            let end = (period.preperiod + period.period).min(high.saturating_add(1));
            let p = (low..end).filter(|&n| self.values[n as usize] == 0).count() as u128;
            return Some(RangeCount {
                low,
                high,
                p_positions: p,
                by_value: None,
                how,
            });
        }
        let mut h = BTreeMap::new();
        histogram_below(&self.values, &period, u128::from(high) + 1, &mut h, 1);
        histogram_below(&self.values, &period, u128::from(low), &mut h, -1);
        let rows: Vec<(u64, u128)> = h
            .into_iter()
            .filter(|&(_, c)| c > 0)
            .map(|(v, c)| (v, c as u128))
            .collect();
        let p = rows.iter().find(|&&(v, _)| v == 0).map_or(0, |&(_, c)| c);
        Some(RangeCount {
            low,
            high,
            p_positions: p,
            by_value: Some(rows),
            how,
        })
    }
}

/// Counts the values of heaps `low ..= high`, given as `values`. O(len).
#[must_use]
pub fn count_listed(values: &[u64], low: u64, high: u64, how: &str) -> RangeCount {
    let mut h: BTreeMap<u64, u128> = BTreeMap::new();
    for &v in values {
        *h.entry(v).or_default() += 1;
    }
    RangeCount {
        low,
        high,
        p_positions: h.get(&0).copied().unwrap_or(0),
        by_value: Some(h.into_iter().collect()),
        how: how.to_string(),
    }
}

/// Counts the heaps `n` in `[low, high]` whose outcome is P, by `is_p` on each:
/// the definition, for tests and small ranges. O(high − low).
#[must_use]
pub fn count_outcomes_by(low: u64, high: u64, is_p: impl Fn(u64) -> bool, how: &str) -> RangeCount {
    RangeCount {
        low,
        high,
        p_positions: (low..=high).filter(|&n| is_p(n)).count() as u128,
        by_value: None,
        how: how.to_string(),
    }
}

/// Checks a range and the play convention before a count of `ruleset`.
///
/// # Errors
/// `low > high`, or misère play (counts are of normal-play values).
pub(crate) fn check_count(ruleset: &str, low: u64, high: u64, options: &Options<'_>) -> Result<()> {
    if low > high {
        return Err(Error::input(format!(
            "--range {low},{high}: the first bound is above the second"
        )));
    }
    if options.misere {
        return Err(Error::input(format!(
            "`count {ruleset}` counts normal-play values; --misere is not supported for it"
        )));
    }
    Ok(())
}

/// Heaps counted one by one when no rule applies (a small range).
pub(crate) const COUNT_LISTING_LIMIT: u64 = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Counting through the period agrees with counting value by value.
        #[test]
        fn periodic_count_matches_listing(
            pre in 0u64..6, p in 1u64..6, saltus in 0u64..3,
            seed in proptest::collection::vec(0u64..4, 12),
            low in 0u64..60, len in 0u64..60,
        ) {
            let period = Period { preperiod: pre, period: p, saltus, proven: true, proof: None };
            let values: Vec<u64> = seed[..(pre + p) as usize].to_vec();
            let t = Table { values: values.clone(), period: Some(period) };
            let high = low + len;
            let c = t.count(low, high).unwrap();
            let brute: Vec<u64> = (low..=high).map(|n| period.value_at(&values, n).unwrap()).collect();
            let want = count_listed(&brute, low, high, "");
            prop_assert_eq!(c.p_positions, want.p_positions);
            // Arithmetic periods give values only inside the tabulated prefix.
            if saltus == 0 || high < pre + p {
                prop_assert_eq!(&c.by_value, &want.by_value);
            } else {
                prop_assert!(c.by_value.is_none());
            }
            prop_assert_eq!(c.total(), u128::from(len) + 1);
        }
    }

    #[test]
    fn whole_u64_range() {
        let t = Table {
            values: vec![0, 1],
            period: Some(Period {
                preperiod: 0,
                period: 2,
                saltus: 0,
                proven: true,
                proof: None,
            }),
        };
        let c = t.count(0, u64::MAX).unwrap();
        assert_eq!(c.total(), 1u128 << 64);
        assert_eq!(c.p_positions, 1u128 << 63);
        assert_eq!(c.by_value, Some(vec![(0, 1u128 << 63), (1, 1u128 << 63)]));
        // An unproven period counts nothing beyond the values.
        let t = Table {
            period: t.period.map(|p| Period { proven: false, ..p }),
            ..t
        };
        assert!(t.count(0, 5).is_none());
        assert!(t.count(0, 1).is_some());
    }
}
