//! The limits every memoising search carries: its state budget
//! ([`crate::budget`]) and the monitor it reports to ([`crate::monitor`]),
//! together, so that `with_max_states` and `with_monitor` mean the same in
//! every solver. It stands above both, which know nothing of each other's
//! searches.

use crate::budget::BudgetExceeded;
use crate::monitor::{Monitor, SearchError, Ticker};

/// Positions a search enters between two looks at its monitor
/// ([`SearchLimits::descended`]).
pub(crate) const DESCENT_POLL: u64 = 256;

/// The options every memoising search carries: its state budget and the
/// monitor it reports to. [`crate::impartial::GrundySolver`], [`crate::MisereSolver`] and
/// [`crate::PartizanSolver`] hold one, so `with_max_states` and `with_monitor`
/// mean the same in each.
pub(crate) struct SearchLimits<'r> {
    /// The budget, in stored states.
    pub(crate) max_states: usize,
    /// Counts solved states for the monitor, if any, and passes on stop requests.
    pub(crate) ticker: Ticker<'r>,
    /// Positions entered since the search began, for [`descended`](Self::descended).
    descents: u64,
}

impl<'r> SearchLimits<'r> {
    /// A budget of `max_states` and no monitor.
    pub(crate) fn new(max_states: usize) -> Self {
        SearchLimits {
            max_states,
            ticker: Ticker::new(None),
            descents: 0,
        }
    }

    /// Report to `monitor` from now on.
    pub(crate) fn set_monitor(&mut self, monitor: &'r Monitor) {
        self.ticker = Ticker::new(Some(monitor));
    }

    /// The end of one search: passes the exact count to the monitor, then
    /// returns the search's own result, or [`Interrupted`](crate::monitor::Interrupted)
    /// if a stop was asked for meanwhile. The count is exact between calls; a
    /// stop asked for now shows at the next batch.
    pub(crate) fn finish<T>(&mut self, result: Result<T, SearchError>) -> Result<T, SearchError> {
        let flushed = self.ticker.flush();
        let value = result?;
        flushed?;
        Ok(value)
    }

    /// Counts one position entered (pushed on the search's stack) and looks at
    /// the monitor every [`DESCENT_POLL`] of them. A search only reports
    /// positions it has solved, so without this a chain that never ends
    /// (each position's option a new position) would grow its stack past
    /// the memory budget and never see a stop request. O(1).
    ///
    /// # Errors
    /// [`Interrupted`](crate::monitor::Interrupted) if a stop was asked for (Ctrl-C,
    /// the memory budget).
    #[inline]
    pub(crate) fn descended(&mut self) -> Result<(), crate::monitor::Interrupted> {
        self.descents = self.descents.wrapping_add(1);
        match self.ticker.monitor() {
            Some(m) if self.descents.is_multiple_of(DESCENT_POLL) => m.check(),
            _ => Ok(()),
        }
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
/// same in [`crate::impartial::GrundySolver`], [`crate::MisereSolver`] and
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
