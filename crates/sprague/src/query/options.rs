//! How a query is run: the [`Options`] every request carries (play
//! convention, budgets, the monitor) and the progress callback of long ones.

use super::error::{Error, Result};
use crate::monitor::Monitor;

/// How a query is run: play convention, state budget, and the monitor that
/// counts the work and carries the stop flag (Ctrl-C).
#[derive(Clone, Copy, Debug)]
pub struct Options<'m> {
    /// Misère play: the last player to move loses.
    pub misere: bool,
    /// State budget of searches (see [`crate::DEFAULT_MAX_STATES`]).
    pub max_states: usize,
    /// The monitor searches report to and poll.
    pub monitor: &'m Monitor,
    /// Largest order of a misère quotient before its computation stops (see
    /// [`crate::heap::DEFAULT_MAX_ORDER`]).
    pub max_order: usize,
}

impl<'m> Options<'m> {
    /// Normal play with the default state budget, reporting to `monitor`.
    #[must_use]
    pub const fn new(monitor: &'m Monitor) -> Self {
        Options {
            misere: false,
            max_states: crate::budget::DEFAULT_MAX_STATES,
            monitor,
            max_order: crate::heap::DEFAULT_MAX_ORDER,
        }
    }

    /// The same options in misère play (or not).
    #[must_use]
    pub const fn misere(mut self, misere: bool) -> Self {
        self.misere = misere;
        self
    }

    /// The same options with a state budget of `max_states`.
    #[must_use]
    pub const fn max_states(mut self, max_states: usize) -> Self {
        self.max_states = max_states;
        self
    }

    /// The same options with a bound of `max_order` elements on misère
    /// quotients.
    #[must_use]
    pub const fn max_order(mut self, max_order: usize) -> Self {
        self.max_order = max_order;
        self
    }

    /// The memory budget in bytes: the monitor's
    /// ([`Monitor::max_memory`], half the RAM by default).
    #[must_use]
    pub fn max_memory(&self) -> u64 {
        self.monitor.max_memory()
    }

    /// Refuses, before allocating, `count` items of `item_bytes` bytes for
    /// `what` past the memory budget ([`crate::budget::check_memory`]). O(1).
    ///
    /// # Errors
    /// [`Error::Memory`] past the budget.
    pub fn check_memory(&self, count: u64, item_bytes: u64, what: &'static str) -> Result<()> {
        crate::budget::check_memory(count, item_bytes, what, self.max_memory()).map_err(Error::Memory)
    }
}

/// The progress callback of [`Ruleset::table`](crate::Ruleset::table): called with the number of
/// values done; returning `false` stops early.
pub type OnProgress<'p> = dyn FnMut(usize) -> bool + 'p;
