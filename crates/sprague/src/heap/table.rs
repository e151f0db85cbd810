//! A computed prefix of a Grundy sequence with its period, and the policy
//! that decides how much of it to compute: which tables value huge heaps, and
//! when a period is worth proving.

use super::game::HeapGame;
use super::period::{Period, find_period};
use crate::nimber::Nimber;

/// Grundy values `G(0 .. len)` of a [`HeapGame`] and the period found in them
/// (proven or not). With a proven period the table answers for every heap size.
///
/// ```
/// use sprague::{Nimber, heap::{GrundyTable, TakeBreak}};
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
        let period = game
            .closed_form_period()
            .or_else(|| find_period(&values, game.period_rule()));
        GrundyTable { values, period }
    }

    /// `G(0 .. count)` by the game's fastest algorithm, and its period.
    #[must_use]
    pub fn compute<G: HeapGame + ?Sized>(game: &G, count: usize) -> Self {
        Self::from_values(game, game.grundy_values(count, &mut |_| true))
    }

    /// [`compute`](Self::compute) with a progress callback (called with the
    /// number of values done; returning `false` stops early, and the table
    /// then holds fewer than `count` values).
    #[must_use]
    pub fn compute_with<G: HeapGame + ?Sized>(
        game: &G,
        count: usize,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Self {
        Self::from_values(game, game.grundy_values(count, progress))
    }

    /// Computes ever longer prefixes (from 256 values, doubling) until a period
    /// is proven or `max_count` values are done.
    #[must_use]
    pub fn until_proven<G: HeapGame + ?Sized>(game: &G, max_count: usize) -> Self {
        Self::until_proven_with(game, max_count, &mut |_| true)
    }

    /// [`until_proven`](Self::until_proven), stopping (with the table so far)
    /// when `progress` returns `false`.
    fn until_proven_with<G: HeapGame + ?Sized>(
        game: &G,
        max_count: usize,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Self {
        let mut count = 256.min(max_count);
        loop {
            let t = Self::compute_with(game, count, progress);
            if t.values.len() < count {
                return t;
            }
            if t.period.is_some_and(|p| p.proven) || count >= max_count || game.period_rule().is_none() {
                return t;
            }
            count = (count * 2).min(max_count);
        }
    }

    /// Heaps below this size are tabulated on demand by [`covering`](Self::covering)
    /// (beyond it a heap needs a closed form or a proven period), for games
    /// whose moves leave at most two heaps.
    pub const ON_DEMAND_LIMIT: u64 = 1 << 16;

    /// Games whose moves leave at most two heaps are tabulated until their
    /// period is proven, up to this many values.
    pub const PROOF_LIMIT: usize = 1 << 18;

    /// [`listing`](Self::listing) computes at least this many values of a game
    /// with a periodicity theorem, to look for (and prove) its period.
    pub const MIN_LISTING: usize = 512;

    /// The bound below which [`covering`](Self::covering) tabulates heaps of
    /// `game` on demand: [`ON_DEMAND_LIMIT`](Self::ON_DEMAND_LIMIT), or 2^11
    /// for games with moves that leave three heaps (their tables cost O(n³)).
    #[must_use]
    pub fn on_demand_limit<G: HeapGame + ?Sized>(game: &G) -> u64 {
        match game.period_rule() {
            Some(r) if r.max_parts > 2 => 1 << 11,
            _ => Self::ON_DEMAND_LIMIT,
        }
    }

    /// The table that values heaps of `game` up to `largest` tokens without
    /// search, proving the period when a periodicity rule applies:
    ///
    /// - empty when the game's closed form values `largest`;
    /// - for games with a [`PeriodRule`](super::PeriodRule), first a table
    ///   computed [until proven](Self::until_proven) from 2^12 values (2^9 when
    ///   moves leave three heaps), which values every heap once proven;
    /// - otherwise `G(0 ..= largest)` when `largest` is below
    ///   [`on_demand_limit`](Self::on_demand_limit);
    /// - and for games whose moves leave at most two heaps, tables up to
    ///   [`PROOF_LIMIT`](Self::PROOF_LIMIT) values until the period is proven.
    ///
    /// The result may still not value `largest` (no closed form, no proven
    /// period, too large to tabulate). Cost: the game's table algorithm on at
    /// most `max(largest + 1, PROOF_LIMIT)` values.
    ///
    /// ```
    /// use sprague::{Nimber, heap::{GrundyTable, TakeBreak}};
    /// let kayles = TakeBreak::kayles();
    /// let t = GrundyTable::covering(&kayles, u64::MAX);
    /// assert!(t.period().is_some_and(|p| p.proven && p.period == 12));
    /// assert!(t.value(u64::MAX).is_some());
    /// ```
    #[must_use]
    pub fn covering<G: HeapGame + ?Sized>(game: &G, largest: u64) -> Self {
        Self::covering_with(game, largest, &mut |_| true)
    }

    /// [`covering`](Self::covering), whose work stops when `progress`
    /// (called with the values done, as the tables are computed) returns
    /// `false`: the table so far is returned, which may value fewer heaps.
    /// A caller stopped by its monitor reports the stop.
    #[must_use]
    pub fn covering_with<G: HeapGame + ?Sized>(
        game: &G,
        largest: u64,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Self {
        let rule = game.period_rule();
        if game.heap_value(largest).is_some() {
            return Self::empty();
        }
        let first = match rule {
            Some(r) if r.max_parts > 2 => 1 << 9,
            Some(_) => 1 << 12,
            None => 0,
        };
        let mut table = if first > 0 {
            Self::until_proven_with(game, first, progress)
        } else {
            Self::empty()
        };
        if table.value(largest).is_none()
            && largest < Self::on_demand_limit(game)
            && let Ok(count) = usize::try_from(largest + 1)
        {
            table = Self::compute_with(game, count, progress);
        }
        if table.value(largest).is_none() && rule.is_some_and(|r| r.max_parts <= 2) {
            table = Self::until_proven_with(game, Self::PROOF_LIMIT, progress);
        }
        table
    }

    /// The first `count` values of `game` (fewer when `progress`, called with
    /// the number of values done, returns `false`) and the period found in
    /// them — the table a user asks for.
    ///
    /// Games with a periodicity theorem are computed to at least
    /// [`MIN_LISTING`](Self::MIN_LISTING) values, so that short tables still
    /// show their period; a pure period seen but not proven is proven by
    /// computing the values the theorem needs, when they are at most
    /// [`PROOF_LIMIT`](Self::PROOF_LIMIT) (2^12 for moves that leave three
    /// heaps). The period may thus be found (and proven) in more values than
    /// are returned. Cost: the game's table algorithm on that many values.
    ///
    /// ```
    /// use sprague::{heap::{GrundyTable, TakeBreak}};
    /// let t = GrundyTable::listing(&TakeBreak::kayles(), 20, &mut |_| true);
    /// assert_eq!(t.values().len(), 20);
    /// let p = t.period().unwrap();
    /// assert_eq!((p.preperiod, p.period, p.proven), (71, 12, true));
    /// ```
    #[must_use]
    pub fn listing<G: HeapGame + ?Sized>(
        game: &G,
        count: usize,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Self {
        let rule = game.period_rule();
        if let Some(p) = game.closed_form_period() {
            return GrundyTable {
                values: game.grundy_values(count, progress),
                period: Some(p),
            };
        }
        let wanted = if rule.is_some() {
            count.max(Self::MIN_LISTING)
        } else {
            count
        };
        let mut values = game.grundy_values(wanted, progress);
        let mut period = find_period(&values, rule);
        if let (Some(p), Some(r)) = (period, rule)
            && !p.proven
            && p.saltus == 0
            && values.len() == wanted
            && let Some(need) = r.proof_length(p.preperiod, p.period)
            && need
                <= (if r.max_parts > 2 {
                    1 << 12
                } else {
                    Self::PROOF_LIMIT as u64
                })
            && let Ok(need) = usize::try_from(need)
        {
            // The proof's values report the listing's count, not their own.
            let done = values.len();
            let more = game.grundy_values(need, &mut |_| progress(done));
            if more.len() < need {
                values.truncate(count);
                return GrundyTable { values, period };
            }
            if let Some(q) = find_period(&more, rule)
                && q.proven
                && q.period == p.period
            {
                values = more;
                period = Some(q);
            }
        }
        values.truncate(count);
        GrundyTable { values, period }
    }

    /// The computed values `G(0), G(1), …`.
    #[must_use]
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// The computed values, without copying them.
    #[must_use]
    pub fn into_values(self) -> Vec<u64> {
        self.values
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
