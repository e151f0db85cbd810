//! State budgets: how searches stop cleanly instead of exhausting memory.

use crate::monitor::{Monitor, SearchError, Ticker};
use core::fmt;

/// A search stopped because it reached its state budget.
///
/// The message names the budget reached; raise it with the solvers'
/// `with_max_states` (e.g. [`crate::GrundySolver::with_max_states`]). Each
/// stored state costs roughly 50-100 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BudgetExceeded {
    /// The budget that was reached, in stored states.
    pub max_states: usize,
}

impl fmt::Display for BudgetExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "search stopped at its budget of {} states", self.max_states)
    }
}

impl std::error::Error for BudgetExceeded {}

/// Default state budget of the searching solvers: 20 million stored states, a
/// few GiB at most for typical positions.
pub const DEFAULT_MAX_STATES: usize = 20_000_000;

/// The options every memoising search carries: its state budget and the
/// monitor it reports to. [`crate::GrundySolver`], [`crate::MisereSolver`] and
/// [`crate::PartizanSolver`] hold one, so `with_max_states` and `with_monitor`
/// mean the same in each.
pub(crate) struct SearchLimits<'r> {
    /// The budget, in stored states.
    pub(crate) max_states: usize,
    /// Counts solved states for the monitor, if any, and passes on stop requests.
    pub(crate) ticker: Ticker<'r>,
}

impl<'r> SearchLimits<'r> {
    /// A budget of `max_states` and no monitor.
    pub(crate) fn new(max_states: usize) -> Self {
        SearchLimits {
            max_states,
            ticker: Ticker::new(None),
        }
    }

    /// Report to `monitor` from now on.
    pub(crate) fn set_monitor(&mut self, monitor: &'r Monitor) {
        self.ticker = Ticker::new(Some(monitor));
    }

    /// The end of one search: passes the exact count to the monitor, then
    /// returns the search's own result, or [`Interrupted`](crate::Interrupted)
    /// if a stop was asked for meanwhile. The count is exact between calls; a
    /// stop asked for now shows at the next batch.
    pub(crate) fn finish<T>(&mut self, result: Result<T, SearchError>) -> Result<T, SearchError> {
        let flushed = self.ticker.flush();
        let value = result?;
        flushed?;
        Ok(value)
    }

    /// [`BudgetExceeded`] once `stored` reaches the budget. O(1).
    pub(crate) fn reached(&self, stored: usize) -> Result<(), BudgetExceeded> {
        self.within(stored < self.max_states)
    }

    /// [`BudgetExceeded`] once `stored` is past the budget (a search stack
    /// may hold one frame more than the budget). O(1).
    pub(crate) fn passed(&self, stored: usize) -> Result<(), BudgetExceeded> {
        self.within(stored <= self.max_states)
    }

    fn within(&self, ok: bool) -> Result<(), BudgetExceeded> {
        if ok {
            Ok(())
        } else {
            Err(BudgetExceeded {
                max_states: self.max_states,
            })
        }
    }
}

/// Writes the `with_monitor` builder of a memoising solver that holds its
/// [`SearchLimits`] in a field `limits`, so the builder reads and behaves the
/// same in [`crate::GrundySolver`], [`crate::MisereSolver`] and
/// [`crate::PartizanSolver`]. `$r` is the solver's lifetime; `$unit` names
/// what its monitor counts (`"components"`, `"positions"`, …).
macro_rules! monitor_builder {
    ($r:lifetime, $unit:literal) => {
        #[doc = concat!(
            "Reports the ", $unit, " solved to `monitor` and stops with\n",
            "[`SearchError::Interrupted`](crate::monitor::SearchError::Interrupted) ",
            "soon after it asks for a stop (checked\n",
            "every [`Ticker::BATCH`](crate::monitor::Ticker::BATCH) ", $unit, ")."
        )]
        #[must_use]
        pub fn with_monitor(mut self, monitor: &$r crate::monitor::Monitor) -> Self {
            self.limits.set_monitor(monitor);
            self
        }
    };
}
pub(crate) use monitor_builder;
