//! The Coin Game (HDU 3951): values by closed forms and the rows' proven
//! period, and range counts of circles.

use super::CellGrid;
use crate::games::CoinGame;
use crate::play::PlayEngine;
use crate::registry::count::check_count;
use crate::registry::{Error, Options, RangeCount, Report, Result, Ruleset, read_position};
use std::collections::BTreeMap;

/// The Coin Game as a registry ruleset: [`CellGrid`] for values and play,
/// plus counts of circles over ranges.
pub(super) struct CoinBoard(pub(super) CellGrid<CoinGame>);

impl CoinBoard {
    /// Refuses rows too long to value ([`CoinGame::check_rows`]).
    fn check(&self, position: &str) -> Result<()> {
        let p = read_position(&self.0.rules, position)?;
        self.0
            .rules
            .check_rows(&p)
            .map_err(|e| Error::input(format!("position `{position}`: {e}")))
    }
}

impl Ruleset for CoinBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        self.check(position)?;
        self.0.value(position, options)
    }

    /// Circles of `n` coins for `n` in `[low, high]`, by the closed form:
    /// values `n mod 2` for K = 1; for K ≥ 2 value 0 above K and the mex of
    /// the small rows up to K. O(K).
    fn count(&self, low: u64, high: u64, options: &Options<'_>) -> Result<Report> {
        check_count(&self.0.name, low, high, options)?;
        let g = &self.0.rules;
        let mut h: BTreeMap<u64, u128> = BTreeMap::new();
        let how = if g.k() == 1 {
            // Evens in [low, high]: ⌊high/2⌋ − ⌊(low − 1)/2⌋ (with low = 0 counted).
            let evens = |x: u64| u128::from(x) / 2 + 1; // evens in [0, x]
            let e = evens(high) - low.checked_sub(1).map_or(0, evens);
            let total = u128::from(high) - u128::from(low) + 1;
            h.insert(0, e);
            h.insert(1, total - e);
            "the closed form: a circle of n coins has value n mod 2 when K = 1".to_string()
        } else {
            let small_end = high.min(g.k());
            if low <= small_end {
                for n in low..=small_end {
                    *h.entry(g.circle_value(n).get()).or_default() += 1;
                }
            }
            let big_start = low.max(g.k() + 1);
            if big_start <= high {
                *h.entry(0).or_default() += u128::from(high - big_start) + 1;
            }
            format!(
                "the closed form: a circle of n > K = {} coins loses (the second player mirrors), smaller circles are won",
                g.k()
            )
        };
        h.retain(|_, c| *c > 0);
        Ok(RangeCount {
            low,
            high,
            p_positions: h.get(&0).copied().unwrap_or(0),
            by_value: Some(h.into_iter().collect()),
            how,
        }
        .report(&self.0.name))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        self.check(position)?;
        self.0.play(position, options)
    }
}
