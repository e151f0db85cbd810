//! State budgets: how searches stop cleanly instead of exhausting memory.

use core::fmt;

/// A search stopped because it reached its state budget.
///
/// The message says how to raise the budget (`--max-states` on the command line,
/// [`crate::GrundySolver::with_max_states`] in the library).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BudgetExceeded {
    /// The budget that was reached, in stored states.
    pub max_states: usize,
}

impl fmt::Display for BudgetExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "search stopped at its budget of {} states; raise it with --max-states N (each state costs roughly 50-100 bytes)",
            self.max_states
        )
    }
}

impl std::error::Error for BudgetExceeded {}

/// Default state budget of the searching solvers: 20 million stored states, a
/// few GiB at most for typical positions.
pub const DEFAULT_MAX_STATES: usize = 20_000_000;
