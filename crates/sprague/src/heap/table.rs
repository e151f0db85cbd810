//! A computed prefix of a Grundy sequence with its period.

use super::{HeapGame, Period, find_period};
use crate::Nimber;

/// Grundy values `G(0 .. len)` of a [`HeapGame`] and the period found in them
/// (proven or not). With a proven period the table answers for every heap size.
///
/// ```
/// use sprague::{GrundyTable, Nimber, TakeBreak};
/// let dawson = TakeBreak::parse("0.07").unwrap();
/// let t = GrundyTable::until_proven(&dawson, 1 << 16);
/// let p = t.period().unwrap();
/// assert!(p.proven && p.period == 34);
/// assert_eq!(t.value(u64::MAX), Some(Nimber(t.values()[53 + (u64::MAX - 53) as usize % 34])));
/// ```
#[derive(Clone, Debug, Default)]
pub struct GrundyTable {
    values: Vec<u64>,
    period: Option<Period>,
}

impl GrundyTable {
    /// An empty table (answers nothing).
    #[must_use]
    pub fn empty() -> Self {
        GrundyTable::default()
    }

    /// A table of given values; the period is detected with the game's rule.
    #[must_use]
    pub fn from_values<G: HeapGame + ?Sized>(game: &G, values: Vec<u64>) -> Self {
        let period = find_period(&values, game.period_rule());
        GrundyTable { values, period }
    }

    /// `G(0 .. count)` by the game's fastest algorithm, and its period.
    #[must_use]
    pub fn compute<G: HeapGame + ?Sized>(game: &G, count: usize) -> Self {
        Self::from_values(game, game.grundy_values(count, &mut |_| true))
    }

    /// Computes ever longer prefixes (from 256 values, doubling) until a period
    /// is proven or `max_count` values are done.
    #[must_use]
    pub fn until_proven<G: HeapGame + ?Sized>(game: &G, max_count: usize) -> Self {
        let mut count = 256.min(max_count);
        loop {
            let t = Self::compute(game, count);
            if t.period.is_some_and(|p| p.proven) || count >= max_count || game.period_rule().is_none() {
                return t;
            }
            count = (count * 2).min(max_count);
        }
    }

    /// The computed values `G(0), G(1), …`.
    #[must_use]
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// The period found in the values, if any.
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// `G(n)`: from the values, or through a proven period for any `n`.
    #[must_use]
    pub fn value(&self, n: u64) -> Option<Nimber> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(Nimber(*v));
        }
        let p = self.period.filter(|p| p.proven)?;
        p.value_at(&self.values, n).map(Nimber)
    }
}
